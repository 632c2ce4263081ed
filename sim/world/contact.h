// Contact without a physics engine (docs/design/physics-and-numerics.md, "Contact"): the vehicle's contact points — its
// feet and its hull (sim/vehicle/contact_geometry.h) — against the world, resolved with impulses after each physics
// step.
#pragma once

#include "sim/vehicle/vehicle_model.h"
#include "sim/vehicle/vehicle_state.h"
#include "sim/world/world.h"

namespace vsim {

struct ContactSettings {
  double creep_damping_per_s = 20.0;  // decay of creep (sliding slower than creep_speed), per second
  double creep_speed_mps = 0.02;
  double bounce_threshold_mps = 0.1;  // slower impacts do not bounce (a resting vehicle stays put)
  double resting_speed_mps = 0.2;     // below this and resting_rate, the vehicle is at rest
  double resting_rate_radps = 1.0;
  double righting_tilt_rad = 0.05;     // tilt above which the righting torque acts at rest ...
  double righting_max_tilt_rad = 0.5;  // ... up to this tilt, on its feet only (about 29°)
  double patch_radius_m = 0.01;        // contact patch: rolling and spin friction up to μ·N·this
};

struct ContactReport {
  int touching = 0;        // contact points inside something
  int feet_touching = 0;   // of which feet
  double deepest_m = 0.0;  // the largest penetration before the push-out
  bool righting = false;   // the righting torque acted
};

// After a physics step: first a bounding-sphere test (the contact points' sphere about the
// centre of mass against the world, WorldNear), so a vehicle far from every surface costs
// almost nothing; then for each penetrating point a normal impulse with the effective mass
// along the normal, 1/m + n·((I⁻¹(r×n))×r), and restitution; Coulomb friction along the
// tangent, capped at μ times the normal impulse; rolling and spin friction of the contact
// patch against turning about any axis, capped at μ·patch_radius_m times the normal impulse
// (a rigid point could stop neither a spinning top nor a coin rolling on its rim); one shared push-out by the deepest
// point, along the normal of the surface it is inside (out of that surface: the hull covers the vehicle, so its centre
// of mass is never left under the ground); tangential damping of creep scaled per unit time (e^(−k·dt), so it does not
// depend on the step; above the creep speed only Coulomb friction acts); a righting torque from body-up × surface
// normal (world-up on flat ground) only for a vehicle at rest on its feet alone and tilted by less than
// righting_max_tilt_rad, so a vehicle on an edge of its footprint topples flat — never one lying on its side or back.
// Plain function, no allocation.
ContactReport resolveContacts(const VehicleModel& model, const World& world, const ContactSettings& settings,
                              double dt_s, bool gravity, VehicleState& state);

// How far the contact points reach from the centre of mass along the unit world direction
// `down_W` in attitude q_WB [m]: the centre of mass stands this far above a surface whose
// inward normal is down_W.
double contactReach_m(const VehicleModel& model, const Eigen::Quaterniond& q_WB, const Eigen::Vector3d& down_W);

// A segment (body frame) through the convex hull given by `planes`: the two ends of its inside
// part, and at its middle the face it is nearest to and how deep it is there. The contact it
// makes is a line (an edge lying on a face) as much as a point: the solver gets both ends,
// pushed along that face's normal.
struct EdgeContact {
  bool inside = false;
  Eigen::Vector3d ends_B_m[2] = {Eigen::Vector3d::Zero(), Eigen::Vector3d::Zero()};
  Eigen::Vector3d face_normal_B = Eigen::Vector3d::Zero();  // outward from the vehicle
  double depth_m = 0.0;                                     // at the middle
};
EdgeContact edgeInsideHull(const std::vector<HullPlane>& planes, const Eigen::Vector3d& a_B,
                           const Eigen::Vector3d& b_B);

// Total mechanical energy [J]: ½mv² + ½ωᵀIω + m·g·(−z) (NED: up is −z; constant for a torque-free, undamped body).
double mechanicalEnergy(const VehicleModel& model, const VehicleState& state);

}  // namespace vsim
