#include "flight/tune/flight_sets.h"

#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <numbers>

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

}  // namespace

std::vector<NamedVariation> robustnessSet(std::uint64_t seed) {
  std::vector<NamedVariation> out;
  batch::VehicleVariation nominal;
  nominal.seed = seedFor(seed, 0);
  out.push_back({"nominal", nominal});
  // Rotor order FR, RL, FL, RR (the quad-X mixer's, PX4's).
  const std::array<double, 4> diagonal{1.05, 0.95, 0.95, 1.05}, spin{1.05, 1.05, 0.95, 0.95};
  for (unsigned c = 0; c < 8; ++c) {
    batch::VehicleVariation v;
    v.seed = seedFor(seed, 1 + c);
    const bool inertia_high = c & 1u, mass_high = c & 2u, lag_high = c & 4u;
    v.inertia_scale = Eigen::Vector3d::Constant(inertia_high ? 1.2 : 0.8);
    v.mass_scale = mass_high ? 1.1 : 0.9;
    v.motor_lag_scale = lag_high ? 1.5 : 1.0;
    const auto& bias = c % 2 == 0 ? diagonal : spin;
    for (std::size_t r = 0; r < bias.size(); ++r) v.motor_bias[r] = bias[r];
    v.noise_scale = std::popcount(c) % 2 == 0 ? 2.0 : 1.0;
    // A steady 3.5 m/s wind from a direction of its own (every 45°) on the corners with sensor
    // noise ×1, so the tune sees wind; the held-out winds differ in speed and direction.
    if (v.noise_scale == 1.0) {
      const double heading = double(c) * std::numbers::pi / 4.0;
      v.steady_wind_NED_mps = {3.5 * std::cos(heading), 3.5 * std::sin(heading), 0.0};
    }
    char name[96];
    std::snprintf(name, sizeof name, "I×%.1f m×%.1f lag×%.1f bias %s noise×%.0f wind %.0f m/s", v.inertia_scale.x(),
                  v.mass_scale, v.motor_lag_scale, c % 2 == 0 ? "diag" : "spin", v.noise_scale,
                  v.steady_wind_NED_mps.norm());
    out.push_back({name, v});
  }
  return out;
}

std::vector<NamedVariation> heldOutSet(std::uint64_t seed) {
  const Eigen::Vector3d winds[] = {{0, 0, 0}, {3, 0, 0}, {0, 3, 0}, {-2, -2, 0}, {4, -1, 0}, {0, -1.5, 0}};
  std::vector<NamedVariation> out;
  for (std::size_t k = 0; k < std::size(winds); ++k) {
    batch::VehicleVariation v;
    v.seed = seedFor(seed, 1000 + k);  // never a robustness seed (those are 0..8)
    v.steady_wind_NED_mps = winds[k];
    char name[64];
    std::snprintf(name, sizeof name, "wind N %.1f E %.1f m/s", winds[k].x(), winds[k].y());
    out.push_back({name, v});
  }
  return out;
}

}  // namespace vsim::tune
