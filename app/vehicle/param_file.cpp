#include "app/vehicle/param_file.h"

#include <algorithm>
#include <charconv>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

namespace navigator::paramfile {
namespace {

using Kind = LineProblem::Kind;
constexpr std::size_t kMaxNameChars = 16;      // a MAVLink param_id
constexpr double kFloatExactLimit = 16777216;  // 2^24: a float's 24-bit significand (IEEE 754 binary32)

std::string_view trimmed(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

std::vector<std::string_view> split(std::string_view s, char separator) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    const std::size_t end = s.find(separator, start);
    out.push_back(s.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return out;
    start = end + 1;
  }
}

// Mission Planner's reader: any run of commas, spaces and tabs separates, empty fields dropped.
std::vector<std::string_view> splitLoose(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const std::size_t start = s.find_first_not_of(", \t", i);
    if (start == std::string_view::npos) break;
    std::size_t end = s.find_first_of(", \t", start);
    if (end == std::string_view::npos) end = s.size();
    out.push_back(s.substr(start, end - start));
    i = end;
  }
  return out;
}

std::optional<double> number(std::string_view text) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  double v = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

std::pair<double, double> integerRange(std::uint8_t type) {
  switch (type) {
    case kUint8:
      return {0, 255};
    case kInt8:
      return {-128, 127};
    case kUint16:
      return {0, 65535};
    case kInt16:
      return {-32768, 32767};
    case kUint32:
      return {0, 4294967295.0};
    case kUint64:
      return {0, 18446744073709551615.0};
    case kInt64:
      return {-9223372036854775808.0, 9223372036854775807.0};
    default:
      return {-2147483648.0, 2147483647.0};
  }
}

// An integer beyond its type's range, a REAL32 beyond a float's (it would be infinite).
bool outsideType(double v, std::uint8_t type) {
  if (isIntegerType(type)) return v < integerRange(type).first || v > integerRange(type).second;
  return type == kReal32 && std::abs(v) > double(std::numeric_limits<float>::max());
}

bool looksLikeQgc(std::string_view line) { return split(line, '\t').size() == 5; }

class Parser {
 public:
  explicit Parser(ParsedFile& out) : out_(out) {}

  void line(std::string_view raw, int number_1) {
    const std::string_view text = trimmed(raw);
    if (text.empty() || text.front() == '#') return;
    ++out_.data_lines;
    if (out_.data_lines == 1) out_.format = looksLikeQgc(raw) ? Format::QGroundControl : Format::MissionPlanner;
    if (out_.format == Format::QGroundControl)
      qgcLine(raw, number_1);
    else
      missionPlannerLine(text, number_1);
  }

 private:
  void problem(int line, Kind kind, std::string_view name, std::string_view text, int count = 0) {
    out_.problems.push_back(LineProblem{line, kind, std::string(name), std::string(text), count});
  }

  bool checkName(std::string_view name, int line) {
    if (name.empty())
      problem(line, Kind::EmptyName, name, name);
    else if (name.size() > kMaxNameChars)
      problem(line, Kind::LongName, name, name);
    else
      return true;
    return false;
  }

  std::optional<int> id(std::string_view text, std::string_view name, int line) {
    const std::optional<double> v = number(trimmed(text));
    if (v && *v >= 0 && *v <= 255 && *v == std::floor(*v)) return int(*v);
    problem(line, Kind::BadId, name, trimmed(text));
    return std::nullopt;
  }

  // The value read under `type` (0: unknown); nullopt when told as a problem.
  std::optional<double> value(std::string_view text, std::uint8_t type, std::string_view name, int line) {
    const std::optional<double> v = number(text);
    if (!v)
      problem(line, Kind::NotANumber, name, text);
    else if (!std::isfinite(*v))
      problem(line, Kind::NotFinite, name, text);
    else if (isIntegerType(type) && *v != std::floor(*v))
      problem(line, Kind::NotWhole, name, text);
    else if (outsideType(*v, type))
      problem(line, Kind::OutsideType, name, text);
    else if (type == kReal32)
      return double(float(*v));  // the value the vehicle holds (a file may give more digits)
    else
      return v;
    return std::nullopt;
  }

  void qgcLine(std::string_view raw, int line) {
    const std::vector<std::string_view> f = split(trimmed(raw), '\t');
    if (f.size() != 5) {
      const bool other = f.size() == 1 && splitLoose(f[0]).size() == 2;
      problem(line, other ? Kind::OtherFormat : Kind::FieldCount, {}, trimmed(raw), int(f.size()));
      return;
    }
    const std::string_view name = trimmed(f[2]);
    if (!checkName(name, line)) return;
    const std::optional<int> system = id(f[0], name, line), component = id(f[1], name, line);
    if (!system || !component) return;
    const std::optional<double> type = number(trimmed(f[4]));
    if (!type || *type < double(kUint8) || *type > double(kReal64) || *type != std::floor(*type)) {
      problem(line, Kind::UnknownType, name, trimmed(f[4]));
      return;
    }
    const auto mav_type = std::uint8_t(*type);
    if (const std::optional<double> v = value(trimmed(f[3]), mav_type, name, line))
      add(Entry{std::string(name), *v, mav_type, *system, *component, line});
  }

  void missionPlannerLine(std::string_view text, int line) {
    const std::vector<std::string_view> f = splitLoose(text);
    if (f.size() != 2) {
      problem(line, split(text, '\t').size() == 5 ? Kind::OtherFormat : Kind::FieldCount, {}, text, int(f.size()));
      return;
    }
    if (!checkName(f[0], line)) return;
    if (const std::optional<double> v = value(f[1], 0, f[0], line)) add(Entry{std::string(f[0]), *v, 0, -1, -1, line});
  }

  void add(Entry e) {
    const auto key = std::make_pair(e.component_id, e.name);
    if (const auto it = first_line_.find(key); it != first_line_.end()) {
      problem(e.line, Kind::Duplicate, e.name, e.name, it->second);
      return;
    }
    first_line_.emplace(key, e.line);
    out_.entries.push_back(std::move(e));
  }

  ParsedFile& out_;
  std::map<std::pair<int, std::string>, int> first_line_;
};

bool sameValue(double a, double b, std::uint8_t type) {
  if (type == kReal32) return float(a) == float(b);
  return a == b;
}

Difference::Refusal refusal(double v, const VehicleParam& p, const CompareOptions& options) {
  using R = Difference::Refusal;
  if (!isCarriedType(p.mav_type)) return R::TypeNotCarried;
  if (!std::isfinite(v)) return R::NotFinite;
  if (isIntegerType(p.mav_type)) {
    if (v != std::floor(v)) return R::NotWhole;
    if (v < integerRange(p.mav_type).first || v > integerRange(p.mav_type).second) return R::OutsideType;
    if (options.integers_as_float && std::abs(v) > kFloatExactLimit && double(float(v)) != v) return R::InexactFloat;
  } else if (p.mav_type == kReal32 && std::abs(v) > double(std::numeric_limits<float>::max())) {
    return R::NotFinite;  // the float would be infinite
  }
  if (p.min <= p.max && (v < p.min || v > p.max)) return R::OutsideRange;
  return R::None;
}

}  // namespace

std::string typeName(std::uint8_t mav_type) {
  static const char* const names[] = {"",      "UINT8",  "INT8",  "UINT16", "INT16", "UINT32",
                                      "INT32", "UINT64", "INT64", "REAL32", "REAL64"};
  return mav_type <= kReal64 ? names[mav_type] : "";
}

std::optional<Format> formatOfFileName(std::string_view file_name) {
  const std::size_t dot = file_name.rfind('.');
  if (dot == std::string_view::npos) return std::nullopt;
  std::string ext(file_name.substr(dot + 1));
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (ext == "params") return Format::QGroundControl;
  if (ext == "param" || ext == "parm") return Format::MissionPlanner;
  return std::nullopt;
}

ParsedFile parse(std::string_view text, Format fallback) {
  ParsedFile out;
  out.format = fallback;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a UTF-8 byte-order mark
  Parser parser(out);
  int line = 0;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    parser.line(text.substr(start, end - start), ++line);
    start = end + 1;
  }
  return out;
}

std::string valueText(double value, std::uint8_t mav_type) {
  char buffer[64];
  std::to_chars_result r{};
  if (isIntegerType(mav_type) && std::abs(value) < 1e19)
    r = std::to_chars(buffer, buffer + sizeof buffer, static_cast<long long>(value));
  else if (mav_type == kReal32)
    r = std::to_chars(buffer, buffer + sizeof buffer, float(value));
  else
    r = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, r.ptr);
}

std::string write(Format format, const FileHeader& header, const std::vector<VehicleParam>& params) {
  std::vector<const VehicleParam*> sorted;
  for (const VehicleParam& p : params)
    if (isCarriedType(p.mav_type)) sorted.push_back(&p);
  std::sort(sorted.begin(), sorted.end(), [](const auto* a, const auto* b) { return a->name < b->name; });
  std::string out;
  const std::string vehicle = std::to_string(header.system_id), component = std::to_string(header.component_id);
  if (format == Format::QGroundControl) {
    out += "# Onboard parameters for Vehicle " + vehicle + "\n#\n";
    if (!header.autopilot.empty()) out += "# Stack: " + header.autopilot + "\n";
    out += "# Saved by Navigator\n#\n# Vehicle-Id Component-Id Name Value Type\n";
    for (const VehicleParam* p : sorted)
      out += vehicle + '\t' + component + '\t' + p->name + '\t' + valueText(p->value, p->mav_type) + '\t' +
             std::to_string(p->mav_type) + '\n';
  } else {
    out += "# Parameters of vehicle " + vehicle + (header.autopilot.empty() ? "" : " (" + header.autopilot + ")") +
           ", saved by Navigator\n";
    for (const VehicleParam* p : sorted) out += p->name + ',' + valueText(p->value, p->mav_type) + '\n';
  }
  return out;
}

Comparison compare(const std::vector<Entry>& file, const std::vector<VehicleParam>& vehicle,
                   const CompareOptions& options) {
  std::map<std::string, const VehicleParam*> by_name;
  for (const VehicleParam& p : vehicle) by_name.emplace(p.name, &p);
  std::map<std::string, bool> named;
  Comparison out;
  for (const Entry& e : file) {
    Difference d;
    d.name = e.name;
    d.file_value = e.value;
    d.line = e.line;
    d.mav_type = e.mav_type;
    d.component_id = e.component_id;
    if (options.component_id >= 0 && e.component_id >= 0 && e.component_id != options.component_id) {
      d.kind = Difference::Kind::OtherComponent;
      out.other_component.push_back(d);
      continue;
    }
    named[e.name] = true;
    const auto it = by_name.find(e.name);
    if (it == by_name.end()) {
      d.kind = Difference::Kind::OnlyInFile;
      out.only_in_file.push_back(d);
      continue;
    }
    const VehicleParam& p = *it->second;
    d.vehicle_value = p.value;
    d.mav_type = p.mav_type;
    // What the vehicle already holds is the same, whatever would be said against writing it.
    d.refusal = isCarriedType(p.mav_type) && sameValue(e.value, p.value, p.mav_type) ? Difference::Refusal::None
                                                                                     : refusal(e.value, p, options);
    if (d.refusal != Difference::Refusal::None) {
      d.kind = Difference::Kind::Refused;
      out.refused.push_back(d);
    } else {
      d.kind = sameValue(e.value, p.value, p.mav_type) ? Difference::Kind::Same : Difference::Kind::Changed;
      (d.kind == Difference::Kind::Same ? out.same : out.changed).push_back(d);
    }
  }
  for (const VehicleParam& p : vehicle)
    if (!named.count(p.name))
      out.only_on_vehicle.push_back(Difference{Difference::Kind::OnlyOnVehicle, p.name, p.value, 0, p.mav_type, 0, -1,
                                               Difference::Refusal::None});
  return out;
}

}  // namespace navigator::paramfile
