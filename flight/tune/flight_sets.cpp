#include "flight/tune/flight_sets.h"

#include "sim/base/uniform_bits.h"

#include <cmath>
#include <cstdio>
#include <numbers>
#include <random>

namespace vsim::tune {
namespace {

// SplitMix64 (Steele, Lea & Flood 2014): distinct, well-mixed seeds from (seed, index).
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

std::uint64_t seedFor(std::uint64_t seed, std::uint64_t index) { return mix(mix(seed) + index); }

// Uniform on [lo, hi), the same on every standard library (sim/base/uniform_bits.h).
double uniform(std::mt19937_64& g, double lo, double hi) { return lo + (hi - lo) * unitUniform(g); }

}  // namespace

NamedVariation drawnVehicle(const VehicleModel& model, std::uint64_t seed, std::uint64_t index) {
  std::mt19937_64 g(seedFor(seed, index) ^ 0x5eed'd2a3'0000'0001ull);
  batch::VehicleVariation v;
  v.seed = seedFor(seed, index);
  // The tensor: redrawn until it is a body's (a flat frame's Izz cannot grow while Ixx shrinks).
  for (int attempt = 0; attempt < 1000; ++attempt) {
    for (int a = 0; a < 3; ++a) v.inertia_scale[a] = uniform(g, 0.8, 1.2);
    for (int a = 0; a < 3; ++a) v.inertia_products[a] = uniform(g, -0.08, 0.08);
    if (batch::checkedVariation(v, model)) break;
    v.inertia_scale.setOnes();
    v.inertia_products.setZero();
  }
  v.mass_scale = uniform(g, 0.9, 1.1);
  v.motor_lag_scale = uniform(g, 1.0, 1.5);
  for (int r = 0; r < model.rotor_count; ++r) v.motor_bias[std::size_t(r)] = uniform(g, 0.95, 1.05);
  v.noise_scale = uniform(g, 1.0, 2.0);
  const double speed = uniform(g, 0.0, 5.0), from = uniform(g, 0.0, 2.0 * std::numbers::pi);
  // The centre of mass off the thrust axis: the rotors displaced by up to ±3 % of their mean
  // distance from it along each axis.
  double arm_m = 0.0;
  for (int r = 0; r < model.rotor_count; ++r) arm_m += model.rotors[std::size_t(r)].position_B_m.head<2>().norm();
  arm_m /= std::max(1, model.rotor_count);
  for (int a = 0; a < 3; ++a) v.thrust_offset_B_m[a] = uniform(g, -0.03, 0.03) * arm_m;
  v.steady_wind_NED_mps = {-speed * std::cos(from), -speed * std::sin(from), 0.0};  // blowing from `from`
  char name[128];
  std::snprintf(name, sizeof name, "#%llu I×%.2f/%.2f/%.2f m×%.2f lag×%.2f noise×%.1f wind %.1f m/s CoM %.0f mm",
                static_cast<unsigned long long>(index), v.inertia_scale.x(), v.inertia_scale.y(), v.inertia_scale.z(),
                v.mass_scale, v.motor_lag_scale, v.noise_scale, speed, 1000.0 * v.thrust_offset_B_m.norm());
  return {name, v};
}

std::vector<NamedVariation> robustnessSet(const VehicleModel& model, std::uint64_t seed, int size) {
  std::vector<NamedVariation> out;
  batch::VehicleVariation nominal;
  nominal.seed = seedFor(seed, 0);
  out.push_back({"nominal", nominal});
  for (int k = 1; k < size; ++k) out.push_back(drawnVehicle(model, seed, std::uint64_t(k)));
  return out;
}

std::vector<NamedVariation> heldOutSet(const VehicleModel& model, std::uint64_t seed) {
  const Eigen::Vector3d winds[] = {{0, 0, 0}, {3, 0, 0}, {0, 3, 0}, {-2, -2, 0}, {4, -1, 0}, {0, -1.5, 0}};
  static_assert(std::size(winds) == kHeldOutAsBuilt, "the airframe as built flies one held-out flight per wind");
  std::vector<NamedVariation> out;
  for (std::size_t k = 0; k < std::size(winds); ++k) {
    batch::VehicleVariation v;
    v.seed = seedFor(seed, 1000 + k);  // never a robustness seed
    v.steady_wind_NED_mps = winds[k];
    char name[64];
    std::snprintf(name, sizeof name, "nominal, wind N %.1f E %.1f m/s", winds[k].x(), winds[k].y());
    out.push_back({name, v});
  }
  for (std::uint64_t k = 0; k < 12; ++k) {
    NamedVariation held = drawnVehicle(model, seed, 10'000 + k);
    held.name = "held-out " + held.name;
    out.push_back(held);
  }
  return out;
}

}  // namespace vsim::tune
