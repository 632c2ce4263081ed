// Mass properties of a rigid body and the operations that combine them (docs/design/physics-and-numerics.md,
// "Mass properties").
#pragma once

#include "sim/base/pose.h"

#include <Eigen/Core>

#include <span>

namespace vsim {

// Mass, centre of mass and inertia tensor of a rigid body, all in one body frame B.
// The tensor is about the centre of mass with the textbook convention: the diagonal holds
// ∫(y²+z²)dm etc., the off-diagonals are the negated products −∫xy dm, −∫xz dm, −∫yz dm.
struct MassProperties {
  double mass_kg = 0.0;
  Eigen::Vector3d com_B_m = Eigen::Vector3d::Zero();
  Eigen::Matrix3d inertia_com_B_kgm2 = Eigen::Matrix3d::Zero();
};

// The parallel-axis term m·(|d|²·E − d·dᵀ) [kg·m²]: what the inertia about a point gains over
// the inertia about the centre of mass, d being the offset from the point to the centre of mass.
Eigen::Matrix3d parallelAxisTerm(double mass_kg, const Eigen::Vector3d& d_m);

// The inertia tensor of `body` about `point_B_m` (same frame), by the parallel-axis theorem.
Eigen::Matrix3d inertiaAboutPoint(const MassProperties& body, const Eigen::Vector3d& point_B_m);

// The same body expressed in the parent frame P of `pose` (centre moved, tensor R·I·Rᵀ).
MassProperties expressedInParent(const MassProperties& body_B, const Pose& pose);

// One body made of several, all given in the same frame: masses add, the centre of mass
// is the mass-weighted mean, each tensor is shifted to the common centre (parallel-axis theorem).
// An empty list gives a zero-mass body.
MassProperties combine(std::span<const MassProperties> bodies);

// Principal moments and axes of an inertia tensor (its eigen-decomposition).
struct PrincipalAxes {
  Eigen::Vector3d moments_kgm2 = Eigen::Vector3d::Zero();  // ascending
  // Columns are the principal axes in the body frame; a proper rotation (det = +1), so
  // R_BP maps principal-frame vectors into the body frame and I = R_BP·diag(moments)·R_BPᵀ.
  // Signs: the first two axes point so that their largest component is positive; the third
  // is their cross product.
  Eigen::Matrix3d R_BP = Eigen::Matrix3d::Identity();
};

// Diagonalises a symmetric tensor with a self-adjoint eigen-decomposition.
PrincipalAxes principalAxes(const Eigen::Matrix3d& inertia_kgm2);

}  // namespace vsim
