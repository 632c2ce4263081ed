// Test helper: the firmware's end of the SITL pipes (reads vsim_imu and vsim_pose, writes
// vsim_pwm and vsim_ctl), over the project's MAVLink codec. POSIX; one thread.
#pragma once

#include "firmware/mavlink/mavlink_codec.h"

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <fcntl.h>
#include <optional>
#include <poll.h>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

class SitlPipeClient {
 public:
  explicit SitlPipeClient(std::string dir) : dir_(std::move(dir)) {
    mavlink_parser_init(&imu_parser_);
    mavlink_parser_init(&pose_parser_);
  }
  ~SitlPipeClient() { closeAll(); }

  // Opens the reading ends (which never block) and the writing ends (which need the
  // daemon's reading end: retried until `timeout_ms`). Returns false on timeout.
  bool open(int timeout_ms = 5000) {
    return retryFor(timeout_ms, [this] {
      if (imu_ < 0) imu_ = ::open((dir_ + "/vsim_imu").c_str(), O_RDONLY | O_NONBLOCK);
      if (pose_ < 0) pose_ = ::open((dir_ + "/vsim_pose").c_str(), O_RDONLY | O_NONBLOCK);
      if (pwm_ < 0) pwm_ = ::open((dir_ + "/vsim_pwm").c_str(), O_WRONLY | O_NONBLOCK);
      if (ctl_ < 0) ctl_ = ::open((dir_ + "/vsim_ctl").c_str(), O_WRONLY | O_NONBLOCK);
      return imu_ >= 0 && pose_ >= 0 && pwm_ >= 0 && ctl_ >= 0;
    });
  }

  // Only the pose pipe, as a viewer does: opening vsim_imu too would make this client a second
  // reader that takes frames meant for the firmware.
  bool openPoseOnly() {
    pose_ = ::open((dir_ + "/vsim_pose").c_str(), O_RDONLY | O_NONBLOCK);
    return pose_ >= 0;
  }

  // Only the control pipe, as a ground station's reset button does (vsim_ctl's reader is the
  // daemon: retried until `timeout_ms`).
  bool openControlOnly(int timeout_ms = 5000) {
    return retryFor(timeout_ms, [this] {
      if (ctl_ < 0) ctl_ = ::open((dir_ + "/vsim_ctl").c_str(), O_WRONLY | O_NONBLOCK);
      return ctl_ >= 0;
    });
  }

  // Calls `attempt` until it succeeds or `timeout_ms` has passed: a FIFO's writing end opens
  // only once the daemon has its reading end, and there is nothing to wait on but trying again
  // (a bound on a hang, not a verdict).
  template <class Attempt>
  static bool retryFor(int timeout_ms, Attempt attempt) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      if (attempt()) return true;
      if (std::chrono::steady_clock::now() >= until) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }

  void closeAll() {
    for (int* fd : {&imu_, &pose_, &pwm_, &ctl_})
      if (*fd >= 0) {
        ::close(*fd);
        *fd = -1;
      }
  }

  // The next frame on vsim_imu (HIL_SENSOR or HIL_GPS), or nothing after `timeout_ms`.
  std::optional<mavlink_frame_t> nextImuFrame(int timeout_ms) {
    return nextFrame(imu_, imu_parser_, imu_pending_, timeout_ms);
  }

  // The next HIL_SENSOR, skipping other frames.
  std::optional<mavlink_hil_sensor_t> nextSensor(int timeout_ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    while (std::chrono::steady_clock::now() < until) {
      const auto f = nextImuFrame(timeout_ms);
      mavlink_hil_sensor_t s;
      if (f && mavlink_hil_sensor_decode(&*f, &s)) return s;
    }
    return std::nullopt;
  }

  // Every pose frame available now.
  std::vector<mavlink_frame_t> drainPoses() {
    std::vector<mavlink_frame_t> out;
    while (auto f = nextFrame(pose_, pose_parser_, pose_pending_, 0)) out.push_back(*f);
    return out;
  }

  void sendActuators(std::uint64_t time_usec, const std::vector<float>& duties) {
    mavlink_hil_actuator_controls_t a{};
    a.time_usec = time_usec;
    for (std::size_t i = 0; i < duties.size() && i < 16; ++i) a.controls[i] = duties[i];
    std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_hil_actuator_controls_pack(&sender_, &a, frame);
    sendPwmBytes(std::vector<std::uint8_t>(frame, frame + n));
  }

  void sendPwmBytes(const std::vector<std::uint8_t>& bytes) { writeAll(pwm_, bytes.data(), bytes.size()); }
  void sendControl(const std::string& text) { writeAll(ctl_, text.data(), text.size()); }

  const mavlink_parser_stats_t& imuStats() const { return imu_parser_.stats; }

 private:
  static void writeAll(int fd, const void* data, std::size_t n) {
    const char* p = static_cast<const char*>(data);
    while (n > 0) {
      const ssize_t w = ::write(fd, p, n);
      if (w > 0) {
        p += w;
        n -= std::size_t(w);
      } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        return;
      } else {
        std::this_thread::sleep_for(std::chrono::microseconds(100));
      }
    }
  }

  struct Pending {
    std::uint8_t bytes[4096];
    std::size_t at = 0, size = 0;
  };

  static std::optional<mavlink_frame_t> nextFrame(int fd, mavlink_parser_t& parser, Pending& pending, int timeout_ms) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
    for (;;) {
      mavlink_frame_t f;
      bool got = false;
      const std::size_t used = mavlink_parse(&parser, pending.bytes + pending.at, pending.size - pending.at, &f, &got);
      pending.at += used;
      if (got) return f;
      pending.at = pending.size = 0;
      const ssize_t n = ::read(fd, pending.bytes, sizeof pending.bytes);
      if (n > 0) {
        pending.size = std::size_t(n);
        continue;
      }
      if (std::chrono::steady_clock::now() >= until) return std::nullopt;
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, 1) > 0 && (p.revents & POLLHUP) && !(p.revents & POLLIN))
        std::this_thread::sleep_for(std::chrono::milliseconds(1));  // no writer right now
    }
  }

  std::string dir_;
  int imu_ = -1, pose_ = -1, pwm_ = -1, ctl_ = -1;
  mavlink_parser_t imu_parser_{}, pose_parser_{};
  Pending imu_pending_, pose_pending_;
  mavlink_sender_t sender_{1, 1, 0};
};
