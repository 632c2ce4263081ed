#include "log/simulator_topics.h"

#include <algorithm>

namespace navigator::ulog {
namespace {

void put3(float out[3], const Eigen::Vector3d& v) {
  for (int i = 0; i < 3; ++i) out[i] = float(v[i]);
}

}  // namespace

NavigatorTruth truthOf(std::uint64_t t_us, const vsim::VehicleState& s, int rotor_count) {
  NavigatorTruth m{};
  m.timestamp = t_us;
  for (int i = 0; i < 3; ++i) m.position_ned_m[i] = s.p_W_m[i];
  put3(m.velocity_ned_m_s, s.v_W_mps);
  m.q_frd_to_ned[0] = float(s.q_WB.w());
  m.q_frd_to_ned[1] = float(s.q_WB.x());
  m.q_frd_to_ned[2] = float(s.q_WB.y());
  m.q_frd_to_ned[3] = float(s.q_WB.z());
  put3(m.angular_velocity_frd_rad_s, s.omega_B_radps);
  for (int i = 0; i < std::min(rotor_count, 8); ++i)
    m.rotor_speed_rad_s[i] = float(s.rotor_speed_radps[std::size_t(i)]);
  return m;
}

SensorCombined imuOf(std::uint64_t t_us, const vsim::ImuSample& imu, std::uint32_t period_us) {
  SensorCombined m{};
  m.timestamp = t_us;
  put3(m.gyro_rad, imu.gyro_S_radps);
  m.gyro_integral_dt = period_us;
  put3(m.accelerometer_m_s2, imu.accel_S_mps2);
  m.accelerometer_integral_dt = period_us;
  m.accelerometer_clipping = imu.accel_saturated ? 0x7 : 0;
  m.gyro_clipping = imu.gyro_saturated ? 0x7 : 0;
  return m;
}

NavigatorWind windOf(std::uint64_t t_us, const vsim::SensorFrame& frame) {
  NavigatorWind m{};
  m.timestamp = t_us;
  put3(m.wind_ned_m_s, frame.wind_NED_mps);
  put3(m.turbulence_ned_m_s, frame.turbulence_NED_mps);
  m.airspeed_m_s = float(frame.airspeed_mps);
  return m;
}

ActuatorMotors motorsOf(std::uint64_t t_us, std::span<const double> duties) {
  ActuatorMotors m{};
  m.timestamp = m.timestamp_sample = t_us;
  for (std::size_t i = 0; i < std::min<std::size_t>(duties.size(), 12); ++i) m.control[i] = float(duties[i]);
  return m;
}

VehicleMagnetometer magnetometerOf(std::uint64_t t_us, const vsim::MagSample& mag) {
  VehicleMagnetometer m{};
  m.timestamp = m.timestamp_sample = t_us;
  put3(m.magnetometer_ga, mag.field_S_gauss);
  return m;
}

VehicleAirData airDataOf(std::uint64_t t_us, const vsim::BaroSample& baro) {
  VehicleAirData m{};
  m.timestamp = m.timestamp_sample = t_us;
  m.baro_alt_meter = float(baro.altitude_m);
  m.baro_temp_celcius = float(baro.temperature_degc);
  m.baro_pressure_pa = float(baro.pressure_pa);
  return m;
}

SensorGps gpsOf(std::uint64_t t_us, const vsim::GpsSample& gps) {
  SensorGps m{};
  m.timestamp = t_us;
  m.time_utc_usec = 0;  // the simulator's GPS keeps no calendar
  m.latitude_deg = gps.latitude_deg;
  m.longitude_deg = gps.longitude_deg;
  m.altitude_msl_m = gps.altitude_m;
  m.vel_n_m_s = float(gps.v_NED_mps.x());
  m.vel_e_m_s = float(gps.v_NED_mps.y());
  m.vel_d_m_s = float(gps.v_NED_mps.z());
  m.fix_type = 3;
  m.satellites_used = 10;
  return m;
}

void SimulatorLogger::write(FlightLog& log, std::uint64_t t_us, const vsim::Simulator& sim) {
  const vsim::SensorFrame& fr = sim.frame();
  const int rotors = sim.model().rotor_count;
  log.write(truthOf(t_us, sim.state(), rotors));
  log.write(imuOf(t_us, fr.imu, std::uint32_t(sim.imuPeriodNs() / 1000)));
  log.write(windOf(t_us, fr));
  log.write(motorsOf(t_us, std::span<const double>(sim.inputs().duty.data(), std::size_t(rotors))));
  if (!last_mag_ || last_mag_->field_S_gauss != fr.mag.field_S_gauss) {
    log.write(magnetometerOf(t_us, fr.mag));
    last_mag_ = fr.mag;
  }
  if (!last_baro_ || last_baro_->pressure_pa != fr.baro.pressure_pa ||
      last_baro_->temperature_degc != fr.baro.temperature_degc) {
    log.write(airDataOf(t_us, fr.baro));
    last_baro_ = fr.baro;
  }
  if (fr.gps.time_us >= 0 && fr.gps.time_us != last_gps_time_us_) {
    log.write(gpsOf(t_us, fr.gps));
    last_gps_time_us_ = fr.gps.time_us;
  }
}

}  // namespace navigator::ulog
