// The pilot's sticks as a radio transmitter's channels, for the simulated receiver
// (vsim_ctl's transmitter command): what an ExpressLRS or Crossfire transmitter sends, in AETR
// order — 1 roll (aileron), 2 pitch (elevator), 3 throttle, 4 yaw (rudder), the firmware's
// default RC_MAP_* — and buttons 0..3 of MANUAL_CONTROL's bits as two-position switches on
// channels 5..8.
// Full travel is CRSF's: its 11-bit values 172, 992 and 1811 are 988, 1500 and 2012 µs
// (µs = 1500 + (v − 992) · 5/8, the conversion ExpressLRS and Betaflight use; rc_input.c's
// rc_value_to_us). So the end points differ from the firmware's defaults (1000/2000 µs) as a
// real transmitter's do, and the Radio setup's calibration has something to find.
// Stick conventions are MANUAL_CONTROL's (manual_control.h): a high pulse is roll right, pitch
// forward, yaw clockwise, throttle up.
// Thread contract: pure functions; any thread.
#pragma once

#include "app/joystick/manual_control.h"

#include <array>

namespace navigator::joystick {

inline constexpr int kTransmitterChannels = 8;
inline constexpr int kTransmitterLowUs = 988, kTransmitterCentreUs = 1500, kTransmitterHighUs = 2012;

// The channels [µs] for these MANUAL_CONTROL values (each stick clamped to its range).
std::array<int, kTransmitterChannels> transmitterChannels(const ManualControlValues& v);

}  // namespace navigator::joystick
