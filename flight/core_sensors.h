// What the flight core is handed from one simulated sensor frame: the same conversion for the
// single-vehicle runner and the batch (to float, as the board's drivers deliver it).
#pragma once

#include "firmware/core/flight.h"
#include "sim/simulator.h"

namespace vsim {

// The pilot's sticks reach the core at 50 Hz, as a ground station sends MANUAL_CONTROL.
inline constexpr std::int64_t kManualControlPeriodUs = 20'000;

// `last_gps_time_us` is the measurement time of the last fix handed over (−1: none): a fix
// measured later than it is handed over once, as a receiver reports each fix once.
inline fc_sensors_t coreSensors(const SensorFrame& f, const Eigen::Vector3d& extra_gyro_bias_radps, bool reset,
                                std::int64_t& last_gps_time_us) {
  fc_sensors_t s{};
  s.time_us = std::uint64_t(f.time_us);
  const Eigen::Vector3d gyro = f.imu.gyro_S_radps + extra_gyro_bias_radps;
  s.gyro_radps = {float(gyro.x()), float(gyro.y()), float(gyro.z())};
  s.accel_mps2 = {float(f.imu.accel_S_mps2.x()), float(f.imu.accel_S_mps2.y()), float(f.imu.accel_S_mps2.z())};
  s.mag = {float(f.mag.field_S_gauss.x()), float(f.mag.field_S_gauss.y()), float(f.mag.field_S_gauss.z())};
  s.baro_alt_m = float(f.baro.altitude_m);
  s.mag_valid = s.baro_valid = true;
  s.reset = reset;
  if (reset) last_gps_time_us = -1;
  if (f.gps.time_us >= 0 && f.gps.time_us > last_gps_time_us) {
    last_gps_time_us = f.gps.time_us;
    s.gps.fresh = true;
    s.gps.time_us = std::uint64_t(f.gps.time_us);
    s.gps.vel_ned_mps = {float(f.gps.v_NED_mps.x()), float(f.gps.v_NED_mps.y()), float(f.gps.v_NED_mps.z())};
  }
  return s;
}

}  // namespace vsim
