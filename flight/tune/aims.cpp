// The tune's aims (tuner.h: aimsOf), judged on the checks' flights: README §The autotuner.
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

std::vector<Aim> aimsOf(const TuneResult& r) {
  std::vector<Aim> out;
  char text[256], pilot[256];
  const auto& manoeuvres = standardManoeuvres();
  // The held-out angle steps.
  for (const char* step : {"roll_step", "pitch_step"}) {
    const ManoeuvreSummary* a = findSummary(r.held_after, step);
    if (!a) continue;
    // A flight that failed (diverged, oscillated) has no overshoot or settling time: the worst of
    // the others would read as met, so the failures are said with it.
    char failed[96] = "";
    char failed_pilot[96] = "";
    if (a->failures > 0) {
      std::snprintf(failed, sizeof failed, "; %d of %d flights failed", a->failures, a->flights);
      std::snprintf(failed_pilot, sizeof failed_pilot, " %d of %d test flights failed outright.", a->failures, a->flights);
    }
    // Which held-out flight is the worst, for the engineer who wants to fly it again.
    std::string worst_overshoot, worst_settling;
    const std::size_t m = std::size_t(findManoeuvre(step) - manoeuvres.data()), n = r.held_names.size();
    double most_overshoot = 0.0, longest = 0.0;  // a worst of 0 names nobody
    for (std::size_t v = 0; v < n && (m + 1) * n <= r.held_flights_after.size(); ++v) {
      const FlightMetrics& f = r.held_flights_after[m * n + v];
      if (f.diverged != 0.0) continue;
      if (f.overshoot > most_overshoot) most_overshoot = f.overshoot, worst_overshoot = ": " + r.held_names[v];
      if (f.settling_s > longest) longest = f.settling_s, worst_settling = ": " + r.held_names[v];
    }
    std::snprintf(text, sizeof text, "%s: overshoot ≤ 5 %% on every held-out flight (worst %.1f %%%s%s)", step,
                  100 * a->overshoot_worst, worst_overshoot.c_str(), failed);
    std::snprintf(pilot, sizeof pilot, "A %s stick step overshoots at most 5 %% (worst seen: %.1f %%).%s",
                  std::string(step) == "roll_step" ? "roll" : "pitch", 100 * a->overshoot_worst, failed_pilot);
    out.push_back({text, pilot, a->failures == 0 && a->overshoot_worst <= 0.05});
    std::snprintf(text, sizeof text, "%s: settled within ±0.5° in ≤ 0.25 s on every held-out flight (worst %.3f s%s%s)", step,
                  a->settling_worst_s, worst_settling.c_str(), failed);
    std::snprintf(pilot, sizeof pilot, "A %s stick step settles within half a degree in a quarter second (worst: %.2f s).%s",
                  std::string(step) == "roll_step" ? "roll" : "pitch", a->settling_worst_s, failed_pilot);
    out.push_back({text, pilot, a->failures == 0 && a->settling_worst_s <= 0.25});
  }
  // Constraints against the defaults, flight by flight on both sets.
  struct Worst {
    double ratio = 0.0;
    std::string where;
  };
  const auto worstRatio = [&](const std::function<double(const FlightMetrics&)>& value, const std::string& manoeuvre) {
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
  };
  const auto noWorse = [&](const char* manoeuvre, const std::function<double(const FlightMetrics&)>& value, const char* what,
                           const char* in_words) {
    const Worst w = worstRatio(value, manoeuvre);
    std::snprintf(text, sizeof text, "%s no worse than the defaults' on every vehicle (worst ×%.3f: %s)", what, w.ratio,
                  w.where.c_str());
    std::snprintf(pilot, sizeof pilot, "%s no worse than with the default gains (worst: %+.0f %%%s%s).", in_words,
                  100.0 * (w.ratio - 1.0), w.ratio > 1.0 ? ", on " : "", w.ratio > 1.0 ? w.where.c_str() : "");
    out.push_back({text, pilot, w.ratio <= 1.0});
  };
  noWorse("hover_gusts", [](const FlightMetrics& f) { return f.tilt_rms_deg; }, "hover in σ = 2 m/s gusts: tilt RMS",
          "Held steady in gusty air");
  noWorse("motor_loss", [](const FlightMetrics& f) { return f.disturbance_peak; },
          "a motor losing 20 % thrust for 0.2 s: peak tilt", "Kept level when a motor loses thrust");
  noWorse("gust_step", [](const FlightMetrics& f) { return f.disturbance_peak; }, "a 3 m/s downdraft step: peak height change",
          "Kept its height in a sudden gust");
  Worst activity;
  for (const Manoeuvre& m : manoeuvres) {
    const Worst w = worstRatio([](const FlightMetrics& f) { return f.motor_activity; }, m.name);
    if (w.ratio > activity.ratio) activity = {w.ratio, w.where + " (" + m.name + ")"};
  }
  std::snprintf(text, sizeof text, "motor activity ≤ %.1f × the defaults' on every flight (worst ×%.3f: %s)",
                kMotorActivityBound, activity.ratio, activity.where.c_str());
  std::snprintf(pilot, sizeof pilot, "Motors no busier than %.0f %% more than with the default gains (worst: %+.0f %%).",
                100.0 * (kMotorActivityBound - 1.0), 100.0 * (activity.ratio - 1.0));
  out.push_back({text, pilot, activity.ratio <= kMotorActivityBound});
  int held_failures = 0, robust_failures = 0;
  for (const auto& s : r.held_after) held_failures += s.failures;
  for (const auto& s : r.robust_after) robust_failures += s.failures;
  std::snprintf(text, sizeof text, "no oscillation or divergence on the held-out flights (%d failed)", held_failures);
  std::snprintf(pilot, sizeof pilot, "Stable on flights the tuning never saw (%d of them unstable).", held_failures);
  out.push_back({text, pilot, held_failures == 0});
  std::snprintf(text, sizeof text, "stable on the whole robustness set (%d failed)", robust_failures);
  std::snprintf(pilot, sizeof pilot, "Stable on every varied vehicle it was tuned on (%d of them unstable).", robust_failures);
  out.push_back({text, pilot, robust_failures == 0});
  return out;
}

}  // namespace vsim::tune
