// libFuzzer target for the flasher's file parsers in flash/firmware_image.cpp: Intel HEX
// and ELF32, then the chip fit check and the sector list on whatever they accept.
//
// Input layout: byte 0 chooses the parser (bit 0 clear: parseIntelHex, set: parseElf); the
// rest is the file. Every input also goes through imageFromBin at a base taken from byte 0.
//
// Checks, each a __builtin_trap() when it fails (see CHECK):
//  - a refusal has no segments and a message starting with the source name;
//  - an accepted image has segments that are non-empty, sorted, apart (adjacent ones are merged)
//    and end at or below 0xFFFFFFFF; totalBytes/lowestAddress/highestEnd agree with them;
//    a HEX image holds at most half as many bytes as the text has characters;
//  - round trip: the image written back as Intel HEX (04 + 00 records, here) and as an ELF32
//    (one PT_LOAD a segment, here) parses to the same segments;
//  - for every known chip, checkImageFitsChip accepting means every byte is in the flash and
//    none in a reserved range; sectorsForImage is ascending, unique and inside the sector
//    table, and not empty for an accepted image.
#include "flash/firmware_image.h"
#include "tests/fuzz/fuzz_support.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

using namespace navigator::flash;

namespace {

void put(std::vector<uint8_t>& out, size_t at, uint32_t value, int width) {
  for (int i = 0; i < width; ++i) out[at + i] = static_cast<uint8_t>(value >> (8 * i));
}

std::string hexRecord(uint8_t type, uint16_t offset, const uint8_t* data, size_t n) {
  static const char* digits = "0123456789ABCDEF";
  std::vector<uint8_t> bytes = {static_cast<uint8_t>(n), static_cast<uint8_t>(offset >> 8),
                                static_cast<uint8_t>(offset), type};
  bytes.insert(bytes.end(), data, data + n);
  unsigned sum = 0;
  for (uint8_t b : bytes) sum += b;
  bytes.push_back(static_cast<uint8_t>(0x100 - (sum & 0xFF)));
  std::string line = ":";
  for (uint8_t b : bytes) {
    line += digits[b >> 4];
    line += digits[b & 0xF];
  }
  return line + "\n";
}

std::string toHex(const FirmwareImage& image) {
  std::string text;
  uint32_t upper = 0xFFFFFFFF;  // no 04 record written yet
  for (const ImageSegment& s : image.segments) {
    size_t i = 0;
    while (i < s.bytes.size()) {
      const uint32_t address = s.address + static_cast<uint32_t>(i);
      if (address >> 16 != upper) {
        upper = address >> 16;
        const uint8_t ela[2] = {static_cast<uint8_t>(upper >> 8), static_cast<uint8_t>(upper)};
        text += hexRecord(0x04, 0, ela, 2);
      }
      // Up to 16 bytes, not crossing a 64 KiB boundary (the next 04 record's job).
      const size_t room = 0x10000 - (address & 0xFFFF);
      const size_t n = std::min({size_t{16}, s.bytes.size() - i, room});
      text += hexRecord(0x00, static_cast<uint16_t>(address), s.bytes.data() + i, n);
      i += n;
    }
  }
  return text + ":00000001FF\n";
}

std::vector<uint8_t> toElf(const FirmwareImage& image) {
  const size_t count = image.segments.size();
  std::vector<uint8_t> out(52 + 32 * count, 0);
  const uint8_t ident[] = {0x7F, 'E', 'L', 'F', 1, 1, 1};
  std::copy(std::begin(ident), std::end(ident), out.begin());
  put(out, 16, 2, 2);   // ET_EXEC
  put(out, 18, 40, 2);  // EM_ARM
  put(out, 20, 1, 4);
  put(out, 28, 52, 4);  // e_phoff
  put(out, 40, 52, 2);
  put(out, 42, 32, 2);
  put(out, 44, static_cast<uint32_t>(count), 2);
  for (size_t i = 0; i < count; ++i) {
    const ImageSegment& s = image.segments[i];
    const size_t ph = 52 + 32 * i;
    put(out, ph, 1, 4);  // PT_LOAD
    put(out, ph + 4, static_cast<uint32_t>(out.size()), 4);
    put(out, ph + 8, s.address, 4);
    put(out, ph + 12, s.address, 4);
    put(out, ph + 16, static_cast<uint32_t>(s.bytes.size()), 4);
    put(out, ph + 20, static_cast<uint32_t>(s.bytes.size()), 4);
    out.insert(out.end(), s.bytes.begin(), s.bytes.end());
  }
  return out;
}

void checkLoad(const ImageLoad& load, const std::string& source) {
  if (!load.ok()) {
    CHECK(load.image.segments.empty());
    CHECK(load.error.compare(0, source.size(), source) == 0);
    CHECK(load.error.size() > source.size());
    return;
  }
  const FirmwareImage& image = load.image;
  CHECK(!image.segments.empty());
  size_t total = 0;
  for (size_t i = 0; i < image.segments.size(); ++i) {
    const ImageSegment& s = image.segments[i];
    CHECK(!s.bytes.empty());
    CHECK(uint64_t{s.address} + s.bytes.size() <= 0xFFFFFFFFull);
    if (i > 0) CHECK(image.segments[i - 1].end() < s.address);
    total += s.bytes.size();
  }
  CHECK(image.totalBytes() == total);
  CHECK(image.lowestAddress() == image.segments.front().address);
  CHECK(image.highestEnd() == image.segments.back().end());

  for (const ChipInfo& chip : knownChips()) {
    const std::string verdict = checkImageFitsChip(image, chip);
    const std::vector<uint16_t> sectors = sectorsForImage(image, chip);
    for (size_t i = 0; i < sectors.size(); ++i) {
      CHECK(sectors[i] < chip.sectors.size());
      if (i > 0) CHECK(sectors[i - 1] < sectors[i]);
    }
    if (verdict.empty()) {
      CHECK(image.lowestAddress() >= chip.flash_base && image.highestEnd() <= chip.flashEnd());
      for (const ImageSegment& s : image.segments) {
        for (const AddressRange& r : chip.reserved) CHECK(!r.overlaps(s.address, s.end()));
      }
      CHECK(!sectors.empty());
    } else {
      CHECK(verdict.compare(0, source.size(), source) == 0);
    }
  }
}

bool sameSegments(const FirmwareImage& a, const FirmwareImage& b) {
  if (a.segments.size() != b.segments.size()) return false;
  for (size_t i = 0; i < a.segments.size(); ++i) {
    if (a.segments[i].address != b.segments[i].address) return false;
    if (a.segments[i].bytes != b.segments[i].bytes) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t control = data[0];
  const std::vector<uint8_t> file(data + 1, data + size);

  ImageLoad load;
  std::string source;
  if (control & 1) {
    source = "fuzz.elf";
    load = parseElf(file, source);  // (segments may share file bytes: no bound from the size)
  } else {
    source = "fuzz.hex";
    load = parseIntelHex(std::string(file.begin(), file.end()), source);
    if (load.ok()) CHECK(load.image.totalBytes() <= file.size() / 2);
  }
  checkLoad(load, source);
  if (load.ok()) {
    const ImageLoad from_hex = parseIntelHex(toHex(load.image), "round.hex");
    CHECK(from_hex.ok() && sameSegments(from_hex.image, load.image));
    if (load.image.segments.size() < 0xFFFF) {  // e_phnum's limit
      const ImageLoad from_elf = parseElf(toElf(load.image), "round.elf");
      CHECK(from_elf.ok() && sameSegments(from_elf.image, load.image));
    }
  }

  // A base in 16 MiB steps from 0x08000000, wrapping: 0x08000000, 0x09000000, ..., 0x07000000.
  const uint32_t base = 0x08000000u + (uint32_t{control} << 24);
  const ImageLoad bin = imageFromBin(file, base, "fuzz.bin");
  CHECK(bin.ok() == (!file.empty() && uint64_t{base} + file.size() <= 0xFFFFFFFFull));
  checkLoad(bin, "fuzz.bin");
  return 0;
}
