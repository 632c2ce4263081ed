#include "sim/batch/batch_gps.h"

#include "sim/batch/batch_layout.h"

#include <cmath>
#include <numbers>

namespace vsim::batch {

BatchGps::BatchGps(const GpsModel& gps, int imu_rate_hz, std::int64_t imu_period_us, bool noise, std::size_t count)
    // makeSimulatorModel's rounding of the rate and the latency to whole IMU periods.
    : every_(std::max(1, int(std::lround(double(imu_rate_hz) / gps.rate_hz)))),
      delay_(int(std::lround(gps.latency_s * double(imu_rate_hz)))),
      imu_period_us_(imu_period_us),
      sigma_mps_(noise ? gps.noise_velocity_mps : 0.0),
      history_(count * (std::size_t(delay_) + 1) * 3, 0.0),
      fix_v_(count * 3, 0.0),
      fix_time_us_(count, -1) {}

void BatchGps::sample(std::size_t i, std::uint64_t seed, std::uint64_t period, const double v_NED_mps[3],
                      double noise_scale) {
  const std::size_t ring = std::size_t(delay_) + 1;
  if (period == 0) fix_time_us_[i] = -1;
  double* slot = &history_[(i * ring + period % ring) * 3];
  for (int a = 0; a < 3; ++a) slot[a] = v_NED_mps[a];
  if (period % std::uint64_t(every_) != 0 || period < std::uint64_t(delay_)) return;
  const std::uint64_t then = period - std::uint64_t(delay_);
  const double* past = &history_[(i * ring + then % ring) * 3];
  // Four standard normals (three used): Box–Muller on 53-bit uniforms in (0, 1), as the
  // kernel's PhiloxStream draws them.
  double n[4] = {0, 0, 0, 0};
  const double sigma_mps = sigma_mps_ * noise_scale;
  if (sigma_mps > 0.0) {
    const std::uint32_t key[2] = {std::uint32_t(seed & 0xFFFFFFFFu), std::uint32_t(seed >> 32)};
    const std::uint32_t counter[8] = {std::uint32_t(period & 0xFFFFFFFFu), std::uint32_t(period >> 32), 0u, kGpsStream,
                                      std::uint32_t(period & 0xFFFFFFFFu), std::uint32_t(period >> 32), 1u, kGpsStream};
    const std::uint32_t keys[4] = {key[0], key[1], key[0], key[1]};
    std::uint32_t words[8];
    philox4x32Words(counter, keys, words, 2);
    for (int pair = 0; pair < 2; ++pair) {
      auto uniform53 = [](std::uint32_t high, std::uint32_t low) {
        const std::uint64_t bits = (std::uint64_t(high) << 21) | (std::uint64_t(low) >> 11);
        return (double(bits) + 0.5) * 0x1.0p-53;
      };
      const double u1 = uniform53(words[4 * pair], words[4 * pair + 1]),
                   u2 = uniform53(words[4 * pair + 2], words[4 * pair + 3]);
      const double r = std::sqrt(-2.0 * std::log(u1)), angle = 2.0 * std::numbers::pi * u2;
      n[2 * pair] = r * std::cos(angle);
      n[2 * pair + 1] = r * std::sin(angle);
    }
  }
  for (int a = 0; a < 3; ++a) fix_v_[i * 3 + std::size_t(a)] = past[a] + sigma_mps * n[a];
  fix_time_us_[i] = std::int64_t(then) * imu_period_us_;
}

GpsSample BatchGps::fix(std::size_t i) const {
  GpsSample g;
  g.time_us = fix_time_us_[i];
  g.v_NED_mps = {fix_v_[i * 3], fix_v_[i * 3 + 1], fix_v_[i * 3 + 2]};
  return g;
}

}  // namespace vsim::batch
