// The hand-over from one stick source to another while the vehicle is armed: no
// axis may jump. The throttle meets the new source where it is, in one of two ways:
// - a source whose throttle the pilot can put anywhere (a joystick, the on-screen sticks): the
//   throttle is held at the last value sent until the new source's throttle comes to it
//   (within kThrottlePickup, or crosses it), as a transmitter's throttle pick-up does;
// - a source whose throttle rests where it is and cannot be brought to the held value (the
//   keyboard's throttle that springs to the centre, for ALT_HOLD): the throttle sent moves from
//   the held value to the new source's at kThrottleSlew_per_s, then follows it. (Held instead,
//   it waited for a value the keys never give: 0 % for over a minute in ALT_HOLD.)
// Roll, pitch and yaw, which spring back to centre on every source, move from the last value
// sent to the new source's at no more than kDirectionSlew_per_s (full deflection in 0.5 s),
// then follow it.
// Thread contract: plain values and pure functions; any thread.
#pragma once

#include "app/joystick/joystick_mapping.h"

namespace navigator::joystick {

inline constexpr double kThrottlePickup = 0.03;      // agreement: 3 % of the throttle's travel
inline constexpr double kDirectionSlew_per_s = 2.0;  // roll/pitch/yaw travel per second
// Throttle travel per second towards a source that cannot come to the held value: from idle to
// the centre in 1 s, twice the keyboard's own ramp (keyboard_sticks.h), half the directions'.
inline constexpr double kThrottleSlew_per_s = 0.5;

struct StickHandover {
  bool throttle_held = false;  // the throttle still waits for the new source
  double held_throttle = 0.0;  // the value held meanwhile
  double throttle_side = 0.0;  // sign of (new − held) when the hand-over began; 0: not known yet
  // The new source's throttle rests where it is: the held value moves to it (kThrottleSlew_per_s)
  // rather than waiting for it. Set by the caller before each step (it may change mid-way).
  bool throttle_slews = false;
  bool directions_moving = false;
  bool active() const { return throttle_held || directions_moving; }
};

// A hand-over that starts from `last_sent`.
StickHandover beginHandover(const PilotSticks& last_sent);

// The sticks to send this period, from those sent the period before and the new source's
// `fresh` sticks, dt_s later; updates `h` (inactive once every axis follows the new source).
PilotSticks stepHandover(StickHandover& h, const PilotSticks& last_sent, const PilotSticks& fresh, double dt_s);

}  // namespace navigator::joystick
