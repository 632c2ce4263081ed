#include "flash/stm32_bootloader.h"

#include <algorithm>
#include <cstdio>

namespace navigator::flash {
namespace {

std::string byteHex(uint8_t b) {
  char s[8];
  std::snprintf(s, sizeof s, "0x%02X", b);
  return s;
}

uint8_t xorOf(const uint8_t* data, size_t size, uint8_t seed = 0) {
  uint8_t x = seed;
  for (size_t i = 0; i < size; ++i) x ^= data[i];
  return x;
}

}  // namespace

const char* statusName(BootloaderStatus status) {
  switch (status) {
    case BootloaderStatus::Ok:
      return "ACK";
    case BootloaderStatus::Nack:
      return "NACK";
    case BootloaderStatus::Timeout:
      return "no answer";
    case BootloaderStatus::PortError:
      return "port error";
    case BootloaderStatus::Protocol:
      return "unexpected answer";
  }
  return "?";
}

bool BootloaderInfo::supports(uint8_t command) const {
  return std::find(commands.begin(), commands.end(), command) != commands.end();
}

Stm32Bootloader::Stm32Bootloader(BytePort& port, BootloaderTimeouts timeouts) : port_(port), timeouts_(timeouts) {}

BootloaderResult Stm32Bootloader::readExact(uint8_t* data, size_t size, int timeout_ms) {
  const long n = port_.read(data, size, timeout_ms);
  if (n < 0) return {BootloaderStatus::PortError, port_.lastError()};
  if (static_cast<size_t>(n) < size) {
    return {BootloaderStatus::Timeout,
            std::to_string(n) + " of " + std::to_string(size) + " bytes within " + std::to_string(timeout_ms) + " ms"};
  }
  return {};
}

BootloaderResult Stm32Bootloader::waitAck(int timeout_ms) {
  uint8_t b = 0;
  BootloaderResult r = readExact(&b, 1, timeout_ms);
  if (!r.ok()) return r;
  if (b == an3155::kAck) return {};
  if (b == an3155::kNack) return {BootloaderStatus::Nack, "NACK"};
  return {BootloaderStatus::Protocol, "got " + byteHex(b) + " where ACK (0x79) or NACK (0x1F) belongs"};
}

BootloaderResult Stm32Bootloader::sendCommand(uint8_t command) {
  port_.discardInput();  // a late answer to an abandoned command must not pass for this one's
  const uint8_t frame[2] = {command, static_cast<uint8_t>(~command)};
  if (!port_.write(frame, 2)) return {BootloaderStatus::PortError, port_.lastError()};
  return waitAck(timeouts_.byte_ms);
}

BootloaderResult Stm32Bootloader::sendAddress(uint32_t address) {
  uint8_t frame[5] = {static_cast<uint8_t>(address >> 24), static_cast<uint8_t>(address >> 16),
                      static_cast<uint8_t>(address >> 8), static_cast<uint8_t>(address), 0};
  frame[4] = xorOf(frame, 4);
  if (!port_.write(frame, 5)) return {BootloaderStatus::PortError, port_.lastError()};
  return waitAck(timeouts_.byte_ms);
}

BootloaderResult Stm32Bootloader::synchronise() {
  port_.discardInput();
  const uint8_t sync = an3155::kSync;
  if (!port_.write(&sync, 1)) return {BootloaderStatus::PortError, port_.lastError()};
  BootloaderResult r = waitAck(timeouts_.byte_ms);
  if (r.status == BootloaderStatus::Nack) {
    // AN3155: once synchronised, 0x7F is an unknown command and gets a NACK — it is there.
    return {BootloaderStatus::Ok, "already synchronised (NACK to a repeated 0x7F)"};
  }
  return r;
}

BootloaderResult Stm32Bootloader::get(BootloaderInfo& info) {
  BootloaderResult r = sendCommand(an3155::kGet);
  if (!r.ok()) return r;
  uint8_t n = 0;
  if (r = readExact(&n, 1, timeouts_.byte_ms); !r.ok()) return r;
  std::vector<uint8_t> bytes(static_cast<size_t>(n) + 1);  // version, then n commands
  if (r = readExact(bytes.data(), bytes.size(), timeouts_.byte_ms); !r.ok()) return r;
  if (r = waitAck(timeouts_.byte_ms); !r.ok()) return r;
  info.version = bytes[0];
  info.commands.assign(bytes.begin() + 1, bytes.end());
  return {};
}

BootloaderResult Stm32Bootloader::getVersion(BootloaderInfo& info) {
  BootloaderResult r = sendCommand(an3155::kGetVersion);
  if (!r.ok()) return r;
  uint8_t bytes[3] = {};
  if (r = readExact(bytes, 3, timeouts_.byte_ms); !r.ok()) return r;
  if (r = waitAck(timeouts_.byte_ms); !r.ok()) return r;
  info.version = bytes[0];
  info.option_bytes[0] = bytes[1];
  info.option_bytes[1] = bytes[2];
  return {};
}

BootloaderResult Stm32Bootloader::getId(BootloaderInfo& info) {
  BootloaderResult r = sendCommand(an3155::kGetId);
  if (!r.ok()) return r;
  uint8_t n = 0;
  if (r = readExact(&n, 1, timeouts_.byte_ms); !r.ok()) return r;
  std::vector<uint8_t> pid(static_cast<size_t>(n) + 1);
  if (r = readExact(pid.data(), pid.size(), timeouts_.byte_ms); !r.ok()) return r;
  if (r = waitAck(timeouts_.byte_ms); !r.ok()) return r;
  if (pid.size() < 2)
    return {BootloaderStatus::Protocol, "GET_ID gave " + std::to_string(pid.size()) + " byte(s), expected 2"};
  info.chip_id = static_cast<uint16_t>((pid[pid.size() - 2] << 8) | pid[pid.size() - 1]);
  return {};
}

BootloaderResult Stm32Bootloader::readMemory(uint32_t address, size_t size, std::vector<uint8_t>& out) {
  if (size == 0 || size > an3155::kMaxBlock) {
    return {BootloaderStatus::Protocol, "READ MEMORY takes 1 to 256 bytes, not " + std::to_string(size)};
  }
  BootloaderResult r = sendCommand(an3155::kReadMemory);
  if (!r.ok()) return r;
  if (r = sendAddress(address); !r.ok()) return r;
  const uint8_t count[2] = {static_cast<uint8_t>(size - 1), static_cast<uint8_t>(~(size - 1))};
  if (!port_.write(count, 2)) return {BootloaderStatus::PortError, port_.lastError()};
  if (r = waitAck(timeouts_.byte_ms); !r.ok()) return r;
  out.resize(size);
  return readExact(out.data(), size, timeouts_.byte_ms);
}

BootloaderResult Stm32Bootloader::writeMemory(uint32_t address, const uint8_t* data, size_t size) {
  if (size == 0 || size > an3155::kMaxBlock || size % 4 != 0) {
    return {BootloaderStatus::Protocol,
            "WRITE MEMORY takes a multiple of 4 bytes up to 256, not " + std::to_string(size)};
  }
  BootloaderResult r = sendCommand(an3155::kWriteMemory);
  if (!r.ok()) return r;
  if (r = sendAddress(address); !r.ok()) return r;
  std::vector<uint8_t> frame;
  frame.reserve(size + 2);
  frame.push_back(static_cast<uint8_t>(size - 1));
  frame.insert(frame.end(), data, data + size);
  frame.push_back(xorOf(frame.data(), frame.size()));
  if (!port_.write(frame.data(), frame.size())) return {BootloaderStatus::PortError, port_.lastError()};
  return waitAck(timeouts_.byte_ms + 100);  // programming 64 words takes ~1 ms (DS8626: 16 µs/word)
}

BootloaderResult Stm32Bootloader::eraseSectors(const std::vector<uint16_t>& sectors, bool extended) {
  if (sectors.empty()) return {};
  BootloaderResult r = sendCommand(extended ? an3155::kExtendedErase : an3155::kErase);
  if (!r.ok()) return r;
  std::vector<uint8_t> frame;
  if (extended) {
    const uint16_t n = static_cast<uint16_t>(sectors.size() - 1);
    frame.push_back(static_cast<uint8_t>(n >> 8));
    frame.push_back(static_cast<uint8_t>(n));
    for (uint16_t s : sectors) {
      frame.push_back(static_cast<uint8_t>(s >> 8));
      frame.push_back(static_cast<uint8_t>(s));
    }
  } else {
    if (sectors.size() > 255 || sectors.back() > 255) {
      return {BootloaderStatus::Protocol, "the legacy ERASE command numbers pages 0 to 254 only"};
    }
    frame.push_back(static_cast<uint8_t>(sectors.size() - 1));
    for (uint16_t s : sectors) frame.push_back(static_cast<uint8_t>(s));
  }
  frame.push_back(xorOf(frame.data(), frame.size()));
  if (!port_.write(frame.data(), frame.size())) return {BootloaderStatus::PortError, port_.lastError()};
  return waitAck(timeouts_.erase_sector_ms * static_cast<int>(sectors.size()));
}

BootloaderResult Stm32Bootloader::massErase(bool extended) {
  BootloaderResult r = sendCommand(extended ? an3155::kExtendedErase : an3155::kErase);
  if (!r.ok()) return r;
  if (extended) {
    const uint8_t frame[3] = {0xFF, 0xFF, 0x00};  // the special code 0xFFFF and its XOR
    if (!port_.write(frame, 3)) return {BootloaderStatus::PortError, port_.lastError()};
  } else {
    const uint8_t frame[2] = {0xFF, 0x00};  // global erase
    if (!port_.write(frame, 2)) return {BootloaderStatus::PortError, port_.lastError()};
  }
  return waitAck(timeouts_.mass_erase_ms);
}

BootloaderResult Stm32Bootloader::go(uint32_t address) {
  BootloaderResult r = sendCommand(an3155::kGo);
  if (!r.ok()) return r;
  return sendAddress(address);
}

BootloaderResult Stm32Bootloader::readoutUnprotect() {
  BootloaderResult r = sendCommand(an3155::kReadoutUnprotect);
  if (!r.ok()) return r;
  // The second ACK comes when the mass erase that removing RDP means is done.
  return waitAck(timeouts_.mass_erase_ms);
}

}  // namespace navigator::flash
