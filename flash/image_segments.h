// Internal to the image loaders (firmware_image.cpp, intel_hex.cpp, elf_image.cpp), not part of
// navigator_flash's API: the pieces a parser collects, their assembly into the sorted, merged
// segments of a FirmwareImage (overlaps refused), and the text helpers the loaders' messages
// share (printf formatting, address ranges, sizes).
// Thread contract: plain values and pure functions; any thread.
#pragma once

#include "flash/firmware_image.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace navigator::flash::detail {

// One past the last address an image may reach: ImageSegment::end() is 32-bit, so a segment
// ending at 2^32 could not be represented; the byte at 0xFFFFFFFF is never flash anyway.
inline constexpr uint64_t kAddressLimit = 0xFFFFFFFFull;

// A run of image bytes before sorting and merging: `size` bytes at `address`, taken from
// `data + offset`; `tag` names its origin (HEX line number, ELF program header index).
struct Piece {
  uint32_t address = 0;
  uint32_t size = 0;
  size_t offset = 0;
  size_t tag = 0;
  uint64_t end() const { return uint64_t{address} + size; }
};

// Names a piece's origin in messages from its tag: "line 12", "program header 1".
using PieceLabel = std::string (*)(size_t tag);

// Sorts the pieces, refuses overlaps (naming both origins through `label`) and merges adjacent
// pieces into segments. Every piece must end at or below kAddressLimit and be non-empty.
std::string assemble(std::vector<Piece>& pieces, const uint8_t* data, const std::string& source, PieceLabel label,
                     std::vector<ImageSegment>& segments);

[[gnu::format(printf, 1, 2)]] std::string format(const char* fmt, ...);

// A closed-open range as the messages print it: "0x08000000–0x08004000".
std::string range(uint64_t begin, uint64_t end);

// "1 byte", "100 bytes", "16 KiB", "1500 bytes (1.5 KiB)".
std::string sizeText(uint64_t bytes);

}  // namespace navigator::flash::detail
