// Contact without a physics engine (000 §6): the vehicle's footprint against the world,
// resolved with impulses after each physics step.
#pragma once

#include "sim/vehicle/vehicle_model.h"
#include "sim/vehicle/vehicle_state.h"
#include "sim/world/world.h"

namespace vsim {

struct ContactSettings {
  double creep_damping_per_s = 20.0;       // decay of creep (sliding slower than creep_speed), per second
  double creep_speed_mps = 0.02;
  double bounce_threshold_mps = 0.1;       // slower impacts do not bounce (a resting vehicle stays put)
  double resting_speed_mps = 0.2;          // below this and resting_rate, the vehicle is at rest
  double resting_rate_radps = 1.0;
  double righting_tilt_rad = 0.05;         // tilt above which the righting torque acts at rest
};

struct ContactReport {
  int touching = 0;        // footprint points inside something
  double deepest_m = 0.0;  // the largest penetration before the push-out
};

// After a physics step: for each penetrating point a normal impulse with the effective mass
// along the normal, 1/m + n·((I⁻¹(r×n))×r), and restitution; Coulomb friction along the
// tangent, capped at μ times the normal impulse; one shared push-out by the deepest point;
// tangential damping of creep scaled per unit time (e^(−k·dt), so it does not depend on the
// step; above the creep speed only Coulomb friction acts); a righting torque from
// body-up × surface normal (world-up on flat ground, as in 000 §6) for a vehicle at rest on
// an edge, so it topples flat. Plain function, no allocation.
ContactReport resolveContacts(const VehicleModel& model, const World& world, const ContactSettings& settings,
                              double dt_s, bool gravity, VehicleState& state);

// How far the footprint reaches from the centre of mass along the unit world direction
// `down_W` in attitude q_WB [m]: the centre of mass stands this far above a surface whose
// inward normal is down_W.
double footprintReach_m(const VehicleModel& model, const Eigen::Quaterniond& q_WB, const Eigen::Vector3d& down_W);

// Total mechanical energy [J]: ½mv² + ½ωᵀIω + m·g·(−z) (002 eq. 33, NED: up is −z).
double mechanicalEnergy(const VehicleModel& model, const VehicleState& state);

}  // namespace vsim
