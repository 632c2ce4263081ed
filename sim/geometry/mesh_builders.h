// Tessellated solids and mesh transforms: test fixtures with closed forms, the sample frame,
// and obstacles drawn as meshes. All are closed and wound outward.
#pragma once

#include "sim/base/pose.h"
#include "sim/geometry/triangle_mesh.h"

namespace vsim {

// A box centred on the origin, edges along the axes: 8 vertices, 12 triangles.
TriangleMesh boxMesh(const Eigen::Vector3d& size);

// A UV sphere centred on the origin: `slices` meridians, `stacks` bands between the poles;
// every vertex lies on the sphere, so the solid is inscribed.
TriangleMesh uvSphereMesh(double radius, int slices, int stacks);

// A cylinder along z centred on the origin, its round side split into `segments` facets
// whose vertices lie on the circle (inscribed prism).
TriangleMesh cylinderMesh(double radius, double length, int segments);

// Moves every vertex: p ← R_PB·p + p_PB.
void transformMesh(TriangleMesh& mesh, const Pose& pose);

// Appends `piece` as a further shell of `into`.
void appendMesh(TriangleMesh& into, const TriangleMesh& piece);

// Reverses every triangle's winding (turns the surface inside out).
void flipWinding(TriangleMesh& mesh);

}  // namespace vsim
