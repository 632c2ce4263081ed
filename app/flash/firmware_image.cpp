#include "app/flash/firmware_image.h"

#include <algorithm>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <string_view>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace navigator::flash {

namespace {

// One past the last address an image may reach: ImageSegment::end() is 32-bit, so a segment
// ending at 2^32 could not be represented; the byte at 0xFFFFFFFF is never flash anyway.
constexpr uint64_t kAddressLimit = 0xFFFFFFFFull;
constexpr uint64_t kMaxFileBytes = 256ull << 20;  // larger is not a firmware file
// ELF segments may share file bytes, so a small file can describe gigabytes of image: refused.
constexpr uint64_t kMaxImageBytes = 256ull << 20;

[[gnu::format(printf, 1, 2)]] std::string format(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  va_list copy;
  va_copy(copy, args);
  const int length = std::vsnprintf(nullptr, 0, fmt, copy);
  va_end(copy);
  std::string text(length > 0 ? static_cast<size_t>(length) : 0, '\0');
  if (length > 0) std::vsnprintf(text.data(), text.size() + 1, fmt, args);
  va_end(args);
  return text;
}

// An address that may be 2^32 or more (an end that overflows): 0x08000000, 0x100000010.
std::string hex64(uint64_t value) {
  return value > 0xFFFFFFFFull ? format("0x%llX", static_cast<unsigned long long>(value))
                               : hexAddress(static_cast<uint32_t>(value));
}

// A closed-open range as the messages print it: "0x08000000–0x08004000".
std::string range(uint64_t begin, uint64_t end) { return hex64(begin) + "–" + hex64(end); }

std::string sizeText(uint64_t bytes) {
  const auto n = static_cast<unsigned long long>(bytes);
  if (bytes == 1) return "1 byte";
  if (bytes < 1024) return format("%llu bytes", n);
  if (bytes % 1024 == 0) return format("%llu KiB", n / 1024);
  return format("%llu bytes (%.1f KiB)", n, static_cast<double>(bytes) / 1024.0);
}

const char* plural(size_t n) { return n == 1 ? "" : "s"; }

std::string describeChar(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 0x21 && u < 0x7F) ? format("'%c'", c) : format("byte 0x%02X", u);
}

// A run of image bytes before sorting and merging: `size` bytes at `address`, taken from
// `data + offset`; `tag` names its origin (HEX line number, ELF program header index).
struct Piece {
  uint32_t address = 0;
  uint32_t size = 0;
  size_t offset = 0;
  size_t tag = 0;
  uint64_t end() const { return uint64_t{address} + size; }
};

// Sorts the pieces, refuses overlaps (naming both origins through `label`) and merges adjacent
// pieces into segments. Every piece must end at or below kAddressLimit and be non-empty.
template <typename Label>
std::string assemble(std::vector<Piece>& pieces, const uint8_t* data, const std::string& source,
                     Label label, std::vector<ImageSegment>& segments) {
  std::stable_sort(pieces.begin(), pieces.end(),
                   [](const Piece& a, const Piece& b) { return a.address < b.address; });
  const Piece* furthest = nullptr;  // the piece reaching highest so far
  for (const Piece& piece : pieces) {
    if (furthest && piece.address < furthest->end()) {
      const Piece& later = piece.tag > furthest->tag ? piece : *furthest;
      const Piece& earlier = piece.tag > furthest->tag ? *furthest : piece;
      return source + " " + label(later.tag) + ": " + range(later.address, later.end()) +
             " overlaps " + label(earlier.tag) + "'s " + range(earlier.address, earlier.end()) +
             " (each address may be written once)";
    }
    if (!furthest || piece.end() > furthest->end()) furthest = &piece;
  }
  segments.clear();
  for (const Piece& piece : pieces) {
    const uint8_t* bytes = data + piece.offset;
    if (segments.empty() || segments.back().end() != piece.address) {
      segments.push_back({piece.address, {}});
    }
    segments.back().bytes.insert(segments.back().bytes.end(), bytes, bytes + piece.size);
  }
  return {};
}

uint16_t le16(const uint8_t* p) { return static_cast<uint16_t>(p[0] | p[1] << 8); }
uint32_t le32(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

const char* elfTypeName(uint16_t type) {
  switch (type) {
    case 0: return "ET_NONE";
    case 1: return "ET_REL, a relocatable object";
    case 2: return "ET_EXEC, an executable";
    case 3: return "ET_DYN, a shared object or position-independent executable";
    case 4: return "ET_CORE, a core dump";
    default: return "unknown";
  }
}

// e_machine values of the System V gABI (glibc's elf.h has the same numbers).
const char* machineName(uint16_t machine) {
  switch (machine) {
    case 0: return "no machine";
    case 3: return "Intel 80386";
    case 8: return "MIPS";
    case 20: return "PowerPC";
    case 40: return "ARM";
    case 62: return "x86-64";
    case 83: return "Atmel AVR";
    case 94: return "Xtensa";
    case 183: return "AArch64";
    case 243: return "RISC-V";
    default: return "another machine";
  }
}

std::string lowerExtension(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  const size_t dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
  std::string ext = path.substr(dot);
  for (char& c : ext) c = static_cast<char>((c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c);
  return ext;
}

// Reads a whole regular file; on failure returns false with `error` naming the file.
bool readFile(const std::string& path, std::vector<uint8_t>& bytes, std::string& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = path + ": cannot open: " + std::strerror(errno);
    return false;
  }
  struct stat info {};
  bool ok = ::fstat(fd, &info) == 0;
  if (!ok) {
    error = path + ": cannot stat: " + std::strerror(errno);
  } else if (!S_ISREG(info.st_mode)) {
    error = path + (S_ISDIR(info.st_mode) ? ": is a directory" : ": not a regular file");
    ok = false;
  } else if (static_cast<uint64_t>(info.st_size) > kMaxFileBytes) {
    error = path + ": " + sizeText(static_cast<uint64_t>(info.st_size)) +
            " is too large for a firmware file (limit " + sizeText(kMaxFileBytes) + ")";
    ok = false;
  }
  if (ok) {
    bytes.resize(static_cast<size_t>(info.st_size));
    size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::read(fd, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        error = path + format(": read failed at offset %zu: ", done) + std::strerror(errno);
        ok = false;
        break;
      }
      if (n == 0) {  // the file shrank while being read
        bytes.resize(done);
        break;
      }
      done += static_cast<size_t>(n);
    }
  }
  ::close(fd);
  return ok;
}

}  // namespace

size_t FirmwareImage::totalBytes() const {
  size_t total = 0;
  for (const ImageSegment& segment : segments) total += segment.bytes.size();
  return total;
}

uint32_t FirmwareImage::lowestAddress() const {
  return segments.empty() ? 0 : segments.front().address;
}

uint32_t FirmwareImage::highestEnd() const { return segments.empty() ? 0 : segments.back().end(); }

ImageLoad imageFromBin(const std::vector<uint8_t>& bytes, uint32_t base_address,
                       const std::string& source) {
  ImageLoad load;
  load.image.format = FirmwareImage::Format::Bin;
  load.image.source = source;
  if (bytes.empty()) {
    load.error = source + ": empty file (0 bytes)";
    return load;
  }
  const uint64_t end = uint64_t{base_address} + bytes.size();
  if (end > kAddressLimit) {
    load.error = source + ": " + sizeText(bytes.size()) + " placed at " + hexAddress(base_address) +
                 " would end at " + hex64(end) + ", past the 32-bit address space";
    return load;
  }
  load.image.segments.push_back({base_address, bytes});
  return load;
}

// Intel HEX (Intel's "Hexadecimal Object File Format Specification", rev. A, 1988): records
// ":" + byte count, 16-bit address offset, type, data, checksum (two hex digits each), the
// checksum making the sum of all bytes of the record 0 modulo 256. Data (00) goes to the base
// set by the latest 04 (upper 16 address bits; address = base + offset) or 02 (segment * 16;
// the offset wraps within the 64 KiB segment). 03 and 05 (start address) are checked and not
// used. Blank lines and trailing whitespace (the CR of CRLF) are skipped.
ImageLoad parseIntelHex(const std::string& text, const std::string& source) {
  ImageLoad load;
  load.image.format = FirmwareImage::Format::IntelHex;
  load.image.source = source;
  size_t line_no = 0;
  auto fail = [&](const std::string& what) {
    load.error = source + format(" line %zu: ", line_no) + what;
    return load;
  };
  if (text.empty()) {
    load.error = source + ": empty file (0 bytes)";
    return load;
  }

  std::vector<uint8_t> data;
  std::vector<Piece> pieces;
  std::vector<uint8_t> record;
  uint32_t base = 0;
  bool segment_mode = false;
  size_t eof_line = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t newline = text.find('\n', pos);
    const size_t stop = newline == std::string::npos ? text.size() : newline;
    std::string_view line(text.data() + pos, stop - pos);
    pos = stop + 1;
    ++line_no;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) {
      line.remove_suffix(1);
    }
    if (line.empty()) continue;
    if (eof_line) return fail(format("data after the end-of-file record (line %zu)", eof_line));
    if (line[0] != ':') return fail("does not start with ':' (found " + describeChar(line[0]) + ")");
    for (size_t i = 1; i < line.size(); ++i) {
      if (hexDigit(line[i]) < 0) {
        return fail(describeChar(line[i]) + format(" at column %zu is not a hex digit", i + 1));
      }
    }
    const size_t digits = line.size() - 1;
    if (digits % 2) return fail(format("odd number of hex digits (%zu) after ':'", digits));
    if (digits < 10) {
      return fail(format("record of %zu bytes is too short: byte count, address, type and "
                         "checksum take 5", digits / 2));
    }
    record.clear();
    for (size_t i = 1; i < line.size(); i += 2) {
      record.push_back(static_cast<uint8_t>(hexDigit(line[i]) << 4 | hexDigit(line[i + 1])));
    }
    const size_t count = record[0];
    if (record.size() != count + 5) {
      return fail(format("byte count says %zu data byte%s, the record holds %zu", count,
                         plural(count), record.size() - 5));
    }
    uint8_t sum = 0;
    for (size_t i = 0; i + 1 < record.size(); ++i) sum = static_cast<uint8_t>(sum + record[i]);
    const uint8_t expected = static_cast<uint8_t>(0x100 - sum);
    if (record.back() != expected) {
      return fail(format("checksum 0x%02X, expected 0x%02X", record.back(), expected));
    }
    const uint32_t offset = uint32_t{record[1]} << 8 | record[2];
    const uint8_t type = record[3];
    const uint8_t* payload = record.data() + 4;
    switch (type) {
      case 0x00: {  // data
        if (count == 0) break;
        if (segment_mode) {
          // The offset wraps at 64 KiB inside the segment: a record crossing it is two pieces.
          const uint32_t first = std::min<uint32_t>(static_cast<uint32_t>(count), 0x10000 - offset);
          pieces.push_back({base + offset, first, data.size(), line_no});
          if (first < count) {
            pieces.push_back({base, static_cast<uint32_t>(count) - first, data.size() + first,
                              line_no});
          }
        } else {
          const uint64_t begin = uint64_t{base} + offset;
          if (begin + count > kAddressLimit) {
            return fail("data " + range(begin, begin + count) + " runs past the 32-bit address space");
          }
          pieces.push_back({static_cast<uint32_t>(begin), static_cast<uint32_t>(count), data.size(),
                            line_no});
        }
        data.insert(data.end(), payload, payload + count);
        break;
      }
      case 0x01:  // end of file
        if (count != 0) {
          return fail(format("end-of-file record with %zu data byte%s, expected 0", count,
                             plural(count)));
        }
        eof_line = line_no;
        break;
      case 0x02:  // extended segment address
      case 0x04:  // extended linear address
        if (count != 2) {
          return fail(format("%s record (type %02X) with %zu data byte%s, expected 2",
                             type == 2 ? "extended segment address" : "extended linear address",
                             type, count, plural(count)));
        }
        segment_mode = type == 0x02;
        base = (uint32_t{payload[0]} << 8 | payload[1]) << (segment_mode ? 4 : 16);
        break;
      case 0x03:  // start segment address (CS:IP)
      case 0x05:  // start linear address (EIP)
        if (count != 4) {
          return fail(format("%s record (type %02X) with %zu data byte%s, expected 4",
                             type == 3 ? "start segment address" : "start linear address", type,
                             count, plural(count)));
        }
        break;
      default:
        return fail(format("unknown record type 0x%02X (Intel HEX has 00 to 05)", type));
    }
  }
  if (!eof_line) {
    load.error = source + format(": no end-of-file record (:00000001FF) after line %zu; the file "
                                 "may be cut short", line_no);
    return load;
  }
  if (pieces.empty()) {
    load.error = source + ": no data records: nothing to flash";
    return load;
  }
  load.error = assemble(pieces, data.data(), source,
                        [](size_t line) { return format("line %zu", line); }, load.image.segments);
  if (!load.ok()) load.image.segments.clear();
  return load;
}

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
  if (b[4] != 1) {
    return fail(format("ELF class %u (%s) at offset 4, expected 1 (32-bit)", b[4],
                       b[4] == 2 ? "64-bit" : "invalid"));
  }
  if (b[5] != 1) {
    return fail(format("data encoding %u (%s) at offset 5, expected 1 (little-endian)", b[5],
                       b[5] == 2 ? "big-endian" : "invalid"));
  }
  if (b[6] != 1) return fail(format("ELF version %u at offset 6, expected 1", b[6]));
  const uint16_t type = le16(b + 16);
  if (type != 2) {
    return fail(format("e_type %u (%s) at offset 16, expected 2 (ET_EXEC, an executable)", type,
                       elfTypeName(type)));
  }
  const uint16_t machine = le16(b + 18);
  if (machine != 40) {
    return fail(format("e_machine %u (%s) at offset 18, expected 40 (ARM)", machine,
                       machineName(machine)));
  }
  const uint32_t phoff = le32(b + 28);
  const uint16_t phentsize = le16(b + 42);
  const uint16_t phnum = le16(b + 44);
  if (phnum == 0) return fail("no program headers (e_phnum 0 at offset 44): nothing to load");
  if (phnum == 0xFFFF) {
    return fail("e_phnum 0xFFFF (PN_XNUM, the count kept in section header 0) is not supported");
  }
  if (phentsize != 32) {
    return fail(format("e_phentsize %u at offset 42, expected 32 (an ELF32 program header)",
                       phentsize));
  }
  const uint64_t table_end = uint64_t{phoff} + uint64_t{phnum} * 32;
  if (table_end > size) {
    if (phoff >= size) {
      return fail(format("the program header table starts at offset %u (e_phoff) but the file "
                         "ends at offset %zu", phoff, size));
    }
    return fail(format("the file ends at offset %zu, inside program header %zu of the table at "
                       "offset %u (%u headers of 32 bytes, to offset %llu)",
                       size, (size - phoff) / 32, phoff, phnum,
                       static_cast<unsigned long long>(table_end)));
  }
  std::vector<Piece> pieces;
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
                                     static_cast<unsigned long long>(phoff + i * 32));
    if (filesz > memsz) {
      return fail(where + format(": p_filesz %u is larger than p_memsz %u", filesz, memsz));
    }
    const uint64_t data_end = uint64_t{offset} + filesz;
    if (data_end > size) {
      return fail(where + format(": its %u bytes at file offset %u run to offset %llu, but the "
                                 "file ends at offset %zu", filesz, offset,
                                 static_cast<unsigned long long>(data_end), size));
    }
    const uint64_t load_end = uint64_t{paddr} + filesz;
    if (load_end > kAddressLimit) {
      return fail(where + ": loads at " + range(paddr, load_end) +
                  ", past the 32-bit address space");
    }
    total += filesz;
    if (total > kMaxImageBytes) {
      return fail(where + ": the PT_LOAD segments so far hold " + sizeText(total) +
                  ", more than a firmware image can (" + sizeText(kMaxImageBytes) + ")");
    }
    pieces.push_back({paddr, filesz, offset, i});
  }
  if (pieces.empty()) return fail("no PT_LOAD segment with file bytes: nothing to load");
  load.error = assemble(pieces, b, source,
                        [](size_t index) { return format("program header %zu", index); },
                        load.image.segments);
  if (!load.ok()) load.image.segments.clear();
  return load;
}

ImageLoad loadFirmwareImage(const std::string& path, uint32_t base_address) {
  const std::string ext = lowerExtension(path);
  const bool bin = ext == ".bin", hex = ext == ".hex" || ext == ".ihex", elf = ext == ".elf";
  ImageLoad load;
  load.image.source = path;
  if (!bin && !hex && !elf) {
    load.error = path + (ext.empty() ? ": no file extension" : ": unknown extension '" + ext + "'") +
                 "; expected .bin, .hex, .ihex or .elf";
    return load;
  }
  std::vector<uint8_t> bytes;
  if (!readFile(path, bytes, load.error)) return load;
  if (bin) return imageFromBin(bytes, base_address, path);
  if (elf) return parseElf(bytes, path);
  return parseIntelHex(std::string(bytes.begin(), bytes.end()), path);
}

std::string checkImageFitsChip(const FirmwareImage& image, const ChipInfo& chip) {
  const std::string source = image.source.empty() ? std::string("image") : image.source;
  if (image.segments.empty() || image.totalBytes() == 0) return source + ": the image is empty";
  const uint64_t flash_begin = chip.flash_base;
  const uint64_t flash_end = flash_begin + chip.flashSizeBytes();
  const std::string flash = sizeText(flash_end - flash_begin) + " flash (" +
                            range(flash_begin, flash_end) + ")";
  for (const ImageSegment& segment : image.segments) {
    const uint64_t begin = segment.address;
    const uint64_t end = begin + segment.bytes.size();
    for (const AddressRange& r : chip.reserved) {
      if (begin < r.end && r.begin < end) {
        return source + ": " + range(begin, end) + " (" + sizeText(end - begin) + ") overlaps the " +
               chip.name + "'s " + r.what + " at " + range(r.begin, r.end) + "; its " + flash;
      }
    }
    if (begin < flash_begin) {
      const uint64_t stop = std::min(end, flash_begin);
      return source + ": " + range(begin, stop) + " (" + sizeText(stop - begin) +
             ") lies below the start of the " + chip.name + "'s " + flash;
    }
    if (end > flash_end) {
      const uint64_t start = std::max(begin, flash_end);
      return source + ": " + range(start, end) + " (" + sizeText(end - start) +
             ") is past the end of the " + chip.name + "'s " + flash;
    }
  }
  return {};
}

std::vector<uint16_t> sectorsForImage(const FirmwareImage& image, const ChipInfo& chip) {
  std::vector<bool> touched(chip.sectors.size(), false);
  for (const ImageSegment& segment : image.segments) {
    if (segment.bytes.empty()) continue;
    for (uint16_t index : sectorsCovering(chip, segment.address, segment.end())) touched[index] = true;
  }
  std::vector<uint16_t> indices;
  for (size_t i = 0; i < touched.size(); ++i) {
    if (touched[i]) indices.push_back(static_cast<uint16_t>(i));
  }
  return indices;
}

}  // namespace navigator::flash
