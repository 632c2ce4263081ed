#include "flight/tune/tuner.h"

#include "firmware/core/fc_params.h"

#include <nlopt.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace vsim::tune {

const std::vector<TunedParam>& tunedParams() {
  // Bounds: about a decade either side of the firmware's defaults, within its ranges — except
  // the two hold loops, kept firm enough for a pilot: the manoeuvres judge the yaw and climb
  // steps' release, where a softer heading or height hold overshoots less but then drifts.
  static const std::vector<TunedParam> list = {
      {"RATE_RP_P", 0.015, 3.0},  {"RATE_RP_I", 0.02, 2.0},   {"RATE_RP_D", 0.0003, 0.03}, {"RATE_D_LPF_HZ", 10.0, 200.0},
      {"RATE_YAW_P", 0.03, 2.0},  {"RATE_YAW_I", 0.01, 1.0},  {"ANG_RP_P", 2.0, 30.0},     {"ANG_YAW_P", 1.5, 15.0},
      {"ALT_POS_P", 0.5, 5.0},    {"ALT_VEL_P", 0.5, 15.0},   {"ALT_VEL_I", 0.05, 5.0},
  };
  return list;
}

std::vector<Stage> stagesOf(Strategy strategy) {
  const std::vector<Stage> staged = {
      {"rate", {"RATE_RP_P", "RATE_RP_I", "RATE_RP_D", "RATE_D_LPF_HZ", "RATE_YAW_P", "RATE_YAW_I"},
       {"roll_rate", "pitch_rate", "yaw_rate", "hover_gusts"}},
      {"angle", {"ANG_RP_P", "ANG_YAW_P"}, {"roll_step", "pitch_step", "yaw_rate", "hover_gusts"}},
      {"altitude", {"ALT_POS_P", "ALT_VEL_P", "ALT_VEL_I"}, {"climb"}},
  };
  if (strategy == Strategy::Staged) return staged;
  Stage joint{"joint", {}, {}};
  for (const TunedParam& p : tunedParams()) joint.params.push_back(p.name);
  for (const Manoeuvre& m : standardManoeuvres()) joint.manoeuvres.push_back(m.name);
  return {joint};
}

const char* algorithmName(Algorithm a) {
  switch (a) {
    case Algorithm::Bobyqa: return "bobyqa";
    case Algorithm::Sbplx: return "sbplx";
    case Algorithm::NelderMead: return "neldermead";
    case Algorithm::Cobyla: return "cobyla";
  }
  return "?";
}

namespace {

nlopt::algorithm nloptOf(Algorithm a) {
  switch (a) {
    case Algorithm::Bobyqa: return nlopt::LN_BOBYQA;
    case Algorithm::Sbplx: return nlopt::LN_SBPLX;
    case Algorithm::NelderMead: return nlopt::LN_NELDERMEAD;
    case Algorithm::Cobyla: return nlopt::LN_COBYLA;
  }
  return nlopt::LN_BOBYQA;
}

const TunedParam& boundsOf(const std::string& name) {
  for (const TunedParam& p : tunedParams())
    if (name == p.name) return p;
  static const TunedParam none{"", 1.0, 1.0};
  return none;
}

// A search coordinate in [0, 1] ↔ a value, log-spaced between the bounds; values are held as
// the float the firmware stores, so a candidate's cost is the cost of what would be written.
double valueAt(const TunedParam& p, double x) {
  return double(float(p.lo * std::pow(p.hi / p.lo, std::clamp(x, 0.0, 1.0))));
}
double coordinateOf(const TunedParam& p, double value) {
  return std::clamp(std::log(std::clamp(value, p.lo, p.hi) / p.lo) / std::log(p.hi / p.lo), 0.0, 1.0);
}

double valueIn(const ParamList& list, const std::string& name) {
  double v = std::numeric_limits<double>::quiet_NaN();
  for (const auto& [n, value] : list)
    if (n == name) v = value;
  return v;
}

void setIn(ParamList& list, const std::string& name, double value) {
  for (auto& [n, v] : list)
    if (n == name) {
      v = value;
      return;
    }
  list.emplace_back(name, value);
}

std::size_t manoeuvreIndex(const std::string& name) {
  const auto& all = standardManoeuvres();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].name == name) return i;
  return all.size();
}

std::vector<FlightCase> casesOf(const std::vector<std::string>& manoeuvres, const std::vector<NamedVariation>& set) {
  std::vector<FlightCase> out;
  for (const std::string& m : manoeuvres)
    for (const NamedVariation& v : set) out.push_back({manoeuvreIndex(m), v.variation});
  return out;
}

// Flies the cases, shared between the ranks; every rank gets every flight's metrics.
Result<std::vector<FlightMetrics>> evaluate(Experiment& experiment, const Ranks& ranks,
                                            const std::vector<FlightCase>& cases, const ParamList& params) {
  const auto [first, end] = ranks.slice(cases.size());
  auto local = experiment.fly(std::span(cases).subspan(first, end - first), params);
  if (!local) return local.error();
  std::vector<double> flat;
  flat.reserve(local->size() * FlightMetrics::kFields);
  for (const FlightMetrics& f : *local) {
    const auto a = f.toArray();
    flat.insert(flat.end(), a.begin(), a.end());
  }
  const std::vector<double> all = ranks.allGather(flat, cases.size(), FlightMetrics::kFields);
  std::vector<FlightMetrics> out(cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) out[i] = FlightMetrics::fromArray(&all[i * FlightMetrics::kFields]);
  return out;
}

// The mean cost per flight, summed in flight order (the same on every rank).
double meanCost(const std::vector<FlightCase>& cases, const std::vector<FlightMetrics>& metrics) {
  double sum = 0.0;
  for (std::size_t i = 0; i < cases.size(); ++i)
    sum += costOf(standardManoeuvres()[cases[i].manoeuvre], metrics[i]).total();
  return sum / double(cases.size());
}

bool allStable(const std::vector<FlightMetrics>& metrics) {
  return std::all_of(metrics.begin(), metrics.end(), [](const FlightMetrics& f) { return f.diverged == 0.0; });
}

// The largest factor in [1, 16] for which `stable(k)` holds, by bisection in log scale to
// within 3 % (1 when even ×1 is unstable: the margin is then below 1).
Result<std::pair<double, bool>> largestStable(const std::function<Result<bool>(double)>& stable) {
  constexpr double kTop = 16.0;
  auto at_top = stable(kTop);
  if (!at_top) return at_top.error();
  if (*at_top) return std::pair{kTop, true};
  auto at_one = stable(1.0);
  if (!at_one) return at_one.error();
  if (!*at_one) return std::pair{0.0, false};
  double lo = 0.0, hi = std::log(kTop);
  while (hi - lo > 0.03) {
    const double mid = 0.5 * (lo + hi);
    auto s = stable(std::exp(mid));
    if (!s) return s.error();
    (*s ? lo : hi) = mid;
  }
  return std::pair{std::exp(lo), false};
}

const std::vector<std::string> kCalm = {"roll_rate", "pitch_rate", "yaw_rate", "roll_step"};

Result<Margins> marginsOf(Experiment& experiment, const Ranks& ranks, const std::vector<NamedVariation>& set,
                          const ParamList& params) {
  Margins out;
  const char* rate_gains[] = {"RATE_RP_P", "RATE_RP_I", "RATE_RP_D", "RATE_YAW_P", "RATE_YAW_I"};
  auto gain = largestStable([&](double k) -> Result<bool> {
    ParamList scaled = params;
    for (const char* name : rate_gains) {
      const fc_param_info_t* info = fc_param_info(fc_param_find(name));
      setIn(scaled, name, std::min(double(info->max), valueIn(scaled, name) * k));
    }
    auto m = evaluate(experiment, ranks, casesOf(kCalm, set), scaled);
    if (!m) return m.error();
    return allStable(*m);
  });
  if (!gain) return gain.error();
  out.rate_gain = gain->first;
  out.rate_gain_beyond = gain->second;
  auto lag = largestStable([&](double k) -> Result<bool> {
    std::vector<NamedVariation> slower = set;
    for (auto& v : slower) v.variation.motor_lag_scale *= k;
    auto m = evaluate(experiment, ranks, casesOf(kCalm, slower), params);
    if (!m) return m.error();
    return allStable(*m);
  });
  if (!lag) return lag.error();
  out.motor_lag = lag->first;
  out.motor_lag_beyond = lag->second;
  return out;
}

// The whole parameter set's values of the tuned parameters (the base, else the defaults).
ParamList tunedValues(const ParamList& base) {
  ParamList out;
  for (const TunedParam& p : tunedParams()) {
    const double v = valueIn(base, p.name);
    out.emplace_back(p.name, std::isnan(v) ? double(fc_param_info(fc_param_find(p.name))->default_value) : v);
  }
  return out;
}

ParamList merged(const ParamList& base, const ParamList& over) {
  ParamList out = base;
  for (const auto& [n, v] : over) setIn(out, n, v);
  return out;
}

struct StopSearch {};

}  // namespace

const ManoeuvreSummary* findSummary(const std::vector<ManoeuvreSummary>& list, const std::string& manoeuvre) {
  for (const ManoeuvreSummary& s : list)
    if (s.manoeuvre == manoeuvre) return &s;
  return nullptr;
}

Result<std::vector<ManoeuvreSummary>> summarise(Experiment& experiment, const Ranks& ranks,
                                                const std::vector<NamedVariation>& set, const ParamList& params,
                                                std::vector<Response>* nominal_responses) {
  std::vector<std::string> names;
  for (const Manoeuvre& m : standardManoeuvres()) names.push_back(m.name);
  const std::vector<FlightCase> cases = casesOf(names, set);
  auto metrics = evaluate(experiment, ranks, cases, params);
  if (!metrics) return metrics.error();
  std::vector<ManoeuvreSummary> out;
  for (std::size_t m = 0; m < names.size(); ++m) {
    ManoeuvreSummary s;
    s.manoeuvre = names[m];
    const Manoeuvre& man = standardManoeuvres()[m];
    for (std::size_t v = 0; v < set.size(); ++v) {
      const FlightMetrics& f = (*metrics)[m * set.size() + v];
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
    }
    const double stable = std::max(1, s.flights - s.failures);
    s.overshoot_mean /= stable;
    s.settling_mean_s /= stable;
    s.tilt_rms_mean_deg /= stable;
    s.heading_rms_mean_deg /= stable;
    s.motor_activity_mean /= stable;
    s.saturation_mean /= stable;
    s.cost = s.cost.scaled(1.0 / double(s.flights));
    out.push_back(s);
  }
  if (nominal_responses) {
    // The first vehicle of the set, every manoeuvre, flown once more on this rank alone.
    std::vector<FlightCase> first;
    for (std::size_t m = 0; m < names.size(); ++m) first.push_back({m, set.front().variation});
    auto r = experiment.fly(first, params, nominal_responses);
    if (!r) return r.error();
  }
  return out;
}

Result<TuneResult> tune(const VehicleModel& model, const TuneOptions& options, const Ranks& ranks,
                        const ProgressFn& progress, const std::atomic<bool>* cancel) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  auto created = Experiment::create(model, options.threads);
  if (!created) return created.error();
  Experiment& experiment = created.value();
  for (const auto& [name, value] : options.base) {
    const fc_param_result_t r = fc_param_check(fc_param_find(name.c_str()), float(value));
    if (r != FC_PARAM_OK) return Error{"parameter " + name + ": " + fc_param_result_text(r)};
  }
  if (!(options.budget_s >= 0.0) || !std::isfinite(options.budget_s))
    return Error{"the time budget must be a number of seconds ≥ 0 (0: none)"};

  const std::vector<Stage> stages = stagesOf(options.strategy);
  std::vector<int> caps;
  int dims_total = 0;
  for (const Stage& s : stages) dims_total += int(s.params.size());
  const int total_cap = options.max_evaluations > 0 ? options.max_evaluations : 20 * dims_total + 20 * int(stages.size());
  for (const Stage& s : stages) {
    const int n = int(s.params.size());
    // Each stage's share of the cap, by its dimension; BOBYQA needs 2n + 1 points to start.
    const int share = int(std::lround(double(total_cap) * double(n + 1) / double(dims_total + int(stages.size()))));
    if (share < 2 * n + 2)
      return Error{"an evaluation cap of " + std::to_string(total_cap) + " leaves the " + s.name + " stage " +
                   std::to_string(share) + " evaluations; it needs at least " + std::to_string(2 * n + 2) +
                   " (raise --max-evaluations)"};
    caps.push_back(share);
  }

  const std::vector<NamedVariation> robust = robustnessSet(options.seed);
  TuneResult result;
  result.before = tunedValues(options.base);
  ParamList current = result.before;  // the tuned parameters as the search leaves them
  int evaluation = 0;
  int evaluations_max = 0;
  for (int c : caps) evaluations_max += c;
  std::optional<Error> failed;
  std::string stop_reason;
  double previous_stages_cost = 0.0;  // for the whole tune's best-cost history

  for (std::size_t si = 0; si < stages.size(); ++si) {
    const Stage& stage = stages[si];
    const std::vector<FlightCase> cases = casesOf(stage.manoeuvres, robust);
    std::vector<const TunedParam*> bounds;
    std::vector<double> x(stage.params.size());
    for (std::size_t k = 0; k < stage.params.size(); ++k) {
      bounds.push_back(&boundsOf(stage.params[k]));
      x[k] = coordinateOf(*bounds[k], valueIn(current, stage.params[k]));
    }
    const auto candidate = [&](const std::vector<double>& at) {
      ParamList p = current;
      for (std::size_t k = 0; k < at.size(); ++k) setIn(p, stage.params[k], valueAt(*bounds[k], at[k]));
      return p;
    };

    StageReport report{stage, 0, 0.0, 0.0, "converged"};
    double best = std::numeric_limits<double>::infinity();
    std::vector<double> best_x = x;
    stop_reason.clear();
    const auto objective = [&](const std::vector<double>& at) -> double {
      // The stop decisions are taken the same on every rank: the slowest rank's clock.
      const double elapsed = ranks.maxOf(std::chrono::duration<double>(Clock::now() - started).count());
      const bool cancelled = ranks.maxOf(cancel && cancel->load() ? 1.0 : 0.0) > 0.0;
      if (cancelled) stop_reason = "cancelled";
      else if (options.budget_s > 0.0 && elapsed > options.budget_s && report.evaluations > 0) stop_reason = "time budget";
      if (!stop_reason.empty()) throw nlopt::forced_stop();
      const ParamList p = candidate(at);
      auto metrics = evaluate(experiment, ranks, cases, merged(options.base, p));
      if (!metrics) {
        failed = metrics.error();
        throw nlopt::forced_stop();
      }
      const double cost = meanCost(cases, *metrics);
      if (report.evaluations == 0) report.cost_before = cost;
      ++report.evaluations;
      ++evaluation;
      if (cost < best) {
        best = cost;
        best_x = at;
      }
      result.best_cost.emplace_back(evaluation, previous_stages_cost + best);
      if (progress) progress({stage.name, evaluation, evaluations_max, cost, best, elapsed});
      return cost;
    };

    nlopt::opt opt(nloptOf(options.algorithm), unsigned(x.size()));
    opt.set_lower_bounds(std::vector<double>(x.size(), 0.0));
    opt.set_upper_bounds(std::vector<double>(x.size(), 1.0));
    opt.set_min_objective(
        [](const std::vector<double>& at, std::vector<double>&, void* data) {
          return (*static_cast<decltype(objective)*>(data))(at);
        },
        const_cast<void*>(static_cast<const void*>(&objective)));
    opt.set_maxeval(caps[si]);
    opt.set_xtol_abs(1e-3);  // 0.1 % of a bound's log span: ~0.2 % of a value
    opt.set_initial_step(0.1);
    double minimum = 0.0;
    std::vector<double> start = x;
    try {
      const nlopt::result r = opt.optimize(start, minimum);
      report.stopped_by = r == nlopt::MAXEVAL_REACHED ? "evaluation cap" : "converged";
    } catch (const nlopt::forced_stop&) {
      report.stopped_by = stop_reason.empty() ? "error" : stop_reason;
    } catch (const std::exception& e) {
      return Error{std::string("the optimiser (NLopt ") + algorithmName(options.algorithm) + ") failed: " + e.what()};
    }
    if (failed) return *failed;
    if (report.evaluations == 0) {
      if (stop_reason == "cancelled") return Error{"cancelled before anything was tuned"};
      return Error{"the time budget of " + std::to_string(options.budget_s) + " s ran out before the " + stage.name +
                   " stage could fly a candidate: raise --budget-s"};
    }
    // The stage keeps its best candidate (the defaults' cost when nothing beat them).
    for (std::size_t k = 0; k < stage.params.size(); ++k) setIn(current, stage.params[k], valueAt(*bounds[k], best_x[k]));
    report.cost_after = best;
    previous_stages_cost += best;
    result.stages.push_back(report);
    if (report.stopped_by == "time budget" || report.stopped_by == "cancelled") {
      // The later stages keep their starting values: record them as not run.
      for (std::size_t later = si + 1; later < stages.size(); ++later)
        result.stages.push_back({stages[later], 0, 0.0, 0.0, "not run (" + report.stopped_by + ")"});
      break;
    }
  }
  // A cancel ends the run: the checks after the search are not flown for a result no one wants.
  for (const StageReport& s : result.stages)
    if (s.stopped_by == "cancelled") return Error{"cancelled"};
  result.tuned = current;
  result.evaluations = evaluation;
  result.search_s = ranks.maxOf(std::chrono::duration<double>(Clock::now() - started).count());
  result.complete = std::all_of(result.stages.begin(), result.stages.end(), [](const StageReport& s) {
    return s.stopped_by == "converged" || s.stopped_by == "evaluation cap";
  });
  if (!options.check) return result;

  const ParamList before = merged(options.base, result.before), after = merged(options.base, result.tuned);
  const std::vector<NamedVariation> held = heldOutSet(options.seed);
  for (auto [params, robust_out, held_out, margins, responses] :
       {std::tuple{&before, &result.robust_before, &result.held_before, &result.margins_before, &result.responses_before},
        std::tuple{&after, &result.robust_after, &result.held_after, &result.margins_after, &result.responses_after}}) {
    auto r = summarise(experiment, ranks, robust, *params);
    if (!r) return r.error();
    *robust_out = std::move(r).value();
    auto h = summarise(experiment, ranks, held, *params, responses);
    if (!h) return h.error();
    *held_out = std::move(h).value();
    auto m = marginsOf(experiment, ranks, robust, *params);
    if (!m) return m.error();
    *margins = *m;
  }
  return result;
}

}  // namespace vsim::tune
