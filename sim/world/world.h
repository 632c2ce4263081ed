// World: what a vehicle can touch — a ground plane, primitive obstacles placed at
// poses, and a world mesh behind a BVH. Frame: NED. Built once, queried read-only.
#pragma once

#include "sim/base/pose.h"
#include "sim/world/mesh_bvh.h"

#include <Eigen/Core>

#include <array>
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

// The part of a world within reach of a sphere (a vehicle's contact points, for one physics
// step), found once so that each point is cheap to test: the ground when the sphere reaches
// it, the obstacles whose bounding spheres it meets, the world mesh when a surface of it is
// within the sphere's radius plus the mesh query distance.
struct WorldNear {
  static constexpr int kMaxObstacles = 16;
  bool ground = false;
  int obstacle_count = 0;  // -1: more than kMaxObstacles, test them all
  std::array<int, kMaxObstacles> obstacles{};
  bool mesh = false;
  bool empty() const { return !ground && obstacle_count == 0 && !mesh; }
};

struct World {
  bool has_ground = true;
  double ground_down_m = 0.0;  // NED z of the ground plane (its normal points up, −z)
  SurfaceProperties ground;
  std::vector<Obstacle> obstacles;
  std::shared_ptr<const MeshBvh> mesh;  // optional world mesh, metres, NED
  SurfaceProperties mesh_surface;
  // How far inside the mesh surface a point is still found: 5 cm, 400 m/s of travel in one
  // 8 kHz step (and a point above the surface by more than this costs little to query).
  double mesh_query_m = 0.05;

  // Nothing to touch: no ground, no obstacles, no mesh.
  bool empty() const { return !has_ground && obstacles.empty() && !mesh; }

  // The deepest penetration of `p_W_m` into anything in the world (none: touching false).
  PointContact contactAt(const Eigen::Vector3d& p_W_m) const;

  // What a sphere at `centre_W_m` of `radius_m` can touch (one BVH query for the mesh).
  WorldNear near(const Eigen::Vector3d& centre_W_m, double radius_m) const;
  // contactAt for a point inside that sphere: the same answer, looking only at what is near.
  PointContact contactAt(const Eigen::Vector3d& p_W_m, const WorldNear& near) const;
};

// Penetration of a point into one obstacle (exposed for tests).
PointContact obstacleContact(const Obstacle& o, const Eigen::Vector3d& p_W_m);

// An obstacle's edges, world frame, which can reach into a vehicle between its contact points:
// a box's 12, a cylinder's as a 16-sided prism (both rims and the 16 sides' edges), none for a
// sphere (it has no edge). Returns how many.
inline constexpr int kMaxObstacleEdges = 48;
struct Segment {
  Eigen::Vector3d a, b;
};
int obstacleEdges(const Obstacle& o, std::array<Segment, kMaxObstacleEdges>& out);

}  // namespace vsim
