// Rigid-body dynamics of one vehicle: motor spin-up, the motor wrench, Newton–Euler about the
// centre of mass and the RK4 step (docs/design/physics-and-numerics.md). Plain functions of (model, state,
// inputs, dt): no allocation, no I/O, no virtual calls, no randomness (the caller draws any
// noise and passes it in). The equations themselves are written once, in
// rigid_body_equations-inl.h; these functions are their instantiation in doubles, and the SIMD
// batch (sim/batch) instantiates the same source over vectors.
#pragma once

#include "sim/vehicle/rigid_body_constants.h"
#include "sim/vehicle/vehicle_model.h"
#include "sim/vehicle/vehicle_state.h"

#include <array>

namespace vsim {

// Inputs held for one physics step.
struct StepInputs {
  std::array<double, kMaxRotors> duty{};  // [0, 1], finite (sanitise before; see Simulator)
  std::array<double, kMaxRotors> command_gain =
      filled(1.0);  // jitter and the pack's voltage (battery_model.h) on the speed command
  Eigen::Vector3d wind_W_mps = Eigen::Vector3d::Zero();               // air velocity, NED
  Eigen::Vector3d disturbance_torque_B_Nm = Eigen::Vector3d::Zero();  // an outside push (scripted tests)
  bool gravity = true;

  static std::array<double, kMaxRotors> filled(double v) {
    std::array<double, kMaxRotors> a;
    a.fill(v);
    return a;
  }
};

// Constants of a step size, computed once: dt, the motor filters' coefficients and what the
// equations read of the model.
struct StepConstants {
  double dt_s = 0.0;
  std::array<double, kMaxRotors> spin_up_gain{}, spin_down_gain{};  // 1 − exp(−dt/τ)
  RigidBodyConstants rigid;
};
StepConstants makeStepConstants(const VehicleModel& model, double dt_s);

// Force and torque on the body from the rotors at their present speeds [N, N·m, body frame,
// about the centre of mass]: k_f·ω² along each axis, r×F, reaction −spin·k_q·ω²·axis.
struct Wrench {
  Eigen::Vector3d force_B_N = Eigen::Vector3d::Zero();
  Eigen::Vector3d torque_B_Nm = Eigen::Vector3d::Zero();
};
Wrench rotorWrench(const VehicleModel& model, const StepConstants& k, const VehicleState& state);

// Time derivative of the rigid-body state under a held rotor wrench: gravity, drag on the
// air-relative velocity, linear and rotational damping, the gyroscopic term ω×(Iω) with the full tensor.
struct RigidDerivative {
  Eigen::Vector3d p_dot_W_mps;
  Eigen::Vector3d v_dot_W_mps2;
  Eigen::Vector4d q_dot_xyzw;  // dq/dt = ½ q ⊗ (0, ω), Eigen's coefficient order
  Eigen::Vector3d omega_dot_B_radps2;
};
RigidDerivative rigidDerivative(const VehicleModel& model, const StepConstants& k, const Eigen::Vector3d& v_W_mps,
                                const Eigen::Quaterniond& q_WB, const Eigen::Vector3d& omega_B_radps,
                                const Wrench& rotors, const StepInputs& in);

// Moves each rotor speed towards duty·max_speed·gain with a first-order lag. Discretisation:
// the exact solution of τ·dω/dt = ω_cmd − ω for a command held over the step (zero-order
// hold), ω ← ω + (ω_cmd − ω)(1 − e^(−dt/τ)), τ the spin-up or spin-down constant picked at
// the start of the step. Exact, not backward Euler: it matches the continuous filter at the
// sample instants for any dt.
void updateRotorSpeeds(const VehicleModel& model, const StepConstants& k, const StepInputs& in, VehicleState& state);

// One physics step: rotor speeds, then classical RK4 on (p, v, q, ω) with the rotor wrench
// held across the four stages (zero-order hold), then the quaternion renormalised — q / |q|,
// the sum of squares as (x² + z²) + (y² + w²).
void stepVehicle(const VehicleModel& model, const StepConstants& k, const StepInputs& in, VehicleState& state);

// The same step without the final renormalisation: only for measuring the drift it prevents.
void stepVehicleWithoutRenormalising(const VehicleModel& model, const StepConstants& k, const StepInputs& in,
                                     VehicleState& state);

// Last line of defence against a NaN: a state with any non-finite value is replaced by the model's
// resting pose (at the last finite position, or the origin) and true is returned; finite
// runaway body rates and speeds are clamped to kMaxBodyRate_radps and kMaxSpeed_mps.
inline constexpr double kMaxBodyRate_radps = 200.0;
inline constexpr double kMaxSpeed_mps = 1000.0;
bool sanitiseState(const VehicleModel& model, VehicleState& state);

}  // namespace vsim
