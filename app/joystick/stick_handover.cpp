#include "app/joystick/stick_handover.h"

#include <algorithm>
#include <cmath>

namespace navigator::joystick {
namespace {

// `from` moved towards `to` by at most `step`.
double towards(double from, double to, double step) {
  return std::abs(to - from) <= step ? to : from + std::copysign(step, to - from);
}

}  // namespace

StickHandover beginHandover(const PilotSticks& last_sent) {
  StickHandover h;
  h.throttle_held = true;
  h.held_throttle = last_sent.throttle;
  h.directions_moving = true;
  return h;
}

PilotSticks stepHandover(StickHandover& h, const PilotSticks& last_sent, const PilotSticks& fresh, double dt_s) {
  if (h.throttle_held && h.throttle_slews) {
    h.held_throttle = towards(h.held_throttle, fresh.throttle, kThrottleSlew_per_s * std::max(dt_s, 0.0));
    if (h.held_throttle == fresh.throttle) h.throttle_held = false;  // met: followed from now on
  } else if (h.throttle_held) {
    const double difference = fresh.throttle - h.held_throttle;
    const double side = difference > 0 ? 1.0 : (difference < 0 ? -1.0 : 0.0);
    if (std::abs(difference) <= kThrottlePickup || (h.throttle_side != 0 && side != h.throttle_side))
      h.throttle_held = false;  // the new source agrees, or has just crossed the held value
    else if (h.throttle_side == 0)
      h.throttle_side = side;
  }
  PilotSticks out = fresh;
  if (h.throttle_held) out.throttle = h.held_throttle;
  if (h.directions_moving) {
    const double step = kDirectionSlew_per_s * std::max(dt_s, 0.0);
    out.roll = towards(last_sent.roll, fresh.roll, step);
    out.pitch = towards(last_sent.pitch, fresh.pitch, step);
    out.yaw = towards(last_sent.yaw, fresh.yaw, step);
    h.directions_moving = !(out.roll == fresh.roll && out.pitch == fresh.pitch && out.yaw == fresh.yaw);
  }
  return out;
}

}  // namespace navigator::joystick
