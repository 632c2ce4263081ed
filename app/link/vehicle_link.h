// VehicleLink: the vehicle as the ground station sees it over one MavlinkConnection —
// heartbeat-based link state, identity, armed flag, flight mode, system status, estimated
// attitude, SYS_STATUS health, HIGHRES_IMU, VFR_HUD, STATUSTEXT log lines — and the commands a pilot
// gives: arm, force-arm, disarm, set mode (COMMAND_LONG with ACK, retries and a human result)
// and MANUAL_CONTROL. Owns the ParamClient for the same vehicle.
// Thread contract: lives on its connection's thread (the GUI thread for UDP is fine: the
// traffic is tens of frames a second); call its methods there, or from another thread through
// QMetaObject::invokeMethod (arm, disarm, forceArm, setMode and sendManualControl are slots).
// Its signals carry plain values (registered metatypes), so they may cross threads queued.
#pragma once

#include "app/clock/tick_clock.h"
#include "app/link/command_sender.h"
#include "app/link/link_timings.h"
#include "app/link/mavlink_connection.h"
#include "app/link/param_client.h"
#include "firmware/protocol/vayu_protocol.h"

#include <QObject>
#include <QString>

#include <array>
#include <optional>

namespace navigator {

enum class LinkState { NoVehicle, Connected, Lost };

struct VehicleStatus {
  std::uint8_t system_id = 0, component_id = 0;  // 0: no vehicle heard yet
  std::uint8_t mav_type = 0, autopilot = 0, base_mode = 0;
  std::uint8_t system_status = 0;  // MAV_STATE (firmware/protocol/vayu_protocol.h)
  std::uint32_t custom_mode = 0;   // the flight mode (vayu_mode_t)
  bool armed = false;
  bool failsafe() const { return mav_state_is_failsafe(system_status); }
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
  float voltage_V = -1;         // -1: the vehicle does not measure it
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

class VehicleLink : public QObject {
  Q_OBJECT

 public:
  explicit VehicleLink(MavlinkConnection* connection, const LinkTimings& timings = {}, QObject* parent = nullptr);
  // The clock the heartbeat timeout is measured on (not owned; null: the real one, checked
  // every kHeartbeatCheckMs). A test drives a ManualTickClock.
  void setClock(TickClock* clock);
  static constexpr int kHeartbeatCheckMs = 50;

  LinkState linkState() const { return link_state_; }
  const VehicleStatus& vehicle() const { return vehicle_; }
  // Telemetry samples (attitude, IMU, battery) dropped because a value was not finite: the CRC
  // only says the bytes arrived as sent, and a NaN must not reach the plots and instruments.
  std::uint64_t nonFiniteSamplesDropped() const { return non_finite_dropped_; }
  ParamClient* params() { return &params_; }
  MavlinkConnection* connection() const { return connection_; }

  static QString linkStateName(LinkState state);
  static QString modeName(std::uint32_t custom_mode);     // "ALT_HOLD", or "mode 7"
  static QString severityName(int severity);              // MAV_SEVERITY: "EMERGENCY" .. "DEBUG"

 public slots:
  void arm();
  void forceArm();  // skips the arming checks but sensor health (COMPONENT_ARM_DISARM 21196)
  void disarm();
  void setMode(vayu_mode_t mode);
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
  void statusText(int severity, const QString& text);
  void commandFinished(const navigator::CommandResult& result);

 private:
  void onFrame(const mavlink_frame_t& frame);
  void onHeartbeat(const mavlink_frame_t& frame);
  void setLinkState(LinkState state);
  void sendCommand(const QString& label, std::uint16_t command, float p1, float p2);

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
  CommandSender commands_;
  ParamClient params_;
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::LinkState)
Q_DECLARE_METATYPE(vayu_mode_t)
Q_DECLARE_METATYPE(navigator::VehicleStatus)
Q_DECLARE_METATYPE(navigator::AttitudeSample)
Q_DECLARE_METATYPE(navigator::SysStatusSample)
Q_DECLARE_METATYPE(navigator::ImuSample)
Q_DECLARE_METATYPE(navigator::HudSample)
