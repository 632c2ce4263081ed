#include "flight/chip_sensors_path.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <numbers>

namespace vsim {

const char* sensorPathName(SensorPath path) { return path == SensorPath::Chips ? "chips" : "direct"; }

bool parseSensorPath(const std::string& text, SensorPath& path) {
  if (text == "direct") {
    path = SensorPath::Direct;
    return true;
  }
  if (text == "chips") {
    path = SensorPath::Chips;
    return true;
  }
  return false;
}

Result<std::unique_ptr<ChipSensorsPath>> ChipSensorsPath::create(const VehicleModel& model,
                                                                 std::int64_t imu_period_ns) {
  chip_sensors_config_t config{};
  config.sample_period_us = std::uint32_t(std::max<std::int64_t>(1, imu_period_ns / 1000));
  config.gyro_range_dps = float(model.imu.gyro_range_radps * 180.0 / std::numbers::pi);
  config.accel_range_mps2 = float(model.imu.accel_range_mps2);
  // The receiver measures at the simulator's fix rate (ublox_config_check refuses what it cannot).
  const double gps_period_ms = model.gps.rate_hz > 0.0 ? std::round(1000.0 / model.gps.rate_hz) : 0.0;
  config.gps_period_ms = std::uint16_t(std::clamp(gps_period_ms, 0.0, 65535.0));
  std::unique_ptr<ChipSensorsPath> path(new ChipSensorsPath);
  char problem[256] = "";
  if (!chip_sensors_init(&path->bench_, &config, problem, sizeof problem))
    return Error{(model.name.empty() ? std::string("the airframe") : model.name) + ": --sensors chips: " + problem};
  return path;
}

fc_sensors_t ChipSensorsPath::sensors(const SensorFrame& frame, const Eigen::Vector3d& extra_gyro_bias_radps,
                                      const fc_sensors_t& direct) {
  chip_sensors_input_t in{};
  const Eigen::Vector3d gyro = frame.imu.gyro_S_radps + extra_gyro_bias_radps;
  for (int i = 0; i < 3; ++i) {
    in.accel_mps2[i] = float(frame.imu.accel_S_mps2[i]);
    in.gyro_radps[i] = float(gyro[i]);
    in.field_gauss[i] = float(frame.mag.field_S_gauss[i]);
  }
  in.pressure_pa = float(frame.baro.pressure_pa);
  in.temperature_c = float(frame.baro.temperature_degc);
  in.gps_new = direct.gps.fresh;  // coreSensors says when the simulator reports a new fix
  in.gps_time_us = direct.gps.time_us;
  in.gps_lat_deg = frame.gps.latitude_deg;
  in.gps_lon_deg = frame.gps.longitude_deg;
  in.gps_height_m = frame.gps.altitude_m;
  for (int i = 0; i < 3; ++i) in.gps_vel_ned_mps[i] = float(frame.gps.v_NED_mps[i]);
  chip_sensors_output_t out;
  chip_sensors_step(&bench_, std::uint64_t(frame.time_us), &in, &out);
  fc_sensors_t s = direct;
  s.accel_mps2 = {out.accel_mps2[0], out.accel_mps2[1], out.accel_mps2[2]};
  s.gyro_radps = {out.gyro_radps[0], out.gyro_radps[1], out.gyro_radps[2]};
  s.mag = {out.mag_gauss[0], out.mag_gauss[1], out.mag_gauss[2]};
  s.mag_valid = out.mag_valid;
  s.baro_alt_m = chip_sensors_pressure_altitude_m(out.pressure_pa);
  s.baro_valid = out.baro_valid;
  s.gps = fc_gps_t{};
  if (out.gps_new) {
    s.gps.fresh = true;
    s.gps.time_us = out.gps_time_us;
    s.gps.vel_ned_mps = {out.gps_vel_ned_mps[0], out.gps_vel_ned_mps[1], out.gps_vel_ned_mps[2]};
  }
  if (!out.imu_valid) {  // nothing read yet (the drivers failed): the core's own check refuses the step
    s.accel_mps2 = s.gyro_radps = {NAN, NAN, NAN};
  }
  return s;
}

std::string ChipSensorsPath::summary() const {
  char text[1024];
  chip_sensors_summary(&bench_, text, sizeof text);
  return text;
}

}  // namespace vsim
