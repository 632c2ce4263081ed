// The monotonic clock the service paces and times out on (CLOCK_MONOTONIC), and an absolute
// sleep on it. Defined in sim_service.cpp.
#pragma once

#include <atomic>
#include <cstdint>

namespace vsim {

// The monotonic clock [ns].
std::int64_t monotonicNowNs();
// Sleeps until `deadline_ns` on the monotonic clock (clock_nanosleep, TIMER_ABSTIME);
// returns early if a signal arrives and `stop` is set.
void sleepUntilNs(std::int64_t deadline_ns, const std::atomic<bool>& stop);

}  // namespace vsim
