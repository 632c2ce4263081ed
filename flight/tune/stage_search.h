// One stage's search in the tuner (tuner.cpp): a candidate is a point in [0, 1]^n, each tuned
// parameter log-spaced between its bounds (tunedParams), and its cost is flown on the stage's
// manoeuvres — the mean cost per flight, plus penalties for the disturbance and motor-activity
// constraints against the defaults' own flights, for the nominal airframe's angle steps outside
// their aims, for failed flights, and for a point outside the box.
#pragma once

#include "flight/tune/evaluation.h"
#include "flight/tune/tuner.h"

#include <Eigen/Core>

#include <cstddef>
#include <vector>

namespace vsim::tune {

// One stage's search. Candidates are scored on the stage's manoeuvres: the penalised cost
// (cost + constraint excesses against the defaults' flights of the same vehicles), averaged
// per flight.
class StageSearch {
 public:
  // `reference`: the defaults' flights, every manoeuvre × `set`; `current`: the parameters the
  // stage starts from (a candidate sets the stage's own over them); `aims`: the angle steps' aims
  // (stepAimsOf), which the nominal vehicle's steps are held inside.
  StageSearch(Experiment& experiment, const Ranks& ranks, const TuneOptions& options, const Stage& stage,
              const std::vector<NamedVariation>& set, const std::vector<FlightMetrics>& reference,
              const ParamList& current, const StepAims& aims);

  // Where `current` lies in the search box.
  Eigen::VectorXd start() const;
  // The parameters at a point of the box.
  ParamList candidate(const Eigen::VectorXd& at) const;

  // The vehicles (indices into the set) generation `g` flies: the nominal, then a rotating
  // share of the rest, `per_generation` in all.
  std::vector<std::size_t> vehiclesOf(int g, std::size_t per_generation) const;

  // Penalised costs of the candidates (points in [0, 1]^n or beyond), each flown on `vehicles` ×
  // the stage's manoeuvres, all in one batch: the mean cost per flight, plus kConstraintPenalty
  // × the summed constraint excesses (`excess`, when given, receives that sum alone).
  Result<std::vector<double>> costs(const std::vector<Eigen::VectorXd>& points,
                                    const std::vector<std::size_t>& vehicles, double limit,
                                    std::vector<double>* excess = nullptr);

  // The same for parameter sets given whole (`outside`: each one's distance outside the box).
  // Vehicle 0 of the set is the nominal airframe: its angle steps also pay the aims' penalty.
  // `accept_excess`, when given, receives each set's excess at the acceptance margins.
  Result<std::vector<double>> costsOf(const std::vector<ParamList>& sets, const std::vector<double>& outside,
                                      const std::vector<std::size_t>& vehicles, double limit,
                                      std::vector<double>* excess = nullptr,
                                      std::vector<double>* accept_excess = nullptr);

 private:
  Experiment& experiment_;
  const Ranks& ranks_;
  const TuneOptions& options_;
  const Stage& stage_;
  const std::vector<NamedVariation>& set_;
  const std::vector<FlightMetrics>& reference_;
  const ParamList& current_;
  double aim_overshoot_ = 0.0, aim_settling_s_ = 0.0;  // the search's, inside the aims
  std::vector<const TunedParam*> bounds_;
  std::vector<std::size_t> manoeuvres_;
};

}  // namespace vsim::tune
