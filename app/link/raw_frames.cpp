#include "app/link/raw_frames.h"

#include <cstring>

namespace navigator {
namespace {

constexpr std::uint8_t kStxV1 = MAVLINK_STX_V1, kStxV2 = MAVLINK_STX_V2;
constexpr qsizetype kMaxBuffered = 4 * MAVLINK_MAX_FRAME_LEN;  // beyond a frame and its successor: garbage

bool isStart(char byte) { return std::uint8_t(byte) == kStxV1 || std::uint8_t(byte) == kStxV2; }

std::uint16_t crcOf(const QByteArray& bytes, qsizetype from, qsizetype to, std::uint8_t crc_extra) {
  std::uint16_t crc = 0xFFFF;
  for (qsizetype i = from; i < to; ++i) crc = mavlink_crc_accumulate(std::uint8_t(bytes[i]), crc);
  return mavlink_crc_accumulate(crc_extra, crc);
}

}  // namespace

std::optional<std::uint8_t> crcExtraOf(std::uint32_t msgid) {
  if (const mavlink_message_info_t* info = mavlink_message_info(msgid)) return info->crc_extra;
  if (msgid == mav::kMsgIdAutopilotVersion) return mav::kCrcExtraAutopilotVersion;
  if (msgid == mav::kMsgIdProtocolVersion) return mav::kCrcExtraProtocolVersion;
  return std::nullopt;
}

RawFrameScanner::Step RawFrameScanner::tryFrame(RawFrame* frame, qsizetype* length) const {
  const auto at = [this](qsizetype i) { return std::uint8_t(buffer_[i]); };
  const bool v2 = at(0) == kStxV2;
  const qsizetype header = v2 ? MAVLINK_V2_HEADER_LEN : MAVLINK_V1_HEADER_LEN;
  if (buffer_.size() < header) return Step::Wait;
  const std::uint8_t incompat = v2 ? at(2) : 0;
  if ((incompat & ~MAVLINK_IFLAG_SIGNED) != 0) return Step::Skip;  // a flag MAVLink 2 does not define
  const qsizetype payload_length = at(1);
  const qsizetype total =
      header + payload_length + MAVLINK_CHECKSUM_LEN + ((incompat & MAVLINK_IFLAG_SIGNED) ? MAVLINK_SIGNATURE_LEN : 0);
  if (buffer_.size() < total) return Step::Wait;
  frame->version = v2 ? 2 : 1;
  frame->seq = at(v2 ? 4 : 2);
  frame->sysid = at(v2 ? 5 : 3);
  frame->compid = at(v2 ? 6 : 4);
  frame->msgid = v2 ? std::uint32_t(at(7)) | std::uint32_t(at(8)) << 8 | std::uint32_t(at(9)) << 16 : at(5);
  const qsizetype checksum_at = header + payload_length;
  if (const std::optional<std::uint8_t> extra = crcExtraOf(frame->msgid)) {
    const std::uint16_t sent = std::uint16_t(at(checksum_at) | at(checksum_at + 1) << 8);
    if (crcOf(buffer_, 1, checksum_at, *extra) != sent) return Step::Skip;
    frame->checked = true;
  } else {
    // Unknown: only a length that lands on the next start marker makes it a frame.
    if (buffer_.size() == total) return Step::Wait;
    if (!isStart(buffer_[total])) return Step::Skip;
    frame->checked = false;
  }
  frame->payload = buffer_.mid(header, payload_length);
  *length = total;
  return Step::Frame;
}

std::vector<RawFrame> RawFrameScanner::feed(const QByteArray& bytes) {
  buffer_.append(bytes);
  std::vector<RawFrame> frames;
  while (!buffer_.isEmpty()) {
    qsizetype start = 0;
    while (start < buffer_.size() && !isStart(buffer_[start])) ++start;
    if (start > 0) {
      skipped_ += std::uint64_t(start);
      buffer_.remove(0, start);
      continue;
    }
    RawFrame frame;
    qsizetype length = 0;
    const Step step = tryFrame(&frame, &length);
    if (step == Step::Wait) {
      if (buffer_.size() <= kMaxBuffered) break;
      ++skipped_;  // a length that never completes: not a frame after all
      buffer_.remove(0, 1);
    } else if (step == Step::Skip) {
      ++skipped_;
      buffer_.remove(0, 1);
    } else {
      frames.push_back(std::move(frame));
      buffer_.remove(0, length);
    }
  }
  return frames;
}

QByteArray packRawFrame(mavlink_sender_t* sender, std::uint32_t msgid, std::uint8_t crc_extra, QByteArray payload) {
  while (payload.size() > 1 && payload.back() == '\0') payload.chop(1);
  if (payload.isEmpty()) payload.append('\0');
  QByteArray frame;
  frame.append(char(kStxV2));
  frame.append(char(payload.size()));
  frame.append('\0');  // incompatibility flags
  frame.append('\0');  // compatibility flags
  frame.append(char(sender->seq++));
  frame.append(char(sender->sysid));
  frame.append(char(sender->compid));
  frame.append(char(msgid & 0xFF));
  frame.append(char((msgid >> 8) & 0xFF));
  frame.append(char((msgid >> 16) & 0xFF));
  frame.append(payload);
  const std::uint16_t crc = crcOf(frame, 1, frame.size(), crc_extra);
  frame.append(char(crc & 0xFF));
  frame.append(char(crc >> 8));
  return frame;
}

std::uint64_t autopilotVersionCapabilities(const QByteArray& payload) {
  std::uint64_t capabilities = 0;
  for (qsizetype i = 0; i < 8 && i < payload.size(); ++i)
    capabilities |= std::uint64_t(std::uint8_t(payload[i])) << (8 * i);
  return capabilities;
}

QByteArray autopilotVersionPayload(std::uint64_t capabilities, std::uint32_t flight_sw_version) {
  // Wire order (common.xml, fields sorted by size): capabilities u64, uid u64,
  // flight_sw_version u32 at byte 16, … , uid2[18] as the extension: 78 bytes.
  QByteArray payload(78, '\0');
  for (int i = 0; i < 8; ++i) payload[i] = char((capabilities >> (8 * i)) & 0xFF);
  for (int i = 0; i < 4; ++i) payload[16 + i] = char((flight_sw_version >> (8 * i)) & 0xFF);
  return payload;
}

}  // namespace navigator
