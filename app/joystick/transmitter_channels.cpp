#include "app/joystick/transmitter_channels.h"

#include <algorithm>
#include <cmath>

namespace navigator::joystick {
namespace {

// A stick in −1000..1000 over the full travel, centred at 1500 µs.
int stickUs(int value) {
  const double half = kTransmitterHighUs - kTransmitterCentreUs;
  return kTransmitterCentreUs + int(std::lround(std::clamp(value, -1000, 1000) * half / 1000.0));
}

}  // namespace

std::array<int, kTransmitterChannels> transmitterChannels(const ManualControlValues& v) {
  std::array<int, kTransmitterChannels> us{};
  us[0] = stickUs(v.y);
  us[1] = stickUs(v.x);
  us[2] = kTransmitterLowUs +
          int(std::lround(std::clamp(int(v.z), 0, 1000) * double(kTransmitterHighUs - kTransmitterLowUs) / 1000.0));
  us[3] = stickUs(v.r);
  for (std::size_t b = 0; b < 4; ++b) us[4 + b] = (v.buttons >> b & 1u) ? kTransmitterHighUs : kTransmitterLowUs;
  return us;
}

}  // namespace navigator::joystick
