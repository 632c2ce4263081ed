#include "app/link/vehicle_link.h"

#include <limits>

namespace navigator {

VehicleLink::VehicleLink(MavlinkConnection* connection, const LinkTimings& timings, QObject* parent)
    : QObject(parent),
      connection_(connection),
      timings_(timings),
      commands_(connection, timings, this),
      params_(connection, timings, this) {
  qRegisterMetaType<LinkState>();
  qRegisterMetaType<vayu_mode_t>();
  qRegisterMetaType<VehicleStatus>();
  qRegisterMetaType<HudSample>();
  qRegisterMetaType<AttitudeSample>();
  qRegisterMetaType<SysStatusSample>();
  qRegisterMetaType<ImuSample>();
  qRegisterMetaType<GlobalPositionSample>();
  qRegisterMetaType<LocalPositionSample>();
  qRegisterMetaType<GpsSample>();
  qRegisterMetaType<BoardHealthSample>();
  qRegisterMetaType<BatteryStatusSample>();
  qRegisterMetaType<BoardSensor>();
  setClock(nullptr);
  connect(connection_, &MavlinkConnection::frameReceived, this, &VehicleLink::onFrame);
  connect(&commands_, &CommandSender::finished, this, &VehicleLink::commandFinished);
}

void VehicleLink::setClock(TickClock* clock) {
  if (clock_) clock_->stop();
  disconnect(tick_connection_);
  clock_ = clock ? clock : &steady_clock_;
  tick_connection_ = connect(clock_, &TickClock::tick, this, [this] {
    if (link_state_ == LinkState::Connected && clock_->nowMs() >= heartbeat_deadline_ms_) setLinkState(LinkState::Lost);
  });
  clock_->start();
}

QString VehicleLink::linkStateName(LinkState state) {
  switch (state) {
    case LinkState::NoVehicle:
      return tr("no vehicle");
    case LinkState::Connected:
      return tr("connected");
    case LinkState::Lost:
      return tr("link lost");
  }
  return {};
}

QString VehicleLink::modeName(std::uint32_t custom_mode) {
  const std::optional<std::string> name = flightModeName(Autopilot::Vayu, 0, custom_mode);
  return name ? QString::fromStdString(*name) : tr("mode %1").arg(custom_mode);
}

QString VehicleLink::modeName(const VehicleStatus& vehicle) {
  const std::optional<std::string> name =
      flightModeName(vehicle.autopilotKind(), vehicle.mav_type, vehicle.custom_mode);
  if (name) return QString::fromStdString(*name);
  // PX4's number is a main and a sub mode: shown so, as its documentation lists them.
  if (vehicle.autopilotKind() == Autopilot::Px4)
    return tr("mode %1.%2").arg(px4MainMode(vehicle.custom_mode)).arg(px4SubMode(vehicle.custom_mode));
  return tr("mode %1").arg(vehicle.custom_mode);
}

QString VehicleLink::currentModeName() const { return vehicle_.system_id == 0 ? QString() : modeName(vehicle_); }

QString VehicleLink::severityName(int severity) {
  static const char* const names[] = {"EMERGENCY", "ALERT", "CRITICAL", "ERROR", "WARNING", "NOTICE", "INFO", "DEBUG"};
  static_assert(MAV_SEVERITY_EMERGENCY == 0 && MAV_SEVERITY_DEBUG == 7);
  return severity >= MAV_SEVERITY_EMERGENCY && severity <= MAV_SEVERITY_DEBUG ? QString::fromLatin1(names[severity])
                                                                              : tr("severity %1").arg(severity);
}

void VehicleLink::setLinkState(LinkState state) {
  if (state == link_state_) return;
  link_state_ = state;
  emit linkStateChanged(state);
}

void VehicleLink::onHeartbeat(const mavlink_frame_t& frame) {
  const VehicleStatus v = decodeHeartbeat(frame);
  if (v.mav_type == MAV_TYPE_GCS || v.autopilot == MAV_AUTOPILOT_INVALID) return;  // another ground station
  if (pinned_system_ != 0 && frame.sysid != pinned_system_) return;                // another vehicle on the link
  // Locked to one vehicle while connected; after a loss, whoever beats next is the vehicle. A
  // second component of the same system beating as an autopilot (a companion computer) is
  // not the vehicle either.
  if (link_state_ == LinkState::Connected &&
      (frame.sysid != vehicle_.system_id || frame.compid != vehicle_.component_id))
    return;
  if (v.system_id != vehicle_.system_id || v.component_id != vehicle_.component_id ||
      v.autopilot != vehicle_.autopilot) {
    const std::uint8_t target = commandComponent(v.autopilotKind(), v.component_id);
    commands_.setTarget(v.system_id, target);
    params_.setTarget(v.system_id, target);
    if (v.system_id != vehicle_.system_id || v.component_id != vehicle_.component_id) {
      sys_status_.reset();  // another vehicle's board: nothing heard of it yet
      battery_.reset();
      sensor_texts_ = {};
    }
  }
  heartbeat_deadline_ms_ = clock_->nowMs() + timings_.heartbeat_timeout_ms;
  // A chunked text whose last chunk has not come in two heartbeats (a second or two) is shown
  // as far as it came.
  if (status_texts_.pending() && ++heartbeats_since_text_ >= 2)
    if (const auto t = status_texts_.flush()) emitStatusText(*t);
  const bool changed = !(v == vehicle_);
  const bool arrived = link_state_ != LinkState::Connected;
  vehicle_ = v;
  setLinkState(LinkState::Connected);
  if (arrived) requestStreams();  // (a vehicle that rebooted has forgotten what was asked)
  if (changed) emit vehicleChanged(vehicle_);
  const std::vector<mavlink_frame_t> early = std::move(early_texts_);
  early_texts_.clear();
  for (const mavlink_frame_t& f : early)
    if (f.sysid == vehicle_.system_id) onStatusText(f);
}

void VehicleLink::requestStreams() {
  if (autopilot() != Autopilot::ArduPilot) return;  // Vayu and PX4 stream to a ground station unasked
  // What Mission Planner asks for: every stream at 4 Hz (SRn_* rates), enough for the
  // instruments; MAV_DATA_STREAM_ALL sets them all at once.
  mavlink_request_data_stream_t r{};
  r.target_system = vehicle_.system_id;
  r.target_component = commandComponent(Autopilot::ArduPilot, vehicle_.component_id);
  r.req_stream_id = mav::kDataStreamAll;
  r.req_message_rate = kArduPilotStreamRateHz;
  r.start_stop = 1;
  connection_->send(r);
}

void VehicleLink::onFrame(const mavlink_frame_t& frame) {
  if (frame.msgid == MAVLINK_MSG_ID_HEARTBEAT) {
    onHeartbeat(frame);
    return;
  }
  if (vehicle_.system_id == 0 && frame.msgid == MAVLINK_MSG_ID_STATUSTEXT &&
      (pinned_system_ == 0 || frame.sysid == pinned_system_) && early_texts_.size() < kEarlyTextsMax)
    early_texts_.push_back(frame);
  if (vehicle_.system_id == 0 || frame.sysid != vehicle_.system_id) return;
  switch (frame.msgid) {
    case MAVLINK_MSG_ID_GLOBAL_POSITION_INT: {
      const GlobalPositionSample position = decodeGlobalPosition(frame);
      home_amsl_m_ = position.altitude_msl_m - position.altitude_rel_m;
      emit globalPositionUpdated(position);
      return;
    }
    case MAVLINK_MSG_ID_LOCAL_POSITION_NED:
      emit localPositionUpdated(decodeLocalPosition(frame));
      return;
    case MAVLINK_MSG_ID_GPS_RAW_INT:
      emit gpsUpdated(decodeGpsRaw(frame));
      return;
    case MAVLINK_MSG_ID_ATTITUDE:
      decodeAttitude(frame, attitude_);  // the quaternion that follows completes the sample
      // ArduPilot's streams carry no ATTITUDE_QUATERNION: its ATTITUDE is the whole sample.
      if (quaternion_heard_ || autopilot() != Autopilot::ArduPilot) return;
      if (completeAttitudeFromEuler(attitude_))
        emit attitudeUpdated(attitude_);
      else
        ++non_finite_dropped_;
      return;
    case MAVLINK_MSG_ID_ATTITUDE_QUATERNION:
      quaternion_heard_ = true;
      if (decodeAttitudeQuaternion(frame, attitude_))
        emit attitudeUpdated(attitude_);
      else
        ++non_finite_dropped_;
      return;
    case MAVLINK_MSG_ID_SYS_STATUS:
      sys_status_ = decodeSysStatus(frame);
      emit sysStatusUpdated(*sys_status_);
      emit boardHealthUpdated(BoardHealthSample{sensorHealth(*sys_status_)});
      return;
    case MAVLINK_MSG_ID_BATTERY_STATUS:
      battery_ = decodeBatteryStatus(frame);
      emit batteryStatusUpdated(*battery_);
      return;
    case MAVLINK_MSG_ID_HIGHRES_IMU:
      if (const std::optional<ImuSample> imu = decodeHighresImu(frame))
        emit imuUpdated(*imu);
      else
        ++non_finite_dropped_;
      return;
    case MAVLINK_MSG_ID_VFR_HUD:
      emit hudUpdated(decodeVfrHud(frame));
      return;
    case MAVLINK_MSG_ID_STATUSTEXT:
      onStatusText(frame);
      return;
    default:
      return;
  }
}

// Chunks joined, control characters out (status_text_assembler.h); a MAVLink 1 frame or a
// sender without chunks has id 0 (the extension fields arrive zero-filled).
void VehicleLink::onStatusText(const mavlink_frame_t& frame) {
  mavlink_statustext_t s;
  mavlink_statustext_decode(&frame, &s);
  heartbeats_since_text_ = 0;
  for (const StatusText& t : status_texts_.add(s.severity, s.text, s.id, s.chunk_seq)) emitStatusText(t);
}

// The text, and kept as the last word on each board sensor it names.
void VehicleLink::emitStatusText(const StatusText& text) {
  emit statusText(text.severity, text.text);
  const std::uint32_t named = boardSensorsNamed(text.text.toStdString());
  for (std::size_t i = 0; i < kBoardSensors.size(); ++i) {
    if ((named & static_cast<std::uint32_t>(kBoardSensors[i])) == 0) continue;
    sensor_texts_[i] = text;
    emit sensorMessage(kBoardSensors[i], text.severity, text.text);
  }
}

void VehicleLink::sendCommand(const QString& label, std::uint16_t command, float p1, float p2, float p3) {
  commands_.send(label, command, {p1, p2, p3, 0, 0, 0, 0});
}

void VehicleLink::arm() { sendCommand(tr("Arm"), MAV_CMD_COMPONENT_ARM_DISARM, 1.0f, 0.0f); }

void VehicleLink::forceArm() {
  sendCommand(tr("Force arm"), MAV_CMD_COMPONENT_ARM_DISARM, 1.0f, float(MAV_ARM_FORCE_MAGIC));
}

void VehicleLink::disarm() { sendCommand(tr("Disarm"), MAV_CMD_COMPONENT_ARM_DISARM, 0.0f, 0.0f); }

void VehicleLink::setMode(vayu_mode_t mode) {
  const DoSetModeParams p = doSetModeParams(Autopilot::Vayu, std::uint32_t(mode));
  sendCommand(tr("Mode %1").arg(modeName(std::uint32_t(mode))), MAV_CMD_DO_SET_MODE, p.param1, p.param2, p.param3);
}

void VehicleLink::setCustomMode(std::uint32_t custom_mode) {
  VehicleStatus asked = vehicle_;
  asked.custom_mode = custom_mode;
  const DoSetModeParams p = doSetModeParams(autopilot(), custom_mode);
  sendCommand(tr("Mode %1").arg(modeName(asked)), MAV_CMD_DO_SET_MODE, p.param1, p.param2, p.param3);
}

void VehicleLink::refuseLocally(const QString& label, std::uint16_t command, const QString& why) {
  CommandResult r;
  r.command = command;
  r.label = label;
  r.outcome = CommandResult::Outcome::Refused;
  r.reason = why;
  r.message = tr("%1: %2").arg(label, why);
  emit commandFinished(r);
}

void VehicleLink::takeoff(float altitude_rel_m) {
  const QString label = tr("Takeoff to %L1 m").arg(double(altitude_rel_m), 0, 'f', 1);
  if (!hasGuidedActions()) {
    refuseLocally(label, mav::kCmdNavTakeoff,
                  tr("this vehicle has no automatic take-off (arm, then climb in ALT_HOLD)"));
    return;
  }
  const int chain = next_chain_++;
  const float nan = std::numeric_limits<float>::quiet_NaN();
  if (autopilot() == Autopilot::ArduPilot) {
    constexpr std::uint32_t kArduCopterGuided = 4;  // ArduCopter/mode.h
    VehicleStatus asked = vehicle_;
    asked.custom_mode = kArduCopterGuided;
    const DoSetModeParams p = doSetModeParams(autopilot(), kArduCopterGuided);
    commands_.send(tr("Mode %1").arg(modeName(asked)), MAV_CMD_DO_SET_MODE, {p.param1, p.param2, p.param3, 0, 0, 0, 0},
                   chain);
  }
  if (!vehicle_.armed) commands_.send(tr("Arm"), MAV_CMD_COMPONENT_ARM_DISARM, {1, 0, 0, 0, 0, 0, 0}, chain);
  float param7 = altitude_rel_m;  // ArduCopter: above home
  if (autopilot() == Autopilot::Px4)
    param7 = home_amsl_m_ ? float(*home_amsl_m_ + double(altitude_rel_m)) : nan;  // PX4: AMSL
  // PX4 reads NaN as "unchanged" for the pitch, yaw, latitude and longitude; ArduCopter ignores them.
  commands_.send(label, mav::kCmdNavTakeoff, {0, 0, 0, nan, nan, nan, param7}, chain);
}

void VehicleLink::land() {
  if (!hasGuidedActions()) {
    refuseLocally(tr("Land"), mav::kCmdNavLand, tr("this vehicle lands in ALT_HOLD with the throttle down"));
    return;
  }
  const float nan = std::numeric_limits<float>::quiet_NaN();
  commands_.send(tr("Land"), mav::kCmdNavLand, {0, 0, 0, nan, nan, nan, nan});
}

void VehicleLink::returnToLaunch() {
  if (!hasGuidedActions()) {
    refuseLocally(tr("Return"), mav::kCmdNavReturnToLaunch, tr("this vehicle has no return to launch"));
    return;
  }
  commands_.send(tr("Return"), mav::kCmdNavReturnToLaunch, {0, 0, 0, 0, 0, 0, 0});
}

bool VehicleLink::sendManualControl(std::int16_t x, std::int16_t y, std::int16_t z, std::int16_t r,
                                    std::uint16_t buttons) {
  if (vehicle_.system_id == 0) return false;
  mavlink_manual_control_t m{};
  m.target = vehicle_.system_id;
  m.x = x;
  m.y = y;
  m.z = z;
  m.r = r;
  m.buttons = buttons;
  return connection_->send(m);
}

}  // namespace navigator
