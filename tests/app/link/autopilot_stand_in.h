// Test helper: a STAND-IN for the ground-station-facing MAVLink side of PX4 and of ArduPilot
// (ArduCopter) — not the real programs, which the tests do not need installed. It is written
// from their published contracts:
//   - HEARTBEAT: autopilot MAV_AUTOPILOT_PX4 (12) or MAV_AUTOPILOT_ARDUPILOTMEGA (3), type
//     quadrotor (2), base_mode MAV_MODE_FLAG_CUSTOM_MODE_ENABLED (| SAFETY_ARMED when armed),
//     custom_mode: PX4's main mode << 16 | sub mode << 24 (px4_custom_mode.h), ArduCopter's
//     mode number (ArduCopter/mode.h). PX4 starts in Position (main 3), ArduCopter in
//     STABILIZE (0).
//   - COMMAND_LONG to its system and component 1 (or 0): COMPONENT_ARM_DISARM and DO_SET_MODE
//     (param1 must carry CUSTOM_MODE_ENABLED; PX4 reads main/sub from param2/param3,
//     ArduPilot the mode from param2) answered by COMMAND_ACK to the sender, the new state in
//     the next HEARTBEAT (sent at once). Commands for other systems are counted as stray.
//   - Guided actions as each autopilot carries them out: NAV_TAKEOFF (22) — PX4 switches to
//     AUTO_TAKEOFF; ArduCopter takes off only armed and in GUIDED, otherwise MAV_RESULT_FAILED
//     (its GCS_MAVLink handle_command_nav_takeoff); NAV_LAND (21) — AUTO_LAND / LAND (9);
//     NAV_RETURN_TO_LAUNCH (20) — AUTO_RTL / RTL (6). An arming refusal can be set: the ACK
//     each sends (PX4 TEMPORARILY_REJECTED, ArduCopter FAILED) and its STATUSTEXT reason.
//   - Parameters: PARAM_REQUEST_LIST streams the whole table as PARAM_VALUE (count, index),
//     paced a few per event-loop turn as an autopilot paces them by bandwidth; PX4 ends with
//     its _HASH_CHECK value (index 65535); PARAM_REQUEST_READ by index answers one value. A
//     seeded fraction of PARAM_VALUE frames is dropped, so the station's re-reads are needed.
//     Integers travel as each program puts them in the float field (mavlink.io, "Parameter
//     Protocol"): PX4 bytewise (the integer's bytes), ArduPilot by C cast (float(value)).
//     PARAM_SET by name: PX4 takes the bytes as the parameter's own type; ArduPilot takes the
//     number, rounds it and constrains it to the parameter's type (AP_Param's set_float), as
//     stored; both answer with PARAM_VALUE of the value now held (index and count).
//   - AUTOPILOT_VERSION, to MAV_CMD_REQUEST_MESSAGE(148) or MAV_CMD_REQUEST_AUTOPILOT_CAPABILITIES,
//     after a COMMAND_ACK: capabilities as each declares them. PX4 (mavlink_main.cpp,
//     send_autopilot_capabilities): MISSION_FLOAT, MISSION_INT, PARAM_FLOAT, COMMAND_INT,
//     PARAM_ENCODE_BYTEWISE, FTP, SET_ATTITUDE_TARGET, SET_POSITION_TARGET_LOCAL_NED,
//     SET_ACTUATOR_TARGET, FLIGHT_TERMINATION, MAVLINK2, MISSION_FENCE, MISSION_RALLY.
//     ArduCopter (GCS_MAVLINK_Copter::capabilities with GCS_MAVLINK's): MISSION_FLOAT,
//     MISSION_INT, COMMAND_INT, SET_POSITION_TARGET_LOCAL_NED / _GLOBAL_INT, FLIGHT_TERMINATION,
//     SET_ATTITUDE_TARGET, MAVLINK2, FTP and PARAM_ENCODE_C_CAST (PARAM_FLOAT in releases
//     before that bit existed: Options::legacy_capabilities). Options::answers_version false: a
//     vehicle that answers neither request (the station then goes by the HEARTBEAT).
//   - ArduPilot streams telemetry only when asked (REQUEST_DATA_STREAM): the request is kept.
//   - telemetry(): GLOBAL_POSITION_INT, GPS_RAW_INT (PX4: no HDOP, h_acc/v_acc; ArduPilot: HDOP
//     0.8), LOCAL_POSITION_NED, VFR_HUD, SYS_STATUS.
// Transports: attached to a MavlinkConnection (no sockets), a UDP socket of its own sending to
// the station's port (PX4: from 18570+i; here an ephemeral port), a TCP server (ArduPilot's
// SERIAL0 on 5760; here an ephemeral port), or a serial device (a pseudo-terminal). Every answer leaves from the event
// loop, as over a real link. One thread.
#pragma once

#include "app/link/autopilot_dialect.h"
#include "app/link/mavlink_connection.h"
#include "app/link/raw_frames.h"
#include "firmware/protocol/vayu_protocol.h"

#include <QHostAddress>
#include <QNetworkDatagram>
#include <QPointer>
#include <QSerialPort>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <QUdpSocket>

#include <algorithm>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <random>
#include <vector>

class AutopilotStandIn {
 public:
  enum class Kind { Px4, ArduCopter };
  struct Options {
    Kind kind = Kind::Px4;
    std::uint8_t system_id = 1;
    int param_count = 0;
    double param_drop_fraction = 0.0;  // of every PARAM_VALUE frame
    std::uint32_t seed = 1;
    bool answers_version = true;       // AUTOPILOT_VERSION when asked
    bool legacy_capabilities = false;  // ArduPilot: PARAM_FLOAT instead of PARAM_ENCODE_C_CAST
  };
  static constexpr std::uint64_t kPx4Capabilities =
      navigator::mav::kCapabilityMissionFloat | navigator::mav::kCapabilityMissionInt |
      navigator::mav::kCapabilityParamFloat | navigator::mav::kCapabilityCommandInt |
      navigator::mav::kCapabilityParamEncodeBytewise | navigator::mav::kCapabilityFtp |
      navigator::mav::kCapabilitySetAttitudeTarget | navigator::mav::kCapabilitySetPositionTargetLocalNed |
      (1ull << 10) /* SET_ACTUATOR_TARGET */ | navigator::mav::kCapabilityFlightTermination |
      navigator::mav::kCapabilityMavlink2 | (1ull << 14) /* MISSION_FENCE */ | (1ull << 15) /* MISSION_RALLY */;
  static constexpr std::uint64_t kArduCopterVehicleCapabilities =
      navigator::mav::kCapabilityMissionFloat | navigator::mav::kCapabilityMissionInt |
      navigator::mav::kCapabilityCommandInt | navigator::mav::kCapabilitySetPositionTargetLocalNed |
      navigator::mav::kCapabilitySetPositionTargetGlobalInt | navigator::mav::kCapabilityFlightTermination |
      navigator::mav::kCapabilitySetAttitudeTarget | navigator::mav::kCapabilityMavlink2 |
      navigator::mav::kCapabilityFtp;
  std::uint64_t capabilities() const {
    if (options_.kind == Kind::Px4) return kPx4Capabilities;
    return kArduCopterVehicleCapabilities |
           (options_.legacy_capabilities ? navigator::mav::kCapabilityParamFloat
                                         : navigator::mav::kCapabilityParamEncodeCCast);
  }

  // MAV_PARAM_TYPE's integer types (common.xml) beside vayu_protocol.h's INT32 and REAL32.
  enum : std::uint8_t { kTypeUint8 = 1, kTypeInt8 = 2, kTypeUint16 = 3, kTypeInt16 = 4, kTypeUint32 = 5 };
  static constexpr int kParamsPerTurn = 25;  // PARAM_VALUE frames per event-loop turn

  explicit AutopilotStandIn(const Options& options) : options_(options), rng_(options.seed) {
    mavlink_parser_init(&parser_);
    sender_ = {options.system_id, navigator::mav::kCompAutopilot1, 0};
    custom_mode = options.kind == Kind::Px4 ? navigator::px4CustomMode(navigator::kPx4Posctl) : 0;
    for (int i = 0; i < options.param_count; ++i) {
      Param p;
      // Names of the autopilot's length (PX4 "MC_ROLLRATE_P", ArduPilot "ATC_RAT_RLL_P"), unique.
      p.name = QStringLiteral("%1_%2")
                   .arg(options.kind == Kind::Px4 ? "PX4_PARAM" : "AP_PARAM")
                   .arg(i, 4, 10, QLatin1Char('0'));
      p.type = i % 3 == 0 ? MAV_PARAM_TYPE_INT32 : MAV_PARAM_TYPE_REAL32;
      p.value = p.type == MAV_PARAM_TYPE_INT32 ? double(i) : double(0.001f * float(i));
      params.push_back(p);
    }
  }
  ~AutopilotStandIn() { delete tcp_client_; }

  // --- transports --------------------------------------------------------------------------
  void attach(navigator::MavlinkConnection* connection) {
    QObject::connect(connection, &navigator::MavlinkConnection::bytesToSend, &context_,
                     [this](const QByteArray& b) { receive(b); });
    out_ = [connection](const QByteArray& b) { connection->feedBytes(b); };
  }
  bool bindUdp(quint16 station_port) {
    udp_ = std::make_unique<QUdpSocket>();
    if (!udp_->bind(QHostAddress::LocalHost, 0)) return false;
    QObject::connect(udp_.get(), &QUdpSocket::readyRead, &context_, [this] {
      while (udp_->hasPendingDatagrams()) receive(udp_->receiveDatagram().data());
    });
    out_ = [this, station_port](const QByteArray& b) { udp_->writeDatagram(b, QHostAddress::LocalHost, station_port); };
    return true;
  }
  quint16 udpPort() const { return udp_ ? udp_->localPort() : 0; }
  bool listenTcp() {
    tcp_ = std::make_unique<QTcpServer>();
    if (!tcp_->listen(QHostAddress::LocalHost, 0)) return false;
    QObject::connect(tcp_.get(), &QTcpServer::newConnection, &context_, [this] {
      delete tcp_client_;
      tcp_client_ = tcp_->nextPendingConnection();
      tcp_client_->setParent(nullptr);
      QObject::connect(tcp_client_, &QTcpSocket::readyRead, &context_, [this] { receive(tcp_client_->readAll()); });
      ++tcp_connections;
    });
    out_ = [this](const QByteArray& b) {
      if (tcp_client_ && tcp_client_->state() == QAbstractSocket::ConnectedState) tcp_client_->write(b);
    };
    return true;
  }
  quint16 tcpPort() const { return tcp_ ? tcp_->serverPort() : 0; }
  // A serial device (one end of a pseudo-terminal pair, a USB-UART): PX4 on its USB port or
  // TELEM radio. Opened again after closeSerial() as after a replug.
  bool openSerial(const QString& path, qint32 baud = 115200) {
    serial_ = std::make_unique<QSerialPort>();
    serial_->setPortName(path);
    serial_->setBaudRate(baud);
    if (!serial_->open(QIODevice::ReadWrite)) return false;
    QObject::connect(serial_.get(), &QSerialPort::readyRead, &context_, [this] { receive(serial_->readAll()); });
    out_ = [this](const QByteArray& b) {
      if (serial_ && serial_->isOpen()) serial_->write(b);
    };
    return true;
  }
  void closeSerial() { serial_.reset(); }
  bool tcpClientConnected() const { return tcp_client_ && tcp_client_->state() == QAbstractSocket::ConnectedState; }
  // The autopilot goes away: its end of the TCP connection closes.
  void dropTcpClient() {
    if (tcp_client_) tcp_client_->close();
  }

  // --- what it sends -----------------------------------------------------------------------
  void heartbeat() {
    mavlink_heartbeat_t h{};
    h.type = navigator::mav::kTypeQuadrotor;
    h.autopilot = options_.kind == Kind::Px4 ? navigator::mav::kAutopilotPx4 : navigator::mav::kAutopilotArduPilotMega;
    h.base_mode = std::uint8_t(MAV_MODE_FLAG_CUSTOM_MODE_ENABLED | (armed ? MAV_MODE_FLAG_SAFETY_ARMED : 0));
    h.custom_mode = custom_mode;
    h.system_status = armed ? MAV_STATE_ACTIVE : MAV_STATE_STANDBY;
    h.mavlink_version = 3;
    send(h);
  }
  // Zurich (PX4's SITL home), 488 m MSL, 10 m above home, 1 m/s north.
  void telemetry() {
    mavlink_global_position_int_t g{};
    g.time_boot_ms = 1000;
    g.lat = 473977418;
    g.lon = 85455939;
    g.alt = 498000;
    g.relative_alt = 10000;
    g.vx = 100;
    g.hdg = 9000;
    send(g);
    mavlink_gps_raw_int_t r{};
    r.time_usec = 1000000;
    r.fix_type = 3;
    r.lat = g.lat;
    r.lon = g.lon;
    r.alt = g.alt;
    // PX4's simulator leaves HDOP at 0 and reports its accuracy in h_acc/v_acc (seen from the
    // real PX4 flown in Navigator's world: eph 0, h_acc 570 mm); ArduPilot reports an HDOP.
    r.eph = options_.kind == Kind::Px4 ? 0 : 80;
    r.epv = options_.kind == Kind::Px4 ? 0 : 120;
    r.h_acc = options_.kind == Kind::Px4 ? 570 : 0;
    r.v_acc = options_.kind == Kind::Px4 ? 700 : 0;
    r.vel = 100;
    r.cog = UINT16_MAX;  // course unknown
    r.satellites_visible = 10;
    send(r);
    mavlink_local_position_ned_t l{};
    l.time_boot_ms = 1000;
    l.x = 1.5f;
    l.z = -10.0f;
    l.vx = 1.0f;
    send(l);
    mavlink_vfr_hud_t v{};
    v.groundspeed = 1.0f;
    v.alt = 498.0f;
    v.heading = 90;
    send(v);
    mavlink_sys_status_t s{};
    s.voltage_battery = 16200;
    s.battery_remaining = 87;
    send(s);
  }
  // A STATUSTEXT as each autopilot sends it: PX4 ends the line with a tab and splits a text
  // longer than 50 bytes into chunks (one id, chunk_seq 0, 1, …); ArduPilot sends 50 bytes.
  void statusText(std::uint8_t severity, const QString& text) {
    QByteArray bytes = text.toUtf8();
    if (options_.kind == Kind::Px4) bytes += '\t';
    const bool chunked = options_.kind == Kind::Px4 && bytes.size() > 50;
    ++text_id_;
    // The last chunk is the one shorter than 50 bytes (an empty one after a multiple of 50).
    for (std::uint8_t chunk = 0;; ++chunk) {
      const QByteArray part = bytes.mid(qsizetype(chunk) * 50, 50);
      mavlink_statustext_t t{};
      t.severity = severity;
      std::memcpy(t.text, part.constData(), std::size_t(part.size()));
      if (chunked) {
        t.id = text_id_;
        t.chunk_seq = chunk;
      }
      send(t);
      if (!chunked || part.size() < 50) break;
    }
  }
  template <class Message>
  void send(const Message& m) {
    std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&sender_, navigator::MavlinkMessageId<Message>::value, &m, frame);
    sendBytes(QByteArray(reinterpret_cast<const char*>(frame), qsizetype(n)));
  }
  void sendBytes(const QByteArray& bytes) {
    QTimer::singleShot(0, &context_, [this, bytes] {
      if (out_) out_(bytes);
    });
  }

  // Frames of `msgid` received so far (addressed to anyone).
  std::vector<mavlink_frame_t> receivedOf(std::uint32_t msgid) const {
    std::vector<mavlink_frame_t> out;
    for (const mavlink_frame_t& f : received)
      if (f.msgid == msgid) out.push_back(f);
    return out;
  }

  struct Param {
    QString name;
    std::uint8_t type = MAV_PARAM_TYPE_REAL32;
    double value = 0;  // as the autopilot holds it (an integer type: a whole number)
  };
  // A parameter of any MAV_PARAM_TYPE number (a test sends types PARAM_VALUE cannot carry).
  void addParam(const QString& name, std::uint8_t type, double value) { params.push_back(Param{name, type, value}); }
  // Sends one parameter's PARAM_VALUE unasked, as after a change on board.
  void pushParam(const QString& name) {
    for (int i = 0; i < int(params.size()); ++i)
      if (params[std::size_t(i)].name == name) paramValue(i);
  }

  std::vector<mavlink_frame_t> received;
  std::vector<mavlink_command_long_t> commands;          // COMMAND_LONG addressed to this vehicle, but…
  std::vector<mavlink_command_long_t> version_requests;  // … these (AUTOPILOT_VERSION asked for)
  std::vector<mavlink_param_set_t> param_sets;
  int stray_commands = 0;  // COMMAND_LONG addressed to another system
  std::vector<Param> params;
  int params_sent = 0, params_dropped = 0, param_reads = 0;
  std::vector<mavlink_request_data_stream_t> stream_requests;
  std::vector<mavlink_manual_control_t> manual_controls;
  std::uint32_t custom_mode = 0;
  bool armed = false;
  QString arm_refusal;  // non-empty: arming is refused with this STATUSTEXT
  int tcp_connections = 0;
  // Further protocols served beside these (log_stand_in.h): each received frame goes to them too.
  std::vector<std::function<void(const mavlink_frame_t&)>> frame_listeners;

 private:
  void receive(const QByteArray& bytes) {
    std::vector<mavlink_frame_t> frames;
    mavlink_parse_all(
        &parser_, reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size()),
        [](void* o, const mavlink_frame_t* f) { static_cast<std::vector<mavlink_frame_t>*>(o)->push_back(*f); },
        &frames);
    for (const mavlink_frame_t& f : frames) {
      received.push_back(f);
      onFrame(f);
      for (const auto& listener : frame_listeners) listener(f);
    }
  }

  bool forMe(std::uint8_t system, std::uint8_t component) const {
    return system == options_.system_id && (component == 0 || component == navigator::mav::kCompAutopilot1);
  }

  void onFrame(const mavlink_frame_t& f) {
    mavlink_command_long_t c;
    mavlink_param_request_list_t list;
    mavlink_param_request_read_t read;
    mavlink_request_data_stream_t streams;
    mavlink_manual_control_t manual;
    if (mavlink_command_long_decode(&f, &c)) {
      if (!forMe(c.target_system, c.target_component)) {
        ++stray_commands;
        return;
      }
      if (isVersionRequest(c)) {
        version_requests.push_back(c);
        if (options_.answers_version) answerVersion(f, c);
        return;
      }
      commands.push_back(c);
      command(f, c);
    } else if (mavlink_param_request_list_decode(&f, &list) && forMe(list.target_system, list.target_component)) {
      queue_.clear();
      for (int i = 0; i < int(params.size()); ++i) queue_.push_back(i);
      if (options_.kind == Kind::Px4) queue_.push_back(kHashCheck);
      pump();
    } else if (mavlink_param_request_read_decode(&f, &read) && forMe(read.target_system, read.target_component)) {
      ++param_reads;
      if (read.param_index >= 0 && read.param_index < int(params.size())) {
        queue_.push_back(read.param_index);
        pump();
      }
    } else if (mavlink_param_set_t set;
               mavlink_param_set_decode(&f, &set) && forMe(set.target_system, set.target_component)) {
      param_sets.push_back(set);
      paramSet(set);
    } else if (mavlink_request_data_stream_decode(&f, &streams) &&
               forMe(streams.target_system, streams.target_component)) {
      stream_requests.push_back(streams);
    } else if (mavlink_manual_control_decode(&f, &manual) && manual.target == options_.system_id) {
      manual_controls.push_back(manual);
    }
  }

  void command(const mavlink_frame_t& f, const mavlink_command_long_t& c) {
    std::uint8_t result = MAV_RESULT_ACCEPTED;
    const bool px4 = options_.kind == Kind::Px4;
    if (c.command == MAV_CMD_COMPONENT_ARM_DISARM && c.param1 == 1.0f && !arm_refusal.isEmpty()) {
      result = px4 ? MAV_RESULT_TEMPORARILY_REJECTED : MAV_RESULT_FAILED;
    } else if (c.command == MAV_CMD_COMPONENT_ARM_DISARM) {
      armed = c.param1 == 1.0f;
    } else if (c.command == navigator::mav::kCmdNavTakeoff) {
      constexpr std::uint32_t kGuided = 4;
      if (px4)
        custom_mode = navigator::px4CustomMode(navigator::kPx4Auto, navigator::kPx4AutoTakeoff);
      else if (!armed || custom_mode != kGuided)
        result = MAV_RESULT_FAILED;
    } else if (c.command == navigator::mav::kCmdNavLand) {
      custom_mode = px4 ? navigator::px4CustomMode(navigator::kPx4Auto, navigator::kPx4AutoLand) : 9u;
    } else if (c.command == navigator::mav::kCmdNavReturnToLaunch) {
      custom_mode = px4 ? navigator::px4CustomMode(navigator::kPx4Auto, navigator::kPx4AutoRtl) : 6u;
    } else if (c.command == MAV_CMD_DO_SET_MODE) {
      if ((int(c.param1) & MAV_MODE_FLAG_CUSTOM_MODE_ENABLED) == 0)
        result = MAV_RESULT_DENIED;
      else if (options_.kind == Kind::Px4)
        custom_mode = navigator::px4CustomMode(std::uint8_t(c.param2), std::uint8_t(c.param3));
      else
        custom_mode = std::uint32_t(c.param2);
    } else {
      result = MAV_RESULT_UNSUPPORTED;
    }
    mavlink_command_ack_t a{};
    a.command = c.command;
    a.result = result;
    a.target_system = f.sysid;
    a.target_component = f.compid;
    send(a);
    if (result != MAV_RESULT_ACCEPTED && c.command == MAV_CMD_COMPONENT_ARM_DISARM) statusText(2, arm_refusal);
    heartbeat();  // the new state, as the autopilot reports it
  }

  static bool isVersionRequest(const mavlink_command_long_t& c) {
    return (c.command == navigator::mav::kCmdRequestMessage &&
            c.param1 == float(navigator::mav::kMsgIdAutopilotVersion)) ||
           c.command == navigator::mav::kCmdRequestAutopilotCapabilities;
  }
  void answerVersion(const mavlink_frame_t& f, const mavlink_command_long_t& c) {
    mavlink_command_ack_t a{};
    a.command = c.command;
    a.result = MAV_RESULT_ACCEPTED;
    a.target_system = f.sysid;
    a.target_component = f.compid;
    send(a);
    sendBytes(navigator::packRawFrame(&sender_, navigator::mav::kMsgIdAutopilotVersion,
                                      navigator::mav::kCrcExtraAutopilotVersion,
                                      navigator::autopilotVersionPayload(capabilities(), 0x010E0000u)));
  }

  // The float field as each program fills it.
  float field(const Param& p) const {
    if (options_.kind == Kind::ArduCopter || p.type == MAV_PARAM_TYPE_REAL32) return float(p.value);  // C cast
    unsigned char bytes[4] = {0, 0, 0, 0};
    const auto put = [&bytes](auto v) { std::memcpy(bytes, &v, sizeof v); };
    switch (p.type) {
      case kTypeUint8:
        put(std::uint8_t(p.value));
        break;
      case kTypeInt8:
        put(std::int8_t(p.value));
        break;
      case kTypeUint16:
        put(std::uint16_t(p.value));
        break;
      case kTypeInt16:
        put(std::int16_t(p.value));
        break;
      case kTypeUint32:
        put(std::uint32_t(p.value));
        break;
      default:
        put(std::int32_t(std::int64_t(p.value)));
        break;
    }
    float f;
    std::memcpy(&f, bytes, sizeof f);
    return f;
  }
  // The value a PARAM_SET's field means for parameter `p`, as each program reads it.
  double fromField(const Param& p, float f) const {
    if (p.type == MAV_PARAM_TYPE_REAL32) return double(f);
    if (options_.kind == Kind::ArduCopter) {
      const auto range = typeRange(p.type);
      return std::clamp(double(std::llround(double(f))), range.first, range.second);
    }
    unsigned char b[4];
    std::memcpy(b, &f, sizeof b);
    const auto get = [&b](auto v) {
      std::memcpy(&v, b, sizeof v);
      return double(v);
    };
    switch (p.type) {
      case kTypeUint8:
        return get(std::uint8_t{});
      case kTypeInt8:
        return get(std::int8_t{});
      case kTypeUint16:
        return get(std::uint16_t{});
      case kTypeInt16:
        return get(std::int16_t{});
      case kTypeUint32:
        return get(std::uint32_t{});
      default:
        return get(std::int32_t{});
    }
  }
  static std::pair<double, double> typeRange(std::uint8_t type) {
    switch (type) {
      case kTypeUint8:
        return {0, 255};
      case kTypeInt8:
        return {-128, 127};
      case kTypeUint16:
        return {0, 65535};
      case kTypeInt16:
        return {-32768, 32767};
      case kTypeUint32:
        return {0, 4294967295.0};
      default:
        return {-2147483648.0, 2147483647.0};
    }
  }
  void paramSet(const mavlink_param_set_t& set) {
    const QString name = QString::fromLatin1(set.param_id, qsizetype(strnlen(set.param_id, sizeof set.param_id)));
    for (int i = 0; i < int(params.size()); ++i) {
      Param& p = params[std::size_t(i)];
      if (p.name != name) continue;
      p.value = fromField(p, set.param_value);
      paramValue(i);
      return;
    }
  }

  // Sends queued PARAM_VALUE frames a few per event-loop turn.
  void pump() {
    if (pumping_) return;
    pumping_ = true;
    QTimer::singleShot(0, &context_, [this] {
      pumping_ = false;
      for (int n = 0; n < kParamsPerTurn && !queue_.empty(); ++n) {
        const int index = queue_.front();
        queue_.pop_front();
        paramValue(index);
      }
      if (!queue_.empty()) pump();
    });
  }

  void paramValue(int index) {
    mavlink_param_value_t v{};
    v.param_count = std::uint16_t(params.size());
    if (index == kHashCheck) {
      // PX4's last value of a list: a hash of the table, outside the indices.
      std::memcpy(v.param_id, "_HASH_CHECK", 11);
      v.param_index = UINT16_MAX;
      v.param_type = MAV_PARAM_TYPE_INT32;
    } else {
      const Param& p = params[std::size_t(index)];
      const QByteArray id = p.name.toLatin1();
      std::memcpy(v.param_id, id.constData(), std::min<std::size_t>(std::size_t(id.size()), sizeof v.param_id));
      v.param_index = std::uint16_t(index);
      v.param_type = p.type;
      v.param_value = field(p);
    }
    if (std::bernoulli_distribution(options_.param_drop_fraction)(rng_)) {
      ++params_dropped;
      return;
    }
    ++params_sent;
    send(v);
  }

  static constexpr int kHashCheck = -1;

  Options options_;
  std::mt19937 rng_;
  mavlink_parser_t parser_{};
  mavlink_sender_t sender_{};
  QObject context_;  // receiver of the queued sends; they die with the stand-in
  std::function<void(const QByteArray&)> out_;
  std::unique_ptr<QUdpSocket> udp_;
  std::unique_ptr<QTcpServer> tcp_;
  std::unique_ptr<QSerialPort> serial_;
  QTcpSocket* tcp_client_ = nullptr;
  std::deque<int> queue_;
  bool pumping_ = false;
  std::uint16_t text_id_ = 0;
};
