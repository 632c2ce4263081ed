// The batch's GPS: the receiver's velocity fixes, as Simulator's GPS gives them (sim/simulator.cpp:
// a fix every `every` IMU periods, of the velocity `delay` periods ago, with white noise of the
// model's noise_velocity_mps per axis, times the vehicle's noise scale as variedModel scales it), for the flight cores
// that aid their attitude with it (firmware/core/estimator.h). Velocity only: nothing that flies batch vehicles reads a
// position. The noise comes from the vehicle's own Philox stream kGpsStream (counter: the period, the draw), so a
// vehicle's fixes depend on its seed and period alone — not on N, its index or the thread count.
#pragma once

#include "sim/simulator.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace vsim::batch {

class BatchGps {
 public:
  BatchGps() = default;
  // `noise`: white velocity noise on (BatchConfig::sensor_noise).
  BatchGps(const GpsModel& gps, int imu_rate_hz, std::int64_t imu_period_us, bool noise, std::size_t count);

  // A vehicle's state at IMU period `period` (0 after a reset, which forgets its fixes): its
  // velocity goes into the history, and a fix is taken when one is due.
  void sample(std::size_t vehicle, std::uint64_t seed, std::uint64_t period, const double v_NED_mps[3],
              double noise_scale);
  // The latest fix (time_us −1: none yet), velocity only.
  GpsSample fix(std::size_t vehicle) const;
  int every() const { return every_; }
  int delay() const { return delay_; }

 private:
  int every_ = 1, delay_ = 0;
  std::int64_t imu_period_us_ = 1000;
  double sigma_mps_ = 0.0;
  std::vector<double> history_;  // (delay + 1) × 3 per vehicle: the velocity by period
  std::vector<double> fix_v_;    // 3 per vehicle
  std::vector<std::int64_t> fix_time_us_;
};

}  // namespace vsim::batch
