// The memory an STM32F405's ROM bootloader can reach, as the emulator models it. Facts from ST's
// RM0090 (memory map, flash sectors, option bytes, OTP), AN2606 (the RAM the bootloader keeps
// for itself) and the DS8626 datasheet (flash timings, see flash_timing.h).
//
//   flash          0x08000000, 1 MiB: sectors 0-3 16 KiB, 4 64 KiB, 5-11 128 KiB (RM0090 table 5);
//                  erased = 0xFF; programming can only clear bits (RM0090 3.5.4: "Writing '1'
//                  requires a Flash memory erase operation"), by 32-bit words (x32 parallelism)
//   system memory  0x1FFF0000-0x1FFF77FF (30 KiB): ST's ROM code, not reproduced: reads as 0xFF
//   OTP            0x1FFF7800-0x1FFF7A0F: 16 blocks of 32 bytes + 16 lock bytes (RM0090 3.8);
//                  programmable once (bits 1->0), a block whose lock byte is 0x00 refuses it
//   device id      0x1FFF7A10-0x1FFF7A23: the 96-bit unique id (a fixed example value) and the
//                  flash size in KiB at 0x1FFF7A22 (0x0400), read-only (RM0090 39.1, 39.2)
//   option bytes   0x1FFFC000-0x1FFFC00F: byte 0 USER, byte 1 RDP, bytes 8-9 nWRP (RM0090 3.7.1);
//                  the other bytes read as 0xFF (not confirmed for a real part)
//   SRAM           0x20000000, 128 KiB (SRAM1 112 KiB + SRAM2 16 KiB); the first 12 KiB
//                  (0x20000000-0x20002FFF) are the bootloader's own (AN2606, STM32F40xxx/41xxx
//                  bootloader configuration; stm32flash's device table agrees: RAM from
//                  0x20003000): readable, refused for WRITE MEMORY. Contents start at 0x00.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace navigator::flash_emu {

inline constexpr uint32_t kFlashBase = 0x08000000;
inline constexpr uint32_t kFlashSizeBytes = 1024 * 1024;
inline constexpr int kSectorCount = 12;
inline constexpr uint32_t kSystemMemoryBase = 0x1FFF0000;
inline constexpr uint32_t kSystemMemorySizeBytes = 0x7800;
inline constexpr uint32_t kOtpBase = 0x1FFF7800;
inline constexpr uint32_t kOtpSizeBytes = 0x210;  // 512 data bytes + 16 lock bytes
inline constexpr uint32_t kDeviceIdBase = 0x1FFF7A10;
inline constexpr uint32_t kDeviceIdSizeBytes = 0x14;
inline constexpr uint32_t kOptionBytesBase = 0x1FFFC000;
inline constexpr uint32_t kOptionBytesSizeBytes = 16;
inline constexpr uint32_t kSramBase = 0x20000000;
inline constexpr uint32_t kSramSizeBytes = 128 * 1024;
inline constexpr uint32_t kBootloaderRamSizeBytes = 12 * 1024;
inline constexpr uint8_t kRdpLevel0 = 0xAA;     // RM0090 3.6.3: 0xAA level 0, 0xCC level 2,
inline constexpr uint8_t kRdpLevel2 = 0xCC;     // anything else level 1
inline constexpr uint8_t kRdpLevel1Set = 0x55;  // what the emulated READOUT PROTECT writes

struct Sector {
  uint32_t address;
  uint32_t size_bytes;
};
// RM0090 table 5 (STM32F40x/41x, 1 MiB).
const std::array<Sector, kSectorCount>& flashSectors();
// The sector holding a flash address, or nothing outside the flash.
std::optional<int> sectorOf(uint32_t address);

enum class RegionKind { Flash, SystemMemory, Otp, DeviceId, OptionBytes, Sram };
const char* regionName(RegionKind kind);

// What a WRITE MEMORY or erase did, for the log: empty `error` = done.
struct MemoryResult {
  std::string error;
  std::vector<int> skipped_write_protected_sectors;  // AN3155: "no error is returned"
  uint32_t programmed_words = 0;                     // flash/OTP words programmed (timing)
  bool ok() const { return error.empty(); }
};

class Stm32F405Memory {
 public:
  Stm32F405Memory();

  // The region holding [address, address + length), or nothing when the range is outside every
  // region or crosses a region's end.
  std::optional<RegionKind> regionOf(uint32_t address, uint32_t length) const;
  bool readable(uint32_t address, uint32_t length) const { return regionOf(address, length).has_value(); }
  // Whether a WRITE MEMORY may start at `address` (flash, OTP, option bytes, SRAM past the
  // bootloader's 12 KiB); an explanation when not.
  std::string writeRefusal(uint32_t address) const;

  std::vector<uint8_t> read(uint32_t address, uint32_t length) const;
  // Programs flash/OTP word by word (stops at the first word that would need a 0->1 bit: an
  // error naming the address), writes SRAM, or replaces the option bytes.
  MemoryResult write(uint32_t address, std::span<const uint8_t> data);
  // Erases the sectors not write-protected; returns the skipped ones.
  MemoryResult eraseSectors(std::span<const int> sectors);
  MemoryResult massErase();

  bool readProtected() const { return rdp() != kRdpLevel0; }
  uint8_t rdp() const { return option_bytes_[1]; }
  void setRdp(uint8_t value) { option_bytes_[1] = value; }
  // nWRP bit i = 0: sector i write-protected (RM0090 3.7.1).
  bool writeProtected(int sector) const;
  void setWriteProtected(int sector, bool on);

  std::span<const uint8_t> flash() const { return flash_; }
  std::span<uint8_t> flashMutable() { return flash_; }

 private:
  std::vector<uint8_t> flash_, sram_, otp_;
  std::array<uint8_t, kDeviceIdSizeBytes> device_id_{};
  std::array<uint8_t, kOptionBytesSizeBytes> option_bytes_{};
};

}  // namespace navigator::flash_emu
