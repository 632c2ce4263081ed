#include "flight/tune/margins.h"

#include "firmware/core/fc_params.h"
#include "flight/tune/evaluation.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace vsim::tune {

namespace {

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

// The calm manoeuvres the margins fly.
const std::vector<std::string> kCalm = {"roll_rate", "pitch_rate", "yaw_rate", "roll_step"};

}  // namespace

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

}  // namespace vsim::tune
