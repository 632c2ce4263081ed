// The single-vehicle step of sim/vehicle/dynamics.cpp — motors, rotor wrench, rigid-body
// derivative, RK4 with the wrench held, renormalisation — on SIMD lanes, one vehicle per lane.
// Every expression is the scalar code's, operation for operation and in the same order (the
// batch is compiled without FMA contraction), so that a lane computes what Simulator computes:
// tests/sim/batch_equivalence_test holds it to that. Change dynamics.cpp, change this.
//
// Per-target header (Highway's foreach_target): included once per SIMD target.
#if defined(VSIM_BATCH_RIGID_BODY_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VSIM_BATCH_RIGID_BODY_INL_H_
#undef VSIM_BATCH_RIGID_BODY_INL_H_
#else
#define VSIM_BATCH_RIGID_BODY_INL_H_
#endif

#include "sim/batch/batch_layout.h"

#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace vsim::batch::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using D = hn::ScalableTag<double>;
using V = hn::Vec<D>;

// The state of a lane group, in registers (or the stack).
struct LaneState {
  V px, py, pz, vx, vy, vz, qw, qx, qy, qz, wx, wy, wz;
  V rotor[kMaxRotors];
};

// What a vehicle's own constants and held inputs are, for a lane group.
struct LaneParams {
  V inv_mass;
  V I[9], Ii[9];
  V bias[kMaxRotors], up_gain[kMaxRotors], down_gain[kMaxRotors];
  V command[kMaxRotors];  // duty·max speed·gain, held over the period
  V wind_x, wind_y, wind_z;
};

struct LaneWrench {
  V fx, fy, fz, tx, ty, tz;
};

struct LaneDerivative {
  V vdx, vdy, vdz;       // v̇ (ṗ is v itself)
  V qdx, qdy, qdz, qdw;  // q̇
  V wdx, wdy, wdz;       // ω̇
};

HWY_INLINE LaneState LoadState(D d, const KernelView& view, std::size_t i, int rotors) {
  LaneState s;
  V* fields[13] = {&s.px, &s.py, &s.pz, &s.vx, &s.vy, &s.vz, &s.qw, &s.qx, &s.qy, &s.qz, &s.wx, &s.wy, &s.wz};
  for (int f = 0; f < 13; ++f) *fields[f] = hn::Load(d, view.at(kPx + f) + i);
  for (int r = 0; r < rotors; ++r) s.rotor[r] = hn::Load(d, view.at(kRotorSpeed0 + r) + i);
  return s;
}

HWY_INLINE void StoreState(D d, const LaneState& s, const KernelView& view, std::size_t i, int rotors) {
  const V* fields[13] = {&s.px, &s.py, &s.pz, &s.vx, &s.vy, &s.vz, &s.qw, &s.qx, &s.qy, &s.qz, &s.wx, &s.wy, &s.wz};
  for (int f = 0; f < 13; ++f) hn::Store(*fields[f], d, view.at(kPx + f) + i);
  for (int r = 0; r < rotors; ++r) hn::Store(s.rotor[r], d, view.at(kRotorSpeed0 + r) + i);
}

// updateRotorSpeeds: ω += (ω_cmd − ω)(1 − e^(−dt/τ)), τ picked by the direction (exact ZOH).
HWY_INLINE void UpdateRotors(const KernelConstants& k, const LaneParams& P, LaneState& s) {
  for (int r = 0; r < k.rotor_count; ++r) {
    const V gain = hn::IfThenElse(hn::Gt(P.command[r], s.rotor[r]), P.up_gain[r], P.down_gain[r]);
    s.rotor[r] = hn::Add(s.rotor[r], hn::Mul(hn::Sub(P.command[r], s.rotor[r]), gain));
  }
}

// rotorWrench. A rotor whose axis is exactly ±z (every shipped airframe's) skips the terms
// that are exact zeros: thrust·0 adds +0 to a sum and −reaction·0 subtracts it, which leaves
// every bit as it was, so the shortcut changes nothing but the time.
HWY_INLINE LaneWrench RotorWrench(D d, const KernelConstants& k, const LaneParams& P, const LaneState& s) {
  LaneWrench w{hn::Zero(d), hn::Zero(d), hn::Zero(d), hn::Zero(d), hn::Zero(d), hn::Zero(d)};
  for (int i = 0; i < k.rotor_count; ++i) {
    const RotorConstants& r = k.rotors[i];
    const V w2 = hn::Mul(hn::Mul(P.bias[i], s.rotor[i]), s.rotor[i]);
    const V thrust = hn::Mul(hn::Set(d, r.k_f), w2), reaction = hn::Mul(hn::Set(d, r.spin_k_q), w2);
    const V ax = hn::Set(d, r.axis_x), ay = hn::Set(d, r.axis_y), az = hn::Set(d, r.axis_z);
    if (r.axis_x == 0.0 && r.axis_y == 0.0) {
      w.fz = hn::Add(w.fz, hn::Mul(thrust, az));
      w.tx = hn::Add(w.tx, hn::Mul(thrust, hn::Set(d, r.lever_x)));
      w.ty = hn::Add(w.ty, hn::Mul(thrust, hn::Set(d, r.lever_y)));
    } else {
      w.fx = hn::Add(w.fx, hn::Mul(thrust, ax));
      w.fy = hn::Add(w.fy, hn::Mul(thrust, ay));
      w.fz = hn::Add(w.fz, hn::Mul(thrust, az));
      w.tx = hn::Add(w.tx, hn::Sub(hn::Mul(thrust, hn::Set(d, r.lever_x)), hn::Mul(reaction, ax)));
      w.ty = hn::Add(w.ty, hn::Sub(hn::Mul(thrust, hn::Set(d, r.lever_y)), hn::Mul(reaction, ay)));
    }
    w.tz = hn::Add(w.tz, hn::Sub(hn::Mul(thrust, hn::Set(d, r.lever_z)), hn::Mul(reaction, az)));
  }
  return w;
}

// a·b + c·e + f·g summed left to right, as the scalar code writes its dot products.
HWY_INLINE V Dot3(V a, V b, V c, V e, V f, V g) { return hn::Add(hn::Add(hn::Mul(a, b), hn::Mul(c, e)), hn::Mul(f, g)); }

// rigidDerivative.
HWY_INLINE LaneDerivative Derivative(D d, const KernelConstants& k, const LaneParams& P, V vx, V vy, V vz, V qw, V qx,
                                     V qy, V qz, V p, V q, V r, const LaneWrench& W) {
  const V one = hn::Set(d, 1.0), two = hn::Set(d, 2.0);
  const V xx = hn::Mul(qx, qx), yy = hn::Mul(qy, qy), zz = hn::Mul(qz, qz);
  const V xy = hn::Mul(qx, qy), xz = hn::Mul(qx, qz), yz = hn::Mul(qy, qz);
  const V wx = hn::Mul(qw, qx), wy = hn::Mul(qw, qy), wz = hn::Mul(qw, qz);
  const V r00 = hn::Sub(one, hn::Mul(two, hn::Add(yy, zz))), r01 = hn::Mul(two, hn::Sub(xy, wz)),
          r02 = hn::Mul(two, hn::Add(xz, wy));
  const V r10 = hn::Mul(two, hn::Add(xy, wz)), r11 = hn::Sub(one, hn::Mul(two, hn::Add(xx, zz))),
          r12 = hn::Mul(two, hn::Sub(yz, wx));
  const V r20 = hn::Mul(two, hn::Sub(xz, wy)), r21 = hn::Mul(two, hn::Add(yz, wx)),
          r22 = hn::Sub(one, hn::Mul(two, hn::Add(xx, yy)));

  const V ax = hn::Sub(vx, P.wind_x), ay = hn::Sub(vy, P.wind_y), az = hn::Sub(vz, P.wind_z);
  const V bx = Dot3(r00, ax, r10, ay, r20, az), by = Dot3(r01, ax, r11, ay, r21, az), bz = Dot3(r02, ax, r12, ay, r22, az);
  auto drag = [&](V force, V b, int axis) {
    const V linear = hn::Mul(hn::Set(d, k.drag_linear[axis]), b);
    const V quadratic = hn::Mul(hn::Mul(hn::Set(d, k.drag_quadratic[axis]), hn::Abs(b)), b);
    return hn::Sub(hn::Sub(force, linear), quadratic);
  };
  const V fx = drag(W.fx, bx, 0), fy = drag(W.fy, by, 1), fz = drag(W.fz, bz, 2);

  // Damping (002 §8) is zero on every shipped airframe: x − 0·v is x to the bit, so skip it then.
  const V kv = hn::Set(d, k.damping_linear);
  auto damped = [&](V force, V v) { return k.damping_linear == 0.0 ? force : hn::Sub(force, hn::Mul(kv, v)); };
  LaneDerivative out;
  out.vdx = hn::Mul(damped(Dot3(r00, fx, r01, fy, r02, fz), vx), P.inv_mass);
  out.vdy = hn::Mul(damped(Dot3(r10, fx, r11, fy, r12, fz), vy), P.inv_mass);
  out.vdz = hn::Add(hn::Mul(damped(Dot3(r20, fx, r21, fy, r22, fz), vz), P.inv_mass), hn::Set(d, k.gravity_mps2));

  const V half = hn::Set(d, 0.5);
  out.qdx = hn::Mul(half, hn::Sub(hn::Add(hn::Mul(qw, p), hn::Mul(qy, r)), hn::Mul(qz, q)));
  out.qdy = hn::Mul(half, hn::Sub(hn::Add(hn::Mul(qw, q), hn::Mul(qz, p)), hn::Mul(qx, r)));
  out.qdz = hn::Mul(half, hn::Sub(hn::Add(hn::Mul(qw, r), hn::Mul(qx, q)), hn::Mul(qy, p)));
  out.qdw = hn::Mul(hn::Set(d, -0.5), Dot3(qx, p, qy, q, qz, r));

  const V hx = Dot3(P.I[0], p, P.I[1], q, P.I[2], r);
  const V hy = Dot3(P.I[3], p, P.I[4], q, P.I[5], r);
  const V hz = Dot3(P.I[6], p, P.I[7], q, P.I[8], r);
  const V kw = hn::Set(d, k.damping_rotational);
  auto spun = [&](V torque, V rate) { return k.damping_rotational == 0.0 ? torque : hn::Sub(torque, hn::Mul(kw, rate)); };
  const V tx = hn::Sub(spun(W.tx, p), hn::Sub(hn::Mul(q, hz), hn::Mul(r, hy)));
  const V ty = hn::Sub(spun(W.ty, q), hn::Sub(hn::Mul(r, hx), hn::Mul(p, hz)));
  const V tz = hn::Sub(spun(W.tz, r), hn::Sub(hn::Mul(p, hy), hn::Mul(q, hx)));
  out.wdx = Dot3(P.Ii[0], tx, P.Ii[1], ty, P.Ii[2], tz);
  out.wdy = Dot3(P.Ii[3], tx, P.Ii[4], ty, P.Ii[5], tz);
  out.wdz = Dot3(P.Ii[6], tx, P.Ii[7], ty, P.Ii[8], tz);
  return out;
}

// stepVehicle: rotors, RK4 with the wrench held over the four stages, then q / |q| (the sum of
// squares in the order Eigen's two-lane reduction takes it: (x² + z²) + (y² + w²)).
HWY_INLINE void StepLanes(D d, const KernelConstants& k, const LaneParams& P, LaneState& s) {
  UpdateRotors(k, P, s);
  const LaneWrench W = RotorWrench(d, k, P, s);
  const V half_h = hn::Set(d, k.half_dt_s), h = hn::Set(d, k.dt_s);
  auto deriv = [&](V vx, V vy, V vz, V qw, V qx, V qy, V qz, V p, V q, V r) {
    return Derivative(d, k, P, vx, vy, vz, qw, qx, qy, qz, p, q, r, W);
  };
  auto at = [](V x0, V f, V xd) { return hn::Add(x0, hn::Mul(f, xd)); };
  const LaneDerivative d1 = deriv(s.vx, s.vy, s.vz, s.qw, s.qx, s.qy, s.qz, s.wx, s.wy, s.wz);
  const V v2x = at(s.vx, half_h, d1.vdx), v2y = at(s.vy, half_h, d1.vdy), v2z = at(s.vz, half_h, d1.vdz);
  const LaneDerivative d2 = deriv(v2x, v2y, v2z, at(s.qw, half_h, d1.qdw), at(s.qx, half_h, d1.qdx), at(s.qy, half_h, d1.qdy),
                                  at(s.qz, half_h, d1.qdz), at(s.wx, half_h, d1.wdx), at(s.wy, half_h, d1.wdy),
                                  at(s.wz, half_h, d1.wdz));
  const V v3x = at(s.vx, half_h, d2.vdx), v3y = at(s.vy, half_h, d2.vdy), v3z = at(s.vz, half_h, d2.vdz);
  const LaneDerivative d3 = deriv(v3x, v3y, v3z, at(s.qw, half_h, d2.qdw), at(s.qx, half_h, d2.qdx), at(s.qy, half_h, d2.qdy),
                                  at(s.qz, half_h, d2.qdz), at(s.wx, half_h, d2.wdx), at(s.wy, half_h, d2.wdy),
                                  at(s.wz, half_h, d2.wdz));
  const V v4x = at(s.vx, h, d3.vdx), v4y = at(s.vy, h, d3.vdy), v4z = at(s.vz, h, d3.vdz);
  const LaneDerivative d4 = deriv(v4x, v4y, v4z, at(s.qw, h, d3.qdw), at(s.qx, h, d3.qdx), at(s.qy, h, d3.qdy),
                                  at(s.qz, h, d3.qdz), at(s.wx, h, d3.wdx), at(s.wy, h, d3.wdy), at(s.wz, h, d3.wdz));
  // x0 + h/6·((k1 + 2(k2 + k3)) + k4), Eigen's order.
  const V h6 = hn::Set(d, k.sixth_dt_s), two = hn::Set(d, 2.0);
  auto combine = [&](V x0, V k1, V k2, V k3, V k4) {
    return hn::Add(x0, hn::Mul(h6, hn::Add(hn::Add(k1, hn::Mul(two, hn::Add(k2, k3))), k4)));
  };
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
  const V norm = hn::Sqrt(hn::Add(hn::Add(hn::Mul(s.qx, s.qx), hn::Mul(s.qz, s.qz)),
                                  hn::Add(hn::Mul(s.qy, s.qy), hn::Mul(s.qw, s.qw))));
  s.qx = hn::Div(s.qx, norm);
  s.qy = hn::Div(s.qy, norm);
  s.qz = hn::Div(s.qz, norm);
  s.qw = hn::Div(s.qw, norm);
}

}  // namespace vsim::batch::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
