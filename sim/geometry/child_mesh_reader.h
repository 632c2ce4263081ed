// Runs a mesh reader in a child process and brings its answer back over a pipe, so that a
// reader which crashes, aborts or hangs on a malformed file (Assimp's do: see
// tests/fuzz/README.md) ends only the child. The caller gets an Error naming the file and how
// the reader ended, and everything it already held is untouched.
#pragma once

#include "sim/base/result.h"
#include "sim/geometry/mesh_import.h"
#include "sim/geometry/triangle_mesh.h"

#include <cstdint>
#include <functional>
#include <string>

namespace vsim {

// Reads one mesh; runs in the child with a progress callback that relays to the parent.
using MeshReader = std::function<Result<TriangleMesh>(const ImportProgress& progress)>;

// Forks, runs `reader` in the child and returns its mesh or its error. `progress` is called in
// the calling thread with each fraction the child reports, and at least every 200 ms while the
// child works (with the last fraction), so a cancel is honoured even when the reader is stuck:
// returning false kills the child and gives an "import cancelled" error. A child that dies
// without an answer gives "<path>: the mesh reader crashed on this file (signal N, NAME)".
// The child dies with the caller (PR_SET_PDEATHSIG). A child that has not answered within
// `time_limit_s` of wall time is killed too, with "<path>: the mesh reader did not finish within
// N s": Assimp 5.2's PLY reader loops for ever on some malformed headers (found by
// fuzz_mesh_import), and a command-line tool or a daemon loading an airframe has nobody to press
// Cancel.
Result<TriangleMesh> readMeshInChild(const std::string& path, const ImportProgress& progress, const MeshReader& reader,
                                     double time_limit_s);

// The time a reader is given for a file of `file_bytes`: 30 s, and 2 s more per MiB (Assimp
// reads tens of MiB a second, so a real file is done well within it).
double meshReaderTimeLimit_s(std::uint64_t file_bytes);

}  // namespace vsim
