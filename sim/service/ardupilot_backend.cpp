#include "sim/service/ardupilot_backend.h"

#include "sim/service/sockets.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <sys/socket.h>

namespace vsim {
namespace {

std::uint16_t le16(const std::uint8_t* p) { return std::uint16_t(p[0] | (p[1] << 8)); }
std::uint32_t le32(const std::uint8_t* p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}
void put16(std::uint8_t* p, std::uint16_t v) {
  p[0] = std::uint8_t(v);
  p[1] = std::uint8_t(v >> 8);
}

// A JSON number: finite, shortest round-trip-safe precision. A non-finite value (it cannot
// reach here past the simulator's sanitiser) is written as 0 rather than as invalid JSON.
std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", std::isfinite(v) ? v : 0.0);
  return text;
}

std::string vector3(const Eigen::Vector3d& v) {
  return "[" + number(v.x()) + "," + number(v.y()) + "," + number(v.z()) + "]";
}

}  // namespace

std::array<std::uint8_t, kArduPilotServoPacketBytes> encodeServoPacket(const ArduPilotServoPacket& packet) {
  std::array<std::uint8_t, kArduPilotServoPacketBytes> bytes{};
  put16(&bytes[0], packet.magic);
  put16(&bytes[2], packet.frame_rate_hz);
  put16(&bytes[4], std::uint16_t(packet.frame_count));
  put16(&bytes[6], std::uint16_t(packet.frame_count >> 16));
  for (std::size_t i = 0; i < 16; ++i) put16(&bytes[8 + 2 * i], packet.pwm_us[i]);
  return bytes;
}

Result<ArduPilotServoPacket> decodeServoPacket(const std::uint8_t* data, std::size_t length) {
  if (length < 2) return Error{"a " + std::to_string(length) + "-byte datagram is not a servo packet"};
  ArduPilotServoPacket packet;
  packet.magic = le16(data);
  if (packet.magic != kArduPilotServoMagic16)
    return Error{"magic " + std::to_string(packet.magic) + " is not a 16-channel servo packet's " +
                 std::to_string(kArduPilotServoMagic16)};
  if (length != kArduPilotServoPacketBytes)
    return Error{"a servo packet is 40 bytes, this one " + std::to_string(length)};
  packet.frame_rate_hz = le16(data + 2);
  packet.frame_count = le32(data + 4);
  for (std::size_t i = 0; i < 16; ++i) packet.pwm_us[i] = le16(data + 8 + 2 * i);
  return packet;
}

std::string arduPilotState(const Simulator& sim) {
  const VehicleState& s = sim.state();
  const SensorFrame& f = sim.frame();
  const double timestamp_s = double(sim.timeNs()) * 1e-9;
  char time_text[32];
  std::snprintf(time_text, sizeof time_text, "%.6f", timestamp_s);  // whole µs
  return std::string("\n{\"timestamp\":") + time_text +
         ",\"imu\":{\"gyro\":" + vector3(gyroBody_radps(sim.model(), f)) +
         ",\"accel_body\":" + vector3(accelBody_mps2(sim.model(), f)) + "},\"position\":" + vector3(s.p_W_m) +
         ",\"velocity\":" + vector3(s.v_W_mps) + ",\"quaternion\":[" + number(s.q_WB.w()) + "," + number(s.q_WB.x()) +
         "," + number(s.q_WB.y()) + "," + number(s.q_WB.z()) + "]}\n";
}

Result<std::unique_ptr<ArduPilotBackend>> ArduPilotBackend::create(const VehicleModel& model,
                                                                   const AutopilotOptions& options) {
  const std::string name = "ArduPilot #" + std::to_string(options.instance);
  auto map = quadXOutputMap(model);
  if (!map) return Error{name + ": " + map.error().message};
  const int port =
      (options.base_port > 0 ? options.base_port : kArduPilotBasePort) + kArduPilotPortStride * options.instance;
  auto fd = bindUdp(options.listen_address, port);
  if (!fd) return Error{name + ": " + fd.error().message};
  return std::unique_ptr<ArduPilotBackend>(new ArduPilotBackend(model, options, *map, *fd, port));
}

ArduPilotBackend::ArduPilotBackend(const VehicleModel& model, const AutopilotOptions& options,
                                   std::array<int, 4> output_map, int fd, int port)
    : AutopilotBackend("ArduPilot #" + std::to_string(options.instance) + " (UDP " + std::to_string(port) + ")",
                       model.rotor_count, options.silence_timeout_ns),
      output_map_(output_map),
      imu_rate_hz_(options.imu_rate_hz),
      fd_(fd) {}

ArduPilotBackend::~ArduPilotBackend() { closeFd(fd_); }

void ArduPilotBackend::receive(std::vector<std::string>& events) {
  std::uint8_t buffer[512];
  for (;;) {
    sockaddr_in from{};
    socklen_t from_length = sizeof from;
    const ssize_t n = ::recvfrom(fd_, buffer, sizeof buffer, 0, reinterpret_cast<sockaddr*>(&from), &from_length);
    if (n < 0) {
      if (errno == EINTR) continue;
      return;  // EAGAIN: nothing more
    }
    auto packet = decodeServoPacket(buffer, std::size_t(n));
    if (!packet) {
      ++status_.rejected_in;
      if (packet.error().message != last_rejection_) events.push_back(name() + ": ignored: " + packet.error().message);
      last_rejection_ = packet.error().message;
      continue;
    }
    onPacket(*packet, from, events);
  }
}

void ArduPilotBackend::onPacket(const ArduPilotServoPacket& packet, const sockaddr_in& from,
                                std::vector<std::string>& events) {
  if (have_frame_ && packet.frame_count == last_frame_count_) {
    // ArduPilot heard nothing and sent the same frame again: it gets the same answer.
    if (!last_state_.empty()) reply(last_state_);
    return;
  }
  if (have_frame_ && packet.frame_count < last_frame_count_)
    events.push_back(name() + ": ArduPilot restarted (frame " + std::to_string(packet.frame_count) + " after " +
                     std::to_string(last_frame_count_) + ")");
  if (!status_.connected) {
    status_.connected = true;
    ++status_.connects;
    std::string event =
        name() + ": ArduPilot connected, asks for " + std::to_string(packet.frame_rate_hz) + " Hz frames";
    if (imu_rate_hz_ > 0) {
      event += ", stepped at " + std::to_string(imu_rate_hz_) + " Hz";
      if (imu_rate_hz_ < kArduPilotMinGyroRateHz)
        event += " — below the " + std::to_string(kArduPilotMinGyroRateHz) +
                 " Hz ArduCopter's arming check wants at its default 400 Hz loop (it will refuse to arm: use an IMU "
                 "rate of 1000 Hz)";
    }
    events.push_back(event);
  }
  have_frame_ = true;
  last_frame_count_ = packet.frame_count;
  peer_ = from;
  status_.autopilot_time_us = last_timestamp_us_;  // it has taken in the last state it was sent
  bool armed = false;
  for (std::size_t k = 0; k < output_map_.size(); ++k) {
    const int pwm = packet.pwm_us[k];
    armed = armed || pwm > 1000;
    duties_[std::size_t(output_map_[k])] = std::clamp((double(pwm) - 1000.0) / 1000.0, 0.0, 1.0);
  }
  if (armed != status_.armed) events.push_back(name() + (armed ? ": motors running" : ": motors stopped"));
  status_.armed = armed;
  reply_due_ = true;
  noteAnswer(last_timestamp_us_, events);
}

void ArduPilotBackend::sendState(const Simulator& sim, std::int64_t now_ns) {
  if (!reply_due_) return;  // exactly one state per servo packet
  reply_due_ = false;
  last_state_ = arduPilotState(sim);
  last_timestamp_us_ = sim.timeNs() / 1000;
  reply(last_state_);
  noteStateSent(last_timestamp_us_, now_ns);
}

void ArduPilotBackend::reply(const std::string& state) {
  if (::sendto(fd_, state.data(), state.size(), MSG_DONTWAIT | MSG_NOSIGNAL, reinterpret_cast<const sockaddr*>(&peer_),
               sizeof peer_) < 0)
    ++status_.frames_dropped;
}

}  // namespace vsim
