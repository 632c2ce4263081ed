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
// Its signals carry plain values (registered metatypes), so they may cross threads queued.
#pragma once

#include "app/clock/tick_clock.h"
#include "app/link/autopilot_dialect.h"
#include "app/link/command_sender.h"
#include "app/link/link_timings.h"
#include "app/link/mavlink_connection.h"
#include "app/link/param_client.h"
#include "app/link/status_text_assembler.h"
#include "firmware/protocol/vayu_protocol.h"

#include <QObject>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace navigator {

enum class LinkState { NoVehicle, Connected, Lost };

struct VehicleStatus {
  std::uint8_t system_id = 0, component_id = 0;  // 0: no vehicle heard yet
  std::uint8_t mav_type = 0, autopilot = 0, base_mode = 0;
  std::uint8_t system_status = 0;  // MAV_STATE (firmware/protocol/vayu_protocol.h)
  std::uint32_t custom_mode = 0;   // the flight mode, in the autopilot's dialect
  bool armed = false;
  bool failsafe() const { return mav_state_is_failsafe(system_status); }
  Autopilot autopilotKind() const { return system_id == 0 ? Autopilot::Unknown : autopilotOf(autopilot); }
  bool operator==(const VehicleStatus&) const = default;
};

// Estimated attitude (ATTITUDE and ATTITUDE_QUATERNION): q_WB NED/FRD, rates in the body frame.
struct AttitudeSample {
  std::uint32_t time_boot_ms = 0;
  std::array<float, 4> q_WB_wxyz{1, 0, 0, 0};
  float roll_rad = 0, pitch_rad = 0, yaw_rad = 0;
  std::array<float, 3> rate_B_radps{};
};

// SYS_STATUS. Sensor bits are MAV_SYS_STATUS_SENSOR (1 gyro, 2 accel, 4 mag, 8 baro, ...).
struct SysStatusSample {
  std::uint32_t present = 0, enabled = 0, health = 0;
  float voltage_V = -1;  // -1: the vehicle does not measure it
  float current_A = -1;
  int battery_remaining_pct = -1;
  float load_pct = 0;
  // Every present and enabled sensor of `mask` is healthy.
  bool healthy(std::uint32_t mask) const { return ((present & enabled & mask) & ~health) == 0; }
};

// HIGHRES_IMU as the firmware reports it (sensor axes).
struct ImuSample {
  std::uint64_t time_us = 0;
  std::array<float, 3> accel_mps2{}, gyro_radps{}, mag_gauss{};
  float pressure_alt_m = 0;
  std::uint16_t fields_updated = 0;
};

// VFR_HUD: what a pilot's instruments show. A speed, altitude or climb the vehicle does not
// know comes as NaN (Vayu has no airspeed sensor or GPS) and is held here as absent, never as
// a number.
struct HudSample {
  std::optional<float> airspeed_mps, groundspeed_mps;
  std::optional<float> altitude_m;  // above mean sea level, as the vehicle measures it
  std::optional<float> climb_mps;   // up positive
  int heading_deg = 0;              // 0..359, 0 north
  int throttle_pct = 0;             // 0..100
};

// GLOBAL_POSITION_INT: the autopilot's fused position (WGS84) and velocity (NED).
struct GlobalPositionSample {
  std::uint32_t time_boot_ms = 0;
  double lat_deg = 0, lon_deg = 0;
  double altitude_msl_m = 0;  // above mean sea level
  double altitude_rel_m = 0;  // above home
  std::array<float, 3> v_NED_mps{};
  std::optional<float> heading_deg;  // 0..360; absent when the vehicle does not know it
};

// LOCAL_POSITION_NED: position and velocity in the autopilot's local NED frame (origin where
// its estimator started). A non-finite triple is held as absent.
struct LocalPositionSample {
  std::uint32_t time_boot_ms = 0;
  std::optional<std::array<float, 3>> p_NED_m, v_NED_mps;
};

// GPS_RAW_INT: the receiver's own solution. Values the message marks as unknown (UINT16_MAX,
// 255 satellites) are absent; so is the position without at least a 2-D fix.
struct GpsSample {
  std::uint64_t time_us = 0;
  int fix_type = 0;  // GPS_FIX_TYPE: 0 no GPS, 1 no fix, 2 2-D, 3 3-D, 4 DGPS, 5 RTK float, 6 RTK fixed
  std::optional<int> satellites;
  std::optional<float>
      hdop;  // eph / 100; absent when unknown or 0 (no real sky gives 0: PX4's simulator sends it as "not computed")
  std::optional<float> horizontal_accuracy_m, vertical_accuracy_m;  // h_acc, v_acc (MAVLink 2 extension); absent when 0
  std::optional<double> lat_deg, lon_deg, altitude_msl_m;
  std::optional<float> groundspeed_mps, course_deg;
};

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
  void statusText(int severity, const QString& text);
  void commandFinished(const navigator::CommandResult& result);

 private:
  void onFrame(const mavlink_frame_t& frame);
  void onHeartbeat(const mavlink_frame_t& frame);
  void setLinkState(LinkState state);
  void sendCommand(const QString& label, std::uint16_t command, float p1, float p2, float p3 = 0);
  void refuseLocally(const QString& label, std::uint16_t command, const QString& why);
  void requestStreams();                              // ArduPilot: its telemetry, which it sends only when asked
  bool decodePosition(const mavlink_frame_t& frame);  // GLOBAL_POSITION_INT, LOCAL_POSITION_NED, GPS_RAW_INT

  MavlinkConnection* connection_;
  LinkTimings timings_;
  LinkState link_state_ = LinkState::NoVehicle;
  VehicleStatus vehicle_;
  AttitudeSample attitude_;
  SteadyTickClock steady_clock_{kHeartbeatCheckMs};
  TickClock* clock_ = nullptr;
  QMetaObject::Connection tick_connection_;
  std::int64_t heartbeat_deadline_ms_ = 0;  // by clock_: lost when it passes without a heartbeat
  std::uint64_t non_finite_dropped_ = 0;
  std::uint8_t pinned_system_ = 0;
  CommandSender commands_;
  ParamClient params_;
  StatusTextAssembler status_texts_;
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
