// TimeSeriesBuffer: every sample of one group of channels (time_s plus N values) whose time
// lies within a sliding window of the newest, kept in a ring that grows to what the window
// needs. No decimation on the way in. Plain C++, no Qt. Not thread-safe: one thread (the
// GUI thread, for a LivePlot) owns it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace navigator {

class TimeSeriesBuffer {
 public:
  static constexpr double kMinWindow_s = 1.0;
  static constexpr double kMaxWindow_s = 120.0;
  static constexpr double kDefaultWindow_s = 10.0;
  // A sample is kept while newest − time ≤ window + kEdgeTolerance_s: the window is closed
  // at both ends, and the tolerance absorbs the round-off of times made from integer
  // microseconds (1 kHz for 30 s with a 10 s window keeps 10,001 samples, 19.999…29.999 s).
  static constexpr double kEdgeTolerance_s = 1e-9;
  // The ring never grows past this many samples (1 kHz × 120 s is 120,001); past it the
  // oldest sample is dropped even inside the window, and counted.
  static constexpr std::size_t kMaxSamples = std::size_t(1) << 20;

  // What happened to the samples offered so far (totals since construction; clear() keeps them).
  struct Counters {
    std::uint64_t stored = 0;  // accepted; also the sequence number of the next sample
    std::uint64_t refused_non_finite_time = 0;
    std::uint64_t refused_out_of_order = 0;   // time earlier than the newest stored (equal is accepted)
    std::uint64_t refused_wrong_width = 0;    // values.size() != channelCount()
    std::uint64_t non_finite_values = 0;      // values stored as NaN (drawn as a gap)
    std::uint64_t dropped_over_capacity = 0;  // inside the window but beyond kMaxSamples
  };

  enum class Append { Stored, RefusedNonFiniteTime, RefusedOutOfOrder, RefusedWrongWidth };

  // `channel_count` ≥ 1 values per sample; `window_s` clamped to [kMinWindow_s, kMaxWindow_s].
  explicit TimeSeriesBuffer(int channel_count, double window_s = kDefaultWindow_s);

  int channelCount() const { return channels_; }
  double window_s() const { return window_s_; }

  // Sets the window, clamped to [1, 120] s, and returns the value used. Shrinking drops the
  // samples now outside it; growing cannot bring back samples already dropped.
  double setWindow(double window_s);

  // Offers one sample; `values` has channelCount() entries. A non-finite value is stored as
  // NaN (a gap in the plot: the honest picture of a value that does not exist) and counted;
  // a non-finite or out-of-order time refuses the whole sample (nothing stored) and is counted.
  Append append(double time_s, std::span<const double> values);

  // Offers times_s.size() samples; `values` is sample-major (times_s.size() × channelCount()).
  // Returns how many were stored; a size mismatch refuses them all (counted as wrong width).
  std::size_t appendBatch(std::span<const double> times_s, std::span<const double> values);

  // Drops every sample (the counters keep counting); the next sample may have any time.
  void clear();

  // Samples held, oldest first: index 0 is the oldest, size() − 1 the newest.
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  double time_s(std::size_t index) const { return times_[slot(index)]; }
  double value(std::size_t index, int channel) const { return values_[slot(index) * channels_ + channel]; }
  double newestTime_s() const { return time_s(size_ - 1); }  // precondition: !empty()
  double oldestTime_s() const { return time_s(0); }          // precondition: !empty()

  // Sequence number (counters().stored at the time it was stored) of the sample at `index`.
  std::uint64_t sequence(std::size_t index) const { return counters_.stored - size_ + index; }

  // Index of the first sample with time ≥ time_s (size() when none).
  std::size_t lowerBound(double time_s) const;
  // Index of the first sample with time > time_s (size() when none).
  std::size_t upperBound(double time_s) const;

  const Counters& counters() const { return counters_; }
  // Samples the ring can hold before it next grows (it grows by doubling, never shrinks).
  std::size_t capacity() const { return times_.size(); }

 private:
  std::size_t slot(std::size_t index) const { return (head_ + index) & (times_.size() - 1); }
  void trimToWindow();
  void dropOldest();
  void grow();

  int channels_;
  double window_s_;
  std::vector<double> times_;   // capacity slots, a power of two
  std::vector<double> values_;  // capacity × channels_, sample-major
  std::size_t head_ = 0;        // slot of the oldest sample
  std::size_t size_ = 0;
  Counters counters_;
};

}  // namespace navigator
