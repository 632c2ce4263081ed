// vsim_d: the simulator daemon. Serves the four SITL pipes (vsim_imu, vsim_pwm, vsim_pose,
// vsim_ctl) in a directory, one instance per directory, until SIGINT or SIGTERM.
#include "sim/config/airframe_file.h"
#include "sim/service/sim_service.h"
#include "sim/service/single_instance.h"
#include "cli/cli.h"
#include "cli/cli_util.h"
#include "sim/config/world_file.h"
#include "sim/tools/vsim_d_autopilot.h"
#include "sim/service/sockets.h"

#include <array>
#include <atomic>
#include <csignal>
#include <cmath>
#include <cstdio>
#include <exception>
#include <optional>
#include <string>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

namespace {

std::atomic<bool> g_stop{false};

void onSignal(int) { g_stop.store(true); }

// Signals: SIGINT and SIGTERM stop cleanly; SIGPIPE is ignored, so a vanished pipe reader or
// autopilot fails a write (EPIPE) instead of killing us.
void installSignals() {
  struct sigaction stop_action {};
  stop_action.sa_handler = onSignal;
  sigemptyset(&stop_action.sa_mask);
  stop_action.sa_flags = 0;  // no SA_RESTART: the pacing sleep returns to check the flag
  sigaction(SIGINT, &stop_action, nullptr);
  sigaction(SIGTERM, &stop_action, nullptr);
  std::signal(SIGPIPE, SIG_IGN);
}

void printStatus(const vsim::ServiceStatus& s) {
  std::fprintf(stderr,
               "vsim_d: t=%.3f s  %s%s  rtf=%.3f  overruns=%lld (dropped %lld periods)  imu out=%lld dropped=%lld  "
               "pwm in=%lld (gaps over %lld ms: %lld, the longest since the last line %.3f s; stale: %lld)  "
               "rejected: frames=%u bytes=%u "
               "duties=%lld commands=%lld  nan resets=%lld\n",
               s.sim_time_s, vsim::pacingModeName(s.mode), s.paused ? " (paused)" : "", s.realtime_factor,
               (long long)s.overruns, (long long)s.dropped_periods, (long long)s.imu_frames_out,
               (long long)s.imu_frames_dropped, (long long)s.actuator_frames_in,
               (long long)vsim::ServiceOptions{}.output_gap_ms, (long long)s.output_gaps, s.longest_output_gap_s,
               (long long)s.stale_outputs, s.pwm_link.crc_errors + s.pwm_link.unknown_messages + s.pwm_link.bad_headers,
               s.pwm_link.bytes_dropped, (long long)s.rejected_duties, (long long)s.commands_rejected,
               (long long)s.nan_resets);
}

// The command line.
struct Options {
  std::string airframe = "s500", world = "ground";
  vsim::ServiceOptions service;
  bool quiet = false;
  int rt_priority = 0;
  std::string autopilot = "vayu";
  vsim_d::AutopilotRunOptions flown;
};

// The values the parser writes before they are checked together and moved into Options.
struct ParsedValues {
  long long seed = 1, priority = 0;
  long long vehicles = 1, base_port = 0, imu_rate = 0;
  double timeout_s = 2.0;
  std::array<double, 3> home{};
  CLI::Option* home_option = nullptr;
  double utc_start = -1;
};

// The options every run has: the folder, airframe, world, seed, pacing, priority, who flies.
void addServiceOptions(CLI::App& app, Options& o, ParsedValues& v) {
  namespace cli = navigator::cli;
  app.add_option("--dir", o.service.dir, "where the pipes live (default /tmp; created if absent)")->type_name("DIR");
  app.add_option("--airframe", o.airframe, "a file, or a shipped airframe's name (default s500)")
      ->type_name("NAME|FILE");
  app.add_option("--world", o.world, "a world file (default: flat ground at z = 0); 'none' for empty space")
      ->type_name("FILE|none");
  cli::addWhole(app, "--seed", v.seed, 0, 9'000'000'000'000'000LL, "a whole number >= 0",
                "master seed of every noise source (default 1)")
      ->type_name("N");
  app.add_option_function<std::string>(
         "--mode",
         [&o](const std::string& value) {
           const auto mode = vsim::pacingModeFromName(value);
           if (!mode) throw cli::UsageError("--mode must be realtime, lockstep or fast, got '" + value + "'");
           o.service.mode = *mode;
         },
         "realtime (default), lockstep (one IMU period per actuator frame) or fast")
      ->type_name("realtime|lockstep|fast");
  cli::addNumber(
      app, "--duration", o.service.duration_s, [](double d) { return d > 0; }, "a positive number of seconds",
      "simulated seconds to run, then exit (default: until SIGINT/SIGTERM)")
      ->type_name("S");
  cli::addWhole(app, "--rt-priority", v.priority, 1, 99, "a whole number from 1 to 99",
                "run under SCHED_FIFO at priority N with memory locked, for steadier real-time pacing "
                "(needs root or CAP_SYS_NICE; refused: a warning)")
      ->type_name("N");
  app.add_flag("--quiet", o.quiet, "no status lines");
  app.add_option_function<std::string>(
         "--autopilot",
         [&o](const std::string& value) {
           if (value != "vayu" && value != "px4" && value != "ardupilot")
             throw cli::UsageError("--autopilot must be vayu, px4 or ardupilot, got '" + value + "'");
           o.autopilot = value;
         },
         "who flies: vayu (our firmware over the pipes, default), px4 or ardupilot")
      ->type_name("vayu|px4|ardupilot");
}

// PX4's or ArduPilot's vehicles: how many, where, and how the world waits for them.
void addFleetOptions(CLI::App& app, Options& o, ParsedValues& v) {
  namespace cli = navigator::cli;
  vsim_d::AutopilotRunOptions& flown = o.flown;
  cli::addWhole(app, "--vehicles", v.vehicles, 1, 64, "a whole number from 1 to 64",
                "px4/ardupilot: this many vehicles of --airframe, --spacing metres apart east (default 1)")
      ->type_name("N");
  cli::addNumber(
      app, "--spacing", flown.spacing_m, [](double d) { return d >= 0 && d <= 1000; }, "a distance from 0 to 1000 m",
      "px4/ardupilot: metres between vehicles placed by --vehicles (default 2)")
      ->type_name("M");
  app.add_option_function<std::vector<std::string>>(
         "--vehicle",
         [&flown](const std::vector<std::string>& items) {
           for (const std::string& item : items) {
             auto spec = vsim_d::parseVehicleSpec(item);
             if (!spec) throw cli::UsageError(spec.error().message);
             flown.specs.push_back(*spec);
           }
         },
         "px4/ardupilot: one vehicle, repeatable (instance i is the i-th): "
         "airframe=NAME|FILE,seed=N,north=M,east=M,yaw=DEG")
      ->type_name("SPEC")
      ->allow_extra_args(false);
  cli::addNumber(
      app, "--speed", flown.world.speed, [](double d) { return d >= 0 && d <= 1000; }, "a number from 0 to 1000",
      "px4/ardupilot: times real time (default 1); 0: as fast as the autopilots answer")
      ->type_name("X");
  cli::addNumber(
      app, "--answer-timeout", v.timeout_s, [](double d) { return d >= 0.01 && d <= 3600; }, "from 0.01 to 3600 s",
      "px4/ardupilot: an autopilot silent this long (wall seconds) is reported by name (default 2)")
      ->type_name("S");
  app.add_option_function<std::string>(
         "--on-silence",
         [&flown](const std::string& value) {
           if (value == "continue")
             flown.world.on_silence = vsim::SilencePolicy::Continue;
           else if (value == "pause")
             flown.world.on_silence = vsim::SilencePolicy::PauseAll;
           else
             throw cli::UsageError("--on-silence must be continue or pause, got '" + value + "'");
         },
         "px4/ardupilot: after the timeout, stop that vehicle's motors and go on (continue, default) or pause the "
         "world")
      ->type_name("continue|pause");
}

// How PX4 or ArduPilot is reached and fed: ports, address, sensor rate, home, start time.
void addLinkOptions(CLI::App& app, Options& o, ParsedValues& v) {
  namespace cli = navigator::cli;
  vsim_d::AutopilotRunOptions& flown = o.flown;
  cli::addWhole(app, "--base-port", v.base_port, 1, 65000, "a port from 1 to 65000",
                "px4/ardupilot: the first instance's port (default PX4 4560, ArduPilot 9002)")
      ->type_name("PORT");
  app.add_option_function<std::string>(
         "--listen",
         [&flown](const std::string& value) {
           if (auto ip = vsim::parseListenAddress(value); !ip) throw cli::UsageError("--listen: " + ip.error().message);
           flown.world.listen_address = value;
         },
         "px4/ardupilot: the IPv4 address the ports listen on (default 127.0.0.1: this machine only; 0.0.0.0: every "
         "interface, for an autopilot in a container or on another machine; whoever connects drives the motors)")
      ->type_name("ADDRESS");
  cli::addWhole(
      app, "--imu-rate", v.imu_rate, 50, 8000, "a rate from 50 to 8000 Hz dividing 8000",
      "px4/ardupilot: HIL_SENSOR / JSON states per simulated second (default PX4 250, its SITL's; ArduPilot 1000, "
      "what its default arming checks accept)")
      ->type_name("HZ");
  v.home_option =
      cli::addTriple(app, "--home", v.home, "latitude,longitude,altitude (deg, deg, m)",
                     "px4/ardupilot: the NED origin on the globe (default 47.397742,8.545594,0: PX4's Zurich home)")
          ->type_name("LAT,LON,ALT");
  cli::addNumber(
      app, "--utc-start", v.utc_start, [](double d) { return d >= 1.7356896e9 && d < 1.8934560e9; },
      "UNIX seconds in 2025-2029 (the magnetic model's validity)",
      "px4/ardupilot: the UTC time at simulated 0 (HIL_GPS, the magnetic model's date; default now)")
      ->type_name("UNIX_S");
}

// Parses the command line into `o`; an exit code when the run ends here (help, an error).
std::optional<int> parseOptions(int argc, char** argv, Options& o) {
  namespace cli = navigator::cli;
  CLI::App app(
      "Runs the simulated world for a flight firmware over four named pipes in DIR:\n"
      "  vsim_imu   HIL_SENSOR at 1 kHz (and HIL_GPS at the GPS rate), simulator -> firmware\n"
      "  vsim_pwm   HIL_ACTUATOR_CONTROLS (motor duties in [0, 1]), firmware -> simulator\n"
      "  vsim_pose  HIL_STATE_QUATERNION at 60 Hz, simulator -> viewer\n"
      "  vsim_ctl   one JSON command per line: reset, geometry, world, pause, resume, mode\n"
      "A previous vsim_d serving DIR is terminated first. Prints a status line every second.\n"
      "With --autopilot px4 or ardupilot it serves that autopilot instead, one instance per vehicle:\n"
      "  PX4        TCP 4560+i (PX4 connects): HIL_SENSOR, HIL_GPS, HIL_STATE_QUATERNION out,\n"
      "             HIL_ACTUATOR_CONTROLS in, in lockstep\n"
      "  ArduPilot  UDP 9002+10*i: a JSON state answers each servo packet (--model JSON)",
      "vsim_d");
  ParsedValues v;
  addServiceOptions(app, o, v);
  addFleetOptions(app, o, v);
  addLinkOptions(app, o, v);
  vsim_d::AutopilotRunOptions& flown = o.flown;
  app.callback([&] {
    flown.vehicles = int(v.vehicles);
    flown.world.base_port = int(v.base_port);
    flown.imu_rate_hz = int(v.imu_rate);  // 0: the autopilot's default (set below, once it is known)
    flown.world.answer_timeout_ms = std::int64_t(std::llround(v.timeout_s * 1000));
    if (*v.home_option) flown.home = v.home;
    if (v.utc_start >= 0) flown.world.utc_start_us = std::int64_t(v.utc_start * 1e6);
    if (v.imu_rate != 0 && 8000 % v.imu_rate != 0)
      throw cli::UsageError("--imu-rate must divide the 8000 Hz physics rate, got " + std::to_string(v.imu_rate));
  });
  if (const auto code = cli::parse(app, argc, argv)) return code;
  o.service.seed = std::uint64_t(v.seed);
  o.rt_priority = int(v.priority);
  return std::nullopt;
}

// --autopilot px4 or ardupilot: the world served to that autopilot's instances.
int runAutopilots(Options& o, const char* argv0) {
  vsim_d::AutopilotRunOptions& flown = o.flown;
  flown.world.autopilot = o.autopilot == "px4" ? vsim::AutopilotKind::Px4 : vsim::AutopilotKind::ArduPilot;
  if (flown.imu_rate_hz == 0) flown.imu_rate_hz = vsim::defaultImuRateHz(flown.world.autopilot);
  flown.world.duration_s = o.service.duration_s;
  flown.airframe = o.airframe;
  flown.world_file = o.world;
  flown.seed = (long long)o.service.seed;
  flown.quiet = o.quiet;
  if (flown.world.utc_start_us == 0) {
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    flown.world.utc_start_us = std::int64_t(now.tv_sec) * 1'000'000 + now.tv_nsec / 1000;
  }
  installSignals();
  return vsim_d::runAutopilotWorld(flown, argv0, g_stop);
}

// SCHED_FIFO at `priority` with memory locked; refused, a warning and normal priority.
void raisePriority(int priority) {
  sched_param param{};
  param.sched_priority = priority;
  if (::sched_setscheduler(0, SCHED_FIFO, &param) != 0 || ::mlockall(MCL_CURRENT | MCL_FUTURE) != 0)
    std::fprintf(stderr, "vsim_d: warning: no real-time priority (%s); pacing at normal priority\n",
                 std::strerror(errno));
}

// The SITL pipes served to our firmware until a signal or the duration; an exit code.
int runPipes(Options& o, const char* argv0) {
  vsim::ServiceOptions& options = o.service;
  auto model = vsim::loadAirframe(navigator::cli::airframePath(o.airframe, argv0));
  if (!model) {
    std::fprintf(stderr, "vsim_d: %s\n", model.error().message.c_str());
    return 1;
  }
  vsim::SimulatorConfig config;
  auto loaded = vsim::worldFromArgument(navigator::cli::worldPath(o.world, argv0));
  if (!loaded) {
    std::fprintf(stderr, "vsim_d: %s\n", loaded.error().message.c_str());
    return 1;
  }
  config.world = std::move(loaded).value();

  installSignals();

  // One writer per directory: terminate a previous instance before the first frame.
  if (auto made = vsim::ensureFifo(options.dir + "/vsim_imu"); !made) {
    std::fprintf(stderr, "vsim_d: %s\n", made.error().message.c_str());
    return 1;
  }
  int previous_pid = 0;
  auto instance = vsim::SingleInstance::acquire(options.dir + "/vsim_d.pid", previous_pid);
  if (!instance) {
    std::fprintf(stderr, "vsim_d: %s\n", instance.error().message.c_str());
    return 1;
  }
  if (previous_pid > 0)
    std::fprintf(stderr, "vsim_d: terminated the previous vsim_d (pid %d) serving %s\n", previous_pid,
                 options.dir.c_str());
  if (o.rt_priority > 0) raisePriority(o.rt_priority);

  options.command_folder = options.dir;
  auto service = vsim::SimService::create(std::move(model).value(), std::move(config), options);
  if (!service) {
    std::fprintf(stderr, "vsim_d: %s\n", service.error().message.c_str());
    return 1;
  }
  std::fprintf(stderr, "vsim_d: pid %d serving %s/vsim_{imu,pwm,pose,ctl}, %s mode, seed %llu\n", int(::getpid()),
               options.dir.c_str(), vsim::pacingModeName(options.mode), (unsigned long long)options.seed);
  vsim::SimService::Callbacks callbacks;
  if (!o.quiet) callbacks.on_status = printStatus;
  callbacks.on_problem = [](const std::string& problem) { std::fprintf(stderr, "vsim_d: %s\n", problem.c_str()); };
  (*service)->run(g_stop, callbacks);
  printStatus((*service)->status());
  std::fprintf(stderr, "vsim_d: stopped\n");
  return 0;
}

}  // namespace

// An exception (out of memory, a library's own error) is a failure like the others: said as
// "vsim_d: what" on stderr with status 1, not an abort.
int main(int argc, char** argv) {
  try {
    Options o;
    o.service.seed = 1;
    if (const auto code = parseOptions(argc, argv, o)) return *code;
    if (o.autopilot != "vayu") return runAutopilots(o, argv[0]);
    return runPipes(o, argv[0]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "vsim_d: %s\n", e.what());
  } catch (...) {
    std::fprintf(stderr, "vsim_d: an unexpected error (not a std::exception)\n");
  }
  return 1;
}
