#include "flash/firmware_image.h"

#include "flash/image_segments.h"

#include <algorithm>
#include <string_view>

namespace navigator::flash {

using detail::format;
using detail::kAddressLimit;
using detail::Piece;
using detail::range;

namespace {

const char* plural(size_t n) { return n == 1 ? "" : "s"; }

std::string describeChar(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 0x21 && u < 0x7F) ? format("'%c'", c) : format("byte 0x%02X", u);
}

int hexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// One record's bytes from its line (":" and hex digit pairs), its byte count and checksum
// checked; what is wrong with it, or "" when it is well formed.
std::string decodeRecord(std::string_view line, std::vector<uint8_t>& record) {
  if (line[0] != ':') return "does not start with ':' (found " + describeChar(line[0]) + ")";
  for (size_t i = 1; i < line.size(); ++i) {
    if (hexDigit(line[i]) < 0) return describeChar(line[i]) + format(" at column %zu is not a hex digit", i + 1);
  }
  const size_t digits = line.size() - 1;
  if (digits % 2) return format("odd number of hex digits (%zu) after ':'", digits);
  if (digits < 10) {
    return format(
        "record of %zu bytes is too short: byte count, address, type and "
        "checksum take 5",
        digits / 2);
  }
  record.clear();
  for (size_t i = 1; i < line.size(); i += 2) {
    record.push_back(static_cast<uint8_t>(hexDigit(line[i]) << 4 | hexDigit(line[i + 1])));
  }
  const size_t count = record[0];
  if (record.size() != count + 5) {
    return format("byte count says %zu data byte%s, the record holds %zu", count, plural(count), record.size() - 5);
  }
  uint8_t sum = 0;
  for (size_t i = 0; i + 1 < record.size(); ++i) sum = static_cast<uint8_t>(sum + record[i]);
  const uint8_t expected = static_cast<uint8_t>(0x100 - sum);
  if (record.back() != expected) return format("checksum 0x%02X, expected 0x%02X", record.back(), expected);
  return {};
}

// What the records so far have set and given: the data and where each piece of it goes, the
// address base (02 or 04), and the end-of-file record's line (0: none yet).
struct HexState {
  std::vector<uint8_t> data;
  std::vector<Piece> pieces;
  uint32_t base = 0;
  bool segment_mode = false;
  size_t eof_line = 0;
};

// A data record (00): its bytes, placed at the base plus its offset.
std::string addData(const std::vector<uint8_t>& record, size_t line_no, HexState& h) {
  const size_t count = record[0];
  const uint32_t offset = uint32_t{record[1]} << 8 | record[2];
  const uint8_t* payload = record.data() + 4;
  if (count == 0) return {};
  if (h.segment_mode) {
    // The offset wraps at 64 KiB inside the segment: a record crossing it is two pieces.
    const uint32_t first = std::min<uint32_t>(static_cast<uint32_t>(count), 0x10000 - offset);
    h.pieces.push_back({h.base + offset, first, h.data.size(), line_no});
    if (first < count) {
      h.pieces.push_back({h.base, static_cast<uint32_t>(count) - first, h.data.size() + first, line_no});
    }
  } else {
    const uint64_t begin = uint64_t{h.base} + offset;
    if (begin + count > kAddressLimit) {
      return "data " + range(begin, begin + count) + " runs past the 32-bit address space";
    }
    h.pieces.push_back({static_cast<uint32_t>(begin), static_cast<uint32_t>(count), h.data.size(), line_no});
  }
  h.data.insert(h.data.end(), payload, payload + count);
  return {};
}

// A well-formed record applied by its type; what is wrong with it, or "".
std::string applyRecord(const std::vector<uint8_t>& record, size_t line_no, HexState& h) {
  const size_t count = record[0];
  const uint8_t type = record[3];
  const uint8_t* payload = record.data() + 4;
  switch (type) {
    case 0x00:  // data
      return addData(record, line_no, h);
    case 0x01:  // end of file
      if (count != 0) return format("end-of-file record with %zu data byte%s, expected 0", count, plural(count));
      h.eof_line = line_no;
      return {};
    case 0x02:  // extended segment address
    case 0x04:  // extended linear address
      if (count != 2) {
        return format("%s record (type %02X) with %zu data byte%s, expected 2",
                      type == 2 ? "extended segment address" : "extended linear address", type, count, plural(count));
      }
      h.segment_mode = type == 0x02;
      h.base = (uint32_t{payload[0]} << 8 | payload[1]) << (h.segment_mode ? 4 : 16);
      return {};
    case 0x03:  // start segment address (CS:IP)
    case 0x05:  // start linear address (EIP)
      if (count != 4) {
        return format("%s record (type %02X) with %zu data byte%s, expected 4",
                      type == 3 ? "start segment address" : "start linear address", type, count, plural(count));
      }
      return {};
    default:
      return format("unknown record type 0x%02X (Intel HEX has 00 to 05)", type);
  }
}

}  // namespace

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

  HexState h;
  std::vector<uint8_t> record;
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
    if (h.eof_line) return fail(format("data after the end-of-file record (line %zu)", h.eof_line));
    if (std::string bad = decodeRecord(line, record); !bad.empty()) return fail(bad);
    if (std::string bad = applyRecord(record, line_no, h); !bad.empty()) return fail(bad);
  }
  if (!h.eof_line) {
    load.error = source + format(
                              ": no end-of-file record (:00000001FF) after line %zu; the file "
                              "may be cut short",
                              line_no);
    return load;
  }
  if (h.pieces.empty()) {
    load.error = source + ": no data records: nothing to flash";
    return load;
  }
  load.error = assemble(
      h.pieces, h.data.data(), source, [](size_t line) { return format("line %zu", line); }, load.image.segments);
  if (!load.ok()) load.image.segments.clear();
  return load;
}

}  // namespace navigator::flash
