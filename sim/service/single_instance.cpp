#include "sim/service/single_instance.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <string>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace vsim {
namespace {

int readPid(int fd) {
  char text[32] = {};
  const ssize_t n = ::pread(fd, text, sizeof text - 1, 0);
  if (n <= 0) return 0;
  return std::atoi(text);
}

void sleepMs(int ms) {
  const timespec ts{ms / 1000, long(ms % 1000) * 1'000'000L};
  ::nanosleep(&ts, nullptr);
}

}  // namespace

Result<std::unique_ptr<SingleInstance>> SingleInstance::acquire(const std::string& pidfile, int& previous_pid) {
  previous_pid = 0;
  const auto deadline_ms = 5000;
  for (int waited_ms = 0;;) {
    const int fd = ::open(pidfile.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return Error{pidfile + ": cannot open the pidfile: " + std::strerror(errno)};
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      // The holder we waited for may have unlinked the file as it exited: a lock on an
      // unlinked inode guards nothing, so make sure the path still names our file.
      struct stat held {
      }, named{};
      if (::fstat(fd, &held) == 0 && ::stat(pidfile.c_str(), &named) == 0 && held.st_ino == named.st_ino &&
          held.st_dev == named.st_dev) {
        const std::string text = std::to_string(::getpid()) + "\n";
        if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, text.data(), text.size(), 0) != ssize_t(text.size())) {
          const std::string why = std::strerror(errno);
          ::close(fd);
          return Error{pidfile + ": cannot write the pidfile: " + why};
        }
        return std::unique_ptr<SingleInstance>(new SingleInstance(fd, pidfile));
      }
      ::close(fd);
      continue;
    }
    if (errno != EWOULDBLOCK) {
      const std::string why = std::strerror(errno);
      ::close(fd);
      return Error{pidfile + ": cannot lock the pidfile: " + why};
    }
    // A live instance holds it: ask it to stop, then insist.
    const int pid = readPid(fd);
    ::close(fd);
    if (pid > 0 && pid != ::getpid()) {
      if (previous_pid == 0) {
        previous_pid = pid;
        ::kill(pid, SIGTERM);
      } else if (waited_ms >= 2000) {
        ::kill(pid, SIGKILL);
      }
    }
    if (waited_ms >= deadline_ms)
      return Error{pidfile + ": held by process " + std::to_string(pid) + ", which did not exit within 5 s"};
    sleepMs(10);
    waited_ms += 10;
  }
}

SingleInstance::~SingleInstance() {
  ::unlink(path_.c_str());
  ::close(fd_);
}

}  // namespace vsim
