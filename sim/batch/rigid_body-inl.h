// The rigid-body equations (sim/vehicle/rigid_body_equations-inl.h, the one definition the
// single-vehicle step also instantiates) over Highway vectors, one vehicle per lane, and the
// loads and stores between the batch's arrays and a lane group's registers.
//
// Per-target header (Highway's foreach_target): included once per SIMD target.
#if defined(VSIM_BATCH_RIGID_BODY_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef VSIM_BATCH_RIGID_BODY_INL_H_
#undef VSIM_BATCH_RIGID_BODY_INL_H_
#else
#define VSIM_BATCH_RIGID_BODY_INL_H_
#endif

#include "sim/batch/batch_layout.h"
#include "sim/vehicle/rigid_body_constants.h"

#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace vsim::batch::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using D = hn::ScalableTag<double>;
using V = hn::Vec<D>;

// The equations' arithmetic on a lane group: Highway's operators, Abs, Sqrt, IfThenElse.
struct LaneOps {
  using T = V;
  static HWY_INLINE V set(double x) { return hn::Set(D(), x); }
  static HWY_INLINE V abs(V x) { return hn::Abs(x); }
  static HWY_INLINE V sqrt(V x) { return hn::Sqrt(x); }
  static HWY_INLINE V ifGreater(V a, V b, V x, V y) { return hn::IfThenElse(hn::Gt(a, b), x, y); }
};

#define VSIM_EQUATIONS_INLINE HWY_INLINE
#include "sim/vehicle/rigid_body_equations-inl.h"
#undef VSIM_EQUATIONS_INLINE

using LaneState = equations::State<V>;
using LaneParams = equations::Params<V>;
using LaneWrench = equations::Wrench<V>;
using LaneDerivative = equations::Derivative<V>;

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

// The lanes' thrust offsets (VehicleVariation::thrust_offset_B_m), when some vehicle of the
// batch has one (KernelConstants::thrust_offset); false and untouched otherwise.
HWY_INLINE bool LoadThrustOffset(D d, const KernelView& view, std::size_t i, V o[3]) {
  if (!view.k->thrust_offset) return false;
  for (int a = 0; a < 3; ++a) o[a] = hn::Load(d, view.at(kThrustOffsetX + a) + i);
  return true;
}

// rotorWrench with the rotors displaced by o about the centre of mass (null: none): each rotor
// force acts at r + o, which adds o × ΣF to the torque — what the single vehicle's levers
// (r + o) × axis sum to (variedModel moves its rotors).
HWY_INLINE LaneWrench RotorWrenchLanes(const KernelConstants& k, const LaneParams& P, const LaneState& s, const V* o) {
  LaneWrench W = equations::rotorWrench<LaneOps>(k, P, s);
  if (o) {
    W.tx = hn::Add(W.tx, hn::Sub(hn::Mul(o[1], W.fz), hn::Mul(o[2], W.fy)));
    W.ty = hn::Add(W.ty, hn::Sub(hn::Mul(o[2], W.fx), hn::Mul(o[0], W.fz)));
    W.tz = hn::Add(W.tz, hn::Sub(hn::Mul(o[0], W.fy), hn::Mul(o[1], W.fx)));
  }
  return W;
}

// stepVehicle on a lane group: rotors, RK4 with the wrench held, renormalisation. `offset`:
// the lanes' thrust offsets (x, y, z), or null when no vehicle of the batch has one.
HWY_INLINE void StepLanes(const KernelConstants& k, const LaneParams& P, LaneState& s, const V* offset = nullptr) {
  equations::updateRotors<LaneOps>(k, P, s);
  const LaneWrench W = RotorWrenchLanes(k, P, s, offset);
  equations::integrate<LaneOps>(k, P, W, s);
  equations::renormalise<LaneOps>(s);
}

}  // namespace vsim::batch::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#endif  // per-target include guard
