#include "sim/config/yaml_reader.h"

#include "sim/base/frames.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

namespace vsim {

std::string printableText(const std::string& text) {
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xf];
    } else {
      out += c;
    }
  }
  return out;
}
namespace {

std::string lineOf(const YAML::Node& n) {
  const YAML::Mark m = n.Mark();
  return m.line >= 0 ? " (line " + std::to_string(m.line + 1) + ")" : "";
}

}  // namespace

namespace {

template <class Load>
YamlReader loadRoot(Load load, const char* syntax_error) {
  try {
    YAML::Node root = load();
    if (!root.IsMap()) throw ConfigError("the document must be a mapping of keys to values");
    return YamlReader(root, "");
  } catch (const YAML::BadFile&) {
    throw ConfigError("cannot open the file");
  } catch (const YAML::ParserException& e) {
    throw ConfigError(std::string(syntax_error) + " at line " + std::to_string(e.mark.line + 1) + ", column " +
                      std::to_string(e.mark.column + 1) + ": " + e.msg);
  }
}

}  // namespace

YamlReader YamlReader::loadFile(const std::string& file) {
  // Read here, not by YAML::LoadFile: yaml-cpp reads through the stream buffer, whose read
  // error (a directory opens, then fails with EISDIR) escapes as std::ios_base::failure and
  // ended vsim_d on {"command": "world", "world_file": "/tmp"} (found by fuzz_config_files).
  if (file.find('\0') != std::string::npos) throw ConfigError("the file name holds a NUL byte");
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) throw ConfigError("is a directory, not a file");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw ConfigError("cannot open the file");
  std::string text;
  try {
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  } catch (const std::ios_base::failure& e) {
    throw ConfigError(std::string("cannot read the file: ") + e.code().message());
  }
  if (in.bad()) throw ConfigError("cannot read the file");
  return loadRoot([&] { return YAML::Load(text); }, "YAML syntax error");
}

YamlReader YamlReader::parse(const std::string& text) {
  return loadRoot([&] { return YAML::Load(text); }, "syntax error");
}

void YamlReader::fail(const std::string& key, const std::string& problem) const {
  const YAML::Node at = (!key.empty() && node_.IsMap() && node_[key]) ? node_[key] : node_;
  throw ConfigError((key.empty() ? (path_.empty() ? std::string("document") : path_) : keyPath(key)) + lineOf(at) +
                    ": " + problem);
}

void YamlReader::allowOnly(std::initializer_list<const char*> allowed) const {
  if (!node_.IsMap()) fail("", "must be a mapping of keys to values");
  for (const auto& kv : node_) {
    const std::string key = kv.first.as<std::string>();
    bool known = false;
    for (const char* a : allowed) known = known || key == a;
    if (!known) {
      std::string list;
      for (const char* a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      throw ConfigError(keyPath(key) + lineOf(kv.first) + ": unknown key (expected one of: " + list + ")");
    }
  }
}

YamlReader YamlReader::child(const std::string& key) const {
  if (!has(key)) fail("", "missing required key '" + key + "'");
  return YamlReader(node_[key], keyPath(key));
}

std::size_t YamlReader::sequenceSize() const {
  if (!node_.IsSequence()) fail("", "must be a list");
  return node_.size();
}

std::size_t YamlReader::sequenceSize(std::size_t min, std::size_t max, const std::string& items) const {
  const std::size_t n = sequenceSize();
  if (n < min || n > max)
    fail("",
         "needs " + std::to_string(min) + " to " + std::to_string(max) + " " + items + ", got " + std::to_string(n));
  return n;
}

YamlReader YamlReader::item(std::size_t index) const {
  return YamlReader(node_[index], path_ + "[" + std::to_string(index) + "]");
}

double YamlReader::toNumber(const YAML::Node& n, const std::string& where) const {
  double v = 0;
  if (!n.IsScalar() || !YAML::convert<double>::decode(n, v))
    throw ConfigError(where + lineOf(n) + ": must be a number");
  if (!std::isfinite(v)) throw ConfigError(where + lineOf(n) + ": must be a finite number");
  return v;
}

double YamlReader::number(const std::string& key) const {
  if (!has(key)) fail("", "missing required key '" + key + "'");
  return toNumber(node_[key], keyPath(key));
}

double YamlReader::number(const std::string& key, double fallback) const { return has(key) ? number(key) : fallback; }

double YamlReader::positive(const std::string& key) const {
  const double v = number(key);
  if (!(v > 0.0)) fail(key, "must be positive, got " + node_[key].as<std::string>());
  return v;
}

double YamlReader::positive(const std::string& key, double fallback) const {
  return has(key) ? positive(key) : fallback;
}

int YamlReader::integer(const std::string& key, int fallback) const {
  if (!has(key)) return fallback;
  const double v = number(key);
  if (v != std::floor(v)) fail(key, "must be a whole number");
  return int(v);
}

std::string YamlReader::text(const std::string& key) const {
  if (!has(key)) fail("", "missing required key '" + key + "'");
  if (!node_[key].IsScalar()) fail(key, "must be text");
  return node_[key].as<std::string>();
}

std::string YamlReader::text(const std::string& key, const std::string& fallback) const {
  return has(key) ? text(key) : fallback;
}

Eigen::Vector3d YamlReader::asVector3() const {
  if (!node_.IsSequence() || node_.size() != 3) fail("", "must be a list of three numbers [x, y, z]");
  Eigen::Vector3d v;
  for (int i = 0; i < 3; ++i) v[i] = toNumber(node_[i], path_ + "[" + std::to_string(i) + "]");
  return v;
}

Eigen::Vector3d YamlReader::vector3(const std::string& key) const { return child(key).asVector3(); }

Eigen::Vector3d YamlReader::vector3(const std::string& key, const Eigen::Vector3d& fallback) const {
  return has(key) ? vector3(key) : fallback;
}

Eigen::Matrix3d YamlReader::matrix3(const std::string& key) const {
  if (!has(key)) fail("", "missing required key '" + key + "'");
  const YAML::Node n = node_[key];
  if (!n.IsSequence() || n.size() != 3) fail(key, "must be three rows of three numbers");
  Eigen::Matrix3d m;
  for (int r = 0; r < 3; ++r) {
    const YAML::Node row = n[r];
    if (!row.IsSequence() || row.size() != 3) fail(key, "row " + std::to_string(r) + " must hold three numbers");
    for (int c = 0; c < 3; ++c)
      m(r, c) = toNumber(row[c], keyPath(key) + "[" + std::to_string(r) + "][" + std::to_string(c) + "]");
  }
  return m;
}

Eigen::Quaterniond YamlReader::rotationRpyDeg(const std::string& key) const {
  const Eigen::Vector3d rpy = vector3(key, Eigen::Vector3d::Zero()) * (M_PI / 180.0);
  return frames::quaternionFromEuler({rpy.x(), rpy.y(), rpy.z()});
}

}  // namespace vsim
