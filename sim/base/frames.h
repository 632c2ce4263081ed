// Frame conventions and the one place where they change:
//   NED world  x North, y East, z Down      — the simulator, MAVLink, the firmware
//   FRD body   x Forward, y Right, z Down   — the simulator, MAVLink, the firmware
//   ENU world  x East, y North, z Up        — renderers, ROS-style files
//   FLU body   x Forward, y Left, z Up      — renderers, ROS-style files
// Attitude q_WB is a Hamilton unit quaternion rotating body vectors into the world.
#pragma once

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <algorithm>
#include <cmath>

namespace vsim::frames {

// A world vector from ENU to NED and back (the same swap both ways).
inline Eigen::Vector3d enuToNed(const Eigen::Vector3d& v_ENU) { return {v_ENU.y(), v_ENU.x(), -v_ENU.z()}; }
inline Eigen::Vector3d nedToEnu(const Eigen::Vector3d& v_NED) { return {v_NED.y(), v_NED.x(), -v_NED.z()}; }

// A body vector from FLU to FRD and back (a half turn about x, its own inverse).
inline Eigen::Vector3d fluToFrd(const Eigen::Vector3d& v_FLU) { return {v_FLU.x(), -v_FLU.y(), -v_FLU.z()}; }
inline Eigen::Vector3d frdToFlu(const Eigen::Vector3d& v_FRD) { return fluToFrd(v_FRD); }

// The rotations behind those maps: R_NED_ENU maps ENU components to NED; R_FLU_FRD maps FRD to FLU.
inline Eigen::Quaterniond q_NED_ENU() {
  Eigen::Matrix3d R;
  R << 0, 1, 0, 1, 0, 0, 0, 0, -1;
  return Eigen::Quaterniond(R);
}
inline Eigen::Quaterniond q_FLU_FRD() { return Eigen::Quaterniond(0.0, 1.0, 0.0, 0.0); }  // π about x

// Attitude of an FRD body in NED from the same body's FLU attitude in ENU, and back:
// q_NED_FRD = q_NED_ENU ⊗ q_ENU_FLU ⊗ q_FLU_FRD.
inline Eigen::Quaterniond attitudeNedFrdFromEnuFlu(const Eigen::Quaterniond& q_ENU_FLU) {
  return (q_NED_ENU() * q_ENU_FLU * q_FLU_FRD()).normalized();
}
inline Eigen::Quaterniond attitudeEnuFluFromNedFrd(const Eigen::Quaterniond& q_NED_FRD) {
  return (q_NED_ENU().conjugate() * q_NED_FRD * q_FLU_FRD().conjugate()).normalized();
}

// Tait–Bryan angles, z-y'-x'' (yaw, then pitch, then roll) [rad], as MAVLink ATTITUDE reports
// them for q_NED_FRD. Pitch is clamped to ±π/2 at the gimbal-lock singularity.
struct EulerAngles {
  double roll_rad = 0, pitch_rad = 0, yaw_rad = 0;
};

inline EulerAngles eulerFromQuaternion(const Eigen::Quaterniond& q) {
  const double w = q.w(), x = q.x(), y = q.y(), z = q.z();
  EulerAngles e;
  e.roll_rad = std::atan2(2.0 * (w * x + y * z), 1.0 - 2.0 * (x * x + y * y));
  e.pitch_rad = std::asin(std::clamp(2.0 * (w * y - z * x), -1.0, 1.0));
  e.yaw_rad = std::atan2(2.0 * (w * z + x * y), 1.0 - 2.0 * (y * y + z * z));
  return e;
}

inline Eigen::Quaterniond quaternionFromEuler(const EulerAngles& e) {
  return Eigen::AngleAxisd(e.yaw_rad, Eigen::Vector3d::UnitZ()) *
         Eigen::AngleAxisd(e.pitch_rad, Eigen::Vector3d::UnitY()) *
         Eigen::AngleAxisd(e.roll_rad, Eigen::Vector3d::UnitX());
}

}  // namespace vsim::frames
