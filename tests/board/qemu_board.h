// The emulated board for the board tests: QEMU 7.2's netduinoplus2 (an STM32F405) started
// halted (-S) with USART1 on a pseudo-terminal and the monitor on a unix socket. The test opens
// the terminal before it continues the CPU through the monitor (output before that is lost).
// QEMU is killed and its folder removed whatever happens: by Qemu's destructor on every return
// path, and by a signal handler when the test itself is interrupted or terminated.
#pragma once

#include "tests/support/optional_tools.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

extern char** environ;

namespace navigator::board_test {

// The running QEMU for the signal handler (one per test process).
inline volatile sig_atomic_t g_qemu_pid = -1;
inline char g_monitor_path[128], g_qemu_dir[128];  // set before g_qemu_pid

inline void killQemuAndExit(int signo) {
  if (g_qemu_pid > 0) {
    kill(pid_t(g_qemu_pid), SIGKILL);
    waitpid(pid_t(g_qemu_pid), nullptr, 0);
    unlink(g_monitor_path);
    rmdir(g_qemu_dir);
  }
  _exit(128 + signo);
}

// An interrupted (SIGINT), terminated (SIGTERM, ctest's timeout) or hung-up test kills QEMU too.
inline void killQemuOnSignals() {
  signal(SIGPIPE, SIG_IGN);
  signal(SIGINT, killQemuAndExit);
  signal(SIGTERM, killQemuAndExit);
  signal(SIGHUP, killQemuAndExit);
}

// A test program's failure: the reason on stderr, exit status 1.
inline int fail(const std::string& what) {
  std::fprintf(stderr, "FAIL: %s\n", what.c_str());
  return 1;
}

inline std::string find_in_path(const char* name) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const std::string candidate = dirs.substr(start, end - start) + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return {};
}

// The QEMU tests' two tools, both required (tests/support/optional_tools.h): qemu-system-arm,
// whose path goes to *qemu, and the board image `image` that arm-none-eabi-gcc builds. 0 when
// both are there; otherwise the exit status missingToolExit gives, its message printed.
inline int checkQemuAndImage(const char* image, std::string* qemu) {
  *qemu = navigator::test::findOnPath("qemu-system-arm");
  if (qemu->empty()) return navigator::test::missingToolExit("qemu-system-arm");
  if (access(image, R_OK) != 0)
    return navigator::test::missingToolExit("arm-none-eabi-gcc", std::string("no board image at ") + image);
  return 0;
}

// QEMU and its temporary folder; the destructor kills and reaps it whatever happened.
struct Qemu {
  pid_t pid = -1;
  int output = -1;  // QEMU's stdout+stderr
  int serial = -1;  // the pty of USART1, when start_qemu opened it
  std::string dir, pty;
  ~Qemu() {
    if (pid > 0) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
      g_qemu_pid = -1;
    }
    if (serial >= 0) close(serial);
    if (output >= 0) close(output);
    if (!dir.empty()) {  // the monitor's socket and any a test put there (start_qemu's extra_args)
      if (DIR* d = opendir(dir.c_str())) {
        while (const dirent* e = readdir(d))
          if (std::strcmp(e->d_name, ".") != 0 && std::strcmp(e->d_name, "..") != 0)
            unlink((dir + "/" + e->d_name).c_str());
        closedir(d);
      }
      rmdir(dir.c_str());
    }
  }
};

// Starts QEMU halted with `image` and finds the pty it names; `open_serial` also opens it, raw
// and non-blocking, as q.serial (a test that hands the path to a SerialTransport does not).
// `extra_args` go after USART1's "-serial pty" (the next -serial options are USART2, USART3, UART4,
// UART5, USART6 in that order); "%DIR%" in them becomes q.dir (for sockets the destructor removes).
inline bool start_qemu(Qemu& q, const std::string& qemu, const std::string& image, std::string& error,
                       bool open_serial = true, const std::vector<std::string>& extra_args = {}) {
  char templ[] = "/tmp/navigator_board_XXXXXX";
  if (!mkdtemp(templ)) return error = "mkdtemp failed", false;
  q.dir = templ;
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return error = "pipe failed", false;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 1);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 2);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  const std::string monitor = "unix:" + q.dir + "/monitor,server,nowait";
  std::vector<std::string> args = {qemu,       "-M",    "netduinoplus2", "-nographic", "-S",
                                   "-monitor", monitor, "-serial",       "pty"};
  for (std::string a : extra_args) {
    for (size_t at; (at = a.find("%DIR%")) != std::string::npos;) a.replace(at, 5, q.dir);
    args.push_back(a);
  }
  args.insert(args.end(), {"-kernel", image});
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const int rc = posix_spawn(&q.pid, qemu.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);
  q.output = pipe_fds[0];
  if (rc != 0) {
    q.pid = -1;
    return error = "cannot start " + qemu + ": " + std::strerror(rc), false;
  }
  std::snprintf(g_monitor_path, sizeof g_monitor_path, "%s/monitor", q.dir.c_str());
  std::snprintf(g_qemu_dir, sizeof g_qemu_dir, "%s", q.dir.c_str());
  g_qemu_pid = q.pid;
  // "char device redirected to /dev/pts/N (label serial0)"
  std::string text;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd p{q.output, POLLIN, 0};
    if (poll(&p, 1, 100) > 0) {
      char buffer[512];
      const ssize_t n = read(q.output, buffer, sizeof buffer);
      if (n <= 0) break;
      text.append(buffer, static_cast<size_t>(n));
    }
    const size_t at = text.find("/dev/pts/");
    if (at == std::string::npos) continue;
    const size_t end = text.find_first_of(" \n)", at);
    if (end == std::string::npos) continue;
    q.pty = text.substr(at, end - at);
    std::printf("QEMU's USART1 is %s\n", q.pty.c_str());
    if (!open_serial) return true;
    q.serial = open(q.pty.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (q.serial < 0) return error = "cannot open " + q.pty + ": " + std::strerror(errno), false;
    termios t{};
    tcgetattr(q.serial, &t);
    cfmakeraw(&t);
    tcsetattr(q.serial, TCSANOW, &t);
    return true;
  }
  return error = "QEMU did not name its pty; it said: " + text, false;
}

// Sends one monitor command ("cont") through the unix socket, retrying until QEMU listens.
inline bool monitor_command(const Qemu& q, const std::string& command) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::snprintf(address.sun_path, sizeof address.sun_path, "%s/monitor", q.dir.c_str());
  for (int attempt = 0; attempt < 50; ++attempt) {
    const int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (s >= 0 && connect(s, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
      const std::string line = command + "\n";
      const bool ok = write(s, line.data(), line.size()) == static_cast<ssize_t>(line.size());
      usleep(100000);  // let QEMU read it before the socket closes
      close(s);
      return ok;
    }
    if (s >= 0) close(s);
    usleep(100000);
  }
  return false;
}

}  // namespace navigator::board_test
