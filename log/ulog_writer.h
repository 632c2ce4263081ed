// Encodes ULog messages (docs.px4.io, "ULog File Format") into a byte buffer: the header, the
// definitions (FLAG_BITS, FORMAT, INFO, PARAMETER) and the data section's messages
// (ADD_LOGGED_MSG, DATA, LOGGING, SYNC, DROPOUT). Pure encoding; ulog_recorder.h writes files.
#pragma once

#include "log/ulog_format.h"

#include <cstdint>
#include <string_view>
#include <vector>

namespace navigator::ulog {

using Bytes = std::vector<std::uint8_t>;

// The header: magic, version 1, the start of logging [µs].
void appendHeader(Bytes& out, std::uint64_t start_us);
// FLAG_BITS with every flag clear (nothing appended, nothing incompatible).
void appendFlagBits(Bytes& out);
void appendFormat(Bytes& out, const Format& format);
// INFO "char[N] key" = value.
void appendInfo(Bytes& out, std::string_view key, std::string_view value);
// INFO of a fixed-size value: "uint64_t key", "int32_t key", "float key", …
void appendInfo(Bytes& out, std::string_view key, std::uint64_t value);
void appendInfo(Bytes& out, std::string_view key, std::int32_t value);
// PARAMETER "float NAME" / "int32_t NAME".
void appendParameter(Bytes& out, std::string_view name, float value);
void appendParameter(Bytes& out, std::string_view name, std::int32_t value);
void appendAddLoggedMessage(Bytes& out, std::uint8_t multi_id, std::uint16_t msg_id, std::string_view name);
// DATA: the msg_id, then the topic's packed payload (its first 8 bytes the timestamp [µs]).
void appendData(Bytes& out, std::uint16_t msg_id, const void* payload, std::size_t bytes);
void appendLogging(Bytes& out, LogLevel level, std::uint64_t t_us, std::string_view text);
void appendSync(Bytes& out);
void appendDropout(Bytes& out, std::uint16_t duration_ms);

// The bytes a message of `payload_bytes` takes in the file.
inline constexpr std::size_t messageBytes(std::size_t payload_bytes) { return kMessageHeaderBytes + payload_bytes; }
// The largest payload a message can carry (its size field is 16 bits).
inline constexpr std::size_t kMaxPayloadBytes = 65535;

}  // namespace navigator::ulog
