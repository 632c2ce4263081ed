// Test helper: a vehicle at the far end of the station's MavlinkConnection, played frame by
// frame: it records the COMMAND_LONGs the station sends, answers each with `ack` (or not at
// all), and sends the HEARTBEATs and STATUSTEXTs the test tells it to, as PX4 sends them, and
// ArduPilot's side of its calibration (its COMMAND_LONG asks, MAG_CAL_PROGRESS / REPORT).
#pragma once

#include "app/vehicle/vehicle.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace navigator::test {

constexpr std::uint8_t kAutopilotPx4 = 12, kAutopilotArduPilot = 3;  // MAV_AUTOPILOT

struct FarVehicle {
  FarVehicle() : link(&connection) {
    vehicle = new Vehicle(&link, VehicleOrigin::AutopilotLink);
    mavlink_parser_init(&parser);
    // Queued: the answers come from the event loop, as over a wire.
    QObject::connect(
        &connection, &MavlinkConnection::bytesToSend, &connection,
        [this](const QByteArray& b) {
          mavlink_parse_all(
              &parser, reinterpret_cast<const std::uint8_t*>(b.constData()), std::size_t(b.size()),
              [](void* o, const mavlink_frame_t* f) { static_cast<FarVehicle*>(o)->onFrame(*f); }, this);
        },
        Qt::QueuedConnection);
  }
  void onFrame(const mavlink_frame_t& f) {
    mavlink_param_set_t set;
    if (mavlink_param_set_decode(&f, &set)) {  // a REAL32 parameter taken as sent, and echoed
      sets.push_back(set);
      char id[17] = {};
      std::memcpy(id, set.param_id, 16);
      for (auto& [name, value] : params)
        if (name == id) value = set.param_value;
      sendParams();
      return;
    }
    mavlink_command_long_t c;
    if (!mavlink_command_long_decode(&f, &c)) return;
    commands.push_back(c);
    if (ack < 0) return;
    mavlink_command_ack_t a{};
    a.command = c.command;
    a.result = std::uint8_t(ack);
    a.target_system = f.sysid;
    a.target_component = f.compid;
    send(a);
  }
  template <class Message>
  void send(const Message& m) {
    std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&sender, MavlinkMessageId<Message>::value, &m, frame);
    connection.feedBytes(QByteArray(reinterpret_cast<const char*>(frame), qsizetype(n)));
  }
  void heartbeat(bool armed, std::uint8_t autopilot = kAutopilotPx4) {
    mavlink_heartbeat_t h{};
    h.type = 2;  // MAV_TYPE_QUADROTOR
    h.autopilot = autopilot;
    h.base_mode = std::uint8_t(MAV_MODE_FLAG_CUSTOM_MODE_ENABLED | (armed ? MAV_MODE_FLAG_SAFETY_ARMED : 0));
    h.system_status = armed ? MAV_STATE_ACTIVE : MAV_STATE_STANDBY;
    h.mavlink_version = 3;
    send(h);
  }
  // PX4 ends its texts with a tab (seen from the real PX4): the reader must not mind it.
  void text(const char* t, std::uint8_t severity = 6) {
    mavlink_statustext_t s{};
    s.severity = severity;
    const std::size_t n = std::min(std::strlen(t), sizeof s.text);
    std::memcpy(s.text, t, n);  // unterminated when full, as MAVLink allows
    if (n < sizeof s.text) s.text[n] = '\t';
    send(s);
  }

  // ArduPilot's ask to the station (ardupilotmega.xml): a COMMAND_LONG
  // MAV_CMD_ACCELCAL_VEHICLE_POS (42429) whose param1 is an ACCELCAL_VEHICLE_POS.
  void askPosition(std::int32_t position) {
    mavlink_command_long_t c{};
    c.command = 42429;
    c.param1 = float(position);
    c.target_system = 255;  // the ground station
    send(c);
  }
  // ArduPilot's MAG_CAL_PROGRESS for one compass of `mask`.
  void magProgress(std::uint8_t compass, std::uint8_t mask, std::uint8_t pct) {
    mavlink_mag_cal_progress_t p{};
    p.compass_id = compass;
    p.cal_mask = mask;
    p.cal_status = 2;  // MAG_CAL_RUNNING_STEP_ONE
    p.completion_pct = pct;
    send(p);
  }
  // ArduPilot's MAG_CAL_REPORT for one compass of `mask` (offsets x, y, z).
  void magReport(std::uint8_t compass, std::uint8_t mask, std::uint8_t status, float fitness,
                 const std::array<float, 3>& offsets, bool autosaved = false) {
    mavlink_mag_cal_report_t r{};
    r.compass_id = compass;
    r.cal_mask = mask;
    r.cal_status = status;
    r.autosaved = autosaved ? 1 : 0;
    r.fitness = fitness;
    r.ofs_x = offsets[0], r.ofs_y = offsets[1], r.ofs_z = offsets[2];
    r.diag_x = r.diag_y = r.diag_z = 1;
    send(r);
  }

  // RC_CHANNELS with these eight pulses [µs] (chancount 8, RSSI 200 of 254).
  void rcChannels(const std::array<std::uint16_t, 8>& us) {
    mavlink_rc_channels_t rc{};
    rc.chan1_raw = us[0], rc.chan2_raw = us[1], rc.chan3_raw = us[2], rc.chan4_raw = us[3];
    rc.chan5_raw = us[4], rc.chan6_raw = us[5], rc.chan7_raw = us[6], rc.chan8_raw = us[7];
    rc.chancount = 8;
    rc.rssi = 200;
    send(rc);
  }
  // Every parameter of `params` as PARAM_VALUE (REAL32), index by index.
  void sendParams() {
    for (std::size_t i = 0; i < params.size(); ++i) {
      mavlink_param_value_t v{};
      std::memcpy(v.param_id, params[i].first.c_str(), std::min<std::size_t>(16, params[i].first.size()));
      v.param_value = params[i].second;
      v.param_type = 9;  // MAV_PARAM_TYPE_REAL32
      v.param_count = std::uint16_t(params.size());
      v.param_index = std::uint16_t(i);
      send(v);
    }
  }

  MavlinkConnection connection;
  VehicleLink link;
  Vehicle* vehicle = nullptr;
  mavlink_parser_t parser{};
  mavlink_sender_t sender{1, 1, 0};
  std::vector<mavlink_command_long_t> commands;
  std::vector<mavlink_param_set_t> sets;
  std::vector<std::pair<std::string, float>> params;  // REAL32 only
  int ack = MAV_RESULT_ACCEPTED;                      // < 0: no answer
};

}  // namespace navigator::test
