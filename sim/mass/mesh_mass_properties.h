// From a triangle mesh to mass properties: diagnostics, the volume integral, units and density.
#pragma once

#include "sim/base/length_unit.h"
#include "sim/mass/mass_properties.h"
#include "sim/geometry/mesh_diagnostics.h"
#include "sim/mass/polyhedral_integral.h"
#include "sim/base/result.h"
#include "sim/geometry/triangle_mesh.h"

#include <string>

namespace vsim {

// Everything about a mesh that does not depend on its unit or density: computed once per
// file, then scaled as often as the user changes unit, density or mass.
struct MeshAnalysis {
  MeshDiagnostics diagnostics;
  SolidGeometry solid;   // mesh unit, unit density; an inside-out surface is already corrected
  bool reliable = true;  // false when computed from a mesh that is not closed, on request
};

// Diagnoses and integrates a mesh. Errors, each naming `source_name`: non-finite
// coordinates; a mesh that is not closed (unless allow_open, which marks the result
// unreliable); a surface that encloses no volume.
Result<MeshAnalysis> analyseMesh(const TriangleMesh& mesh, bool allow_open, const std::string& source_name);

// How to turn geometry into mass: the mesh unit, and either a density or a total mass.
struct MassSpec {
  enum class Basis { Density, TotalMass };
  LengthUnit unit = LengthUnit::Metre;
  Basis basis = Basis::Density;
  double value = 1000.0;  // [kg/m³] for Density, [kg] for TotalMass
};

// Mass properties in metres and kilograms, with the volume and density they imply.
struct MeshMassProperties {
  MassProperties body;  // frame: the mesh's own axes, origin at the mesh origin
  double volume_m3 = 0.0;
  double density_kgm3 = 0.0;
};

// Scales a unit-density solid to SI. Errors when the density or mass is not a positive,
// finite number or the solid has no volume.
Result<MeshMassProperties> scaleToMass(const SolidGeometry& solid, const MassSpec& spec);

}  // namespace vsim
