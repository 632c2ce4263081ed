// VehicleState: what steps. World NED, body frame of the vehicle model, about the centre of mass.
#pragma once

#include "sim/vehicle/vehicle_model.h"

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <array>

namespace vsim {

struct VehicleState {
  Eigen::Vector3d p_W_m = Eigen::Vector3d::Zero();           // centre of mass, NED
  Eigen::Vector3d v_W_mps = Eigen::Vector3d::Zero();         // centre-of-mass velocity, NED
  Eigen::Quaterniond q_WB = Eigen::Quaterniond::Identity();  // body → world
  Eigen::Vector3d omega_B_radps = Eigen::Vector3d::Zero();   // body rates
  std::array<double, kMaxRotors> rotor_speed_radps{};        // motor speeds
  // Each contact point's normal contact impulse in the last physics step [N·s]: the
  // contact solver starts from it (warm start), so a resting vehicle converges at once.
  std::array<double, kMaxContactPoints> contact_impulse_Ns{};
  bool contact_warm = false;  // some impulse above is not zero
};

// A resting vehicle at `p_W_m` in the model's launch attitude, motors stopped.
inline VehicleState restingState(const VehicleModel& model, const Eigen::Vector3d& p_W_m = Eigen::Vector3d::Zero()) {
  VehicleState s;
  s.p_W_m = p_W_m;
  s.q_WB = model.rest_attitude_WB;
  return s;
}

}  // namespace vsim
