// FirmwareStarvation: what the SITL firmware flying the station's simulator did not get over the
// last kWindowS seconds, read from the simulator's own counters (vsim::ServiceStatus, cumulative
// since the simulator started):
//   - gaps in its motor outputs: the simulator went on stepping the world on the last outputs for
//     more than ServiceOptions::output_gap_ms of simulated time without a new one;
//   - stale outputs: answers to sensor frames that had waited in the pipe for longer than that
//     (the firmware caught up on old frames; the world had moved on);
//   - sensor frames not taken: the simulator could not write them (the firmware's pipe was full,
//     it was not reading);
//   - silence now: no answer for longer than the gap threshold at the last status.
// Nothing is counted before the firmware has answered once (frames sent before it starts are
// not starvation). The caller takes the status on a clock of its own (the Fly page once a
// second; a test drives one), and the window is on that clock. A status seen twice (the
// simulator reports once a second, the caller reads on its own timer) counts once; counters
// that went backwards mean a new simulator, and counting starts again.
// Thread contract: one thread.
#pragma once

#include "sim/service/sim_service.h"

#include <QString>

#include <cstdint>
#include <deque>
#include <optional>

namespace navigator {

class FirmwareStarvation {
 public:
  static constexpr double kWindowS = 10.0;

  // What the window holds.
  struct Verdict {
    std::int64_t output_gaps = 0, stale_outputs = 0, frames_not_taken = 0;
    double longest_gap_s = 0;  // the longest output gap in the window
    double silent_s = 0;       // no answer for this long at the last status (0: answering)
    bool starved() const { return output_gaps > 0 || stale_outputs > 0 || frames_not_taken > 0 || silent_s > 0; }
  };

  // The simulator's status as read at `now_s` [s, the caller's clock].
  void take(double now_s, const vsim::ServiceStatus& status);
  // No firmware to watch (stopped, or not ours): everything forgotten.
  void reset();
  Verdict verdict() const;
  // The warning for the Fly page, with the numbers; empty when the window holds nothing.
  QString text() const;
  // What to do about it, in a sentence (the warning's tooltip and the log's line).
  static QString advice();

 private:
  struct Interval {
    double at_s = 0;
    std::int64_t gaps = 0, stale = 0, not_taken = 0;
    double longest_gap_s = 0;
  };
  void prune(double now_s);

  std::deque<Interval> intervals_;
  std::optional<vsim::ServiceStatus> last_;
  double silent_s_ = 0;
};

}  // namespace navigator
