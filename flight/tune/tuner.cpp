#include "flight/tune/tuner.h"

#include "firmware/core/fc_params.h"

#include "flight/tune/cmaes.h"
#include "flight/tune/evaluation.h"
#include "flight/tune/margins.h"
#include "flight/tune/search_start.h"
#include "flight/tune/stage_search.h"

#include <nlopt.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <optional>
#include <tuple>

namespace vsim::tune {

const std::vector<TunedParam>& tunedParams() {
  // Bounds: about a decade either side of the firmware's defaults, within its ranges — except
  // the two hold loops, kept firm enough for a pilot: the manoeuvres judge the yaw and climb
  // steps' release, where a softer heading or height hold overshoots less but then drifts.
  static const std::vector<TunedParam> list = {
      {"RATE_RP_P", 0.015, 3.0},
      {"RATE_RP_I", 0.02, 2.0},
      {"RATE_RP_D", 0.0003, 0.03},
      {"RATE_D_LPF_HZ", 10.0, 200.0},
      {"RATE_YAW_P", 0.03, 2.0},
      {"RATE_YAW_I", 0.01, 1.0},
      {"ANG_RP_P", 2.0, 30.0},
      {"ANG_YAW_P", 1.5, 15.0},
      {"ALT_POS_P", 0.5, 5.0},
      {"ALT_VEL_P", 0.5, 15.0},
      {"ALT_VEL_I", 0.05, 5.0},
      // The stick shaping: 0.01 s is a step (the firmware's floor), 0.3 s a soft stick; the
      // feedforward from a tenth of the racer's inertia per torque to the firmware's limit (the
      // lander's engines need more than 0.05).
      {"ANG_RP_TC", 0.01, 0.3},
      {"RATE_RP_FF", 0.0005, 0.2},
  };
  return list;
}

std::vector<Stage> stagesOf(Strategy strategy) {
  std::vector<Stage> staged = {
      {"rate",
       {"RATE_RP_P", "RATE_RP_I", "RATE_RP_D", "RATE_D_LPF_HZ", "RATE_YAW_P", "RATE_YAW_I"},
       {"roll_rate", "pitch_rate", "yaw_rate", "hover_gusts", "motor_loss"},
       4},
      // The stick shaping changes nothing while the sticks are centred, so it is searched on the
      // steps alone, where no disturbance constraint can take the search's attention; then the
      // angle loop, on the shaped steps.
      {"shaping", {"ANG_RP_TC", "RATE_RP_FF"}, {"roll_step", "pitch_step"}, 5},
      {"angle", {"ANG_RP_P", "ANG_YAW_P"}, {"roll_step", "pitch_step", "yaw_rate", "hover_gusts", "motor_loss"}, 4},
      {"altitude", {"ALT_POS_P", "ALT_VEL_P", "ALT_VEL_I"}, {"climb", "gust_step"}, 7},
  };
  if (strategy == Strategy::Staged) return staged;
  Stage joint{"joint", {}, {}, kDefaultGenerations};
  for (const TunedParam& p : tunedParams()) joint.params.push_back(p.name);
  for (const Manoeuvre& m : standardManoeuvres()) joint.manoeuvres.push_back(m.name);
  return {joint};
}

const char* algorithmName(Algorithm a) {
  switch (a) {
    case Algorithm::Cmaes:
      return "cmaes";
    case Algorithm::Bobyqa:
      return "bobyqa";
    case Algorithm::Sbplx:
      return "sbplx";
    case Algorithm::NelderMead:
      return "neldermead";
    case Algorithm::Cobyla:
      return "cobyla";
  }
  return "?";
}

namespace {

nlopt::algorithm nloptOf(Algorithm a) {
  switch (a) {
    case Algorithm::Cmaes:
      break;
    case Algorithm::Bobyqa:
      return nlopt::LN_BOBYQA;
    case Algorithm::Sbplx:
      return nlopt::LN_SBPLX;
    case Algorithm::NelderMead:
      return nlopt::LN_NELDERMEAD;
    case Algorithm::Cobyla:
      return nlopt::LN_COBYLA;
  }
  return nlopt::LN_BOBYQA;
}

// The disturbance constraints' factor in the search (1: the defaults' own flights are the
// limit, so the search starts within them). 0.95, to leave the held-out flights a margin, met
// the same aims on all six airframes once every flight started from a settled hover (measured,
// seed 1), and made every stage's search cost read in the hundreds, the defaults outside it.
constexpr double kSearchMargin = 1.0;
// How many of the last generations' best candidates within the constraints are finalists.
constexpr std::size_t kFeasibleFinalists = 8;

// The whole parameter set's values of the tuned parameters (the base, else the defaults).
ParamList tunedValues(const ParamList& base) {
  ParamList out;
  for (const TunedParam& p : tunedParams()) {
    const double v = valueIn(base, p.name);
    out.emplace_back(p.name, std::isnan(v) ? double(fc_param_info(fc_param_find(p.name))->default_value) : v);
  }
  return out;
}

}  // namespace

const ManoeuvreSummary* findSummary(const std::vector<ManoeuvreSummary>& list, const std::string& manoeuvre) {
  for (const ManoeuvreSummary& s : list)
    if (s.manoeuvre == manoeuvre) return &s;
  return nullptr;
}

namespace {

std::vector<ManoeuvreSummary> summariesOf(const std::vector<NamedVariation>& set,
                                          const std::vector<FlightMetrics>& metrics) {
  std::vector<ManoeuvreSummary> out;
  const auto& manoeuvres = standardManoeuvres();
  for (std::size_t m = 0; m < manoeuvres.size(); ++m) {
    ManoeuvreSummary s;
    s.manoeuvre = manoeuvres[m].name;
    const Manoeuvre& man = manoeuvres[m];
    for (std::size_t v = 0; v < set.size(); ++v) {
      const FlightMetrics& f = metrics[m * set.size() + v];
      ++s.flights;
      s.cost += costOf(man, f);
      if (f.diverged != 0.0) {
        if (s.failures++ == 0) s.first_failure = set[v].name + ": " + failureOf(man, f);
        continue;
      }
      s.overshoot_mean += f.overshoot;
      s.overshoot_worst = std::max(s.overshoot_worst, f.overshoot);
      s.settling_mean_s += f.settling_s;
      s.settling_worst_s = std::max(s.settling_worst_s, f.settling_s);
      s.tilt_rms_mean_deg += f.tilt_rms_deg;
      s.tilt_rms_worst_deg = std::max(s.tilt_rms_worst_deg, f.tilt_rms_deg);
      s.heading_rms_mean_deg += f.heading_rms_deg;
      s.motor_activity_mean += f.motor_activity;
      s.saturation_mean += f.saturation;
      s.disturbance_mean += f.disturbance_peak;
      s.disturbance_worst = std::max(s.disturbance_worst, f.disturbance_peak);
    }
    const double stable = std::max(1, s.flights - s.failures);
    s.overshoot_mean /= stable;
    s.settling_mean_s /= stable;
    s.tilt_rms_mean_deg /= stable;
    s.heading_rms_mean_deg /= stable;
    s.motor_activity_mean /= stable;
    s.saturation_mean /= stable;
    s.disturbance_mean /= stable;
    s.cost = s.cost.scaled(1.0 / double(s.flights));
    out.push_back(s);
  }
  return out;
}

std::vector<std::string> allManoeuvres() {
  std::vector<std::string> names;
  for (const Manoeuvre& m : standardManoeuvres()) names.push_back(m.name);
  return names;
}

}  // namespace

Result<std::vector<ManoeuvreSummary>> summarise(Experiment& experiment, const Ranks& ranks,
                                                const std::vector<NamedVariation>& set, const ParamList& params,
                                                std::vector<Response>* nominal_responses,
                                                std::vector<FlightMetrics>* flights) {
  const std::vector<std::string> names = allManoeuvres();
  auto metrics = evaluate(experiment, ranks, casesOf(names, set), params);
  if (!metrics) return metrics.error();
  std::vector<ManoeuvreSummary> out = summariesOf(set, *metrics);
  if (flights) *flights = *metrics;
  if (nominal_responses) {
    // The first vehicle of the set, every manoeuvre, flown once more on this rank alone.
    std::vector<FlightCase> first;
    for (std::size_t m = 0; m < names.size(); ++m) first.push_back({m, set.front().variation, 0});
    auto r = experiment.fly(first, params, nominal_responses);
    if (!r) return r.error();
  }
  return out;
}

const char* stopReasonText(StopReason reason) {
  switch (reason) {
    case StopReason::Converged:
      return "converged";
    case StopReason::EvaluationCap:
      return "evaluation cap";
    case StopReason::TimeBudget:
      return "time limit";
    case StopReason::Cancelled:
      return "cancelled";
    case StopReason::Error:
      return "error";
    case StopReason::NotRunTimeBudget:
      return "not run (time limit)";
  }
  return "?";
}

namespace {

// The steady clock in seconds, the default ClockFn.
double steadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// The search's shape, derived from checked options.
struct SearchPlan {
  int set_size = 0;
  std::size_t per_generation = 0;  // vehicles of the set each generation flies its steps on
  bool population = false;         // CMA-ES (a population per generation), else an NLopt method
  int lambda = 0;                  // CMA-ES's candidates per generation
  std::vector<Stage> stages;
  std::vector<int> caps;  // candidates per stage
  int evaluations_max = 0;
};

// Each stage's share of the evaluation cap: for CMA-ES in proportion to its generations
// (stagesOf), for the NLopt methods by dimension; an error when a share is too small to start
// the stage's search.
Result<std::vector<int>> capsOf(const TuneOptions& options, const SearchPlan& plan) {
  std::vector<int> caps;
  int dims_total = 0;
  for (const Stage& s : plan.stages) dims_total += int(s.params.size());
  const int stages = int(plan.stages.size());
  int generations = 0;
  for (const Stage& s : plan.stages) generations += s.generations;
  // The search's length, the same on any machine; under a minute for a shipped multirotor on
  // two cores (docs/tune.md), far inside the time limit.
  const int default_cap = plan.population ? generations * plan.lambda : 20 * dims_total + 20 * stages;
  const int total_cap = options.max_evaluations > 0 ? options.max_evaluations : default_cap;
  for (const Stage& s : plan.stages) {
    const int n = int(s.params.size());
    const double weight =
        plan.population ? double(s.generations) / double(generations) : double(n + 1) / double(dims_total + stages);
    const int share = int(std::lround(double(total_cap) * weight));
    // CMA-ES: at least two generations; BOBYQA needs 2n + 1 points to start.
    const int needed = plan.population ? 2 * plan.lambda : 2 * n + 2;
    if (share < needed)
      return Error{"an evaluation cap of " + std::to_string(total_cap) + " leaves the " + s.name + " stage " +
                   std::to_string(share) + " evaluations; it needs at least " + std::to_string(needed) +
                   (plan.population ? " (two generations of " + std::to_string(plan.lambda) + ")" : std::string()) +
                   " (raise --max-evaluations)"};
    caps.push_back(share);
  }
  return caps;
}

// Checks the base parameters and the options; the search's plan, or what is wrong with them.
Result<SearchPlan> planOf(const TuneOptions& options) {
  for (const auto& [name, value] : options.base) {
    const fc_param_result_t r = fc_param_check(fc_param_find(name.c_str()), float(value));
    if (r != FC_PARAM_OK) return Error{"parameter " + name + ": " + fc_param_result_text(r)};
  }
  if (!(options.budget_s >= 0.0) || !std::isfinite(options.budget_s))
    return Error{"the time limit must be a number of seconds ≥ 0 (0: none)"};
  SearchPlan plan;
  plan.set_size = options.set_size > 0 ? options.set_size : kDefaultSetSize;
  // Bounded so that a slip of the keyboard cannot start a search of hours (1000 vehicles × 9
  // manoeuvres is 9000 flights for the defaults' reference alone).
  if (plan.set_size < 2 || plan.set_size > 1000)
    return Error{"the robustness set needs 2 to 1000 vehicles, not " + std::to_string(plan.set_size)};
  if (options.population > 1000)
    return Error{"a population of at most 1000, not " + std::to_string(options.population)};
  const int per_generation_opt =
      options.vehicles_per_generation > 0 ? options.vehicles_per_generation : kDefaultVehiclesPerGeneration;
  plan.per_generation = std::size_t(std::min(per_generation_opt, plan.set_size));
  plan.population = options.algorithm == Algorithm::Cmaes;
  plan.lambda = options.population > 0 ? options.population : kDefaultPopulation;
  if (plan.population && plan.lambda < 4)
    return Error{"a population of " + std::to_string(plan.lambda) + " is too small: CMA-ES needs at least 4"};
  plan.stages = stagesOf(options.strategy);
  auto caps = capsOf(options, plan);
  if (!caps) return caps.error();
  plan.caps = std::move(caps).value();
  for (int c : plan.caps) plan.evaluations_max += c;
  return plan;
}

// One stage's search as it goes: its report, what cut it short, the best cost seen and the
// candidates that go to the finalists' flight on the whole set.
struct StageRun {
  StageRun(std::size_t i, const Stage& s, StageSearch& searching)
      : index(i), stage(s), search(searching), x0(searching.start()), report{s, 0, 0.0, 0.0, StopReason::Converged} {}
  std::size_t index = 0;
  const Stage& stage;
  StageSearch& search;
  Eigen::VectorXd x0;  // where the search starts
  int generations_max = 0;
  StageReport report;
  std::optional<StopReason> cut;  // Cancelled or TimeBudget
  double best_seen = std::numeric_limits<double>::infinity();
  std::vector<Eigen::VectorXd> finalists;
};

// A tune in progress: the experiment, the plan, the clock, and what the stages found so far.
// Every call that asks all ranks (elapsedOnAll, cancelledOnAny) is made in the same order on
// each rank, as the ranks' collective operations require.
class Tuning {
 public:
  Tuning(Experiment& experiment, const VehicleModel& model, const TuneOptions& options, const Ranks& ranks,
         const SearchPlan& plan, const ProgressFn& progress, const std::atomic<bool>* cancel)
      : experiment_(experiment),
        model_(model),
        options_(options),
        ranks_(ranks),
        plan_(plan),
        progress_(progress),
        cancel_(cancel),
        clock_(options.clock ? options.clock : ClockFn(steadySeconds)),
        started_s_(clock_()) {}

  Result<bool> flyReference();
  Result<bool> searchStages();
  Result<bool> check();
  TuneResult& result() { return result_; }

 private:
  double elapsedOnAll() const { return ranks_.maxOf(clock_() - started_s_); }
  bool cancelledOnAny() const { return ranks_.maxOf(cancel_ && cancel_->load() ? 1.0 : 0.0) > 0.0; }
  bool stopNow(StageRun& run, bool flown_any) const;
  Result<bool> searchStage(std::size_t si, bool& budget_spent);
  Result<bool> searchWithCmaes(StageRun& run);
  Result<bool> searchWithNlopt(StageRun& run);
  Result<bool> keepBestFinalist(StageRun& run, const ParamList& stage_start);

  Experiment& experiment_;
  const VehicleModel& model_;
  const TuneOptions& options_;
  const Ranks& ranks_;
  const SearchPlan& plan_;
  const ProgressFn& progress_;
  const std::atomic<bool>* cancel_;
  ClockFn clock_;
  double started_s_ = 0.0;
  TuneResult result_;
  std::vector<NamedVariation> robust_;
  std::vector<FlightMetrics> reference_;  // the defaults' flights, every manoeuvre × the robustness set
  ParamList before_all_;                  // the base under the gains before
  ParamList current_;                     // the tuned parameters as the search leaves them
  int evaluation_ = 0;
  double previous_stages_cost_ = 0.0;
};

// Whether the search must stop (a cancel on any rank, or the time budget once a candidate has
// flown); `run.cut` says which.
bool Tuning::stopNow(StageRun& run, bool flown_any) const {
  if (cancelledOnAny())
    run.cut = StopReason::Cancelled;
  else if (options_.budget_s > 0.0 && elapsedOnAll() > options_.budget_s && flown_any)
    run.cut = StopReason::TimeBudget;
  return run.cut.has_value();
}

// The robustness set, the gains before, and the defaults' own flights on the whole set: the
// constraints' reference, and the check's "before" on the robustness set.
Result<bool> Tuning::flyReference() {
  robust_ = robustnessSet(model_, options_.seed, plan_.set_size);
  for (const NamedVariation& v : robust_) result_.robust_names.push_back(v.name);
  // What the vehicle flies with untuned: the firmware's defaults under its airframe file's own
  // gains (firmware_params: an airframe unlike the defaults' quad, such as lander_004, ships its
  // own, as PX4's airframe files set theirs), under the parameters it was given — the reference
  // every constraint and aim compares with.
  result_.step_aims = stepAimsOf(model_);
  result_.before = tunedValues(merged(model_.firmware_params, options_.base));
  before_all_ = merged(options_.base, result_.before);
  if (progress_)
    progress_({"checks", 0, 0, 0, 0, 0.0, 0.0, elapsedOnAll(), "the defaults on the robustness set", 0, 1});
  auto reference = evaluate(experiment_, ranks_, casesOf(allManoeuvres(), robust_), before_all_);
  if (!reference) return reference.error();
  reference_ = std::move(reference).value();
  result_.robust_flights_before = reference_;
  result_.robust_before = summariesOf(robust_, reference_);
  current_ = result_.before;
  return true;
}

// Every stage in turn, each from the gains the one before left; a stage the time budget cut
// ends the search, the later ones reported as not run.
Result<bool> Tuning::searchStages() {
  for (std::size_t si = 0; si < plan_.stages.size(); ++si) {
    bool budget_spent = false;
    if (auto searched = searchStage(si, budget_spent); !searched) return searched.error();
    if (budget_spent) {
      for (std::size_t later = si + 1; later < plan_.stages.size(); ++later)
        result_.stages.push_back({plan_.stages[later], 0, 0.0, 0.0, StopReason::NotRunTimeBudget});
      break;
    }
  }
  result_.tuned = current_;
  result_.evaluations = evaluation_;
  result_.search_s = elapsedOnAll();
  result_.complete = std::all_of(result_.stages.begin(), result_.stages.end(), [](const StageReport& s) {
    return s.stopped_by == StopReason::Converged || s.stopped_by == StopReason::EvaluationCap;
  });
  result_.cut_by_time_limit = std::any_of(result_.stages.begin(), result_.stages.end(), [](const StageReport& s) {
    return s.stopped_by == StopReason::TimeBudget || s.stopped_by == StopReason::NotRunTimeBudget;
  });
  return true;
}

// One stage: its search, then its finalists on the whole set; `budget_spent` when the time
// budget cut it.
Result<bool> Tuning::searchStage(std::size_t si, bool& budget_spent) {
  const Stage& stage = plan_.stages[si];
  // The shaping, off by default, starts from the model in the stage that searches it.
  const ParamList stage_start = searchStart(current_, model_, stage.params);
  StageSearch search(experiment_, ranks_, options_, stage, robust_, reference_, stage_start, result_.step_aims);
  StageRun run(si, stage, search);
  run.generations_max = plan_.population ? std::max(2, plan_.caps[si] / plan_.lambda) : plan_.caps[si];
  run.finalists.push_back(run.x0);
  auto searched = plan_.population ? searchWithCmaes(run) : searchWithNlopt(run);
  if (!searched) return searched.error();
  if (run.cut) run.report.stopped_by = *run.cut;
  if (run.report.evaluations == 0) {
    if (run.cut == StopReason::Cancelled) return Error{"cancelled before anything was tuned"};
    return Error{"the time limit of " + std::to_string(options_.budget_s) + " s ran out before the " + stage.name +
                 " stage could fly a candidate: raise --budget-s"};
  }
  if (run.cut == StopReason::Cancelled) return Error{"cancelled"};
  if (auto kept = keepBestFinalist(run, stage_start); !kept) return kept.error();
  result_.stages.push_back(run.report);
  budget_spent = run.report.stopped_by == StopReason::TimeBudget;
  return true;
}

// CMA-ES: each generation's λ candidates flown as one batch on its share of the set, until the
// distribution shrinks, the stage's cap, a cancel or the clock. The finalists: its mean, its
// last generation's best, and the last generations' best within the constraints.
Result<bool> Tuning::searchWithCmaes(StageRun& run) {
  const int lambda = plan_.lambda;
  Cmaes cma(run.x0, 0.05, lambda, options_.seed * 0x9e3779b97f4a7c15ull + run.index);
  Eigen::VectorXd best_of_last;
  // The best candidate within the constraints on its generation's vehicles, per generation
  // (the last kFeasibleFinalists of them go to the finalists).
  std::vector<Eigen::VectorXd> feasible_bests;
  for (int g = 0; g < run.generations_max; ++g) {
    if (stopNow(run, g > 0)) break;
    const std::vector<Eigen::VectorXd> points = cma.ask();
    std::vector<double> excess;
    auto c = run.search.costs(points, run.search.vehiclesOf(g, plan_.per_generation), kSearchMargin, &excess);
    if (!c) return c.error();
    cma.tell(*c);
    const auto best = std::min_element(c->begin(), c->end());
    best_of_last = points[std::size_t(best - c->begin())];
    std::optional<std::size_t> feasible;
    for (std::size_t k = 0; k < points.size(); ++k)
      if (excess[k] == 0.0 && (!feasible || (*c)[k] < (*c)[*feasible])) feasible = k;
    if (feasible) feasible_bests.push_back(Cmaes::projected(points[*feasible]));
    run.best_seen = std::min(run.best_seen, *best);
    run.report.evaluations += lambda;
    evaluation_ += lambda;
    result_.best_cost.emplace_back(evaluation_, previous_stages_cost_ + run.best_seen);
    if (progress_)
      progress_({run.stage.name, evaluation_, plan_.evaluations_max, g + 1, run.generations_max, *best, run.best_seen,
                 elapsedOnAll(), "", 0, 0});
    if (g + 1 == run.generations_max) run.report.stopped_by = StopReason::EvaluationCap;
    if (cma.spread() < 2e-3) break;  // the distribution has shrunk to ~0.5 % of a value
  }
  if (run.report.evaluations > 0) {
    run.finalists.push_back(Cmaes::projected(cma.mean()));
    run.finalists.push_back(Cmaes::projected(best_of_last));
    const std::size_t keep = std::min<std::size_t>(feasible_bests.size(), kFeasibleFinalists);
    run.finalists.insert(run.finalists.end(), feasible_bests.end() - std::ptrdiff_t(keep), feasible_bests.end());
  }
  return true;
}

// NLopt, one candidate at a time on a fixed share of the set; the finalist is its best.
Result<bool> Tuning::searchWithNlopt(StageRun& run) {
  const std::vector<std::size_t> vehicles = run.search.vehiclesOf(0, plan_.per_generation);
  Eigen::VectorXd best_x = run.x0;
  std::optional<Error> failed;
  const auto objective = [&](const std::vector<double>& at) -> double {
    if (stopNow(run, run.report.evaluations > 0)) throw nlopt::forced_stop();
    const Eigen::VectorXd x = Eigen::Map<const Eigen::VectorXd>(at.data(), Eigen::Index(at.size()));
    auto c = run.search.costs({x}, vehicles, kSearchMargin);
    if (!c) {
      failed = c.error();
      throw nlopt::forced_stop();
    }
    ++run.report.evaluations;
    ++evaluation_;
    if ((*c)[0] < run.best_seen) {
      run.best_seen = (*c)[0];
      best_x = x;
    }
    result_.best_cost.emplace_back(evaluation_, previous_stages_cost_ + run.best_seen);
    if (progress_)
      progress_({run.stage.name, evaluation_, plan_.evaluations_max, run.report.evaluations, run.generations_max,
                 (*c)[0], run.best_seen, elapsedOnAll(), "", 0, 0});
    return (*c)[0];
  };
  const Eigen::VectorXd& x0 = run.x0;
  nlopt::opt opt(nloptOf(options_.algorithm), unsigned(x0.size()));
  opt.set_lower_bounds(std::vector<double>(std::size_t(x0.size()), 0.0));
  opt.set_upper_bounds(std::vector<double>(std::size_t(x0.size()), 1.0));
  opt.set_min_objective([](const std::vector<double>& at, std::vector<double>&,
                           void* data) { return (*static_cast<decltype(objective)*>(data))(at); },
                        const_cast<void*>(static_cast<const void*>(&objective)));
  opt.set_maxeval(plan_.caps[run.index]);
  opt.set_xtol_abs(1e-3);
  opt.set_initial_step(0.1);
  double minimum = 0.0;
  std::vector<double> x(x0.data(), x0.data() + x0.size());
  try {
    const nlopt::result r = opt.optimize(x, minimum);
    run.report.stopped_by = r == nlopt::MAXEVAL_REACHED ? StopReason::EvaluationCap : StopReason::Converged;
  } catch (const nlopt::forced_stop&) {
    run.report.stopped_by = StopReason::Error;
  } catch (const std::exception& e) {
    return Error{std::string("the optimiser (NLopt ") + algorithmName(options_.algorithm) + ") failed: " + e.what()};
  }
  if (failed) return *failed;
  if (run.report.evaluations > 0) run.finalists.push_back(best_x);
  return true;
}

// The finalists — where the search started, its mean and its last best — flown on the whole
// set; the stage keeps the cheapest of those within every constraint there (the start always
// is: it is the defaults or a tune of them), else the cheapest.
Result<bool> Tuning::keepBestFinalist(StageRun& run, const ParamList& stage_start) {
  if (progress_)
    progress_({"checks", evaluation_, plan_.evaluations_max, 0, 0, 0, run.best_seen, elapsedOnAll(),
               "the " + run.stage.name + " stage's finalists on the whole set", 0, 1});
  std::vector<std::size_t> everyone(robust_.size());
  for (std::size_t i = 0; i < everyone.size(); ++i) everyone[i] = i;
  // With them the gains as the stage found them, when the search start switched something on
  // (the stick shaping): a feature that does not pay for itself stays off.
  std::vector<ParamList> final_sets;
  for (const Eigen::VectorXd& x : run.finalists) final_sets.push_back(run.search.candidate(x));
  const bool entry_differs = stage_start != current_;
  if (entry_differs) final_sets.push_back(current_);
  std::vector<double> final_excess, accept_excess;
  auto final_costs = run.search.costsOf(final_sets, std::vector<double>(final_sets.size(), 0.0), everyone, 1.0,
                                        &final_excess, &accept_excess);
  if (!final_costs) return final_costs.error();
  // The stage's entry gains need no margin (they are the defaults, or a tune already taken);
  // any other finalist is taken only within the acceptance margins.
  const std::size_t entry = entry_differs ? final_sets.size() - 1 : 0;
  const auto feasibleAt = [&](std::size_t f) { return f == entry ? final_excess[f] == 0.0 : accept_excess[f] == 0.0; };
  std::size_t pick = entry;
  for (std::size_t f = 0; f < final_sets.size(); ++f) {
    if (f == pick) continue;
    const bool feasible = feasibleAt(f), pick_feasible = feasibleAt(pick);
    if ((feasible && !pick_feasible) || (feasible == pick_feasible && (*final_costs)[f] < (*final_costs)[pick]))
      pick = f;
  }
  run.report.cost_before = (*final_costs)[entry];
  run.report.cost_after = (*final_costs)[pick];
  current_ = final_sets[pick];
  previous_stages_cost_ += run.report.cost_after;
  return true;
}

// The checks after the search: the tuned gains on the robustness set, the gains before and
// after on the held-out flights, the margins of both, and the aims judged on them.
Result<bool> Tuning::check() {
  TuneResult& result = result_;
  const ParamList& before_all = before_all_;
  const ParamList after_all = merged(options_.base, result.tuned);
  const std::vector<NamedVariation> held = heldOutSet(model_, options_.seed);
  for (const NamedVariation& v : held) result.held_names.push_back(v.name);
  // The margins on the vehicles of the first generation (the nominal and seven others).
  const std::vector<NamedVariation> margin_set(robust_.begin(), robust_.begin() + std::ptrdiff_t(plan_.per_generation));
  const int steps = 5;
  int step = 0;
  const auto checking = [&](const std::string& what) -> bool {
    if (cancelledOnAny()) return false;
    if (progress_)
      progress_({"checks", evaluation_, plan_.evaluations_max, 0, 0, 0, 0, elapsedOnAll(), what, step, steps});
    ++step;
    return true;
  };
  if (!checking("the tuned gains on the robustness set")) return Error{"cancelled"};
  auto robust_after = summarise(experiment_, ranks_, robust_, after_all, nullptr, &result.robust_flights_after);
  if (!robust_after) return robust_after.error();
  result.robust_after = std::move(robust_after).value();
  if (!checking("the held-out flights")) return Error{"cancelled"};
  for (auto [params, out, flights, responses] :
       {std::tuple{&before_all, &result.held_before, &result.held_flights_before, &result.responses_before},
        std::tuple{&after_all, &result.held_after, &result.held_flights_after, &result.responses_after}}) {
    auto h = summarise(experiment_, ranks_, held, *params, responses, flights);
    if (!h) return h.error();
    *out = std::move(h).value();
  }
  if (!checking("the margins with the defaults")) return Error{"cancelled"};
  auto mb = marginsOf(experiment_, ranks_, margin_set, before_all);
  if (!mb) return mb.error();
  result.margins_before = *mb;
  if (!checking("the margins with the tuned gains")) return Error{"cancelled"};
  auto ma = marginsOf(experiment_, ranks_, margin_set, after_all);
  if (!ma) return ma.error();
  result.margins_after = *ma;
  result.aims = aimsOf(result);
  checking("done");
  return true;
}

}  // namespace

Result<TuneResult> tune(const VehicleModel& model, const TuneOptions& options, const Ranks& ranks,
                        const ProgressFn& progress, const std::atomic<bool>* cancel) {
  auto created = Experiment::create(model, options.threads);
  if (!created) return created.error();
  auto plan = planOf(options);
  if (!plan) return plan.error();
  Tuning tuning(created.value(), model, options, ranks, *plan, progress, cancel);
  if (auto flown = tuning.flyReference(); !flown) return flown.error();
  if (auto searched = tuning.searchStages(); !searched) return searched.error();
  if (!options.check) return std::move(tuning.result());
  if (auto checked = tuning.check(); !checked) return checked.error();
  return std::move(tuning.result());
}

}  // namespace vsim::tune
