// Binary STL output: the fixture and sample-mesh writer, byte-exact and portable.
#pragma once

#include "sim/base/result.h"
#include "sim/geometry/triangle_mesh.h"

#include <string>

namespace vsim {

// Writes `mesh` as binary STL (80-byte header, little-endian uint32 count, 50 bytes per
// triangle with its unit normal). Returns the bytes written, or an Error naming the file.
Result<std::size_t> writeBinaryStl(const std::string& path, const TriangleMesh& mesh, const std::string& header);

}  // namespace vsim
