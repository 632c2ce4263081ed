// vsim-run: flies one vehicle open loop (no firmware, no ground) and writes what happened as
// CSV: true state, motor speeds, every sensor and the wind. Columns: README, "vsim-run".
#include "log/simulator_topics.h"
#include "sim/config/airframe_file.h"
#include "sim/base/frames.h"
#include "sim/world/initial_state.h"
#include "sim/simulator.h"
#include "cli/cli.h"
#include "cli/cli_util.h"
#include "sim/config/world_file.h"
#include "sim/tools/duty_schedule.h"
#include "sim/tools/state_columns.h"

#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct Options {
  std::string airframe, out, duty_file, ulog;
  double duration_s = -1;
  long long seed = -1;
  std::vector<double> duty;
  vsim::SimulatorConfig config;
  Eigen::Vector3d init_rate = Eigen::Vector3d::Zero();
  std::optional<Eigen::Vector3d> init_pos, init_att_deg;
  Eigen::Vector3d init_vel = Eigen::Vector3d::Zero();
  std::string world = "ground";
  int every = 1;
};

int fail(const std::string& message) {
  std::fprintf(stderr, "vsim-run: %s\n", message.c_str());
  return 1;
}

Eigen::Vector3d vector3(const std::array<double, 3>& v) { return {v[0], v[1], v[2]}; }

std::optional<int> parseArgs(int argc, char** argv, Options& o) {
  CLI::App app(
      "Flies the airframe open loop for S seconds and writes one CSV row every K IMU frames\n"
      "(1 kHz). It starts at rest in its launch attitude, standing on the ground below the origin\n"
      "(or at the origin when there is no ground).",
      "vsim-run");
  namespace cli = navigator::cli;
  app.add_option("--airframe", o.airframe, "a file, or the name of a shipped airframe (generic_quad, s500, lander_004)")
      ->type_name("NAME|FILE")
      ->required();
  cli::addNumber(
      app, "--duration", o.duration_s, [](double d) { return d > 0; }, "a positive number of seconds",
      "how long to fly [s]")
      ->type_name("S")
      ->required();
  cli::addWhole(app, "--seed", o.seed, 0, 9'000'000'000'000'000LL, "a whole number ≥ 0", "the master seed")
      ->type_name("N")
      ->required();
  app.add_option("--out", o.out, "the CSV file to write")->type_name("FILE.csv")->required();
  app.add_option("--ulog", o.ulog,
                 "also write every IMU frame as a ULog flight log (truth, sensors, wind, duties; PX4's topic names)")
      ->type_name("FILE.ulg");
  auto* duty = cli::addList(app, "--duty", o.duty, "a comma-separated list of numbers",
                            "motor duties in [0, 1], one per rotor, held for the whole run (default: off)")
                   ->type_name("d1,d2,...");
  auto* duty_file = app.add_option("--duty-file", o.duty_file,
                                   "CSV lines 't_s,d1,d2,...': each row's duties hold from t_s to the next row")
                        ->type_name("F");
  std::array<double, 3> wind{}, rate{}, pos{}, vel{}, att{};
  auto* wind_opt =
      cli::addTriple(app, "--wind", wind, "three numbers N,E,D", "steady wind, NED [m/s] (the velocity of the air)")
          ->type_name("N,E,D");
  cli::addNumber(
      app, "--turbulence", o.config.wind.turbulence_sigma_mps, [](double d) { return d >= 0; }, "a number ≥ 0",
      "Dryden turbulence RMS per axis [m/s]")
      ->type_name("SIGMA");
  auto* rate_opt =
      cli::addTriple(app, "--init-rate", rate, "three numbers P,Q,R", "initial body rates [rad/s]")->type_name("P,Q,R");
  auto* pos_opt = cli::addTriple(app, "--init-pos", pos, "three numbers", "initial centre-of-mass position, NED [m]")
                      ->type_name("N,E,D");
  auto* vel_opt =
      cli::addTriple(app, "--init-vel", vel, "three numbers", "initial velocity, NED [m/s]")->type_name("N,E,D");
  auto* att_opt = cli::addTriple(app, "--init-att", att, "three numbers",
                                 "initial attitude: roll, pitch, yaw [deg], z-y-x (default: the launch attitude)")
                      ->type_name("R,P,Y");
  bool no_gravity = false;
  app.add_flag("--no-gravity", no_gravity, "fly without gravity");
  long long rate_hz = o.config.physics_rate_hz, every = o.every;
  cli::addWhole(app, "--rate-hz", rate_hz, 1, 100'000'000, "a whole number of Hz",
                "physics rate, a multiple of 1000 (default 8000)")
      ->type_name("HZ");
  cli::addWhole(app, "--every", every, 1, 1'000'000'000, "a whole number ≥ 1", "a row every K IMU frames (default 1)")
      ->type_name("K");
  cli::addNumber(
      app, "--jitter", o.config.motor_jitter, [](double d) { return d >= 0 && d < 0.5; }, "a fraction in [0, 0.5)",
      "±fraction of motor command noise (0.01 is ±1 %; default 0)")
      ->type_name("FRACTION");
  app.add_option("--world", o.world,
                 "a world file (resources/worlds/README.md); default flat ground at z = 0; 'none' for empty space")
      ->type_name("FILE|none");
  if (const auto code = cli::parse(app, argc, argv)) return code;
  if (duty->count() > 0 && duty_file->count() > 0) return cli::usageError(app, "give --duty or --duty-file, not both");
  o.config.gravity = !no_gravity;
  o.config.physics_rate_hz = int(rate_hz);
  o.every = int(every);
  if (wind_opt->count() > 0) o.config.wind.steady_NED_mps = vector3(wind);
  if (rate_opt->count() > 0) o.init_rate = vector3(rate);
  if (pos_opt->count() > 0) o.init_pos = vector3(pos);
  if (vel_opt->count() > 0) o.init_vel = vector3(vel);
  if (att_opt->count() > 0) o.init_att_deg = vector3(att);
  return std::nullopt;
}

void writeHeader(std::FILE* f, int rotors) {
  vsim::tools::writeStateHeader(f, rotors);
  std::fputs(
      ",acc_x_mps2,acc_y_mps2,acc_z_mps2,gyro_x_radps,gyro_y_radps,gyro_z_radps,gyro_saturated,"
      "mag_x_gauss,mag_y_gauss,mag_z_gauss,baro_pa,baro_alt_m,baro_temp_degc,"
      "gps_time_s,gps_lat_deg,gps_lon_deg,gps_alt_m,gps_vel_n_mps,gps_vel_e_mps,gps_vel_d_mps,"
      "wind_n_mps,wind_e_mps,wind_d_mps,airspeed_mps\n",
      f);
}

void writeRow(std::FILE* f, const vsim::Simulator& sim) {
  const vsim::VehicleState& s = sim.state();
  const vsim::SensorFrame& fr = sim.frame();
  vsim::tools::writeStateColumns(f, double(sim.timeNs()) * 1e-9, s, sim.model().rotor_count);
  auto put = [&](double v) { std::fprintf(f, ",%.9g", v); };
  auto put3 = [&](const Eigen::Vector3d& v) {
    put(v.x());
    put(v.y());
    put(v.z());
  };
  put3(fr.imu.accel_S_mps2);
  put3(fr.imu.gyro_S_radps);
  std::fprintf(f, ",%d", fr.imu.gyro_saturated ? 1 : 0);
  put3(fr.mag.field_S_gauss);
  put(fr.baro.pressure_pa);
  put(fr.baro.altitude_m);
  put(fr.baro.temperature_degc);
  put(fr.gps.time_us < 0 ? -1.0 : double(fr.gps.time_us) * 1e-6);
  put(fr.gps.latitude_deg);
  put(fr.gps.longitude_deg);
  put(fr.gps.altitude_m);
  put3(fr.gps.v_NED_mps);
  put3(fr.wind_NED_mps);
  put(fr.airspeed_mps);
  std::fputc('\n', f);
}

// The duties over the run: the --duty-file's rows, or --duty (default: off) held throughout;
// an exit code when they cannot be read or do not fit the airframe.
std::optional<int> dutySchedule(const Options& o, const vsim::VehicleModel& model,
                                std::vector<vsim::tools::DutyRow>& schedule) {
  const int rotors = model.rotor_count;
  if (!o.duty_file.empty()) {
    auto rows = vsim::tools::readDutyFile(o.duty_file, rotors);
    if (!rows) return fail(rows.error().message);
    schedule = std::move(rows).value();
  } else {
    if (!o.duty.empty() && int(o.duty.size()) != rotors)
      return navigator::cli::usageError("vsim-run", "--duty needs " + std::to_string(rotors) + " values for " +
                                                        model.name + ", got " + std::to_string(o.duty.size()));
    schedule.push_back({0.0, o.duty.empty() ? std::vector<double>(std::size_t(rotors), 0.0) : o.duty});
  }
  if (const auto in_range = vsim::tools::checkDutyRange(schedule); !in_range) return fail(in_range.error().message);
  return std::nullopt;
}

// --ulog FILE: the flight log every frame goes to (nullptr without --ulog).
vsim::Result<std::unique_ptr<navigator::ulog::FlightLog>> openLog(const Options& o, const vsim::VehicleModel& model) {
  if (o.ulog.empty()) return std::unique_ptr<navigator::ulog::FlightLog>();
  navigator::ulog::FlightIdentity identity;
  identity.source = "vsim-run";
  identity.airframe = model.name;
  identity.seed = std::uint64_t(o.seed);
  identity.has_seed = true;
  identity.start_utc = navigator::ulog::utcNowIso8601();
  navigator::ulog::RecorderOptions options;
  options.wait_when_full = true;  // faster than the clock: keep every message
  return navigator::ulog::FlightLog::create(o.ulog, identity, options);
}

// Closes the flight log; says if messages were dropped. False: it failed, said on stderr.
bool closeLog(navigator::ulog::FlightLog& log, const std::string& path) {
  if (auto closed = log.close(); !closed) {
    fail(closed.error().message);
    return false;
  }
  if (const auto dropped = log.recorder().messagesDropped(); dropped > 0)
    std::fprintf(stderr, "vsim-run: %s: %llu log messages dropped (the disk was too slow)\n", path.c_str(),
                 (unsigned long long)dropped);
  return true;
}

// The tool itself; main() turns what it throws into an error message.
int toolMain(int argc, char** argv) {
  Options o;
  if (const auto code = parseArgs(argc, argv, o)) return *code;
  auto model = vsim::loadAirframe(navigator::cli::airframePath(o.airframe, argv[0]));
  if (!model) return fail(model.error().message);
  auto world = vsim::worldFromArgument(navigator::cli::worldPath(o.world, argv[0]));
  if (!world) return fail(world.error().message);
  o.config.world = std::move(world).value();
  auto created = vsim::Simulator::create(*model, o.config);
  if (!created) return fail(created.error().message);
  vsim::Simulator sim = std::move(created).value();
  const int rotors = model->rotor_count;

  std::vector<vsim::tools::DutyRow> schedule;
  if (const auto code = dutySchedule(o, *model, schedule)) return *code;

  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(o.out.c_str(), "w"), &std::fclose);
  if (!out) return fail(o.out + ": cannot open for writing");

  vsim::InitialPose pose;
  pose.p_W_m = o.init_pos;
  pose.attitude_rpy_deg = o.init_att_deg;
  pose.v_W_mps = o.init_vel;
  pose.omega_B_radps = o.init_rate;
  const vsim::VehicleState start = vsim::initialState(*model, o.config.world, pose);
  sim.reset(std::uint64_t(o.seed), start);
  auto opened = openLog(o, *model);
  if (!opened) return fail(opened.error().message);
  std::unique_ptr<navigator::ulog::FlightLog> log = std::move(opened).value();
  navigator::ulog::SimulatorLogger logger;
  auto logFrame = [&] {
    if (log) logger.write(*log, std::uint64_t(sim.frame().time_us), sim);
  };
  writeHeader(out.get(), rotors);
  writeRow(out.get(), sim);
  logFrame();
  const long long periods = std::llround(o.duration_s * 1e9 / double(sim.imuPeriodNs()));
  std::size_t next = 0;
  for (long long k = 1; k <= periods; ++k) {
    const double t_s = double(sim.timeNs()) * 1e-9;
    while (next < schedule.size() && schedule[next].t_s <= t_s + 1e-12) sim.setDuties(schedule[next++].duty);
    sim.advanceImuPeriod();
    logFrame();
    if (k % o.every == 0) writeRow(out.get(), sim);
  }
  if (log && !closeLog(*log, o.ulog)) return 1;
  if (std::ferror(out.get())) return fail(o.out + ": write failed");
  const vsim::SimulatorCounters& c = sim.counters();
  std::fprintf(stderr,
               "vsim-run: %s, %.3f s, seed %lld: %lld frames written; %lld refused duties, %lld sanitiser resets, "
               "%lld saturated gyro frames, %lld physics steps in contact\n",
               model->name.c_str(), double(sim.timeNs()) * 1e-9, o.seed, periods / o.every + 1,
               (long long)c.rejected_duties, (long long)c.sanitiser_resets, (long long)c.gyro_saturations,
               (long long)c.contact_steps);
  return 0;
}

}  // namespace

// An exception (out of memory, a library's own error) is a failure like the others: said as
// "vsim-run: what" on stderr with status 1, not an abort.
int main(int argc, char** argv) {
  try {
    return toolMain(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "vsim-run: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "vsim-run: an unexpected error (not a std::exception)\n");
  }
  return 1;
}
