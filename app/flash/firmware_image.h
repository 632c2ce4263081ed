// A firmware image as the flasher writes it: address-ordered, non-overlapping segments of bytes.
// Loaded from a raw .bin (placed at a base address, default the flash base 0x08000000), an
// Intel HEX file (record types 00, 01, 02, 03, 04, 05) or an ELF32 little-endian ARM executable
// (its PT_LOAD segments with file bytes, at their physical (load) addresses).
// Every refusal names the file and the place: "fw.hex line 12: checksum 0x3C, expected 0x3D".
// Thread contract: plain values and pure functions; any thread.
#pragma once

#include "app/flash/chip_catalog.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace navigator::flash {

struct ImageSegment {
  uint32_t address = 0;
  std::vector<uint8_t> bytes;
  uint32_t end() const { return address + static_cast<uint32_t>(bytes.size()); }
};

struct FirmwareImage {
  enum class Format { Bin, IntelHex, Elf };
  Format format = Format::Bin;
  std::string source;                 // the file name, for messages
  std::vector<ImageSegment> segments;  // sorted by address, non-overlapping, none empty;
                                       // adjacent segments are merged
  size_t totalBytes() const;
  uint32_t lowestAddress() const;   // 0 when empty
  uint32_t highestEnd() const;      // one past the last byte; 0 when empty
};

// Either an image or the reason there is none.
struct ImageLoad {
  FirmwareImage image;
  std::string error;  // empty on success
  bool ok() const { return error.empty(); }
};

constexpr uint32_t kDefaultBinBase = 0x08000000;

ImageLoad imageFromBin(const std::vector<uint8_t>& bytes, uint32_t base_address, const std::string& source);
ImageLoad parseIntelHex(const std::string& text, const std::string& source);
ImageLoad parseElf(const std::vector<uint8_t>& bytes, const std::string& source);
// By extension (.bin, .hex/.ihex, .elf; case-insensitive); unknown extensions are refused.
// base_address applies to .bin only.
ImageLoad loadFirmwareImage(const std::string& path, uint32_t base_address = kDefaultBinBase);

// Empty when every byte of the image lies in the chip's flash and touches none of its reserved
// ranges; otherwise why not, with addresses: "fw.bin: 0x08100000–0x08100400 is past the end of
// the STM32F405/407/415/417's 1024 KiB flash (0x08000000–0x08100000)". An empty image is refused.
std::string checkImageFitsChip(const FirmwareImage& image, const ChipInfo& chip);

// The sectors the image needs erased, ascending, each once.
std::vector<uint16_t> sectorsForImage(const FirmwareImage& image, const ChipInfo& chip);

}  // namespace navigator::flash
