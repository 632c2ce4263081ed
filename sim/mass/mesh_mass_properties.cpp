#include "sim/mass/mesh_mass_properties.h"

#include <cmath>
#include <future>
#include <sstream>

namespace vsim {

Result<MeshAnalysis> analyseMesh(const TriangleMesh& mesh, bool allow_open, const std::string& source_name) {
  MeshAnalysis out;
  // The integral does not depend on the check: on the second core while the check runs. (A
  // future, not a bare thread: an exception from either side reaches the caller, and the
  // future's destructor waits for the integral, where a joinable std::thread would terminate.)
  std::future<SolidGeometry> integral = std::async(std::launch::async, [&mesh] { return integrateSolid(mesh); });
  out.diagnostics = diagnoseMesh(mesh);
  const SolidGeometry solid = integral.get();
  const MeshDiagnostics& d = out.diagnostics;
  if (d.triangles == 0) return Error{source_name + ": the mesh holds no triangles"};
  if (d.non_finite_vertices > 0) {
    std::size_t first = 0;
    while (mesh.vertices[first].allFinite()) ++first;
    return Error{source_name + ": " + std::to_string(d.non_finite_vertices) +
                 " vertices have non-finite coordinates (NaN or infinity), the first is vertex " +
                 std::to_string(first) + "; nothing can be computed from them"};
  }
  if (!d.closed && !allow_open) {
    std::ostringstream why;
    why << source_name << ": the mesh is not closed (" << d.open_edges << " open edges, " << d.non_manifold_edges
        << " edges shared by more than two triangles, " << d.misoriented_edges
        << " edges between flipped triangles), so it does not bound a solid; repair it, or allow "
           "open meshes to compute anyway (the result is then unreliable)";
    return Error{why.str()};
  }
  out.reliable = d.closed;
  out.solid = solid;
  // Volume relative to the bounding scale (the box's diagonal): below this the "solid" is round-off.
  const double extent_sq = double((d.bounds_max - d.bounds_min).squaredNorm());
  if (std::abs(out.solid.volume_L3) <= 1e-12 * std::pow(extent_sq, 1.5))
    return Error{source_name + ": the mesh encloses no volume (its triangles cancel out)"};
  if (out.solid.volume_L3 < 0.0) {
    out.diagnostics.inside_out = true;
    out.solid = turnedOutsideIn(out.solid);
  }
  return out;
}

Result<MeshMassProperties> scaleToMass(const SolidGeometry& solid, const MassSpec& spec) {
  if (!std::isfinite(spec.value) || spec.value <= 0.0) {
    std::ostringstream why;
    why << (spec.basis == MassSpec::Basis::Density ? "density" : "mass") << " must be a positive number, got "
        << spec.value;
    return Error{why.str()};
  }
  if (!(solid.volume_L3 > 0.0)) return Error{"the solid has no positive volume"};
  const double s = metresPerUnit(spec.unit);
  MeshMassProperties out;
  out.volume_m3 = solid.volume_L3 * s * s * s;
  out.density_kgm3 = spec.basis == MassSpec::Basis::Density ? spec.value : spec.value / out.volume_m3;
  out.body.mass_kg = out.density_kgm3 * out.volume_m3;
  out.body.com_B_m = solid.centroid_L * s;
  out.body.inertia_com_B_kgm2 = out.density_kgm3 * std::pow(s, 5) * solid.inertia_per_density_L5;
  return out;
}

}  // namespace vsim
