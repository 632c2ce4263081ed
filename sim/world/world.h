// World: what a vehicle can touch (000 §6) — a ground plane, primitive obstacles placed at
// poses, and a world mesh behind a BVH. Frame: NED. Built once, queried read-only.
#pragma once

#include "sim/base/pose.h"
#include "sim/world/mesh_bvh.h"

#include <Eigen/Core>

#include <memory>
#include <vector>

namespace vsim {

// How a surface answers a contact.
struct SurfaceProperties {
  double friction = 0.6;     // Coulomb μ (static = kinetic)
  double restitution = 0.2;  // normal speed kept after an impact, as a fraction
};

struct Obstacle {
  enum class Shape { Box, Sphere, Cylinder };
  Shape shape = Shape::Box;
  Eigen::Vector3d half_size_m = Eigen::Vector3d::Zero();  // box half edges
  double radius_m = 0.0;                                  // sphere, cylinder
  double half_length_m = 0.0;                             // cylinder, along its own z
  Pose pose_W;                                            // obstacle frame in the world
  SurfaceProperties surface;
};

// A point inside something: the way out (unit, world) and how far.
struct PointContact {
  bool touching = false;
  Eigen::Vector3d normal_W = Eigen::Vector3d::Zero();  // from the surface towards free space
  double depth_m = 0.0;
  SurfaceProperties surface;
};

struct World {
  bool has_ground = true;
  double ground_down_m = 0.0;  // NED z of the ground plane (its normal points up, −z)
  SurfaceProperties ground;
  std::vector<Obstacle> obstacles;
  std::shared_ptr<const MeshBvh> mesh;  // optional world mesh, metres, NED
  SurfaceProperties mesh_surface;
  double mesh_query_m = 0.25;  // how far inside the mesh surface a point is still found

  // Nothing to touch: no ground, no obstacles, no mesh.
  bool empty() const { return !has_ground && obstacles.empty() && !mesh; }

  // The deepest penetration of `p_W_m` into anything in the world (none: touching false).
  PointContact contactAt(const Eigen::Vector3d& p_W_m) const;
};

// Penetration of a point into one obstacle (exposed for tests).
PointContact obstacleContact(const Obstacle& o, const Eigen::Vector3d& p_W_m);

}  // namespace vsim
