#include "app/joystick/keyboard_sticks.h"

#include <Qt>

#include <algorithm>
#include <cmath>

namespace navigator::joystick {
namespace {

double axis(bool negative, bool positive) {
  return kKeyboardDeflection * ((positive ? 1.0 : 0.0) - (negative ? 1.0 : 0.0));
}

}  // namespace

bool applyKey(KeyState& keys, int qt_key, bool pressed) {
  switch (qt_key) {
    case Qt::Key_W:
      keys.throttle_up = pressed;
      return true;
    case Qt::Key_S:
      keys.throttle_down = pressed;
      return true;
    case Qt::Key_A:
      keys.yaw_left = pressed;
      return true;
    case Qt::Key_D:
      keys.yaw_right = pressed;
      return true;
    case Qt::Key_Up:
      keys.pitch_forward = pressed;
      return true;
    case Qt::Key_Down:
      keys.pitch_back = pressed;
      return true;
    case Qt::Key_Left:
      keys.roll_left = pressed;
      return true;
    case Qt::Key_Right:
      keys.roll_right = pressed;
      return true;
    default:
      return false;
  }
}

PilotSticks keyboardSticks(const KeyState& keys, double previous_throttle, double dt_s, KeyboardThrottle mode) {
  PilotSticks s;
  s.roll = axis(keys.roll_left, keys.roll_right);
  s.pitch = axis(keys.pitch_back, keys.pitch_forward);
  s.yaw = axis(keys.yaw_left, keys.yaw_right);
  if (mode == KeyboardThrottle::Centred) {
    s.throttle = 0.5 + 0.5 * axis(keys.throttle_down, keys.throttle_up);
    return s;
  }
  const double direction = (keys.throttle_up ? 1.0 : 0.0) - (keys.throttle_down ? 1.0 : 0.0);
  if (!std::isfinite(previous_throttle)) previous_throttle = 0.0;
  s.throttle = std::clamp(previous_throttle + direction * kKeyboardThrottleRate_per_s * std::max(dt_s, 0.0), 0.0, 1.0);
  return s;
}

}  // namespace navigator::joystick
