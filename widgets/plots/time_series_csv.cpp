#include "widgets/plots/time_series_csv.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace navigator {
namespace {

void appendNumber(std::string& out, double v) {
  if (std::isnan(v)) {
    out += "nan";
    return;
  }
  char text[32];
  const auto r = std::to_chars(text, text + sizeof text, v);
  out.append(text, r.ptr);
}

}  // namespace

std::string timeSeriesCsv(const TimeSeriesBuffer& buffer, const std::vector<std::string>& column_names, double from_s,
                          double to_s, std::size_t* rows) {
  std::string out = "time_s";
  for (int c = 0; c < buffer.channelCount(); ++c) {
    out += ',';
    out += std::size_t(c) < column_names.size() ? column_names[c] : "channel_" + std::to_string(c);
  }
  out += '\n';
  const std::size_t begin = buffer.lowerBound(from_s);
  const std::size_t end = std::max(begin, buffer.upperBound(to_s));
  out.reserve(out.size() + (end - begin) * std::size_t(buffer.channelCount() + 1) * 12);
  for (std::size_t i = begin; i < end; ++i) {
    appendNumber(out, buffer.time_s(i));
    for (int c = 0; c < buffer.channelCount(); ++c) {
      out += ',';
      appendNumber(out, buffer.value(i, c));
    }
    out += '\n';
  }
  if (rows) *rows = end - begin;
  return out;
}

}  // namespace navigator
