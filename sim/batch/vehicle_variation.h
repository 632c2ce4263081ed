// How one vehicle of a batch differs from the batch's airframe: its seed, its mass and inertia,
// its motors (a fixed bias on ω², a slower or faster spin-up), its sensors' noise and
// the air it flies in. The batch and its single-vehicle reference (`variedModel`) derive the
// vehicle's constants from these by the same arithmetic, so a Simulator built on the varied
// model flies the same equations with the same numbers.
#pragma once

#include "sim/base/result.h"
#include "sim/vehicle/vehicle_model.h"

#include <Eigen/Core>

#include <array>
#include <cstdint>

namespace vsim::batch {

struct VehicleVariation {
  std::uint64_t seed = 0;                  // every noise stream of this vehicle derives from it
  double mass_scale = 1.0;                 // mass × this
  Eigen::Vector3d inertia_scale{1, 1, 1};  // I ← D·I·D with D = diag(√s): Ixx × s_x, Ixy × √(s_x·s_y), …
  // Products of inertia added before the scale: (xy, xz, yz), each a fraction of √(Iii·Ijj) of
  // the airframe's tensor (an asymmetric payload, a battery off centre): Iij += f·√(Iii·Ijj).
  Eigen::Vector3d inertia_products{0, 0, 0};
  std::array<double, kMaxRotors> motor_bias = filled(1.0);  // × the airframe's own bias on ω²
  double motor_lag_scale = 1.0;                             // spin-up and spin-down time constants × this
  double noise_scale = 1.0;  // sensor white noise and bias walks × this (GPS errors too)
  Eigen::Vector3d steady_wind_NED_mps = Eigen::Vector3d::Zero();
  double turbulence_sigma_mps = 0.0;  // Dryden RMS per axis
  // Every rotor (with its propeller disc) displaced by this about the centre of mass [m, body]:
  // the centre of mass off the thrust axis by −this (an off-centre payload or battery). The
  // tensor, the IMU, the feet and the hull stay where they are about the centre of mass.
  Eigen::Vector3d thrust_offset_B_m = Eigen::Vector3d::Zero();

  static std::array<double, kMaxRotors> filled(double v) {
    std::array<double, kMaxRotors> a;
    a.fill(v);
    return a;
  }
};

// Checks that every factor is finite and positive (noise scale and turbulence may be zero), the
// thrust offset finite and within a tenth of the vehicle's contact radius, the
// products' fractions within (−1, 1), and that the varied tensor is still a body's (positive
// definite, each principal moment at most the sum of the other two: a flat frame's Izz ≈ Ixx +
// Iyy cannot grow alone); the error names the factor.
Result<VehicleVariation> checkedVariation(const VehicleVariation& variation, const VehicleModel& model);

// The varied inertia tensor D·(I + P)·D (D = diag(√s); P the products, as fractions of
// √(Iii·Ijj)), which scales each principal-axis moment of a diagonal tensor by s and keeps any
// positive definite tensor so.
Eigen::Matrix3d variedInertia(const Eigen::Matrix3d& inertia_kgm2, const Eigen::Vector3d& scale,
                              const Eigen::Vector3d& products = Eigen::Vector3d::Zero());

// The constants a variation changes, as the single-vehicle model holds them: mass, tensor and
// its inverse (computed as finalizeModel does), each rotor's bias and time constants.
struct VariedConstants {
  double mass_kg;
  Eigen::Matrix3d inertia_kgm2, inertia_inv_per_kgm2;
  std::array<double, kMaxRotors> bias{}, spin_up_s{}, spin_down_s{};
};
VariedConstants variedConstants(const VehicleModel& model, const VehicleVariation& variation);

// The single-vehicle model this vehicle flies: `model` (finalised) with the variation's mass,
// inertia (its inverse computed as finalizeModel does), motor biases and time constants, and
// sensor noise. Wind and seed are not part of a model: a Simulator takes them in its config
// and reset.
VehicleModel variedModel(const VehicleModel& model, const VehicleVariation& variation);

}  // namespace vsim::batch
