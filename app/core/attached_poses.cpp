#include "app/core/attached_poses.h"

#include "sim/service/hil_frames.h"
#include "sim/vehicle/sensor_models.h"

#include <limits>

namespace navigator {

TelemetrySample telemetryFromPose(const mavlink_hil_state_quaternion_t& pose, const vsim::VehicleModel& model) {
  constexpr float nan = std::numeric_limits<float>::quiet_NaN();
  constexpr double kMilliG_mps2 = vsim::kStandardGravity_mps2 / 1000.0;
  TelemetrySample t;
  t.time_us = std::int64_t(pose.time_usec);
  t.attitude_WB_wxyz = {pose.attitude_quaternion[0], pose.attitude_quaternion[1], pose.attitude_quaternion[2],
                        pose.attitude_quaternion[3]};
  const Eigen::Vector3d p_NED_m =
      vsim::geodeticToNed(model.gps, model.baro.home_altitude_m, pose.lat * 1e-7, pose.lon * 1e-7, pose.alt * 1e-3);
  t.p_W_m = {float(p_NED_m.x()), float(p_NED_m.y()), float(p_NED_m.z())};
  t.gyro_S_radps = {pose.rollspeed, pose.pitchspeed, pose.yawspeed};
  t.omega_B_radps = t.gyro_S_radps;  // HIL_STATE_QUATERNION's rates are the true ones
  t.accel_S_mps2 = {float(pose.xacc * kMilliG_mps2), float(pose.yacc * kMilliG_mps2), float(pose.zacc * kMilliG_mps2)};
  t.airspeed_mps = float(pose.ind_airspeed) / 100.0f;
  t.mag_S_gauss = t.wind_NED_mps = t.turbulence_NED_mps = {nan, nan, nan};
  t.rotor_count = 0;
  return t;
}

std::int64_t RunTimeline::place(std::int64_t run_time_us) {
  if (runs_ == 0) {
    runs_ = 1;
  } else if (run_time_us <= last_run_us_) {
    ++runs_;
    offset_us_ = last_shown_us_ + last_interval_us_ - run_time_us;
  } else {
    last_interval_us_ = run_time_us - last_run_us_;
  }
  last_run_us_ = run_time_us;
  last_shown_us_ = run_time_us + offset_us_;
  return last_shown_us_;
}

}  // namespace navigator
