#include "sim/vehicle/contact_geometry.h"

#include "sim/mass/mass_properties.h"
#include "sim/vehicle/vehicle_model.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vsim {
namespace {

std::array<Eigen::Vector3d, kHullDirections> makeDirections() {
  // The icosahedron's 12 vertices (0, ±1, ±φ) cyclically, and the midpoints of its 30 edges
  // (vertex pairs at the edge length 2), all normalised.
  const double phi = (1.0 + std::sqrt(5.0)) / 2.0;
  std::vector<Eigen::Vector3d> v;
  for (double a : {-1.0, 1.0})
    for (double b : {-phi, phi}) {
      v.emplace_back(0, a, b);
      v.emplace_back(a, b, 0);
      v.emplace_back(b, 0, a);
    }
  std::array<Eigen::Vector3d, kHullDirections> out;
  std::size_t k = 0;
  for (const Eigen::Vector3d& p : v) out[k++] = p.normalized();
  for (std::size_t i = 0; i < v.size(); ++i)
    for (std::size_t j = i + 1; j < v.size(); ++j)
      if (std::abs((v[i] - v[j]).norm() - 2.0) < 1e-9) out[k++] = (v[i] + v[j]).normalized();
  return out;  // 12 + 30 = 42
}

void appendPosed(std::vector<Eigen::Vector3d>& out, const Pose& pose, const Eigen::Vector3d& p) {
  out.push_back(pose.R_PB * p + pose.p_PB_m);
}

// The propeller radius for contact: given, or 0.35 of the distance to the nearest other rotor;
// 0 for a rotor without reaction torque (an engine, not a propeller) unless given.
double propRadius_m(const VehicleModel& m, int i) {
  const RotorModel& r = m.rotors[std::size_t(i)];
  if (r.prop_radius_m > 0.0) return r.prop_radius_m;
  if (r.k_q_Nm_per_radps2 <= 0.0) return 0.0;
  double nearest = std::numeric_limits<double>::infinity();
  for (int j = 0; j < m.rotor_count; ++j)
    if (j != i) nearest = std::min(nearest, (m.rotors[std::size_t(j)].position_B_m - r.position_B_m).norm());
  return std::isfinite(nearest) ? 0.35 * nearest : 0.0;
}

}  // namespace

const std::array<Eigen::Vector3d, kHullDirections>& hullDirections() {
  static const std::array<Eigen::Vector3d, kHullDirections> directions = makeDirections();
  return directions;
}

std::vector<Eigen::Vector3d> supportPoints(const std::vector<Eigen::Vector3d>& candidates) {
  std::vector<Eigen::Vector3d> out;
  if (candidates.empty()) return out;
  for (const Eigen::Vector3d& d : hullDirections()) {
    const auto best =
        std::max_element(candidates.begin(), candidates.end(),
                         [&](const Eigen::Vector3d& a, const Eigen::Vector3d& b) { return a.dot(d) < b.dot(d); });
    const bool seen =
        std::any_of(out.begin(), out.end(), [&](const Eigen::Vector3d& p) { return (p - *best).norm() < 1e-6; });
    if (!seen) out.push_back(*best);
  }
  return out;
}

void appendBoxPoints(std::vector<Eigen::Vector3d>& out, const Pose& pose, const Eigen::Vector3d& size_m) {
  const Eigen::Vector3d h = 0.5 * size_m;
  for (double x : {-h.x(), h.x()})
    for (double y : {-h.y(), h.y()})
      for (double z : {-h.z(), h.z()}) appendPosed(out, pose, Eigen::Vector3d(x, y, z));
}

void appendCylinderPoints(std::vector<Eigen::Vector3d>& out, const Pose& pose, double radius_m, double length_m) {
  constexpr int kRim = 16;  // points on each end's rim
  for (double z : {-0.5 * length_m, 0.5 * length_m})
    for (int k = 0; k < kRim; ++k) {
      const double a = 2.0 * M_PI * k / kRim;
      appendPosed(out, pose, Eigen::Vector3d(radius_m * std::cos(a), radius_m * std::sin(a), z));
    }
}

void appendSpherePoints(std::vector<Eigen::Vector3d>& out, const Pose& pose, double radius_m) {
  for (const Eigen::Vector3d& d : hullDirections()) appendPosed(out, pose, radius_m * d);
}

Eigen::Vector3d equivalentBoxSize_m(double mass_kg, const Eigen::Vector3d& I) {
  // Ixx = m(b²+c²)/12 and cyclic, so a² = 6(Iyy + Izz − Ixx)/m; the triangle inequality of a
  // physical tensor keeps each non-negative.
  const double k = 6.0 / mass_kg;
  return Eigen::Vector3d(std::sqrt(std::max(0.0, k * (I.y() + I.z() - I.x()))),
                         std::sqrt(std::max(0.0, k * (I.x() + I.z() - I.y()))),
                         std::sqrt(std::max(0.0, k * (I.x() + I.y() - I.z()))));
}

std::vector<Eigen::Vector3d> derivedHull(const VehicleModel& m) {
  std::vector<Eigen::Vector3d> hull;
  if (!m.hull_override_B_m.empty()) {
    hull = m.hull_override_B_m;
  } else {
    std::vector<Eigen::Vector3d> candidates = m.shape_points_B_m;
    if (candidates.empty()) {  // no parts: the uniform box with the same mass and principal moments
      const PrincipalAxes axes = principalAxes(m.inertia_kgm2);
      Pose pose;
      pose.R_PB = axes.R_BP;
      appendBoxPoints(candidates, pose, equivalentBoxSize_m(m.mass_kg, axes.moments_kgm2));
    }
    for (int i = 0; i < m.rotor_count; ++i) {
      const RotorModel& r = m.rotors[std::size_t(i)];
      candidates.push_back(r.position_B_m);  // the hub, at the arm's tip
      const double radius = propRadius_m(m, i);
      if (radius <= 0.0) continue;
      Pose disc;  // a flat cylinder (no thickness) in the plane across the thrust axis
      disc.R_PB = Eigen::Quaterniond::FromTwoVectors(Eigen::Vector3d::UnitZ(), r.axis_B).toRotationMatrix();
      disc.p_PB_m = r.position_B_m;
      std::vector<Eigen::Vector3d> rim;
      appendCylinderPoints(rim, disc, radius, 0.0);
      candidates.insert(candidates.end(), rim.begin(), rim.begin() + long(rim.size() / 2));
    }
    for (int i = 0; i < m.foot_count; ++i) candidates.push_back(m.contact_points_B_m[std::size_t(i)]);
    hull = supportPoints(candidates);
  }
  // The feet are already contact points: not twice.
  std::erase_if(hull, [&](const Eigen::Vector3d& p) {
    for (int i = 0; i < m.foot_count; ++i)
      if ((p - m.contact_points_B_m[std::size_t(i)]).norm() < 1e-6) return true;
    return false;
  });
  return hull;
}

std::vector<HullPlane> hullPlanes(const std::vector<Eigen::Vector3d>& points) {
  std::vector<HullPlane> planes;
  double scale = 0.0;
  for (const Eigen::Vector3d& p : points) scale = std::max(scale, p.norm());
  const double tol = 1e-9 * std::max(scale, 1e-3);
  const std::size_t n = points.size();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j)
      for (std::size_t k = j + 1; k < n; ++k) {
        Eigen::Vector3d normal = (points[j] - points[i]).cross(points[k] - points[i]);
        if (normal.norm() < tol * scale) continue;  // collinear
        normal.normalize();
        double offset = normal.dot(points[i]);
        int above = 0, below = 0;
        for (const Eigen::Vector3d& p : points) {
          const double d = normal.dot(p) - offset;
          above += d > tol;
          below += d < -tol;
        }
        if (above > 0 && below > 0) continue;  // not a face: points on both sides
        if (above > 0) {                       // all on the positive side: flip so the outside is positive
          normal = -normal;
          offset = -offset;
        }
        const bool known = std::any_of(planes.begin(), planes.end(), [&](const HullPlane& h) {
          return h.normal.dot(normal) > 1.0 - 1e-9 && std::abs(h.offset_m - offset) < tol;
        });
        if (!known) planes.push_back({normal, offset});
      }
  // Points that span no volume (all on one plane) give a plane facing each way: no hull.
  for (const HullPlane& a : planes)
    for (const HullPlane& b : planes)
      if (a.normal.dot(b.normal) < -1.0 + 1e-9 && std::abs(a.offset_m + b.offset_m) < tol) return {};
  return planes;
}

}  // namespace vsim
