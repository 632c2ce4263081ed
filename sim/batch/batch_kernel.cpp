// The batch's SIMD kernel: one IMU period for a range of vehicles, lane group by lane group —
// wind and motor jitter drawn, the physics sub-steps (the rigid-body equations the single step
// also instantiates, through rigid_body-inl.h) with contact and the sanitiser after each, then
// the 1 kHz sensors. Compiled once per SIMD target by Highway and
// picked at run time (HWY_DYNAMIC_DISPATCH), so one binary uses AVX-512 or AVX2 where the CPU
// has them. A lane group stays in registers for the whole period: memory is touched once per
// period, not once per step.
#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "sim/batch/batch_kernel.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep

#include <hwy/contrib/math/math-inl.h>
#include <hwy/highway.h>

#include <algorithm>
#include <vector>

#include "sim/batch/batch_layout.h"
#include "sim/batch/philox-inl.h"
#include "sim/vehicle/dynamics.h"
#include "sim/batch/rigid_body-inl.h"

HWY_BEFORE_NAMESPACE();
namespace vsim::batch::HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

HWY_INLINE uint32_t LaneBits(D d, hn::Mask<D> m) {
  uint8_t bits[8] = {};
  hn::StoreMaskBits(d, m, bits);
  uint32_t out = 0;
  for (std::size_t i = 0; i < (hn::Lanes(d) + 7) / 8 && i < 4; ++i) out |= uint32_t(bits[i]) << (8 * i);
  return out;
}

HWY_INLINE LaneParams LoadParams(D d, const KernelView& view, std::size_t i, int rotors) {
  const KernelConstants& k = *view.k;
  LaneParams P;
  P.inv_mass = hn::Load(d, view.at(kInvMass) + i);
  P.gravity_mps2 = hn::Set(d, k.gravity_mps2);
  for (int j = 0; j < 9; ++j) {
    P.I[j] = hn::Load(d, view.at(kInertia00 + j) + i);
    P.Ii[j] = hn::Load(d, view.at(kInertiaInv00 + j) + i);
  }
  for (int r = 0; r < rotors; ++r) {
    P.bias[r] = hn::Load(d, view.at(kBias0 + r) + i);
    P.up_gain[r] = hn::Load(d, view.at(kSpinUpGain0 + r) + i);
    P.down_gain[r] = hn::Load(d, view.at(kSpinDownGain0 + r) + i);
    // updateRotorSpeeds: duty · max speed · gain.
    P.command[r] = hn::Mul(hn::Mul(hn::Load(d, view.at(kDuty0 + r) + i), hn::Set(d, k.rotors[r].max_speed_radps)),
                           hn::Load(d, view.at(kCommandGain0 + r) + i));
  }
  P.wind_x = hn::Load(d, view.at(kWindX) + i);
  P.wind_y = hn::Load(d, view.at(kWindY) + i);
  P.wind_z = hn::Load(d, view.at(kWindZ) + i);
  return P;
}

// The period's wind (Dryden, as stepDryden) and motor jitter, drawn from each vehicle's streams.
HWY_INLINE void DrawPeriodInputs(D d, const KernelView& view, std::size_t i) {
  const KernelConstants& k = *view.k;
  if (k.turbulence) {
    PhiloxStream<D> wind(d, view.seed + i, view.period + i, kWindStream);
    const V vx = hn::Sub(hn::Load(d, view.at(kVx) + i), hn::Load(d, view.at(kWindX) + i));
    const V vy = hn::Sub(hn::Load(d, view.at(kVy) + i), hn::Load(d, view.at(kWindY) + i));
    const V vz = hn::Sub(hn::Load(d, view.at(kVz) + i), hn::Load(d, view.at(kWindZ) + i));
    const V airspeed = hn::Sqrt(equations::dot3<LaneOps>(vx, vx, vy, vy, vz, vz));
    const V floor = hn::Set(d, k.min_airspeed_mps);
    const V v = hn::IfThenElse(hn::IsFinite(airspeed), hn::Max(airspeed, floor), floor);
    const V sigma = hn::Load(d, view.at(kTurbulenceSigma) + i);
    for (int axis = 0; axis < 3; ++axis) {
      const V a =
          hn::CallExp(d, hn::Div(hn::Mul(hn::Neg(v), hn::Set(d, k.imu_dt_s)), hn::Set(d, k.length_scale_m[axis])));
      const V u = hn::Load(d, view.at(kTurbulenceX + axis) + i);
      const V turbulence = hn::Add(
          hn::Mul(a, u), hn::Mul(hn::Mul(sigma, hn::Sqrt(hn::Sub(hn::Set(d, 1.0), hn::Mul(a, a)))), wind.Normal()));
      hn::Store(turbulence, d, view.at(kTurbulenceX + axis) + i);
      hn::Store(hn::Add(hn::Load(d, view.at(kSteadyWindX + axis) + i), turbulence), d, view.at(kWindX + axis) + i);
    }
  }
  if (k.motor_jitter > 0.0) {
    PhiloxStream<D> actuator(d, view.seed + i, view.period + i, kActuatorStream);
    V u[4];
    for (int r = 0; r < k.rotor_count; ++r) {
      if (r % 4 == 0) actuator.Uniforms(u);
      hn::Store(hn::Add(hn::Set(d, 1.0), hn::Mul(hn::Set(d, k.motor_jitter), u[r % 4])), d,
                view.at(kCommandGain0 + r) + i);
    }
  }
}

// v rotated by the conjugate of q (q* ⊗ v ⊗ q), as Eigen's quaternion-vector product forms it:
// uv = 2(u × v) for u = −q.vec, then v + w·uv + u × uv.
HWY_INLINE void RotateByConjugate(V qw, V qx, V qy, V qz, V& x, V& y, V& z) {
  const V ux = hn::Neg(qx), uy = hn::Neg(qy), uz = hn::Neg(qz);
  V cx = hn::Sub(hn::Mul(uy, z), hn::Mul(uz, y)), cy = hn::Sub(hn::Mul(uz, x), hn::Mul(ux, z)),
    cz = hn::Sub(hn::Mul(ux, y), hn::Mul(uy, x));
  cx = hn::Add(cx, cx);
  cy = hn::Add(cy, cy);
  cz = hn::Add(cz, cz);
  const V ox = hn::Add(hn::Add(x, hn::Mul(qw, cx)), hn::Sub(hn::Mul(uy, cz), hn::Mul(uz, cy)));
  const V oy = hn::Add(hn::Add(y, hn::Mul(qw, cy)), hn::Sub(hn::Mul(uz, cx), hn::Mul(ux, cz)));
  const V oz = hn::Add(hn::Add(z, hn::Mul(qw, cz)), hn::Sub(hn::Mul(ux, cy), hn::Mul(uy, cx)));
  x = ox;
  y = oy;
  z = oz;
}

HWY_INLINE void Cross(V ax, V ay, V az, V bx, V by, V bz, V& x, V& y, V& z) {
  x = hn::Sub(hn::Mul(ay, bz), hn::Mul(az, by));
  y = hn::Sub(hn::Mul(az, bx), hn::Mul(ax, bz));
  z = hn::Sub(hn::Mul(ax, by), hn::Mul(ay, bx));
}

HWY_INLINE void ToSensor(D d, const KernelConstants& k, V x, V y, V z, V out[3]) {
  for (int row = 0; row < 3; ++row)
    out[row] = equations::dot3<LaneOps>(hn::Set(d, k.R_SB[3 * row]), x, hn::Set(d, k.R_SB[3 * row + 1]), y,
                                        hn::Set(d, k.R_SB[3 * row + 2]), z);
}

// Simulator::noisy: the bias walks (clamped), then white noise on top, for three axes.
HWY_INLINE void AddNoise(D d, const KernelView& view, std::size_t i, const NoiseConstants& n, int bias_field, V scale,
                         PhiloxStream<D>& stream, V value[3]) {
  const V walk = hn::Mul(hn::Set(d, n.walk_sigma), scale);
  const V white = hn::Mul(hn::Set(d, n.white_sigma), scale);
  const V limit = hn::Set(d, n.bias_limit);
  V bias[3];
  for (int a = 0; a < 3; ++a) bias[a] = hn::Load(d, view.at(bias_field + a) + i);
  for (int a = 0; a < 3; ++a)
    bias[a] = hn::Min(hn::Max(hn::Add(bias[a], hn::Mul(walk, stream.Normal())), hn::Neg(limit)), limit);
  for (int a = 0; a < 3; ++a) {
    hn::Store(bias[a], d, view.at(bias_field + a) + i);
    value[a] = hn::Add(value[a], hn::Add(bias[a], hn::Mul(white, stream.Normal())));
  }
}

HWY_INLINE V Pow(D d, V x, double y) { return hn::CallExp(d, hn::Mul(hn::CallLog(d, x), hn::Set(d, y))); }

// Simulator::sampleSensors for a lane group (GPS apart: the batch has none).
HWY_INLINE void SampleSensors(D d, const KernelView& view, std::size_t i) {
  const KernelConstants& k = *view.k;
  const LaneState s = LoadState(d, view, i, k.rotor_count);
  const LaneParams P = LoadParams(d, view, i, k.rotor_count);
  V offset[3];
  const LaneWrench W = RotorWrenchLanes(k, P, s, LoadThrustOffset(d, view, i, offset) ? offset : nullptr);
  const LaneDerivative dv =
      equations::derivative<LaneOps>(k, P, s.vx, s.vy, s.vz, s.qw, s.qx, s.qy, s.qz, s.wx, s.wy, s.wz, W);
  const V dt = hn::Set(d, k.imu_dt_s);
  V ax = hn::Add(dv.vdx, hn::Div(hn::Load(d, view.at(kContactDvX) + i), dt));
  V ay = hn::Add(dv.vdy, hn::Div(hn::Load(d, view.at(kContactDvY) + i), dt));
  V az = hn::Add(dv.vdz, hn::Div(hn::Load(d, view.at(kContactDvZ) + i), dt));
  const V wdx = hn::Add(dv.wdx, hn::Div(hn::Load(d, view.at(kContactDomegaX) + i), dt));
  const V wdy = hn::Add(dv.wdy, hn::Div(hn::Load(d, view.at(kContactDomegaY) + i), dt));
  const V wdz = hn::Add(dv.wdz, hn::Div(hn::Load(d, view.at(kContactDomegaZ) + i), dt));
  // specificForceAtImu_B: q*(a − g) + ω̇ × r + ω × (ω × r).
  az = hn::Sub(az, hn::Set(d, k.gravity_mps2));
  RotateByConjugate(s.qw, s.qx, s.qy, s.qz, ax, ay, az);
  const V rx = hn::Set(d, k.imu_position_B_m[0]), ry = hn::Set(d, k.imu_position_B_m[1]),
          rz = hn::Set(d, k.imu_position_B_m[2]);
  V ex, ey, ez, cx, cy, cz, fx, fy, fz;
  Cross(wdx, wdy, wdz, rx, ry, rz, ex, ey, ez);
  Cross(s.wx, s.wy, s.wz, rx, ry, rz, cx, cy, cz);
  Cross(s.wx, s.wy, s.wz, cx, cy, cz, fx, fy, fz);
  V accel[3], gyro[3], mag[3];
  ToSensor(d, k, hn::Add(hn::Add(ax, ex), fx), hn::Add(hn::Add(ay, ey), fy), hn::Add(hn::Add(az, ez), fz), accel);
  ToSensor(d, k, s.wx, s.wy, s.wz, gyro);
  const V g_range = hn::Set(d, k.gyro_range_radps), a_range = hn::Set(d, k.accel_range_mps2);
  const auto gyro_saturated = hn::Or(hn::Or(hn::Gt(hn::Abs(gyro[0]), g_range), hn::Gt(hn::Abs(gyro[1]), g_range)),
                                     hn::Gt(hn::Abs(gyro[2]), g_range));
  const auto accel_saturated = hn::Or(hn::Or(hn::Gt(hn::Abs(accel[0]), a_range), hn::Gt(hn::Abs(accel[1]), a_range)),
                                      hn::Gt(hn::Abs(accel[2]), a_range));
  hn::Store(hn::IfThenElseZero(gyro_saturated, hn::Set(d, 1.0)), d, view.at(kGyroSaturated) + i);
  hn::Store(hn::IfThenElseZero(accel_saturated, hn::Set(d, 1.0)), d, view.at(kAccelSaturated) + i);
  if (!hn::AllFalse(d, gyro_saturated)) {
    const uint32_t bits = LaneBits(d, gyro_saturated);
    for (std::size_t lane = 0; lane < hn::Lanes(d); ++lane)
      if (bits >> lane & 1u) ++view.count(kGyroSaturations)[i + lane];
  }
  // Magnetometer: the world field in sensor axes.
  V mx = hn::Set(d, k.mag_field_NED_gauss[0]), my = hn::Set(d, k.mag_field_NED_gauss[1]),
    mz = hn::Set(d, k.mag_field_NED_gauss[2]);
  RotateByConjugate(s.qw, s.qx, s.qy, s.qz, mx, my, mz);
  ToSensor(d, k, mx, my, mz, mag);
  // Barometer: ISA pressure at the altitude.
  const V altitude = hn::Sub(hn::Set(d, k.home_altitude_m), s.pz);
  const V temperature_K = hn::Sub(hn::Set(d, 288.15), hn::Mul(hn::Set(d, 0.0065), altitude));
  V pressure = hn::Mul(hn::Set(d, 101325.0), Pow(d, hn::Div(temperature_K, hn::Set(d, 288.15)), 5.25588));
  if (k.sensor_noise) {
    PhiloxStream<D> noise(d, view.seed + i, view.period + i, kSensorStream);
    const V scale = hn::Load(d, view.at(kNoiseScale) + i);
    AddNoise(d, view, i, k.gyro, kGyroBiasX, scale, noise, gyro);
    AddNoise(d, view, i, k.accel, kAccelBiasX, scale, noise, accel);
    AddNoise(d, view, i, k.mag, kMagBiasX, scale, noise, mag);
    pressure = hn::Add(pressure, hn::Mul(hn::Mul(hn::Set(d, k.baro_noise_pa), scale), noise.Normal()));
  }
  for (int a = 0; a < 3; ++a) {
    hn::Store(hn::Min(hn::Max(gyro[a], hn::Neg(g_range)), g_range), d, view.at(kGyroX + a) + i);
    hn::Store(hn::Min(hn::Max(accel[a], hn::Neg(a_range)), a_range), d, view.at(kAccelX + a) + i);
    hn::Store(mag[a], d, view.at(kMagX + a) + i);
  }
  hn::Store(pressure, d, view.at(kBaroPressure) + i);
  hn::Store(hn::Sub(temperature_K, hn::Set(d, 273.15)), d, view.at(kBaroTemperature) + i);
  const V ratio = hn::Div(pressure, hn::Set(d, 101325.0));
  hn::Store(hn::Mul(hn::Set(d, 288.15 / 0.0065), hn::Sub(hn::Set(d, 1.0), Pow(d, ratio, 1.0 / 5.25588))), d,
            view.at(kBaroAltitude) + i);
}

// Lanes whose state may not be finite: a superset of what sanitiseState resets, which the
// scalar hook then decides exactly. The sum of every value is NaN or ±∞ when one of them is
// (and, rarely, when finite values overflow it: the hook then finds nothing to reset). The
// quaternion was just divided by its norm: a collapsed one is NaN by now.
HWY_INLINE hn::Mask<D> Suspect(const LaneState& s, int rotors) {
  V sum = hn::Add(hn::Add(hn::Add(s.px, s.py), hn::Add(s.pz, s.vx)), hn::Add(hn::Add(s.vy, s.vz), hn::Add(s.qw, s.qx)));
  sum = hn::Add(sum, hn::Add(hn::Add(hn::Add(s.qy, s.qz), hn::Add(s.wx, s.wy)), s.wz));
  for (int r = 0; r < rotors; ++r) sum = hn::Add(sum, s.rotor[r]);
  return hn::Not(hn::IsFinite(sum));
}

HWY_INLINE V Clamp(D d, V x, double limit) { return hn::Min(hn::Max(x, hn::Set(d, -limit)), hn::Set(d, limit)); }

void AdvanceImuPeriod(const KernelView& view, std::size_t first, std::size_t end) {
  const D d;
  const KernelConstants& k = *view.k;
  const std::size_t lanes = hn::Lanes(d);
  const int rotors = k.rotor_count;
  end = std::min(end, (view.vehicles + lanes - 1) / lanes * lanes);  // the padding's own lane groups rest
  for (std::size_t i = first; i < end; i += lanes) {
    {  // the period being flown is this vehicle's next: its noise counter
      const hn::RebindToUnsigned<D> du;
      hn::Store(hn::Add(hn::Load(du, view.period + i), hn::Set(du, 1u)), du, view.period + i);
    }
    DrawPeriodInputs(d, view, i);
    if (k.contact)
      for (int f = kContactDvX; f <= kContactDomegaZ; ++f) hn::Store(hn::Zero(d), d, view.at(f) + i);
    const LaneParams P = LoadParams(d, view, i, rotors);
    LaneState s = LoadState(d, view, i, rotors);
    V offset[3];
    const V* thrust_offset = LoadThrustOffset(d, view, i, offset) ? offset : nullptr;
    for (int step = 0; step < k.substeps; ++step) {
      StepLanes(k, P, s, thrust_offset);
      if (k.contact) {
        // World::near's test for the ground; anything else in the world goes to the hook.
        const auto active = hn::Gt(hn::Load(d, view.at(kActive) + i), hn::Zero(d));
        const auto near =
            k.ground_only
                ? hn::And(active, hn::Gt(hn::Add(s.pz, hn::Set(d, k.contact_radius_m)), hn::Set(d, k.ground_down_m)))
                : active;
        if (!hn::AllFalse(d, near)) {
          StoreState(d, s, view, i, rotors);
          view.hooks.contact(view.hooks.context, i, LaneBits(d, near));
          s = LoadState(d, view, i, rotors);
        }
      }
      const auto suspect = Suspect(s, rotors);
      if (!hn::AllFalse(d, suspect)) {
        StoreState(d, s, view, i, rotors);
        view.hooks.sanitise(view.hooks.context, i, LaneBits(d, suspect));
        s = LoadState(d, view, i, rotors);
      }
      s.wx = Clamp(d, s.wx, kMaxBodyRate_radps);
      s.wy = Clamp(d, s.wy, kMaxBodyRate_radps);
      s.wz = Clamp(d, s.wz, kMaxBodyRate_radps);
      s.vx = Clamp(d, s.vx, kMaxSpeed_mps);
      s.vy = Clamp(d, s.vy, kMaxSpeed_mps);
      s.vz = Clamp(d, s.vz, kMaxSpeed_mps);
    }
    StoreState(d, s, view, i, rotors);
    if (k.sensors) SampleSensors(d, view, i);
  }
}

void SampleSensorsRange(const KernelView& view, std::size_t first, std::size_t end) {
  const D d;
  end = std::min(end, (view.vehicles + hn::Lanes(d) - 1) / hn::Lanes(d) * hn::Lanes(d));
  for (std::size_t i = first; i < end; i += hn::Lanes(d)) SampleSensors(d, view, i);
}

const char* TargetName() { return hwy::TargetName(HWY_TARGET); }

void Philox4x32Range(const uint32_t* counter4, const uint32_t* key2, uint32_t* out4, std::size_t n) {
  hn::ScalableTag<uint64_t> du;
  const std::size_t lanes = hn::Lanes(du);
  std::vector<uint64_t> c[4], k[2];
  for (auto& v : c) v.assign(lanes, 0);
  for (auto& v : k) v.assign(lanes, 0);
  for (std::size_t first = 0; first < n; first += lanes) {
    for (std::size_t lane = 0; lane < lanes; ++lane) {
      const std::size_t j = std::min(first + lane, n - 1);
      for (int w = 0; w < 4; ++w) c[w][lane] = counter4[4 * j + std::size_t(w)];
      for (int w = 0; w < 2; ++w) k[w][lane] = key2[2 * j + std::size_t(w)];
    }
    const PhiloxWords<decltype(du)> out =
        Philox4x32(du,
                   PhiloxWords<decltype(du)>{hn::LoadU(du, c[0].data()), hn::LoadU(du, c[1].data()),
                                             hn::LoadU(du, c[2].data()), hn::LoadU(du, c[3].data())},
                   hn::LoadU(du, k[0].data()), hn::LoadU(du, k[1].data()));
    const hn::Vec<decltype(du)> words[4] = {out.w0, out.w1, out.w2, out.w3};
    std::vector<uint64_t> lane_words(lanes);
    for (int w = 0; w < 4; ++w) {
      hn::StoreU(words[w], du, lane_words.data());
      for (std::size_t lane = 0; lane < lanes && first + lane < n; ++lane)
        out4[4 * (first + lane) + std::size_t(w)] = uint32_t(lane_words[lane]);
    }
  }
}

}  // namespace vsim::batch::HWY_NAMESPACE
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace vsim::batch {

HWY_EXPORT(AdvanceImuPeriod);
HWY_EXPORT(SampleSensorsRange);
HWY_EXPORT(TargetName);
HWY_EXPORT(Philox4x32Range);

void advanceImuPeriod(const KernelView& view, std::size_t first, std::size_t end) {
  HWY_DYNAMIC_DISPATCH(AdvanceImuPeriod)(view, first, end);
}
void sampleSensors(const KernelView& view, std::size_t first, std::size_t end) {
  HWY_DYNAMIC_DISPATCH(SampleSensorsRange)(view, first, end);
}
const char* simdTargetName() { return HWY_DYNAMIC_DISPATCH(TargetName)(); }
void philox4x32Words(const std::uint32_t* counter4, const std::uint32_t* key2, std::uint32_t* out4, std::size_t n) {
  HWY_DYNAMIC_DISPATCH(Philox4x32Range)(counter4, key2, out4, n);
}

}  // namespace vsim::batch
#endif
