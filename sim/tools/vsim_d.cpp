// vsim_d: the simulator daemon. Serves the four SITL pipes (vsim_imu, vsim_pwm, vsim_pose,
// vsim_ctl) in a directory, one instance per directory, until SIGINT or SIGTERM.
#include "sim/config/airframe_file.h"
#include "sim/service/sim_service.h"
#include "sim/service/single_instance.h"
#include "cli/cli_util.h"
#include "sim/config/world_file.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <string>
#include <string_view>
#include <cerrno>
#include <cstring>
#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

namespace {

constexpr const char* kUsage =
    "usage: vsim_d [--dir DIR] [--airframe NAME|FILE] [--world FILE|none] [--seed N]\n"
    "              [--mode realtime|lockstep|fast] [--duration S] [--rt-priority N] [--quiet]\n"
    "\n"
    "Runs the simulated world for a flight firmware over four named pipes in DIR:\n"
    "  vsim_imu   HIL_SENSOR at 1 kHz (and HIL_GPS at the GPS rate), simulator -> firmware\n"
    "  vsim_pwm   HIL_ACTUATOR_CONTROLS (motor duties in [0, 1]), firmware -> simulator\n"
    "  vsim_pose  HIL_STATE_QUATERNION at 60 Hz, simulator -> viewer\n"
    "  vsim_ctl   one JSON command per line: reset, geometry, world, pause, resume, mode\n"
    "A previous vsim_d serving DIR is terminated first. Prints a status line every second.\n"
    "  --dir       where the pipes live (default /tmp; created if absent)\n"
    "  --airframe  a file, or a shipped airframe's name (default s500)\n"
    "  --world     a world file (default: flat ground at z = 0); 'none' for empty space\n"
    "  --seed      master seed of every noise source (default 1)\n"
    "  --mode      realtime (default), lockstep (one IMU period per actuator frame) or fast\n"
    "  --duration  simulated seconds to run, then exit (default: until SIGINT/SIGTERM)\n"
    "  --rt-priority  run under SCHED_FIFO at priority N (1-99) with memory locked, for\n"
    "              steadier real-time pacing (needs root or CAP_SYS_NICE; refused: a warning)\n"
    "  --quiet     no status lines\n";

std::atomic<bool> g_stop{false};

void onSignal(int) { g_stop.store(true); }

int usage(const std::string& problem) {
  std::fprintf(stderr, "vsim_d: %s\n%s", problem.c_str(), kUsage);
  return 2;
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
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    if (a == "--help" || a == "-h") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (a == "--quiet") {
      quiet = true;
      continue;
    }
    if (i + 1 >= argc) return usage("missing value after " + std::string(a));
    const std::string v = argv[++i];
    if (a == "--dir") {
      options.dir = v;
    } else if (a == "--airframe") {
      airframe = v;
    } else if (a == "--world") {
      world = v;
    } else if (a == "--seed") {
      const auto n = navigator::cli::parseNumber(v);
      if (!n || *n < 0 || *n != double((long long)*n)) return usage("--seed must be a whole number >= 0, got '" + v + "'");
      options.seed = std::uint64_t(*n);
    } else if (a == "--mode") {
      const auto mode = vsim::pacingModeFromName(v);
      if (!mode) return usage("--mode must be realtime, lockstep or fast, got '" + v + "'");
      options.mode = *mode;
    } else if (a == "--rt-priority") {
      const auto n = navigator::cli::parseNumber(v);
      if (!n || *n < 1 || *n > 99 || *n != double(int(*n))) return usage("--rt-priority must be a whole number from 1 to 99, got '" + v + "'");
      rt_priority = int(*n);
    } else if (a == "--duration") {
      const auto d = navigator::cli::parseNumber(v);
      if (!d || *d <= 0) return usage("--duration must be a positive number of seconds, got '" + v + "'");
      options.duration_s = *d;
    } else {
      return usage("unknown option " + std::string(a));
    }
  }

  auto model = vsim::loadAirframe(navigator::cli::airframePath(airframe, argv[0]));
  if (!model) {
    std::fprintf(stderr, "vsim_d: %s\n", model.error().message.c_str());
    return 1;
  }
  vsim::SimulatorConfig config;
  config.world = vsim::World{};  // flat ground at z = 0
  if (world == "none") {
    config.world.has_ground = false;
  } else if (world != "ground") {
    auto loaded = vsim::loadWorld(world);
    if (!loaded) {
      std::fprintf(stderr, "vsim_d: %s\n", loaded.error().message.c_str());
      return 1;
    }
    config.world = std::move(loaded).value();
  }

  // Signals: stop cleanly; a vanished pipe reader must not kill us (000 §7).
  struct sigaction stop_action {};
  stop_action.sa_handler = onSignal;
  sigemptyset(&stop_action.sa_mask);
  stop_action.sa_flags = 0;  // no SA_RESTART: the pacing sleep returns to check the flag
  sigaction(SIGINT, &stop_action, nullptr);
  sigaction(SIGTERM, &stop_action, nullptr);
  std::signal(SIGPIPE, SIG_IGN);

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
  if (previous_pid > 0) std::fprintf(stderr, "vsim_d: terminated the previous vsim_d (pid %d) serving %s\n", previous_pid, options.dir.c_str());

  if (rt_priority > 0) {
    sched_param param{};
    param.sched_priority = rt_priority;
    if (::sched_setscheduler(0, SCHED_FIFO, &param) != 0 || ::mlockall(MCL_CURRENT | MCL_FUTURE) != 0)
      std::fprintf(stderr, "vsim_d: warning: no real-time priority (%s); pacing at normal priority\n", std::strerror(errno));
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
