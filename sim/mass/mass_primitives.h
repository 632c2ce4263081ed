// Mass properties of solid primitives, each centred on its own origin (closed forms).
#pragma once

#include "sim/mass/mass_properties.h"

namespace vsim {

// Solid box with edge lengths size_m along the body x, y, z axes:
// Ixx = m(y²+z²)/12 and cyclic; no products of inertia.
MassProperties solidBox(double mass_kg, const Eigen::Vector3d& size_m);

// Solid cylinder whose axis is the body z axis (rotate it with a Pose):
// Izz = m r²/2, Ixx = Iyy = m(3r² + L²)/12.
MassProperties solidCylinder(double mass_kg, double radius_m, double length_m);

// Solid sphere: I = 2/5 m r² about every axis.
MassProperties solidSphere(double mass_kg, double radius_m);

// A point mass: no inertia about its own centre.
MassProperties pointMass(double mass_kg);

}  // namespace vsim
