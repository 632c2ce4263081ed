// The vehicles every candidate is flown on (the robustness set) and the ones kept out of the
// tuning to check it (the held-out set). Written down here and in README §The autotuner.
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

// Nine vehicles, each with its own noise seed (derived from `seed`):
//   nominal — the airframe as modelled;
//   eight corners of inertia ×0.8/×1.2 (all axes), mass ×0.9/×1.1 and motor time constants
//   ×1/×1.5, each with a ±5 % motor bias — alternately across the diagonals (FR, RR up; RL, FL
//   down: a roll/pitch imbalance) and across the spin directions (FR, RL up; FL, RR down: a yaw
//   imbalance) — and sensor noise ×2 on the four corners with an even number of "high" factors,
//   a steady 3.5 m/s wind (from 45°·corner) on the other four.
std::vector<NamedVariation> robustnessSet(std::uint64_t seed);

// Six flights of the nominal airframe with seeds the tuning never used, in calm air and steady
// winds (NED, m/s): (3, 0), (0, 3), (−2, −2), (4, −1), (0, −1.5) — the
// manoeuvres' own turbulence on top.
std::vector<NamedVariation> heldOutSet(std::uint64_t seed);

}  // namespace vsim::tune
