// TriangleMesh: triangles as read from a file, in the file's own length unit and frame.
#pragma once

#include "sim/base/huge_pages.h"

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace vsim {

// An indexed triangle mesh. Vertices are not welded: an STL file gives three vertices
// per triangle, and shared corners only become shared when a check welds them.
// Triangles wind counter-clockwise seen from outside (the outward normal by the right-hand rule).
struct TriangleMesh {
  std::vector<Eigen::Vector3f> vertices;               // positions [mesh unit]
  BulkVector<std::array<std::uint32_t, 3>> triangles;  // indices into vertices (resize leaves new ones unset)
  std::size_t skipped_primitives = 0;                  // points and lines in the file, not used

  std::size_t triangleCount() const { return triangles.size(); }
};

}  // namespace vsim
