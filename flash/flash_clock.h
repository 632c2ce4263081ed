// The clock a flasher times its waits by: the grace between SIGTERM and SIGKILL when a run is
// cancelled and a run's timeout (child_process.h). In use it is the steady clock; a test drives
// a clock of its own, so that its verdict on a wait is exact and a loaded machine cannot make it
// fail. Thread contract: now() is called on the flashing thread only.
#pragma once

#include <chrono>

namespace navigator::flash {

class FlashClock {
 public:
  using time_point = std::chrono::steady_clock::time_point;
  virtual ~FlashClock() = default;
  virtual time_point now() const = 0;
};

// std::chrono::steady_clock.
inline const FlashClock& steadyFlashClock() {
  struct Steady final : FlashClock {
    time_point now() const override { return std::chrono::steady_clock::now(); }
  };
  static const Steady clock;
  return clock;
}

}  // namespace navigator::flash
