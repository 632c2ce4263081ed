// A firmware image as the flasher writes it: address-ordered, non-overlapping segments of bytes.
// Loaded from a raw .bin (placed at a base address, default the flash base 0x08000000), an
// Intel HEX file (record types 00, 01, 02, 03, 04, 05) or an ELF32 little-endian ARM executable
// (its PT_LOAD segments with file bytes, at their physical (load) addresses).
// Every refusal names the file and the place: "fw.hex line 12: checksum 0x3C, expected 0x3D",
// "fw.elf: program header 1 (PT_LOAD, at offset 84): its 43060 bytes at file offset 4096 run to
// offset 47156, but the file ends at offset 20480". Address ranges in messages are closed-open
// and printed "0x08000000–0x08004000".
// Rules (intel_hex.cpp and elf_image.cpp have the format notes):
//  - Intel HEX: records 00-05; blank lines and trailing whitespace (CRLF) are skipped; refused:
//    a line not starting with ':', non-hex or an odd number of digits, a byte count that does not
//    match, a bad checksum, an unknown type, wrong lengths of 01-05 records, anything after the
//    end-of-file record, no end-of-file record, two records writing the same address (both
//    lines named), no data at all.
//  - ELF: 32-bit, little-endian, ET_EXEC, EM_ARM; PT_LOAD segments with p_filesz > 0 at p_paddr;
//    refused with the offsets: a cut ELF header, program header table or segment data; with
//    what they are: another class, byte order, type or machine; overlapping segments; no
//    loadable bytes; more than 256 MiB of image (segments may share file bytes).
//  - No image reaches past 0xFFFFFFFF (ImageSegment::end() is 32-bit): such input is refused.
// Thread contract: plain values and pure functions; any thread.
#pragma once

#include "flash/chip_catalog.h"

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
  std::string source;                  // the file name, for messages
  std::vector<ImageSegment> segments;  // sorted by address, non-overlapping, none empty;
                                       // adjacent segments are merged
  size_t totalBytes() const;
  uint32_t lowestAddress() const;  // 0 when empty
  uint32_t highestEnd() const;     // one past the last byte; 0 when empty
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
// base_address applies to .bin only. Unreadable files are refused with the system's reason
// ("fw.bin: cannot open: No such file or directory"), as are directories and other non-regular
// files and files over 256 MiB. Messages name the file by `path` as given.
// An empty file is refused by every format ("fw.bin: empty file (0 bytes)").
ImageLoad loadFirmwareImage(const std::string& path, uint32_t base_address = kDefaultBinBase);

// Empty when every byte of the image lies in the chip's flash and touches none of its reserved
// ranges; otherwise why not, with addresses: "fw.bin: 0x08100000–0x08100400 (1 KiB) is past the
// end of the STM32F405/407/415/417's 1024 KiB flash (0x08000000–0x08100000)", "fw.bin:
// 0x1FFF0000–0x1FFF0400 (1 KiB) overlaps the STM32F405/407/415/417's system memory (ROM
// bootloader) at 0x1FFF0000–0x1FFF7800; its 1024 KiB flash (0x08000000–0x08100000)". The first
// problem (lowest address) is reported. An empty image is refused.
std::string checkImageFitsChip(const FirmwareImage& image, const ChipInfo& chip);

// The sectors the image needs erased, ascending, each once.
std::vector<uint16_t> sectorsForImage(const FirmwareImage& image, const ChipInfo& chip);

}  // namespace navigator::flash
