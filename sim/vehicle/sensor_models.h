// Sensor models: what the IMU, magnetometer, barometer and GPS read for a true state, before
// and after noise (docs/design/physics-and-numerics.md, "Sensors"). Plain functions; the noise generators live in
// Simulator.
#pragma once

#include "sim/vehicle/vehicle_model.h"

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <array>
#include <cstdint>

namespace vsim {

// Specific force at the IMU's mounting point in the body frame [m/s²]: what an
// accelerometer feels, R_WBᵀ(a − g) plus the lever-arm terms ω̇×r + ω×(ω×r) for an IMU at r
// from the centre of mass. At rest, level, it is (0, 0, −g).
Eigen::Vector3d specificForceAtImu_B(const VehicleModel& model, const Eigen::Quaterniond& q_WB,
                                     const Eigen::Vector3d& omega_B_radps, const Eigen::Vector3d& omega_dot_B_radps2,
                                     const Eigen::Vector3d& a_W_mps2, bool gravity);

// The bench errors of the IMU and the magnetometer (vehicle_model.h: AxisErrors, R_mount,
// hard and soft iron), applied in this order to the true specific force f_B, rate ω_B and
// field m_B in the body frame (R_SB = R_BSᵀ, the nominal mounting the firmware knows):
//   a_meas = S_a·M_a·R_mountᵀ·R_SB·f_B + b_a + bias walk + white noise
//   ω_meas = S_g·M_g·R_mountᵀ·R_SB·ω_B + b_g + bias walk + white noise
//   m_meas = S_soft·R_mountᵀ·R_SB·m_B + h_hard + k_I·I + bias walk + white noise
// S = diag(scale), M = I + C (cross-axis), b the offsets, S_soft the soft-iron matrix and
// h_hard the hard iron, k_I the motors' field per ampere and I their total current
// (motorCurrent_A). Saturation (ImuSample's flags) is judged on the value before the
// noise, and the reading is clamped to the range after it. These take v_S = R_SB·v_B and
// return it untouched (bit for bit) when the errors are the defaults.
Eigen::Vector3d withAxisErrors(const AxisErrors& errors, const Eigen::Matrix3d& R_mount, const Eigen::Vector3d& v_S);
Eigen::Vector3d withMagErrors(const MagModel& mag, const Eigen::Matrix3d& R_mount, const Eigen::Vector3d& field_S_gauss,
                              double motor_current_A);

// The motors' total current [A]: each rotor's shaft torque bias·k_q·ω² (what the motor turns
// against at steady speed) over the torque constant K_t, the no-load current neglected. 0 when
// the model gives no motor field.
double motorCurrent_A(const VehicleModel& model, const std::array<double, kMaxRotors>& rotor_speed_radps);

struct ImuSample {
  Eigen::Vector3d accel_S_mps2 = Eigen::Vector3d::Zero();  // sensor axes
  Eigen::Vector3d gyro_S_radps = Eigen::Vector3d::Zero();
  bool gyro_saturated = false;  // the true rate exceeded the gyro's range on some axis
  bool accel_saturated = false;
};

struct MagSample {
  Eigen::Vector3d field_S_gauss = Eigen::Vector3d::Zero();  // sensor axes (the IMU's)
};

// International Standard Atmosphere below 11 km: T = 288.15 K − 6.5 K/km·h,
// p = 101325 Pa·(T/288.15 K)^5.25588.
double isaTemperature_K(double altitude_m);
double isaPressure_Pa(double altitude_m);

struct BaroSample {
  double pressure_pa = 0.0;
  double temperature_degc = 0.0;
  double altitude_m = 0.0;  // pressure altitude from the noisy pressure (ISA inverted)
};

struct GpsSample {
  std::int64_t time_us = -1;  // when the fix was taken (latency before it is reported); −1: none yet
  double latitude_deg = 0.0, longitude_deg = 0.0, altitude_m = 0.0;
  Eigen::Vector3d v_NED_mps = Eigen::Vector3d::Zero();
};

// Local NED position to latitude, longitude and altitude about the model's home (flat-earth
// approximation on the WGS-84 equatorial radius; good to centimetres over kilometres).
void nedToGeodetic(const GpsModel& gps, double home_altitude_m, const Eigen::Vector3d& p_NED_m, double& latitude_deg,
                   double& longitude_deg, double& altitude_m);
// Its inverse, for a viewer that gets positions on the globe (HIL_STATE_QUATERNION) back.
Eigen::Vector3d geodeticToNed(const GpsModel& gps, double home_altitude_m, double latitude_deg, double longitude_deg,
                              double altitude_m);

}  // namespace vsim
