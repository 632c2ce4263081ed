#include "sim/world/mesh_bvh.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace vsim {

Eigen::Vector3d closestPointOnTriangle(const Eigen::Vector3d& p, const Eigen::Vector3d& a, const Eigen::Vector3d& b,
                                       const Eigen::Vector3d& c) {
  // Voronoi regions of the vertices, then the edges, then the face.
  const Eigen::Vector3d ab = b - a, ac = c - a, ap = p - a;
  const double d1 = ab.dot(ap), d2 = ac.dot(ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const Eigen::Vector3d bp = p - b;
  const double d3 = ab.dot(bp), d4 = ac.dot(bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return a + d1 / (d1 - d3) * ab;
  const Eigen::Vector3d cp = p - c;
  const double d5 = ab.dot(cp), d6 = ac.dot(cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return a + d2 / (d2 - d6) * ac;
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && (d4 - d3) >= 0 && (d5 - d6) >= 0) return b + (d4 - d3) / ((d4 - d3) + (d5 - d6)) * (c - b);
  const double denom = 1.0 / (va + vb + vc);
  return a + ab * (vb * denom) + ac * (vc * denom);
}

MeshBvh::MeshBvh(const TriangleMesh& mesh) {
  triangles_.reserve(mesh.triangles.size());
  for (const auto& t : mesh.triangles) {
    Triangle tri{mesh.vertices[t[0]].cast<double>(), mesh.vertices[t[1]].cast<double>(),
                 mesh.vertices[t[2]].cast<double>(), Eigen::Vector3d::Zero()};
    const Eigen::Vector3d n = (tri.b - tri.a).cross(tri.c - tri.a);
    if (!(n.norm() > 0.0) || !n.allFinite()) continue;  // degenerate: no surface to touch
    tri.normal = n.normalized();
    triangles_.push_back(tri);
  }
  nodes_.reserve(2 * triangles_.size() / 4 + 1);
  if (!triangles_.empty()) build(0, std::uint32_t(triangles_.size()));
}

std::uint32_t MeshBvh::build(std::uint32_t begin, std::uint32_t end) {
  const auto index = std::uint32_t(nodes_.size());
  nodes_.push_back(Node{Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero(), 0, 0});
  Eigen::Vector3d lo = Eigen::Vector3d::Constant(std::numeric_limits<double>::infinity()), hi = -lo;
  Eigen::Vector3d clo = lo, chi = hi;  // bounds of the centroids, to choose the split
  for (std::uint32_t i = begin; i < end; ++i) {
    const Triangle& t = triangles_[i];
    lo = lo.cwiseMin(t.a).cwiseMin(t.b).cwiseMin(t.c);
    hi = hi.cwiseMax(t.a).cwiseMax(t.b).cwiseMax(t.c);
    const Eigen::Vector3d centroid = (t.a + t.b + t.c) / 3.0;
    clo = clo.cwiseMin(centroid);
    chi = chi.cwiseMax(centroid);
  }
  nodes_[index].lo = lo;
  nodes_[index].hi = hi;
  constexpr std::uint32_t kLeafSize = 4;
  if (end - begin <= kLeafSize) {
    nodes_[index].first = begin;
    nodes_[index].count = end - begin;
    return index;
  }
  // Median split along the widest extent of the centroids.
  int axis = 0;
  (chi - clo).maxCoeff(&axis);
  const std::uint32_t mid = begin + (end - begin) / 2;
  std::nth_element(triangles_.begin() + begin, triangles_.begin() + mid, triangles_.begin() + end,
                   [axis](const Triangle& x, const Triangle& y) {
                     return (x.a[axis] + x.b[axis] + x.c[axis]) < (y.a[axis] + y.b[axis] + y.c[axis]);
                   });
  build(begin, mid);  // the left child is always the next node
  const std::uint32_t right = build(mid, end);
  nodes_[index].first = right;
  nodes_[index].count = 0;
  return index;
}

bool MeshBvh::closest(const Eigen::Vector3d& p, double max_distance, Hit& hit) const {
  if (nodes_.empty()) return false;
  double best_sq = max_distance * max_distance;
  bool found = false;
  auto boxDistanceSq = [&](const Node& n) { return (n.lo - p).cwiseMax(p - n.hi).cwiseMax(0.0).squaredNorm(); };
  std::uint32_t stack[64];  // a median-split tree over 2^32 triangles is at most 33 deep
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const std::uint32_t index = stack[--top];
    const Node& n = nodes_[index];
    if (boxDistanceSq(n) > best_sq) continue;
    if (n.count > 0) {
      for (std::uint32_t i = n.first; i < n.first + n.count; ++i) {
        const Triangle& t = triangles_[i];
        const Eigen::Vector3d q = closestPointOnTriangle(p, t.a, t.b, t.c);
        const double d_sq = (q - p).squaredNorm();
        if (d_sq < best_sq) {
          best_sq = d_sq;
          hit.point = q;
          hit.normal = t.normal;
          found = true;
        }
      }
      continue;
    }
    const std::uint32_t left = index + 1, right = n.first;
    // Visit the nearer child first: push it last.
    if (boxDistanceSq(nodes_[left]) < boxDistanceSq(nodes_[right])) {
      stack[top++] = right;
      stack[top++] = left;
    } else {
      stack[top++] = left;
      stack[top++] = right;
    }
  }
  if (found) hit.distance = std::sqrt(best_sq);
  return found;
}

}  // namespace vsim
