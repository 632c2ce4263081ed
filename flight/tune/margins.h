// The tuner's stability margins (TuneResult::margins_before/after, docs/design/tuner.md).
#pragma once

#include "flight/tune/tuner.h"

namespace vsim::tune {

// The largest factor on all five rate-loop gains together, and on every motor's time constants,
// that keeps every vehicle of `set` stable on the calm manoeuvres with `params`.
Result<Margins> marginsOf(Experiment& experiment, const Ranks& ranks, const std::vector<NamedVariation>& set,
                          const ParamList& params);

}  // namespace vsim::tune
