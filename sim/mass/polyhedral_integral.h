// Eberly's polyhedral mass-properties integral: volume, centroid and inertia of the solid a
// closed triangle mesh bounds, in one pass over the triangles (D. Eberly,
// "Polyhedral Mass Properties (Revisited)", 2002).
#pragma once

#include "sim/geometry/triangle_mesh.h"

#include <Eigen/Core>

namespace vsim {

// Geometry of a solid at unit density, in the mesh's own length unit L.
struct SolidGeometry {
  double volume_L3 = 0.0;  // signed: negative when the surface is inside out
  Eigen::Vector3d centroid_L = Eigen::Vector3d::Zero();
  // Inertia per unit density about the centroid, off-diagonal entries the negated products
  // (−∫xy dV, …) as in mass_properties.h [L⁵]:
  // multiply by density [kg/L³] for kg·L².
  Eigen::Matrix3d inertia_per_density_L5 = Eigen::Matrix3d::Zero();
};

// Integrates every triangle of `mesh` (all shells at once, so an inner shell wound inward
// subtracts its volume). The mesh must hold finite coordinates only. Integrals are taken
// about the mesh's first vertex to keep far-from-origin meshes precise in double.
// Triangles with inward winding give a negative volume; the caller decides what that means.
SolidGeometry integrateSolid(const TriangleMesh& mesh);

// The same solid with every integral negated: what an inside-out surface really bounds.
// The centroid is unchanged; volume and inertia change sign.
SolidGeometry turnedOutsideIn(const SolidGeometry& solid);

}  // namespace vsim
