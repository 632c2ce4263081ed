// FdMavlink: a MAVLink endpoint on a raw file descriptor (a pseudo-terminal's end, a QEMU
// USART), for the tests that play a ground station or a board without Qt: send() packs and
// writes a whole frame, readUntil() parses everything that arrives and hands each frame over
// until the handler says it has what it waited for (nothing read after that frame is lost).
#pragma once

#include "firmware/mavlink/mavlink_codec.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <functional>

namespace navigator::test {

class FdMavlink {
 public:
  FdMavlink(int fd, std::uint8_t sysid, std::uint8_t compid) : fd_(fd), sender_{sysid, compid, 0} {
    mavlink_parser_init(&parser_);
  }

  // Writes one frame whole, waiting while the descriptor is full; false when it fails.
  bool send(std::uint32_t msgid, const void* message) {
    std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&sender_, msgid, message, frame);
    std::size_t done = 0;
    while (done < n) {
      const ssize_t w = ::write(fd_, frame + done, n - done);
      if (w > 0)
        done += std::size_t(w);
      else if (w < 0 && errno != EAGAIN)
        return false;
      else
        ::usleep(200);
    }
    return true;
  }

  // Hands every frame read to `done` until it returns true (then true) or `limit` passes
  // (then false).
  bool readUntil(std::chrono::milliseconds limit, const std::function<bool(const mavlink_frame_t&)>& done) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline)
      if (readOnce(20, done)) return true;
    return false;
  }

  // Waits up to `wait_ms` for bytes and hands each frame in them to `on_frame`; true when one
  // of its calls returned true.
  bool readOnce(int wait_ms, const std::function<bool(const mavlink_frame_t&)>& on_frame) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, wait_ms) <= 0) return false;
    std::uint8_t buffer[512];
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n <= 0) return false;
    const std::uint8_t* data = buffer;
    std::size_t left = std::size_t(n);
    bool got = false, finished = false;
    do {  // parse the whole read: nothing after the awaited frame is lost
      mavlink_frame_t frame;
      const std::size_t used = mavlink_parse(&parser_, data, left, &frame, &got);
      data += used;
      left -= used;
      if (got && on_frame(frame)) finished = true;
    } while (got);
    return finished;
  }

  const mavlink_parser_stats_t& stats() const { return parser_.stats; }

 private:
  int fd_;
  mavlink_parser_t parser_{};
  mavlink_sender_t sender_;
};

}  // namespace navigator::test
