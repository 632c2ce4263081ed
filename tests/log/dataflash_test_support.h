// DataFlash logs written byte by byte from ArduPilot's published description of the format
// ("Log file format" in ArduPilot's documentation; the format characters as
// libraries/AP_Logger/LogStructure.h lists them), independent of log/dataflash_reader: every
// message is 0xA3 0x95, a type byte, then its fields packed little-endian; FMT (type 128, 89
// bytes) is type u8, length u8 (the whole message, header included), name char[4], format
// char[16], labels char[64]. The writer records where each message starts, so a test knows
// which messages lie wholly before any byte.
#pragma once

#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace dataflash_test {

struct Message {
  std::size_t offset = 0;
  std::size_t end = 0;  // one past its last byte
  std::uint8_t type = 0;
};

class Bin {
 public:
  std::vector<std::uint8_t> bytes;
  std::vector<Message> messages;

  // Starts a message of `type`: its three header bytes.
  Bin& begin(std::uint8_t type) {
    close();
    messages.push_back({bytes.size(), 0, type});
    bytes.push_back(0xA3);
    bytes.push_back(0x95);
    bytes.push_back(type);
    return *this;
  }
  // One field, little-endian (the host's order on every target here).
  template <class T>
  Bin& put(T v) {
    std::uint8_t b[sizeof v];
    std::memcpy(b, &v, sizeof v);
    bytes.insert(bytes.end(), b, b + sizeof v);
    return *this;
  }
  // A char[n] field: `s`, NUL-padded (no NUL when it fills the field).
  Bin& text(std::string_view s, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) bytes.push_back(i < s.size() ? std::uint8_t(s[i]) : 0);
    return *this;
  }
  // An FMT message: type 128, 89 bytes.
  Bin& fmt(std::uint8_t type, std::uint8_t length, std::string_view name, std::string_view format,
           std::string_view labels) {
    begin(128).put(type).put(length).text(name, 4).text(format, 16).text(labels, 64);
    return *this;
  }
  // FMT's own definition, as ArduPilot writes it first.
  Bin& fmtOfFmt() { return fmt(128, 89, "FMT", "BBnNZ", "Type,Length,Name,Format,Columns"); }

  // The messages whose every byte lies before `cut`.
  std::size_t wholeBefore(std::size_t cut) {
    close();
    std::size_t k = 0;
    for (const Message& m : messages) k += m.end <= cut ? 1 : 0;
    return k;
  }
  std::vector<std::uint8_t> done() {
    close();
    return bytes;
  }
  bool write(const std::string& path) {
    close();
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    return bool(f);
  }

 private:
  void close() {
    if (!messages.empty() && messages.back().end == 0) messages.back().end = bytes.size();
  }
};

}  // namespace dataflash_test
