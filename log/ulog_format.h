// The ULog file format as PX4 publishes it (docs.px4.io, "ULog File Format"): the header, the
// message kinds, the field types and the textual message formats ("name:type field;…"). What
// the writer and the reader of this folder share; nothing here does I/O.
#pragma once

#include "sim/base/result.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace navigator::ulog {

// Header: 7 magic bytes, the version, the logging start time [µs].
inline constexpr std::array<std::uint8_t, 7> kMagic = {0x55, 0x4c, 0x6f, 0x67, 0x01, 0x12, 0x35};
inline constexpr std::uint8_t kVersion = 1;
inline constexpr std::size_t kHeaderBytes = 16;
// Every message: uint16 payload size, uint8 kind, then the payload.
inline constexpr std::size_t kMessageHeaderBytes = 3;
// The payload of a SYNC message, for a reader to find its way again after corruption.
inline constexpr std::array<std::uint8_t, 8> kSyncMagic = {0x2F, 0x73, 0x13, 0x20, 0x25, 0x0C, 0xBB, 0x12};
// FLAG_BITS: incompat_flags[0] bit 0 says data was appended at the offsets given.
inline constexpr std::size_t kFlagBitsPayloadBytes = 40;
inline constexpr std::uint8_t kIncompatDataAppended = 0x01;

enum class MessageKind : std::uint8_t {
  FlagBits = 'B',
  Format = 'F',
  Info = 'I',
  InfoMultiple = 'M',
  Parameter = 'P',
  ParameterDefault = 'Q',
  AddLoggedMessage = 'A',
  RemoveLoggedMessage = 'R',
  Data = 'D',
  Logging = 'L',
  LoggingTagged = 'C',
  Sync = 'S',
  Dropout = 'O',
};
bool knownKind(std::uint8_t kind);

// Log levels of LOGGING messages: the ASCII digits '0' (emergency) … '7' (debug), as syslog.
enum class LogLevel : std::uint8_t {
  Emergency = '0',
  Alert = '1',
  Critical = '2',
  Error = '3',
  Warning = '4',
  Notice = '5',
  Info = '6',
  Debug = '7',
};
const char* logLevelName(std::uint8_t level);  // "ERROR", "WARNING", …; "?" for a byte outside '0'…'7'

enum class BaseType : std::uint8_t {
  Int8,
  UInt8,
  Int16,
  UInt16,
  Int32,
  UInt32,
  Int64,
  UInt64,
  Float,
  Double,
  Bool,
  Char,
  Nested
};
std::size_t baseTypeBytes(BaseType type);  // 0 for Nested
// "float" → Float; a name that is not a base type → Nested (another message's format).
BaseType baseTypeNamed(std::string_view name);
const char* baseTypeName(BaseType type);

// One field of a format: "float[3] gyro_rad" is {Float, "float", 3, "gyro_rad"}.
struct Field {
  BaseType type = BaseType::UInt8;
  std::string type_name;  // as written: "float", or a nested message's name
  int array_length = 0;   // 0: not an array
  std::string name;
  std::size_t offset = 0;  // in the message's payload (after the msg_id for DATA)
  std::size_t bytes = 0;   // the whole field, all elements
  // The value is the stored number divided by this: 1 in ULog; DataFlash's scaled integers
  // (log/dataflash_reader.h) 100 (c, C, e, E) or 1e7 (L, degrees of latitude and longitude).
  double divisor = 1.0;
  bool padding() const { return name.rfind("_padding", 0) == 0; }
};

// A message format: a name and its fields in order (the first one of a logged topic is
// "uint64_t timestamp").
struct Format {
  std::string name;
  std::vector<Field> fields;
  std::size_t bytes = 0;  // once resolved: the packed size of all fields
  // Once resolved: the bytes a DATA message must hold at least. A writer leaves out padding
  // fields at the end of a message (the spec: trailing "_padding" fields are not logged).
  std::size_t logged_bytes = 0;
};

// Parses a FORMAT message's text ("sensor_combined:uint64_t timestamp;float[3] gyro_rad;"),
// leaving nested sizes unresolved. The error says which field is wrong.
vsim::Result<Format> parseFormat(std::string_view text);
// The text a FORMAT message carries for `format` (the inverse of parseFormat).
std::string formatText(const Format& format);
// Resolves the offsets and sizes of every format, nested ones through the others; fails on a
// type no format defines, or a format that contains itself.
// `failed`, when given, receives the name of the format at fault.
vsim::Result<bool> resolveFormats(std::map<std::string, Format>& formats, std::string* failed = nullptr);

// A scalar field read out of a message (the field's path "accelerometer_m_s2[2]" or, in a
// nested one, "esc[3].esc_rpm"): its type and offset in the payload.
struct ScalarField {
  std::string path;
  BaseType type = BaseType::UInt8;
  std::size_t offset = 0;
  std::size_t char_length = 0;  // a string (char array): its length; 0 otherwise
  double divisor = 1.0;         // the value is the stored number divided by this (Field::divisor)
};
// Every scalar of `format`, arrays and nested messages unrolled, padding left out; char
// arrays become one entry (a string) of type Char with the array's first offset.
std::vector<ScalarField> scalarFields(const Format& format, const std::map<std::string, Format>& formats);
// The stored number of a numeric scalar at `payload + field.offset` (little-endian), as a
// double (before any divisor: ULogFile::value gives the value).
double scalarValue(const std::uint8_t* payload, BaseType type);

}  // namespace navigator::ulog
