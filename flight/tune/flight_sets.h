// The vehicles every candidate is flown on (the robustness set) and the ones kept out of the
// tuning to check it (the held-out set). Written down here and in docs/design/tuner.md.
#pragma once

#include "sim/batch/vehicle_variation.h"

#include <cstdint>
#include <string>
#include <vector>

namespace vsim::tune {

struct NamedVariation {
  std::string name;
  batch::VehicleVariation variation;
};

// The robustness set's default size, chosen from the measurement in docs/figures.md (the
// autotuner: held-out results against the set's size).
inline constexpr int kDefaultSetSize = 24;

// One vehicle drawn from the airframe's spread, with its own noise seed: each inertia axis
// ×U[0.8, 1.2] (redrawn if the tensor would be no body's), products of inertia of U[−0.08, 0.08]
// × √(Iii·Ijj) on each pair, mass ×U[0.9, 1.1], motor time constants ×U[1, 1.5], each motor's
// bias ×U[0.95, 1.05], sensor noise ×U[1, 2], a steady wind of U[0, 5] m/s from a uniform
// direction, and the centre of mass off the thrust axis: the rotors displaced by U[−3 %, 3 %]
// of their mean arm along each axis (VehicleVariation::thrust_offset_B_m). Drawn from (seed,
// index) alone (SplitMix64 → std::mt19937_64).
NamedVariation drawnVehicle(const VehicleModel& model, std::uint64_t seed, std::uint64_t index);

// `size` vehicles (≥ 2): the nominal airframe (index 0: as modelled, in calm air), then
// drawnVehicle(seed, 1 … size − 1).
std::vector<NamedVariation> robustnessSet(const VehicleModel& model, std::uint64_t seed, int size = kDefaultSetSize);

// Eighteen flights the tuning never saw: the nominal airframe with six other seeds, in calm air
// and steady winds (NED, m/s) (3, 0), (0, 3), (−2, −2), (4, −1), (0, −1.5) — the airframe as
// built, the first kHeldOutAsBuilt — then twelve held-out airframes, drawnVehicle with indices
// the robustness set never uses (10 000 on).
std::vector<NamedVariation> heldOutSet(const VehicleModel& model, std::uint64_t seed);
inline constexpr std::size_t kHeldOutAsBuilt = 6;

}  // namespace vsim::tune
