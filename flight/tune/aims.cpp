// The tune's aims (tuner.h: aimsOf), judged on the checks' flights: docs/design/tuner.md.
#include "flight/tune/tuner.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <limits>
#include <tuple>

namespace vsim::tune {

bool TuneResult::aimsMet() const {
  return std::all_of(aims.begin(), aims.end(), [](const Aim& a) { return a.met; });
}

namespace {

// The worst step response of a group of held-out flights, and who flew it.
struct StepWorst {
  double overshoot = 0.0, settling_s = 0.0;
  std::string overshoot_where, settling_where;  // a worst of 0 names nobody
  int flights = 0, failures = 0;
};

// The tuned gains' worst step `m` on the held-out flights: of the airframe as built (the first
// kHeldOutAsBuilt), and of the held-out airframes.
std::pair<StepWorst, StepWorst> worstSteps(const TuneResult& r, std::size_t m) {
  const std::size_t n = r.held_names.size();
  StepWorst built, others;
  for (std::size_t v = 0; v < n; ++v) {
    StepWorst& w = v < kHeldOutAsBuilt ? built : others;
    const FlightMetrics& f = r.held_flights_after[m * n + v];
    ++w.flights;
    // A flight that failed (diverged, oscillated) has no overshoot or settling time: the worst
    // of the others would read as met, so the failures are said with it.
    if (f.diverged != 0.0) {
      ++w.failures;
      continue;
    }
    if (f.overshoot > w.overshoot) w.overshoot = f.overshoot, w.overshoot_where = ": " + r.held_names[v];
    if (f.settling_s > w.settling_s) w.settling_s = f.settling_s, w.settling_where = ": " + r.held_names[v];
  }
  return {built, others};
}

// By how much a step aim is missed: the failed flights, else the excess (`format` of `excess`);
// empty when met.
std::string missedBy(const StepWorst& w, double excess, const char* format) {
  char text[96];
  if (w.failures > 0)
    std::snprintf(text, sizeof text, "%d of %d flights failed", w.failures, w.flights);
  else if (excess > 0.0)
    std::snprintf(text, sizeof text, format, excess);
  else
    return {};
  return text;
}

// The two aims of an angle step (its overshoot and its settling), judged on the held-out flights
// of the airframe as built — the airframe itself on flights the tuning never saw (other seeds,
// winds). The twelve held-out airframes (inertia ±20 %, motor lag up to ×1.5 …) are flown too:
// their worst step is said beside the aim, for the engineer, and their flights count in every
// other aim (stability, disturbances, motor activity).
void addStepAims(const TuneResult& r, const char* step, std::vector<Aim>& out) {
  const auto& manoeuvres = standardManoeuvres();
  const std::size_t m = std::size_t(findManoeuvre(step) - manoeuvres.data()), n = r.held_names.size();
  if ((m + 1) * n > r.held_flights_after.size() || n == 0) return;
  const auto [built, others] = worstSteps(r, m);
  char text[640], pilot[256];
  char failed[96] = "", failed_pilot[96] = "", others_overshoot[192] = "", others_settling[192] = "";
  if (built.failures > 0) {
    std::snprintf(failed, sizeof failed, "; %d of %d flights failed", built.failures, built.flights);
    std::snprintf(failed_pilot, sizeof failed_pilot, " %d of %d test flights failed outright.", built.failures,
                  built.flights);
  }
  if (others.flights > 0) {
    std::snprintf(others_overshoot, sizeof others_overshoot, "; the %d held-out airframes: worst %.1f %%%s",
                  others.flights, 100 * others.overshoot, others.overshoot_where.c_str());
    std::snprintf(others_settling, sizeof others_settling, "; the %d held-out airframes: worst %.3f s%s",
                  others.flights, others.settling_s, others.settling_where.c_str());
  }
  const char* axis = std::string(step) == "roll_step" ? "roll" : "pitch";
  const StepAims& aim = r.step_aims;
  std::snprintf(text, sizeof text,
                "%s: overshoot ≤ %.3g %% on every held-out flight of the airframe as built (worst %.1f %%%s%s%s)", step,
                100 * aim.overshoot, 100 * built.overshoot, built.overshoot_where.c_str(), failed, others_overshoot);
  std::snprintf(pilot, sizeof pilot, "A %s stick step overshoots at most %.3g %% (worst seen: %.1f %%).%s", axis,
                100 * aim.overshoot, 100 * built.overshoot, failed_pilot);
  const bool overshoot_met = built.failures == 0 && built.overshoot <= aim.overshoot;
  out.push_back({text, pilot, overshoot_met, true, aim.overshoot_source,
                 missedBy(built, 100 * (built.overshoot - aim.overshoot), "%.1f percentage points over")});
  std::snprintf(
      text, sizeof text,
      "%s: settled within ±0.5° in ≤ %.3g s on every held-out flight of the airframe as built (worst %.3f s%s%s%s)",
      step, aim.settling_s, built.settling_s, built.settling_where.c_str(), failed, others_settling);
  std::snprintf(pilot, sizeof pilot, "A %s stick step settles within half a degree in %.2f s (worst: %.2f s).%s", axis,
                aim.settling_s, built.settling_s, failed_pilot);
  const bool settling_met = built.failures == 0 && built.settling_s <= aim.settling_s;
  out.push_back({text, pilot, settling_met, true, aim.settling_source,
                 missedBy(built, built.settling_s - aim.settling_s, "%.3f s over")});
}

// The largest ratio of the tuned gains' value to the defaults' over a manoeuvre's flights, and
// the vehicle it was on.
struct Worst {
  double ratio = 0.0;
  std::string where;
};

// Tuned over defaults, flight by flight on both sets (the robustness and the held-out flights);
// a failed tuned flight counts as infinitely worse.
Worst worstRatio(const TuneResult& r, const std::function<double(const FlightMetrics&)>& value,
                 const std::string& manoeuvre) {
  Worst w;
  const std::size_t m = std::size_t(findManoeuvre(manoeuvre) - standardManoeuvres().data());
  for (auto [before, after, names, label] :
       {std::tuple{&r.robust_flights_before, &r.robust_flights_after, &r.robust_names, "robustness"},
        std::tuple{&r.held_flights_before, &r.held_flights_after, &r.held_names, "held-out"}}) {
    const std::size_t n = names->size();
    for (std::size_t v = 0; v < n && (m + 1) * n <= after->size() && (m + 1) * n <= before->size(); ++v) {
      const FlightMetrics &b = (*before)[m * n + v], &a = (*after)[m * n + v];
      if (b.diverged != 0.0 || value(b) <= 0.0) continue;
      const double ratio = a.diverged != 0.0 ? std::numeric_limits<double>::infinity() : value(a) / value(b);
      if (ratio > w.ratio) w = {ratio, std::string(label) + " " + (*names)[v]};
    }
  }
  return w;
}

// A disturbance constraint as an aim: the manoeuvre's `value` no worse than the defaults' on
// every vehicle.
Aim noWorseAim(const TuneResult& r, const char* manoeuvre, const std::function<double(const FlightMetrics&)>& value,
               const char* what, const char* in_words) {
  char text[640], pilot[256];
  const Worst w = worstRatio(r, value, manoeuvre);
  std::snprintf(text, sizeof text, "%s no worse than the defaults' on every vehicle (worst ×%.3f: %s)", what, w.ratio,
                w.where.c_str());
  std::snprintf(pilot, sizeof pilot, "%s no worse than with the default gains (worst: %+.0f %%%s%s).", in_words,
                100.0 * (w.ratio - 1.0), w.ratio > 1.0 ? ", on " : "", w.ratio > 1.0 ? w.where.c_str() : "");
  return {text, pilot, w.ratio <= 1.0, false, "a safety gate: the defaults' own flight of each vehicle", {}};
}

// Motor activity within kMotorActivityBound × the defaults' on every flight of every manoeuvre.
Aim motorActivityAim(const TuneResult& r) {
  char text[640], pilot[256];
  Worst activity;
  for (const Manoeuvre& m : standardManoeuvres()) {
    const Worst w = worstRatio(
        r, [](const FlightMetrics& f) { return f.motor_activity; }, m.name);
    if (w.ratio > activity.ratio) activity = {w.ratio, w.where + " (" + m.name + ")"};
  }
  std::snprintf(text, sizeof text, "motor activity ≤ %.1f × the defaults' on every flight (worst ×%.3f: %s)",
                kMotorActivityBound, activity.ratio, activity.where.c_str());
  std::snprintf(pilot, sizeof pilot,
                "Motors no busier than %.0f %% more than with the default gains (worst: %+.0f %%).",
                100.0 * (kMotorActivityBound - 1.0), 100.0 * (activity.ratio - 1.0));
  return {text,
          pilot,
          activity.ratio <= kMotorActivityBound,
          false,
          "a safety gate: the defaults' own flight of each vehicle (a busier tune heats motors, wears them)",
          {}};
}

// Every flight stable: the held-out flights, then the robustness set.
void addStabilityAims(const TuneResult& r, std::vector<Aim>& out) {
  char text[640], pilot[256];
  int held_failures = 0, robust_failures = 0;
  for (const auto& s : r.held_after) held_failures += s.failures;
  for (const auto& s : r.robust_after) robust_failures += s.failures;
  std::snprintf(text, sizeof text, "no oscillation or divergence on the held-out flights (%d failed)", held_failures);
  std::snprintf(pilot, sizeof pilot, "Stable on flights the tuning never saw (%d of them unstable).", held_failures);
  out.push_back({text, pilot, held_failures == 0, false, "a safety gate, absolute", {}});
  std::snprintf(text, sizeof text, "stable on the whole robustness set (%d failed)", robust_failures);
  std::snprintf(pilot, sizeof pilot, "Stable on every varied vehicle it was tuned on (%d of them unstable).",
                robust_failures);
  out.push_back({text, pilot, robust_failures == 0, false, "a safety gate, absolute", {}});
}

}  // namespace

std::vector<Aim> aimsOf(const TuneResult& r) {
  std::vector<Aim> out;
  for (const char* step : {"roll_step", "pitch_step"}) addStepAims(r, step, out);
  // Constraints against the defaults, flight by flight on both sets.
  out.push_back(noWorseAim(
      r, "hover_gusts", [](const FlightMetrics& f) { return f.tilt_rms_deg; }, "hover in σ = 2 m/s gusts: tilt RMS",
      "Held steady in gusty air"));
  out.push_back(noWorseAim(
      r, "motor_loss", [](const FlightMetrics& f) { return f.disturbance_peak; },
      "a motor losing 20 % thrust for 0.2 s: peak tilt", "Kept level when a motor loses thrust"));
  out.push_back(noWorseAim(
      r, "gust_step", [](const FlightMetrics& f) { return f.disturbance_peak; },
      "a 3 m/s downdraft step: peak height change", "Kept its height in a sudden gust"));
  out.push_back(motorActivityAim(r));
  addStabilityAims(r, out);
  return out;
}

namespace {

// Of the held-out flights of the airframe as built (the first kHeldOutAsBuilt: other seeds and
// winds), the one where the tuned gains cost most over the defaults, and the sums over them;
// empty when no flight is worse. The held-out airframes (varied inertia, lag, mass) count in the
// safety gates, not here: a tune is judged by how the vehicle itself flies.
std::string worstHeldFlight(const TuneResult& r, double& before_sum, double& after_sum) {
  const auto& manoeuvres = standardManoeuvres();
  const std::size_t n = r.held_names.size(), built = std::min(n, kHeldOutAsBuilt);
  double worst_excess = 0.0;
  std::string worst;
  for (std::size_t m = 0; m < manoeuvres.size(); ++m)
    for (std::size_t v = 0;
         v < built && (m + 1) * n <= r.held_flights_after.size() && (m + 1) * n <= r.held_flights_before.size(); ++v) {
      const double b = costOf(manoeuvres[m], r.held_flights_before[m * n + v]).total();
      const double a = costOf(manoeuvres[m], r.held_flights_after[m * n + v]).total();
      before_sum += b;
      after_sum += a;
      if (a > b && a - b > worst_excess) {
        worst_excess = a - b;
        char text[200];
        std::snprintf(text, sizeof text, "%s on held-out %s costs %.4f against the defaults' %.4f",
                      manoeuvres[m].name.c_str(), r.held_names[v].c_str(), a, b);
        worst = text;
      }
    }
  return worst;
}

}  // namespace

WriteVerdict writeVerdictOf(const TuneResult& r) {
  WriteVerdict v;
  const std::string worse = worstHeldFlight(r, v.held_cost_before, v.held_cost_after);
  v.all_met = !r.aims.empty() && r.aimsMet();
  for (const Aim& a : r.aims) {
    if (a.met) continue;
    if (!a.performance) {
      if (v.reason.empty()) {
        v.reason = "a safety gate is not met: " + a.text;
        v.pilot_reason = "it is not safe to fly: " + a.pilot;
      }
      continue;
    }
    v.missed.push_back(a.text + (a.missed_by.empty() ? std::string() : ": missed by " + a.missed_by));
    v.missed_pilot.push_back(a.pilot);
  }
  if (v.all_met) {
    v.writable = true;
    return v;
  }
  if (r.aims.empty() && v.reason.empty()) {
    v.reason = "the tune was not checked";
    v.pilot_reason = "it was not test-flown after the search.";
  }
  if (v.reason.empty() && !worse.empty()) {
    v.reason = "worse than the defaults on a held-out flight: " + worse;
    v.pilot_reason = "it flies worse than the default gains on at least one test flight.";
  }
  if (v.reason.empty() && !(v.held_cost_after < v.held_cost_before)) {
    char text[160];
    std::snprintf(text, sizeof text,
                  "no improvement: the held-out flights cost %.4f with the tuned gains, %.4f with the defaults",
                  v.held_cost_after, v.held_cost_before);
    v.reason = text;
    v.pilot_reason = "it flies no better than the default gains.";
  }
  v.writable = v.reason.empty();
  return v;
}

}  // namespace vsim::tune
