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

int obstacleEdges(const Obstacle& o, std::array<Segment, kMaxObstacleEdges>& out) {
  int n = 0;
  auto put = [&](const Eigen::Vector3d& a_O, const Eigen::Vector3d& b_O) {
    out[std::size_t(n++)] = {o.pose_W.R_PB * a_O + o.pose_W.p_PB_m, o.pose_W.R_PB * b_O + o.pose_W.p_PB_m};
  };
  switch (o.shape) {
    case Obstacle::Shape::Box: {
      const Eigen::Vector3d& h = o.half_size_m;
      for (int axis = 0; axis < 3; ++axis)  // four edges along each axis
        for (double u : {-1.0, 1.0})
          for (double v : {-1.0, 1.0}) {
            Eigen::Vector3d a, b;
            a[axis] = -h[axis];
            b[axis] = h[axis];
            a[(axis + 1) % 3] = b[(axis + 1) % 3] = u * h[(axis + 1) % 3];
            a[(axis + 2) % 3] = b[(axis + 2) % 3] = v * h[(axis + 2) % 3];
            put(a, b);
          }
      break;
    }
    case Obstacle::Shape::Cylinder: {
      auto rim = [&](int k, double z) {
        return Eigen::Vector3d(o.radius_m * std::cos(k * M_PI / 8), o.radius_m * std::sin(k * M_PI / 8), z);
      };
      for (int k = 0; k < 16; ++k) {
        put(rim(k, -o.half_length_m), rim(k + 1, -o.half_length_m));
        put(rim(k, o.half_length_m), rim(k + 1, o.half_length_m));
        put(rim(k, -o.half_length_m), rim(k, o.half_length_m));
      }
      break;
    }
    case Obstacle::Shape::Sphere:
      break;
  }
  return n;
}

namespace {

// The radius of a sphere about the obstacle's centre that holds all of it.
double boundingRadius_m(const Obstacle& o) {
  switch (o.shape) {
    case Obstacle::Shape::Box:
      return o.half_size_m.norm();
    case Obstacle::Shape::Sphere:
      return o.radius_m;
    case Obstacle::Shape::Cylinder:
      return std::hypot(o.radius_m, o.half_length_m);
  }
  return 0.0;
}

PointContact groundContact(const World& w, const Eigen::Vector3d& p_W_m) {
  PointContact g;
  if (!(p_W_m.z() > w.ground_down_m)) return g;
  g.touching = true;
  g.normal_W = Eigen::Vector3d(0, 0, -1);
  g.depth_m = p_W_m.z() - w.ground_down_m;
  g.surface = w.ground;
  return g;
}

}  // namespace

PointContact World::contactAt(const Eigen::Vector3d& p_W_m) const {
  WorldNear everything;  // the whole world, near or not
  everything.ground = has_ground;
  everything.obstacle_count = -1;
  everything.mesh = mesh != nullptr;
  return contactAt(p_W_m, everything);
}

WorldNear World::near(const Eigen::Vector3d& centre_W_m, double radius_m) const {
  WorldNear n;
  n.ground = has_ground && centre_W_m.z() + radius_m > ground_down_m;
  for (int i = 0; i < int(obstacles.size()); ++i) {
    const Obstacle& o = obstacles[std::size_t(i)];
    if ((o.pose_W.p_PB_m - centre_W_m).norm() > boundingRadius_m(o) + radius_m) continue;
    if (n.obstacle_count == WorldNear::kMaxObstacles) {
      n.obstacle_count = -1;  // too many to list: look at them all
      break;
    }
    n.obstacles[std::size_t(n.obstacle_count++)] = i;
  }
  MeshBvh::Hit hit;
  n.mesh = mesh && mesh->closest(centre_W_m, radius_m + mesh_query_m, hit);
  return n;
}

PointContact World::contactAt(const Eigen::Vector3d& p_W_m, const WorldNear& near) const {
  PointContact deepest;
  auto consider = [&](const PointContact& c) {
    if (c.touching && (!deepest.touching || c.depth_m > deepest.depth_m)) deepest = c;
  };
  if (near.ground) consider(groundContact(*this, p_W_m));
  if (near.obstacle_count < 0) {
    for (const Obstacle& o : obstacles) consider(obstacleContact(o, p_W_m));
  } else {
    for (int k = 0; k < near.obstacle_count; ++k)
      consider(obstacleContact(obstacles[std::size_t(near.obstacles[std::size_t(k)])], p_W_m));
  }
  if (near.mesh) {
    MeshBvh::Hit hit;
    // (A point far from the mesh costs little: the tree's boxes turn it away at the top.)
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
