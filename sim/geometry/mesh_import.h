// Triangle-mesh import through Assimp: binary and ASCII STL, OBJ, PLY, glTF/GLB and the
// other formats Assimp reads.
#pragma once

#include "sim/base/result.h"
#include "sim/geometry/triangle_mesh.h"

#include <functional>
#include <optional>
#include <string>

namespace vsim {

// Called with the fraction read so far in [0, 1]; return false to cancel the import.
// Runs on the importing thread.
using ImportProgress = std::function<bool(float fraction)>;

// Reads every triangle of the file at `path`, with node transforms applied, in the file's
// unit. Polygons are triangulated; vertices are not welded (see TriangleMesh). Points and
// lines are counted in skipped_primitives. A missing, empty, unreadable or corrupt file, or
// one without triangles, gives an Error that names the file and the problem.
// Binary STL takes the direct reader of stl_reader.h; everything else goes through Assimp, in a
// child process given `reader_time_limit_s` of wall time (none given: meshReaderTimeLimit_s of
// the file's size, child_mesh_reader.h), after which the import fails naming the limit.
Result<TriangleMesh> importMesh(const std::string& path, const ImportProgress& progress = {},
                                std::optional<double> reader_time_limit_s = std::nullopt);

// The same through Assimp for every format, binary STL included (the reference the direct
// reader is measured against).
Result<TriangleMesh> importMeshWithAssimp(const std::string& path, const ImportProgress& progress = {},
                                          std::optional<double> reader_time_limit_s = std::nullopt);

}  // namespace vsim
