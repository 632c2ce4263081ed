#include "sim/service/hil_frames.h"

#include "sim/vehicle/sensor_models.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace vsim {
namespace {

// Rounds to an integer field, saturating (a runaway velocity must not wrap around).
template <class Int>
Int saturate(double v) {
  if (!std::isfinite(v)) return 0;
  const double lo = double(std::numeric_limits<Int>::min()), hi = double(std::numeric_limits<Int>::max());
  return Int(std::clamp(std::round(v), lo, hi));
}

}  // namespace

mavlink_hil_sensor_t hilSensor(const SensorFrame& frame, bool reset) {
  mavlink_hil_sensor_t m{};
  m.time_usec = std::uint64_t(frame.time_us);
  m.xacc = float(frame.imu.accel_S_mps2.x());
  m.yacc = float(frame.imu.accel_S_mps2.y());
  m.zacc = float(frame.imu.accel_S_mps2.z());
  m.xgyro = float(frame.imu.gyro_S_radps.x());
  m.ygyro = float(frame.imu.gyro_S_radps.y());
  m.zgyro = float(frame.imu.gyro_S_radps.z());
  m.xmag = float(frame.mag.field_S_gauss.x());
  m.ymag = float(frame.mag.field_S_gauss.y());
  m.zmag = float(frame.mag.field_S_gauss.z());
  m.abs_pressure = float(frame.baro.pressure_pa / 100.0);
  m.pressure_alt = float(frame.baro.altitude_m);
  m.temperature = float(frame.baro.temperature_degc);
  m.fields_updated = kHilSensorFieldsUpdated | (reset ? kHilSensorReset : 0u);
  return m;
}

mavlink_battery_status_t batteryStatus(const BatteryState& pack) {
  mavlink_battery_status_t m{};
  std::fill(std::begin(m.voltages), std::end(m.voltages), std::uint16_t(UINT16_MAX));
  std::fill(std::begin(m.voltages_ext), std::end(m.voltages_ext), std::uint16_t(0));  // 0: not given (extension)
  const double millivolts = std::max(0.0, pack.voltage_V * 1000.0);
  if (millivolts < 65534.0) {
    m.voltages[0] = saturate<std::uint16_t>(millivolts);
  } else {
    m.voltages[0] = 65534;
    m.voltages[1] = saturate<std::uint16_t>(millivolts - 65534.0);
  }
  m.current_battery = saturate<std::int16_t>(pack.current_A * 100.0);
  m.current_consumed = saturate<std::int32_t>(pack.consumed_mAh);
  m.energy_consumed = -1;
  m.temperature = INT16_MAX;
  m.battery_remaining = std::int8_t(std::lround(std::clamp(pack.charge, 0.0, 1.0) * 100.0));
  m.battery_function = 1;  // MAV_BATTERY_FUNCTION_ALL
  m.type = 1;              // MAV_BATTERY_TYPE_LIPO
  m.time_remaining = 0;    // not computed
  return m;
}

mavlink_rc_channels_t transmitterChannels(const TransmitterCommand& transmitter, std::int64_t time_us) {
  mavlink_rc_channels_t m{};
  m.time_boot_ms = std::uint32_t(time_us / 1000);
  std::array<std::uint16_t, 18> raw;
  raw.fill(UINT16_MAX);
  const int count = transmitter.on ? transmitter.channel_count : 0;
  for (int i = 0; i < count; ++i) raw[std::size_t(i)] = transmitter.channels_us[std::size_t(i)];
  std::uint16_t* fields[18] = {&m.chan1_raw,  &m.chan2_raw,  &m.chan3_raw,  &m.chan4_raw,  &m.chan5_raw,
                               &m.chan6_raw,  &m.chan7_raw,  &m.chan8_raw,  &m.chan9_raw,  &m.chan10_raw,
                               &m.chan11_raw, &m.chan12_raw, &m.chan13_raw, &m.chan14_raw, &m.chan15_raw,
                               &m.chan16_raw, &m.chan17_raw, &m.chan18_raw};
  for (std::size_t i = 0; i < 18; ++i) *fields[i] = raw[i];
  m.chancount = std::uint8_t(count);
  m.rssi = transmitter.on ? 254 : 0;
  return m;
}

mavlink_hil_gps_t hilGps(const VehicleModel& model, const SensorFrame& frame) {
  const GpsSample& g = frame.gps;
  mavlink_hil_gps_t m{};
  m.time_usec = std::uint64_t(g.time_us);
  m.fix_type = 3;
  m.lat = saturate<std::int32_t>(g.latitude_deg * 1e7);
  m.lon = saturate<std::int32_t>(g.longitude_deg * 1e7);
  m.alt = saturate<std::int32_t>(g.altitude_m * 1000.0);
  // MAVLink calls these HDOP·100 and VDOP·100; PX4's simulator reads them as the position's
  // 1-σ accuracy in cm (SimulatorMavlink: eph = hil_gps.eph · 1e-2 m), which its checks compare
  // with EKF2_REQ_EPH. Sent as PX4 reads them: the receiver model's accuracy.
  m.eph = saturate<std::uint16_t>(model.gps.eph_m() * 100.0);
  m.epv = saturate<std::uint16_t>(model.gps.epv_m() * 100.0);
  const double ground_speed = std::hypot(g.v_NED_mps.x(), g.v_NED_mps.y());
  m.vel = saturate<std::uint16_t>(ground_speed * 100.0);
  m.vn = saturate<std::int16_t>(g.v_NED_mps.x() * 100.0);
  m.ve = saturate<std::int16_t>(g.v_NED_mps.y() * 100.0);
  m.vd = saturate<std::int16_t>(g.v_NED_mps.z() * 100.0);
  double course_deg = std::atan2(g.v_NED_mps.y(), g.v_NED_mps.x()) * 180.0 / std::numbers::pi;
  if (course_deg < 0) course_deg += 360.0;
  m.cog = ground_speed > 0.0 ? saturate<std::uint16_t>(course_deg * 100.0) : std::uint16_t(65535);  // 65535: unknown
  m.satellites_visible = saturate<std::uint8_t>(double(model.gps.satellites));
  return m;
}

mavlink_hil_state_quaternion_t hilStateQuaternion(const Simulator& sim) {
  const VehicleState& s = sim.state();
  const SensorFrame& f = sim.frame();
  mavlink_hil_state_quaternion_t m{};
  m.time_usec = std::uint64_t(sim.timeNs() / 1000);
  m.attitude_quaternion[0] = float(s.q_WB.w());
  m.attitude_quaternion[1] = float(s.q_WB.x());
  m.attitude_quaternion[2] = float(s.q_WB.y());
  m.attitude_quaternion[3] = float(s.q_WB.z());
  m.rollspeed = float(s.omega_B_radps.x());
  m.pitchspeed = float(s.omega_B_radps.y());
  m.yawspeed = float(s.omega_B_radps.z());
  double lat = 0, lon = 0, alt = 0;
  nedToGeodetic(sim.model().gps, sim.model().baro.home_altitude_m, s.p_W_m, lat, lon, alt);
  m.lat = saturate<std::int32_t>(lat * 1e7);
  m.lon = saturate<std::int32_t>(lon * 1e7);
  m.alt = saturate<std::int32_t>(alt * 1000.0);
  m.vx = saturate<std::int16_t>(s.v_W_mps.x() * 100.0);
  m.vy = saturate<std::int16_t>(s.v_W_mps.y() * 100.0);
  m.vz = saturate<std::int16_t>(s.v_W_mps.z() * 100.0);
  m.ind_airspeed = saturate<std::uint16_t>(f.airspeed_mps * 100.0);
  m.true_airspeed = m.ind_airspeed;  // sea-level density: indicated and true agree
  const Eigen::Vector3d accel_mG = f.imu.accel_S_mps2 / kStandardGravity_mps2 * 1000.0;
  m.xacc = saturate<std::int16_t>(accel_mG.x());
  m.yacc = saturate<std::int16_t>(accel_mG.y());
  m.zacc = saturate<std::int16_t>(accel_mG.z());
  return m;
}

std::vector<double> dutiesFromActuatorControls(const mavlink_hil_actuator_controls_t& controls, int rotor_count) {
  std::vector<double> duties(std::size_t(std::clamp(rotor_count, 0, 16)));
  for (std::size_t i = 0; i < duties.size(); ++i) duties[i] = double(controls.controls[i]);
  return duties;
}

}  // namespace vsim
