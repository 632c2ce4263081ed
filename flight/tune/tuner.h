// The autotuner (seed 000: "the plant against which the autotuner runs its experiments"): the
// firmware's gains tuned on the airframe's own model before it flies. Every candidate gain set
// is flown by the real flight core through the manoeuvres (manoeuvres.h) on every vehicle of
// the robustness set (flight_sets.h), scored by the written cost (flight_metrics.h), and
// searched with NLopt. The result is checked on held-out flights and its stability margins
// measured. Deterministic: the same airframe, options and seed give the same gains, bit for
// bit, on any number of threads or ranks, when the search ends by itself or by
// max_evaluations (a wall-time budget or a cancel cuts it where the clock says).
#pragma once

#include "flight/param_file.h"
#include "flight/tune/experiment.h"
#include "flight/tune/flight_sets.h"
#include "flight/tune/ranks.h"

#include <atomic>
#include <functional>

namespace vsim::tune {

// A tuned parameter and the bounds of its search (the search moves in log scale).
struct TunedParam {
  const char* name;
  double lo, hi;
};
// RATE_RP_P/I/D, RATE_D_LPF_HZ, RATE_YAW_P/I, ANG_RP_P, ANG_YAW_P, ALT_POS_P, ALT_VEL_P, ALT_VEL_I.
const std::vector<TunedParam>& tunedParams();

// A stage: which parameters it moves and which manoeuvres score them.
struct Stage {
  std::string name;
  std::vector<std::string> params, manoeuvres;
};
enum class Strategy { Staged, Joint };
// Staged: "rate" (the six rate-loop gains on the ACRO doublets, the yaw-rate step and the hover
// in gusts), then "angle" (ANG_RP_P, ANG_YAW_P on the angle steps, the yaw step and the gusts),
// then "altitude" (the three ALT_ gains on the climb). Joint: all eleven on all seven.
std::vector<Stage> stagesOf(Strategy strategy);

enum class Algorithm { Bobyqa, Sbplx, NelderMead, Cobyla };
const char* algorithmName(Algorithm a);

struct TuneOptions {
  std::uint64_t seed = 1;
  double budget_s = 60.0;     // wall-time cap on the search (0: none); the checks come after
  int max_evaluations = 0;    // cap over all stages; 0: 20 per tuned parameter + 20 per stage
  Strategy strategy = Strategy::Joint;  // measured better than staged (README §The autotuner)
  Algorithm algorithm = Algorithm::Bobyqa;
  int threads = 0;            // the batch's threads (0: every usable core — the CPU affinity, as under mpirun)
  ParamList base;             // the vehicle's other parameters, under every candidate
  bool check = true;          // fly the held-out set and measure the margins afterwards
};

struct Progress {
  std::string stage;
  int evaluation = 0, evaluations_max = 0;  // over all stages
  double cost = 0.0, best_cost = 0.0;       // of this candidate, and the best of its stage
  double elapsed_s = 0.0;
};

struct StageReport {
  Stage stage;
  int evaluations = 0;
  double cost_before = 0.0, cost_after = 0.0;
  std::string stopped_by;  // "converged", "evaluation cap", "time budget", "cancelled"
};

// One manoeuvre flown on a set of vehicles: means and worst cases.
struct ManoeuvreSummary {
  std::string manoeuvre;
  int flights = 0, failures = 0;
  std::string first_failure;   // "vehicle: what failed"
  double overshoot_mean = 0, overshoot_worst = 0, settling_mean_s = 0, settling_worst_s = 0;
  double tilt_rms_mean_deg = 0, tilt_rms_worst_deg = 0, heading_rms_mean_deg = 0, motor_activity_mean = 0;
  double saturation_mean = 0;
  CostTerms cost;              // mean per flight
};

// The largest factor that keeps every robustness-set vehicle stable on the calm manoeuvres:
// on all five rate-loop gains together, and on every motor's time constants.
struct Margins {
  double rate_gain = 0.0, motor_lag = 0.0;
  bool rate_gain_beyond = false, motor_lag_beyond = false;  // stable up to the largest tried (16)
};

struct TuneResult {
  ParamList before, tuned;  // the tuned parameters' values, before and after
  std::vector<StageReport> stages;
  std::vector<std::pair<int, double>> best_cost;  // (evaluation, the whole tune's cost so far)
  int evaluations = 0;
  double search_s = 0.0;
  bool complete = false;    // every stage ended by convergence or the evaluation cap
  std::vector<ManoeuvreSummary> robust_before, robust_after, held_before, held_after;
  Margins margins_before, margins_after;
  // The nominal airframe's held-out calm flight of each manoeuvre (standardManoeuvres order).
  std::vector<Response> responses_before, responses_after;
};

using ProgressFn = std::function<void(const Progress&)>;

// Errors: an airframe the mixer cannot fly, a base parameter the core refuses, a budget too
// small for one stage's first evaluations, a cancel ("cancelled": nothing more is flown).
Result<TuneResult> tune(const VehicleModel& model, const TuneOptions& options, const Ranks& ranks,
                        const ProgressFn& progress = nullptr, const std::atomic<bool>* cancel = nullptr);

// The summary of a manoeuvre by name (nullptr when the list has none).
const ManoeuvreSummary* findSummary(const std::vector<ManoeuvreSummary>& list, const std::string& manoeuvre);

// Flies `params` (on top of `base`) through `manoeuvres` on every vehicle of `set`, summarised
// per manoeuvre; the same numbers the tuner reports.
Result<std::vector<ManoeuvreSummary>> summarise(Experiment& experiment, const Ranks& ranks,
                                                const std::vector<NamedVariation>& set, const ParamList& params,
                                                std::vector<Response>* nominal_responses = nullptr);

}  // namespace vsim::tune
