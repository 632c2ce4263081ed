#include "flight/tune/stage_search.h"

#include "flight/tune/cmaes.h"

#include <algorithm>
#include <cmath>

namespace vsim::tune {
namespace {

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

// A stage's finalist other than the gains it started from is taken only with a margin on the
// whole robustness set — its disturbance peaks and turbulence tilt within kAcceptMargin of the
// defaults', its motor activity within kAcceptActivityBound of theirs — so that what the set
// just met is met on flights it never saw (the held-out checks: at the bare limits, tunes that
// met every constraint on the set came out ×1.008–1.023 in gusts and ×1.202 in motor activity
// on held-out flights; measured, seed 1, s500, racer_5in, generic_quad).
constexpr double kAcceptMargin = 0.98, kAcceptActivityBound = 1.15;
// The cost of a constraint's relative excess, summed over the flights (not averaged: one
// vehicle 10 % worse than with the defaults costs 100, more than any gain elsewhere can pay).
constexpr double kConstraintPenalty = 1000.0;
// The cost of a candidate's distance outside the search box (CMA-ES samples beyond it).
constexpr double kOutsidePenalty = 100.0;
// The step aims (aimsOf, stepAimsOf) are judged on the airframe as built; the search holds its
// nominal vehicle's steps inside them with a margin for the other seeds and winds of the checks:
// each unit of overshoot beyond the aim − kAimOvershootMargin (4 % of 5 %) and each second of
// settling beyond the aim − kAimSettlingMarginS (0.23 s of 0.25 s) costs kAimPenalty — 1 % more overshoot or 10 ms more
// settling cost 10, more than a stage's whole cost per flight, so the mean over the varied vehicles cannot buy it — up
// to kAimPenaltyCap a flight: an airframe that cannot meet the aims (lander_004, the rocket) must not buy the attempt
// with flights that fail.
constexpr double kAimOvershootMargin = 0.01, kAimSettlingMarginS = 0.02, kAimPenalty = 1000.0, kAimPenaltyCap = 10.0;
// Each flight that fails (diverges, oscillates, saturates) costs this besides its share of the
// mean: twice what a step's aims can cost, so stability is never traded for them (without it
// the lander's angle stage gave 13 more heading-rate flights to its steps).
constexpr double kFailurePenalty = 2.0 * kAimPenaltyCap;

// An angle step: a manoeuvre the step aims judge.
bool angleStep(const Manoeuvre& m) { return m.measured == Measured::RollDeg || m.measured == Measured::PitchDeg; }

// A manoeuvre whose flights carry a disturbance-rejection constraint.
bool constrained(const Manoeuvre& m) {
  return m.measured == Measured::TiltRmsDeg || m.disturbance.kind != Disturbance::Kind::None;
}

// How far a flight exceeds its constraints against the same vehicle's flight with the defaults
// (0: within them): Σ of relative excesses of the tilt in turbulence, the disturbance's peak, and
// the motor activity over its bound. `limit` scales the disturbance constraints (kSearchMargin or 1),
// `activity_bound` is the motor activity's (kMotorActivityBound, or kAcceptActivityBound).
double constraintExcess(const Manoeuvre& m, const FlightMetrics& f, const FlightMetrics& ref, double limit,
                        double activity_bound = kMotorActivityBound) {
  if (ref.diverged != 0.0 || f.diverged != 0.0) return 0.0;  // the failure cost rules
  double excess = 0.0;
  const auto over = [&](double value, double bound) {
    if (bound > 0.0) excess += std::max(0.0, value / bound - 1.0);
  };
  if (m.measured == Measured::TiltRmsDeg) over(f.tilt_rms_deg, limit * ref.tilt_rms_deg);
  if (m.disturbance.kind != Disturbance::Kind::None) over(f.disturbance_peak, limit * ref.disturbance_peak);
  over(f.motor_activity, activity_bound * ref.motor_activity);
  return excess;
}

}  // namespace

StageSearch::StageSearch(Experiment& experiment, const Ranks& ranks, const TuneOptions& options, const Stage& stage,
                         const std::vector<NamedVariation>& set, const std::vector<FlightMetrics>& reference,
                         const ParamList& current, const StepAims& aims)
    : experiment_(experiment),
      ranks_(ranks),
      options_(options),
      stage_(stage),
      set_(set),
      reference_(reference),
      current_(current),
      aim_overshoot_(aims.overshoot - kAimOvershootMargin),
      aim_settling_s_(aims.settling_s - kAimSettlingMarginS) {
  for (const std::string& name : stage.params) bounds_.push_back(&boundsOf(name));
  for (const std::string& m : stage.manoeuvres) manoeuvres_.push_back(manoeuvreIndex(m));
}

Eigen::VectorXd StageSearch::start() const {
  Eigen::VectorXd x(Eigen::Index(bounds_.size()));
  for (std::size_t k = 0; k < bounds_.size(); ++k)
    x[Eigen::Index(k)] = coordinateOf(*bounds_[k], valueIn(current_, stage_.params[k]));
  return x;
}

ParamList StageSearch::candidate(const Eigen::VectorXd& at) const {
  ParamList p = current_;
  for (std::size_t k = 0; k < bounds_.size(); ++k)
    setIn(p, stage_.params[k], valueAt(*bounds_[k], at[Eigen::Index(k)]));
  return p;
}

std::vector<std::size_t> StageSearch::vehiclesOf(int g, std::size_t per_generation) const {
  const std::size_t n = set_.size();
  if (per_generation >= n) {
    std::vector<std::size_t> all(n);
    for (std::size_t i = 0; i < n; ++i) all[i] = i;
    return all;
  }
  std::vector<std::size_t> out{0};
  for (std::size_t j = 0; j + 1 < per_generation; ++j)
    out.push_back(1 + (std::size_t(g) * (per_generation - 1) + j) % (n - 1));
  return out;
}

Result<std::vector<double>> StageSearch::costs(const std::vector<Eigen::VectorXd>& points,
                                               const std::vector<std::size_t>& vehicles, double limit,
                                               std::vector<double>* excess) {
  std::vector<ParamList> sets;
  std::vector<double> outside;
  for (const Eigen::VectorXd& x : points) {
    sets.push_back(candidate(Cmaes::projected(x)));
    outside.push_back((x - Cmaes::projected(x)).norm());
  }
  return costsOf(sets, outside, vehicles, limit, excess);
}

Result<std::vector<double>> StageSearch::costsOf(const std::vector<ParamList>& sets, const std::vector<double>& outside,
                                                 const std::vector<std::size_t>& vehicles, double limit,
                                                 std::vector<double>* excess, std::vector<double>* accept_excess) {
  std::vector<FlightCase> cases;
  // The constrained manoeuvres (a disturbance to reject: turbulence, a motor loss, a gust) on
  // every vehicle of the set, so no generation misses a vehicle the constraints bind on; the
  // others on `vehicles`.
  std::vector<std::size_t> everyone(set_.size());
  for (std::size_t i = 0; i < everyone.size(); ++i) everyone[i] = i;
  const auto vehiclesFor = [&](std::size_t m) -> const std::vector<std::size_t>& {
    return constrained(standardManoeuvres()[m]) ? everyone : vehicles;
  };
  for (std::size_t c = 0; c < sets.size(); ++c)
    for (std::size_t m : manoeuvres_)
      for (std::size_t v : vehiclesFor(m)) cases.push_back({m, set_[v].variation, c});
  auto metrics = evaluate(experiment_, ranks_, cases, options_.base, sets);
  if (!metrics) return metrics.error();
  std::vector<double> out(sets.size(), 0.0);
  if (excess) excess->assign(sets.size(), 0.0);
  if (accept_excess) accept_excess->assign(sets.size(), 0.0);
  std::size_t per = 0;
  for (std::size_t m : manoeuvres_) per += vehiclesFor(m).size();
  for (std::size_t c = 0; c < sets.size(); ++c) {
    double sum = 0.0, over = 0.0, penalties = 0.0;  // the failures' and the step aims'
    std::size_t i = c * per;
    for (std::size_t m : manoeuvres_)
      for (std::size_t v : vehiclesFor(m)) {
        const Manoeuvre& man = standardManoeuvres()[m];
        const FlightMetrics& f = (*metrics)[i++];
        sum += costOf(man, f).total();
        const FlightMetrics& ref = reference_[m * set_.size() + v];
        over += constraintExcess(man, f, ref, limit);
        if (accept_excess) (*accept_excess)[c] += constraintExcess(man, f, ref, kAcceptMargin, kAcceptActivityBound);
        if (f.diverged != 0.0)
          penalties += kFailurePenalty;
        else if (v == 0 && angleStep(man))
          penalties += std::min(kAimPenaltyCap, kAimPenalty * (std::max(0.0, f.overshoot - aim_overshoot_) +
                                                               std::max(0.0, f.settling_s - aim_settling_s_)));
      }
    out[c] = sum / double(per) + kConstraintPenalty * over + penalties + kOutsidePenalty * outside[c];
    if (excess) (*excess)[c] = over;
  }
  return out;
}

}  // namespace vsim::tune
