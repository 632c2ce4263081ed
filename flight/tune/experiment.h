// Flies the tuner's experiments: a list of flights — each a manoeuvre (manoeuvres.h) flown by
// one vehicle of the robustness or held-out set (a batch::VehicleVariation) — all at once on
// the batch engine, each vehicle with its own instance of the real flight core (BatchFlight:
// sensors, estimator and controllers in the loop) and a candidate's parameters.
#pragma once

#include "flight/batch_flight.h"
#include "flight/param_file.h"
#include "flight/tune/flight_metrics.h"

#include <optional>

namespace vsim::tune {

struct FlightCase {
  std::size_t manoeuvre = 0;          // index into standardManoeuvres()
  batch::VehicleVariation variation;  // its turbulence is the manoeuvre's unless set here
  std::size_t params = 0;             // which of fly's parameter sets (a candidate) it flies
};

// A flight's time series, for plots: every control step (1 kHz).
struct Response {
  std::vector<double> t_s, reference, measured;
};

// The factor on the airframe's hover thrust that carries a varied vehicle (its mass ×, its
// motors' biases): what its HOVER_THRUST and its motors' ω² start at in fly.
double hoverThrustScale(const VehicleModel& model, const batch::VehicleVariation& variation);

class Experiment {
 public:
  // `threads`: worker threads (0: every usable core, sim/base/parallel.h). The model must be one the
  // core's allocation flies (checkAllocation).
  static Result<Experiment> create(const VehicleModel& model, int threads);

  // Flies every case for kManoeuvreS from a hover 50 m up (no ground, no obstacles) with the
  // airframe's core set-up (initCore), then `base`, then its own parameter set
  // (`sets[case.params]`: a generation's candidates fly together), with the manoeuvre's scripted
  // disturbance. `responses`, when given, receives each flight's time series. Errors: a
  // parameter the core refuses, a variation out of range, a case naming no set.
  Result<std::vector<FlightMetrics>> fly(std::span<const FlightCase> cases, const ParamList& base,
                                         std::span<const ParamList> sets, std::vector<Response>* responses = nullptr);
  // Every case with `params` alone.
  Result<std::vector<FlightMetrics>> fly(std::span<const FlightCase> cases, const ParamList& params,
                                         std::vector<Response>* responses = nullptr) {
    return fly(cases, params, std::span<const ParamList>(), responses);
  }

  const VehicleModel& model() const { return model_; }

 private:
  Experiment(VehicleModel model, int threads);
  // The worker's single-threaded batch for `n` flights, made anew when the count changed.
  Result<BatchFlight*> batchFor(std::size_t worker, std::size_t n);
  // Flies one contiguous share of the cases on the calling thread with batch `worker`.
  Result<std::vector<FlightMetrics>> flyShare(std::size_t worker, std::span<const FlightCase> cases,
                                              const ParamList& base, std::span<const ParamList> sets,
                                              Response* responses);
  VehicleModel model_;
  int threads_;
  // One single-threaded batch per worker thread: a flight depends on nothing else for its whole
  // duration, so each thread flies its share to the end without meeting the others each period.
  std::vector<std::optional<BatchFlight>> flights_;
};

}  // namespace vsim::tune
