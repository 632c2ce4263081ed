// Pilot sticks → MAVLink MANUAL_CONTROL (#69) as the firmware reads it (firmware/link/fc_link.c:
// x = pitch, y = roll, r = yaw in -1000..1000, z = thrust 0..1000, each divided by 1000 on
// arrival; INT16_MAX would mean "axis absent", which we never send).
//   x: pitch, +1000 = stick forward (nose down)      y: roll, +1000 = right
//   r: yaw,   +1000 = clockwise (right)              z: throttle, 0..1000
// Thread contract: plain values and pure functions; any thread.
#pragma once

#include "app/joystick/joystick_mapping.h"
#include "firmware/mavlink/mavlink_codec.h"

#include <QMetaType>

#include <cstddef>
#include <cstdint>

namespace navigator::joystick {

struct ManualControlValues {
  std::int16_t x = 0, y = 0, z = 0, r = 0;  // see above
  std::uint16_t buttons = 0;                // raw buttons 0..15 as bits, for logs and other GCS
  bool operator==(const ManualControlValues&) const = default;
};

// Each stick scaled by 1000 and rounded to the nearest integer, clamped to its range; a
// non-finite stick is sent neutral (0; throttle 0).
ManualControlValues manualControlFromSticks(const PilotSticks& s, std::uint16_t buttons = 0);

// The raw button states as MANUAL_CONTROL's `buttons` bits (button i → bit i, i < 16).
std::uint16_t buttonBits(const QList<bool>& buttons);

// Packs the values as a MANUAL_CONTROL frame for `target_system` into `out` (which holds
// MAVLINK_MAX_FRAME_LEN bytes) with the sender's ids and sequence; returns the frame length.
std::size_t packManualControl(mavlink_sender_t& sender, std::uint8_t target_system, const ManualControlValues& v,
                              std::uint8_t* out);

}  // namespace navigator::joystick

Q_DECLARE_METATYPE(navigator::joystick::ManualControlValues)
