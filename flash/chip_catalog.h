// The STM32 parts the flasher knows: chip id (AN2606 / the device's DBGMCU_IDCODE DEV_ID, which
// the ROM bootloader's GET_ID returns), flash base, size and sector layout, and the address
// ranges no image may touch (the ROM bootloader in system memory, OTP, option bytes).
// Facts from ST's reference manuals (RM0090 for the STM32F405/407/415/417) and AN2606.
// Thread contract: constant data and pure functions; any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace navigator::flash {

struct FlashSector {
  uint32_t address = 0;
  uint32_t size_bytes = 0;
};

// A closed-open address range [begin, end).
struct AddressRange {
  uint32_t begin = 0;
  uint32_t end = 0;
  std::string what;  // "system memory (ROM bootloader)", "option bytes", ...
  bool overlaps(uint32_t b, uint32_t e) const { return b < end && begin < e; }
};

struct ChipInfo {
  uint16_t chip_id = 0;  // 0x413 for the STM32F405/407/415/417
  std::string name;      // "STM32F405/407/415/417"
  uint32_t flash_base = 0x08000000;
  std::vector<FlashSector> sectors;    // in address order, contiguous from flash_base
  std::vector<AddressRange> reserved;  // never written by an image
  uint32_t flashSizeBytes() const;
  uint32_t flashEnd() const { return flash_base + flashSizeBytes(); }
};

// The chip this project's board image targets (firmware/hal/stm32f4): the STM32F405, 1 MiB.
const ChipInfo& stm32f405Chip();
// Every known chip; findChip(0x413) is the F405's entry. nullopt/nullptr when unknown.
// The catalog (chip_catalog.cpp, each entry with its reference-manual source): 0x413
// STM32F405/407/415/417, 0x419 STM32F427/429/437/439 (2 MiB, dual bank), 0x431 STM32F411,
// 0x449 STM32F745/746/756, 0x451 STM32F765/767/769/777/779 (single bank), 0x450
// STM32H742/743/753 (2 MiB), 0x422 STM32F302xB/C, F303xB/C, F358 (2 KiB pages). One chip id
// covers several flash sizes; an entry describes the largest, smaller parts use a prefix of its
// sectors (the device's flash size register tells which).
const std::vector<ChipInfo>& knownChips();
const ChipInfo* findChip(uint16_t chip_id);

// The sector indices (0-based, in address order; on the F4/F7 the numbers EXTENDED ERASE takes,
// on the F3 the 2 KiB page numbers) that [begin, end) touches, ascending. Addresses outside the
// flash are not in any sector and are ignored here (the image check refuses them first); an
// empty or inverted range touches none.
std::vector<uint16_t> sectorsCovering(const ChipInfo& chip, uint32_t begin, uint32_t end);

// "0x08000000" style.
std::string hexAddress(uint32_t address);

}  // namespace navigator::flash
