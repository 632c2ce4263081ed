// timeSeriesCsv: the samples of a TimeSeriesBuffer within a time range as CSV text. Plain C++,
// no Qt; a pure function of its arguments (any thread that owns the buffer).
#pragma once

#include "widgets/plots/time_series_buffer.h"

#include <cstddef>
#include <string>
#include <vector>

namespace navigator {

// The samples with from_s ≤ time ≤ to_s, oldest first, as CSV: a header line
// "time_s,<column_names...>" then one line per sample, '\n' line ends. Numbers are written
// in the shortest form that reads back to the same double (std::to_chars), a NaN value
// (a gap) as "nan". `column_names` names the channels in order (missing names become
// "channel_<k>"); the caller keeps commas and quotes out of them. `rows`, when given,
// receives the number of sample lines.
std::string timeSeriesCsv(const TimeSeriesBuffer& buffer, const std::vector<std::string>& column_names, double from_s,
                          double to_s, std::size_t* rows = nullptr);

}  // namespace navigator
