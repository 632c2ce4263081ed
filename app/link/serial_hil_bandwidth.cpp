#include "app/link/serial_hil_bandwidth.h"

#include "firmware/mavlink/mavlink_codec.h"

#include <algorithm>
#include <cmath>

namespace navigator {

int mavlinkV2FrameBytes(std::uint32_t msgid) {
  const mavlink_message_info_t* info = mavlink_message_info(msgid);
  if (!info) return 0;
  return MAVLINK_V2_HEADER_LEN + info->max_length + MAVLINK_CHECKSUM_LEN;
}

SerialHilBandwidth serialHilBandwidth(std::int64_t baud, double telemetry_share, bool signed_frames) {
  SerialHilBandwidth b;
  const int signature = signed_frames ? MAVLINK_SIGNATURE_LEN : 0;
  b.sensor_frame_bytes = mavlinkV2FrameBytes(MAVLINK_MSG_ID_HIL_SENSOR) + signature;
  b.actuator_frame_bytes = mavlinkV2FrameBytes(MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS) + signature;
  if (baud <= 0) return b;
  // A NaN share falls to the conservative end (nothing kept would overstate the rate).
  const double share = std::isnan(telemetry_share) ? 0.99 : std::clamp(telemetry_share, 0.0, 0.99);
  b.bytes_per_s = double(baud) / 10.0;
  const int step_bytes = std::max(b.sensor_frame_bytes, b.actuator_frame_bytes);
  b.max_sensor_rate_hz = int(std::floor(b.bytes_per_s * (1.0 - share) / double(step_bytes)));
  return b;
}

}  // namespace navigator
