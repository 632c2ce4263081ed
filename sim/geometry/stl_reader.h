// Binary STL reading: a direct path for the format that carries the largest meshes.
// Assimp reads binary STL too, but builds a whole scene on the way (about 3x the time on a
// 1,000,000-triangle file; tests/bench/bench_massprops measures both, the README has the figures).
#pragma once

#include "sim/base/result.h"
#include "sim/geometry/triangle_mesh.h"

#include <optional>
#include <string>

namespace vsim {

// Reads `path` when it is a binary STL: 80-byte header, little-endian uint32 triangle count,
// 50 bytes per triangle. Returns nothing when the file is an ASCII STL (it begins with
// "solid" and its size does not fit the binary layout), for another reader to take.
// A file too short for its announced triangle count, or too short for any STL, gives an
// Error naming the file and both sizes. Vertices are not welded: three per triangle.
std::optional<Result<TriangleMesh>> readBinaryStl(const std::string& path);

}  // namespace vsim
