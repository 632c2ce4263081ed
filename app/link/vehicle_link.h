// VehicleLink: the vehicle as the ground station sees it over one MavlinkConnection —
// heartbeat-based link state, identity and autopilot (Vayu, PX4, ArduPilot: autopilot_dialect.h),
// armed flag, flight mode by name, system status, estimated attitude, SYS_STATUS health,
// HIGHRES_IMU, VFR_HUD, GLOBAL_POSITION_INT, LOCAL_POSITION_NED, GPS_RAW_INT, STATUSTEXT log
// lines — and the commands a pilot gives: arm, force-arm, disarm, set mode (COMMAND_LONG with
// ACK, retries and a human result, addressed as the autopilot expects) and MANUAL_CONTROL.
// Owns the ParamClient for the same vehicle. Alone on a link it takes whichever vehicle beats;
// a VehicleRoster pins one per system id when several share the link (pinSystem).
// Thread contract: lives on its connection's thread (the GUI thread for UDP is fine: the
// traffic is tens of frames a second); call its methods there, or from another thread through
// QMetaObject::invokeMethod (arm, disarm, forceArm, setMode and sendManualControl are slots).
// Its signals carry plain values (registered metatypes), so they may cross threads queued; the
// messages are decoded into them by plain functions (telemetry_decode.h).
#pragma once

#include "app/clock/tick_clock.h"
#include "app/link/autopilot_dialect.h"
#include "app/link/command_sender.h"
#include "app/link/link_timings.h"
#include "app/link/mavlink_connection.h"
#include "app/link/param_client.h"
#include "app/link/status_text_assembler.h"
#include "app/link/telemetry_decode.h"
#include "firmware/protocol/vayu_protocol.h"

#include <QObject>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace navigator {

enum class LinkState { NoVehicle, Connected, Lost };

class VehicleLink : public QObject {
  Q_OBJECT

 public:
  explicit VehicleLink(MavlinkConnection* connection, const LinkTimings& timings = {}, QObject* parent = nullptr);
  // The clock the heartbeat timeout is measured on (not owned; null: the real one, checked
  // every kHeartbeatCheckMs). A test drives a ManualTickClock.
  void setClock(TickClock* clock);
  static constexpr int kHeartbeatCheckMs = 50;
  // The rate asked of an ArduPilot vehicle for every telemetry stream (REQUEST_DATA_STREAM).
  static constexpr std::uint16_t kArduPilotStreamRateHz = 4;

  // Accepts only system `system_id` from now on (a VehicleRoster's link, one per vehicle on a
  // shared connection); 0 accepts whichever vehicle beats first.
  void pinSystem(std::uint8_t system_id) { pinned_system_ = system_id; }
  std::uint8_t pinnedSystem() const { return pinned_system_; }
  // Handles one received frame (the connection's frameReceived calls it; a roster hands over
  // the heartbeat that made it create this link).
  void receiveFrame(const mavlink_frame_t& frame) { onFrame(frame); }

  LinkState linkState() const { return link_state_; }
  const VehicleStatus& vehicle() const { return vehicle_; }
  Autopilot autopilot() const { return vehicle_.autopilotKind(); }
  // The modes a pilot may ask this vehicle for (empty before its first heartbeat, or for an
  // autopilot without a table), and the name of the mode it is in ("Position", "LOITER").
  std::vector<FlightModeEntry> modes() const { return flightModes(autopilot(), vehicle_.mav_type); }
  QString currentModeName() const;
  // Telemetry samples (attitude, IMU, battery) dropped because a value was not finite: the CRC
  // only says the bytes arrived as sent, and a NaN must not reach the plots and instruments.
  std::uint64_t nonFiniteSamplesDropped() const { return non_finite_dropped_; }
  ParamClient* params() { return &params_; }
  // The board's state as last heard (absent before the first SYS_STATUS / BATTERY_STATUS) and
  // the last STATUSTEXT about each sensor; forgotten when another vehicle takes the link.
  const std::optional<SysStatusSample>& lastSysStatus() const { return sys_status_; }
  const std::optional<BatteryStatusSample>& lastBatteryStatus() const { return battery_; }
  const std::optional<StatusText>& sensorText(BoardSensor sensor) const {
    return sensor_texts_[boardSensorIndex(sensor)];
  }
  // COMMAND_LONG with ACK and retries, to this vehicle (the target its HEARTBEAT names).
  CommandSender* commands() { return &commands_; }
  MavlinkConnection* connection() const { return connection_; }

  static QString linkStateName(LinkState state);
  static QString modeName(std::uint32_t custom_mode);  // Vayu's: "ALT_HOLD", or "mode 7"
  // `vehicle`'s mode in its autopilot's dialect: "Hold", "LOITER", "ANGLE", or "mode 7".
  static QString modeName(const VehicleStatus& vehicle);
  static QString severityName(int severity);  // MAV_SEVERITY: "EMERGENCY" .. "DEBUG"

 public slots:
  void arm();
  void forceArm();  // skips the arming checks but sensor health (COMPONENT_ARM_DISARM 21196)
  void disarm();
  void setMode(vayu_mode_t mode);
  // MAV_CMD_DO_SET_MODE for `custom_mode` in the vehicle's dialect (doSetModeParams).
  void setCustomMode(std::uint32_t custom_mode);
  // QGroundControl's guided actions, through the autopilot's own commands, each acknowledged
  // or refused with the autopilot's reason (commandFinished). A step refused drops the rest.
  //  - Takeoff to `altitude_rel_m` above home. PX4: arm (when disarmed), then NAV_TAKEOFF with
  //    param7 the altitude above mean sea level (home's + altitude_rel_m; NaN, PX4's
  //    MIS_TAKEOFF_ALT, before a position is known). ArduPilot: mode GUIDED, arm, NAV_TAKEOFF
  //    with param7 the altitude above home (ArduCopter takes off only in GUIDED, armed).
  //    Vayu has no automatic take-off: refused here, with the reason.
  //  - Land: NAV_LAND (PX4: AUTO_LAND; ArduCopter: LAND). Return: NAV_RETURN_TO_LAUNCH.
  void takeoff(float altitude_rel_m);
  void land();
  void returnToLaunch();
  // Whether this vehicle's autopilot has the guided actions above (PX4, ArduPilot).
  bool hasGuidedActions() const { return autopilot() == Autopilot::Px4 || autopilot() == Autopilot::ArduPilot; }
  // MANUAL_CONTROL to the vehicle: x pitch (+forward), y roll (+right), r yaw (+clockwise) in
  // -1000..1000, z throttle 0..1000; INT16_MAX marks an axis as absent. The caller keeps the
  // rate steady (50 Hz). Returns false, sending nothing, while no vehicle is known.
  bool sendManualControl(std::int16_t x, std::int16_t y, std::int16_t z, std::int16_t r, std::uint16_t buttons);

 signals:
  void linkStateChanged(navigator::LinkState state);
  void vehicleChanged(const navigator::VehicleStatus& vehicle);  // identity, armed, mode or status changed
  void attitudeUpdated(const navigator::AttitudeSample& attitude);
  void sysStatusUpdated(const navigator::SysStatusSample& status);
  void imuUpdated(const navigator::ImuSample& imu);
  void hudUpdated(const navigator::HudSample& hud);
  void globalPositionUpdated(const navigator::GlobalPositionSample& position);
  void localPositionUpdated(const navigator::LocalPositionSample& position);
  void gpsUpdated(const navigator::GpsSample& gps);
  // SYS_STATUS's board sensors (each SYS_STATUS) and BATTERY_STATUS, decoded.
  void boardHealthUpdated(const navigator::BoardHealthSample& health);
  void batteryStatusUpdated(const navigator::BatteryStatusSample& battery);
  void statusText(int severity, const QString& text);
  // A STATUSTEXT about a board sensor (boardSensorsNamed), once per sensor it names.
  void sensorMessage(navigator::BoardSensor sensor, int severity, const QString& text);
  void commandFinished(const navigator::CommandResult& result);

 private:
  void onFrame(const mavlink_frame_t& frame);
  void onHeartbeat(const mavlink_frame_t& frame);
  void setLinkState(LinkState state);
  void sendCommand(const QString& label, std::uint16_t command, float p1, float p2, float p3 = 0);
  void refuseLocally(const QString& label, std::uint16_t command, const QString& why);
  void requestStreams();  // ArduPilot: its telemetry, which it sends only when asked
  void onStatusText(const mavlink_frame_t& frame);
  void emitStatusText(const StatusText& text);

  MavlinkConnection* connection_;
  LinkTimings timings_;
  LinkState link_state_ = LinkState::NoVehicle;
  VehicleStatus vehicle_;
  AttitudeSample attitude_;
  bool quaternion_heard_ = false;  // the vehicle sends ATTITUDE_QUATERNION (PX4, Navigator's)
  SteadyTickClock steady_clock_{kHeartbeatCheckMs};
  TickClock* clock_ = nullptr;
  QMetaObject::Connection tick_connection_;
  std::int64_t heartbeat_deadline_ms_ = 0;  // by clock_: lost when it passes without a heartbeat
  std::uint64_t non_finite_dropped_ = 0;
  std::uint8_t pinned_system_ = 0;
  CommandSender commands_;
  ParamClient params_;
  StatusTextAssembler status_texts_;
  std::optional<SysStatusSample> sys_status_;
  std::optional<BatteryStatusSample> battery_;
  std::array<std::optional<StatusText>, kBoardSensors.size()> sensor_texts_;
  // STATUSTEXT frames that came before any vehicle's first heartbeat (a firmware tells a start-up
  // fault at once, and beats once a second): handed on when their system beats.
  std::vector<mavlink_frame_t> early_texts_;
  static constexpr std::size_t kEarlyTextsMax = 32;
  std::optional<double> home_amsl_m_;  // GLOBAL_POSITION_INT: altitude less altitude above home
  int next_chain_ = 1;
  int heartbeats_since_text_ = 0;
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::LinkState)
Q_DECLARE_METATYPE(vayu_mode_t)
Q_DECLARE_METATYPE(navigator::VehicleStatus)
Q_DECLARE_METATYPE(navigator::AttitudeSample)
Q_DECLARE_METATYPE(navigator::SysStatusSample)
Q_DECLARE_METATYPE(navigator::ImuSample)
Q_DECLARE_METATYPE(navigator::HudSample)
Q_DECLARE_METATYPE(navigator::GlobalPositionSample)
Q_DECLARE_METATYPE(navigator::LocalPositionSample)
Q_DECLARE_METATYPE(navigator::GpsSample)
Q_DECLARE_METATYPE(navigator::BoardHealthSample)
Q_DECLARE_METATYPE(navigator::BatteryStatusSample)
Q_DECLARE_METATYPE(navigator::BoardSensor)
