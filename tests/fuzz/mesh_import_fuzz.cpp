// libFuzzer target for mesh import and everything behind it: the direct binary STL reader
// (sim/geometry/stl_reader.cpp), Assimp for the other formats (sim/geometry/mesh_import.cpp),
// the mesh check (weld, tolerance weld, edge census, shells: mesh_diagnostics.cpp,
// vertex_weld.cpp) and the integral with its refusals (sim/mass/mesh_mass_properties.cpp).
//
// Input layout: byte 0 chooses the file's extension (kExtensions, or those of them listed in
// $NAVIGATOR_FUZZ_MESH_EXTENSIONS, e.g. ".stl"), the rest is the file, written to a scratch file
// since importers read paths.
//
// Checks, each a __builtin_trap() when it fails:
//  - a refusal has a message naming the file;
//  - an imported mesh's triangles index its vertices;
//  - the weld gives the same ids on one thread and on three, ids below the distinct count, in
//    order of first appearance;
//  - the diagnostics agree with themselves (closed = no open, non-manifold or misoriented edge;
//    at most as many distinct vertices as vertices; at least one shell when there are triangles);
//  - an analysis that succeeds has a finite, positive volume, a finite centroid and a finite,
//    symmetric inertia tensor (an open or self-crossing mesh, allowed here, may have any moments).
#include "sim/geometry/mesh_diagnostics.h"
#include "sim/geometry/mesh_import.h"
#include "sim/geometry/vertex_weld.h"
#include "sim/mass/mesh_mass_properties.h"
#include "tests/fuzz/fuzz_support.h"

#include <unistd.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

const char* const kExtensions[] = {".stl", ".obj", ".ply", ".off", ".gltf", ".glb"};

std::string scratchPath(std::size_t which) {
  return (fuzz::scratchDirectory("mesh") / (std::string("input") + kExtensions[which])).string();
}

void checkWeld(const vsim::TriangleMesh& mesh) {
  std::vector<std::uint32_t> one(mesh.vertices.size()), three(mesh.vertices.size());
  const std::size_t distinct = vsim::weldByPosition(mesh, one.data(), 1);
  CHECK(vsim::weldByPosition(mesh, three.data(), 3) == distinct);
  CHECK(one == three);
  std::uint32_t next = 0;
  for (std::uint32_t id : one) {
    CHECK(id < distinct);
    CHECK(id <= next);  // first appearance order
    if (id == next) ++next;
  }
  CHECK(next == distinct);
}

// The indices into kExtensions this run may use.
const std::vector<std::size_t>& allowedExtensions() {
  static const std::vector<std::size_t> allowed = [] {
    std::vector<std::size_t> a;
    const char* only = std::getenv("NAVIGATOR_FUZZ_MESH_EXTENSIONS");
    for (std::size_t i = 0; i < sizeof kExtensions / sizeof kExtensions[0]; ++i)
      if (only == nullptr || std::string(only).find(kExtensions[i]) != std::string::npos) a.push_back(i);
    if (a.empty()) a.push_back(0);
    return a;
  }();
  return allowed;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::size_t which = allowedExtensions()[data[0] % allowedExtensions().size()];
  const std::string path = scratchPath(which);
  {
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) return 0;
    if (size > 1) std::fwrite(data + 1, 1, size - 1, f);
    std::fclose(f);
  }
  // Assimp's readers may hang (its PLY reader loops on some headers): the product stops a
  // reader at its time limit; here 2 s, so such an input is an error, not a fuzzer timeout.
  const auto mesh = vsim::importMesh(path, {}, 2.0);
  std::remove(path.c_str());
  if (!mesh) {
    CHECK(mesh.error().message.find(path) != std::string::npos);
    return 0;
  }
  for (const auto& t : mesh->triangles)
    for (std::uint32_t v : t) CHECK(v < mesh->vertices.size());
  checkWeld(*mesh);

  const vsim::MeshDiagnostics d = vsim::diagnoseMesh(*mesh);
  CHECK(d.triangles == mesh->triangles.size());
  CHECK(d.distinct_vertices <= mesh->vertices.size());
  CHECK(d.closed == (d.open_edges == 0 && d.non_manifold_edges == 0 && d.misoriented_edges == 0));
  CHECK(d.triangles == 0 || d.shells >= 1);
  CHECK(d.shells <= d.triangles);

  const auto analysis = vsim::analyseMesh(*mesh, true, "fuzz");
  if (!analysis) {
    CHECK(analysis.error().message.rfind("fuzz", 0) == 0);
    return 0;
  }
  const vsim::SolidGeometry& s = analysis->solid;
  CHECK(std::isfinite(s.volume_L3) && s.volume_L3 > 0.0);
  CHECK(s.centroid_L.allFinite());
  CHECK(s.inertia_per_density_L5.allFinite());
  const Eigen::Matrix3d& I = s.inertia_per_density_L5;
  const double scale = I.cwiseAbs().maxCoeff();
  CHECK((I - I.transpose()).cwiseAbs().maxCoeff() <= 1e-9 * scale);
  return 0;
}
