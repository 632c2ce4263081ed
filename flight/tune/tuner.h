// The autotuner: the firmware's gains tuned on the airframe's own model before it flies, the
// simulator being the plant the tuner runs its experiments against. Every candidate gain set
// is flown by the real flight core through the manoeuvres (manoeuvres.h) on vehicles of the
// robustness set (flight_sets.h) and scored by the written cost (flight_metrics.h); the
// disturbance rejection (tilt in turbulence, a motor losing thrust, a gust) and the motor
// activity are constraints against the defaults' own flights, not terms to trade. The search is
// CMA-ES (cmaes.h): a generation's candidates × flights are one batch, spread over the SIMD
// lanes, the threads and the MPI ranks. The result is checked on the whole robustness set and on
// held-out flights and airframes, its margins measured, and judged against its aims (aimsOf):
// a tune that misses one is said to, by how much, and is not for writing unless accepted.
// Deterministic: the same airframe, options and seed give the same gains, bit for bit, on any
// number of threads or ranks, and under any machine load: the search's length is counted in
// generations (candidates flown), never in seconds. The time limit only guards against a run far
// too long; a search it cuts is marked so (TuneResult::cut_by_time_limit), its gains not the
// reproducible result.
#pragma once

#include "flight/param_file.h"
#include "flight/tune/experiment.h"
#include "flight/tune/flight_sets.h"
#include "flight/tune/ranks.h"
#include "flight/tune/step_aims.h"

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
  // CMA-ES generations of the default search (and the stage's share of any other cap).
  int generations = 0;
};
enum class Strategy { Staged, Joint };
// Staged: "rate" (the six rate-loop gains on the ACRO doublets, the yaw-rate step, the hover
// in gusts and the motor loss), then "shaping" (ANG_RP_TC, RATE_RP_FF on the angle steps alone:
// with the sticks centred they change nothing), then "angle" (ANG_RP_P, ANG_YAW_P on the shaped
// angle steps, the yaw step, the gusts and the motor loss), then "altitude" (the three ALT_ gains
// on the climb and the gust step). Joint: all thirteen on all nine. The default search gives the
// staged ones 4, 5, 4 and 7 generations (kDefaultGenerations in all): the shaping and altitude
// stages are where the airframes measured gain and their candidates fly 12 and 30 flights, the
// rate and angle stages kept their start on all of them at 66 flights a candidate (docs/tune.md).
std::vector<Stage> stagesOf(Strategy strategy);

// Cmaes: a population (λ candidates per generation) flown as one batch. The NLopt methods ask
// for one candidate at a time, flown on a fixed subset of the set (for comparison; README).
enum class Algorithm { Cmaes, Bobyqa, Sbplx, NelderMead, Cobyla };
const char* algorithmName(Algorithm a);

// CMA-ES's candidates per generation, and the vehicles of the set each generation flies its
// step manoeuvres on (the constrained ones fly on the whole set), unless TuneOptions says.
inline constexpr int kDefaultPopulation = 12;
inline constexpr int kDefaultVehiclesPerGeneration = 6;
// The default search's length for CMA-ES: generations in all, shared by the stages as
// stagesOf says (docs/tune.md: within a minute on two cores for the shipped multirotors).
inline constexpr int kDefaultGenerations = 20;

// The time limit's default: far beyond a default search (well under a minute on two cores for
// the shipped multirotors, docs/tune.md), so that it only stops a run gone far too long.
inline constexpr double kDefaultTimeLimitS = 600.0;

// Seconds since any fixed instant, read for the time limit and the progress alone (nullptr: the
// steady clock). A test drives its own.
using ClockFn = std::function<double()>;

struct TuneOptions {
  std::uint64_t seed = 1;
  double budget_s = kDefaultTimeLimitS;  // the time limit on the search [s] (0: none): a guard, not
                                         // the search's length; the checks come after
  ClockFn clock;                         // what the time limit reads (nullptr: the steady clock)
  int max_evaluations = 0;               // candidates over all stages, shared by dimension; 0: 30
                                         // generations of λ in all (CMA-ES), 20 per tuned parameter +
                                         // 20 per stage (NLopt)
  int population = 0;                    // CMA-ES λ (0: kDefaultPopulation)
  int set_size = 0;                      // robustness vehicles, 2 to 1000 (0: kDefaultSetSize)
  int vehicles_per_generation = 0;       // of the set, flown per generation by the step manoeuvres
                                         // (0: kDefaultVehiclesPerGeneration; the nominal and a
                                         // rotating share of the rest); all of it by the finalists
  Strategy strategy = Strategy::Staged;  // with the constraints, measured better than joint (README)
  Algorithm algorithm = Algorithm::Cmaes;
  int threads = 0;    // the batch's threads (0: every usable core — the CPU affinity, as under mpirun)
  ParamList base;     // the vehicle's other parameters, under every candidate
  bool check = true;  // fly the held-out set and measure the margins afterwards
};

struct Progress {
  std::string stage;                        // the stage's name, or "checks" after the search
  int evaluation = 0, evaluations_max = 0;  // candidates over all stages
  int generation = 0, generations_max = 0;  // of this stage (NLopt: one candidate each)
  double cost = 0.0, best_cost = 0.0;       // this generation's best, and the stage's best so far
  double elapsed_s = 0.0;
  std::string check;  // during the checks: what is being flown
  int check_step = 0, check_steps = 0;
};

// Why a stage's search ended.
enum class StopReason {
  Converged,         // CMA-ES's distribution shrank, or the NLopt method met its tolerance
  EvaluationCap,     // the stage flew its share of the evaluations
  TimeBudget,        // the time limit ran out during the stage
  Cancelled,         // the caller cancelled
  Error,             // the NLopt method was stopped by a flight that could not be flown
  NotRunTimeBudget,  // a later stage, not started because the time limit ran out before it
};
// The words the report, vsim-tune's table and its JSON print: "converged", "evaluation cap",
// "time limit", "cancelled", "error", "not run (time limit)".
const char* stopReasonText(StopReason reason);

struct StageReport {
  Stage stage;
  int evaluations = 0;
  double cost_before = 0.0, cost_after = 0.0;
  StopReason stopped_by = StopReason::Converged;
};

// One manoeuvre flown on a set of vehicles: means and worst cases.
struct ManoeuvreSummary {
  std::string manoeuvre;
  int flights = 0, failures = 0;
  std::string first_failure;  // "vehicle: what failed"
  double overshoot_mean = 0, overshoot_worst = 0, settling_mean_s = 0, settling_worst_s = 0;
  double tilt_rms_mean_deg = 0, tilt_rms_worst_deg = 0, heading_rms_mean_deg = 0, motor_activity_mean = 0;
  double saturation_mean = 0, disturbance_mean = 0, disturbance_worst = 0;
  CostTerms cost;  // mean per flight
};

// The largest factor that keeps every robustness-set vehicle stable on the calm manoeuvres:
// on all five rate-loop gains together, and on every motor's time constants.
struct Margins {
  double rate_gain = 0.0, motor_lag = 0.0;
  bool rate_gain_beyond = false, motor_lag_beyond = false;  // stable up to the largest tried (16)
};

// One of a tune's aims (docs/design/tuner.md), with the measured figure and its verdict.
// Performance aims (the angle steps' overshoot and settling) may be missed by a tune that is
// still written when it is safe and no worse than the defaults (writable); the others are
// safety gates, absolute.
struct Aim {
  std::string text;   // what is aimed at and what was measured, for the report
  std::string pilot;  // the same in a pilot's words, for the Tune page
  bool met = false;
  bool performance = false;  // a step aim, not a safety gate
  std::string source;        // where the aim's figure comes from (the step aims: stepAimsOf)
  std::string missed_by;     // when missed: by how much ("0.112 s over", "2 of 6 flights failed")
};

struct TuneResult {
  ParamList before, tuned;  // the tuned parameters' values, before and after
  std::vector<StageReport> stages;
  std::vector<std::pair<int, double>> best_cost;  // (evaluation, the whole tune's cost so far)
  int evaluations = 0;
  double search_s = 0.0;
  bool complete = false;  // every stage ended by convergence or the evaluation cap
  // The time limit cut a stage (the later ones not run): the gains are where the clock stopped
  // the search, not the reproducible result of this airframe, options and seed.
  bool cut_by_time_limit = false;
  std::vector<ManoeuvreSummary> robust_before, robust_after, held_before, held_after;
  // Every flight of the checks, manoeuvre-major (standardManoeuvres × the set's vehicles), and
  // the sets' names in that order.
  std::vector<FlightMetrics> robust_flights_before, robust_flights_after, held_flights_before, held_flights_after;
  std::vector<std::string> robust_names, held_names;
  StepAims step_aims;     // the angle steps' aims, from the airframe (stepAimsOf)
  std::vector<Aim> aims;  // filled when the checks ran
  bool aimsMet() const;
  Margins margins_before, margins_after;
  // The nominal airframe's held-out calm flight of each manoeuvre (standardManoeuvres order).
  std::vector<Response> responses_before, responses_after;
};

using ProgressFn = std::function<void(const Progress&)>;

// Errors: an airframe the mixer cannot fly, a base parameter the core refuses, a budget too
// small for one stage's first evaluations, a cancel ("cancelled": nothing more is flown).
Result<TuneResult> tune(const VehicleModel& model, const TuneOptions& options, const Ranks& ranks,
                        const ProgressFn& progress = nullptr, const std::atomic<bool>* cancel = nullptr);

// The largest factor a tune may raise the defaults' motor activity by, on any flight.
inline constexpr double kMotorActivityBound = 1.2;

// The aims, judged on the checks' flights: on every held-out flight of the airframe as built
// (flight_sets.h: kHeldOutAsBuilt) the angle steps overshoot and settle to ±0.5° within
// result.step_aims (5 %, 0.25 s where the airframe can reach them; the held-out airframes' worst
// said beside it); on every robustness and held-out vehicle the tilt in
// turbulence and the responses to a motor losing thrust and to a gust no worse than the
// defaults', motor activity ≤ kMotorActivityBound × the defaults'; every flight stable.
std::vector<Aim> aimsOf(const TuneResult& result);

// Whether a checked tune may be written, and why. Every aim met: written. Else written when it
// is a safe improvement: every safety gate met (the aims that are not performance aims, judged on
// every robustness and held-out vehicle), and on every held-out flight of the airframe as built
// (kHeldOutAsBuilt: other seeds, calm and winds) its cost (costOf) no higher than the defaults'
// on the same flight, their sum lower — the missed performance aims then named with by how much.
// Otherwise not written, `reason` saying why (the first safety gate failed, the flight it is
// worse on, or no improvement at all).
struct WriteVerdict {
  bool writable = false, all_met = false;
  std::string reason;                                    // when not writable
  std::string pilot_reason;                              // the same in a pilot's words, for the Tune page
  std::vector<std::string> missed;                       // the missed performance aims, "aim: missed by …"
  std::vector<std::string> missed_pilot;                 // the same in a pilot's words
  double held_cost_before = 0.0, held_cost_after = 0.0;  // summed over those flights
};
WriteVerdict writeVerdictOf(const TuneResult& result);

// The summary of a manoeuvre by name (nullptr when the list has none).
const ManoeuvreSummary* findSummary(const std::vector<ManoeuvreSummary>& list, const std::string& manoeuvre);

// Flies `params` (on top of `base`) through `manoeuvres` on every vehicle of `set`, summarised
// per manoeuvre; the same numbers the tuner reports.
// `flights`, when given, receives every flight's metrics (manoeuvre-major).
Result<std::vector<ManoeuvreSummary>> summarise(Experiment& experiment, const Ranks& ranks,
                                                const std::vector<NamedVariation>& set, const ParamList& params,
                                                std::vector<Response>* nominal_responses = nullptr,
                                                std::vector<FlightMetrics>* flights = nullptr);

}  // namespace vsim::tune
