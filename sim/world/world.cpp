#include "sim/world/world.h"

#include <cmath>

namespace vsim {

PointContact obstacleContact(const Obstacle& o, const Eigen::Vector3d& p_W_m) {
  PointContact c;
  c.surface = o.surface;
  const Eigen::Vector3d p = o.pose_W.R_PB.transpose() * (p_W_m - o.pose_W.p_PB_m);  // obstacle frame
  Eigen::Vector3d n_O = Eigen::Vector3d::Zero();
  switch (o.shape) {
    case Obstacle::Shape::Box: {
      const Eigen::Vector3d gap = o.half_size_m - p.cwiseAbs();  // distance to each pair of faces
      if (gap.minCoeff() <= 0.0) return c;
      int axis = 0;
      c.depth_m = gap.minCoeff(&axis);  // out through the nearest face
      n_O[axis] = p[axis] >= 0.0 ? 1.0 : -1.0;
      break;
    }
    case Obstacle::Shape::Sphere: {
      const double r = p.norm();
      if (r >= o.radius_m) return c;
      c.depth_m = o.radius_m - r;
      n_O = r > 0.0 ? Eigen::Vector3d(p / r) : Eigen::Vector3d(0, 0, -1);
      break;
    }
    case Obstacle::Shape::Cylinder: {
      const double radial = std::hypot(p.x(), p.y());
      const double side = o.radius_m - radial, cap = o.half_length_m - std::abs(p.z());
      if (side <= 0.0 || cap <= 0.0) return c;
      if (cap < side) {
        c.depth_m = cap;
        n_O = Eigen::Vector3d(0, 0, p.z() >= 0.0 ? 1.0 : -1.0);
      } else {
        c.depth_m = side;
        n_O = radial > 0.0 ? Eigen::Vector3d(p.x() / radial, p.y() / radial, 0) : Eigen::Vector3d(1, 0, 0);
      }
      break;
    }
  }
  c.touching = true;
  c.normal_W = o.pose_W.R_PB * n_O;
  return c;
}

PointContact World::contactAt(const Eigen::Vector3d& p_W_m) const {
  PointContact deepest;
  auto consider = [&](const PointContact& c) {
    if (c.touching && (!deepest.touching || c.depth_m > deepest.depth_m)) deepest = c;
  };
  if (has_ground && p_W_m.z() > ground_down_m) {
    PointContact g;
    g.touching = true;
    g.normal_W = Eigen::Vector3d(0, 0, -1);
    g.depth_m = p_W_m.z() - ground_down_m;
    g.surface = ground;
    consider(g);
  }
  for (const Obstacle& o : obstacles) consider(obstacleContact(o, p_W_m));
  if (mesh) {
    MeshBvh::Hit hit;
    if (mesh->closest(p_W_m, mesh_query_m, hit) && (p_W_m - hit.point).dot(hit.normal) < 0.0) {
      PointContact m;
      m.touching = true;
      m.normal_W = hit.normal;
      m.depth_m = hit.distance;
      m.surface = mesh_surface;
      consider(m);
    }
  }
  return deepest;
}

}  // namespace vsim
