// The tuner's flights and parameter lists (tuner.cpp, margins.cpp): a value in a NAME/VALUE
// list, a list with values set over another, the flights of manoeuvres × vehicles, and flying
// them shared between the MPI ranks.
#pragma once

#include "flight/param_file.h"
#include "flight/tune/experiment.h"
#include "flight/tune/flight_metrics.h"
#include "flight/tune/flight_sets.h"
#include "flight/tune/ranks.h"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace vsim::tune {

// The value of `name` in `list` (the last, when listed twice); NaN when it is not there.
double valueIn(const ParamList& list, const std::string& name);
// Sets `name` in `list`, appending it when it is not there.
void setIn(ParamList& list, const std::string& name, double value);
// `base` with each of `over`'s values set over it.
ParamList merged(const ParamList& base, const ParamList& over);

// The index of a manoeuvre in standardManoeuvres() (its size when there is none of that name).
std::size_t manoeuvreIndex(const std::string& name);
// Every manoeuvre flown by every vehicle of the set, manoeuvre-major, with parameter set 0.
std::vector<FlightCase> casesOf(const std::vector<std::string>& manoeuvres, const std::vector<NamedVariation>& set);

// Flies the cases (each with its parameter set), shared between the ranks; every rank gets every
// flight's metrics, in case order.
Result<std::vector<FlightMetrics>> evaluate(Experiment& experiment, const Ranks& ranks,
                                            const std::vector<FlightCase>& cases, const ParamList& base,
                                            std::span<const ParamList> sets = {});

// No flight diverged, oscillated or saturated.
bool allStable(const std::vector<FlightMetrics>& metrics);

}  // namespace vsim::tune
