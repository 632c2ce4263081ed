// The STM32 ROM bootloader's UART protocol (ST AN3155), one command per call: synchronisation
// (0x7F), GET, GET_VERSION, GET_ID, READ MEMORY, WRITE MEMORY, EXTENDED ERASE (and the legacy
// ERASE for bootloaders that list only 0x43), GO and READOUT UNPROTECT. Each call reports ACK,
// NACK, timeout or a port failure; retrying is the caller's (the flasher's) policy.
// Thread contract: one thread at a time (the flashing thread).
#pragma once

#include "flash/byte_port.h"

#include <cstdint>
#include <string>
#include <vector>

namespace navigator::flash {

namespace an3155 {
constexpr uint8_t kSync = 0x7F;
constexpr uint8_t kAck = 0x79;
constexpr uint8_t kNack = 0x1F;
constexpr uint8_t kGet = 0x00;
constexpr uint8_t kGetVersion = 0x01;
constexpr uint8_t kGetId = 0x02;
constexpr uint8_t kReadMemory = 0x11;
constexpr uint8_t kGo = 0x21;
constexpr uint8_t kWriteMemory = 0x31;
constexpr uint8_t kErase = 0x43;
constexpr uint8_t kExtendedErase = 0x44;
constexpr uint8_t kWriteProtect = 0x63;
constexpr uint8_t kWriteUnprotect = 0x73;
constexpr uint8_t kReadoutProtect = 0x82;
constexpr uint8_t kReadoutUnprotect = 0x92;
constexpr uint8_t kGetChecksum = 0xA1;
constexpr size_t kMaxBlock = 256;  // READ and WRITE carry 1..256 bytes
}  // namespace an3155

enum class BootloaderStatus { Ok, Nack, Timeout, PortError, Protocol };
const char* statusName(BootloaderStatus status);

struct BootloaderResult {
  BootloaderStatus status = BootloaderStatus::Ok;
  std::string detail;  // for Protocol and PortError: what arrived, or the port's reason
  bool ok() const { return status == BootloaderStatus::Ok; }
};

struct BootloaderInfo {
  uint8_t version = 0;            // 0x31 = v3.1
  std::vector<uint8_t> commands;  // as GET lists them
  uint16_t chip_id = 0;
  uint8_t option_bytes[2] = {0, 0};  // as GET_VERSION gives them (the read-protection status bytes)
  bool supports(uint8_t command) const;
};

struct BootloaderTimeouts {
  int byte_ms = 500;             // an answer to a command or a block
  int erase_sector_ms = 4000;    // per sector (RM0090/DS8626: 128 KiB sector erase is 2 s at most)
  int mass_erase_ms = 40000;     // the whole flash (32 s at most at x8 parallelism)
  int unprotect_reset_ms = 100;  // after READOUT UNPROTECT: the chip erases and resets before it syncs again
};

class Stm32Bootloader {
 public:
  explicit Stm32Bootloader(BytePort& port, BootloaderTimeouts timeouts = {});

  // 0x7F; Ok on ACK. A NACK also means the bootloader is there and already synchronised
  // (a second 0x7F is an unknown command to it): that is Ok too, with detail saying so.
  BootloaderResult synchronise();
  BootloaderResult get(BootloaderInfo& info);         // fills version and commands
  BootloaderResult getVersion(BootloaderInfo& info);  // fills version and option_bytes
  BootloaderResult getId(BootloaderInfo& info);       // fills chip_id
  BootloaderResult readMemory(uint32_t address, size_t size, std::vector<uint8_t>& out);
  BootloaderResult writeMemory(uint32_t address, const uint8_t* data, size_t size);
  // Sectors (F4: EXTENDED ERASE page numbers are sector numbers); extended = 0x44, else 0x43.
  BootloaderResult eraseSectors(const std::vector<uint16_t>& sectors, bool extended);
  BootloaderResult massErase(bool extended);
  BootloaderResult go(uint32_t address);
  // Removes read-out protection: the bootloader mass-erases the flash and resets, after which
  // it must be synchronised again.
  BootloaderResult readoutUnprotect();

 private:
  BootloaderResult sendCommand(uint8_t command);
  BootloaderResult waitAck(int timeout_ms);
  BootloaderResult sendAddress(uint32_t address);
  BootloaderResult readExact(uint8_t* data, size_t size, int timeout_ms);

  BytePort& port_;
  BootloaderTimeouts timeouts_;
};

}  // namespace navigator::flash
