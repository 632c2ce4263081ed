// Welding a mesh's vertices by exact position: file formats like STL repeat every shared corner,
// and the edge census needs to know which corners are one.
#pragma once

#include "sim/geometry/triangle_mesh.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vsim {

// For every vertex of `mesh`, a compact id of its position (+0 and −0 are the same place),
// 0 .. distinct−1 in order of first appearance, written to weld_id[0 .. vertices−1]. Returns
// the number of distinct positions. `parts` threads share the work (bulkParts() for the
// machine's); the ids are the same for any number of them.
std::size_t weldByPosition(const TriangleMesh& mesh, std::uint32_t* weld_id, int parts);
std::size_t weldByPosition(const TriangleMesh& mesh, std::vector<std::uint32_t>& weld_id, int parts = 1);

}  // namespace vsim
