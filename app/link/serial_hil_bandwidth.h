// The HIL_SENSOR rate a serial link can carry, from its baud rate: a plain function, no Qt.
//
// A UART in 8N1 sends 10 bits per byte (start, 8 data, stop), so each direction carries
// baud / 10 bytes per second (115200 baud → 11520 B/s). The link is full duplex: in lockstep
// every HIL step sends one HIL_SENSOR frame to the board and gets one HIL_ACTUATOR_CONTROLS
// frame back, each in its own direction. A share of each direction is kept for everything else
// (HEARTBEAT, telemetry, parameters, MANUAL_CONTROL), so
//
//   rate [Hz] = floor( (baud / 10) · (1 − telemetry_share) / max(sensor_frame, actuator_frame) )
//
// where a frame's length is its unsigned MAVLink v2 wire length, header + full payload (all
// extensions, the codec's max_length) + checksum, taken from the codec's tables:
// HIL_SENSOR 10 + 65 + 2 = 77 bytes, HIL_ACTUATOR_CONTROLS 10 + 81 + 2 = 93 bytes. The codec
// truncates trailing zero bytes, so real frames can be shorter; the full length is the bound
// that holds for every sample. At 115200 baud with 20 % reserved: 11520 · 0.8 / 93 = 99 Hz.
// A signed link (MAVLink 2 signing) adds 13 bytes to every frame: 11520 · 0.8 / 106 = 86 Hz.
#pragma once

#include <cstdint>

namespace navigator {

struct SerialHilBandwidth {
  double bytes_per_s = 0;        // each direction, baud / 10
  int sensor_frame_bytes = 0;    // HIL_SENSOR on the wire (ground station → board)
  int actuator_frame_bytes = 0;  // HIL_ACTUATOR_CONTROLS on the wire (board → ground station)
  int max_sensor_rate_hz = 0;    // whole HIL steps per second the slower direction allows
};

inline constexpr double kDefaultHilTelemetryShare = 0.2;  // of each direction, kept for telemetry

// The MAVLink v2 wire length of one unsigned frame of `msgid` with its whole payload, from the
// codec's table; 0 for a message the codec does not know.
int mavlinkV2FrameBytes(std::uint32_t msgid);

// The HIL_SENSOR rate `baud` allows (formula above). `telemetry_share` in [0, 1) is clamped;
// a baud ≤ 0 gives rate 0.
// `signed_frames`: every frame carries the 13-byte signature.
SerialHilBandwidth serialHilBandwidth(std::int64_t baud, double telemetry_share = kDefaultHilTelemetryShare,
                                      bool signed_frames = false);

}  // namespace navigator
