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

#include <atomic>
#include <csignal>
#include <cstdio>
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

// Signals: stop cleanly; a vanished pipe reader or autopilot must not kill us (000 §7).
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
               "pwm in=%lld  rejected: frames=%u bytes=%u duties=%lld commands=%lld  nan resets=%lld\n",
               s.sim_time_s, vsim::pacingModeName(s.mode), s.paused ? " (paused)" : "", s.realtime_factor,
               (long long)s.overruns, (long long)s.dropped_periods, (long long)s.imu_frames_out,
               (long long)s.imu_frames_dropped, (long long)s.actuator_frames_in,
               s.pwm_link.crc_errors + s.pwm_link.unknown_messages + s.pwm_link.bad_headers, s.pwm_link.bytes_dropped,
               (long long)s.rejected_duties, (long long)s.commands_rejected, (long long)s.nan_resets);
}

}  // namespace

int main(int argc, char** argv) {
  std::string airframe = "s500", world = "ground";
  vsim::ServiceOptions options;
  options.seed = 1;
  bool quiet = false;
  int rt_priority = 0;
  std::string autopilot = "vayu";
  vsim_d::AutopilotRunOptions flown;
  {
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
    app.add_option("--dir", options.dir, "where the pipes live (default /tmp; created if absent)")->type_name("DIR");
    app.add_option("--airframe", airframe, "a file, or a shipped airframe's name (default s500)")
        ->type_name("NAME|FILE");
    app.add_option("--world", world, "a world file (default: flat ground at z = 0); 'none' for empty space")
        ->type_name("FILE|none");
    long long seed = 1, priority = 0;
    cli::addWhole(app, "--seed", seed, 0, 9'000'000'000'000'000LL, "a whole number >= 0",
                  "master seed of every noise source (default 1)")
        ->type_name("N");
    app.add_option_function<std::string>(
           "--mode",
           [&options](const std::string& v) {
             const auto mode = vsim::pacingModeFromName(v);
             if (!mode) throw cli::UsageError("--mode must be realtime, lockstep or fast, got '" + v + "'");
             options.mode = *mode;
           },
           "realtime (default), lockstep (one IMU period per actuator frame) or fast")
        ->type_name("realtime|lockstep|fast");
    cli::addNumber(
        app, "--duration", options.duration_s, [](double d) { return d > 0; }, "a positive number of seconds",
        "simulated seconds to run, then exit (default: until SIGINT/SIGTERM)")
        ->type_name("S");
    cli::addWhole(app, "--rt-priority", priority, 1, 99, "a whole number from 1 to 99",
                  "run under SCHED_FIFO at priority N with memory locked, for steadier real-time pacing "
                  "(needs root or CAP_SYS_NICE; refused: a warning)")
        ->type_name("N");
    app.add_flag("--quiet", quiet, "no status lines");
    app.add_option_function<std::string>(
           "--autopilot",
           [&autopilot](const std::string& v) {
             if (v != "vayu" && v != "px4" && v != "ardupilot")
               throw cli::UsageError("--autopilot must be vayu, px4 or ardupilot, got '" + v + "'");
             autopilot = v;
           },
           "who flies: vayu (our firmware over the pipes, default), px4 or ardupilot")
        ->type_name("vayu|px4|ardupilot");
    long long vehicles = 1, base_port = 0, imu_rate = 0;
    cli::addWhole(app, "--vehicles", vehicles, 1, 64, "a whole number from 1 to 64",
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
    double timeout_s = 2.0;
    cli::addNumber(
        app, "--answer-timeout", timeout_s, [](double d) { return d >= 0.01 && d <= 3600; }, "from 0.01 to 3600 s",
        "px4/ardupilot: an autopilot silent this long (wall seconds) is reported by name (default 2)")
        ->type_name("S");
    app.add_option_function<std::string>(
           "--on-silence",
           [&flown](const std::string& v) {
             if (v == "continue")
               flown.world.on_silence = vsim::SilencePolicy::Continue;
             else if (v == "pause")
               flown.world.on_silence = vsim::SilencePolicy::PauseAll;
             else
               throw cli::UsageError("--on-silence must be continue or pause, got '" + v + "'");
           },
           "px4/ardupilot: after the timeout, stop that vehicle's motors and go on (continue, default) or pause the "
           "world")
        ->type_name("continue|pause");
    cli::addWhole(app, "--base-port", base_port, 1, 65000, "a port from 1 to 65000",
                  "px4/ardupilot: the first instance's port (default PX4 4560, ArduPilot 9002)")
        ->type_name("PORT");
    app.add_option_function<std::string>(
           "--listen",
           [&flown](const std::string& v) {
             if (auto ip = vsim::parseListenAddress(v); !ip) throw cli::UsageError("--listen: " + ip.error().message);
             flown.world.listen_address = v;
           },
           "px4/ardupilot: the IPv4 address the ports listen on (default 127.0.0.1: this machine only; 0.0.0.0: every "
           "interface, for an autopilot in a container or on another machine; whoever connects drives the motors)")
        ->type_name("ADDRESS");
    cli::addWhole(
        app, "--imu-rate", imu_rate, 50, 8000, "a rate from 50 to 8000 Hz dividing 8000",
        "px4/ardupilot: HIL_SENSOR / JSON states per simulated second (default PX4 250, its SITL's; ArduPilot 1000, "
        "what its default arming checks accept)")
        ->type_name("HZ");
    std::array<double, 3> home{};
    auto* home_option =
        cli::addTriple(app, "--home", home, "latitude,longitude,altitude (deg, deg, m)",
                       "px4/ardupilot: the NED origin on the globe (default 47.397742,8.545594,0: PX4's Zurich home)")
            ->type_name("LAT,LON,ALT");
    double utc_start = -1;
    cli::addNumber(
        app, "--utc-start", utc_start, [](double d) { return d >= 1.7356896e9 && d < 1.8934560e9; },
        "UNIX seconds in 2025-2029 (the magnetic model's validity)",
        "px4/ardupilot: the UTC time at simulated 0 (HIL_GPS, the magnetic model's date; default now)")
        ->type_name("UNIX_S");
    app.callback([&] {
      flown.vehicles = int(vehicles);
      flown.world.base_port = int(base_port);
      flown.imu_rate_hz = int(imu_rate);  // 0: the autopilot's default (set below, once it is known)
      flown.world.answer_timeout_ms = std::int64_t(timeout_s * 1000 + 0.5);
      if (*home_option) flown.home = home;
      if (utc_start >= 0) flown.world.utc_start_us = std::int64_t(utc_start * 1e6);
      if (imu_rate != 0 && 8000 % imu_rate != 0)
        throw cli::UsageError("--imu-rate must divide the 8000 Hz physics rate, got " + std::to_string(imu_rate));
    });
    if (const auto code = cli::parse(app, argc, argv)) return *code;
    options.seed = std::uint64_t(seed);
    rt_priority = int(priority);
  }

  if (autopilot != "vayu") {
    flown.world.autopilot = autopilot == "px4" ? vsim::AutopilotKind::Px4 : vsim::AutopilotKind::ArduPilot;
    if (flown.imu_rate_hz == 0) flown.imu_rate_hz = vsim::defaultImuRateHz(flown.world.autopilot);
    flown.world.duration_s = options.duration_s;
    flown.airframe = airframe;
    flown.world_file = world;
    flown.seed = (long long)options.seed;
    flown.quiet = quiet;
    if (flown.world.utc_start_us == 0) {
      timespec now{};
      ::clock_gettime(CLOCK_REALTIME, &now);
      flown.world.utc_start_us = std::int64_t(now.tv_sec) * 1'000'000 + now.tv_nsec / 1000;
    }
    installSignals();
    return vsim_d::runAutopilotWorld(flown, argv[0], g_stop);
  }

  auto model = vsim::loadAirframe(navigator::cli::airframePath(airframe, argv[0]));
  if (!model) {
    std::fprintf(stderr, "vsim_d: %s\n", model.error().message.c_str());
    return 1;
  }
  vsim::SimulatorConfig config;
  auto loaded = vsim::worldFromArgument(navigator::cli::worldPath(world, argv[0]));
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

  if (rt_priority > 0) {
    sched_param param{};
    param.sched_priority = rt_priority;
    if (::sched_setscheduler(0, SCHED_FIFO, &param) != 0 || ::mlockall(MCL_CURRENT | MCL_FUTURE) != 0)
      std::fprintf(stderr, "vsim_d: warning: no real-time priority (%s); pacing at normal priority\n",
                   std::strerror(errno));
  }

  options.command_folder = options.dir;
  auto service = vsim::SimService::create(std::move(model).value(), std::move(config), options);
  if (!service) {
    std::fprintf(stderr, "vsim_d: %s\n", service.error().message.c_str());
    return 1;
  }
  std::fprintf(stderr, "vsim_d: pid %d serving %s/vsim_{imu,pwm,pose,ctl}, %s mode, seed %llu\n", int(::getpid()),
               options.dir.c_str(), vsim::pacingModeName(options.mode), (unsigned long long)options.seed);
  vsim::SimService::Callbacks callbacks;
  if (!quiet) callbacks.on_status = printStatus;
  callbacks.on_problem = [](const std::string& problem) { std::fprintf(stderr, "vsim_d: %s\n", problem.c_str()); };
  (*service)->run(g_stop, callbacks);
  printStatus((*service)->status());
  std::fprintf(stderr, "vsim_d: stopped\n");
  return 0;
}
