// BatchFlight: N vehicles of the batch engine, each flown by its own instance of the real
// flight core (firmware/core) in lockstep at the IMU rate — sensors, estimator and controllers
// in the loop, as vsim-fly flies one (flight_runner.h), for what needs many closed-loop
// flights at once: the tuner's candidates and robustness cases, Monte-Carlo checks.
//
// Each period, part by part on the batch's worker threads: every core steps on its vehicle's
// sensor frame, its duties go to its vehicle, then the part's vehicles advance. A vehicle and
// its core depend on nothing else, so results do not depend on N, the index or the threads.
#pragma once

#include "firmware/core/flight.h"
#include "sim/base/result.h"
#include "sim/batch/batch_simulator.h"

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace vsim {

class BatchFlight {
 public:
  static Result<BatchFlight> create(const VehicleModel& model, batch::BatchConfig config, std::size_t count);

  // Restarts every vehicle hovering at `starts` — motors at the airframe's hover speed, the core
  // armed in its mode from its first step, as an airborne scenario starts (flight_runner.h) — and
  // every core afresh (initCore) with `params` applied. `starts` and `modes` hold one entry for
  // all vehicles or one each. Errors name the parameter.
  Result<bool> reset(std::span<const batch::VehicleVariation> variations, std::span<const VehicleState> starts,
                     std::span<const vayu_mode_t> modes, const std::vector<std::pair<std::string, double>>& params);
  Result<bool> reset(std::span<const batch::VehicleVariation> variations, const VehicleState& start,
                     std::span<const vayu_mode_t> modes, const std::vector<std::pair<std::string, double>>& params) {
    return reset(variations, std::span(&start, 1), modes, params);
  }
  // A parameter of one vehicle's core (a candidate's gains); after reset, before stepping.
  Result<bool> setParam(std::size_t vehicle, const std::string& name, double value);
  // Aligns one vehicle's attitude estimate afresh as a vehicle that aligned at rest before it took
  // off would have it: from the specific force and the magnetic field at its present attitude
  // without noise (what the estimator's ground alignment averages towards), through the core's
  // own sensor remap and alignment (fc_attitude_init). For a start in the air: there the
  // accelerometer reads the thrust axis, not gravity, so an alignment to the first noisy sample
  // (0.7° σ at 1 kHz) stays until the GPS aid has learnt it away — seconds, while the flight is
  // judged. After the first step (which aligns to the first sample), before the second.
  void alignAtRest(std::size_t vehicle);

  // The pilot's sticks for a vehicle at a time: called for each vehicle every 20 ms (50 Hz).
  using Sticks = std::function<fc_sticks_t(std::size_t vehicle, std::int64_t time_us)>;
  // Called for each vehicle after its core stepped, before the physics advances: the truth
  // (batch().state) and the core's outputs (core()) of the same instant. On the part's thread.
  using Observer = std::function<void(std::size_t vehicle, std::int64_t time_us)>;
  // One IMU period for every vehicle and its core.
  void step(const Sticks& sticks, const Observer& observe = nullptr);

  const batch::BatchSimulator& batch() const { return batch_; }
  // For a scripted disturbance between steps (setSteadyWind, setMotorBias).
  batch::BatchSimulator& batch() { return batch_; }
  const fc_t& core(std::size_t vehicle) const { return cores_[vehicle]; }
  std::size_t count() const { return batch_.count(); }

 private:
  BatchFlight(VehicleModel model, batch::BatchSimulator batch);
  void stepVehicle(std::size_t vehicle, const Sticks& sticks, const Observer& observe);

  VehicleModel model_;
  batch::BatchSimulator batch_;
  std::vector<fc_t> cores_;
  std::vector<std::int64_t> next_sticks_us_;
  std::vector<std::int64_t> last_gps_time_us_;  // the last GPS fix each core was handed
  std::vector<std::uint8_t> first_;             // the next step is the first since reset
};

}  // namespace vsim
