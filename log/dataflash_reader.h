// ArduPilot's DataFlash logs (the .bin files an ArduPilot vehicle writes to its SD card), read
// into ULogFile's index (log/ulog_reader.h) so that everything that reads a ULog file — the
// replay, the plots, the CSV export, the Logs page, navigator-log — reads these too.
//
// The format (ArduPilot's "Log file format" documentation; libraries/AP_Logger/LogStructure.h
// lists the format characters; pymavlink's DFReader reads it the same way): a stream of
// messages, each the two header bytes 0xA3 0x95, a type byte, then the fields packed
// little-endian without padding. Type 128, FMT, defines a type: type (u8), length (u8, the whole
// message including its 3 header bytes), name char[4], format char[16] (one character per
// field), labels char[64] (the field names, comma-separated). A type's length frames its
// messages; nothing else does.
//
// How a log maps onto the index:
//   topic       each FMT-defined type, by its name ("ATT", "IMU"; FMT itself too), its fields
//               named by the labels; a field marked as an instance by FMTU (unit '#') splits
//               the topic into one subscription per instance value (multi_id)
//   timestamp   TimeUS when it is the first field (uint64, as nearly every message has it),
//               TimeMS × 1000 in older logs (uint32 ms); a message without either is given
//               the latest time before it in the file (the first time in the file when it
//               comes before any: every timestamp lies in the file's span)
//   parameters  PARM's Name and Value, as logged (changes included), type "float"
//   strings     MSG's Message at its TimeUS, level INFO (DataFlash carries no severity)
//   info        sys_name: the first MSG that is a firmware string ("ArduCopter V4.5.7 (…)",
//               which ArduPilot logs when a log starts); nothing else
//   startUs     the earliest time
//   scaled      c, C, e, E (stored ×100) and L (degrees ×1e7) are integers with a divisor
//               (Field::divisor): ULogFile::value gives degrees, not centidegrees
// FMTU's multipliers are not applied (ArduPilot documents them as describing the stored
// integer, which the format character's scaling already does for c, C, e, E, L).
//
// Cut and corrupt files as the ULog reader: everything before a cut is kept, the cut named
// with its offset; bytes that are not a message header (or a header of a type no FMT defined)
// are skipped to the next plausible header — one of a known type whose message is followed by
// another header or the end of the file — and named; an FMT that cannot be used (a length
// shorter than the header, an unknown format character, labels that do not match) is named
// and its messages skipped by their length where it is known. No input crashes it.
#pragma once

#include "log/ulog_format.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace navigator::ulog::dataflash {

inline constexpr std::uint8_t kHead1 = 0xA3, kHead2 = 0x95;
inline constexpr std::size_t kHeaderBytes = 3;  // head1, head2, type
inline constexpr std::uint8_t kFmtType = 128;
// FMT: header, type, length, name[4], format[16], labels[64].
inline constexpr std::size_t kFmtBytes = 3 + 2 + 4 + 16 + 64;
inline constexpr std::size_t kNameChars = 4, kFormatChars = 16, kLabelChars = 64;

// True when `n` bytes at `d` begin as a DataFlash log does (0xA3 0x95).
bool startsDataFlash(const std::uint8_t* d, std::size_t n);

// What one format character stores: "c" is {Int16, "int16_t", 0, 100}; "Z" {Char, "char", 64, 1}.
struct FieldType {
  BaseType type = BaseType::UInt8;
  const char* type_name = "";
  int array_length = 0;  // 0: a scalar
  double divisor = 1.0;
};
std::optional<FieldType> fieldType(char format_character);

// The Format an FMT message defines: `name`, one field per character of `format` named by the
// comma-separated `labels`, offsets from the first byte after the header. The error says what
// is wrong: an unknown character, labels that do not match the characters, fields that do not
// fill `length` − 3 bytes.
vsim::Result<Format> formatFromFmt(std::string_view name, std::string_view format, std::string_view labels,
                                   std::size_t length);

}  // namespace navigator::ulog::dataflash
