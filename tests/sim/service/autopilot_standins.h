// TEST-ONLY STAND-INS for the autopilots' side of the simulator protocols. They are not PX4
// and not ArduPilot: each plays only what the published contract (PX4's simulator_mavlink
// documentation; ArduPilot's SIM_JSON README) says the autopilot does on the wire, so the
// world's side can be tested without either program installed.
//
//   Px4StandIn        connects to TCP PORT, sends HEARTBEAT (MAV_AUTOPILOT_PX4, quadrotor) then
//                     COMMAND_LONG SET_MESSAGE_INTERVAL(HIL_STATE_QUATERNION), and answers every
//                     HIL_SENSOR with one HIL_ACTUATOR_CONTROLS stamped with that frame's
//                     time_usec (its lockstep clock), `mode` 128 when armed.
//   ArduPilotStandIn  sends 40-byte servo packets to UDP PORT, one per JSON state received,
//                     frame_count + 1 each; its clock advances by the timestamps' difference;
//                     it resends the same packet when nothing comes back.
//
// Each records what it received for the tests' assertions. POSIX sockets, one thread each.
#pragma once

#include "firmware/mavlink/mavlink_codec.h"
#include "sim/service/ardupilot_backend.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <arpa/inet.h>
#include <atomic>
#include <cstring>
#include <netinet/in.h>
#include <optional>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>
#include <memory>
#include <thread>
#include <vector>

class Px4StandIn {
 public:
  explicit Px4StandIn(int port, std::uint8_t sysid = 1) : port_(port) {
    mavlink_parser_init(&parser_);
    sender_ = {sysid, 1, 0};
  }
  ~Px4StandIn() { disconnect(); }

  // What it does with its outputs; the tests change these between runs.
  std::atomic<bool> armed{false};
  float controls[16]{};                     // sent as they are, armed or not (the world must zero them when disarmed)
  std::int64_t state_interval_us = 20'000;  // asked for HIL_STATE_QUATERNION; <= 0: not asked
  // Silent from this lockstep time on [µs]: a HIL_SENSOR stamped at or after it is held, not
  // answered (-1: every one is answered). Set back to -1, the held one is answered at once.
  std::atomic<std::int64_t> silent_from_us{-1};
  std::atomic<std::int64_t> last_sensor_us{-1};  // the time_usec of the last HIL_SENSOR, for any thread

  bool connect() {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(std::uint16_t(port_));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
      disconnect();
      return false;
    }
    mavlink_heartbeat_t heartbeat{};
    heartbeat.type = 2;        // MAV_TYPE_QUADROTOR
    heartbeat.autopilot = 12;  // MAV_AUTOPILOT_PX4
    heartbeat.mavlink_version = 3;
    send(MAVLINK_MSG_ID_HEARTBEAT, &heartbeat);
    if (state_interval_us > 0) {
      mavlink_command_long_t command{};
      command.command = 511;  // MAV_CMD_SET_MESSAGE_INTERVAL
      command.param1 = float(MAVLINK_MSG_ID_HIL_STATE_QUATERNION);
      command.param2 = float(state_interval_us);
      send(MAVLINK_MSG_ID_COMMAND_LONG, &command);
    }
    return true;
  }
  void disconnect() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }

  // Waits up to `timeout_ms` for bytes and handles every complete frame; false when the
  // simulator closed the connection.
  bool serviceOnce(int timeout_ms) {
    if (held_us_ >= 0 && silent_from_us.load() < 0) {
      answer(std::uint64_t(held_us_));
      held_us_ = -1;
    }
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, timeout_ms) <= 0) return true;
    std::uint8_t buffer[8192];
    const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
    if (n <= 0) return false;
    mavlink_parse_all(
        &parser_, buffer, std::size_t(n),
        [](void* self, const mavlink_frame_t* f) { static_cast<Px4StandIn*>(self)->onFrame(*f); }, this);
    return true;
  }
  // Serves until `stop` or the connection closes.
  void serve(const std::atomic<bool>& stop) {
    while (!stop.load() && serviceOnce(20)) {
    }
  }

  // What it heard.
  std::vector<mavlink_hil_sensor_t> sensors;
  std::vector<mavlink_hil_gps_t> gps;
  std::vector<mavlink_hil_state_quaternion_t> truths;
  std::vector<mavlink_command_ack_t> acks;
  // Its lockstep clock: the time_usec of the last HIL_SENSOR, and how far it moved since the first.
  std::int64_t clock_us = -1, first_clock_us = -1;
  std::int64_t clock_steps_irregular = 0;  // a step other than `expected_step_us` (0: any)
  std::int64_t expected_step_us = 0;
  std::int64_t answered = 0;

 private:
  void onFrame(const mavlink_frame_t& frame) {
    if (frame.msgid == MAVLINK_MSG_ID_HIL_SENSOR) {
      mavlink_hil_sensor_t m;
      mavlink_hil_sensor_decode(&frame, &m);
      sensors.push_back(m);
      const std::int64_t t = std::int64_t(m.time_usec);
      if (clock_us >= 0 && expected_step_us > 0 && t - clock_us != expected_step_us) ++clock_steps_irregular;
      if (first_clock_us < 0) first_clock_us = t;
      clock_us = t;
      last_sensor_us = t;
      const std::int64_t silent_from = silent_from_us.load();
      if (silent_from >= 0 && t >= silent_from)
        held_us_ = t;
      else
        answer(m.time_usec);
    } else if (frame.msgid == MAVLINK_MSG_ID_HIL_GPS) {
      mavlink_hil_gps_t m;
      mavlink_hil_gps_decode(&frame, &m);
      gps.push_back(m);
    } else if (frame.msgid == MAVLINK_MSG_ID_HIL_STATE_QUATERNION) {
      mavlink_hil_state_quaternion_t m;
      mavlink_hil_state_quaternion_decode(&frame, &m);
      truths.push_back(m);
    } else if (frame.msgid == MAVLINK_MSG_ID_COMMAND_ACK) {
      mavlink_command_ack_t m;
      mavlink_command_ack_decode(&frame, &m);
      acks.push_back(m);
    }
  }
  void answer(std::uint64_t time_usec) {
    mavlink_hil_actuator_controls_t out{};
    out.time_usec = time_usec;
    out.mode = armed.load() ? 128 : 0;
    for (int i = 0; i < 16; ++i) out.controls[i] = controls[i];
    send(MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS, &out);
    ++answered;
  }
  void send(std::uint32_t msgid, const void* message) {
    std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&sender_, msgid, message, frame);
    std::size_t sent = 0;
    while (sent < n) {
      const ssize_t k = ::send(fd_, frame + sent, n - sent, MSG_NOSIGNAL);
      if (k <= 0) return;
      sent += std::size_t(k);
    }
  }

  int port_;
  int fd_ = -1;
  std::int64_t held_us_ = -1;  // a HIL_SENSOR's time held unanswered while silent
  mavlink_parser_t parser_{};
  mavlink_sender_t sender_{};
};

// One JSON state as ArduPilot's SIM_JSON reads it.
struct ArduPilotState {
  double timestamp_s = 0;
  double gyro[3]{}, accel_body[3]{}, position[3]{}, velocity[3]{}, quaternion[4]{};
  QString raw;
};

class ArduPilotStandIn {
 public:
  // 1200 Hz: what ArduCopter (upstream 90700977) announced in its packets when flown here.
  explicit ArduPilotStandIn(int port, std::uint16_t frame_rate_hz = 1200) : frame_rate_hz_(frame_rate_hz) {
    fd_ = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    to_.sin_family = AF_INET;
    to_.sin_port = htons(std::uint16_t(port));
    to_.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  }
  ~ArduPilotStandIn() { ::close(fd_); }

  std::array<std::uint16_t, 16> pwm_us{};  // what it commands (1000: motor stopped)

  // Sends the next servo packet (frame_count + 1).
  void sendNext() {
    ++frame_count_;
    sendCurrent();
  }
  // Sends the same packet again, as ArduPilot does after about a second of silence.
  void sendCurrent() {
    vsim::ArduPilotServoPacket packet;
    packet.frame_rate_hz = frame_rate_hz_;
    packet.frame_count = frame_count_;
    packet.pwm_us = pwm_us;
    const auto bytes = vsim::encodeServoPacket(packet);
    sendRaw(bytes.data(), bytes.size());
  }
  void sendRaw(const void* data, std::size_t n) {
    ::sendto(fd_, data, n, 0, reinterpret_cast<const sockaddr*>(&to_), sizeof to_);
  }

  // The next datagram within `timeout_ms`, parsed; nothing on timeout. A datagram that is not
  // "\n{json}\n" with every field counts in malformed.
  std::optional<ArduPilotState> receive(int timeout_ms) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, timeout_ms) <= 0) return std::nullopt;
    char buffer[2048];
    const ssize_t n = ::recv(fd_, buffer, sizeof buffer, 0);
    if (n <= 0) return std::nullopt;
    const QByteArray bytes(buffer, int(n));
    ArduPilotState s;
    s.raw = QString::fromUtf8(bytes);
    const QJsonObject o = QJsonDocument::fromJson(bytes.trimmed()).object();
    if (!bytes.startsWith('\n') || !bytes.endsWith('\n') || !o.contains("timestamp") || !o.contains("imu") ||
        !o.contains("position") || !o.contains("velocity") || !o.contains("quaternion")) {
      ++malformed;
      return s;
    }
    s.timestamp_s = o["timestamp"].toDouble();
    const QJsonObject imu = o["imu"].toObject();
    for (int i = 0; i < 3; ++i) {
      s.gyro[i] = imu["gyro"].toArray()[i].toDouble();
      s.accel_body[i] = imu["accel_body"].toArray()[i].toDouble();
      s.position[i] = o["position"].toArray()[i].toDouble();
      s.velocity[i] = o["velocity"].toArray()[i].toDouble();
    }
    for (int i = 0; i < 4; ++i) s.quaternion[i] = o["quaternion"].toArray()[i].toDouble();
    if (have_time_) clock_s += s.timestamp_s - last_timestamp_s_;  // SIM_JSON: its clock moves by the Δ
    have_time_ = true;
    last_timestamp_s_ = s.timestamp_s;
    return s;
  }

  double clock_s = 0;  // its clock's growth since the first state
  int malformed = 0;
  std::uint32_t frameCount() const { return frame_count_; }

 private:
  int fd_ = -1;
  sockaddr_in to_{};
  std::uint16_t frame_rate_hz_;
  std::uint32_t frame_count_ = 0;
  bool have_time_ = false;
  double last_timestamp_s_ = 0;
};

// PX4 stand-ins in this process, each served on a thread of its own, on ports base, base + 1, …
struct ServedPx4 {
  std::vector<std::unique_ptr<Px4StandIn>> px4;
  std::atomic<bool> stop{false};
  std::vector<std::thread> threads;
  ServedPx4(int base_port, int n) {
    for (int i = 0; i < n; ++i) px4.push_back(std::make_unique<Px4StandIn>(base_port + i, std::uint8_t(1 + i)));
  }
  // Connects every one (the world listens already), then serves each on its thread.
  bool start() {
    for (auto& p : px4)
      if (!p->connect()) return false;
    for (auto& p : px4) threads.emplace_back([this, q = p.get()] { q->serve(stop); });
    return true;
  }
  // Stops and joins them, whatever the test's outcome.
  ~ServedPx4() {
    stop = true;
    for (auto& t : threads) t.join();
  }
};
