#include "log/ulog_format.h"

#include <bit>
#include <cctype>
#include <cstring>
#include <functional>
#include <set>

namespace navigator::ulog {

bool knownKind(std::uint8_t kind) {
  switch (kind) {
    case 'B':
    case 'F':
    case 'I':
    case 'M':
    case 'P':
    case 'Q':
    case 'A':
    case 'R':
    case 'D':
    case 'L':
    case 'C':
    case 'S':
    case 'O':
      return true;
    default:
      return false;
  }
}

const char* logLevelName(std::uint8_t level) {
  static const char* names[] = {"EMERGENCY", "ALERT", "CRITICAL", "ERROR", "WARNING", "NOTICE", "INFO", "DEBUG"};
  return level >= '0' && level <= '7' ? names[level - '0'] : "?";
}

namespace {

struct TypeRow {
  const char* name;
  BaseType type;
  std::size_t bytes;
};
constexpr TypeRow kTypes[] = {
    {"int8_t", BaseType::Int8, 1},     {"uint8_t", BaseType::UInt8, 1},   {"int16_t", BaseType::Int16, 2},
    {"uint16_t", BaseType::UInt16, 2}, {"int32_t", BaseType::Int32, 4},   {"uint32_t", BaseType::UInt32, 4},
    {"int64_t", BaseType::Int64, 8},   {"uint64_t", BaseType::UInt64, 8}, {"float", BaseType::Float, 4},
    {"double", BaseType::Double, 8},   {"bool", BaseType::Bool, 1},       {"char", BaseType::Char, 1},
};

bool validName(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '/')) return false;
  return true;
}

}  // namespace

std::size_t baseTypeBytes(BaseType type) {
  for (const TypeRow& row : kTypes)
    if (row.type == type) return row.bytes;
  return 0;
}

BaseType baseTypeNamed(std::string_view name) {
  for (const TypeRow& row : kTypes)
    if (name == row.name) return row.type;
  return BaseType::Nested;
}

const char* baseTypeName(BaseType type) {
  for (const TypeRow& row : kTypes)
    if (row.type == type) return row.name;
  return "nested";
}

vsim::Result<Format> parseFormat(std::string_view text) {
  Format format;
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return vsim::Error{"no ':' after the message name"};
  format.name = std::string(text.substr(0, colon));
  if (!validName(format.name)) return vsim::Error{"the message name '" + format.name + "' is not a name"};
  std::string_view rest = text.substr(colon + 1);
  while (!rest.empty()) {
    const std::size_t semi = rest.find(';');
    std::string_view item = rest.substr(0, semi);
    rest = semi == std::string_view::npos ? std::string_view{} : rest.substr(semi + 1);
    if (item.empty()) continue;
    const std::size_t space = item.find(' ');
    if (space == std::string_view::npos)
      return vsim::Error{"field '" + std::string(item) + "' of " + format.name + " has no 'type name' form"};
    std::string_view type = item.substr(0, space);
    Field field;
    field.name = std::string(item.substr(space + 1));
    if (!validName(field.name))
      return vsim::Error{"field '" + std::string(item) + "' of " + format.name + " has a bad name"};
    if (const std::size_t bracket = type.find('['); bracket != std::string_view::npos) {
      if (type.back() != ']') return vsim::Error{"field '" + field.name + "' of " + format.name + ": unclosed '['"};
      std::string_view digits = type.substr(bracket + 1, type.size() - bracket - 2);
      if (digits.empty() || digits.size() > 5)
        return vsim::Error{"field '" + field.name + "' of " + format.name + ": bad array length"};
      int n = 0;
      for (char c : digits) {
        if (c < '0' || c > '9')
          return vsim::Error{"field '" + field.name + "' of " + format.name + ": bad array length"};
        n = n * 10 + (c - '0');
      }
      if (n == 0) return vsim::Error{"field '" + field.name + "' of " + format.name + ": an array of length 0"};
      field.array_length = n;
      type = type.substr(0, bracket);
    }
    if (!validName(type)) return vsim::Error{"field '" + field.name + "' of " + format.name + " has a bad type"};
    field.type_name = std::string(type);
    field.type = baseTypeNamed(type);
    format.fields.push_back(std::move(field));
  }
  if (format.fields.empty()) return vsim::Error{"message " + format.name + " has no fields"};
  return format;
}

std::string formatText(const Format& format) {
  std::string s = format.name + ":";
  for (const Field& f : format.fields) {
    s += f.type_name;
    if (f.array_length > 0) s += "[" + std::to_string(f.array_length) + "]";
    s += " " + f.name + ";";
  }
  return s;
}

vsim::Result<bool> resolveFormats(std::map<std::string, Format>& formats, std::string* failed) {
  std::set<std::string> done, visiting;
  std::function<vsim::Result<bool>(Format&)> resolve = [&](Format& format) -> vsim::Result<bool> {
    // The format at fault is named where its error is made.
    auto fault = [&](std::string message) {
      if (failed != nullptr) *failed = format.name;
      return vsim::Error{std::move(message)};
    };
    if (done.count(format.name)) return true;
    if (!visiting.insert(format.name).second) return fault("format " + format.name + " contains itself");
    std::size_t offset = 0;
    for (Field& field : format.fields) {
      std::size_t element = baseTypeBytes(field.type);
      if (field.type == BaseType::Nested) {
        auto it = formats.find(field.type_name);
        if (it == formats.end())
          return fault("field '" + field.name + "' of " + format.name + " has type " + field.type_name +
                       ", which no format defines");
        if (auto r = resolve(it->second); !r) return r;
        element = it->second.bytes;
      }
      field.offset = offset;
      field.bytes = element * std::size_t(field.array_length > 0 ? field.array_length : 1);
      offset += field.bytes;
      if (offset > 65535) return fault("format " + format.name + " is larger than a message can be");
    }
    format.bytes = offset;
    format.logged_bytes = offset;
    for (auto f = format.fields.rbegin(); f != format.fields.rend() && f->padding(); ++f)
      format.logged_bytes = f->offset;
    visiting.erase(format.name);
    done.insert(format.name);
    return true;
  };
  for (auto& [name, format] : formats)
    if (auto r = resolve(format); !r) return r;
  return true;
}

namespace {

void unroll(const Format& format, const std::map<std::string, Format>& formats, const std::string& prefix,
            std::size_t base, std::vector<ScalarField>& out, int depth) {
  if (depth > 16) return;
  for (const Field& field : format.fields) {
    if (field.padding()) continue;
    const int n = field.array_length > 0 ? field.array_length : 1;
    if (field.type == BaseType::Char && field.array_length > 0) {
      out.push_back({prefix + field.name, BaseType::Char, base + field.offset, std::size_t(field.array_length), 1.0});
      continue;
    }
    if (field.type == BaseType::Nested) {
      auto it = formats.find(field.type_name);
      if (it == formats.end()) continue;
      for (int i = 0; i < n; ++i) {
        const std::string name = field.array_length > 0 ? field.name + "[" + std::to_string(i) + "]" : field.name;
        unroll(it->second, formats, prefix + name + ".", base + field.offset + std::size_t(i) * it->second.bytes, out,
               depth + 1);
      }
      continue;
    }
    const std::size_t element = baseTypeBytes(field.type);
    for (int i = 0; i < n; ++i) {
      const std::string name = field.array_length > 0 ? field.name + "[" + std::to_string(i) + "]" : field.name;
      out.push_back({prefix + name, field.type, base + field.offset + std::size_t(i) * element, 0, field.divisor});
    }
  }
}

template <class T>
double loadAsDouble(const std::uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return double(v);
}

}  // namespace

std::vector<ScalarField> scalarFields(const Format& format, const std::map<std::string, Format>& formats) {
  std::vector<ScalarField> out;
  unroll(format, formats, "", 0, out, 0);
  return out;
}

double scalarValue(const std::uint8_t* payload, BaseType type) {
  static_assert(std::endian::native == std::endian::little, "ULog is little-endian; so is every target here");
  switch (type) {
    case BaseType::Int8:
      return loadAsDouble<std::int8_t>(payload);
    case BaseType::UInt8:
      return loadAsDouble<std::uint8_t>(payload);
    case BaseType::Int16:
      return loadAsDouble<std::int16_t>(payload);
    case BaseType::UInt16:
      return loadAsDouble<std::uint16_t>(payload);
    case BaseType::Int32:
      return loadAsDouble<std::int32_t>(payload);
    case BaseType::UInt32:
      return loadAsDouble<std::uint32_t>(payload);
    case BaseType::Int64:
      return loadAsDouble<std::int64_t>(payload);
    case BaseType::UInt64:
      return loadAsDouble<std::uint64_t>(payload);
    case BaseType::Float:
      return loadAsDouble<float>(payload);
    case BaseType::Double:
      return loadAsDouble<double>(payload);
    case BaseType::Bool:
      return payload[0] != 0 ? 1.0 : 0.0;
    case BaseType::Char:
      return loadAsDouble<char>(payload);
    case BaseType::Nested:
      return 0;
  }
  return 0;
}

}  // namespace navigator::ulog
