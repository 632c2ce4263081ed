#include "log/ulog_writer.h"

#include <algorithm>
#include <cassert>
#include <cstring>
#include <string>

namespace navigator::ulog {
namespace {

template <class T>
void put(Bytes& out, T value) {
  std::uint8_t raw[sizeof(T)];
  std::memcpy(raw, &value, sizeof(T));  // little-endian hosts only (ulog_format.cpp asserts it)
  out.insert(out.end(), raw, raw + sizeof(T));
}

void putText(Bytes& out, std::string_view s) { out.insert(out.end(), s.begin(), s.end()); }

// The message header, with the size patched in by finish().
std::size_t begin(Bytes& out, MessageKind kind) {
  const std::size_t at = out.size();
  put<std::uint16_t>(out, 0);
  put<std::uint8_t>(out, std::uint8_t(kind));
  return at;
}

void finish(Bytes& out, std::size_t at) {
  const std::size_t payload = out.size() - at - kMessageHeaderBytes;
  assert(payload <= kMaxPayloadBytes);
  const auto size = std::uint16_t(std::min(payload, kMaxPayloadBytes));
  std::memcpy(out.data() + at, &size, sizeof size);
}

// INFO / PARAMETER: uint8 key_len, key ("type name"), value bytes.
void keyValue(Bytes& out, MessageKind kind, const std::string& key, const void* value, std::size_t bytes) {
  const std::size_t at = begin(out, kind);
  put<std::uint8_t>(out, std::uint8_t(std::min<std::size_t>(key.size(), 255)));
  putText(out, std::string_view(key).substr(0, 255));
  const auto* v = static_cast<const std::uint8_t*>(value);
  out.insert(out.end(), v, v + bytes);
  finish(out, at);
}

}  // namespace

void appendHeader(Bytes& out, std::uint64_t start_us) {
  out.insert(out.end(), kMagic.begin(), kMagic.end());
  put<std::uint8_t>(out, kVersion);
  put<std::uint64_t>(out, start_us);
}

void appendFlagBits(Bytes& out) {
  const std::size_t at = begin(out, MessageKind::FlagBits);
  out.insert(out.end(), kFlagBitsPayloadBytes, 0);
  finish(out, at);
}

void appendFormat(Bytes& out, const Format& format) {
  const std::size_t at = begin(out, MessageKind::Format);
  putText(out, formatText(format));
  finish(out, at);
}

void appendInfo(Bytes& out, std::string_view key, std::string_view value) {
  value = value.substr(0, kMaxPayloadBytes - 300);
  keyValue(out, MessageKind::Info, "char[" + std::to_string(value.size()) + "] " + std::string(key), value.data(),
           value.size());
}

void appendInfo(Bytes& out, std::string_view key, std::uint64_t value) {
  keyValue(out, MessageKind::Info, "uint64_t " + std::string(key), &value, sizeof value);
}

void appendInfo(Bytes& out, std::string_view key, std::int32_t value) {
  keyValue(out, MessageKind::Info, "int32_t " + std::string(key), &value, sizeof value);
}

void appendParameter(Bytes& out, std::string_view name, float value) {
  keyValue(out, MessageKind::Parameter, "float " + std::string(name), &value, sizeof value);
}

void appendParameter(Bytes& out, std::string_view name, std::int32_t value) {
  keyValue(out, MessageKind::Parameter, "int32_t " + std::string(name), &value, sizeof value);
}

void appendAddLoggedMessage(Bytes& out, std::uint8_t multi_id, std::uint16_t msg_id, std::string_view name) {
  const std::size_t at = begin(out, MessageKind::AddLoggedMessage);
  put<std::uint8_t>(out, multi_id);
  put<std::uint16_t>(out, msg_id);
  putText(out, name);
  finish(out, at);
}

void appendData(Bytes& out, std::uint16_t msg_id, const void* payload, std::size_t bytes) {
  const std::size_t at = begin(out, MessageKind::Data);
  put<std::uint16_t>(out, msg_id);
  const auto* p = static_cast<const std::uint8_t*>(payload);
  out.insert(out.end(), p, p + bytes);
  finish(out, at);
}

void appendLogging(Bytes& out, LogLevel level, std::uint64_t t_us, std::string_view text) {
  const std::size_t at = begin(out, MessageKind::Logging);
  put<std::uint8_t>(out, std::uint8_t(level));
  put<std::uint64_t>(out, t_us);
  putText(out, text.substr(0, kMaxPayloadBytes - 9));
  finish(out, at);
}

void appendSync(Bytes& out) {
  const std::size_t at = begin(out, MessageKind::Sync);
  out.insert(out.end(), kSyncMagic.begin(), kSyncMagic.end());
  finish(out, at);
}

void appendDropout(Bytes& out, std::uint16_t duration_ms) {
  const std::size_t at = begin(out, MessageKind::Dropout);
  put<std::uint16_t>(out, duration_ms);
  finish(out, at);
}

}  // namespace navigator::ulog
