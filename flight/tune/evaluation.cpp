#include "flight/tune/evaluation.h"

#include "flight/tune/manoeuvres.h"

#include <algorithm>
#include <limits>

namespace vsim::tune {

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
    for (const NamedVariation& v : set) out.push_back({manoeuvreIndex(m), v.variation, 0});
  return out;
}

Result<std::vector<FlightMetrics>> evaluate(Experiment& experiment, const Ranks& ranks,
                                            const std::vector<FlightCase>& cases, const ParamList& base,
                                            std::span<const ParamList> sets) {
  const auto [first, end] = ranks.slice(cases.size());
  auto local = experiment.fly(std::span(cases).subspan(first, end - first), base, sets);
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

bool allStable(const std::vector<FlightMetrics>& metrics) {
  return std::all_of(metrics.begin(), metrics.end(), [](const FlightMetrics& f) { return f.diverged == 0.0; });
}

ParamList merged(const ParamList& base, const ParamList& over) {
  ParamList out = base;
  for (const auto& [n, v] : over) setIn(out, n, v);
  return out;
}

}  // namespace vsim::tune
