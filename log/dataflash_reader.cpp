#include "log/dataflash_reader.h"

#include "log/ulog_reader.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <map>

namespace navigator::ulog {
namespace dataflash {

bool startsDataFlash(const std::uint8_t* d, std::size_t n) { return n >= 2 && d[0] == kHead1 && d[1] == kHead2; }

std::optional<FieldType> fieldType(char format_character) {
  switch (format_character) {
    case 'a':
      return FieldType{BaseType::Int16, "int16_t", 32, 1.0};
    case 'b':
      return FieldType{BaseType::Int8, "int8_t", 0, 1.0};
    case 'B':
    case 'M':  // a flight mode's number
      return FieldType{BaseType::UInt8, "uint8_t", 0, 1.0};
    case 'h':
      return FieldType{BaseType::Int16, "int16_t", 0, 1.0};
    case 'H':
      return FieldType{BaseType::UInt16, "uint16_t", 0, 1.0};
    case 'i':
      return FieldType{BaseType::Int32, "int32_t", 0, 1.0};
    case 'I':
      return FieldType{BaseType::UInt32, "uint32_t", 0, 1.0};
    case 'f':
      return FieldType{BaseType::Float, "float", 0, 1.0};
    case 'd':
      return FieldType{BaseType::Double, "double", 0, 1.0};
    case 'n':
      return FieldType{BaseType::Char, "char", 4, 1.0};
    case 'N':
      return FieldType{BaseType::Char, "char", 16, 1.0};
    case 'Z':
      return FieldType{BaseType::Char, "char", 64, 1.0};
    case 'c':
      return FieldType{BaseType::Int16, "int16_t", 0, 100.0};
    case 'C':
      return FieldType{BaseType::UInt16, "uint16_t", 0, 100.0};
    case 'e':
      return FieldType{BaseType::Int32, "int32_t", 0, 100.0};
    case 'E':
      return FieldType{BaseType::UInt32, "uint32_t", 0, 100.0};
    case 'L':  // latitude or longitude [degrees × 1e7]
      return FieldType{BaseType::Int32, "int32_t", 0, 1e7};
    case 'q':
      return FieldType{BaseType::Int64, "int64_t", 0, 1.0};
    case 'Q':
      return FieldType{BaseType::UInt64, "uint64_t", 0, 1.0};
    default:
      return std::nullopt;
  }
}

namespace {

// A name or label: printable ASCII, none of the characters a CSV header or a topic list would
// misread (space, comma, quote).
bool plainName(std::string_view s) {
  if (s.empty()) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return c > ' ' && c < 127 && c != ',' && c != '"'; });
}

std::vector<std::string_view> splitLabels(std::string_view labels) {
  std::vector<std::string_view> out;
  while (!labels.empty()) {
    const std::size_t comma = labels.find(',');
    out.push_back(labels.substr(0, comma));
    if (comma == std::string_view::npos) break;
    labels = labels.substr(comma + 1);
    if (labels.empty()) out.push_back(labels);  // a trailing comma: an empty last label
  }
  return out;
}

std::string quoted(std::string_view s) {
  std::string out = "'";
  for (char c : s) out += (c >= ' ' && c < 127) ? c : '?';
  return out + "'";
}

}  // namespace

vsim::Result<Format> formatFromFmt(std::string_view name, std::string_view format, std::string_view labels,
                                   std::size_t length) {
  if (!plainName(name)) return vsim::Error{"the name " + quoted(name) + " is not a name"};
  Format f;
  f.name = std::string(name);
  const std::vector<std::string_view> names = splitLabels(labels);
  if (names.size() != format.size())
    return vsim::Error{f.name + " has " + std::to_string(format.size()) + " format characters (" + quoted(format) +
                       ") but " + std::to_string(names.size()) + " labels (" + quoted(labels) + ")"};
  std::size_t offset = 0;
  for (std::size_t i = 0; i < format.size(); ++i) {
    const std::optional<FieldType> t = fieldType(format[i]);
    if (!t)
      return vsim::Error{f.name + ": format character " + quoted(format.substr(i, 1)) + " of field " +
                         quoted(names[i]) + " is not one DataFlash defines"};
    if (!plainName(names[i])) return vsim::Error{f.name + ": the label " + quoted(names[i]) + " is not a name"};
    Field field;
    field.type = t->type;
    field.type_name = t->type_name;
    field.array_length = t->array_length;
    field.name = std::string(names[i]);
    field.offset = offset;
    field.bytes = baseTypeBytes(t->type) * std::size_t(std::max(1, t->array_length));
    field.divisor = t->divisor;
    offset += field.bytes;
    f.fields.push_back(std::move(field));
  }
  if (offset + kHeaderBytes != length)
    return vsim::Error{f.name + ": its fields (" + quoted(format) + ") take " + std::to_string(offset) +
                       " bytes, its FMT length " + std::to_string(length) + " leaves " +
                       std::to_string(length < kHeaderBytes ? 0 : length - kHeaderBytes) + " after the header"};
  f.bytes = offset;
  f.logged_bytes = offset;
  return f;
}

}  // namespace dataflash

namespace {

constexpr std::size_t kMaxDataFlashProblems = 100;

template <class T>
T loadRaw(const std::uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

std::string fixedString(const std::uint8_t* p, std::size_t max) {
  const char* s = reinterpret_cast<const char*>(p);
  return std::string(s, strnlen(s, max));
}

bool integerType(BaseType t) {
  switch (t) {
    case BaseType::Int8:
    case BaseType::UInt8:
    case BaseType::Int16:
    case BaseType::UInt16:
    case BaseType::Int32:
    case BaseType::UInt32:
    case BaseType::Int64:
    case BaseType::UInt64:
      return true;
    default:
      return false;
  }
}

const Field* fieldNamed(const Format& f, std::string_view name, bool text) {
  for (const Field& field : f.fields)
    if (field.name == name && (field.type == BaseType::Char) == text && (text || field.array_length == 0))
      return &field;
  return nullptr;
}

// ArduPilot's firmware string, "NAME Vdigits… (hash)" ("ArduCopter V4.5.7 (2a3dc4b7)").
bool firmwareString(std::string_view s) {
  const std::size_t v = s.find(" V");
  if (v == std::string_view::npos || v == 0 || v + 2 >= s.size() || s[v + 2] < '0' || s[v + 2] > '9') return false;
  return std::all_of(s.begin(), s.begin() + std::ptrdiff_t(v),
                     [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
}

}  // namespace

// The reading of one DataFlash log into a ULogFile, message by message: what each type byte
// means (its FMT), the latest TimeUS, the problems recovered from.
struct DataFlashIndexer {
  // What a type's messages feed besides its topic.
  enum class Role { Topic, Parameter, Text, Units };
  struct Type {
    std::size_t length = 0;  // 0: no usable FMT framed it
    bool indexed = false;    // its messages are a topic
    std::string fmt;         // its FMT's bytes after the type byte, to tell a repeat from a change
    std::string name;
    int sub = -1;
    // Its first field: TimeUS (uint64 µs, read from the message), TimeMS (uint32 ms, older
    // ArduPilot; kept in the subscription's timestamps_us), or neither.
    enum class Clock { None, Us, Ms } clock = Clock::None;
    Role role = Role::Topic;
    const Field* key = nullptr;    // PARM's Name, FMTU's FmtType
    const Field* value = nullptr;  // PARM's Value, MSG's Message, FMTU's UnitIds
    std::string units;             // FMTU's unit characters, one per field
  };

  ULogFile& log;
  const std::uint8_t* d;
  std::size_t n;
  std::array<Type, 256> types{};
  std::uint64_t latest_us = 0;
  bool any_time = false;
  std::uint64_t first_time_at = 0, first_time_us = 0;  // the first timed message's payload, and its time

  vsim::Error fail(std::uint64_t offset, const std::string& what) const {
    return vsim::Error{log.path_ + ": offset " + std::to_string(offset) + ": " + what};
  }
  void problem(std::uint64_t offset, std::string what) {
    if (log.problems_.size() < kMaxDataFlashProblems) log.problems_.push_back({offset, std::move(what)});
  }

  // The whole length of a message of type `t` (header included); 0 when nothing frames it.
  std::size_t lengthOf(std::uint8_t t) const {
    return t == dataflash::kFmtType ? dataflash::kFmtBytes : types[t].length;
  }

  // A header at `q` of a framed type whose message ends at the end of the file, past it (a cut),
  // or where another header begins.
  bool plausibleAt(std::size_t q) const {
    if (n - q < dataflash::kHeaderBytes || d[q] != dataflash::kHead1 || d[q + 1] != dataflash::kHead2) return false;
    const std::size_t len = lengthOf(d[q + 2]);
    if (len == 0) return false;
    const std::size_t next = q + len;
    if (next >= n) return true;
    return d[next] == dataflash::kHead1 && (next + 1 == n || d[next + 1] == dataflash::kHead2);
  }

  // After corruption at `at`: on at the next plausible message header, or the end of the file.
  std::size_t resync(std::size_t at, const std::string& what) {
    for (std::size_t q = at + 1; q < n; ++q) {
      const void* found = std::memchr(d + q, dataflash::kHead1, n - q);
      if (found == nullptr) break;
      q = std::size_t(static_cast<const std::uint8_t*>(found) - d);
      if (plausibleAt(q)) {
        problem(at, what + "; skipped " + std::to_string(q - at) + " bytes to the next message header");
        return q;
      }
    }
    problem(at, what + "; no message header follows, the rest of the file (" + std::to_string(n - at) +
                    " bytes) is unread");
    return n;
  }

  std::string typeName(std::uint8_t t) const {
    return "type " + std::to_string(t) + (types[t].name.empty() ? std::string() : " (" + types[t].name + ")");
  }

  // The role of a defined type: PARM, MSG and FMTU feed the parameters, the strings and the
  // units when they have the fields that carry them.
  void assignRole(Type& type, const Format& format) {
    if (format.name == "PARM") {
      type.key = fieldNamed(format, "Name", true);
      type.value = fieldNamed(format, "Value", false);
      if (type.key && type.value) type.role = Role::Parameter;
    } else if (format.name == "MSG") {
      type.value = fieldNamed(format, "Message", true);
      if (type.value) type.role = Role::Text;
    } else if (format.name == "FMTU") {
      type.key = fieldNamed(format, "FmtType", false);
      type.value = fieldNamed(format, "UnitIds", true);
      if (type.key && type.value && integerType(type.key->type)) type.role = Role::Units;
    }
  }

  // Makes `format` the topic of type `t`.
  void define(std::size_t pos, std::uint8_t t, Format format) {
    Type& type = types[t];
    if (log.formats_.count(format.name)) {
      problem(pos, "FMT for " + typeName(t) + ": the name " + format.name +
                       " is another type's already; its messages are skipped");
      return;
    }
    const Format& kept = log.formats_.emplace(format.name, std::move(format)).first->second;
    type.indexed = true;
    if (!kept.fields.empty() && kept.fields[0].name == "TimeUS" && kept.fields[0].type == BaseType::UInt64)
      type.clock = Type::Clock::Us;
    else if (!kept.fields.empty() && kept.fields[0].name == "TimeMS" && kept.fields[0].type == BaseType::UInt32)
      type.clock = Type::Clock::Ms;
    assignRole(type, kept);
    Subscription sub;
    sub.msg_id = t;
    sub.name = kept.name;
    sub.format = &kept;
    type.sub = int(log.subscriptions_.size());
    log.subscriptions_.push_back(std::move(sub));
  }

  // FMT: frames and names a type. The first definition of a type is kept.
  void readFmt(std::size_t pos) {
    const std::uint8_t* p = d + pos + dataflash::kHeaderBytes;
    const std::uint8_t t = p[0];
    const std::size_t length = p[1];
    const std::string name = fixedString(p + 2, dataflash::kNameChars);
    const std::string fmt(reinterpret_cast<const char*>(p + 1), dataflash::kFmtBytes - dataflash::kHeaderBytes - 1);
    Type& type = types[t];
    if (!type.fmt.empty()) {
      if (type.fmt != fmt)
        problem(pos, "FMT defines " + typeName(t) + " again, as " + name + " of " + std::to_string(length) +
                         " bytes: the first definition is kept");
      return;
    }
    if (length < dataflash::kHeaderBytes || (t == dataflash::kFmtType && length != dataflash::kFmtBytes)) {
      problem(pos, "FMT for type " + std::to_string(t) + " (" + name + ") gives a length of " + std::to_string(length) +
                       " bytes, which cannot frame its messages" +
                       (t == dataflash::kFmtType ? std::string(" (FMT's own is 89)") : std::string()));
      return;
    }
    type.fmt = fmt;
    type.name = name;
    type.length = length;
    auto format = dataflash::formatFromFmt(
        name, fixedString(p + 2 + dataflash::kNameChars, dataflash::kFormatChars),
        fixedString(p + 2 + dataflash::kNameChars + dataflash::kFormatChars, dataflash::kLabelChars), length);
    if (!format) {
      problem(pos,
              "FMT for " + typeName(t) + " cannot be used: " + format.error().message + "; its messages are skipped");
      return;
    }
    define(pos, t, std::move(format).value());
  }

  // What a PARM, MSG or FMTU message carries beside its topic.
  void readRole(const Type& type, const std::uint8_t* p, std::uint64_t t_us) {
    switch (type.role) {
      case Role::Topic:
        return;
      case Role::Parameter: {
        KeyValue kv;
        kv.name = fixedString(p + type.key->offset, type.key->bytes);
        if (type.value->type == BaseType::Float && type.value->divisor == 1.0) {
          kv.type = "float";
          kv.raw.assign(reinterpret_cast<const char*>(p + type.value->offset), sizeof(float));
        } else {
          const double v = scalarValue(p + type.value->offset, type.value->type) / type.value->divisor;
          kv.type = "double";
          kv.raw.assign(reinterpret_cast<const char*>(&v), sizeof v);
        }
        log.parameters_.push_back(std::move(kv));
        return;
      }
      case Role::Text: {
        std::string text = fixedString(p + type.value->offset, type.value->bytes);
        // ArduPilot logs its firmware string as a MSG when a log starts: the first one is the
        // INFO sys_name, as PX4 logs its own.
        if (firmwareString(text) && log.findInfo("sys_name") == nullptr)
          log.info_.push_back({"char[" + std::to_string(text.size()) + "]", "sys_name", text});
        log.strings_.push_back({'6', t_us, std::move(text), -1});
        return;
      }
      case Role::Units: {
        const double of = scalarValue(p + type.key->offset, type.key->type);
        if (of >= 0 && of <= 255) types[std::size_t(of)].units = fixedString(p + type.value->offset, type.value->bytes);
        return;
      }
    }
  }

  // A message of an indexed type: its offset and time under its topic.
  void readData(std::size_t pos, const Type& type) {
    Subscription& sub = log.subscriptions_[std::size_t(type.sub)];
    const std::uint8_t* p = d + pos + dataflash::kHeaderBytes;
    std::uint64_t t_us = latest_us;
    if (type.clock != Type::Clock::None) {
      t_us =
          type.clock == Type::Clock::Us ? loadRaw<std::uint64_t>(p) : std::uint64_t(loadRaw<std::uint32_t>(p)) * 1000;
      latest_us = t_us;
      if (!any_time) first_time_at = pos + dataflash::kHeaderBytes, first_time_us = t_us;
      if (!any_time || t_us < log.first_us_) log.first_us_ = t_us;
      if (!any_time || t_us > log.last_us_) log.last_us_ = t_us;
      any_time = true;
    }
    if (type.clock != Type::Clock::Us) sub.timestamps_us.push_back(t_us);
    if (sub.data_offsets.empty()) sub.first_us = t_us;
    sub.last_us = t_us;
    sub.data_offsets.push_back(pos + dataflash::kHeaderBytes);
    readRole(type, p, t_us);
  }

  // The tail of the file shorter than a header: a header cut, or bytes that are none.
  void readTail(std::size_t pos) {
    const bool header = d[pos] == dataflash::kHead1 && (pos + 1 == n || d[pos + 1] == dataflash::kHead2);
    if (header)
      problem(pos,
              "the file is cut inside a message header; everything before offset " + std::to_string(pos) + " was read");
    else
      problem(pos, "the last " + std::to_string(n - pos) + " bytes are not a message header; left unread");
  }

  // Every message to the end of the file, or to where it is cut; the error that stopped the
  // read (a cancel) otherwise.
  vsim::Result<bool> readMessages(const ReadOptions& options) {
    std::size_t pos = 0;
    ReadPacer pacer(options, n);
    while (pos < n) {
      if (!pacer.keepGoing(pos)) return fail(pos, "cancelled");
      if (n - pos < dataflash::kHeaderBytes) {
        readTail(pos);
        break;
      }
      if (d[pos] != dataflash::kHead1 || d[pos + 1] != dataflash::kHead2) {
        pos = resync(pos, "no message header (0xA3 0x95) here");
        continue;
      }
      const std::uint8_t t = d[pos + 2];
      const std::size_t len = lengthOf(t);
      if (len == 0) {
        pos = resync(pos, "a message of type " + std::to_string(t) + ", which no usable FMT defines");
        continue;
      }
      if (len > n - pos) {
        problem(pos, "the file is cut inside a message (" + typeName(t) + ", " + std::to_string(len) +
                         " bytes); everything before offset " + std::to_string(pos) + " was read");
        break;
      }
      if (t == dataflash::kFmtType) readFmt(pos);
      if (types[t].indexed) readData(pos, types[t]);
      pos += len;
    }
    return true;
  }

  // The field FMTU marks as an instance (unit '#') of `sub`'s type, when it is an integer.
  const Field* instanceField(const Subscription& sub) const {
    const std::string& units = types[sub.msg_id].units;
    const std::size_t k = units.find('#');
    if (k == std::string::npos || k >= sub.format->fields.size()) return nullptr;
    const Field& f = sub.format->fields[k];
    return integerType(f.type) && f.array_length == 0 && f.divisor == 1.0 ? &f : nullptr;
  }

  // `sub` as one subscription per instance value, in order of the value; `sub` itself when its
  // type has no instance field or a value does not fit a multi_id.
  void splitInstances(Subscription& sub, std::vector<Subscription>& out) {
    const Field* inst = instanceField(sub);
    std::map<int, Subscription> parts;
    for (std::size_t i = 0; inst != nullptr && i < sub.count(); ++i) {
      const double v = scalarValue(d + sub.data_offsets[i] + inst->offset, inst->type);
      if (v < 0 || v > 255) {
        const std::string what = sub.name + "'s instance " + inst->name + " is " + std::to_string(std::int64_t(v));
        problem(sub.data_offsets[i] - dataflash::kHeaderBytes,
                what + ", outside 0–255: its instances are kept together");
        inst = nullptr;
        break;
      }
      const std::uint64_t t_us = log.timestampUs(sub, i);
      Subscription& part = parts[int(v)];
      if (part.data_offsets.empty()) {
        part.msg_id = sub.msg_id;
        part.multi_id = std::uint8_t(v);
        part.name = sub.name;
        part.format = sub.format;
        part.first_us = t_us;
      }
      part.last_us = t_us;
      part.data_offsets.push_back(sub.data_offsets[i]);
      if (!sub.timestamps_us.empty()) part.timestamps_us.push_back(t_us);
    }
    if (inst == nullptr || parts.empty()) {
      out.push_back(std::move(sub));
      return;
    }
    for (auto& [value, part] : parts) out.push_back(std::move(part));
  }

  // Messages without a time before the first timed one take its time (so every timestamp lies
  // in the file's span).
  void timeTheLeading(Subscription& sub) const {
    if (!any_time || sub.timestamps_us.empty()) return;
    for (std::size_t i = 0; i < sub.count() && sub.data_offsets[i] < first_time_at; ++i)
      sub.timestamps_us[i] = first_time_us;
    sub.first_us = sub.timestamps_us.front();
    sub.last_us = sub.timestamps_us.back();
  }

  void finish() {
    for (Subscription& sub : log.subscriptions_) timeTheLeading(sub);
    std::vector<Subscription> subs;
    for (Subscription& sub : log.subscriptions_) splitInstances(sub, subs);
    log.subscriptions_ = std::move(subs);
    log.start_us_ = log.first_us_;
  }
};

vsim::Result<ULogFile> ULogFile::indexDataFlash(ULogFile log, const ReadOptions& options) {
  DataFlashIndexer reader{log, log.bytes(), std::size_t(log.size_)};
  auto read = reader.readMessages(options);
  if (!read) return read.error();
  const bool any_fmt = std::any_of(reader.types.begin(), reader.types.end(),
                                   [](const DataFlashIndexer::Type& t) { return t.length > 0; });
  if (!any_fmt)
    return reader.fail(0, "a DataFlash log (it starts with 0xA3 0x95) without a usable FMT message" +
                              (log.problems_.empty() ? std::string() : ": " + log.problems_.front().what));
  reader.finish();
  if (options.progress) options.progress(1.0);
  return log;
}

}  // namespace navigator::ulog
