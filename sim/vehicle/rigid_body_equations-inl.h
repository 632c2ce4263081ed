// The equations of a vehicle's flight, written once (docs/design/physics-and-numerics.md): motor spin-up, the rotor
// wrench, the rigid-body derivative (Newton in the world, Euler with the full tensor and ω×(Iω), drag on the
// air-relative velocity, linear and rotational damping), classical RK4 with the wrench held over the four stages, and
// the renormalisation of the quaternion.
//
// Templates over an arithmetic policy O (O::T is the number type: +, −, ×, ÷ as operators;
// O::set, O::abs, O::sqrt, O::ifGreater), instantiated for one vehicle in doubles
// (sim/vehicle/dynamics.cpp, ScalarOps) and for a lane group of the SIMD batch in Highway
// vectors (sim/batch/batch_kernel.cpp, once per SIMD target). Changing the physics is one edit
// here. The order of every operation is fixed by the source (no FMA contraction in either
// instantiation), so a batch lane computes what Simulator computes, bit for bit
// (tests/sim/batch/batch_equivalence_test).
//
// Like Highway's -inl.h headers this one has no namespace of its own and includes nothing: the
// includer opens the namespace (the batch inside HWY_NAMESPACE, so that each SIMD target gets
// the code compiled for it) and includes rigid_body_constants.h first. VSIM_EQUATIONS_INLINE is
// how the includer wants the functions inlined.
#if defined(VSIM_VEHICLE_RIGID_BODY_EQUATIONS_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VSIM_VEHICLE_RIGID_BODY_EQUATIONS_INL_H_
#undef VSIM_VEHICLE_RIGID_BODY_EQUATIONS_INL_H_
#else
#define VSIM_VEHICLE_RIGID_BODY_EQUATIONS_INL_H_
#endif

namespace equations {

// The state that steps: position and velocity (world NED) [m, m/s], q_WB, ω (body) [rad/s],
// rotor speeds [rad/s].
template <class T>
struct State {
  T px, py, pz, vx, vy, vz, qw, qx, qy, qz, wx, wy, wz;
  T rotor[kMaxRotors];
};

// A vehicle's own constants and the inputs held over a physics step.
template <class T>
struct Params {
  T inv_mass;          // 1/m [1/kg]
  T gravity_mps2;      // g down (NED +z), 0 without gravity
  T I[9], Ii[9];       // I and I⁻¹ about the centre of mass, body, row-major [kg·m², 1/(kg·m²)]
  T bias[kMaxRotors];  // thrust and torque scale of each rotor (a weak motor < 1)
  T up_gain[kMaxRotors], down_gain[kMaxRotors];  // 1 − e^(−dt/τ) for spin-up and spin-down
  T command[kMaxRotors];                         // duty·max speed·gain [rad/s], held over the step
  T wind_x, wind_y, wind_z;                      // air velocity, world NED [m/s]
};

// Force and torque on the body about the centre of mass [N, N·m, body FRD].
template <class T>
struct Wrench {
  T fx, fy, fz, tx, ty, tz;
};

// d/dt of (v, q, ω) (ṗ is v itself).
template <class T>
struct Derivative {
  T vdx, vdy, vdz;       // [m/s², world]
  T qdx, qdy, qdz, qdw;  // [1/s]
  T wdx, wdy, wdz;       // [rad/s², body]
};

// a·b + c·e + f·g summed left to right.
template <class O, class T = typename O::T>
VSIM_EQUATIONS_INLINE T dot3(T a, T b, T c, T e, T f, T g) {
  return a * b + c * e + f * g;
}

// ω ← ω + (ω_cmd − ω)(1 − e^(−dt/τ)), τ the spin-up or spin-down constant by the direction:
// the exact solution of τ·dω/dt = ω_cmd − ω for a command held over the step (zero-order hold),
// not backward Euler — it matches the continuous filter at the sample instants for any dt.
template <class O, class T = typename O::T>
VSIM_EQUATIONS_INLINE void updateRotors(const RigidBodyConstants& k, const Params<T>& P, State<T>& s) {
  for (int r = 0; r < k.rotor_count; ++r) {
    const T gain = O::ifGreater(P.command[r], s.rotor[r], P.up_gain[r], P.down_gain[r]);
    s.rotor[r] = s.rotor[r] + (P.command[r] - s.rotor[r]) * gain;
  }
}

// Σ k_f·b·ω² along each axis, r × F, reaction −spin·k_q·b·ω²·axis. A rotor whose axis is
// exactly ±z (every shipped airframe's) skips the terms that are exact zeros: thrust·0 adds +0
// to a sum and −reaction·0 subtracts it, which leaves every bit as it was.
template <class O, class T = typename O::T>
VSIM_EQUATIONS_INLINE Wrench<T> rotorWrench(const RigidBodyConstants& k, const Params<T>& P, const State<T>& s) {
  const T zero = O::set(0.0);
  Wrench<T> w{zero, zero, zero, zero, zero, zero};
  for (int i = 0; i < k.rotor_count; ++i) {
    const RotorConstants& r = k.rotors[i];
    const T w2 = P.bias[i] * s.rotor[i] * s.rotor[i];
    const T thrust = O::set(r.k_f) * w2, reaction = O::set(r.spin_k_q) * w2;
    const T ax = O::set(r.axis_x), ay = O::set(r.axis_y), az = O::set(r.axis_z);
    if (r.axis_x == 0.0 && r.axis_y == 0.0) {
      w.fz = w.fz + thrust * az;
      w.tx = w.tx + thrust * O::set(r.lever_x);
      w.ty = w.ty + thrust * O::set(r.lever_y);
    } else {
      w.fx = w.fx + thrust * ax;
      w.fy = w.fy + thrust * ay;
      w.fz = w.fz + thrust * az;
      w.tx = w.tx + (thrust * O::set(r.lever_x) - reaction * ax);
      w.ty = w.ty + (thrust * O::set(r.lever_y) - reaction * ay);
    }
    w.tz = w.tz + (thrust * O::set(r.lever_z) - reaction * az);
  }
  return w;
}

// The derivative at (v, q, ω) under the held wrench W.
template <class O, class T = typename O::T>
VSIM_EQUATIONS_INLINE Derivative<T> derivative(const RigidBodyConstants& k, const Params<T>& P, T vx, T vy, T vz, T qw,
                                               T qx, T qy, T qz, T p, T q, T r, const Wrench<T>& W) {
  // R_WB from the unit quaternion (the standard rotation-matrix form).
  const T one = O::set(1.0), two = O::set(2.0);
  const T xx = qx * qx, yy = qy * qy, zz = qz * qz, xy = qx * qy, xz = qx * qz, yz = qy * qz;
  const T wx = qw * qx, wy = qw * qy, wz = qw * qz;
  const T r00 = one - two * (yy + zz), r01 = two * (xy - wz), r02 = two * (xz + wy);
  const T r10 = two * (xy + wz), r11 = one - two * (xx + zz), r12 = two * (yz - wx);
  const T r20 = two * (xz - wy), r21 = two * (yz + wx), r22 = one - two * (xx + yy);

  // Drag on the velocity relative to the air, per body axis: v_air_B = R_WBᵀ(v − w).
  const T ax = vx - P.wind_x, ay = vy - P.wind_y, az = vz - P.wind_z;
  const T bx = dot3<O>(r00, ax, r10, ay, r20, az), by = dot3<O>(r01, ax, r11, ay, r21, az),
          bz = dot3<O>(r02, ax, r12, ay, r22, az);
  auto drag = [&](T force, T b, int axis) {
    return force - O::set(k.drag_linear[axis]) * b - O::set(k.drag_quadratic[axis]) * O::abs(b) * b;
  };
  const T fx = drag(W.fx, bx, 0), fy = drag(W.fy, by, 1), fz = drag(W.fz, bz, 2);

  // Newton in the world: body forces rotated, linear damping, gravity down (NED +z).
  // Damping is zero on every shipped airframe: x − 0·v is x, so it is skipped then.
  auto damped = [&](T force, T v) { return k.damping_linear == 0.0 ? force : force - O::set(k.damping_linear) * v; };
  Derivative<T> d;
  d.vdx = damped(dot3<O>(r00, fx, r01, fy, r02, fz), vx) * P.inv_mass;
  d.vdy = damped(dot3<O>(r10, fx, r11, fy, r12, fz), vy) * P.inv_mass;
  d.vdz = damped(dot3<O>(r20, fx, r21, fy, r22, fz), vz) * P.inv_mass + P.gravity_mps2;

  // dq/dt = ½ q ⊗ (0, ω), ω in the body frame.
  const T half = O::set(0.5);
  d.qdx = half * (qw * p + qy * r - qz * q);
  d.qdy = half * (qw * q + qz * p - qx * r);
  d.qdz = half * (qw * r + qx * q - qy * p);
  d.qdw = O::set(-0.5) * dot3<O>(qx, p, qy, q, qz, r);

  // Euler's equations with the full tensor: I ω̇ = τ − k_ω ω − ω × (I ω).
  const T hx = dot3<O>(P.I[0], p, P.I[1], q, P.I[2], r);
  const T hy = dot3<O>(P.I[3], p, P.I[4], q, P.I[5], r);
  const T hz = dot3<O>(P.I[6], p, P.I[7], q, P.I[8], r);
  auto spun = [&](T torque, T rate) {
    return k.damping_rotational == 0.0 ? torque : torque - O::set(k.damping_rotational) * rate;
  };
  const T tx = spun(W.tx, p) - (q * hz - r * hy);
  const T ty = spun(W.ty, q) - (r * hx - p * hz);
  const T tz = spun(W.tz, r) - (p * hy - q * hx);
  d.wdx = dot3<O>(P.Ii[0], tx, P.Ii[1], ty, P.Ii[2], tz);
  d.wdy = dot3<O>(P.Ii[3], tx, P.Ii[4], ty, P.Ii[5], tz);
  d.wdz = dot3<O>(P.Ii[6], tx, P.Ii[7], ty, P.Ii[8], tz);
  return d;
}

// Classical RK4 on (p, v, q, ω) with the wrench W held across the four stages.
template <class O, class T = typename O::T>
VSIM_EQUATIONS_INLINE void integrate(const RigidBodyConstants& k, const Params<T>& P, const Wrench<T>& W, State<T>& s) {
  const T half_h = O::set(k.half_dt_s), h = O::set(k.dt_s);
  auto at = [](T x0, T f, T xd) { return x0 + f * xd; };
  const Derivative<T> d1 = derivative<O>(k, P, s.vx, s.vy, s.vz, s.qw, s.qx, s.qy, s.qz, s.wx, s.wy, s.wz, W);
  const T v2x = at(s.vx, half_h, d1.vdx), v2y = at(s.vy, half_h, d1.vdy), v2z = at(s.vz, half_h, d1.vdz);
  const Derivative<T> d2 = derivative<O>(k, P, v2x, v2y, v2z, at(s.qw, half_h, d1.qdw), at(s.qx, half_h, d1.qdx),
                                         at(s.qy, half_h, d1.qdy), at(s.qz, half_h, d1.qdz), at(s.wx, half_h, d1.wdx),
                                         at(s.wy, half_h, d1.wdy), at(s.wz, half_h, d1.wdz), W);
  const T v3x = at(s.vx, half_h, d2.vdx), v3y = at(s.vy, half_h, d2.vdy), v3z = at(s.vz, half_h, d2.vdz);
  const Derivative<T> d3 = derivative<O>(k, P, v3x, v3y, v3z, at(s.qw, half_h, d2.qdw), at(s.qx, half_h, d2.qdx),
                                         at(s.qy, half_h, d2.qdy), at(s.qz, half_h, d2.qdz), at(s.wx, half_h, d2.wdx),
                                         at(s.wy, half_h, d2.wdy), at(s.wz, half_h, d2.wdz), W);
  const T v4x = at(s.vx, h, d3.vdx), v4y = at(s.vy, h, d3.vdy), v4z = at(s.vz, h, d3.vdz);
  const Derivative<T> d4 =
      derivative<O>(k, P, v4x, v4y, v4z, at(s.qw, h, d3.qdw), at(s.qx, h, d3.qdx), at(s.qy, h, d3.qdy),
                    at(s.qz, h, d3.qdz), at(s.wx, h, d3.wdx), at(s.wy, h, d3.wdy), at(s.wz, h, d3.wdz), W);
  // x0 + h/6·((k1 + 2(k2 + k3)) + k4).
  const T h6 = O::set(k.sixth_dt_s), two = O::set(2.0);
  auto combine = [&](T x0, T k1, T k2, T k3, T k4) { return x0 + h6 * (k1 + two * (k2 + k3) + k4); };
  s.px = combine(s.px, s.vx, v2x, v3x, v4x);
  s.py = combine(s.py, s.vy, v2y, v3y, v4y);
  s.pz = combine(s.pz, s.vz, v2z, v3z, v4z);
  s.vx = combine(s.vx, d1.vdx, d2.vdx, d3.vdx, d4.vdx);
  s.vy = combine(s.vy, d1.vdy, d2.vdy, d3.vdy, d4.vdy);
  s.vz = combine(s.vz, d1.vdz, d2.vdz, d3.vdz, d4.vdz);
  s.qx = combine(s.qx, d1.qdx, d2.qdx, d3.qdx, d4.qdx);
  s.qy = combine(s.qy, d1.qdy, d2.qdy, d3.qdy, d4.qdy);
  s.qz = combine(s.qz, d1.qdz, d2.qdz, d3.qdz, d4.qdz);
  s.qw = combine(s.qw, d1.qdw, d2.qdw, d3.qdw, d4.qdw);
  s.wx = combine(s.wx, d1.wdx, d2.wdx, d3.wdx, d4.wdx);
  s.wy = combine(s.wy, d1.wdy, d2.wdy, d3.wdy, d4.wdy);
  s.wz = combine(s.wz, d1.wdz, d2.wdz, d3.wdz, d4.wdz);
}

// q ← q / |q| (RK4 steps off the unit sphere a little each step), the sum of squares taken as (x² + z²) + (y² + w²).
template <class O, class T = typename O::T>
VSIM_EQUATIONS_INLINE void renormalise(State<T>& s) {
  const T norm = O::sqrt(s.qx * s.qx + s.qz * s.qz + (s.qy * s.qy + s.qw * s.qw));
  s.qx = s.qx / norm;
  s.qy = s.qy / norm;
  s.qz = s.qz / norm;
  s.qw = s.qw / norm;
}

}  // namespace equations

#endif  // per-target include guard
