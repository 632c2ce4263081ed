// Mesh diagnostics: is a triangle mesh a closed surface that bounds a solid?
#pragma once

#include "sim/geometry/triangle_mesh.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vsim {

// What a check of the mesh found. Vertices are welded by position, since file formats like
// STL repeat every shared corner: first exactly, then — only where the exact weld leaves open
// edges — within a tolerance of 4 float32 resolutions (ulps) at the bounding box's largest
// coordinate, which is how far apart an exporter's two computations of one seam vertex (cos and
// sin at 0 and at 2π, say) land once rounded to float. Two vertices an edge joins are never
// fused (that edge is a real, tiny feature), and a gap wider than the tolerance stays open.
struct MeshDiagnostics {
  std::size_t triangles = 0;
  std::size_t distinct_vertices = 0;    // after welding (exactly, then within the tolerance)
  double weld_tolerance = 0.0;          // [mesh unit] the tolerance rule above gives for this mesh
  std::size_t tolerance_merged = 0;     // vertices the tolerance weld merged into others
  std::size_t shells = 0;               // connected pieces (triangles sharing a vertex)
  std::size_t degenerate = 0;           // zero-area triangles (they add nothing to any integral)
  std::size_t non_finite_vertices = 0;  // NaN or infinite coordinates; nothing can be computed
  std::size_t skipped_primitives = 0;   // points and lines in the file
  // Edge census. An edge of a closed, consistently wound surface is used by exactly two
  // triangles, once in each direction.
  std::size_t open_edges = 0;          // used by one triangle: a hole or a boundary
  std::size_t non_manifold_edges = 0;  // used by more than two triangles
  std::size_t misoriented_edges = 0;   // used twice in the same direction: flipped triangles
  bool closed = false;                 // every edge is used exactly twice in opposite directions
  bool inside_out = false;             // the enclosed volume came out negative (set by the analysis)
  // Axis-aligned bounds of the finite vertices [mesh unit]: a wrong unit shows here first.
  Eigen::Vector3f bounds_min = Eigen::Vector3f::Zero();
  Eigen::Vector3f bounds_max = Eigen::Vector3f::Zero();
};

// Checks finiteness, degeneracy, shells and the edge census. O(n) memory, O(n) time apart
// from sorting each vertex's edges; the tolerance weld costs only where edges are open. Runs
// on any mesh, including a non-finite one.
MeshDiagnostics diagnoseMesh(const TriangleMesh& mesh);

// The weld tolerance for a mesh whose largest absolute coordinate is `extent` [mesh unit]:
// 4 ulps of float32 there (0 for an empty or non-finite extent).
double weldTolerance(float extent);

}  // namespace vsim
