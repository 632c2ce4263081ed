// Where a run starts: a pose given in part or not at all, completed the way a user expects.
#pragma once

#include "sim/world/contact.h"
#include "sim/base/frames.h"
#include "sim/vehicle/vehicle_state.h"
#include "sim/world/world.h"

#include <numbers>
#include <optional>

namespace vsim {

struct InitialPose {
  std::optional<Eigen::Vector3d> p_W_m;             // centre of mass, NED
  std::optional<Eigen::Vector3d> attitude_rpy_deg;  // z-y-x; default: the launch attitude
  Eigen::Vector3d v_W_mps = Eigen::Vector3d::Zero();
  Eigen::Vector3d omega_B_radps = Eigen::Vector3d::Zero();
};

// At rest unless velocities are given; without a position, standing with its lowest foot on
// the ground below the origin (or at the origin when there is no ground).
inline VehicleState initialState(const VehicleModel& model, const World& world, const InitialPose& pose) {
  VehicleState start = restingState(model);
  if (pose.attitude_rpy_deg) {
    const Eigen::Vector3d a = *pose.attitude_rpy_deg * (std::numbers::pi / 180.0);
    start.q_WB = frames::quaternionFromEuler({a.x(), a.y(), a.z()});
  }
  if (pose.p_W_m) {
    start.p_W_m = *pose.p_W_m;
  } else if (world.has_ground) {
    start.p_W_m =
        Eigen::Vector3d(0, 0, world.ground_down_m - contactReach_m(model, start.q_WB, Eigen::Vector3d::UnitZ()));
  }
  start.v_W_mps = pose.v_W_mps;
  start.omega_B_radps = pose.omega_B_radps;
  return start;
}

}  // namespace vsim
