#include "stm32f405_memory.h"

#include <algorithm>
#include <cstdio>

namespace navigator::flash_emu {

namespace {

constexpr uint32_t kKiB = 1024;
constexpr uint32_t kOtpDataBytes = 512;
constexpr uint32_t kOtpBlockBytes = 32;
// USER option byte: FLASH_OPTCR's reset value 0x0FFFAAED (RM0090 3.9.10) without its two
// register-only bits OPTLOCK/OPTSTRT: nRST_STDBY, nRST_STOP, WDG_SW set, BOR off (BOR_LEV 11).
constexpr uint8_t kUserOptionDefault = 0xEC;

std::string hex32(uint32_t value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08X", value);
  return text;
}

bool inside(uint32_t address, uint32_t length, uint32_t base, uint32_t size) {
  return address >= base && address - base < size && length <= size - (address - base);
}

}  // namespace

const std::array<Sector, kSectorCount>& flashSectors() {
  static const std::array<Sector, kSectorCount> sectors = [] {
    std::array<Sector, kSectorCount> s{};
    uint32_t address = kFlashBase;
    for (int i = 0; i < kSectorCount; ++i) {
      const uint32_t size = i < 4 ? 16 * kKiB : i == 4 ? 64 * kKiB : 128 * kKiB;
      s[static_cast<size_t>(i)] = {address, size};
      address += size;
    }
    return s;
  }();
  return sectors;
}

std::optional<int> sectorOf(uint32_t address) {
  for (int i = 0; i < kSectorCount; ++i) {
    const Sector& s = flashSectors()[static_cast<size_t>(i)];
    if (address >= s.address && address - s.address < s.size_bytes) return i;
  }
  return std::nullopt;
}

const char* regionName(RegionKind kind) {
  switch (kind) {
    case RegionKind::Flash:
      return "flash";
    case RegionKind::SystemMemory:
      return "system memory";
    case RegionKind::Otp:
      return "OTP";
    case RegionKind::DeviceId:
      return "device id";
    case RegionKind::OptionBytes:
      return "option bytes";
    case RegionKind::Sram:
      return "SRAM";
  }
  return "?";
}

Stm32F405Memory::Stm32F405Memory()
    : flash_(kFlashSizeBytes, 0xFF), sram_(kSramSizeBytes, 0x00), otp_(kOtpSizeBytes, 0xFF) {
  // An example 96-bit unique id (each part has its own) and F_SIZE = 1024 KiB, little endian.
  const uint8_t uid[12] = {0x35, 0x00, 0x2B, 0x00, 0x0F, 0x47, 0x33, 0x34, 0x31, 0x36, 0x38, 0x37};
  std::copy(std::begin(uid), std::end(uid), device_id_.begin());
  std::fill(device_id_.begin() + 12, device_id_.end(), 0xFF);
  device_id_[0x12] = 0x00;
  device_id_[0x13] = 0x04;
  option_bytes_.fill(0xFF);
  option_bytes_[0] = kUserOptionDefault;
  option_bytes_[1] = kRdpLevel0;
  option_bytes_[8] = 0xFF;  // nWRP[7:0]: no sector protected
  option_bytes_[9] = 0x0F;  // nWRP[11:8]
}

std::optional<RegionKind> Stm32F405Memory::regionOf(uint32_t address, uint32_t length) const {
  if (inside(address, length, kFlashBase, kFlashSizeBytes)) return RegionKind::Flash;
  if (inside(address, length, kSystemMemoryBase, kSystemMemorySizeBytes)) return RegionKind::SystemMemory;
  if (inside(address, length, kOtpBase, kOtpSizeBytes)) return RegionKind::Otp;
  if (inside(address, length, kDeviceIdBase, kDeviceIdSizeBytes)) return RegionKind::DeviceId;
  if (inside(address, length, kOptionBytesBase, kOptionBytesSizeBytes)) return RegionKind::OptionBytes;
  if (inside(address, length, kSramBase, kSramSizeBytes)) return RegionKind::Sram;
  return std::nullopt;
}

std::string Stm32F405Memory::writeRefusal(uint32_t address) const {
  const auto region = regionOf(address, 1);
  if (!region) return "address " + hex32(address) + " is outside the STM32F405's memory map";
  switch (*region) {
    case RegionKind::SystemMemory:
    case RegionKind::DeviceId:
      return "address " + hex32(address) + " is in read-only " + regionName(*region);
    case RegionKind::Sram:
      if (address - kSramBase < kBootloaderRamSizeBytes)
        return "address " + hex32(address) + " is in the bootloader's own RAM (0x20000000-0x20002FFF, AN2606)";
      return {};
    default:
      return {};
  }
}

std::vector<uint8_t> Stm32F405Memory::read(uint32_t address, uint32_t length) const {
  std::vector<uint8_t> out(length, 0xFF);
  const auto region = regionOf(address, length);
  if (!region) return out;
  auto copy = [&](const auto& store, uint32_t base) {
    std::copy_n(store.begin() + (address - base), length, out.begin());
  };
  switch (*region) {
    case RegionKind::Flash:
      copy(flash_, kFlashBase);
      break;
    case RegionKind::SystemMemory:
      break;  // ST's ROM code is not reproduced
    case RegionKind::Otp:
      copy(otp_, kOtpBase);
      break;
    case RegionKind::DeviceId:
      copy(device_id_, kDeviceIdBase);
      break;
    case RegionKind::OptionBytes:
      copy(option_bytes_, kOptionBytesBase);
      break;
    case RegionKind::Sram:
      copy(sram_, kSramBase);
      break;
  }
  return out;
}

MemoryResult Stm32F405Memory::write(uint32_t address, std::span<const uint8_t> data) {
  MemoryResult result;
  const auto length = static_cast<uint32_t>(data.size());
  const auto region = regionOf(address, length);
  if (!region) {
    result.error =
        "write of " + std::to_string(length) + " bytes at " + hex32(address) + " does not fit in one memory region";
    return result;
  }
  if (std::string refusal = writeRefusal(address); !refusal.empty()) {
    result.error = refusal;
    return result;
  }
  if (*region == RegionKind::Sram) {
    std::copy(data.begin(), data.end(), sram_.begin() + (address - kSramBase));
    return result;
  }
  if (*region == RegionKind::OptionBytes) {
    // AN3155 (Write Memory): the option bytes are all erased before the new values are written.
    option_bytes_.fill(0xFF);
    std::copy(data.begin(), data.end(), option_bytes_.begin() + (address - kOptionBytesBase));
    return result;
  }
  // Flash and OTP: 32-bit word programming (x32 parallelism, RM0090 3.6.2).
  if (address % 4 != 0 || length % 4 != 0) {
    result.error = "flash programming is by 32-bit words: " + std::to_string(length) + " bytes at " + hex32(address) +
                   " are not word aligned";
    return result;
  }
  const bool is_flash = *region == RegionKind::Flash;
  std::vector<uint8_t>& store = is_flash ? flash_ : otp_;
  const uint32_t base = is_flash ? kFlashBase : kOtpBase;
  for (uint32_t offset = 0; offset < length; offset += 4) {
    const uint32_t word_address = address + offset;
    uint8_t* cell = store.data() + (word_address - base);
    if (is_flash) {
      const int sector = *sectorOf(word_address);
      if (writeProtected(sector)) {
        auto& skipped = result.skipped_write_protected_sectors;
        if (std::find(skipped.begin(), skipped.end(), sector) == skipped.end()) skipped.push_back(sector);
        continue;
      }
    } else if (word_address - kOtpBase < kOtpDataBytes &&
               otp_[kOtpDataBytes + (word_address - kOtpBase) / kOtpBlockBytes] == 0x00) {
      result.error = "OTP block " + std::to_string((word_address - kOtpBase) / kOtpBlockBytes) +
                     " is locked (its lock byte is 0x00): " + hex32(word_address) + " not programmed";
      return result;
    }
    for (int i = 0; i < 4; ++i) {
      const uint8_t wanted = data[offset + static_cast<uint32_t>(i)];
      if ((cell[i] & wanted) != wanted) {
        char why[160];
        std::snprintf(why, sizeof why,
                      "programming %s would need a 0->1 bit at 0x%08X (holds 0x%02X, asked 0x%02X): "
                      "not erased",
                      regionName(*region), word_address + static_cast<uint32_t>(i), cell[i], wanted);
        result.error = why;
        return result;
      }
    }
    std::copy_n(data.begin() + offset, 4, cell);
    ++result.programmed_words;
  }
  return result;
}

MemoryResult Stm32F405Memory::eraseSectors(std::span<const int> sectors) {
  MemoryResult result;
  for (int sector : sectors) {
    if (sector < 0 || sector >= kSectorCount) {
      result.error = "sector " + std::to_string(sector) + " does not exist (the STM32F405 has sectors 0-11)";
      return result;
    }
  }
  for (int sector : sectors) {
    if (writeProtected(sector)) {
      result.skipped_write_protected_sectors.push_back(sector);
      continue;
    }
    const Sector& s = flashSectors()[static_cast<size_t>(sector)];
    std::fill_n(flash_.begin() + (s.address - kFlashBase), s.size_bytes, 0xFF);
  }
  return result;
}

MemoryResult Stm32F405Memory::massErase() {
  MemoryResult result;
  for (int i = 0; i < kSectorCount; ++i)
    if (writeProtected(i)) result.skipped_write_protected_sectors.push_back(i);
  // RM0090 3.6.4: a mass erase cannot be performed while a sector is write-protected.
  if (result.skipped_write_protected_sectors.empty()) std::fill(flash_.begin(), flash_.end(), 0xFF);
  return result;
}

bool Stm32F405Memory::writeProtected(int sector) const {
  const uint16_t nwrp = static_cast<uint16_t>(option_bytes_[8] | (option_bytes_[9] << 8));
  return (nwrp & (1u << sector)) == 0;
}

void Stm32F405Memory::setWriteProtected(int sector, bool on) {
  uint8_t& byte = option_bytes_[sector < 8 ? 8 : 9];
  const auto bit = static_cast<uint8_t>(1u << (sector % 8));
  byte = on ? static_cast<uint8_t>(byte & ~bit) : static_cast<uint8_t>(byte | bit);
}

}  // namespace navigator::flash_emu
