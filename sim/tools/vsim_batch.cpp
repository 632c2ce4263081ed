// vsim-batch: flies N vehicles of one airframe open loop on the batch engine (sim/batch), each
// with its own variation of mass, inertia and motors, and reports how fast they flew and where
// each ended: a summary on stdout (or JSON), and the final states as CSV with vsim-run's state
// columns. Vehicle 0 is always the nominal airframe, so that it ends where vsim-run ends.
#include "sim/batch/batch_simulator.h"
#include "sim/base/frames.h"
#include "sim/config/airframe_file.h"
#include "sim/config/world_file.h"
#include "sim/tools/duty_schedule.h"
#include "sim/tools/state_columns.h"
#include "sim/world/initial_state.h"
#include "cli/cli.h"
#include "cli/cli_util.h"

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <memory>
#include <new>
#include <optional>
#include <random>

#include "sim/base/uniform_bits.h"
#include <span>
#include <string>
#include <vector>

namespace {

using vsim::batch::BatchSimulator;
using vsim::batch::VehicleVariation;

// --spread: the fraction each factor may stray from 1 (uniform in ±fraction), and whether the
// vehicles' noise seeds differ.
struct Spread {
  double mass = 0, inertia = 0, bias = 0, lag = 0;
  bool seed = false;
};

struct Options {
  std::string airframe, out, duty_file;
  std::string world = "ground";
  long long count = 0, seed = 0, threads = 0;
  double duration_s = -1;
  std::vector<double> duty;
  vsim::batch::BatchConfig config;
  Eigen::Vector3d wind = Eigen::Vector3d::Zero();
  double turbulence_sigma_mps = 0;
  Spread spread;
  Eigen::Vector3d init_rate = Eigen::Vector3d::Zero();
  std::optional<Eigen::Vector3d> init_pos, init_att_deg;
  Eigen::Vector3d init_vel = Eigen::Vector3d::Zero();
  bool json = false;
};

int fail(const std::string& message) {
  std::fprintf(stderr, "vsim-batch: %s\n", message.c_str());
  return 1;
}

Eigen::Vector3d vector3(const std::array<double, 3>& v) { return {v[0], v[1], v[2]}; }

// "on" or "off", else a usage error naming the option.
CLI::Option* addOnOff(CLI::App& app, const std::string& name, bool& target, const std::string& help) {
  return app
      .add_option_function<std::string>(
          name,
          [&target, name](const std::string& v) {
            if (v != "on" && v != "off") throw navigator::cli::UsageError(name + " must be on or off, got '" + v + "'");
            target = v == "on";
          },
          help)
      ->type_name("on|off");
}

// "mass=0.1,inertia=0.2,bias=0.05,lag=0.5,seed", any of them, in any order.
Spread parseSpread(const std::string& text) {
  using navigator::cli::UsageError;
  Spread s;
  std::vector<std::string> seen;
  for (const std::string& item : navigator::cli::splitCommas(text)) {
    const std::size_t eq = item.find('=');
    const std::string key = item.substr(0, eq);
    double* fraction = key == "mass"      ? &s.mass
                       : key == "inertia" ? &s.inertia
                       : key == "bias"    ? &s.bias
                       : key == "lag"     ? &s.lag
                                          : nullptr;
    if (fraction == nullptr && key != "seed")
      throw UsageError("--spread: unknown key '" + key + "' (expected mass, inertia, bias, lag or seed)");
    for (const std::string& k : seen)
      if (k == key) throw UsageError("--spread: " + key + " given twice");
    seen.push_back(key);
    if (key == "seed") {
      if (eq != std::string::npos) throw UsageError("--spread: seed takes no value, got '" + item + "'");
      s.seed = true;
    } else {
      if (eq == std::string::npos) throw UsageError("--spread: " + key + " needs a fraction, as " + key + "=0.1");
      const auto value = navigator::cli::parseNumber(item.substr(eq + 1));
      if (!value || *value < 0.0 || *value >= 1.0)
        throw UsageError("--spread: " + key + " must be a fraction in [0, 1), got '" + item.substr(eq + 1) + "'");
      *fraction = *value;
    }
  }
  return s;
}

// The options given as triples or flags, read into Options once the parse is done.
struct ParsedValues {
  std::array<double, 3> wind{}, rate{}, pos{}, vel{}, att{};
  CLI::Option *wind_opt = nullptr, *rate_opt = nullptr, *pos_opt = nullptr, *vel_opt = nullptr, *att_opt = nullptr;
  bool no_gravity = false;
};

// Where and how each vehicle starts: position, attitude, body rates, velocity.
void addInitialStateOptions(CLI::App& app, ParsedValues& v) {
  namespace cli = navigator::cli;
  v.pos_opt = cli::addTriple(app, "--init-pos", v.pos, "three numbers", "initial centre-of-mass position, NED [m]")
                  ->type_name("N,E,D");
  v.att_opt = cli::addTriple(app, "--init-att", v.att, "three numbers",
                             "initial attitude: roll, pitch, yaw [deg], z-y-x (default: the launch attitude)")
                  ->type_name("R,P,Y");
  v.rate_opt = cli::addTriple(app, "--init-rate", v.rate, "three numbers P,Q,R", "initial body rates [rad/s]")
                   ->type_name("P,Q,R");
  v.vel_opt =
      cli::addTriple(app, "--init-vel", v.vel, "three numbers", "initial velocity, NED [m/s]")->type_name("N,E,D");
}

// The physics and the air: gravity, the sensors and their noise, motor jitter, wind, turbulence.
void addPhysicsOptions(CLI::App& app, Options& o, ParsedValues& v) {
  namespace cli = navigator::cli;
  app.add_flag("--no-gravity", v.no_gravity, "fly without gravity");
  addOnOff(app, "--noise", o.config.sensor_noise, "the sensors' white noise and bias walks (default on)");
  addOnOff(app, "--sensors", o.config.sensors, "sample IMU, magnetometer and barometer every period (default on)");
  cli::addNumber(
      app, "--jitter", o.config.motor_jitter, [](double d) { return d >= 0 && d < 0.5; }, "a fraction in [0, 0.5)",
      "±fraction of motor command noise (0.01 is ±1 %; default 0)")
      ->type_name("FRACTION");
  v.wind_opt =
      cli::addTriple(app, "--wind", v.wind, "three numbers N,E,D", "steady wind, NED [m/s] (the velocity of the air)")
          ->type_name("N,E,D");
  cli::addNumber(
      app, "--turbulence", o.turbulence_sigma_mps, [](double d) { return d >= 0; }, "a number ≥ 0",
      "Dryden turbulence RMS per axis [m/s]")
      ->type_name("SIGMA");
}

// Parses the command line into `o`; an exit code when the run ends here (help, an error).
std::optional<int> parseArgs(int argc, char** argv, Options& o) {
  CLI::App app(
      "Flies N vehicles of one airframe open loop for S seconds on the batch engine and reports the\n"
      "speed of the run and where each vehicle ended. Every vehicle starts as vsim-run starts: at\n"
      "rest in its launch attitude, standing on the ground below the origin (or at the origin when\n"
      "there is no ground). Without --duty or --duty-file every rotor runs at the airframe's hover\n"
      "duty (its nominal mass's feed-forward, held for the whole run).\n"
      "--spread varies vehicles 1..N-1 (vehicle 0 is always the nominal airframe, as vsim-run flies\n"
      "it): vehicle i draws u uniform in [-1, 1) from std::mt19937_64 seeded with seed + i, in the\n"
      "order mass, inertia, lag, then one per rotor for bias, whichever keys are given; its mass is\n"
      "× (1 + mass·u), its inertia tensor × (1 + inertia·u) (all axes alike), each rotor's thrust\n"
      "bias × (1 + bias·u), its motor time constants × (1 + lag·u). With the word 'seed' in\n"
      "--spread vehicle i's noise seed is seed + i; without it every vehicle has the master seed,\n"
      "so vehicles that differ in nothing else fly alike, noise and turbulence included.\n"
      "Reports on stdout (--json: as JSON); --out writes each vehicle's final state in vsim-run's\n"
      "state columns.",
      "vsim-batch");
  namespace cli = navigator::cli;
  app.add_option("--airframe", o.airframe, "a file, or the name of a shipped airframe (generic_quad, s500, lander_004)")
      ->type_name("NAME|FILE")
      ->required();
  cli::addWhole(app, "--count", o.count, 1, 100'000'000, "a whole number ≥ 1", "how many vehicles to fly")
      ->type_name("N")
      ->required();
  cli::addNumber(
      app, "--duration", o.duration_s, [](double d) { return d > 0; }, "a positive number of seconds",
      "how long to fly [s]")
      ->type_name("S")
      ->required();
  auto* duty = cli::addList(app, "--duty", o.duty, "a comma-separated list of numbers",
                            "motor duties in [0, 1], one per rotor, held for the whole run (default: the hover duty)")
                   ->type_name("d1,d2,...");
  auto* duty_file = app.add_option("--duty-file", o.duty_file,
                                   "CSV lines 't_s,d1,d2,...': each row's duties hold from t_s to the next row")
                        ->type_name("F");
  cli::addWhole(app, "--seed", o.seed, 0, 9'000'000'000'000'000LL, "a whole number ≥ 0", "the master seed (default 0)")
      ->type_name("N");
  app.add_option("--world", o.world,
                 "a world file (resources/worlds/README.md); default flat ground at z = 0; 'none' for empty space")
      ->type_name("FILE|none");
  ParsedValues v;
  addInitialStateOptions(app, v);
  addPhysicsOptions(app, o, v);
  app.add_option_function<std::string>(
         "--spread", [&o](const std::string& value) { o.spread = parseSpread(value); },
         "how far vehicles 1..N-1 stray from the airframe (above); default none")
      ->type_name("mass=F,inertia=F,bias=F,lag=F,seed");
  cli::addWhole(app, "--threads", o.threads, 0, 4096, "a whole number ≥ 0",
                "worker threads, 0 for every core this process may run on (its CPU affinity; default 0)")
      ->type_name("K");
  app.add_option("--out", o.out, "a CSV file for the final states, one row per vehicle")->type_name("FILE.csv");
  app.add_flag("--json", o.json, "print the report as one JSON object");
  if (const auto code = cli::parse(app, argc, argv)) return code;
  if (duty->count() > 0 && duty_file->count() > 0) return cli::usageError(app, "give --duty or --duty-file, not both");
  o.config.gravity = !v.no_gravity;
  o.config.threads = int(o.threads);
  if (v.wind_opt->count() > 0) o.wind = vector3(v.wind);
  if (v.rate_opt->count() > 0) o.init_rate = vector3(v.rate);
  if (v.pos_opt->count() > 0) o.init_pos = vector3(v.pos);
  if (v.vel_opt->count() > 0) o.init_vel = vector3(v.vel);
  if (v.att_opt->count() > 0) o.init_att_deg = vector3(v.att);
  return std::nullopt;
}

// u uniform in [-1, 1), the same on every standard library (sim/base/uniform_bits.h).
double uniformPlusMinus(std::mt19937_64& g) { return 2.0 * vsim::unitUniform(g) - 1.0; }

std::vector<VehicleVariation> variations(const Options& o, int rotors) {
  std::vector<VehicleVariation> v(std::size_t(o.count));
  const std::uint64_t seed = std::uint64_t(o.seed);
  for (std::size_t i = 0; i < v.size(); ++i) {
    VehicleVariation& x = v[i];
    x.seed = o.spread.seed ? seed + i : seed;
    x.steady_wind_NED_mps = o.wind;
    x.turbulence_sigma_mps = o.turbulence_sigma_mps;
    if (i == 0) continue;  // the nominal vehicle
    std::mt19937_64 g(seed + i);
    x.mass_scale = 1.0 + o.spread.mass * uniformPlusMinus(g);
    x.inertia_scale.setConstant(1.0 + o.spread.inertia * uniformPlusMinus(g));  // uniform: still a body's tensor
    x.motor_lag_scale = 1.0 + o.spread.lag * uniformPlusMinus(g);
    for (int r = 0; r < rotors; ++r) x.motor_bias[std::size_t(r)] = 1.0 + o.spread.bias * uniformPlusMinus(g);
  }
  return v;
}

// The run's figures, for either report.
struct Figures {
  long long periods = 0;
  int substeps = 0;
  double wall_s = 0;
  double vehicleSteps() const { return double(periods) * substeps; }
};

double perSecond(double amount, double seconds) { return seconds > 0 ? amount / seconds : INFINITY; }

constexpr double kDeg = 180.0 / M_PI;

// vsim-run's state columns, in its number format.
void writeCsv(std::FILE* f, const BatchSimulator& batch, const std::vector<VehicleVariation>& v) {
  const int rotors = batch.model().rotor_count;
  std::fputs("vehicle,seed,", f);
  vsim::tools::writeStateHeader(f, rotors);
  std::fputs(",rejected_duties,sanitiser_resets,gyro_saturations,contact_steps\n", f);
  for (std::size_t n = 0; n < batch.count(); ++n) {
    std::fprintf(f, "%zu,%llu,", n, (unsigned long long)v[n].seed);
    vsim::tools::writeStateColumns(f, double(batch.timeNs(n)) * 1e-9, batch.state(n), rotors);
    const vsim::SimulatorCounters c = batch.counters(n);
    std::fprintf(f, ",%lld,%lld,%lld,%lld\n", (long long)c.rejected_duties, (long long)c.sanitiser_resets,
                 (long long)c.gyro_saturations, (long long)c.contact_steps);
  }
}

vsim::SimulatorCounters totals(const BatchSimulator& batch) {
  vsim::SimulatorCounters t;
  for (std::size_t n = 0; n < batch.count(); ++n) {
    const vsim::SimulatorCounters c = batch.counters(n);
    t.rejected_duties += c.rejected_duties;
    t.sanitiser_resets += c.sanitiser_resets;
    t.gyro_saturations += c.gyro_saturations;
    t.contact_steps += c.contact_steps;
  }
  return t;
}

using Json = nlohmann::ordered_json;

Json counterJson(const vsim::SimulatorCounters& c) {
  Json j;
  j["rejected_duties"] = c.rejected_duties;
  j["sanitiser_resets"] = c.sanitiser_resets;
  j["gyro_saturations"] = c.gyro_saturations;
  j["contact_steps"] = c.contact_steps;
  return j;
}

void printJson(const Options& o, const BatchSimulator& batch, const std::vector<VehicleVariation>& v,
               const Figures& fig) {
  using navigator::cli::number;
  const double n = double(batch.count());
  Json j;
  j["airframe"] = batch.model().name;
  j["count"] = batch.count();
  j["duration_s"] = number(double(fig.periods) * double(batch.imuPeriodNs()) * 1e-9);
  j["periods"] = fig.periods;
  j["physics_substeps"] = fig.substeps;
  j["seed"] = o.seed;
  j["simd_target"] = BatchSimulator::simdTarget();
  j["threads"] = batch.threads();
  j["bytes_per_vehicle"] = batch.bytesPerVehicle();
  j["wall_time_s"] = number(fig.wall_s);
  j["vehicle_steps_per_s"] = number(perSecond(n * fig.vehicleSteps(), fig.wall_s));
  j["vehicle_periods_per_s"] = number(perSecond(n * double(fig.periods), fig.wall_s));
  j["totals"] = counterJson(totals(batch));
  Json vehicles = Json::array();
  for (std::size_t i = 0; i < batch.count(); ++i) {
    const vsim::VehicleState s = batch.state(i);
    const vsim::frames::EulerAngles e = vsim::frames::eulerFromQuaternion(s.q_WB);
    Json x;
    x["vehicle"] = i;
    x["seed"] = v[i].seed;
    x["position_NED_m"] = Json::array({number(s.p_W_m.x()), number(s.p_W_m.y()), number(s.p_W_m.z())});
    x["speed_mps"] = number(s.v_W_mps.norm());
    x["roll_deg"] = number(e.roll_rad * kDeg);
    x["pitch_deg"] = number(e.pitch_rad * kDeg);
    x["yaw_deg"] = number(e.yaw_rad * kDeg);
    x.update(counterJson(batch.counters(i)));
    vehicles.push_back(std::move(x));
  }
  j["vehicles"] = std::move(vehicles);
  // Invalid UTF-8 in the airframe's name is replaced rather than thrown on.
  std::printf("%s\n", j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
}

void printHuman(const BatchSimulator& batch, const std::vector<VehicleVariation>& v, const Figures& fig) {
  const std::size_t n = batch.count();
  const double period_ms = double(batch.imuPeriodNs()) * 1e-6;
  std::printf("vsim-batch: %s, %zu vehicles, %.3f s (%lld periods of %g ms, %d physics steps each)\n",
              batch.model().name.c_str(), n, double(fig.periods) * period_ms * 1e-3, fig.periods, period_ms,
              fig.substeps);
  std::printf("  SIMD target          %s\n", BatchSimulator::simdTarget());
  std::printf("  threads              %d\n", batch.threads());
  const double all_bytes = double(batch.bytesPerVehicle()) * double(n);
  std::printf("  memory               %zu bytes per vehicle (%.1f %s in all)\n", batch.bytesPerVehicle(),
              all_bytes < 1e6 ? all_bytes / 1e3 : all_bytes / 1e6, all_bytes < 1e6 ? "kB" : "MB");
  std::printf("  wall time            %.3f s (the stepping loop)\n", fig.wall_s);
  std::printf("  vehicle-steps/s      %.4g\n", perSecond(double(n) * fig.vehicleSteps(), fig.wall_s));
  std::printf("  vehicle-periods/s    %.4g\n\n", perSecond(double(n) * double(fig.periods), fig.wall_s));
  std::printf("%8s %20s %10s %10s %10s %9s %8s %8s %8s %8s %8s %8s %8s\n", "vehicle", "seed", "pos_n_m", "pos_e_m",
              "pos_d_m", "speed_mps", "roll_deg", "pitch_deg", "yaw_deg", "refused", "resets", "gyro_sat", "contact");
  auto row = [&](std::size_t i) {
    const vsim::VehicleState s = batch.state(i);
    const vsim::frames::EulerAngles e = vsim::frames::eulerFromQuaternion(s.q_WB);
    const vsim::SimulatorCounters c = batch.counters(i);
    std::printf("%8zu %20llu %10.3f %10.3f %10.3f %9.3f %8.2f %8.2f %8.2f %8lld %8lld %8lld %8lld\n", i,
                (unsigned long long)v[i].seed, s.p_W_m.x(), s.p_W_m.y(), s.p_W_m.z(), s.v_W_mps.norm(),
                e.roll_rad * kDeg, e.pitch_rad * kDeg, e.yaw_rad * kDeg, (long long)c.rejected_duties,
                (long long)c.sanitiser_resets, (long long)c.gyro_saturations, (long long)c.contact_steps);
  };
  if (n <= 20) {
    for (std::size_t i = 0; i < n; ++i) row(i);
  } else {
    for (std::size_t i = 0; i < 10; ++i) row(i);
    std::printf("       … (%zu vehicles not shown)\n", n - 15);
    for (std::size_t i = n - 5; i < n; ++i) row(i);
  }
  const vsim::SimulatorCounters t = totals(batch);
  std::printf(
      "\ntotals over %zu vehicles: %lld refused duties, %lld sanitiser resets, %lld saturated gyro frames, "
      "%lld physics steps in contact\n",
      n, (long long)t.rejected_duties, (long long)t.sanitiser_resets, (long long)t.gyro_saturations,
      (long long)t.contact_steps);
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
  const int rotors = model->rotor_count;

  std::vector<vsim::tools::DutyRow> schedule;
  if (!o.duty_file.empty()) {
    auto rows = vsim::tools::readDutyFile(o.duty_file, rotors);
    if (!rows) return fail(rows.error().message);
    schedule = std::move(rows).value();
  } else if (!o.duty.empty()) {
    if (int(o.duty.size()) != rotors)
      return navigator::cli::usageError("vsim-batch", "--duty needs " + std::to_string(rotors) + " values for " +
                                                          model->name + ", got " + std::to_string(o.duty.size()));
    schedule.push_back({0.0, o.duty});
  } else {
    const double hover = vsim::hoverDuty(*model);
    if (!(hover <= 1.0))
      return fail(model->name + " cannot hover (hover duty " + std::to_string(hover) +
                  " > 1): give --duty or --duty-file");
    schedule.push_back({0.0, std::vector<double>(std::size_t(rotors), hover)});
  }
  if (const auto in_range = vsim::tools::checkDutyRange(schedule); !in_range) return fail(in_range.error().message);

  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(nullptr, &std::fclose);
  if (!o.out.empty()) {
    out.reset(std::fopen(o.out.c_str(), "w"));
    if (!out) return fail(o.out + ": cannot open for writing");
  }

  vsim::InitialPose pose;
  pose.p_W_m = o.init_pos;
  pose.attitude_rpy_deg = o.init_att_deg;
  pose.v_W_mps = o.init_vel;
  pose.omega_B_radps = o.init_rate;
  const vsim::VehicleState start = vsim::initialState(*model, o.config.world, pose);
  std::vector<VehicleVariation> varied;
  std::optional<BatchSimulator> batch;
  try {
    varied = variations(o, rotors);
    auto created = BatchSimulator::create(*model, o.config, std::size_t(o.count));
    if (!created) return fail(created.error().message);
    batch.emplace(std::move(created).value());
  } catch (const std::bad_alloc&) {
    return fail("not enough memory for " + std::to_string(o.count) + " vehicles");
  }
  if (const auto reset = batch->reset(varied, std::span(&start, 1)); !reset) return fail(reset.error().message);

  Figures fig;
  fig.periods = std::llround(o.duration_s * 1e9 / double(batch->imuPeriodNs()));
  fig.substeps = batch->config().physics_rate_hz / batch->config().imu_rate_hz;
  std::size_t next = 0;
  const auto began = std::chrono::steady_clock::now();
  for (long long k = 1; k <= fig.periods; ++k) {
    const double t_s = double(batch->timeNs(0)) * 1e-9;
    for (; next < schedule.size() && schedule[next].t_s <= t_s + 1e-12; ++next)
      for (std::size_t i = 0; i < batch->count(); ++i) batch->setDuties(i, schedule[next].duty);
    batch->advanceImuPeriod();
  }
  fig.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();

  if (out) {
    writeCsv(out.get(), *batch, varied);
    const bool failed = std::ferror(out.get()) != 0;
    if (std::fclose(out.release()) != 0 || failed) return fail(o.out + ": write failed");
  }
  if (o.json)
    printJson(o, *batch, varied, fig);
  else
    printHuman(*batch, varied, fig);
  return 0;
}

}  // namespace

// An exception (out of memory, a library's own error) is a failure like the others: said as
// "vsim-batch: what" on stderr with status 1, not an abort.
int main(int argc, char** argv) {
  try {
    return toolMain(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "vsim-batch: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "vsim-batch: an unexpected error (not a std::exception)\n");
  }
  return 1;
}
