// vsim-fly: a scripted flight of the real flight core against the simulator, in one process
// and in lockstep, written as CSV (columns: flight/README.md). The same seed and scenario give
// the same file.
#include "flight/flight_runner.h"
#include "flight/param_file.h"
#include "flight/tools/flight_ulog.h"
#include "sim/config/airframe_file.h"
#include "cli/cli.h"
#include "cli/cli_util.h"

#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <string>

namespace {

double deg(double rad) { return rad * 180.0 / M_PI; }

// The command line.
struct Options {
  std::string airframe, scenario_path, out_path, params_path, ulog_path;
  long long seed = -1, every = 1;
  std::string sensors = "direct";
};

// Parses the command line into `o`; an exit code when the run ends here (help, an error).
std::optional<int> parseOptions(int argc, char** argv, Options& o) {
  namespace cli = navigator::cli;
  CLI::App app(
      "Flies the flight firmware's core against the simulator in lockstep (1 kHz control, 8 kHz\n"
      "physics), following the scenario's timeline of sticks, arming, modes, wind, turbulence and\n"
      "disturbances (format: flight/README.md), and writes one CSV row every K control steps.",
      "vsim-fly");
  app.add_option("--airframe", o.airframe, "a file, or a shipped airframe's name")->type_name("NAME|FILE")->required();
  app.add_option("--scenario", o.scenario_path, "the scenario to fly")->type_name("FILE.yaml")->required();
  cli::addWhole(app, "--seed", o.seed, 0, 9'000'000'000'000'000LL, "a whole number >= 0", "the master seed")
      ->type_name("N")
      ->required();
  app.add_option("--out", o.out_path, "the CSV file to write")->type_name("FILE.csv")->required();
  app.add_option("--ulog", o.ulog_path,
                 "also write the whole flight, every 1 kHz step, as a ULog flight log (truth, sensors, wind, "
                 "estimate, setpoints, motor outputs; PX4's topic names: navigator-log, PlotJuggler)")
      ->type_name("FILE.ulg");
  app.add_option("--params", o.params_path,
                 "a parameter file (NAME VALUE lines, as vayu_sitl --params and vsim-tune --out write); "
                 "applied before the scenario's own parameters")
      ->type_name("FILE");
  cli::addWhole(app, "--every", o.every, 1, 1'000'000'000, "a whole number >= 1",
                "a row every K control steps (default 1)")
      ->type_name("K");
  app.add_option("--sensors", o.sensors,
                 "how the flight core gets its sensor values: direct (the simulator's, as they are; the default) or "
                 "chips (the simulator's values feed the BMX160/BMM150 and BMP388 chip models, read through the "
                 "firmware's own drivers; the GPS stays direct); a summary of the drivers' reads ends the run")
      ->type_name("direct|chips")
      ->check(CLI::IsMember({"direct", "chips"}));
  return cli::parse(app, argc, argv);
}

// The airframe and the scenario, the parameter file's values before the scenario's own; an
// error when either cannot be read or the flight core cannot fly the airframe.
vsim::Result<std::pair<vsim::VehicleModel, vsim::Scenario>> loadFlight(Options& o, const char* argv0) {
  auto model = vsim::loadAirframe(navigator::cli::airframePath(o.airframe, argv0));
  if (!model) return model.error();
  o.scenario_path = navigator::cli::shippedPath(o.scenario_path, "scenarios", ".yaml", argv0);
  auto scenario = vsim::loadScenario(o.scenario_path);
  if (!scenario) return scenario.error();
  if (!o.params_path.empty()) {
    auto params = vsim::readParamFile(o.params_path);
    if (!params) return params.error();
    auto& scenario_params = scenario.value().params;
    scenario_params.insert(scenario_params.begin(), params->begin(), params->end());
  }
  if (auto flyable = vsim::checkAllocation(*model); !flyable) return flyable.error();
  return std::pair{std::move(model).value(), std::move(scenario).value()};
}

// The CSV's header line, one duty column per rotor.
void writeHeader(std::FILE* f, int rotor_count) {
  std::fprintf(f,
               "time_s,pos_n_m,pos_e_m,pos_d_m,vel_n_mps,vel_e_mps,vel_d_mps,roll_deg,pitch_deg,yaw_deg,"
               "rate_x_radps,rate_y_radps,rate_z_radps,est_roll_deg,est_pitch_deg,est_yaw_deg,est_height_m,"
               "est_climb_mps,sp_roll_deg,sp_pitch_deg,sp_yaw_deg,sp_rate_x_radps,sp_rate_y_radps,sp_rate_z_radps,"
               "thrust_sp,mode,armed,failsafe");
  for (int i = 0; i < rotor_count; ++i) std::fprintf(f, ",duty%d", i + 1);
  std::fprintf(f, "\n");
}

// One CSV row: the sample's truth, estimate, setpoints, mode and duties.
void writeRow(std::FILE* f, const vsim::FlightSample& s) {
  const auto& x = s.truth;
  std::fprintf(
      f,
      "%.6f,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,"
      "%.9g,%.9g,%.9g,%.9g,%s,%d,%d",
      s.t_s, x.p_W_m.x(), x.p_W_m.y(), x.p_W_m.z(), x.v_W_mps.x(), x.v_W_mps.y(), x.v_W_mps.z(),
      deg(s.truth_rpy_rad.x()), deg(s.truth_rpy_rad.y()), deg(s.truth_rpy_rad.z()), x.omega_B_radps.x(),
      x.omega_B_radps.y(), x.omega_B_radps.z(), deg(s.estimate_rpy_rad.x()), deg(s.estimate_rpy_rad.y()),
      deg(s.estimate_rpy_rad.z()), s.est_height_m, s.est_climb_mps, deg(s.setpoint_rpy_rad.x()),
      deg(s.setpoint_rpy_rad.y()), deg(s.setpoint_rpy_rad.z()), s.rate_sp_B_radps.x(), s.rate_sp_B_radps.y(),
      s.rate_sp_B_radps.z(), s.thrust_sp, vayu_mode_name(s.mode), int(s.armed), int(s.failsafe));
  for (double d : s.duty) std::fprintf(f, ",%.9g", d);
  std::fprintf(f, "\n");
}

// The ULog log's identity for this flight.
navigator::ulog::FlightIdentity identityOf(const vsim::VehicleModel& model, long long seed) {
  navigator::ulog::FlightIdentity identity;
  identity.source = "vsim-fly";
  identity.airframe = model.name;
  identity.seed = std::uint64_t(seed);
  identity.has_seed = true;
  identity.start_utc = navigator::ulog::utcNowIso8601();
  return identity;
}

// Closes the ULog log (false: it failed, said on stderr), and says if messages were dropped.
bool closeUlog(vsim::tools::FlightUlog& ulog, const std::string& path) {
  if (auto closed = ulog.close(); !closed) {
    std::fprintf(stderr, "vsim-fly: %s\n", closed.error().message.c_str());
    return false;
  }
  if (ulog.messagesDropped() > 0)
    std::fprintf(stderr, "vsim-fly: %s: %llu log messages dropped (the disk was too slow)\n", path.c_str(),
                 (unsigned long long)ulog.messagesDropped());
  return true;
}

// The tool itself; main() turns what it throws into an error message.
int toolMain(int argc, char** argv) {
  Options o;
  if (const auto code = parseOptions(argc, argv, o)) return *code;
  auto loaded = loadFlight(o, argv[0]);
  if (!loaded) {
    std::fprintf(stderr, "vsim-fly: %s\n", loaded.error().message.c_str());
    return 1;
  }
  const auto& [model, scenario] = *loaded;
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(o.out_path.c_str(), "w"), &std::fclose);
  if (!out) {
    std::fprintf(stderr, "vsim-fly: %s: cannot open for writing\n", o.out_path.c_str());
    return 1;
  }
  std::FILE* f = out.get();
  writeHeader(f, model.rotor_count);
  std::optional<vsim::tools::FlightUlog> ulog;
  if (!o.ulog_path.empty()) ulog.emplace(o.ulog_path, identityOf(model, o.seed));
  long long step = 0;
  vsim::SensorPath sensors = vsim::SensorPath::Direct;
  vsim::parseSensorPath(o.sensors, sensors);  // checked by the command line
  std::string chips_summary;
  auto counters = vsim::runScenario(
      model, scenario, std::uint64_t(o.seed),
      [&](const vsim::FlightSample& s) {
        if (ulog) ulog->write(s);
        if (step++ % o.every != 0) return;
        writeRow(f, s);
      },
      sensors, &chips_summary);
  if (!counters) {
    std::fprintf(stderr, "vsim-fly: %s\n", counters.error().message.c_str());
    return 1;
  }
  if (ulog && !closeUlog(*ulog, o.ulog_path)) return 1;
  if (std::ferror(f)) {
    std::fprintf(stderr, "vsim-fly: %s: write failed\n", o.out_path.c_str());
    return 1;
  }
  std::fprintf(stderr, "vsim-fly: %s, %s, seed %lld: %lld steps; %lld refused duties, %lld sanitiser resets\n",
               model.name.c_str(), o.scenario_path.c_str(), o.seed, step, (long long)counters->rejected_duties,
               (long long)counters->sanitiser_resets);
  if (!chips_summary.empty()) std::fprintf(stderr, "vsim-fly: %s\n", chips_summary.c_str());
  return 0;
}

}  // namespace

// An exception (out of memory, a library's own error) is a failure like the others: said as
// "vsim-fly: what" on stderr with status 1, not an abort.
int main(int argc, char** argv) {
  try {
    return toolMain(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "vsim-fly: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "vsim-fly: an unexpected error (not a std::exception)\n");
  }
  return 1;
}
