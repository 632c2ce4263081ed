#include "app/link/telemetry_decode.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace navigator {
namespace {

bool allFinite(std::initializer_list<float> values) {
  for (const float v : values)
    if (!std::isfinite(v)) return false;
  return true;
}

// A NaN (or infinite) float, which MAVLink sends for "not known", as absent.
std::optional<float> known(float v) { return std::isfinite(v) ? std::optional<float>(v) : std::nullopt; }

// Three floats, absent when one of them is not finite.
std::optional<std::array<float, 3>> finite3(float a, float b, float c) {
  return allFinite({a, b, c}) ? std::optional<std::array<float, 3>>(std::array<float, 3>{a, b, c}) : std::nullopt;
}

}  // namespace

VehicleStatus decodeHeartbeat(const mavlink_frame_t& frame) {
  mavlink_heartbeat_t h{};
  mavlink_heartbeat_decode(&frame, &h);
  VehicleStatus v;
  v.system_id = frame.sysid;
  v.component_id = frame.compid;
  v.mav_type = h.type;
  v.autopilot = h.autopilot;
  v.base_mode = h.base_mode;
  v.system_status = h.system_status;
  v.custom_mode = h.custom_mode;
  v.armed = (h.base_mode & MAV_MODE_FLAG_SAFETY_ARMED) != 0;
  return v;
}

void decodeAttitude(const mavlink_frame_t& frame, AttitudeSample& sample) {
  mavlink_attitude_t a{};
  mavlink_attitude_decode(&frame, &a);
  sample.time_boot_ms = a.time_boot_ms;
  sample.roll_rad = a.roll;
  sample.pitch_rad = a.pitch;
  sample.yaw_rad = a.yaw;
  sample.rate_B_radps = {a.rollspeed, a.pitchspeed, a.yawspeed};
}

bool decodeAttitudeQuaternion(const mavlink_frame_t& frame, AttitudeSample& sample) {
  mavlink_attitude_quaternion_t q{};
  mavlink_attitude_quaternion_decode(&frame, &q);
  sample.time_boot_ms = q.time_boot_ms;
  sample.q_WB_wxyz = {q.q1, q.q2, q.q3, q.q4};
  sample.rate_B_radps = {q.rollspeed, q.pitchspeed, q.yawspeed};
  return allFinite({q.q1, q.q2, q.q3, q.q4, q.rollspeed, q.pitchspeed, q.yawspeed, sample.roll_rad, sample.pitch_rad,
                    sample.yaw_rad});
}

bool completeAttitudeFromEuler(AttitudeSample& sample) {
  const double hr = 0.5 * double(sample.roll_rad), hp = 0.5 * double(sample.pitch_rad),
               hy = 0.5 * double(sample.yaw_rad);
  const double cr = std::cos(hr), sr = std::sin(hr), cp = std::cos(hp), sp = std::sin(hp), cy = std::cos(hy),
               sy = std::sin(hy);
  // q = q_z(yaw) · q_y(pitch) · q_x(roll)
  sample.q_WB_wxyz = {float(cr * cp * cy + sr * sp * sy), float(sr * cp * cy - cr * sp * sy),
                      float(cr * sp * cy + sr * cp * sy), float(cr * cp * sy - sr * sp * cy)};
  const auto& r = sample.rate_B_radps;
  return allFinite({sample.roll_rad, sample.pitch_rad, sample.yaw_rad, r[0], r[1], r[2]});
}

SysStatusSample decodeSysStatus(const mavlink_frame_t& frame) {
  mavlink_sys_status_t s{};
  mavlink_sys_status_decode(&frame, &s);
  SysStatusSample out;
  out.present = s.onboard_control_sensors_present;
  out.enabled = s.onboard_control_sensors_enabled;
  out.health = s.onboard_control_sensors_health;
  out.voltage_V = s.voltage_battery == UINT16_MAX ? -1.0f : float(s.voltage_battery) * 1e-3f;  // mV
  out.current_A = s.current_battery < 0 ? -1.0f : float(s.current_battery) * 1e-2f;            // cA
  // NOLINTNEXTLINE(bugprone-signed-char-misuse): MAVLink's int8_t is a number here (-1 unknown), not a character
  out.battery_remaining_pct = s.battery_remaining;
  out.load_pct = float(s.load) * 0.1f;  // d%
  return out;
}

std::optional<ImuSample> decodeHighresImu(const mavlink_frame_t& frame) {
  mavlink_highres_imu_t m{};
  mavlink_highres_imu_decode(&frame, &m);
  ImuSample out;
  out.time_us = m.time_usec;
  out.accel_mps2 = {m.xacc, m.yacc, m.zacc};
  out.gyro_radps = {m.xgyro, m.ygyro, m.zgyro};
  out.mag_gauss = {m.xmag, m.ymag, m.zmag};
  out.pressure_alt_m = m.pressure_alt;
  out.fields_updated = m.fields_updated;
  if (!allFinite({m.xacc, m.yacc, m.zacc, m.xgyro, m.ygyro, m.zgyro, m.xmag, m.ymag, m.zmag, m.pressure_alt}))
    return std::nullopt;
  return out;
}

HudSample decodeVfrHud(const mavlink_frame_t& frame) {
  mavlink_vfr_hud_t m{};
  mavlink_vfr_hud_decode(&frame, &m);
  HudSample out;
  out.airspeed_mps = known(m.airspeed);
  out.groundspeed_mps = known(m.groundspeed);
  out.altitude_m = known(m.alt);
  out.climb_mps = known(m.climb);
  out.heading_deg = ((int(m.heading) % 360) + 360) % 360;
  out.throttle_pct = std::min<int>(m.throttle, 100);
  return out;
}

GlobalPositionSample decodeGlobalPosition(const mavlink_frame_t& frame) {
  mavlink_global_position_int_t m{};
  mavlink_global_position_int_decode(&frame, &m);
  GlobalPositionSample out;
  out.time_boot_ms = m.time_boot_ms;
  out.lat_deg = double(m.lat) * 1e-7;  // degE7
  out.lon_deg = double(m.lon) * 1e-7;
  out.altitude_msl_m = double(m.alt) * 1e-3;  // mm
  out.altitude_rel_m = double(m.relative_alt) * 1e-3;
  out.v_NED_mps = {float(m.vx) * 1e-2f, float(m.vy) * 1e-2f, float(m.vz) * 1e-2f};  // cm/s
  if (m.hdg != UINT16_MAX) out.heading_deg = float(m.hdg) * 1e-2f;                  // cdeg
  return out;
}

LocalPositionSample decodeLocalPosition(const mavlink_frame_t& frame) {
  mavlink_local_position_ned_t m{};
  mavlink_local_position_ned_decode(&frame, &m);
  LocalPositionSample out;
  out.time_boot_ms = m.time_boot_ms;
  out.p_NED_m = finite3(m.x, m.y, m.z);
  out.v_NED_mps = finite3(m.vx, m.vy, m.vz);
  return out;
}

GpsSample decodeGpsRaw(const mavlink_frame_t& frame) {
  mavlink_gps_raw_int_t m{};
  mavlink_gps_raw_int_decode(&frame, &m);
  GpsSample out;
  out.time_us = m.time_usec;
  out.fix_type = m.fix_type;
  if (m.satellites_visible != UINT8_MAX) out.satellites = m.satellites_visible;
  if (m.eph != UINT16_MAX && m.eph != 0) out.hdop = float(m.eph) * 1e-2f;
  if (m.h_acc != 0) out.horizontal_accuracy_m = float(m.h_acc) * 1e-3f;  // mm
  if (m.v_acc != 0) out.vertical_accuracy_m = float(m.v_acc) * 1e-3f;
  if (m.fix_type >= mav::kGpsFix2d) {
    out.lat_deg = double(m.lat) * 1e-7;
    out.lon_deg = double(m.lon) * 1e-7;
    if (m.fix_type >= mav::kGpsFix3d) out.altitude_msl_m = double(m.alt) * 1e-3;
  }
  if (m.vel != UINT16_MAX) out.groundspeed_mps = float(m.vel) * 1e-2f;
  if (m.cog != UINT16_MAX) out.course_deg = float(m.cog) * 1e-2f;
  return out;
}

BatteryStatusSample decodeBatteryStatus(const mavlink_frame_t& frame) {
  mavlink_battery_status_t m{};
  mavlink_battery_status_decode(&frame, &m);
  BatteryStatusSample out;
  out.id = m.id;
  std::uint32_t mv = 0;
  int cells = 0;
  for (const std::uint16_t v : m.voltages)
    if (v != UINT16_MAX) {
      mv += v;
      ++cells;
    }
  // The pack sent whole in voltages[0], continued in voltages[1] above 65.534 V, or per cell (common.xml).
  if (cells > 0) out.voltage_V = float(mv) * 1e-3f;
  if (m.current_battery >= 0) out.current_A = float(m.current_battery) * 1e-2f;
  if (m.current_consumed >= 0) out.consumed_mAh = float(m.current_consumed);
  if (m.energy_consumed >= 0) out.consumed_J = float(m.energy_consumed) * 100.0f;
  // NOLINTNEXTLINE(bugprone-signed-char-misuse): MAVLink's int8_t is a number here (-1 unknown), not a character
  if (m.battery_remaining >= 0) out.remaining_pct = m.battery_remaining;
  out.charge_state = m.charge_state;
  return out;
}

std::array<SensorHealth, kBoardSensors.size()> sensorHealth(const SysStatusSample& status) {
  std::array<SensorHealth, kBoardSensors.size()> out{};
  for (std::size_t i = 0; i < kBoardSensors.size(); ++i) {
    const auto bit = static_cast<std::uint32_t>(kBoardSensors[i]);
    out[i].sensor = kBoardSensors[i];
    out[i].present = (status.present & bit) != 0;
    out[i].enabled = (status.enabled & bit) != 0;
    out[i].healthy = (status.health & bit) != 0;
  }
  return out;
}

std::size_t boardSensorIndex(BoardSensor sensor) {
  for (std::size_t i = 0; i < kBoardSensors.size(); ++i)
    if (kBoardSensors[i] == sensor) return i;
  return 0;
}

namespace {

constexpr std::uint32_t bitOf(BoardSensor s) { return static_cast<std::uint32_t>(s); }

// A BMX160 text: the part it names, else the whole chip.
std::uint32_t bmx160Sensors(std::string_view text) {
  const bool part_only = text.find(" saturated") != std::string_view::npos ||
                         text.find(" overflow") != std::string_view::npos || text.find(" ok") != std::string_view::npos;
  if (part_only) {
    if (text.find("accelerometer") != std::string_view::npos) return bitOf(BoardSensor::Accelerometer);
    if (text.find("gyroscope") != std::string_view::npos) return bitOf(BoardSensor::Gyroscope);
    if (text.find("magnetometer") != std::string_view::npos) return bitOf(BoardSensor::Magnetometer);
  }
  return bitOf(BoardSensor::Gyroscope) | bitOf(BoardSensor::Accelerometer) | bitOf(BoardSensor::Magnetometer);
}

}  // namespace

std::uint32_t boardSensorsNamed(std::string_view text) {
  if (text.starts_with("BMX160: ")) return bmx160Sensors(text);
  static constexpr struct {
    std::string_view prefix;
    BoardSensor sensor;
  } kPrefixes[] = {{"BMP388: ", BoardSensor::Barometer},
                   {"u-blox: ", BoardSensor::Gps},
                   {"CRSF: ", BoardSensor::RadioReceiver},
                   {"SBUS: ", BoardSensor::RadioReceiver},
                   {"Battery", BoardSensor::Battery},
                   {"Gyro", BoardSensor::Gyroscope},
                   {"Accelerometer", BoardSensor::Accelerometer},
                   {"Magnetometer", BoardSensor::Magnetometer},
                   {"Barometer", BoardSensor::Barometer},
                   {"GPS", BoardSensor::Gps},
                   {"RC receiver", BoardSensor::RadioReceiver}};
  for (const auto& p : kPrefixes)
    if (text.starts_with(p.prefix)) return bitOf(p.sensor);
  return 0;
}

}  // namespace navigator
