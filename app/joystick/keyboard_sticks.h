// The keyboard as a pilot-input fallback: which flying keys are held, and the plain step
// function from held keys to pilot sticks.
//   W / S          throttle up / down. KeyboardThrottle::Ramp: ramping at
//                  kKeyboardThrottleRate_per_s while held and staying where it is when released
//                  (like a throttle stick that is not sprung), for ACRO and ANGLE.
//                  KeyboardThrottle::Centred: 0.5 ± kKeyboardDeflection / 2 while held, back to
//                  the centre (0.5) on release, for ALT_HOLD, where the centre holds the height
//                  and W / S climb / descend.
//   A / D          yaw left / right (counter-clockwise / clockwise)
//   Up / Down      pitch forward (nose down) / back
//   Left / Right   roll left / right
// Held direction keys give ±kKeyboardDeflection and spring back to 0 on release; opposite
// keys held together cancel.
// Thread contract: plain values and pure functions; any thread.
#pragma once

#include "app/joystick/joystick_mapping.h"

namespace navigator::joystick {

inline constexpr double kKeyboardDeflection = 0.5;  // gentle: a key is all-or-nothing
// 0 → full in 4 s: about 1.6 s from idle to a hover near 40 %, and 0.1 s of a tap moves it by
// 2.5 %, fine enough to hold a height by hand.
inline constexpr double kKeyboardThrottleRate_per_s = 0.25;

// What W and S do to the throttle: Ramp moves it and it stays where left (the stick is thrust,
// as in ACRO and ANGLE); Centred springs it to the centre (the stick is a climb rate, centre
// holds the height, as in ALT_HOLD); FollowMode picks one of the two by the vehicle's flight
// mode (throttleIsClimbRate), so the keys always mean what the mode does with the stick.
enum class KeyboardThrottle { Ramp = 0, Centred = 1, FollowMode = 2 };

// The behaviour in force: `chosen`, or for FollowMode Centred when the vehicle's mode takes the
// throttle stick as a climb rate and Ramp otherwise.
constexpr KeyboardThrottle effectiveKeyboardThrottle(KeyboardThrottle chosen, bool throttle_is_climb_rate) {
  if (chosen != KeyboardThrottle::FollowMode) return chosen;
  return throttle_is_climb_rate ? KeyboardThrottle::Centred : KeyboardThrottle::Ramp;
}

struct KeyState {
  bool throttle_up = false, throttle_down = false;
  bool yaw_left = false, yaw_right = false;
  bool pitch_forward = false, pitch_back = false;
  bool roll_left = false, roll_right = false;
};

// Records a key press or release (a Qt::Key value); returns false for keys it does not use.
bool applyKey(KeyState& keys, int qt_key, bool pressed);

// The sticks after dt_s with these keys held, from the previous throttle (0..1).
PilotSticks keyboardSticks(const KeyState& keys, double previous_throttle, double dt_s,
                           KeyboardThrottle mode = KeyboardThrottle::Ramp);

}  // namespace navigator::joystick
