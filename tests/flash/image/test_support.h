// Helpers of test_firmware_image: Intel HEX records and ELF32 files written from the format
// specifications (not through the code under test), file input/output, and the test classes'
// entry points (main.cpp runs them all).
#pragma once

#include "flash/firmware_image.h"

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <string>
#include <vector>

int runChipCatalogTest(int argc, char** argv);
int runIntelHexTest(int argc, char** argv);
int runElfTest(int argc, char** argv);
int runImageTest(int argc, char** argv);
int runBoardImageTest(int argc, char** argv);

namespace flash_test {

// One Intel HEX record: ':' + count, offset (big-endian), type, data, then the checksum, the
// two's complement of the sum of the preceding bytes (Intel HEX specification, rev. A, 1988).
// intel_hex_test.cpp checks it against records whose checksums are worked out by hand.
inline std::string hexRecord(uint8_t type, uint16_t offset, const std::vector<uint8_t>& data) {
  std::vector<uint8_t> bytes = {static_cast<uint8_t>(data.size()), static_cast<uint8_t>(offset >> 8),
                                static_cast<uint8_t>(offset & 0xFF), type};
  bytes.insert(bytes.end(), data.begin(), data.end());
  unsigned sum = 0;
  for (uint8_t b : bytes) sum += b;
  bytes.push_back(static_cast<uint8_t>((0x100 - (sum & 0xFF)) & 0xFF));
  std::string text = ":";
  static const char* digits = "0123456789ABCDEF";
  for (uint8_t b : bytes) {
    text += digits[b >> 4];
    text += digits[b & 0xF];
  }
  return text;
}

// An ELF32 little-endian file from the System V gABI layout: the 52-byte ELF header, the
// program header table right after it (32 bytes an entry), then each segment's file bytes.
struct ElfSegment {
  uint32_t type = 1;  // PT_LOAD
  uint32_t vaddr = 0;
  uint32_t paddr = 0;
  std::vector<uint8_t> bytes;  // p_filesz = bytes.size()
  uint32_t memsz = 0;          // 0: same as the file size
};

inline void putLe(std::vector<uint8_t>& out, size_t at, uint32_t value, int width) {
  for (int i = 0; i < width; ++i) out.at(at + i) = static_cast<uint8_t>(value >> (8 * i));
}

inline uint32_t getLe(const std::vector<uint8_t>& in, size_t at, int width) {
  uint32_t value = 0;
  for (int i = 0; i < width; ++i) value |= uint32_t{in.at(at + i)} << (8 * i);
  return value;
}

inline std::vector<uint8_t> elfFile(const std::vector<ElfSegment>& segments, uint16_t machine = 40, uint16_t type = 2) {
  const size_t phoff = 52;
  size_t data_at = phoff + 32 * segments.size();
  std::vector<uint8_t> out(data_at, 0);
  const uint8_t ident[] = {0x7F, 'E', 'L', 'F', 1 /*ELFCLASS32*/, 1 /*ELFDATA2LSB*/, 1 /*EV_CURRENT*/};
  for (size_t i = 0; i < sizeof ident; ++i) out[i] = ident[i];
  putLe(out, 16, type, 2);                                      // e_type
  putLe(out, 18, machine, 2);                                   // e_machine
  putLe(out, 20, 1, 4);                                         // e_version
  putLe(out, 24, segments.empty() ? 0 : segments[0].vaddr, 4);  // e_entry
  putLe(out, 28, phoff, 4);                                     // e_phoff
  putLe(out, 32, 0, 4);                                         // e_shoff (no section headers)
  putLe(out, 40, 52, 2);                                        // e_ehsize
  putLe(out, 42, 32, 2);                                        // e_phentsize
  putLe(out, 44, static_cast<uint32_t>(segments.size()), 2);    // e_phnum
  putLe(out, 46, 40, 2);                                        // e_shentsize
  for (size_t i = 0; i < segments.size(); ++i) {
    const ElfSegment& s = segments[i];
    const size_t ph = phoff + 32 * i;
    const auto filesz = static_cast<uint32_t>(s.bytes.size());
    putLe(out, ph + 0, s.type, 4);
    putLe(out, ph + 4, static_cast<uint32_t>(data_at), 4);  // p_offset
    putLe(out, ph + 8, s.vaddr, 4);
    putLe(out, ph + 12, s.paddr, 4);
    putLe(out, ph + 16, filesz, 4);
    putLe(out, ph + 20, s.memsz ? s.memsz : filesz, 4);
    putLe(out, ph + 24, 5, 4);  // p_flags R+X
    putLe(out, ph + 28, 4, 4);  // p_align
    out.insert(out.end(), s.bytes.begin(), s.bytes.end());
    data_at += s.bytes.size();
  }
  return out;
}

inline std::vector<uint8_t> counting(size_t n, uint8_t first = 0) {
  std::vector<uint8_t> bytes(n);
  for (size_t i = 0; i < n; ++i) bytes[i] = static_cast<uint8_t>(first + i);
  return bytes;
}

inline std::vector<uint8_t> readBytes(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  const QByteArray all = f.readAll();
  return {all.begin(), all.end()};
}

inline bool writeBytes(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

inline QByteArray toQByteArray(const std::vector<uint8_t>& bytes) {
  return QByteArray(reinterpret_cast<const char*>(bytes.data()), static_cast<qsizetype>(bytes.size()));
}

// Segments as "address:size" text, for QCOMPARE messages that show what differs.
inline QString layoutOf(const navigator::flash::FirmwareImage& image) {
  QStringList parts;
  for (const auto& s : image.segments) {
    parts << QString("%1:%2").arg(s.address, 8, 16, QChar('0')).arg(s.bytes.size());
  }
  return parts.join(' ');
}

}  // namespace flash_test
