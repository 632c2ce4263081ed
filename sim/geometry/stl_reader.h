// Binary STL reading: a direct path for the format that carries the largest meshes.
// Assimp reads binary STL too, but builds a whole scene on the way (about 3x the time on a
// 1,000,000-triangle file; tests/bench/bench_massprops measures both, the README has the figures).
#pragma once

#include "sim/base/result.h"
#include "sim/geometry/triangle_mesh.h"

#include <optional>
#include <string>

namespace vsim {

// Reads `path` when it is a binary STL: 80-byte header, little-endian uint32 triangle count n,
// 50 bytes per triangle, 84 + 50 n bytes in all. Returns nothing when the file is an ASCII STL
// (it begins with "solid", is text, and its size does not fit the binary layout) whose
// structure holds (checkAsciiStl), for another reader to take its numbers; an ASCII STL cut off
// or malformed is an Error naming the line. A file shorter than its n says is a "truncated
// binary STL" when the triangles it does hold look like triangles, else "not an STL file"
// (random bytes announce any n); both name the file and the sizes. Vertices are not welded:
// three per triangle.
std::optional<Result<TriangleMesh>> readBinaryStl(const std::string& path);

}  // namespace vsim
