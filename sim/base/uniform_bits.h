// A uniform double in [0, 1) from std::mt19937_64's raw bits (the top 53 of a draw): the same
// numbers on every standard library, which std::uniform_real_distribution and
// std::normal_distribution do not promise. For draws that must reproduce bit for bit (a batch
// spread, the tuner's vehicles and its search).
#pragma once

#include <cstdint>
#include <random>

namespace vsim {

inline double unitUniform(std::mt19937_64& g) { return double(g() >> 11) * 0x1.0p-53; }

}  // namespace vsim
