// The batch engine's throughput against the single-vehicle path in the same run.
// Run: build/bin/bench_batch            (about three minutes; figures in docs/figures.md)
//      build/bin/bench_batch --quick    (a few seconds: every case once, briefly, N ≤ 1,000)
// Cases, all on the shipped S500 at 8 kHz physics / 1 kHz periods, seeds 1…N:
//   003      rigid body + motors with bias and ±1 % jitter (the batch engine's own motor model), no sensors
//   sensors  the above + IMU, magnetometer and barometer with noise and bias walks, 1 kHz
//   ground   the above over flat ground, floating 50 m above it without gravity, motors off
//            (the bounding-sphere test only: open loop, a hovering vehicle would tumble down
//            within seconds of simulated time, and the bench flies minutes of it)
//   resting  the above, standing on the ground (every vehicle resolves contact every step)
// References, stepping N vehicles one after another on one thread:
//   single-003      stepVehicle + sanitiseState per step, jitter drawn per period (what
//                   Simulator does per step without its sensors)
//   single-sensors  Simulator::advanceImuPeriod (sensors, noise, wind)
//   single-resting  the same, standing on flat ground (the reference for `resting`)
// Each figure is the median of 5 runs with the spread (min–max); ratios are of medians.
#include "sim/batch/batch_simulator.h"
#include "sim/config/airframe_file.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Figure {
  double median = 0, low = 0, high = 0;  // vehicle-steps per second
};

double g_seconds_per_run = 0.25;

// Runs `periods(n)` n IMU periods for the vehicle-steps done; each run is sized to take about
// g_seconds_per_run from a first timed run of 10 periods.
template <class F>
Figure measure(int runs, F&& periods) {
  const auto t_calibrate = Clock::now();
  const double calibration_steps = periods(10);
  const double rate = calibration_steps / std::chrono::duration<double>(Clock::now() - t_calibrate).count();
  const long n = std::max(2L, long(g_seconds_per_run * rate / calibration_steps * 10.0));
  std::vector<double> rates;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = Clock::now();
    const double steps = periods(n);
    rates.push_back(steps / std::chrono::duration<double>(Clock::now() - t0).count());
  }
  std::sort(rates.begin(), rates.end());
  return Figure{rates[rates.size() / 2], rates.front(), rates.back()};
}

vsim::VehicleModel s500() {
  auto m = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
  if (!m) {
    std::fprintf(stderr, "bench_batch: %s\n", m.error().message.c_str());
    std::exit(1);
  }
  return *m;
}

struct Case {
  const char* name;
  bool sensors, world, resting;
};

Figure batchFigure(const vsim::VehicleModel& model, const Case& c, std::size_t n, int threads, int runs,
                   std::size_t* bytes) {
  vsim::batch::BatchConfig config;
  config.motor_jitter = 0.01;
  config.sensors = c.sensors;
  config.threads = threads;
  if (c.world) config.world = vsim::World{};
  const bool floating = c.world && !c.resting;
  config.gravity = !floating;
  auto created = vsim::batch::BatchSimulator::create(model, config, n);
  if (!created) std::exit(1);
  vsim::batch::BatchSimulator batch = std::move(created).value();
  std::vector<vsim::batch::VehicleVariation> v(n);
  for (std::size_t i = 0; i < n; ++i) {
    v[i].seed = i + 1;
    for (int r = 0; r < 4; ++r) v[i].motor_bias[std::size_t(r)] = 1.0 + 0.02 * std::sin(double(i * 4 + std::size_t(r)));
  }
  const vsim::VehicleState start =
      c.resting ? vsim::restingState(model, {0, 0, -0.1637}) : vsim::restingState(model, {0, 0, -50});
  (void)batch.reset(v, std::span(&start, 1));
  const double duty = c.resting ? 0.3 : floating ? 0.0 : vsim::hoverDuty(batch.model());
  for (std::size_t i = 0; i < n; ++i) batch.setDuties(i, std::vector<double>(4, duty));
  *bytes = batch.bytesPerVehicle();
  return measure(runs, [&](long periods) {
    for (long k = 0; k < periods; ++k) batch.advanceImuPeriod();
    return double(periods) * double(n) * 8.0;
  });
}

Figure singleFigure(const vsim::VehicleModel& model, bool sensors, std::size_t n, int runs, bool resting = false) {
  if (sensors) {
    vsim::SimulatorConfig config;
    config.motor_jitter = 0.01;
    if (resting) config.world = vsim::World{};
    std::vector<vsim::Simulator> sims;
    for (std::size_t i = 0; i < n; ++i) {
      sims.push_back(std::move(vsim::Simulator::create(model, config)).value());
      sims.back().reset(i + 1, vsim::restingState(model, {0, 0, resting ? -0.1637 : -50}));
      sims.back().setDuties(std::vector<double>(4, resting ? 0.3 : vsim::hoverDuty(model)));
    }
    return measure(runs, [&](long periods) {
      for (long k = 0; k < periods; ++k)
        for (auto& s : sims) s.advanceImuPeriod();
      return double(periods) * double(n) * 8.0;
    });
  }
  const vsim::StepConstants k = vsim::makeStepConstants(model, 1.0 / 8000);
  std::vector<vsim::VehicleState> states(n, vsim::restingState(model, {0, 0, -50}));
  std::vector<vsim::StepInputs> inputs(n);
  std::vector<std::mt19937_64> rngs;
  for (std::size_t i = 0; i < n; ++i) {
    inputs[i].duty.fill(vsim::hoverDuty(model));
    rngs.emplace_back(i + 1);
  }
  std::uniform_real_distribution<double> jitter(-1.0, 1.0);
  return measure(runs, [&](long periods) {
    for (long p = 0; p < periods; ++p)
      for (std::size_t i = 0; i < n; ++i) {
        for (int r = 0; r < 4; ++r) inputs[i].command_gain[std::size_t(r)] = 1.0 + 0.01 * jitter(rngs[i]);
        for (int s = 0; s < 8; ++s) {
          vsim::stepVehicle(model, k, inputs[i], states[i]);
          vsim::sanitiseState(model, states[i]);
        }
      }
    return double(periods) * double(n) * 8.0;
  });
}

void print(const char* what, std::size_t n, int threads, const Figure& f, const Figure* reference) {
  std::printf("%-16s %8zu %7d %12.4g %12.4g %12.4g", what, n, threads, f.median, f.low, f.high);
  if (reference) std::printf(" %9.1fx", f.median / reference->median);
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int runs = quick ? 1 : 5;
  g_seconds_per_run = quick ? 0.01 : 0.25;
  const vsim::VehicleModel model = s500();
  const int cores = std::max(1, int(std::thread::hardware_concurrency()));
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  std::printf(
      "bench_batch: SIMD target %s, %d hardware threads; vehicle-steps per second at 8 kHz, median of %d (min, "
      "max)\n\n",
      vsim::batch::BatchSimulator::simdTarget(), cores, runs);
  std::printf("%-16s %8s %7s %12s %12s %12s %10s\n", "case", "N", "threads", "median", "min", "max", "vs single");
  const std::vector<std::size_t> sizes =
      quick ? std::vector<std::size_t>{1, 10, 100, 1000} : std::vector<std::size_t>{1, 10, 100, 1000, 10'000, 100'000};
  const Case cases[] = {{"003", false, false, false},
                        {"sensors", true, false, false},
                        {"ground", true, true, false},
                        {"resting", true, true, true}};
  std::size_t bytes[4] = {};
  for (std::size_t n : sizes) {
    const Figure single003 = singleFigure(model, false, std::min<std::size_t>(n, 1000), runs);
    const Figure singleSensors = singleFigure(model, true, std::min<std::size_t>(n, 1000), runs);
    print("single-003", n, 1, single003, nullptr);
    const Figure singleResting = singleFigure(model, true, std::min<std::size_t>(n, 1000), runs, true);
    print("single-sensors", n, 1, singleSensors, nullptr);
    print("single-resting", n, 1, singleResting, nullptr);
    for (int c = 0; c < 4; ++c) {
      const Figure* reference = cases[c].resting ? &singleResting : cases[c].sensors ? &singleSensors : &single003;
      print(cases[c].name, n, 1, batchFigure(model, cases[c], n, 1, runs, &bytes[c]), reference);
      if (cores > 1) print(cases[c].name, n, cores, batchFigure(model, cases[c], n, cores, runs, &bytes[c]), reference);
    }
    std::printf("\n");
  }
  std::printf("memory per vehicle: %zu bytes (003 and sensors), %zu bytes with contact (warm starts)\n", bytes[0],
              bytes[2]);
  std::printf("the single-vehicle references step min(N, 1000) vehicles: their rate does not depend on N\n");
  return 0;
}
