#include "sim/mass/mass_primitives.h"

namespace vsim {

MassProperties solidBox(double mass_kg, const Eigen::Vector3d& size_m) {
  const Eigen::Vector3d sq = size_m.cwiseAbs2();
  MassProperties out;
  out.mass_kg = mass_kg;
  out.inertia_com_B_kgm2.diagonal() =
      mass_kg / 12.0 * Eigen::Vector3d(sq.y() + sq.z(), sq.x() + sq.z(), sq.x() + sq.y());
  return out;
}

MassProperties solidCylinder(double mass_kg, double radius_m, double length_m) {
  const double r2 = radius_m * radius_m;
  const double transverse = mass_kg * (3.0 * r2 + length_m * length_m) / 12.0;
  MassProperties out;
  out.mass_kg = mass_kg;
  out.inertia_com_B_kgm2.diagonal() = Eigen::Vector3d(transverse, transverse, 0.5 * mass_kg * r2);
  return out;
}

MassProperties solidSphere(double mass_kg, double radius_m) {
  MassProperties out;
  out.mass_kg = mass_kg;
  out.inertia_com_B_kgm2.diagonal().setConstant(0.4 * mass_kg * radius_m * radius_m);
  return out;
}

MassProperties pointMass(double mass_kg) {
  MassProperties out;
  out.mass_kg = mass_kg;
  return out;
}

}  // namespace vsim
