#include "sim/dynamics.h"

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
  Wrench out;
  for (int i = 0; i < model.rotor_count; ++i) {
    const RotorModel& r = model.rotors[i];
    const double w2 = r.bias * state.rotor_speed_radps[i] * state.rotor_speed_radps[i];
    const Eigen::Vector3d thrust_B_N = (r.k_f_N_per_radps2 * w2) * r.axis_B;
    out.force_B_N += thrust_B_N;
    out.torque_B_Nm += r.position_B_m.cross(thrust_B_N) - (r.spin * r.k_q_Nm_per_radps2 * w2) * r.axis_B;
  }
  return out;
}

RigidDerivative rigidDerivative(const VehicleModel& model, const Eigen::Vector3d& v_W_mps, const Eigen::Quaterniond& q_WB,
                                const Eigen::Vector3d& omega_B_radps, const Wrench& rotors, const StepInputs& in) {
  const Eigen::Matrix3d R_WB = q_WB.toRotationMatrix();
  // Drag acts on the velocity relative to the air (000 §8), per body axis.
  const Eigen::Vector3d v_air_B = R_WB.transpose() * (v_W_mps - in.wind_W_mps);
  const Eigen::Vector3d drag_B_N = -model.drag_linear_Ns_per_m.cwiseProduct(v_air_B) -
                                   model.drag_quadratic_Ns2_per_m2.cwiseProduct(v_air_B.cwiseAbs().cwiseProduct(v_air_B));
  Eigen::Vector3d force_W_N = R_WB * (rotors.force_B_N + drag_B_N) - model.damping_linear_Ns_per_m * v_W_mps;
  RigidDerivative d;
  d.p_dot_W_mps = v_W_mps;
  d.v_dot_W_mps2 = force_W_N / model.mass_kg;
  if (in.gravity) d.v_dot_W_mps2.z() += model.gravity_mps2;  // NED: down is +z
  // dq/dt = ½ q ⊗ (0, ω) (002 eq. 14).
  const Eigen::Quaterniond omega_q(0.0, omega_B_radps.x(), omega_B_radps.y(), omega_B_radps.z());
  d.q_dot_xyzw = 0.5 * (q_WB * omega_q).coeffs();
  // Euler's equations with the full tensor (002 eq. 21): I ω̇ = τ − ω × (I ω).
  const Eigen::Vector3d torque_B_Nm =
      rotors.torque_B_Nm - model.damping_rotational_Nms_per_rad * omega_B_radps - omega_B_radps.cross(model.inertia_kgm2 * omega_B_radps);
  d.omega_dot_B_radps2 = model.inertia_inv_per_kgm2 * torque_B_Nm;
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
  rk4(model, k, in, rotorWrench(model, state), state);
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
