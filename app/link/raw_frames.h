// Raw MAVLink frames: every frame on a byte stream, including those of messages the project's
// codec (firmware/mavlink) does not know and therefore skips — AUTOPILOT_VERSION, whose
// capabilities say how a vehicle encodes its parameters, and whatever an autopilot sends that
// only the MAVLink inspector shows (as hex). The scanner runs beside the codec's parser on the
// same bytes; it is not a second decoder of the codec's messages.
//   - A frame whose message has a known CRC_EXTRA (the codec's table, and the few listed here
//     from common.xml) is taken only when its checksum matches (MAVLink's CRC-16/MCRF4XX over
//     the header after the start marker, the payload and CRC_EXTRA).
//   - A frame of an unknown message cannot be checked: it is taken when its length leads
//     exactly to the next start marker (so one waits until the next frame's first byte came),
//     and marked unchecked.
//   - Anything else is skipped a byte at a time until a start marker frames something.
// Plain C++ and Qt containers, no QObject; one owner thread.
#pragma once

#include "firmware/mavlink/mavlink_codec.h"

#include <QByteArray>
#include <QMetaType>

#include <cstdint>
#include <optional>
#include <vector>

namespace navigator {

namespace mav {
// Messages of common.xml the codec's table does not carry, with their CRC_EXTRA (mavgen's
// value for the message's definition, as every MAVLink library prints it).
constexpr std::uint32_t kMsgIdAutopilotVersion = 148;
constexpr std::uint8_t kCrcExtraAutopilotVersion = 178;
constexpr std::uint32_t kMsgIdProtocolVersion = 300;
constexpr std::uint8_t kCrcExtraProtocolVersion = 217;
// MAV_CMD_REQUEST_MESSAGE (param1: the message id) and the older
// MAV_CMD_REQUEST_AUTOPILOT_CAPABILITIES (param1: 1), both answered by AUTOPILOT_VERSION.
constexpr std::uint16_t kCmdRequestMessage = 512;
constexpr std::uint16_t kCmdRequestAutopilotCapabilities = 520;
}  // namespace mav

struct RawFrame {
  std::uint8_t version = 2;  // 1 or 2
  std::uint8_t sysid = 0, compid = 0, seq = 0;
  std::uint32_t msgid = 0;
  QByteArray payload;    // as on the wire (MAVLink 2 may have cut trailing zero bytes)
  bool checked = false;  // the checksum was verified with the message's CRC_EXTRA
};

// CRC_EXTRA of `msgid`: the codec's, or one of the extra messages above; nullopt when unknown.
std::optional<std::uint8_t> crcExtraOf(std::uint32_t msgid);

class RawFrameScanner {
 public:
  // Appends `bytes` and returns every frame now complete, in order.
  std::vector<RawFrame> feed(const QByteArray& bytes);
  void reset() { buffer_.clear(); }
  std::uint64_t bytesSkipped() const { return skipped_; }

 private:
  enum class Step { Frame, Skip, Wait };
  Step tryFrame(RawFrame* frame, qsizetype* length) const;

  QByteArray buffer_;
  std::uint64_t skipped_ = 0;
};

// A MAVLink 2 frame of any message from its payload and CRC_EXTRA (the codec packs only the
// messages of its table); trailing zero bytes of the payload are cut as MAVLink 2 does, one
// byte always stays. Advances the sender's sequence.
QByteArray packRawFrame(mavlink_sender_t* sender, std::uint32_t msgid, std::uint8_t crc_extra, QByteArray payload);

// AUTOPILOT_VERSION's capabilities: the first field (uint64, little-endian); a cut payload's
// missing bytes are zero.
std::uint64_t autopilotVersionCapabilities(const QByteArray& payload);
// An AUTOPILOT_VERSION payload carrying `capabilities` and `flight_sw_version`, the other
// fields zero (78 bytes before truncation).
QByteArray autopilotVersionPayload(std::uint64_t capabilities, std::uint32_t flight_sw_version);

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::RawFrame)
