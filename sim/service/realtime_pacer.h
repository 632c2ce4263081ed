// Real-time pacing on absolute deadlines: one deadline per IMU period on the
// monotonic clock. When the host falls behind, the lost time is dropped and the schedule
// resynchronises to now; there is never a burst of catch-up periods (a burst would hand the
// firmware IMU frames faster than real time, worse than the frames it missed). Plain arithmetic, so
// the policy is tested with a scripted clock; the service does the sleeping.
#pragma once

#include <cstdint>

namespace vsim {

class RealtimePacer {
 public:
  explicit RealtimePacer(std::int64_t period_ns) : period_ns_(period_ns) {}

  // The first deadline: one period after `now_ns`.
  void start(std::int64_t now_ns) { deadline_ns_ = now_ns + period_ns_; }
  std::int64_t deadline() const { return deadline_ns_; }

  // Called when the period due at deadline() has been delivered, at `now_ns`; moves to the
  // next deadline. On time: deadline + period. Late by a whole period or more: counted as
  // an overrun, the whole periods lost are counted as dropped, and the next deadline is
  // now + period, so time is neither faked nor made up in a burst.
  void advance(std::int64_t now_ns) {
    const std::int64_t next = deadline_ns_ + period_ns_;
    if (now_ns >= next) {
      ++overruns_;
      dropped_periods_ += (now_ns - deadline_ns_) / period_ns_;
      deadline_ns_ = now_ns + period_ns_;
    } else {
      deadline_ns_ = next;
    }
  }

  std::int64_t overruns() const { return overruns_; }
  std::int64_t droppedPeriods() const { return dropped_periods_; }

 private:
  std::int64_t period_ns_;
  std::int64_t deadline_ns_ = 0;
  std::int64_t overruns_ = 0;
  std::int64_t dropped_periods_ = 0;
};

}  // namespace vsim
