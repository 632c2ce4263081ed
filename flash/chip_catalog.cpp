#include "flash/chip_catalog.h"

#include <cstdio>

// Every number below is from the document named in the entry's comment: ST's reference manual
// for the part (flash organization table: sector sizes and addresses; memory map: system memory,
// OTP, option bytes) and AN2606 (the chip id the ROM bootloader's GET_ID returns). Where a
// vendor header states the same range it is named too. Ranges are closed-open: [begin, end).
// Only the parts whose layout could be confirmed are listed; an unknown chip id is refused by
// the flasher rather than guessed.

namespace navigator::flash {

namespace {

constexpr uint32_t KiB = 1024;

struct SectorRun {
  int count;
  uint32_t size_bytes;
};

// Contiguous sectors from `base`, in address order.
std::vector<FlashSector> layout(uint32_t base, std::initializer_list<SectorRun> runs) {
  std::vector<FlashSector> sectors;
  uint32_t address = base;
  for (const SectorRun& run : runs) {
    for (int i = 0; i < run.count; ++i) {
      sectors.push_back({address, run.size_bytes});
      address += run.size_bytes;
    }
  }
  return sectors;
}

// STM32F4 sector pattern of one 1 MiB bank: 4 x 16 KiB, 1 x 64 KiB, 7 x 128 KiB.
constexpr SectorRun kF4Bank[] = {{4, 16 * KiB}, {1, 64 * KiB}, {7, 128 * KiB}};

// What an STM32F4 keeps beside its flash (RM0090 and RM0383 memory maps, cited per entry below):
// the ROM bootloader in system memory, the OTP area, the option bytes.
std::vector<AddressRange> f4Reserved() {
  return {{0x1FFF0000, 0x1FFF7800, "system memory (ROM bootloader)"},
          {0x1FFF7800, 0x1FFF7A10, "OTP area"},
          {0x1FFFC000, 0x1FFFC010, "option bytes"}};
}

// The same on the STM32F7 (RM0385 and RM0410, cited per entry below).
std::vector<AddressRange> f7Reserved() {
  return {{0x1FF00000, 0x1FF0EDC0, "system memory (ROM bootloader)"},
          {0x1FF0F000, 0x1FF0F420, "OTP area"},
          {0x1FFF0000, 0x1FFF0020, "option bytes"}};
}

// STM32F405/407/415/417, chip id 0x413 (AN2606, "STM32F40xxx/41xxx"). RM0090 section 3.3, Table 5 (1
// Mbyte single bank, STM32F40x/41x): sectors 0-3 16 KiB from 0x08000000, sector 4 64 KiB at
// 0x08010000, sectors 5-11 128 KiB from 0x08020000 to 0x080FFFFF; system memory
// 0x1FFF0000-0x1FFF77FF (30 KiB, the ROM bootloader); OTP 0x1FFF7800-0x1FFF7A0F (Table 18: 16
// blocks of 32 bytes and a 16-byte lock block at 0x1FFF7A00; ST's CMSIS stm32f405xx.h:
// FLASH_OTP_BASE 0x1FFF7800, FLASH_OTP_END 0x1FFF7A0F); option bytes 0x1FFFC000-0x1FFFC00F. The
// 512 KiB parts (F405OE, F407xE) share the id: they have sectors 0-7 only.
ChipInfo stm32f40x() {
  ChipInfo c;
  c.chip_id = 0x413;
  c.name = "STM32F405/407/415/417";
  c.sectors = layout(c.flash_base, {kF4Bank[0], kF4Bank[1], kF4Bank[2]});
  c.reserved = f4Reserved();
  return c;
}

// STM32F427/429/437/439 with 2 MiB, chip id 0x419 (AN2606, "STM32F42xxx/43xxx"). RM0090 section 3.4,
// Table 6 (2 Mbyte dual bank): bank 1 = sectors 0-11 from 0x08000000, bank 2 = sectors 12-23
// from 0x08100000, each bank the F4 pattern above; system memory and OTP as on the F40x; option
// bytes 0x1FFFC000-0x1FFFC00F (bank 1) and 0x1FFEC000-0x1FFEC00F (bank 2). Sector indices here
// are RM0090's numbering (0-23, in address order). FLASH_CR.SNB encodes sectors 12-23 as 16-27;
// which of the two numberings the ROM bootloader's EXTENDED ERASE takes for bank 2 is not
// confirmed from a source here, so a flasher erasing bank 2 must settle it first. The 1 MiB
// parts (xG) have sectors 0-11 only (or, with the DB1M option bit set, RM0090 Table 7's other
// layout, not modelled here).
ChipInfo stm32f42x() {
  ChipInfo c;
  c.chip_id = 0x419;
  c.name = "STM32F427/429/437/439";
  c.sectors = layout(c.flash_base, {kF4Bank[0], kF4Bank[1], kF4Bank[2], kF4Bank[0], kF4Bank[1], kF4Bank[2]});
  c.reserved = f4Reserved();
  c.reserved.insert(c.reserved.begin(), {0x1FFEC000, 0x1FFEC010, "option bytes (bank 2)"});
  return c;
}

// STM32F411xC/xE, chip id 0x431 (AN2606, "STM32F411xx"). RM0383 section 3.3 (flash module
// organization): 512 KiB, sectors 0-3 16 KiB, sector 4 64 KiB, sectors 5-7 128 KiB (to
// 0x0807FFFF; CMSIS stm32f411xe.h: FLASH_END 0x0807FFFF); system memory 0x1FFF0000-0x1FFF77FF;
// OTP 0x1FFF 7800-0x1FFF7A0F; option bytes 0x1FFFC000-0x1FFFC00F. The xC (256 KiB) has sectors
// 0-5 only.
ChipInfo stm32f411() {
  ChipInfo c;
  c.chip_id = 0x431;
  c.name = "STM32F411";
  c.sectors = layout(c.flash_base, {{4, 16 * KiB}, {1, 64 * KiB}, {3, 128 * KiB}});
  c.reserved = f4Reserved();
  return c;
}

// STM32F745/746/756, chip id 0x449 (AN2606, "STM32F74xxx/75xxx"). RM0385 section 3.3.1 (flash memory
// organization, AXIM interface): sectors 0-3 32 KiB, sector 4 128 KiB, sectors 5-7 256 KiB, 1
// MiB to 0x080FFFFF; system memory 0x1FF00000-0x1FF0EDBF; OTP 0x1FF0F000-0x1FF0F41F (CMSIS
// stm32f746xx.h: FLASH_OTP_BASE 0x1FF0F000, FLASH_OTP_END 0x1FF0F41F); option bytes
// 0x1FFF0000-0x1FFF001F. (The same flash also answers on ITCM at 0x00200000; the ROM bootloader
// writes it at 0x08000000, so images are expected there.)
ChipInfo stm32f74x() {
  ChipInfo c;
  c.chip_id = 0x449;
  c.name = "STM32F745/746/756";
  c.sectors = layout(c.flash_base, {{4, 32 * KiB}, {1, 128 * KiB}, {3, 256 * KiB}});
  c.reserved = f7Reserved();
  return c;
}

// STM32F765/767/769/777/779, chip id 0x451 (AN2606, "STM32F76xxx/77xxx"), in the single-bank
// organization the parts ship with (option bit nDBANK = 1). RM0410 section 3.3.1 (flash memory
// organization, single bank): sectors 0-3 32 KiB, sector 4 128 KiB, sectors 5-11 256 KiB, to
// 0x081FFFFF (CMSIS stm32f767xx.h: FLASH_END 0x081FFFFF); system memory, OTP and option bytes as
// on the F74x. The dual-bank organization (nDBANK = 0) is not modelled.
ChipInfo stm32f76x() {
  ChipInfo c;
  c.chip_id = 0x451;
  c.name = "STM32F765/767/769/777/779";
  c.sectors = layout(c.flash_base, {{4, 32 * KiB}, {1, 128 * KiB}, {7, 256 * KiB}});
  c.reserved = f7Reserved();
  return c;
}

// STM32H742xI/743xI/753xI (2 MiB), chip id 0x450 (AN2606, "STM32H74xxx/75xxx"). RM0433 (embedded
// flash memory chapter, flash memory organization): bank 1 = 8 sectors of 128 KiB from 0x0800
// 0000, bank 2 = 8 sectors of 128 KiB from 0x08100000; system memory (bank 1, the ROM
// bootloader) 0x1FF00000-0x1FF1FFFF. The option bytes are registers, not mapped memory. RM0433
// numbers the sectors 0-7 within each bank; here they are counted in address order (bank 2 =
// 8-15). The 1 MiB parts (xG) have 512 KiB per bank with a gap between the banks: not modelled.
ChipInfo stm32h74x() {
  ChipInfo c;
  c.chip_id = 0x450;
  c.name = "STM32H742/743/753 (2 MiB)";
  c.sectors = layout(c.flash_base, {{16, 128 * KiB}});
  c.reserved = {{0x1FF00000, 0x1FF20000, "system memory (ROM bootloader)"}};
  return c;
}

// STM32F302xB/C, F303xB/C, F358, chip id 0x422 (AN2606, "STM32F302xB(C)/303xB(C)/358xx"). RM0316
// (embedded flash memory chapter, flash memory organization): up to 256 KiB of 2 KiB pages (128
// pages, to 0x0803FFFF); system memory 0x1FFFD800-0x1FFFF7FF (8 KiB); option bytes 0x1FFF
// F800-0x1FFFF80F. The "sectors" here are the erase pages the bootloader's ERASE numbers. The xB
// parts (128 KiB) have pages 0-63 only.
ChipInfo stm32f30x() {
  ChipInfo c;
  c.chip_id = 0x422;
  c.name = "STM32F302xB/C, F303xB/C, F358";
  c.sectors = layout(c.flash_base, {{128, 2 * KiB}});
  c.reserved = {{0x1FFFD800, 0x1FFFF800, "system memory (ROM bootloader)"}, {0x1FFFF800, 0x1FFFF810, "option bytes"}};
  return c;
}

std::vector<ChipInfo> buildCatalog() {
  return {stm32f40x(), stm32f42x(), stm32f411(), stm32f74x(), stm32f76x(), stm32h74x(), stm32f30x()};
}

}  // namespace

uint32_t ChipInfo::flashSizeBytes() const {
  uint64_t total = 0;
  for (const FlashSector& s : sectors) total += s.size_bytes;
  return static_cast<uint32_t>(total);
}

const std::vector<ChipInfo>& knownChips() {
  static const std::vector<ChipInfo> chips = buildCatalog();
  return chips;
}

const ChipInfo* findChip(uint16_t chip_id) {
  for (const ChipInfo& chip : knownChips()) {
    if (chip.chip_id == chip_id) return &chip;
  }
  return nullptr;
}

const ChipInfo& stm32f405Chip() {
  static const ChipInfo& chip = *findChip(0x413);
  return chip;
}

std::vector<uint16_t> sectorsCovering(const ChipInfo& chip, uint32_t begin, uint32_t end) {
  std::vector<uint16_t> indices;
  if (begin >= end) return indices;
  for (size_t i = 0; i < chip.sectors.size(); ++i) {
    const uint64_t s_begin = chip.sectors[i].address;
    const uint64_t s_end = s_begin + chip.sectors[i].size_bytes;
    if (s_begin < end && begin < s_end) indices.push_back(static_cast<uint16_t>(i));
  }
  return indices;
}

std::string hexAddress(uint32_t address) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%08X", address);
  return text;
}

}  // namespace navigator::flash
