#include "flash/firmware_image.h"

#include "flash/image_segments.h"

#include <algorithm>
#include <cstring>

namespace navigator::flash {

using detail::format;
using detail::kAddressLimit;
using detail::Piece;
using detail::range;
using detail::sizeText;

namespace {

// ELF segments may share file bytes, so a small file can describe gigabytes of image: refused.
constexpr uint64_t kMaxImageBytes = 256ull << 20;

uint16_t le16(const uint8_t* p) { return static_cast<uint16_t>(p[0] | p[1] << 8); }
uint32_t le32(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

const char* elfTypeName(uint16_t type) {
  switch (type) {
    case 0:
      return "ET_NONE";
    case 1:
      return "ET_REL, a relocatable object";
    case 2:
      return "ET_EXEC, an executable";
    case 3:
      return "ET_DYN, a shared object or position-independent executable";
    case 4:
      return "ET_CORE, a core dump";
    default:
      return "unknown";
  }
}

// e_machine values of the System V gABI (glibc's elf.h has the same numbers).
const char* machineName(uint16_t machine) {
  switch (machine) {
    case 0:
      return "no machine";
    case 3:
      return "Intel 80386";
    case 8:
      return "MIPS";
    case 20:
      return "PowerPC";
    case 40:
      return "ARM";
    case 62:
      return "x86-64";
    case 83:
      return "Atmel AVR";
    case 94:
      return "Xtensa";
    case 183:
      return "AArch64";
    case 243:
      return "RISC-V";
    default:
      return "another machine";
  }
}

// What is wrong with the ELF header for a firmware image (an ARM ELF32 little-endian
// executable with program headers), or "". `size` is at least 52.
std::string checkHeader(const uint8_t* b, size_t size) {
  if (b[4] != 1) {
    return format("ELF class %u (%s) at offset 4, expected 1 (32-bit)", b[4], b[4] == 2 ? "64-bit" : "invalid");
  }
  if (b[5] != 1) {
    return format("data encoding %u (%s) at offset 5, expected 1 (little-endian)", b[5],
                  b[5] == 2 ? "big-endian" : "invalid");
  }
  if (b[6] != 1) return format("ELF version %u at offset 6, expected 1", b[6]);
  const uint16_t type = le16(b + 16);
  if (type != 2) {
    return format("e_type %u (%s) at offset 16, expected 2 (ET_EXEC, an executable)", type, elfTypeName(type));
  }
  const uint16_t machine = le16(b + 18);
  if (machine != 40) {
    return format("e_machine %u (%s) at offset 18, expected 40 (ARM)", machine, machineName(machine));
  }
  const uint32_t phoff = le32(b + 28);
  const uint16_t phentsize = le16(b + 42);
  const uint16_t phnum = le16(b + 44);
  if (phnum == 0) return "no program headers (e_phnum 0 at offset 44): nothing to load";
  if (phnum == 0xFFFF) return "e_phnum 0xFFFF (PN_XNUM, the count kept in section header 0) is not supported";
  if (phentsize != 32) return format("e_phentsize %u at offset 42, expected 32 (an ELF32 program header)", phentsize);
  const uint64_t table_end = uint64_t{phoff} + uint64_t{phnum} * 32;
  if (table_end > size) {
    if (phoff >= size) {
      return format(
          "the program header table starts at offset %u (e_phoff) but the file "
          "ends at offset %zu",
          phoff, size);
    }
    return format(
        "the file ends at offset %zu, inside program header %zu of the table at "
        "offset %u (%u headers of 32 bytes, to offset %llu)",
        size, (size - phoff) / 32, phoff, phnum, static_cast<unsigned long long>(table_end));
  }
  return {};
}

// The file bytes of every PT_LOAD segment as pieces at their load addresses (the header checked
// first); what is wrong with a segment, or "".
std::string loadSegments(const uint8_t* b, size_t size, std::vector<Piece>& pieces) {
  const uint32_t phoff = le32(b + 28);
  const uint16_t phnum = le16(b + 44);
  uint64_t total = 0;
  for (size_t i = 0; i < phnum; ++i) {
    const uint8_t* ph = b + phoff + i * 32;
    if (le32(ph) != 1) continue;  // PT_LOAD only
    const uint32_t offset = le32(ph + 4);
    const uint32_t paddr = le32(ph + 12);
    const uint32_t filesz = le32(ph + 16);
    const uint32_t memsz = le32(ph + 20);
    if (filesz == 0) continue;
    const std::string where = format("program header %zu (PT_LOAD, at offset %llu)", i,
                                     static_cast<unsigned long long>(phoff) + static_cast<unsigned long long>(i) * 32);
    if (filesz > memsz) return where + format(": p_filesz %u is larger than p_memsz %u", filesz, memsz);
    const uint64_t data_end = uint64_t{offset} + filesz;
    if (data_end > size) {
      return where + format(
                         ": its %u bytes at file offset %u run to offset %llu, but the "
                         "file ends at offset %zu",
                         filesz, offset, static_cast<unsigned long long>(data_end), size);
    }
    const uint64_t load_end = uint64_t{paddr} + filesz;
    if (load_end > kAddressLimit) {
      return where + ": loads at " + range(paddr, load_end) + ", past the 32-bit address space";
    }
    total += filesz;
    if (total > kMaxImageBytes) {
      return where + ": the PT_LOAD segments so far hold " + sizeText(total) + ", more than a firmware image can (" +
             sizeText(kMaxImageBytes) + ")";
    }
    pieces.push_back({paddr, filesz, offset, i});
  }
  return {};
}

}  // namespace

// ELF32 as the System V gABI lays it out: a 52-byte header (e_ident[16]: 7F 'E' 'L' 'F', class,
// data encoding, version; e_type @16, e_machine @18, e_phoff @28, e_phentsize @42, e_phnum @44)
// and e_phnum program headers of 32 bytes (p_type @0, p_offset @4, p_vaddr @8, p_paddr @12,
// p_filesz @16, p_memsz @20). The image is the file bytes of every PT_LOAD segment, at its
// physical (load) address: .data's initial values live in flash after .text. Bytes between
// p_filesz and p_memsz (.bss) are zeroed by the startup code, not flashed.
ImageLoad parseElf(const std::vector<uint8_t>& bytes, const std::string& source) {
  ImageLoad load;
  load.image.format = FirmwareImage::Format::Elf;
  load.image.source = source;
  auto fail = [&](const std::string& what) {
    load.error = source + ": " + what;
    return load;
  };
  const size_t size = bytes.size();
  if (size == 0) return fail("empty file (0 bytes)");
  static constexpr uint8_t kMagic[4] = {0x7F, 'E', 'L', 'F'};
  if (std::memcmp(bytes.data(), kMagic, std::min<size_t>(size, 4)) != 0) {
    std::string start;
    for (size_t i = 0; i < std::min<size_t>(size, 4); ++i) start += format(" %02X", bytes[i]);
    return fail("not an ELF file: it starts with" + start + ", an ELF file with 7F 45 4C 46");
  }
  if (size < 52) {
    return fail(format("the file ends at offset %zu, inside the ELF header (52 bytes)", size));
  }
  const uint8_t* b = bytes.data();
  if (std::string bad = checkHeader(b, size); !bad.empty()) return fail(bad);
  std::vector<Piece> pieces;
  if (std::string bad = loadSegments(b, size, pieces); !bad.empty()) return fail(bad);
  if (pieces.empty()) return fail("no PT_LOAD segment with file bytes: nothing to load");
  load.error = assemble(
      pieces, b, source, [](size_t index) { return format("program header %zu", index); }, load.image.segments);
  if (!load.ok()) load.image.segments.clear();
  return load;
}

}  // namespace navigator::flash
