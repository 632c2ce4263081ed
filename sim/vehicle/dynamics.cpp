#include "sim/vehicle/dynamics.h"

#include <algorithm>
#include <cmath>

namespace vsim {

StepConstants makeStepConstants(const VehicleModel& model, double dt_s) {
  StepConstants k;
  k.dt_s = dt_s;
  for (int i = 0; i < model.rotor_count; ++i) {
    k.spin_up_gain[i] = 1.0 - std::exp(-dt_s / model.rotors[i].spin_up_s);
    k.spin_down_gain[i] = 1.0 - std::exp(-dt_s / model.rotors[i].spin_down_s);
  }
  return k;
}

void updateRotorSpeeds(const VehicleModel& model, const StepConstants& k, const StepInputs& in, VehicleState& state) {
  for (int i = 0; i < model.rotor_count; ++i) {
    const double command = in.duty[i] * model.rotors[i].max_speed_radps * in.command_gain[i];
    double& w = state.rotor_speed_radps[i];
    w += (command - w) * (command > w ? k.spin_up_gain[i] : k.spin_down_gain[i]);
  }
}

Wrench rotorWrench(const VehicleModel& model, const VehicleState& state) {
  // Written out per component: this runs once per 8 kHz step, and Eigen's expression
  // templates for 3-vectors cost about twice as much here (tests/bench/bench_step).
  double fx = 0, fy = 0, fz = 0, tx = 0, ty = 0, tz = 0;
  for (int i = 0; i < model.rotor_count; ++i) {
    const RotorModel& r = model.rotors[i];
    const double w2 = r.bias * state.rotor_speed_radps[i] * state.rotor_speed_radps[i];
    const double thrust_N = r.k_f_N_per_radps2 * w2, reaction_Nm = r.spin * r.k_q_Nm_per_radps2 * w2;
    const double ax = r.axis_B.x(), ay = r.axis_B.y(), az = r.axis_B.z();
    const double px = r.position_B_m.x(), py = r.position_B_m.y(), pz = r.position_B_m.z();
    fx += thrust_N * ax;
    fy += thrust_N * ay;
    fz += thrust_N * az;
    tx += thrust_N * (py * az - pz * ay) - reaction_Nm * ax;  // r × F − spin·k_q·ω²·axis
    ty += thrust_N * (pz * ax - px * az) - reaction_Nm * ay;
    tz += thrust_N * (px * ay - py * ax) - reaction_Nm * az;
  }
  Wrench out;
  out.force_B_N = {fx, fy, fz};
  out.torque_B_Nm = {tx, ty, tz};
  return out;
}

RigidDerivative rigidDerivative(const VehicleModel& model, const Eigen::Vector3d& v_W_mps, const Eigen::Quaterniond& q_WB,
                                const Eigen::Vector3d& omega_B_radps, const Wrench& rotors, const StepInputs& in) {
  // Scalar arithmetic throughout, for the same reason as rotorWrench (4 calls per step).
  const double qw = q_WB.w(), qx = q_WB.x(), qy = q_WB.y(), qz = q_WB.z();
  // R_WB from the quaternion (002 eq. 10).
  const double xx = qx * qx, yy = qy * qy, zz = qz * qz, xy = qx * qy, xz = qx * qz, yz = qy * qz;
  const double wx = qw * qx, wy = qw * qy, wz = qw * qz;
  const double r00 = 1 - 2 * (yy + zz), r01 = 2 * (xy - wz), r02 = 2 * (xz + wy);
  const double r10 = 2 * (xy + wz), r11 = 1 - 2 * (xx + zz), r12 = 2 * (yz - wx);
  const double r20 = 2 * (xz - wy), r21 = 2 * (yz + wx), r22 = 1 - 2 * (xx + yy);

  // Drag acts on the velocity relative to the air (000 §8), per body axis: v_air_B = R_WBᵀ(v − w).
  const double ax = v_W_mps.x() - in.wind_W_mps.x(), ay = v_W_mps.y() - in.wind_W_mps.y(), az = v_W_mps.z() - in.wind_W_mps.z();
  const double bx = r00 * ax + r10 * ay + r20 * az, by = r01 * ax + r11 * ay + r21 * az, bz = r02 * ax + r12 * ay + r22 * az;
  const Eigen::Vector3d& cl = model.drag_linear_Ns_per_m;
  const Eigen::Vector3d& cq = model.drag_quadratic_Ns2_per_m2;
  const double fx = rotors.force_B_N.x() - cl.x() * bx - cq.x() * std::abs(bx) * bx;
  const double fy = rotors.force_B_N.y() - cl.y() * by - cq.y() * std::abs(by) * by;
  const double fz = rotors.force_B_N.z() - cl.z() * bz - cq.z() * std::abs(bz) * bz;

  // Newton in the world: body forces rotated, 002 §8 linear damping, gravity down (NED +z).
  const double inv_m = 1.0 / model.mass_kg, kv = model.damping_linear_Ns_per_m;
  const double g = in.gravity ? model.gravity_mps2 : 0.0;
  RigidDerivative d;
  d.p_dot_W_mps = v_W_mps;
  d.v_dot_W_mps2 = {(r00 * fx + r01 * fy + r02 * fz - kv * v_W_mps.x()) * inv_m,
                    (r10 * fx + r11 * fy + r12 * fz - kv * v_W_mps.y()) * inv_m,
                    (r20 * fx + r21 * fy + r22 * fz - kv * v_W_mps.z()) * inv_m + g};

  // dq/dt = ½ q ⊗ (0, ω) (002 eq. 14), in Eigen's (x, y, z, w) order.
  const double p = omega_B_radps.x(), q = omega_B_radps.y(), r = omega_B_radps.z();
  d.q_dot_xyzw = {0.5 * (qw * p + qy * r - qz * q), 0.5 * (qw * q + qz * p - qx * r), 0.5 * (qw * r + qx * q - qy * p),
                  -0.5 * (qx * p + qy * q + qz * r)};

  // Euler's equations with the full tensor (002 eq. 21): I ω̇ = τ − k_ω ω − ω × (I ω).
  const Eigen::Matrix3d& I = model.inertia_kgm2;
  const Eigen::Matrix3d& Ii = model.inertia_inv_per_kgm2;
  const double hx = I(0, 0) * p + I(0, 1) * q + I(0, 2) * r;
  const double hy = I(1, 0) * p + I(1, 1) * q + I(1, 2) * r;
  const double hz = I(2, 0) * p + I(2, 1) * q + I(2, 2) * r;
  const double kw = model.damping_rotational_Nms_per_rad;
  const double tx = rotors.torque_B_Nm.x() - kw * p - (q * hz - r * hy);
  const double ty = rotors.torque_B_Nm.y() - kw * q - (r * hx - p * hz);
  const double tz = rotors.torque_B_Nm.z() - kw * r - (p * hy - q * hx);
  d.omega_dot_B_radps2 = {Ii(0, 0) * tx + Ii(0, 1) * ty + Ii(0, 2) * tz, Ii(1, 0) * tx + Ii(1, 1) * ty + Ii(1, 2) * tz,
                          Ii(2, 0) * tx + Ii(2, 1) * ty + Ii(2, 2) * tz};
  return d;
}

namespace {

// Classical RK4 (002 eq. 29) on the rigid-body part of the state.
void rk4(const VehicleModel& model, const StepConstants& k, const StepInputs& in, const Wrench& wrench, VehicleState& s) {
  const double h = k.dt_s;
  const Eigen::Vector3d p0 = s.p_W_m, v0 = s.v_W_mps, w0 = s.omega_B_radps;
  const Eigen::Vector4d q0 = s.q_WB.coeffs();
  auto at = [&](const RigidDerivative& d, double f, Eigen::Vector3d& v, Eigen::Quaterniond& q, Eigen::Vector3d& w) {
    v = v0 + f * d.v_dot_W_mps2;
    q.coeffs() = q0 + f * d.q_dot_xyzw;
    w = w0 + f * d.omega_dot_B_radps2;
  };
  Eigen::Vector3d v, w;
  Eigen::Quaterniond q;
  const RigidDerivative d1 = rigidDerivative(model, v0, s.q_WB, w0, wrench, in);
  at(d1, 0.5 * h, v, q, w);
  const RigidDerivative d2 = rigidDerivative(model, v, q, w, wrench, in);
  at(d2, 0.5 * h, v, q, w);
  const RigidDerivative d3 = rigidDerivative(model, v, q, w, wrench, in);
  at(d3, h, v, q, w);
  const RigidDerivative d4 = rigidDerivative(model, v, q, w, wrench, in);
  const double h6 = h / 6.0;
  s.p_W_m = p0 + h6 * (d1.p_dot_W_mps + 2.0 * (d2.p_dot_W_mps + d3.p_dot_W_mps) + d4.p_dot_W_mps);
  s.v_W_mps = v0 + h6 * (d1.v_dot_W_mps2 + 2.0 * (d2.v_dot_W_mps2 + d3.v_dot_W_mps2) + d4.v_dot_W_mps2);
  s.q_WB.coeffs() = q0 + h6 * (d1.q_dot_xyzw + 2.0 * (d2.q_dot_xyzw + d3.q_dot_xyzw) + d4.q_dot_xyzw);
  s.omega_B_radps = w0 + h6 * (d1.omega_dot_B_radps2 + 2.0 * (d2.omega_dot_B_radps2 + d3.omega_dot_B_radps2) + d4.omega_dot_B_radps2);
}

}  // namespace

void stepVehicleWithoutRenormalising(const VehicleModel& model, const StepConstants& k, const StepInputs& in,
                                     VehicleState& state) {
  updateRotorSpeeds(model, k, in, state);
  Wrench wrench = rotorWrench(model, state);
  wrench.torque_B_Nm += in.disturbance_torque_B_Nm;
  rk4(model, k, in, wrench, state);
}

void stepVehicle(const VehicleModel& model, const StepConstants& k, const StepInputs& in, VehicleState& state) {
  stepVehicleWithoutRenormalising(model, k, in, state);
  state.q_WB.normalize();
}

bool sanitiseState(const VehicleModel& model, VehicleState& state) {
  bool rotors_finite = true;
  for (int i = 0; i < model.rotor_count; ++i) rotors_finite = rotors_finite && std::isfinite(state.rotor_speed_radps[i]);
  const bool finite = state.p_W_m.allFinite() && state.v_W_mps.allFinite() && state.q_WB.coeffs().allFinite() &&
                      state.omega_B_radps.allFinite() && rotors_finite && state.q_WB.norm() > 0.5;
  if (!finite) {
    const Eigen::Vector3d keep = state.p_W_m.allFinite() ? state.p_W_m : Eigen::Vector3d::Zero();
    state = restingState(model, keep);
    return true;
  }
  state.omega_B_radps = state.omega_B_radps.cwiseMax(-kMaxBodyRate_radps).cwiseMin(kMaxBodyRate_radps);
  state.v_W_mps = state.v_W_mps.cwiseMax(-kMaxSpeed_mps).cwiseMin(kMaxSpeed_mps);
  return false;
}

}  // namespace vsim
