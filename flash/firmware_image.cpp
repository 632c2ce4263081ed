#include "flash/firmware_image.h"

#include "flash/image_segments.h"

#include <algorithm>
#include <cerrno>
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace navigator::flash {

using detail::format;
using detail::kAddressLimit;
using detail::range;
using detail::sizeText;

namespace {

constexpr uint64_t kMaxFileBytes = 256ull << 20;  // larger is not a firmware file

// An address that may be 2^32 or more (an end that overflows): 0x08000000, 0x100000010.
std::string hex64(uint64_t value) {
  return value > 0xFFFFFFFFull ? format("0x%llX", static_cast<unsigned long long>(value))
                               : hexAddress(static_cast<uint32_t>(value));
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
    error = path + ": " + sizeText(static_cast<uint64_t>(info.st_size)) + " is too large for a firmware file (limit " +
            sizeText(kMaxFileBytes) + ")";
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

namespace detail {

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

std::string range(uint64_t begin, uint64_t end) { return hex64(begin) + "–" + hex64(end); }

std::string sizeText(uint64_t bytes) {
  const auto n = static_cast<unsigned long long>(bytes);
  if (bytes == 1) return "1 byte";
  if (bytes < 1024) return format("%llu bytes", n);
  if (bytes % 1024 == 0) return format("%llu KiB", n / 1024);
  return format("%llu bytes (%.1f KiB)", n, static_cast<double>(bytes) / 1024.0);
}

std::string assemble(std::vector<Piece>& pieces, const uint8_t* data, const std::string& source, PieceLabel label,
                     std::vector<ImageSegment>& segments) {
  std::stable_sort(pieces.begin(), pieces.end(), [](const Piece& a, const Piece& b) { return a.address < b.address; });
  const Piece* furthest = nullptr;  // the piece reaching highest so far
  for (const Piece& piece : pieces) {
    if (furthest && piece.address < furthest->end()) {
      const Piece& later = piece.tag > furthest->tag ? piece : *furthest;
      const Piece& earlier = piece.tag > furthest->tag ? *furthest : piece;
      return source + " " + label(later.tag) + ": " + range(later.address, later.end()) + " overlaps " +
             label(earlier.tag) + "'s " + range(earlier.address, earlier.end()) + " (each address may be written once)";
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

}  // namespace detail

size_t FirmwareImage::totalBytes() const {
  size_t total = 0;
  for (const ImageSegment& segment : segments) total += segment.bytes.size();
  return total;
}

uint32_t FirmwareImage::lowestAddress() const { return segments.empty() ? 0 : segments.front().address; }

uint32_t FirmwareImage::highestEnd() const { return segments.empty() ? 0 : segments.back().end(); }

ImageLoad imageFromBin(const std::vector<uint8_t>& bytes, uint32_t base_address, const std::string& source) {
  ImageLoad load;
  load.image.format = FirmwareImage::Format::Bin;
  load.image.source = source;
  if (bytes.empty()) {
    load.error = source + ": empty file (0 bytes)";
    return load;
  }
  const uint64_t end = uint64_t{base_address} + bytes.size();
  if (end > kAddressLimit) {
    load.error = source + ": " + sizeText(bytes.size()) + " placed at " + hexAddress(base_address) + " would end at " +
                 hex64(end) + ", past the 32-bit address space";
    return load;
  }
  load.image.segments.push_back({base_address, bytes});
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
  const std::string flash = sizeText(flash_end - flash_begin) + " flash (" + range(flash_begin, flash_end) + ")";
  for (const ImageSegment& segment : image.segments) {
    const uint64_t begin = segment.address;
    const uint64_t end = begin + segment.bytes.size();
    for (const AddressRange& r : chip.reserved) {
      if (begin < r.end && r.begin < end) {
        return source + ": " + range(begin, end) + " (" + sizeText(end - begin) + ") overlaps the " + chip.name +
               "'s " + r.what + " at " + range(r.begin, r.end) + "; its " + flash;
      }
    }
    if (begin < flash_begin) {
      const uint64_t stop = std::min(end, flash_begin);
      return source + ": " + range(begin, stop) + " (" + sizeText(stop - begin) + ") lies below the start of the " +
             chip.name + "'s " + flash;
    }
    if (end > flash_end) {
      const uint64_t start = std::max(begin, flash_end);
      return source + ": " + range(start, end) + " (" + sizeText(end - start) + ") is past the end of the " +
             chip.name + "'s " + flash;
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
