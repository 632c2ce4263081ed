// bench_sim_service: vsim_d's pacing as a firmware sees it, and its throughput.
//   real time: the period between HIL_SENSOR arrivals at a reader, for --seconds (60);
//              error = |interval - 1 ms|, percentiles; intervals under 0.5 ms would be a
//              catch-up burst; the daemon's own overrun count.
//   lockstep:  simulated seconds per wall second with a client answering every frame.
//   fast:      the same with a reader draining the frames, against the bare simulator's
//              advanceImuPeriod measured in the same run (the ratio is the pipes' cost).
// Usage: bench_sim_service [--seconds S] [--skip-realtime]
#include "sim/config/airframe_file.h"
#include "sim/simulator.h"
#include "cli/cli_util.h"
#include "tests/sim/service/sitl_pipe_client.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

std::int64_t nowNs() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

pid_t spawnDaemon(const std::string& dir, const std::vector<std::string>& extra, const std::string& log) {
  std::vector<std::string> args = {NAVIGATOR_BIN_DIR "/vsim_d", "--dir", dir, "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  const pid_t pid = fork();
  if (pid == 0) {
    if (!freopen(log.c_str(), "w", stderr)) _exit(127);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

std::string stopDaemon(pid_t pid, const std::string& log) {
  kill(pid, SIGTERM);
  int status = 0;
  waitpid(pid, &status, 0);
  std::string last;
  if (FILE* f = std::fopen(log.c_str(), "r")) {
    char line[1024];
    while (std::fgets(line, sizeof line, f))
      if (std::strstr(line, "rtf=")) last = line;
    std::fclose(f);
  }
  return last;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[std::min(v.size() - 1, std::size_t(p / 100.0 * double(v.size())))];
}

// priority 0: normal scheduling for both; otherwise the daemon at `priority` and the reader
// (standing in for a real-time firmware loop) one above it, so that it wakes the moment a
// frame arrives and its arrival times are the daemon's write times.
void realtime(const std::string& dir, double seconds, int priority) {
  const std::string log = dir + "/realtime.log";
  std::vector<std::string> args = {"--mode", "realtime"};
  if (priority > 0) args.insert(args.end(), {"--rt-priority", std::to_string(priority)});
  const pid_t pid = spawnDaemon(dir, args, log);
  if (priority > 0) {
    sched_param param{};
    param.sched_priority = priority + 1;
    if (sched_setscheduler(0, SCHED_FIFO, &param) != 0)
      std::printf("reader: no SCHED_FIFO (%s)\n", std::strerror(errno));
  }
  SitlPipeClient client(dir);
  if (!client.open()) std::exit(1);
  std::vector<double> error_us;
  int bursts = 0, short_intervals = 0;
  bool previous_short = false;
  std::int64_t previous_ns = -1, previous_time_us = -1;
  const std::int64_t until = nowNs() + std::int64_t(seconds * 1e9);
  while (nowNs() < until) {
    const auto s = client.nextSensor(1000);
    if (!s) break;
    const std::int64_t t = nowNs();
    if (previous_ns >= 0 && std::int64_t(s->time_usec) == previous_time_us + 1000) {
      const double interval_us = double(t - previous_ns) / 1000.0;
      error_us.push_back(std::abs(interval_us - 1000.0));
      // One short interval follows any late wake-up of the reader (the next frame was already
      // waiting); a catch-up burst would be several in a row.
      const bool is_short = interval_us < 500.0;
      if (is_short) ++short_intervals;
      if (is_short && previous_short) ++bursts;
      previous_short = is_short;
    }
    previous_ns = t;
    previous_time_us = std::int64_t(s->time_usec);
  }
  const std::string status = stopDaemon(pid, log);
  if (priority > 0) {
    sched_param param{};
    sched_setscheduler(0, SCHED_OTHER, &param);
  }
  std::printf(
      "realtime (%s): %zu intervals over %.0f s; |interval - 1 ms| p50 %.1f us, p99 %.1f us, p99.9 %.1f us, "
      "max %.1f us; short (< 0.5 ms) %d, of which in runs of two or more %d\n  daemon: %s",
      priority > 0 ? "SCHED_FIFO" : "normal priority", error_us.size(), seconds, percentile(error_us, 50),
      percentile(error_us, 99), percentile(error_us, 99.9), percentile(error_us, 100), short_intervals, bursts,
      status.c_str());
}

double lockstep(const std::string& dir, double seconds) {
  const std::string log = dir + "/lockstep.log";
  const pid_t pid = spawnDaemon(dir, {"--mode", "lockstep", "--world", "none"}, log);
  SitlPipeClient client(dir);
  if (!client.open()) std::exit(1);
  std::int64_t last = -1, first_answer_ns = -1, answered = 0;
  const std::int64_t until = nowNs() + std::int64_t(seconds * 1e9);
  while (nowNs() < until) {
    const auto s = client.nextSensor(1000);
    if (!s) break;
    if (std::int64_t(s->time_usec) <= last) continue;
    last = std::int64_t(s->time_usec);
    if (first_answer_ns < 0) first_answer_ns = nowNs();
    client.sendActuators(s->time_usec, {0.6f, 0.6f, 0.6f, 0.6f});
    client.drainPoses();
    ++answered;
  }
  const double wall_s = double(nowNs() - first_answer_ns) * 1e-9;
  stopDaemon(pid, log);
  const double rate = double(answered) * 1e-3 / wall_s;
  std::printf("lockstep: %lld periods answered in %.2f s: %.2f simulated s per wall s\n", (long long)answered, wall_s,
              rate);
  return rate;
}

double fast(const std::string& dir, double seconds) {
  const std::string log = dir + "/fast.log";
  const pid_t pid = spawnDaemon(dir, {"--mode", "fast", "--world", "none"}, log);
  SitlPipeClient client(dir);
  if (!client.open()) std::exit(1);
  std::int64_t first = -1, last = -1, first_ns = -1;
  const std::int64_t until = nowNs() + std::int64_t(seconds * 1e9);
  while (nowNs() < until) {
    const auto s = client.nextSensor(1000);
    if (!s) break;
    if (first < 0) {
      first = std::int64_t(s->time_usec);
      first_ns = nowNs();
    }
    last = std::int64_t(s->time_usec);
    client.drainPoses();
  }
  const double wall_s = double(nowNs() - first_ns) * 1e-9;
  const std::string status = stopDaemon(pid, log);
  const double rate = double(last - first) * 1e-6 / wall_s;
  std::printf("fast: %.2f simulated s per wall s (reader draining)\n  daemon: %s", rate, status.c_str());
  return rate;
}

double bareSimulator(double seconds) {
  auto model = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
  if (!model) std::exit(1);
  auto created = vsim::Simulator::create(*model, vsim::SimulatorConfig{});
  if (!created) std::exit(1);
  vsim::Simulator* sim = &created.value();
  sim->reset(1, vsim::restingState(*model));
  const std::vector<double> duty(std::size_t(model->rotor_count), 0.6);
  sim->setDuties(duty);
  const std::int64_t start = nowNs(), until = start + std::int64_t(seconds * 1e9);
  std::int64_t periods = 0;
  while (nowNs() < until) {
    for (int i = 0; i < 100; ++i) sim->advanceImuPeriod();
    periods += 100;
  }
  const double rate = double(periods) * 1e-3 / (double(nowNs() - start) * 1e-9);
  std::printf("bare Simulator::advanceImuPeriod: %.2f simulated s per wall s\n", rate);
  return rate;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 60;
  bool skip_realtime = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--seconds" && i + 1 < argc) {
      const auto s = navigator::cli::parseNumber(argv[++i]);
      if (!s || *s <= 0) return 2;
      seconds = *s;
    } else if (a == "--skip-realtime") {
      skip_realtime = true;
    } else {
      std::fprintf(stderr, "usage: bench_sim_service [--seconds S] [--skip-realtime]\n");
      return 2;
    }
  }
  std::signal(SIGPIPE, SIG_IGN);
  char dir_template[] = "/tmp/bench_sim_service.XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  if (!skip_realtime) {
    realtime(dir, seconds, 0);
    realtime(dir, seconds, 50);
  }
  lockstep(dir, 10);
  const double piped = fast(dir, 10);
  const double bare = bareSimulator(5);
  std::printf("fast mode / bare simulator: %.2f\n", piped / bare);
  std::filesystem::remove_all(dir);
  return 0;
}
