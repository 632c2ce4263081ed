// A rigid placement of one frame in another, used by every layer that places things: meshes
// (geometry), bodies (mass), obstacles (world).
#pragma once

#include <Eigen/Core>

namespace vsim {

// A rigid placement of a body frame B in a parent frame P: p_P = R_PB * p_B + p_PB_m.
struct Pose {
  Eigen::Matrix3d R_PB = Eigen::Matrix3d::Identity();
  Eigen::Vector3d p_PB_m = Eigen::Vector3d::Zero();
};

}  // namespace vsim
