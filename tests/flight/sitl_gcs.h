// A ground station for the SITL tests: MAVLink over UDP on an ephemeral port, as the station
// speaks it (heartbeats, parameters, commands, sticks), and a process stopped with its log.
#pragma once

#include "firmware/mavlink/mavlink_codec.h"

#include <QtTest>

#include <arpa/inet.h>
#include <csignal>
#include <cstring>
#include <memory>
#include <optional>
#include <netinet/in.h>
#include <sys/socket.h>

#include <set>

namespace navigator::test {
// A ground station on an ephemeral UDP port.
class Gcs {
 public:
  Gcs() {
    fd_ = ::socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ::bind(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a);
    socklen_t n = sizeof a;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&a), &n);
    port_ = ntohs(a.sin_port);
    mavlink_parser_init(&parser_);
  }
  ~Gcs() { ::close(fd_); }
  int port() const { return port_; }

  // Every frame received now (and the vehicle's address, learned from the first).
  std::vector<mavlink_frame_t> receive() {
    std::vector<mavlink_frame_t> out;
    std::uint8_t buf[4096];
    for (;;) {
      sockaddr_in from{};
      socklen_t n = sizeof from;
      const ssize_t got = ::recvfrom(fd_, buf, sizeof buf, 0, reinterpret_cast<sockaddr*>(&from), &n);
      if (got <= 0) return out;
      vehicle_ = from;
      have_vehicle_ = true;
      mavlink_parse_all(
          &parser_, buf, std::size_t(got),
          [](void* o, const mavlink_frame_t* f) { static_cast<std::vector<mavlink_frame_t>*>(o)->push_back(*f); },
          &out);
    }
  }

  // Waits up to `ms` for a frame `msgid` satisfying `pred`; frames seen are kept in `log`.
  template <class Pred>
  std::optional<mavlink_frame_t> waitFor(std::uint32_t msgid, int ms, Pred pred) {
    QElapsedTimer t;
    t.start();
    std::size_t checked = log.size();
    while (t.elapsed() < ms) {
      for (const mavlink_frame_t& f : receive()) log.push_back(f);  // every frame is kept
      for (; checked < log.size(); ++checked)
        if (log[checked].msgid == msgid && pred(log[checked])) return log[checked];
      QThread::msleep(1);
    }
    return std::nullopt;
  }
  std::optional<mavlink_frame_t> waitFor(std::uint32_t msgid, int ms) {
    return waitFor(msgid, ms, [](const mavlink_frame_t&) { return true; });
  }

  template <class Msg>
  void send(std::uint32_t msgid, const Msg& m) {
    // Empty the socket first: a full receive buffer would drop the answer to this message.
    for (const mavlink_frame_t& f : receive()) log.push_back(f);
    std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&sender_, msgid, &m, frame);
    if (have_vehicle_) ::sendto(fd_, frame, n, 0, reinterpret_cast<sockaddr*>(&vehicle_), sizeof vehicle_);
  }

  void sticks(float roll, float pitch, float yaw, float throttle) {
    mavlink_manual_control_t m{};
    m.target = 1;
    m.x = std::int16_t(pitch * 1000);
    m.y = std::int16_t(roll * 1000);
    m.r = std::int16_t(yaw * 1000);
    m.z = std::int16_t(throttle * 1000);
    send(MAVLINK_MSG_ID_MANUAL_CONTROL, m);
  }

  std::optional<std::uint8_t> command(std::uint16_t command, float p1, float p2) {
    mavlink_command_long_t c{};
    c.target_system = 1;
    c.target_component = 1;
    c.command = command;
    c.param1 = p1;
    c.param2 = p2;
    send(MAVLINK_MSG_ID_COMMAND_LONG, c);
    const auto ack = waitFor(MAVLINK_MSG_ID_COMMAND_ACK, 3000, [&](const mavlink_frame_t& f) {
      mavlink_command_ack_t a;
      return mavlink_command_ack_decode(&f, &a) && a.command == command;
    });
    if (!ack) return std::nullopt;
    mavlink_command_ack_t a;
    mavlink_command_ack_decode(&*ack, &a);
    return a.result;
  }

  std::optional<float> setParam(const char* name, float value) {
    mavlink_param_set_t p{};
    p.target_system = 1;
    std::memcpy(p.param_id, name, std::min(std::strlen(name), sizeof p.param_id));
    p.param_value = value;
    p.param_type = 9;  // REAL32
    send(MAVLINK_MSG_ID_PARAM_SET, p);
    return paramReply(name);
  }
  std::optional<float> readParam(const char* name) {
    mavlink_param_request_read_t r{};
    r.target_system = 1;
    r.param_index = -1;
    std::memcpy(r.param_id, name, std::min(std::strlen(name), sizeof r.param_id));
    send(MAVLINK_MSG_ID_PARAM_REQUEST_READ, r);
    return paramReply(name);
  }

  // True once a STATUSTEXT containing `text` has arrived (waiting up to `ms` for it).
  bool waitForText(const QString& text, int ms) {
    if (sawText(text)) return true;
    return waitFor(MAVLINK_MSG_ID_STATUSTEXT, ms, [&](const mavlink_frame_t&) { return sawText(text); }).has_value() ||
           sawText(text);
  }

  // The firmware's clock as last heard: the newest ATTITUDE's time_boot_ms [s].
  double vehicleTime() {
    for (const mavlink_frame_t& f : receive()) log.push_back(f);
    for (auto it = log.rbegin(); it != log.rend(); ++it) {
      mavlink_attitude_t a;
      if (mavlink_attitude_decode(&*it, &a)) return a.time_boot_ms * 1e-3;
    }
    return 0.0;
  }

  QString texts() const {
    QString all;
    for (const mavlink_frame_t& f : log) {
      mavlink_statustext_t s;
      if (mavlink_statustext_decode(&f, &s)) all += QString::fromLatin1(s.text, int(strnlen(s.text, 50))) + "; ";
    }
    return all;
  }

  bool sawText(const QString& text) const {
    for (const mavlink_frame_t& f : log) {
      mavlink_statustext_t s;
      if (mavlink_statustext_decode(&f, &s) && QString::fromLatin1(s.text, int(strnlen(s.text, 50))).contains(text))
        return true;
    }
    return false;
  }

  std::vector<mavlink_frame_t> log;

 private:
  std::optional<float> paramReply(const char* name) {
    const auto v = waitFor(MAVLINK_MSG_ID_PARAM_VALUE, 3000, [&](const mavlink_frame_t& f) {
      mavlink_param_value_t p;
      return mavlink_param_value_decode(&f, &p) && std::strncmp(p.param_id, name, 16) == 0;
    });
    if (!v) return std::nullopt;
    mavlink_param_value_t p;
    mavlink_param_value_decode(&*v, &p);
    return p.param_value;
  }

  int fd_ = -1, port_ = 0;
  sockaddr_in vehicle_{};
  bool have_vehicle_ = false;
  mavlink_parser_t parser_{};
  mavlink_sender_t sender_{255, 190, 0};  // a ground station's usual identity
};

// Stops a process with SIGTERM; its log (stderr, kept in a file) is returned.
inline QString stop(QProcess& p, const QString& log) {
  if (p.state() != QProcess::NotRunning) {
    ::kill(pid_t(p.processId()), SIGTERM);
    if (!p.waitForFinished(5000)) p.kill();
  }
  QFile f(log);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

}  // namespace navigator::test
