// The batch's memory as the SIMD kernel sees it: one aligned array per quantity (structure of
// arrays), `stride` vehicles long, and the constants every vehicle of the batch shares. Plain
// data, so the kernel (compiled once per SIMD target) and the engine agree without templates.
#pragma once

#include "sim/vehicle/rigid_body_constants.h"
#include "sim/vehicle/vehicle_model.h"

#include <cstddef>
#include <cstdint>

namespace vsim::batch {

// Vehicles are stepped in blocks of this many: a multiple of every SIMD width in doubles
// (2 to 8 on x86, up to 16 elsewhere), so a block is whole lane groups on any target.
inline constexpr std::size_t kBlock = 16;

// The per-vehicle double arrays, in memory order.
enum Field : int {
  // state (what steps)
  kPx,
  kPy,
  kPz,
  kVx,
  kVy,
  kVz,
  kQw,
  kQx,
  kQy,
  kQz,
  kWx,
  kWy,
  kWz,
  kRotorSpeed0,
  // constants of each vehicle (its variation)
  kInvMass = kRotorSpeed0 + kMaxRotors,
  kInertia00,
  kInertia01,
  kInertia02,
  kInertia10,
  kInertia11,
  kInertia12,
  kInertia20,
  kInertia21,
  kInertia22,
  kInertiaInv00,
  kInertiaInv01,
  kInertiaInv02,
  kInertiaInv10,
  kInertiaInv11,
  kInertiaInv12,
  kInertiaInv20,
  kInertiaInv21,
  kInertiaInv22,
  kBias0,
  kSpinUpGain0 = kBias0 + kMaxRotors,
  kSpinDownGain0 = kSpinUpGain0 + kMaxRotors,
  kNoiseScale = kSpinDownGain0 + kMaxRotors,
  kSteadyWindX,
  kSteadyWindY,
  kSteadyWindZ,
  kTurbulenceSigma,
  kThrustOffsetX,
  kThrustOffsetY,
  kThrustOffsetZ,  // VehicleVariation::thrust_offset_B_m
  kActive,         // 1: a vehicle; 0: padding up to a whole block
  // inputs and their held values
  kDuty0,
  kCommandGain0 = kDuty0 + kMaxRotors,  // 1 + jitter draw, per motor command
  kWindX = kCommandGain0 + kMaxRotors,
  kWindY,
  kWindZ,  // steady + turbulence, held over the period
  kTurbulenceX,
  kTurbulenceY,
  kTurbulenceZ,
  // sensors, sampled at the end of each IMU period (sensor axes)
  kAccelX,
  kAccelY,
  kAccelZ,
  kGyroX,
  kGyroY,
  kGyroZ,
  kMagX,
  kMagY,
  kMagZ,
  kBaroPressure,
  kBaroAltitude,
  kBaroTemperature,
  kGyroBiasX,
  kGyroBiasY,
  kGyroBiasZ,
  kAccelBiasX,
  kAccelBiasY,
  kAccelBiasZ,
  kMagBiasX,
  kMagBiasY,
  kMagBiasZ,
  kGyroSaturated,
  kAccelSaturated,  // 1 or 0 for the last frame
  // what the contact did to the motion over the period (the accelerometer feels it)
  kContactDvX,
  kContactDvY,
  kContactDvZ,
  kContactDomegaX,
  kContactDomegaY,
  kContactDomegaZ,
  kFieldCount
};

// Per-vehicle counters, in int64 arrays.
enum Counter : int { kRejectedDuties, kSanitiserResets, kGyroSaturations, kContactSteps, kCounterCount };

// What the scalar side does for lanes the kernel does not: contact against the world and the
// reset of a non-finite state, with the single-vehicle functions themselves (resolveContacts,
// sanitiseState). The kernel stores the group's state to the arrays before the call and loads
// it again after.
struct ScalarHooks {
  void* context = nullptr;
  // Resolves contact for `count` vehicles from `first` whose bounding sphere may touch the world;
  // `lanes` bit k set: vehicle first + k is to be resolved. Adds to kContactDv*/kContactDomega*
  // and counts kContactSteps.
  void (*contact)(void* context, std::size_t first, std::uint32_t lanes) = nullptr;
  // Sanitises the vehicles of `lanes` (some state is not finite): resting pose, counted.
  void (*sanitise)(void* context, std::size_t first, std::uint32_t lanes) = nullptr;
};

struct NoiseConstants {
  double white_sigma, walk_sigma, bias_limit;  // per sample: density/√dt, walk·√dt
};

// The rigid-body constants (makeRigidBodyConstants, as the single step has them) and the rest.
struct KernelConstants : RigidBodyConstants {
  double gravity_mps2;  // 0 without gravity
  int substeps;
  double imu_dt_s;
  double motor_jitter;  // 0: off
  bool turbulence;      // some vehicle has σ > 0
  bool thrust_offset;   // some vehicle's rotors are displaced (VehicleVariation::thrust_offset_B_m)
  double length_scale_m[3], min_airspeed_mps;
  // contact
  bool contact;      // the world has something to touch
  bool ground_only;  // ... and it is only a ground plane: the kernel tests the bounding sphere
  double ground_down_m, contact_radius_m;
  // sensors
  bool sensors, sensor_noise;
  double R_SB[9];  // body to sensor axes
  double imu_position_B_m[3];
  double mag_field_NED_gauss[3];
  NoiseConstants gyro, accel, mag;
  double baro_noise_pa, home_altitude_m;
  double gyro_range_radps, accel_range_mps2;
};

// Where the kernel finds the batch.
struct KernelView {
  double* field = nullptr;          // kFieldCount arrays of `stride`
  std::int64_t* counter = nullptr;  // kCounterCount arrays of `stride`
  const std::uint64_t* seed = nullptr;
  std::uint64_t* period = nullptr;  // IMU periods each vehicle has flown (its noise counter)
  std::size_t stride = 0;
  std::size_t vehicles = 0;  // lane groups wholly past the last vehicle are not stepped
  const KernelConstants* k = nullptr;
  ScalarHooks hooks;

  double* at(int f) const { return field + std::size_t(f) * stride; }
  std::int64_t* count(int c) const { return counter + std::size_t(c) * stride; }
};

// Advances vehicles [first, end) by one IMU period (both multiples of kBlock), with the best
// SIMD target this CPU has.
void advanceImuPeriod(const KernelView& view, std::size_t first, std::size_t end);

// Samples the sensors of vehicles [first, end) without stepping (after a reset).
void sampleSensors(const KernelView& view, std::size_t first, std::size_t end);

// The name of that target ("AVX3", "AVX2", …).
const char* simdTargetName();

// Philox4x32-10 (Salmon et al., SC'11), vectorised: for each i < n, the four 32-bit words of
// philox(counter[i], key[i]) — exposed so that tests check it against Random123.
void philox4x32Words(const std::uint32_t* counter4, const std::uint32_t* key2, std::uint32_t* out4, std::size_t n);

// Stream numbers (the counter's last word): separate streams per source, so turning wind or
// jitter on does not change the sensor noise.
inline constexpr std::uint32_t kSensorStream = 0, kWindStream = 1, kActuatorStream = 2, kGpsStream = 3;

}  // namespace vsim::batch
