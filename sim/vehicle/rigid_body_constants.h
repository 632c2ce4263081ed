// What the rigid-body equations (rigid_body_equations-inl.h) read that every vehicle flown with
// them shares: each rotor's geometry and coefficients, drag and damping, and the step size.
// Built once from a VehicleModel; plain data, so the single step and the SIMD batch read the
// same numbers.
#pragma once

#include "sim/vehicle/vehicle_model.h"

namespace vsim {

struct RotorConstants {
  double max_speed_radps;            // ω at duty 1 [rad/s]
  double k_f, spin_k_q;              // thrust k_f [N/(rad/s)²]; spin·k_q [N·m/(rad/s)²]
  double axis_x, axis_y, axis_z;     // thrust axis, body FRD (unit)
  double lever_x, lever_y, lever_z;  // r × axis [m]: torque per newton of thrust
};

struct RigidBodyConstants {
  int rotor_count = 0;
  RotorConstants rotors[kMaxRotors] = {};
  double drag_linear[3] = {}, drag_quadratic[3] = {};  // per body axis [N·s/m], [N·s²/m²]
  double damping_linear = 0, damping_rotational = 0;   // −k·v, −k·ω [N·s/m], [N·m·s/rad]
  double dt_s = 0, half_dt_s = 0, sixth_dt_s = 0;      // the physics step h, h/2 and h/6
};

// The constants of `model` for steps of dt_s.
RigidBodyConstants makeRigidBodyConstants(const VehicleModel& model, double dt_s);

}  // namespace vsim
