// One simulator per pipe directory: an flock on a pidfile. Two simulators writing the same
// vsim_imu interleave their frames, and torn bytes decode to NaN. A previous live
// instance holding it is terminated (SIGTERM, then SIGKILL after a grace period) before this
// one may write a single frame. POSIX only.
#pragma once

#include "sim/base/result.h"

#include <memory>
#include <string>

namespace vsim {

class SingleInstance {
 public:
  // Takes the lock on `pidfile`, terminating a holder first, and writes our pid into it.
  // `previous_pid` is set to the pid that was terminated, or 0.
  static Result<std::unique_ptr<SingleInstance>> acquire(const std::string& pidfile, int& previous_pid);
  // Removes the pidfile (while still holding the lock) and releases the lock.
  ~SingleInstance();
  SingleInstance(const SingleInstance&) = delete;
  SingleInstance& operator=(const SingleInstance&) = delete;

 private:
  SingleInstance(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  int fd_;
  std::string path_;
};

}  // namespace vsim
