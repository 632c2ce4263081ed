#include "app/joystick/manual_control.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace navigator::joystick {
namespace {

std::int16_t scaled(double v, double lo, double hi) {
  if (!std::isfinite(v)) v = 0.0;
  return std::int16_t(std::lround(std::clamp(v, lo, hi) * 1000.0));
}

}  // namespace

ManualControlValues manualControlFromSticks(const PilotSticks& s, std::uint16_t buttons) {
  ManualControlValues v;
  v.x = scaled(s.pitch, -1.0, 1.0);
  v.y = scaled(s.roll, -1.0, 1.0);
  v.z = scaled(s.throttle, 0.0, 1.0);
  v.r = scaled(s.yaw, -1.0, 1.0);
  v.buttons = buttons;
  return v;
}

std::uint16_t buttonBits(const QList<bool>& buttons) {
  std::uint16_t bits = 0;
  for (int i = 0; i < std::min<int>(int(buttons.size()), 16); ++i)
    if (buttons[i]) bits = std::uint16_t(bits | (1u << i));
  return bits;
}

std::size_t packManualControl(mavlink_sender_t& sender, std::uint8_t target_system, const ManualControlValues& v,
                              std::uint8_t* out) {
  mavlink_manual_control_t m;
  std::memset(&m, 0, sizeof m);
  m.target = target_system;
  m.x = v.x;
  m.y = v.y;
  m.z = v.z;
  m.r = v.r;
  m.buttons = v.buttons;
  return mavlink_manual_control_pack(&sender, &m, out);
}

}  // namespace navigator::joystick
