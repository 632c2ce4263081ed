// Test helper: a vehicle made of scripted frames, on the far side of a MavlinkConnection with
// no transport. Frames it sends go in through feedBytes; what the ground station sends is
// parsed back into `sent`, and `answer` (if set) may reply — later, from the event loop, as a
// real link would. One thread.
#pragma once

#include "app/link/mavlink_connection.h"

#include <QTimer>

#include <functional>
#include <vector>

class ScriptedVehicle {
 public:
  explicit ScriptedVehicle(navigator::MavlinkConnection* connection, std::uint8_t sysid = 1) : connection_(connection) {
    sender_.sysid = sysid;
    mavlink_parser_init(&parser_);
    QObject::connect(connection, &navigator::MavlinkConnection::bytesToSend, connection, [this](const QByteArray& b) {
      std::vector<mavlink_frame_t> frames;
      mavlink_parse_all(
          &parser_, reinterpret_cast<const std::uint8_t*>(b.constData()), std::size_t(b.size()),
          [](void* o, const mavlink_frame_t* f) { static_cast<std::vector<mavlink_frame_t>*>(o)->push_back(*f); },
          &frames);
      for (const mavlink_frame_t& f : frames) {
        sent.push_back(f);
        if (answer) QTimer::singleShot(0, connection_, [this, f] { answer(f); });
      }
    });
  }

  // The packed bytes of one message from this vehicle.
  template <class Message>
  QByteArray bytes(const Message& m) {
    std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&sender_, navigator::MavlinkMessageId<Message>::value, &m, frame);
    return QByteArray(reinterpret_cast<const char*>(frame), qsizetype(n));
  }
  template <class Message>
  void send(const Message& m) {
    connection_->feedBytes(bytes(m));
  }

  void heartbeat(bool armed = false, std::uint32_t mode = 1, std::uint8_t system_status = 3) {
    mavlink_heartbeat_t h{};
    h.type = 2;  // quadrotor
    h.base_mode = std::uint8_t(1 | (armed ? 128 : 0));
    h.custom_mode = mode;
    h.system_status = system_status;
    h.mavlink_version = 3;
    send(h);
  }
  void statusText(std::uint8_t severity, const char* text) {
    mavlink_statustext_t s{};
    s.severity = severity;
    std::memcpy(s.text, text, std::min(std::strlen(text), sizeof s.text));
    send(s);
  }
  void ack(std::uint16_t command, std::uint8_t result) {
    mavlink_command_ack_t a{};
    a.command = command;
    a.result = result;
    a.target_system = 255;
    a.target_component = 190;
    send(a);
  }

  // Frames of `msgid` the ground station has sent so far.
  std::vector<mavlink_frame_t> sentOf(std::uint32_t msgid) const {
    std::vector<mavlink_frame_t> out;
    for (const mavlink_frame_t& f : sent)
      if (f.msgid == msgid) out.push_back(f);
    return out;
  }

  std::vector<mavlink_frame_t> sent;
  std::function<void(const mavlink_frame_t&)> answer;
  mavlink_sender_t sender_{1, 1, 0};

 private:
  navigator::MavlinkConnection* connection_;
  mavlink_parser_t parser_{};
};
