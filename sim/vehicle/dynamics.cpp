#include "sim/vehicle/dynamics.h"

#include <algorithm>
#include <cmath>

namespace vsim {

namespace {

// The equations' arithmetic in doubles: plain operators, std::abs, std::sqrt.
struct ScalarOps {
  using T = double;
  static double set(double x) { return x; }
  static double abs(double x) { return std::abs(x); }
  static double sqrt(double x) { return std::sqrt(x); }
  static double ifGreater(double a, double b, double x, double y) { return a > b ? x : y; }
};

#define VSIM_EQUATIONS_INLINE inline __attribute__((always_inline))
#include "sim/vehicle/rigid_body_equations-inl.h"
#undef VSIM_EQUATIONS_INLINE

using ScalarState = equations::State<double>;
using ScalarParams = equations::Params<double>;
using ScalarWrench = equations::Wrench<double>;

ScalarState load(const VehicleState& v, int rotor_count) {
  ScalarState s;
  s.px = v.p_W_m.x();
  s.py = v.p_W_m.y();
  s.pz = v.p_W_m.z();
  s.vx = v.v_W_mps.x();
  s.vy = v.v_W_mps.y();
  s.vz = v.v_W_mps.z();
  s.qw = v.q_WB.w();
  s.qx = v.q_WB.x();
  s.qy = v.q_WB.y();
  s.qz = v.q_WB.z();
  s.wx = v.omega_B_radps.x();
  s.wy = v.omega_B_radps.y();
  s.wz = v.omega_B_radps.z();
  for (int i = 0; i < rotor_count; ++i) s.rotor[i] = v.rotor_speed_radps[std::size_t(i)];
  return s;
}

void store(const ScalarState& s, int rotor_count, VehicleState& v) {
  v.p_W_m = {s.px, s.py, s.pz};
  v.v_W_mps = {s.vx, s.vy, s.vz};
  v.q_WB = Eigen::Quaterniond(s.qw, s.qx, s.qy, s.qz);
  v.omega_B_radps = {s.wx, s.wy, s.wz};
  for (int i = 0; i < rotor_count; ++i) v.rotor_speed_radps[std::size_t(i)] = s.rotor[i];
}

ScalarParams params(const VehicleModel& model, const StepConstants& k, const StepInputs& in) {
  ScalarParams P;
  P.inv_mass = 1.0 / model.mass_kg;
  P.gravity_mps2 = in.gravity ? model.gravity_mps2 : 0.0;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      P.I[3 * r + c] = model.inertia_kgm2(r, c);
      P.Ii[3 * r + c] = model.inertia_inv_per_kgm2(r, c);
    }
  for (int i = 0; i < model.rotor_count; ++i) {
    const RotorModel& rotor = model.rotors[std::size_t(i)];
    P.bias[i] = rotor.bias;
    P.up_gain[i] = k.spin_up_gain[std::size_t(i)];
    P.down_gain[i] = k.spin_down_gain[std::size_t(i)];
    P.command[i] = in.duty[std::size_t(i)] * rotor.max_speed_radps * in.command_gain[std::size_t(i)];
  }
  P.wind_x = in.wind_W_mps.x();
  P.wind_y = in.wind_W_mps.y();
  P.wind_z = in.wind_W_mps.z();
  return P;
}

Wrench toWrench(const ScalarWrench& w) {
  Wrench out;
  out.force_B_N = {w.fx, w.fy, w.fz};
  out.torque_B_Nm = {w.tx, w.ty, w.tz};
  return out;
}

// Rotors, then RK4 with the rotor wrench (and any outside torque) held.
ScalarState stepRigidBody(const VehicleModel& model, const StepConstants& k, const StepInputs& in,
                          const VehicleState& state) {
  ScalarState s = load(state, model.rotor_count);
  const ScalarParams P = params(model, k, in);
  equations::updateRotors<ScalarOps>(k.rigid, P, s);
  ScalarWrench W = equations::rotorWrench<ScalarOps>(k.rigid, P, s);
  W.tx = W.tx + in.disturbance_torque_B_Nm.x();
  W.ty = W.ty + in.disturbance_torque_B_Nm.y();
  W.tz = W.tz + in.disturbance_torque_B_Nm.z();
  equations::integrate<ScalarOps>(k.rigid, P, W, s);
  return s;
}

}  // namespace

RigidBodyConstants makeRigidBodyConstants(const VehicleModel& model, double dt_s) {
  RigidBodyConstants k;
  k.rotor_count = model.rotor_count;
  for (int i = 0; i < model.rotor_count; ++i) {
    const RotorModel& r = model.rotors[std::size_t(i)];
    const double ax = r.axis_B.x(), ay = r.axis_B.y(), az = r.axis_B.z();
    const double px = r.position_B_m.x(), py = r.position_B_m.y(), pz = r.position_B_m.z();
    k.rotors[i] = RotorConstants{
        r.max_speed_radps, r.k_f_N_per_radps2, r.spin * r.k_q_Nm_per_radps2, ax, ay, az, py * az - pz * ay,
        pz * ax - px * az, px * ay - py * ax};
  }
  for (int a = 0; a < 3; ++a) {
    k.drag_linear[a] = model.drag_linear_Ns_per_m[a];
    k.drag_quadratic[a] = model.drag_quadratic_Ns2_per_m2[a];
  }
  k.damping_linear = model.damping_linear_Ns_per_m;
  k.damping_rotational = model.damping_rotational_Nms_per_rad;
  k.dt_s = dt_s;
  k.half_dt_s = 0.5 * dt_s;
  k.sixth_dt_s = dt_s / 6.0;
  return k;
}

StepConstants makeStepConstants(const VehicleModel& model, double dt_s) {
  StepConstants k;
  k.dt_s = dt_s;
  for (int i = 0; i < model.rotor_count; ++i) {
    k.spin_up_gain[i] = 1.0 - std::exp(-dt_s / model.rotors[i].spin_up_s);
    k.spin_down_gain[i] = 1.0 - std::exp(-dt_s / model.rotors[i].spin_down_s);
  }
  k.rigid = makeRigidBodyConstants(model, dt_s);
  return k;
}

void updateRotorSpeeds(const VehicleModel& model, const StepConstants& k, const StepInputs& in, VehicleState& state) {
  ScalarState s = load(state, model.rotor_count);
  equations::updateRotors<ScalarOps>(k.rigid, params(model, k, in), s);
  for (int i = 0; i < model.rotor_count; ++i) state.rotor_speed_radps[std::size_t(i)] = s.rotor[i];
}

Wrench rotorWrench(const VehicleModel& model, const StepConstants& k, const VehicleState& state) {
  StepInputs in;  // the wrench reads no input but the rotors' bias, which is the model's
  return toWrench(equations::rotorWrench<ScalarOps>(k.rigid, params(model, k, in), load(state, model.rotor_count)));
}

RigidDerivative rigidDerivative(const VehicleModel& model, const StepConstants& k, const Eigen::Vector3d& v_W_mps,
                                const Eigen::Quaterniond& q_WB, const Eigen::Vector3d& omega_B_radps,
                                const Wrench& rotors, const StepInputs& in) {
  const ScalarWrench W{rotors.force_B_N.x(),   rotors.force_B_N.y(),   rotors.force_B_N.z(),
                       rotors.torque_B_Nm.x(), rotors.torque_B_Nm.y(), rotors.torque_B_Nm.z()};
  const equations::Derivative<double> d = equations::derivative<ScalarOps>(
      k.rigid, params(model, k, in), v_W_mps.x(), v_W_mps.y(), v_W_mps.z(), q_WB.w(), q_WB.x(), q_WB.y(), q_WB.z(),
      omega_B_radps.x(), omega_B_radps.y(), omega_B_radps.z(), W);
  RigidDerivative out;
  out.p_dot_W_mps = v_W_mps;
  out.v_dot_W_mps2 = {d.vdx, d.vdy, d.vdz};
  out.q_dot_xyzw = {d.qdx, d.qdy, d.qdz, d.qdw};
  out.omega_dot_B_radps2 = {d.wdx, d.wdy, d.wdz};
  return out;
}

void stepVehicleWithoutRenormalising(const VehicleModel& model, const StepConstants& k, const StepInputs& in,
                                     VehicleState& state) {
  store(stepRigidBody(model, k, in, state), model.rotor_count, state);
}

void stepVehicle(const VehicleModel& model, const StepConstants& k, const StepInputs& in, VehicleState& state) {
  ScalarState s = stepRigidBody(model, k, in, state);
  equations::renormalise<ScalarOps>(s);
  store(s, model.rotor_count, state);
}

bool sanitiseState(const VehicleModel& model, VehicleState& state) {
  bool rotors_finite = true;
  for (int i = 0; i < model.rotor_count; ++i)
    rotors_finite = rotors_finite && std::isfinite(state.rotor_speed_radps[i]);
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
