#include "sim/mass/polyhedral_integral.h"

#include <array>

namespace vsim {
namespace {

// Eberly's factored sums of one coordinate w over a triangle's three corners:
// f1 = Σw, f2 = Σ_{i≤j} wi·wj, f3 = Σ_{i≤j≤k} wi·wj·wk, and gi = f2 + wi·(f1 + wi),
// the pieces of the per-triangle closed forms of ∫w, ∫w², ∫w³ and the mixed products.
struct CornerSums {
  double f1, f2, f3, g0, g1, g2;
};

inline CornerSums cornerSums(double w0, double w1, double w2) {
  const double s01 = w0 + w1;
  const double w0sq = w0 * w0;
  const double t2 = w0sq + w1 * s01;
  CornerSums s;
  s.f1 = s01 + w2;
  s.f2 = t2 + w2 * s.f1;
  s.f3 = w0 * w0sq + w1 * t2 + w2 * s.f2;
  s.g0 = s.f2 + w0 * (s.f1 + w0);
  s.g1 = s.f2 + w1 * (s.f1 + w1);
  s.g2 = s.f2 + w2 * (s.f1 + w2);
  return s;
}

}  // namespace

SolidGeometry integrateSolid(const TriangleMesh& mesh) {
  SolidGeometry out;
  if (mesh.triangles.empty()) return out;
  const Eigen::Vector3d origin = mesh.vertices[mesh.triangles.front()[0]].cast<double>();

  // ∫1, ∫x, ∫y, ∫z, ∫x², ∫y², ∫z², ∫xy, ∫yz, ∫zx over the volume, before Eberly's weights.
  std::array<double, 10> sum{};
  for (const auto& tri : mesh.triangles) {
    const Eigen::Vector3d p0 = mesh.vertices[tri[0]].cast<double>() - origin;
    const Eigen::Vector3d p1 = mesh.vertices[tri[1]].cast<double>() - origin;
    const Eigen::Vector3d p2 = mesh.vertices[tri[2]].cast<double>() - origin;
    const Eigen::Vector3d n = (p1 - p0).cross(p2 - p0);  // twice the area times the outward normal
    const CornerSums sx = cornerSums(p0.x(), p1.x(), p2.x());
    const CornerSums sy = cornerSums(p0.y(), p1.y(), p2.y());
    const CornerSums sz = cornerSums(p0.z(), p1.z(), p2.z());
    sum[0] += n.x() * sx.f1;
    sum[1] += n.x() * sx.f2;
    sum[2] += n.y() * sy.f2;
    sum[3] += n.z() * sz.f2;
    sum[4] += n.x() * sx.f3;
    sum[5] += n.y() * sy.f3;
    sum[6] += n.z() * sz.f3;
    sum[7] += n.x() * (p0.y() * sx.g0 + p1.y() * sx.g1 + p2.y() * sx.g2);
    sum[8] += n.y() * (p0.z() * sy.g0 + p1.z() * sy.g1 + p2.z() * sy.g2);
    sum[9] += n.z() * (p0.x() * sz.g0 + p1.x() * sz.g1 + p2.x() * sz.g2);
  }
  const double volume = sum[0] / 6.0;
  const Eigen::Vector3d first(sum[1] / 24.0, sum[2] / 24.0, sum[3] / 24.0);
  const Eigen::Vector3d squares(sum[4] / 60.0, sum[5] / 60.0, sum[6] / 60.0);
  const double xy = sum[7] / 120.0, yz = sum[8] / 120.0, zx = sum[9] / 120.0;

  out.volume_L3 = volume;
  if (volume == 0.0) return out;
  const Eigen::Vector3d c = first / volume;  // centroid relative to origin
  // Shift the second moments from the origin to the centroid (parallel-axis theorem).
  const double cxx = squares.x() - volume * c.x() * c.x();
  const double cyy = squares.y() - volume * c.y() * c.y();
  const double czz = squares.z() - volume * c.z() * c.z();
  const double cxy = xy - volume * c.x() * c.y();
  const double cyz = yz - volume * c.y() * c.z();
  const double czx = zx - volume * c.z() * c.x();
  Eigen::Matrix3d& I = out.inertia_per_density_L5;
  I << cyy + czz, -cxy, -czx, -cxy, cxx + czz, -cyz, -czx, -cyz, cxx + cyy;
  out.centroid_L = c + origin;
  return out;
}

SolidGeometry turnedOutsideIn(const SolidGeometry& solid) {
  SolidGeometry out = solid;
  out.volume_L3 = -solid.volume_L3;
  out.inertia_per_density_L5 = -solid.inertia_per_density_L5;
  return out;
}

}  // namespace vsim
