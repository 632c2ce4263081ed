// Parameter files as the two common ground stations write them, read, written and compared with a
// vehicle's table. Plain C++ (no Qt): text in, values and problems out; the station's pages
// put the problems into words in the user's language.
//
// QGroundControl (.params): lines starting with '#' are comments (QGroundControl's header names
// the vehicle, its autopilot and the column order "Vehicle-Id Component-Id Name Value Type");
// every other line is five tab-separated fields
//   SYSTEM_ID <TAB> COMPONENT_ID <TAB> NAME <TAB> VALUE <TAB> MAV_PARAM_TYPE
// with the type as its MAV_PARAM_TYPE number (common.xml: 1 UINT8 … 6 INT32, 9 REAL32). It
// writes an integer as its decimal digits and a REAL32 with 18 digits after the point in its
// releases ("0.150000005960464478", the float's exact value rounded); this writer writes the
// shortest decimal that reads back as the same float ("0.15"), which QGroundControl reads
// (QString::toFloat) to the same value.
// Mission Planner (.param, also .parm): "NAME,VALUE" per line, sorted by name; its reader also
// takes a space or a tab between the two (older files) and skips lines starting with '#'. The
// file carries no types: the vehicle's own decide how a value is read.
//
// Values are doubles: a double holds every 32-bit integer exactly (53-bit significand), and
// the text is read with std::from_chars, never through a float, so UINT32 4294967295 and INT32
// -2147483648 stay what the file says. A REAL32 is compared as the float the vehicle holds.
//
// Problems: every line that cannot be read is named by its 1-based line number and what is
// wrong with it; the lines that can be read are returned beside them. Whether to apply those
// is the caller's decision (the station applies nothing from a file with bad lines unless the
// user says to apply the readable ones).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace navigator::paramfile {

enum class Format { QGroundControl, MissionPlanner };

// MAV_PARAM_TYPE (common.xml).
enum : std::uint8_t {
  kUint8 = 1,
  kInt8 = 2,
  kUint16 = 3,
  kInt16 = 4,
  kUint32 = 5,
  kInt32 = 6,
  kUint64 = 7,
  kInt64 = 8,
  kReal32 = 9,
  kReal64 = 10
};
inline bool isIntegerType(std::uint8_t mav_type) { return mav_type >= kUint8 && mav_type <= kInt64; }
// The types PARAM_VALUE and PARAM_SET carry in their 4-byte field (1..6 and REAL32).
inline bool isCarriedType(std::uint8_t mav_type) {
  return (mav_type >= kUint8 && mav_type <= kInt32) || mav_type == kReal32;
}
// "INT32", "REAL32"…; empty for a number MAV_PARAM_TYPE does not define.
std::string typeName(std::uint8_t mav_type);

struct Entry {
  std::string name;
  double value = 0;           // an integer type: a whole number, exact; REAL32: the float's value
  std::uint8_t mav_type = 0;  // 0: the file does not say (Mission Planner)
  int system_id = -1;         // -1: the file does not say
  int component_id = -1;
  int line = 0;  // 1-based
};

struct LineProblem {
  enum class Kind {
    FieldCount,   // not five tab-separated fields (QGroundControl) / not two (Mission Planner)
    OtherFormat,  // a line of the other format in a file of one
    BadId,        // vehicle or component id not a number 0..255
    EmptyName,
    LongName,    // longer than the 16 characters a MAVLink id holds
    NotANumber,  // the value (text: what the file says)
    NotFinite,
    UnknownType,  // not a MAV_PARAM_TYPE number (text: what the file says)
    NotWhole,     // an integer type with a fraction
    OutsideType,  // an integer outside its type's range, a REAL32 beyond a float's
    Duplicate,    // the same name (and component) again; count: the line it was first on
  };
  int line = 0;
  Kind kind = Kind::FieldCount;
  std::string name;  // the parameter, where the line names one
  std::string text;  // the offending field as written
  int count = 0;     // fields found (FieldCount), first line (Duplicate)
};

struct ParsedFile {
  Format format = Format::QGroundControl;
  std::vector<Entry> entries;  // in file order
  std::vector<LineProblem> problems;
  int data_lines = 0;  // lines that were neither blank nor comments
};

// The format a file name's extension says: ".params" QGroundControl, ".param"/".parm" Mission
// Planner (any case); nullopt for another.
std::optional<Format> formatOfFileName(std::string_view file_name);
// Reads `text` (UTF-8, LF or CRLF line ends, an optional byte-order mark). The format is the
// first data line's (five tab-separated fields: QGroundControl; else Mission Planner);
// `fallback` decides for a file without data lines.
ParsedFile parse(std::string_view text, Format fallback);

// A value as a file writes it: an integer type's whole number, a REAL32 as the shortest text
// that reads back as the same float, another type's double as the shortest exact text.
std::string valueText(double value, std::uint8_t mav_type);

struct VehicleParam {
  std::string name;
  double value = 0;
  std::uint8_t mav_type = kReal32;
  double min = 1, max = 0;  // the metadata's range; min > max: none known
};

struct FileHeader {
  int system_id = 1;
  int component_id = 1;
  std::string autopilot;  // "PX4", "ArduCopter", "Vayu"; may be empty
};
// The whole file, sorted by name; parameters of a type PARAM_VALUE cannot carry are left out
// (their value is not known). Lines end in '\n'.
std::string write(Format format, const FileHeader& header, const std::vector<VehicleParam>& params);

struct Difference {
  enum class Kind { Changed, Same, OnlyInFile, OnlyOnVehicle, Refused, OtherComponent };
  enum class Refusal {
    None,
    NotFinite,
    NotWhole,        // an integer parameter, a value with a fraction
    OutsideType,     // outside the vehicle's integer type
    OutsideRange,    // outside the metadata's range
    InexactFloat,    // C cast autopilot: beyond 2^24 a float cannot hold this integer
    TypeNotCarried,  // the vehicle's type cannot travel in PARAM_SET (64-bit, REAL64)
  };
  Kind kind = Kind::Same;
  std::string name;
  double vehicle_value = 0;   // Changed, Same, Refused, OnlyOnVehicle
  double file_value = 0;      // all but OnlyOnVehicle
  std::uint8_t mav_type = 0;  // the vehicle's (OnlyInFile: the file's, 0 when it says none)
  int line = 0;               // in the file; 0 for OnlyOnVehicle
  int component_id = -1;      // OtherComponent: the file's
  Refusal refusal = Refusal::None;
};

struct CompareOptions {
  int component_id = -1;           // the vehicle's; -1: take every file line as the vehicle's
  bool integers_as_float = false;  // C cast encoding (ArduPilot): exact only to 2^24
};

struct Comparison {
  std::vector<Difference> changed, same, only_in_file, only_on_vehicle, refused, other_component;
};

// The file's values against the vehicle's, each file entry in exactly one list (file order),
// then the vehicle's parameters the file does not name (vehicle order).
Comparison compare(const std::vector<Entry>& file, const std::vector<VehicleParam>& vehicle,
                   const CompareOptions& options);

}  // namespace navigator::paramfile
