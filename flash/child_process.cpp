#include "flash/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <sysexits.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace navigator::flash {

namespace {

using Clock = std::chrono::steady_clock;

// Cuts a byte stream into lines at '\n' and '\r'.
class LineSplitter {
 public:
  LineSplitter(const ChildLineHandler& on_line, bool from_stderr) : on_line_(on_line), from_stderr_(from_stderr) {}
  void feed(const char* data, size_t size) {
    for (size_t i = 0; i < size; ++i) {
      const char c = data[i];
      if (c == '\n' || c == '\r') {
        flush();
      } else {
        line_.push_back(c);
      }
    }
  }
  void flush() {
    if (!line_.empty() && on_line_) on_line_(line_, from_stderr_);
    line_.clear();
  }

 private:
  const ChildLineHandler& on_line_;
  bool from_stderr_;
  std::string line_;
};

const char* sysexitName(int code) {
  switch (code) {
    case EX_USAGE:
      return "EX_USAGE";
    case EX_DATAERR:
      return "EX_DATAERR";
    case EX_NOINPUT:
      return "EX_NOINPUT";
    case EX_NOUSER:
      return "EX_NOUSER";
    case EX_NOHOST:
      return "EX_NOHOST";
    case EX_UNAVAILABLE:
      return "EX_UNAVAILABLE";
    case EX_SOFTWARE:
      return "EX_SOFTWARE";
    case EX_OSERR:
      return "EX_OSERR";
    case EX_OSFILE:
      return "EX_OSFILE";
    case EX_CANTCREAT:
      return "EX_CANTCREAT";
    case EX_IOERR:
      return "EX_IOERR";
    case EX_TEMPFAIL:
      return "EX_TEMPFAIL";
    case EX_PROTOCOL:
      return "EX_PROTOCOL";
    case EX_NOPERM:
      return "EX_NOPERM";
    case EX_CONFIG:
      return "EX_CONFIG";
    default:
      return nullptr;
  }
}

void closeFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

// The child's side between fork and exec, async-signal-safe calls only: it asks for SIGKILL
// when the station dies, starts with no signal blocked and the stop signals at their defaults
// (whatever the calling program — a Qt application may ignore SIGPIPE — did with its own),
// reads /dev/null, writes to the pipes, and execs; a failure's errno goes to `exec_fd`.
[[noreturn]] void execChild(char* const* c_argv, pid_t parent, int out_fd, int err_fd, int exec_fd) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(127);  // the station died before the line above
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int sig : {SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE}) ::signal(sig, SIG_DFL);
  const int null_fd = ::open("/dev/null", O_RDONLY);
  if (null_fd < 0 || ::dup2(null_fd, STDIN_FILENO) < 0 || ::dup2(out_fd, STDOUT_FILENO) < 0 ||
      ::dup2(err_fd, STDERR_FILENO) < 0) {
    const int e = errno;
    (void)!::write(exec_fd, &e, sizeof e);
    ::_exit(127);
  }
  ::execvp(c_argv[0], c_argv);
  const int e = errno;
  (void)!::write(exec_fd, &e, sizeof e);
  ::_exit(127);
}

// A started child: its pid and the read ends of its stdout and stderr; or why it did not start.
struct Spawned {
  pid_t pid = -1;
  int out_fd = -1, err_fd = -1;
  int spawn_errno = 0;  // 0: started
};

// Starts `argv` with its output on two pipes. fork and exec rather than posix_spawn: the child
// must first ask for SIGKILL when we die (prctl PR_SET_PDEATHSIG), so a station killed
// mid-flash leaves no dfu-util behind. An exec failure comes back as its errno through a
// close-on-exec pipe.
Spawned spawnChild(const std::vector<std::string>& argv) {
  Spawned s;
  int out_pipe[2] = {-1, -1};
  int err_pipe[2] = {-1, -1};
  int exec_pipe[2] = {-1, -1};
  if (::pipe2(out_pipe, O_CLOEXEC) != 0 || ::pipe2(err_pipe, O_CLOEXEC) != 0 || ::pipe2(exec_pipe, O_CLOEXEC) != 0) {
    s.spawn_errno = errno;
    for (int* fd : {&out_pipe[0], &out_pipe[1], &err_pipe[0], &err_pipe[1]}) closeFd(*fd);
    return s;
  }
  std::vector<char*> c_argv;
  c_argv.reserve(argv.size() + 1);
  for (const std::string& a : argv) c_argv.push_back(const_cast<char*>(a.c_str()));
  c_argv.push_back(nullptr);
  const pid_t parent = ::getpid();

  const pid_t pid = ::fork();
  if (pid == 0) execChild(c_argv.data(), parent, out_pipe[1], err_pipe[1], exec_pipe[1]);
  const int fork_errno = errno;
  closeFd(out_pipe[1]);
  closeFd(err_pipe[1]);
  closeFd(exec_pipe[1]);
  int exec_errno = 0;
  if (pid > 0) {
    ssize_t n;
    do n = ::read(exec_pipe[0], &exec_errno, sizeof exec_errno);
    while (n < 0 && errno == EINTR);
    if (n != ssize_t(sizeof exec_errno)) exec_errno = 0;  // closed by a successful exec
  }
  closeFd(exec_pipe[0]);
  if (pid < 0 || exec_errno != 0) {
    if (pid > 0) {
      int ignored = 0;
      while (::waitpid(pid, &ignored, 0) < 0 && errno == EINTR) {
      }
    }
    s.spawn_errno = pid < 0 ? fork_errno : exec_errno;
    closeFd(out_pipe[0]);
    closeFd(err_pipe[0]);
    return s;
  }
  s.pid = pid;
  s.out_fd = out_pipe[0];
  s.err_fd = err_pipe[0];
  return s;
}

// How the child ended, as waitpid's status says (`known`: false when SIGCHLD is ignored and
// the system reaped it).
void recordEnd(bool known, int status, ChildProcessResult& result) {
  if (!known) {
    // neither exited nor signalled: describeChildEnd says "ended in an unknown way"
  } else if (WIFEXITED(status)) {
    result.exited = true;
    result.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.term_signal = WTERMSIG(status);
  }
}

// Reads the child's output line by line until it has ended and its pipes are closed (or a
// second after it ended: something it started may hold them open); SIGTERM on a cancel or the
// timeout, SIGKILL kill_grace after that.
void superviseChild(const Spawned& child, const ChildLineHandler& on_line, const ChildProcessOptions& options,
                    ChildProcessResult& result) {
  const pid_t pid = child.pid;
  LineSplitter out_lines(on_line, false);
  LineSplitter err_lines(on_line, true);
  LineSplitter* splitters[2] = {&out_lines, &err_lines};
  pollfd fds[2] = {{child.out_fd, POLLIN, 0}, {child.err_fd, POLLIN, 0}};

  const FlashClock& clock = options.clock != nullptr ? *options.clock : steadyFlashClock();
  const Clock::time_point started = clock.now();
  Clock::time_point term_sent_at{};
  Clock::time_point reaped_at{};
  bool term_sent = false;
  bool reaped = false;
  bool status_known = false;  // not when SIGCHLD is ignored (the system reaps then: ECHILD)
  int status = 0;
  char buffer[4096];

  for (;;) {
    const Clock::time_point now = clock.now();
    if (reaped && fds[0].fd < 0 && fds[1].fd < 0) break;
    // Something the program started may hold the pipes open after it has gone: stop reading then.
    if (reaped && now - reaped_at > std::chrono::seconds(1)) break;
    if (!reaped && !term_sent) {
      const bool cancel = options.cancel != nullptr && options.cancel->load();
      const bool late = options.timeout.count() > 0 && now - started >= options.timeout;
      if (cancel || late) {
        result.cancelled = cancel;
        result.timed_out = !cancel;
        ::kill(pid, SIGTERM);
        term_sent = true;
        term_sent_at = now;
      }
    }
    if (!reaped && term_sent && !result.needed_kill && now - term_sent_at >= options.kill_grace) {
      ::kill(pid, SIGKILL);
      result.needed_kill = true;
    }

    const int ready = ::poll(fds, 2, 20);
    if (ready > 0) {
      for (int i = 0; i < 2; ++i) {
        if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
        const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
        if (n > 0) {
          splitters[i]->feed(buffer, static_cast<size_t>(n));
        } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
          closeFd(fds[i].fd);
          splitters[i]->flush();
        }
      }
    }
    if (!reaped) {
      const pid_t w = ::waitpid(pid, &status, WNOHANG);
      if (w == pid || (w < 0 && errno != EINTR)) {
        status_known = w == pid;
        reaped = true;
        reaped_at = clock.now();
      }
    }
  }
  for (int i = 0; i < 2; ++i) {
    closeFd(fds[i].fd);
    splitters[i]->flush();
  }
  recordEnd(status_known, status, result);
}

}  // namespace

ChildProcessResult runChildProcess(const std::vector<std::string>& argv, const ChildLineHandler& on_line,
                                   const ChildProcessOptions& options) {
  ChildProcessResult result;
  if (argv.empty() || argv[0].empty()) {
    result.spawn_errno = ENOENT;
    return result;
  }
  const Spawned child = spawnChild(argv);
  if (child.spawn_errno != 0) {
    result.spawn_errno = child.spawn_errno;
    return result;
  }
  superviseChild(child, on_line, options, result);
  return result;
}

std::string describeChildEnd(const ChildProcessResult& result) {
  if (!result.started()) return std::string("could not be started: ") + std::strerror(result.spawn_errno);
  if (result.exited) {
    std::string text = "exited with status " + std::to_string(result.exit_code);
    if (const char* name = sysexitName(result.exit_code)) text += std::string(" (") + name + ")";
    return text;
  }
  if (result.term_signal != 0) {
    std::string text = "was killed by signal " + std::to_string(result.term_signal);
    if (const char* abbrev = sigabbrev_np(result.term_signal)) text += std::string(" (SIG") + abbrev + ")";
    return text;
  }
  return "ended in an unknown way";
}

std::vector<std::string> splitChildOutputLines(const std::string& text) {
  std::vector<std::string> lines;
  const ChildLineHandler collect = [&lines](const std::string& line, bool) { lines.push_back(line); };
  LineSplitter splitter(collect, false);
  splitter.feed(text.data(), text.size());
  splitter.flush();
  return lines;
}

}  // namespace navigator::flash
