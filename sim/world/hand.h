// The hand: a person holding the vehicle still on the bench, in any orientation, and turning it
// slowly, as one does to calibrate the accelerometer, gyro and magnetometer. While held the body
// is kinematic: its centre of mass stays where the hand took it with zero velocity, the attitude
// turns at the commanded rate exactly (no forces, no contact), so the accelerometer feels
// gravity in the body frame alone (plus the centripetal term ω×(ω×r) of an IMU at r from the
// centre of mass) and the gyro the turning rate. An asked attitude is reached by turning there
// at kHandMove_radps, as a hand does. Letting go leaves it at rest where it was held.
#pragma once

#include "sim/vehicle/vehicle_state.h"

#include <Eigen/Core>
#include <Eigen/Geometry>

#include <cmath>
#include <optional>

namespace vsim {

// What the hand is told to do.
struct HandGrip {
  std::optional<Eigen::Quaterniond> q_WB;                // hold at this attitude; none: as the vehicle is now
  Eigen::Vector3d turn_radps = Eigen::Vector3d::Zero();  // a constant turning rate
  bool turn_in_world = false;                            // about the world's (NED) axes, not the body's
};

// How fast the hand brings the vehicle to an asked attitude [rad/s]: 90 °/s, a quarter turn in a
// second, about the shortest axis — a turn the gyro sees, as a person's would be, not a jump.
inline constexpr double kHandMove_radps = M_PI / 2.0;

// The hand's state while it holds the vehicle.
struct HandHold {
  Eigen::Vector3d p_W_m = Eigen::Vector3d::Zero();  // where the centre of mass is held, NED
  std::optional<Eigen::Quaterniond> moving_to;      // on its way to this attitude; none: there
  Eigen::Vector3d turn_radps = Eigen::Vector3d::Zero();
  bool turn_in_world = false;
};

// Takes (or changes) the hold. A vehicle not yet held is held where it is, raised by its
// contact radius when the world has something it could touch (so no attitude reaches the ground
// it stood on); one already held stays at its place. The state becomes still: zero velocity and
// rates, motors stopped, no contact impulses; stepHeld then turns it to the grip's attitude at
// kHandMove_radps, and from there at the grip's rate.
inline HandHold takeHold(const VehicleModel& model, bool world_has_contact, const std::optional<HandHold>& current,
                         const HandGrip& grip, VehicleState& state) {
  HandHold hold;
  hold.p_W_m = current ? current->p_W_m
                       : state.p_W_m - (world_has_contact ? model.contact_radius_m : 0.0) * Eigen::Vector3d::UnitZ();
  hold.turn_radps = grip.turn_radps;
  hold.turn_in_world = grip.turn_in_world;
  if (grip.q_WB && state.q_WB.angularDistance(grip.q_WB->normalized()) > 1e-12)
    hold.moving_to = grip.q_WB->normalized();  // (already there: turning from the first step)
  state.p_W_m = hold.p_W_m;
  state.v_W_mps.setZero();
  state.omega_B_radps.setZero();
  state.rotor_speed_radps.fill(0.0);
  state.contact_impulse_Ns.fill(0.0);
  state.contact_warm = false;
  return hold;
}

// One step of dt_s towards the attitude the hand brings the vehicle to: at kHandMove_radps about
// the body axis of the shortest rotation, the last step landing on it exactly. Returns the body
// rate of the step.
inline Eigen::Vector3d moveHeld(HandHold& hold, double dt_s, VehicleState& state) {
  Eigen::Quaterniond rest = state.q_WB.conjugate() * *hold.moving_to;  // body frame: now → there
  if (rest.w() < 0.0) rest.coeffs() = -rest.coeffs();                  // the shorter way round
  const double angle = 2.0 * std::atan2(rest.vec().norm(), rest.w());
  const double step = kHandMove_radps * dt_s;
  if (angle <= step) {
    state.q_WB = *hold.moving_to;
    hold.moving_to.reset();
    return Eigen::Vector3d::Zero();
  }
  const Eigen::Vector3d axis_B = rest.vec().normalized();
  state.q_WB = (state.q_WB * Eigen::Quaterniond(Eigen::AngleAxisd(step, axis_B))).normalized();
  return axis_B * kHandMove_radps;
}

// One step of dt_s in the hand: on the way to an asked attitude (moveHeld), or turned exactly by
// the constant rate (body rates: q ⊗ exp(ω_B·dt/2); world rates: exp(ω_W·dt/2) ⊗ q); the
// position held, nothing else moving.
inline void stepHeld(HandHold& hold, double dt_s, VehicleState& state) {
  state.p_W_m = hold.p_W_m;
  state.v_W_mps.setZero();
  state.rotor_speed_radps.fill(0.0);
  if (hold.moving_to) {
    state.omega_B_radps = moveHeld(hold, dt_s, state);
    return;
  }
  const double angle = hold.turn_radps.norm() * dt_s;
  if (angle > 0.0) {
    const Eigen::Quaterniond turn(Eigen::AngleAxisd(angle, hold.turn_radps.normalized()));
    state.q_WB = (hold.turn_in_world ? turn * state.q_WB : state.q_WB * turn).normalized();
  }
  state.omega_B_radps =
      hold.turn_in_world ? Eigen::Vector3d(state.q_WB.conjugate() * hold.turn_radps) : hold.turn_radps;
}

// Letting go: at rest where and as it was held.
inline void letGo(VehicleState& state) {
  state.v_W_mps.setZero();
  state.omega_B_radps.setZero();
}

}  // namespace vsim
