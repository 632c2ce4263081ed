#include "sim/vehicle/sensor_models.h"

#include <cmath>
#include <numbers>

namespace vsim {

Eigen::Vector3d specificForceAtImu_B(const VehicleModel& model, const Eigen::Quaterniond& q_WB,
                                     const Eigen::Vector3d& omega_B_radps, const Eigen::Vector3d& omega_dot_B_radps2,
                                     const Eigen::Vector3d& a_W_mps2, bool gravity) {
  const Eigen::Vector3d& r = model.imu.position_B_m;
  const Eigen::Vector3d g_W(0.0, 0.0, gravity ? model.gravity_mps2 : 0.0);
  return q_WB.conjugate() * (a_W_mps2 - g_W) + omega_dot_B_radps2.cross(r) +
         omega_B_radps.cross(omega_B_radps.cross(r));
}

Eigen::Vector3d withAxisErrors(const AxisErrors& errors, const Eigen::Matrix3d& R_mount, const Eigen::Vector3d& v_S) {
  if (errors.none() && R_mount == Eigen::Matrix3d::Identity()) return v_S;
  return errors.gain() * (R_mount.transpose() * v_S) + errors.offset;
}

Eigen::Vector3d withMagErrors(const MagModel& mag, const Eigen::Matrix3d& R_mount, const Eigen::Vector3d& field_S_gauss,
                              double motor_current_A) {
  if (mag.hard_iron_gauss == Eigen::Vector3d::Zero() && mag.soft_iron == Eigen::Matrix3d::Identity() &&
      R_mount == Eigen::Matrix3d::Identity() && mag.motor_field_gauss_per_A == Eigen::Vector3d::Zero())
    return field_S_gauss;
  return mag.soft_iron * (R_mount.transpose() * field_S_gauss) + mag.hard_iron_gauss +
         mag.motor_field_gauss_per_A * motor_current_A;
}

double motorCurrent_A(const VehicleModel& model, const std::array<double, kMaxRotors>& rotor_speed_radps) {
  if (model.mag.motor_field_gauss_per_A == Eigen::Vector3d::Zero() || !(model.mag.motor_torque_constant_Nm_per_A > 0))
    return 0.0;
  double torque_Nm = 0.0;
  for (int i = 0; i < model.rotor_count; ++i) {
    const RotorModel& r = model.rotors[std::size_t(i)];
    const double w = rotor_speed_radps[std::size_t(i)];
    torque_Nm += r.bias * r.k_q_Nm_per_radps2 * w * w;
  }
  return torque_Nm / model.mag.motor_torque_constant_Nm_per_A;
}

double isaTemperature_K(double altitude_m) { return 288.15 - 0.0065 * altitude_m; }

double isaPressure_Pa(double altitude_m) { return 101325.0 * std::pow(isaTemperature_K(altitude_m) / 288.15, 5.25588); }

void nedToGeodetic(const GpsModel& gps, double home_altitude_m, const Eigen::Vector3d& p_NED_m, double& latitude_deg,
                   double& longitude_deg, double& altitude_m) {
  constexpr double kEarthRadius_m = 6378137.0;
  constexpr double kDegPerRad = 180.0 / std::numbers::pi;
  latitude_deg = gps.home_latitude_deg + p_NED_m.x() / kEarthRadius_m * kDegPerRad;
  longitude_deg = gps.home_longitude_deg +
                  p_NED_m.y() / (kEarthRadius_m * std::cos(gps.home_latitude_deg / kDegPerRad)) * kDegPerRad;
  altitude_m = home_altitude_m - p_NED_m.z();
}

Eigen::Vector3d geodeticToNed(const GpsModel& gps, double home_altitude_m, double latitude_deg, double longitude_deg,
                              double altitude_m) {
  constexpr double kEarthRadius_m = 6378137.0;
  constexpr double kRadPerDeg = std::numbers::pi / 180.0;
  return {(latitude_deg - gps.home_latitude_deg) * kRadPerDeg * kEarthRadius_m,
          (longitude_deg - gps.home_longitude_deg) * kRadPerDeg * kEarthRadius_m *
              std::cos(gps.home_latitude_deg * kRadPerDeg),
          home_altitude_m - altitude_m};
}

}  // namespace vsim
