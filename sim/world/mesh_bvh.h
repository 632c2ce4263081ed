// MeshBvh: an axis-aligned bounding-box tree over a triangle mesh, for closest-point queries
// against a world mesh (the contact model's world-mesh path). Built once; queries are const and
// allocation-free, safe from any thread.
#pragma once

#include "sim/geometry/triangle_mesh.h"

#include <Eigen/Core>

#include <array>

#include <cstdint>
#include <vector>

namespace vsim {

class MeshBvh {
 public:
  // Builds the tree over `mesh` (copied, in double precision; the mesh's unit is the world's
  // metres). Triangles should be wound counter-clockwise seen from the free side.
  explicit MeshBvh(const TriangleMesh& mesh);

  // The closest point on the surface to `p` within `max_distance`, with the unit normal of
  // the triangle it lies on (pointing to the free side). False when nothing is that close.
  struct Hit {
    Eigen::Vector3d point;
    Eigen::Vector3d normal;
    double distance;
  };
  bool closest(const Eigen::Vector3d& p, double max_distance, Hit& hit) const;

  std::size_t triangleCount() const { return triangles_.size(); }
  // Triangle i's corners as stored (the tree's order, not the mesh's), for drawing the world.
  std::array<Eigen::Vector3d, 3> triangleCorners(std::size_t i) const {
    return {triangles_[i].a, triangles_[i].b, triangles_[i].c};
  }

 private:
  struct Triangle {
    Eigen::Vector3d a, b, c, normal;
  };
  struct Node {
    Eigen::Vector3d lo, hi;
    std::uint32_t first, count;  // leaf: triangles [first, first+count); inner: count 0, left child
                                 // at this node's index + 1, right child at `first`
  };
  std::uint32_t build(std::uint32_t begin, std::uint32_t end);

  std::vector<Triangle> triangles_;
  std::vector<Node> nodes_;
};

// The point of triangle (a, b, c) closest to p (Ericson, Real-Time Collision Detection, section 5.1.5).
Eigen::Vector3d closestPointOnTriangle(const Eigen::Vector3d& p, const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                                       const Eigen::Vector3d& c);

}  // namespace vsim
