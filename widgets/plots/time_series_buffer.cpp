#include "widgets/plots/time_series_buffer.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace navigator {
namespace {

constexpr std::size_t kInitialCapacity = 256;

}  // namespace

TimeSeriesBuffer::TimeSeriesBuffer(int channel_count, double window_s)
    : channels_(std::max(channel_count, 1)), window_s_(kDefaultWindow_s) {
  setWindow(window_s);
}

double TimeSeriesBuffer::setWindow(double window_s) {
  // NaN clamps to the default rather than poisoning every later comparison.
  window_s_ = std::isfinite(window_s) ? std::clamp(window_s, kMinWindow_s, kMaxWindow_s) : kDefaultWindow_s;
  trimToWindow();
  return window_s_;
}

TimeSeriesBuffer::Append TimeSeriesBuffer::append(double time_s, std::span<const double> values) {
  if (values.size() != std::size_t(channels_)) {
    ++counters_.refused_wrong_width;
    return Append::RefusedWrongWidth;
  }
  if (!std::isfinite(time_s)) {
    ++counters_.refused_non_finite_time;
    return Append::RefusedNonFiniteTime;
  }
  if (size_ > 0 && time_s < newestTime_s()) {
    ++counters_.refused_out_of_order;
    return Append::RefusedOutOfOrder;
  }
  // trim against the new sample first: it may free the slot it needs
  const double edge = time_s - window_s_ - kEdgeTolerance_s;
  while (size_ > 0 && oldestTime_s() < edge) dropOldest();
  if (size_ == times_.size()) {
    if (times_.size() < kMaxSamples) {
      grow();
    } else {
      dropOldest();
      ++counters_.dropped_over_capacity;
    }
  }
  const std::size_t s = slot(size_);
  times_[s] = time_s;
  double* out = &values_[s * channels_];
  for (int c = 0; c < channels_; ++c) {
    const double v = values[c];
    if (std::isfinite(v)) {
      out[c] = v;
    } else {
      out[c] = std::numeric_limits<double>::quiet_NaN();
      ++counters_.non_finite_values;
    }
  }
  ++size_;
  ++counters_.stored;
  return Append::Stored;
}

std::size_t TimeSeriesBuffer::appendBatch(std::span<const double> times_s, std::span<const double> values) {
  if (values.size() != times_s.size() * std::size_t(channels_)) {
    counters_.refused_wrong_width += times_s.size();
    return 0;
  }
  std::size_t stored = 0;
  for (std::size_t i = 0; i < times_s.size(); ++i)
    if (append(times_s[i], values.subspan(i * channels_, channels_)) == Append::Stored) ++stored;
  return stored;
}

void TimeSeriesBuffer::clear() {
  head_ = 0;
  size_ = 0;
}

std::size_t TimeSeriesBuffer::lowerBound(double time_s) const {
  std::size_t lo = 0, hi = size_;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (this->time_s(mid) < time_s)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

std::size_t TimeSeriesBuffer::upperBound(double time_s) const {
  std::size_t lo = 0, hi = size_;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (this->time_s(mid) <= time_s)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

void TimeSeriesBuffer::trimToWindow() {
  if (size_ == 0) return;
  const double edge = newestTime_s() - window_s_ - kEdgeTolerance_s;
  while (size_ > 0 && oldestTime_s() < edge) dropOldest();
}

void TimeSeriesBuffer::dropOldest() {
  head_ = (head_ + 1) & (times_.size() - 1);
  --size_;
}

void TimeSeriesBuffer::grow() {
  const std::size_t capacity = times_.empty() ? kInitialCapacity : std::min(times_.size() * 2, kMaxSamples);
  std::vector<double> times(capacity);
  std::vector<double> values(capacity * channels_);
  for (std::size_t i = 0; i < size_; ++i) {
    times[i] = time_s(i);
    std::copy_n(&values_[slot(i) * channels_], channels_, &values[i * channels_]);
  }
  times_.swap(times);
  values_.swap(values);
  head_ = 0;
}

}  // namespace navigator
