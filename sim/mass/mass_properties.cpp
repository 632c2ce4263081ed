#include "sim/mass/mass_properties.h"

#include <Eigen/Eigenvalues>

namespace vsim {

Eigen::Matrix3d parallelAxisTerm(double mass_kg, const Eigen::Vector3d& d_m) {
  return mass_kg * (d_m.squaredNorm() * Eigen::Matrix3d::Identity() - d_m * d_m.transpose());
}

Eigen::Matrix3d inertiaAboutPoint(const MassProperties& body, const Eigen::Vector3d& point_B_m) {
  return body.inertia_com_B_kgm2 + parallelAxisTerm(body.mass_kg, body.com_B_m - point_B_m);
}

MassProperties expressedInParent(const MassProperties& body_B, const Pose& pose) {
  MassProperties out;
  out.mass_kg = body_B.mass_kg;
  out.com_B_m = pose.R_PB * body_B.com_B_m + pose.p_PB_m;
  out.inertia_com_B_kgm2 = pose.R_PB * body_B.inertia_com_B_kgm2 * pose.R_PB.transpose();
  return out;
}

MassProperties combine(std::span<const MassProperties> bodies) {
  MassProperties out;
  Eigen::Vector3d first_moment_kgm = Eigen::Vector3d::Zero();
  for (const MassProperties& b : bodies) {
    out.mass_kg += b.mass_kg;
    first_moment_kgm += b.mass_kg * b.com_B_m;
  }
  if (out.mass_kg <= 0.0) return MassProperties{};
  out.com_B_m = first_moment_kgm / out.mass_kg;
  for (const MassProperties& b : bodies) out.inertia_com_B_kgm2 += inertiaAboutPoint(b, out.com_B_m);
  return out;
}

PrincipalAxes principalAxes(const Eigen::Matrix3d& inertia_kgm2) {
  // Symmetrise first: accumulated round-off must not leak into the eigenvectors.
  const Eigen::Matrix3d symmetric = 0.5 * (inertia_kgm2 + inertia_kgm2.transpose());
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(symmetric);  // eigenvalues ascending
  PrincipalAxes out;
  out.moments_kgm2 = solver.eigenvalues();
  Eigen::Matrix3d axes = solver.eigenvectors();
  for (int c = 0; c < 2; ++c) {
    Eigen::Index largest = 0;
    axes.col(c).cwiseAbs().maxCoeff(&largest);
    if (axes(largest, c) < 0.0) axes.col(c) = -axes.col(c);
  }
  axes.col(2) = axes.col(0).cross(axes.col(1));
  out.R_BP = axes;
  return out;
}

}  // namespace vsim
