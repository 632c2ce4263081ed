// Flight logs in ULog (aims: the simulator thread never blocks, an hour's log opens quickly): what recording costs the
// 1 kHz simulator thread, and how long opening an hour's log takes. Run: build/bin/bench_ulog --benchmark_repetitions=5
// [--dir DIR] [--keep]
//        (the hour's log, about 2 GB, is written once into DIR, default /tmp, and removed at exit
//        unless --keep)
//      build/bin/bench_ulog --quick      (seconds: a 2-second log, short runs; the ctest smoke)
//   BM_AdvanceImuPeriod  the simulator's own 1 kHz period (S500, 8 physics steps, every sensor),
//                        the reference the recording cost is measured against
//   BM_RecordSitlSample  one 1 kHz SITL sample into a FlightLog with its writer thread running:
//                        SimulatorLogger::write (truth, IMU, wind, motors; magnetometer, barometer
//                        and GPS when their reading changed) and vsim-fly's estimate and setpoint
//                        topics (vehicle_attitude, vehicle_local_position, estimator_sensor_bias,
//                        vehicle_attitude_setpoint, vehicle_rates_setpoint). Timed in bursts of
//                        one simulated second (1000 samples, ~0.6 MB: the 8 MiB ring holds it),
//                        the writer then given the time to empty the ring, untimed — at 1 kHz it
//                        has a whole second for it — so no message is dropped (checked).
//                        Counters: ns_per_sample (aim < 2000), ratio_to_sim_period.
//   BM_OpenHourLog       ULogFile::open of one hour at 1 kHz (the topics and rates above, the rates
//                        of the slower sensors measured from the simulator), file in the page
//                        cache. Counters: file_GB, messages, index_MB (the offsets kept), aim < 2 s.
//   BM_OpenHourLogFromDisk  the same, the file's pages first dropped from the page cache.
#include "log/flight_log.h"
#include "log/simulator_topics.h"
#include "log/ulog_reader.h"
#include "sim/config/airframe_file.h"
#include "sim/world/initial_state.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <unistd.h>

namespace {

using namespace navigator::ulog;

std::string g_dir = "/tmp";
int g_hour_seconds = 3600;
bool g_keep = false;  // --keep: leave the hour's log in DIR
int g_burst = 1000;
double g_sim_period_ns = 0;  // BM_AdvanceImuPeriod's last run, for BM_RecordSitlSample's ratio

using Clock = std::chrono::steady_clock;

const vsim::VehicleModel& s500() {
  static const vsim::VehicleModel m = [] {
    auto loaded = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
    if (!loaded) throw std::runtime_error(loaded.error().message);
    return *loaded;
  }();
  return m;
}

// The S500 at hover duty in a steady wind, every sensor with its noise.
vsim::Simulator hoveringSimulator() {
  vsim::SimulatorConfig config;
  config.wind.steady_NED_mps = {2.0, -1.0, 0.0};
  config.wind.turbulence_sigma_mps = 0.5;
  auto created = vsim::Simulator::create(s500(), config);
  if (!created) throw std::runtime_error(created.error().message);
  vsim::Simulator sim = std::move(created).value();
  sim.reset(1, vsim::initialState(s500(), config.world, {}));
  const std::vector<double> hover(std::size_t(s500().rotor_count), vsim::hoverDuty(s500()));
  sim.setDuties(hover);
  return sim;
}

// What vsim-fly logs of the firmware besides the simulator: its estimate and setpoints, here
// made from the simulator's state the way the flight core's would be copied out.
struct EstimateTopics {
  VehicleAttitude attitude;
  VehicleLocalPosition position;
  EstimatorSensorBias bias;
  VehicleAttitudeSetpoint attitude_sp;
  VehicleRatesSetpoint rates_sp;
};

EstimateTopics estimateOf(std::uint64_t t_us, const vsim::VehicleState& s) {
  EstimateTopics e{};
  e.attitude.timestamp = e.attitude.timestamp_sample = t_us;
  e.attitude.q[0] = float(s.q_WB.w());
  e.attitude.q[1] = float(s.q_WB.x());
  e.attitude.q[2] = float(s.q_WB.y());
  e.attitude.q[3] = float(s.q_WB.z());
  e.position.timestamp = e.position.timestamp_sample = t_us;
  e.position.xy_valid = e.position.z_valid = e.position.v_xy_valid = e.position.v_z_valid = true;
  e.position.x = float(s.p_W_m.x());
  e.position.y = float(s.p_W_m.y());
  e.position.z = float(s.p_W_m.z());
  e.position.vx = float(s.v_W_mps.x());
  e.position.vy = float(s.v_W_mps.y());
  e.position.vz = float(s.v_W_mps.z());
  e.bias.timestamp = t_us;
  e.attitude_sp.timestamp = t_us;
  for (int i = 0; i < 4; ++i) e.attitude_sp.q_d[i] = e.attitude.q[i];
  e.attitude_sp.thrust_body[2] = -0.55f;
  e.rates_sp.timestamp = t_us;
  e.rates_sp.roll = float(s.omega_B_radps.x());
  e.rates_sp.pitch = float(s.omega_B_radps.y());
  e.rates_sp.yaw = float(s.omega_B_radps.z());
  e.rates_sp.thrust_body[2] = -0.55f;
  return e;
}

void writeEstimate(FlightLog& log, const EstimateTopics& e) {
  log.write(e.attitude);
  log.write(e.position);
  log.write(e.bias);
  log.write(e.attitude_sp);
  log.write(e.rates_sp);
}

FlightIdentity identity() {
  FlightIdentity id;
  id.source = "bench_ulog";
  id.airframe = "s500";
  id.has_seed = true;
  id.seed = 1;
  for (int i = 0; i < 34; ++i) id.float_params.emplace_back("PARAM_" + std::to_string(i), 0.1f * float(i));
  return id;
}

bool waitEmpty(const ULogRecorder& rec) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (rec.bytesQueued() != 0) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  return true;
}

void BM_AdvanceImuPeriod(benchmark::State& state) {
  vsim::Simulator sim = hoveringSimulator();
  const auto t0 = Clock::now();
  for (auto _ : state) {
    sim.advanceImuPeriod();
    benchmark::DoNotOptimize(sim.frame());
  }
  g_sim_period_ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count() / double(state.iterations());
  state.counters["ns_per_period"] = g_sim_period_ns;
}

void BM_RecordSitlSample(benchmark::State& state) {
  // 256 consecutive periods of a hovering simulator, logged in turn: the magnetometer and
  // barometer change every period and the GPS every 100, as they do in flight, without
  // timing the simulator itself.
  std::vector<vsim::Simulator> periods;
  {
    vsim::Simulator sim = hoveringSimulator();
    for (int k = 0; k < 256; ++k) {
      sim.advanceImuPeriod();
      periods.push_back(sim);
    }
  }
  const std::string path = g_dir + "/bench_ulog_record.ulg";
  auto created = FlightLog::create(path, identity());
  if (!created) {
    state.SkipWithError(created.error().message.c_str());
    return;
  }
  FlightLog& log = *created.value();
  SimulatorLogger logger;
  std::uint64_t t_us = 0, samples = 0;
  const std::uint64_t written_before = log.recorder().bytesWritten();
  double timed_s = 0;
  for (auto _ : state) {
    const auto t0 = Clock::now();
    for (int k = 0; k < g_burst; ++k) {
      t_us += 1000;
      const vsim::Simulator& sim = periods[std::size_t(samples++ % periods.size())];
      logger.write(log, t_us, sim);
      writeEstimate(log, estimateOf(t_us, sim.state()));
    }
    const double burst_s = std::chrono::duration<double>(Clock::now() - t0).count();
    state.SetIterationTime(burst_s);
    timed_s += burst_s;
    if (!waitEmpty(log.recorder())) state.SkipWithError("the writer did not empty the ring within 60 s");
  }
  const std::uint64_t dropped = log.recorder().messagesDropped();
  const std::uint64_t bytes = log.recorder().bytesWritten() - written_before;
  (void)log.close();
  std::filesystem::remove(path);
  if (dropped != 0) state.SkipWithError(("dropped " + std::to_string(dropped) + " messages").c_str());
  const double ns_per_sample = timed_s * 1e9 / double(samples);
  state.counters["ns_per_sample"] = ns_per_sample;
  if (g_sim_period_ns > 0) state.counters["ratio_to_sim_period"] = ns_per_sample / g_sim_period_ns;
  state.counters["bytes_per_sample"] = double(bytes) / double(samples);
  state.counters["dropped"] = double(dropped);
  state.SetItemsProcessed(std::int64_t(samples));
}

// The hour's log, written once: the topics a SITL flight logs, each at the rate it has in one
// simulated second of the hovering S500 through SimulatorLogger (measured here, not assumed),
// the estimate and setpoints at 1 kHz, vehicle_status once.
const std::string& hourLog() {
  static const std::string path = [] {
    // The rates: one second of the real thing.
    const std::string probe = g_dir + "/bench_ulog_probe.ulg";
    {
      vsim::Simulator sim = hoveringSimulator();
      auto log = FlightLog::create(probe, identity());
      if (!log) throw std::runtime_error(log.error().message);
      SimulatorLogger logger;
      for (int k = 1; k <= 1000; ++k) {
        sim.advanceImuPeriod();
        logger.write(*log.value(), std::uint64_t(k) * 1000, sim);
      }
      (void)log.value()->close();
    }
    auto probed = ULogFile::open(probe);
    if (!probed) throw std::runtime_error(probed.error().message);
    auto every = [&](const char* topic) {  // in periods; 0: never
      const Subscription* s = probed->find(topic);
      return s == nullptr || s->count() == 0 ? 0 : int(std::lround(1000.0 / double(s->count())));
    };
    const int mag_every = every("vehicle_magnetometer"), baro_every = every("vehicle_air_data"),
              gps_every = every("sensor_gps");
    std::fprintf(stderr,
                 "bench_ulog: in one simulated second the S500 logs magnetometer every %d, barometer every %d, GPS "
                 "every %d periods\n",
                 mag_every, baro_every, gps_every);
    std::filesystem::remove(probe);

    const std::string file = g_dir + "/bench_ulog_hour.ulg";
    RecorderOptions options;
    options.durable_period_ms = 3'600'000;  // a fixture: no need to make it durable while writing
    options.wait_when_full = true;          // written faster than the disk takes it: nothing dropped
    auto created = FlightLog::create(file, identity(), options);
    if (!created) throw std::runtime_error(created.error().message);
    FlightLog& log = *created.value();
    const vsim::Simulator sim = hoveringSimulator();
    VehicleStatus status{};
    status.arming_state = kArmingStateArmed;
    log.write(status);
    const std::vector<double> duty(std::size_t(s500().rotor_count), 0.55);
    for (std::int64_t k = 0; k < std::int64_t(g_hour_seconds) * 1000; ++k) {
      const std::uint64_t t_us = std::uint64_t(k + 1) * 1000;
      NavigatorTruth truth = truthOf(t_us, sim.state(), s500().rotor_count);
      truth.position_ned_m[2] = -double(k) * 1e-4;  // values that change, as a flight's do
      log.write(truth);
      SensorCombined imu = imuOf(t_us, sim.frame().imu, 1000);
      imu.gyro_rad[0] = float(k % 1000) * 1e-3f;
      log.write(imu);
      log.write(windOf(t_us, sim.frame()));
      log.write(motorsOf(t_us, duty));
      if (mag_every > 0 && k % mag_every == 0) log.write(magnetometerOf(t_us, sim.frame().mag));
      if (baro_every > 0 && k % baro_every == 0) log.write(airDataOf(t_us, sim.frame().baro));
      if (gps_every > 0 && k % gps_every == 0) log.write(gpsOf(t_us, sim.frame().gps));
      writeEstimate(log, estimateOf(t_us, sim.state()));
    }
    if (auto closed = log.close(); !closed) throw std::runtime_error(closed.error().message);
    if (log.recorder().messagesDropped() != 0) throw std::runtime_error("the hour's log dropped messages");
    if (!g_keep) std::atexit([] { std::filesystem::remove(g_dir + "/bench_ulog_hour.ulg"); });
    return file;
  }();
  return path;
}

std::size_t indexBytes(const ULogFile& log) {
  std::size_t n = 0;
  for (const Subscription& s : log.subscriptions()) n += s.data_offsets.capacity() * sizeof(std::uint64_t) + sizeof s;
  for (const LoggedString& s : log.strings()) n += sizeof s + s.text.capacity();
  for (const KeyValue& kv : log.parameters()) n += sizeof kv + kv.raw.capacity() + kv.name.capacity();
  return n;
}

void BM_OpenHourLog(benchmark::State& state) {
  const std::string& path = hourLog();
  std::size_t messages = 0, index = 0, size = 0;
  for (auto _ : state) {
    auto log = ULogFile::open(path);
    if (!log || !log->problems().empty()) {
      state.SkipWithError(log ? log->problems()[0].what.c_str() : log.error().message.c_str());
      return;
    }
    messages = 0;
    for (const Subscription& s : log->subscriptions()) messages += s.count();
    index = indexBytes(*log);
    size = log->sizeBytes();
    benchmark::DoNotOptimize(log);
  }
  state.counters["file_GB"] = double(size) / 1e9;
  state.counters["messages"] = double(messages);
  state.counters["index_MB"] = double(index) / 1e6;
  state.counters["simulated_s"] = double(g_hour_seconds);
}

// The same with the file's pages first dropped from the page cache (posix_fadvise DONTNEED on
// this file only, untimed): the open reads the file from the disk, as for a log not opened since
// the machine started.
void BM_OpenHourLogFromDisk(benchmark::State& state) {
  const std::string& path = hourLog();
  for (auto _ : state) {
    state.PauseTiming();
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0 || ::fdatasync(fd) != 0 || ::posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) != 0) {
      state.SkipWithError("cannot drop the file from the page cache");
      return;
    }
    ::close(fd);
    state.ResumeTiming();
    auto log = ULogFile::open(path);
    if (!log || !log->problems().empty()) {
      state.SkipWithError("the hour's log did not read cleanly");
      return;
    }
    benchmark::DoNotOptimize(log);
  }
}

}  // namespace

BENCHMARK(BM_AdvanceImuPeriod);
BENCHMARK(BM_RecordSitlSample)->Unit(benchmark::kMillisecond)->UseManualTime();
BENCHMARK(BM_OpenHourLog)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_OpenHourLogFromDisk)->Unit(benchmark::kMillisecond)->Iterations(1);

int main(int argc, char** argv) {
  std::vector<char*> args = {argv[0]};
  static char quick_time[] = "--benchmark_min_time=0.01";
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      g_hour_seconds = 2;
      g_burst = 100;
      args.push_back(quick_time);
    } else if (std::strcmp(argv[i], "--keep") == 0) {
      g_keep = true;
    } else if (std::strcmp(argv[i], "--dir") == 0 && i + 1 < argc) {
      g_dir = argv[++i];
    } else {
      args.push_back(argv[i]);
    }
  }
  int n = int(args.size());
  benchmark::Initialize(&n, args.data());
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 2;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
