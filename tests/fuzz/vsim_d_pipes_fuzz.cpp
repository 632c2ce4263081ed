// libFuzzer target for what vsim_d reads from outside: arbitrary bytes on its two input pipes,
// vsim_pwm (MAVLink from the firmware: HIL_ACTUATOR_CONTROLS and anything else) and vsim_ctl
// (JSON control lines), through the real SimService (sim/service/sim_service.cpp) with its
// FIFOs in a scratch folder, driving the simulator for three IMU periods.
//
// Input layout: bytes 0–1 (little-endian, modulo the rest's length + 1) say how many of the
// following bytes go down vsim_pwm; the others go down vsim_ctl. Both are written before the
// service starts, so it reads them all in its first turn, as it would a burst. A service that
// a command paused or put in lockstep (waiting for a firmware nobody runs) is stopped after
// 25 ms of wall time; the verdict never depends on that time.
//
// Checks, each a __builtin_trap() when it fails:
//  - every good frame on vsim_pwm is counted once, as actuator controls or as another kind;
//  - every complete, non-blank control line is counted once, applied or rejected;
//  - the simulator's state is finite, and no more than the three periods asked were simulated;
//  - a rejected line is reported with "vsim_ctl: " and a reason.
#include "sim/config/airframe_file.h"
#include "sim/service/sim_service.h"
#include "tests/fuzz/fuzz_support.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>

namespace {

constexpr int kPeriods = 3;

const vsim::VehicleModel& genericQuad() {
  static const vsim::VehicleModel model = [] {
    auto m = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/generic_quad.yaml");
    CHECK(m.ok());
    return m.value();
  }();
  return model;
}

void writeToPipe(const std::string& path, const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  CHECK(fd >= 0);  // the service holds the read end open
  while (size > 0) {
    const ssize_t k = ::write(fd, data, size);
    CHECK(k > 0);  // inputs are far below a pipe's 64 KiB
    data += k;
    size -= std::size_t(k);
  }
  ::close(fd);
}

std::size_t completeNonBlankLines(const std::uint8_t* data, std::size_t size) {
  std::size_t lines = 0;
  bool blank = true;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == '\n') {
      if (!blank) ++lines;
      blank = true;
    } else if (data[i] != ' ' && data[i] != '\t' && data[i] != '\r') {
      blank = false;
    }
  }
  return lines;
}

// Sets `stop` after `limit` unless the run ended first.
class Stopper {
 public:
  Stopper(std::atomic<bool>& stop, std::chrono::milliseconds limit)
      : thread_([this, &stop, limit] {
          std::unique_lock<std::mutex> lock(mutex_);
          if (!done_cv_.wait_for(lock, limit, [this] { return done_; })) stop = true;
        }) {}
  ~Stopper() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    done_cv_.notify_all();
    thread_.join();
  }

 private:
  std::mutex mutex_;
  std::condition_variable done_cv_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t rest = size - 2;
  const std::size_t pwm_bytes = (std::size_t(data[0]) | std::size_t(data[1]) << 8) % (rest + 1);
  const std::uint8_t* pwm = data + 2;
  const std::uint8_t* ctl = pwm + pwm_bytes;
  const std::size_t ctl_bytes = rest - pwm_bytes;

  vsim::ServiceOptions options;
  options.dir = fuzz::scratchDirectory("vsim_d").string();
  options.mode = vsim::PacingMode::Fast;
  options.seed = 3;
  options.duration_s = kPeriods * 1e-3;
  options.command_folder = NAVIGATOR_SOURCE_DIR "/resources/airframes";
  auto service = vsim::SimService::create(genericQuad(), vsim::SimulatorConfig{}, options);
  CHECK(service.ok());
  // A FIFO keeps nothing once every end has closed: nothing of an earlier input is left in it.
  writeToPipe(options.dir + "/vsim_pwm", pwm, pwm_bytes);
  writeToPipe(options.dir + "/vsim_ctl", ctl, ctl_bytes);

  bool problems_named = true;
  vsim::SimService::Callbacks callbacks;
  callbacks.on_problem = [&](const std::string& problem) {
    if (problem.rfind("vsim_ctl: ", 0) != 0 || problem.size() <= 10) problems_named = false;
  };
  std::atomic<bool> stop{false};
  {
    const Stopper stopper(stop, std::chrono::milliseconds(25));
    service.value()->run(stop, callbacks);
  }
  const vsim::ServiceStatus status = service.value()->status();
  CHECK(problems_named);
  CHECK(std::uint64_t(status.actuator_frames_in + status.other_frames_in) == status.pwm_link.frames);
  CHECK(std::size_t(status.commands_applied + status.commands_rejected) == completeNonBlankLines(ctl, ctl_bytes));
  const vsim::VehicleState& s = service.value()->simulator().state();
  CHECK(s.p_W_m.allFinite() && s.v_W_mps.allFinite() && s.q_WB.coeffs().allFinite() && s.omega_B_radps.allFinite());
  CHECK(status.sim_time_s <= kPeriods * 1e-3 + 1e-9);
  return 0;
}
