// Telemetry decoding: one received MAVLink frame (firmware/mavlink/mavlink_codec.h) in, a plain
// value out — what the station shows and plots, in SI units, with what the message marks as
// unknown held as absent. No QObject, no event loop: VehicleLink calls these and emits their
// results; a test calls them on frames it encoded itself. Field meanings and units are those
// of MAVLink's common message set (mavlink.io, "common.xml").
#pragma once

#include "app/link/autopilot_dialect.h"
#include "firmware/mavlink/mavlink_codec.h"
#include "firmware/protocol/vayu_protocol.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace navigator {

// HEARTBEAT: who beats (the frame's system and component) and what it says of itself.
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

// The board's sensors as SYS_STATUS names them: MAV_SYS_STATUS_SENSOR values from MAVLink's
// common.xml (3D_GYRO 1, 3D_ACCEL 2, 3D_MAG 4, ABSOLUTE_PRESSURE 8, GPS 32, RC_RECEIVER 65536,
// BATTERY 33554432).
enum class BoardSensor : std::uint32_t {
  Gyroscope = 1u << 0,
  Accelerometer = 1u << 1,
  Magnetometer = 1u << 2,
  Barometer = 1u << 3,
  Gps = 1u << 5,
  RadioReceiver = 1u << 16,
  Battery = 1u << 25,
};
inline constexpr std::array<BoardSensor, 7> kBoardSensors{
    BoardSensor::Gyroscope, BoardSensor::Accelerometer, BoardSensor::Magnetometer, BoardSensor::Barometer,
    BoardSensor::Gps,       BoardSensor::RadioReceiver, BoardSensor::Battery};

// One sensor's state from SYS_STATUS's three bit sets. healthy is meaningful only when present.
struct SensorHealth {
  BoardSensor sensor = BoardSensor::Gyroscope;
  bool present = false, enabled = false, healthy = false;
  // Present and enabled but reported unhealthy: the case a station marks as a fault.
  bool faulty() const { return present && enabled && !healthy; }
};

// Each of kBoardSensors, in that order, read from `status`'s present/enabled/health bits.
std::array<SensorHealth, kBoardSensors.size()> sensorHealth(const SysStatusSample& status);

// The board's sensors from one SYS_STATUS, as VehicleLink hands them on.
struct BoardHealthSample {
  std::array<SensorHealth, kBoardSensors.size()> sensors{};
};

// The index of `sensor` in kBoardSensors.
std::size_t boardSensorIndex(BoardSensor sensor);

// The sensors a Vayu firmware STATUSTEXT (UTF-8) is about, as a mask of BoardSensor bits (0:
// none). The firmware's health texts begin with the driver's chip ("BMX160: ", "BMP388: ",
// "u-blox: ", "CRSF: ", "SBUS: ", "Battery") or, without a driver message, the sensor's name
// ("Gyro", "Accelerometer", "Magnetometer", "Barometer", "GPS", "RC receiver"; firmware/core/
// board_status.c). A BMX160 text naming its accelerometer, gyroscope or magnetometer (a
// saturation, an overflow, a part that is ok) is that part's; any other BMX160 text (not
// answering, wrong identity, stuck, a start-up error, the BMM150's identity included: the chip
// stops as a whole) is all three's.
std::uint32_t boardSensorsNamed(std::string_view text);

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

// BATTERY_STATUS: one battery's measurements; what the message marks as unknown is absent.
struct BatteryStatusSample {
  int id = 0;
  std::optional<float> voltage_V;  // the pack
  std::optional<float> current_A, consumed_mAh, consumed_J;
  std::optional<int> remaining_pct;
  int charge_state =
      0;  // MAV_BATTERY_CHARGE_STATE: 0 undefined, 1 ok, 2 low, 3 critical, 4 emergency, 5 failed, 6 unhealthy
};

// Each decoder takes a frame of its own message (its msgid checked by the caller; another
// message decodes as zeros). Units on the wire → in the sample, per common.xml:

// HEARTBEAT: type, autopilot, base_mode (armed: MAV_MODE_FLAG_SAFETY_ARMED), custom_mode,
// system_status; the frame's sysid and compid.
VehicleStatus decodeHeartbeat(const mavlink_frame_t& frame);

// ATTITUDE into `sample`: roll, pitch, yaw [rad] and their rates [rad/s], as sent. The
// ATTITUDE_QUATERNION that follows completes the sample.
void decodeAttitude(const mavlink_frame_t& frame, AttitudeSample& sample);

// ATTITUDE_QUATERNION into `sample`: q1..q4 = w, x, y, z and the body rates [rad/s], as sent.
// False when a value of the completed sample (the Euler angles from ATTITUDE included) is not
// finite: the sample must not be shown.
bool decodeAttitudeQuaternion(const mavlink_frame_t& frame, AttitudeSample& sample);

// For a vehicle that sends ATTITUDE alone (ArduPilot's streams carry no ATTITUDE_QUATERNION):
// the quaternion from its Euler angles, yaw-pitch-roll (Z-Y-X) as ATTITUDE defines them
// (common.xml). False when an angle or rate is not finite: the sample must not be shown.
bool completeAttitudeFromEuler(AttitudeSample& sample);

// SYS_STATUS: the sensor bit sets; voltage_battery [mV] → V (UINT16_MAX: not measured, −1),
// current_battery [cA] → A (−1: not measured), battery_remaining [%] (−1: not known), load [d%]
// → %. Integers on the wire: always finite.
SysStatusSample decodeSysStatus(const mavlink_frame_t& frame);

// HIGHRES_IMU: acceleration [m/s²], rates [rad/s], field [gauss], pressure altitude [m], the
// fields_updated bits; nullopt when a value is not finite.
std::optional<ImuSample> decodeHighresImu(const mavlink_frame_t& frame);

// VFR_HUD: airspeed and ground speed [m/s], altitude [m MSL], climb [m/s] (NaN: absent);
// heading [deg] brought into 0..359, throttle [%] capped at 100.
HudSample decodeVfrHud(const mavlink_frame_t& frame);

// GLOBAL_POSITION_INT: lat, lon [degE7] → deg; alt, relative_alt [mm] → m; vx, vy, vz [cm/s] →
// m/s; hdg [cdeg] → deg (UINT16_MAX: absent). Integers on the wire: always finite.
GlobalPositionSample decodeGlobalPosition(const mavlink_frame_t& frame);

// LOCAL_POSITION_NED: x, y, z [m] and vx, vy, vz [m/s]; a triple with a non-finite value is absent.
LocalPositionSample decodeLocalPosition(const mavlink_frame_t& frame);

// GPS_RAW_INT: fix_type; satellites_visible (255: absent); eph [cm] → HDOP eph/100 (UINT16_MAX
// or 0: absent); h_acc, v_acc [mm] → m (0: absent); lat, lon [degE7] → deg with at least a 2-D
// fix, alt [mm] → m with a 3-D fix; vel [cm/s] → m/s and cog [cdeg] → deg (UINT16_MAX: absent).
GpsSample decodeGpsRaw(const mavlink_frame_t& frame);

// BATTERY_STATUS: voltages [mV] → V, the sum of the entries that are not UINT16_MAX — the pack
// whether it is sent whole in voltages[0] (continued in voltages[1] above 65.534 V) or per cell; current_battery
// [cA] → A (−1 absent); current_consumed [mAh] (−1 absent); energy_consumed [hJ] → J (−1
// absent); battery_remaining [%] (−1 absent); charge_state as sent.
BatteryStatusSample decodeBatteryStatus(const mavlink_frame_t& frame);

}  // namespace navigator
