// YamlReader: checked reading of a YAML (or JSON) document, so that every mistake in a
// configuration file is reported with the file, the key path and the line: "airframes/x.yaml:
// rotors[2].k_f (line 31): must be positive". Used by the airframe and world loaders.
#pragma once

#include "sim/base/result.h"

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <optional>
#include <stdexcept>
#include <string>

namespace vsim {

// Thrown inside a loader and turned into an Error at its boundary; never crosses a module.
// `text` with its control bytes (below 0x20, and 0x7f) written as \xNN, so that a message
// quoting a key or value from a file shows it whole: what() is a C string, and a NUL in a
// key would otherwise cut the message short (an empty message: found by fuzz_config_files).
std::string printableText(const std::string& text);

struct ConfigError : std::runtime_error {
  explicit ConfigError(const std::string& message) : std::runtime_error(printableText(message)) {}
};

// A node and its path from the document root ("rotors[2].k_f").
class YamlReader {
 public:
  // (YAML::Node has no move constructor: a copy is the handle shared, not the document copied.)
  YamlReader(const YAML::Node& node, std::string path) : node_(node), path_(std::move(path)) {}

  // Parses a file; a syntax error names the line and column.
  static YamlReader loadFile(const std::string& file);
  // Parses a document held in memory (one line of JSON from the control pipe), the same way.
  static YamlReader parse(const std::string& text);

  const std::string& path() const { return path_; }
  const YAML::Node& node() const { return node_; }
  bool has(const std::string& key) const { return node_.IsMap() && node_[key]; }

  // Refuses any key not in `allowed` (a misspelt key must not be silently ignored).
  void allowOnly(std::initializer_list<const char*> allowed) const;

  YamlReader child(const std::string& key) const;  // required
  std::size_t sequenceSize() const;                // requires a sequence
  // Requires a sequence of min..max items ("needs 1 to 8 rotors, got 0").
  std::size_t sequenceSize(std::size_t min, std::size_t max, const std::string& items) const;
  YamlReader item(std::size_t index) const;

  double number(const std::string& key) const;                   // required, finite
  double number(const std::string& key, double fallback) const;  // optional
  double positive(const std::string& key) const;
  double positive(const std::string& key, double fallback) const;
  int integer(const std::string& key, int fallback) const;
  std::string text(const std::string& key) const;
  std::string text(const std::string& key, const std::string& fallback) const;
  Eigen::Vector3d asVector3() const;  // this node as [x, y, z]
  Eigen::Vector3d vector3(const std::string& key) const;
  Eigen::Vector3d vector3(const std::string& key, const Eigen::Vector3d& fallback) const;
  Eigen::Matrix3d matrix3(const std::string& key) const;  // three rows of three numbers
  // A rotation given as [roll, pitch, yaw] in degrees, applied z-y-x (identity when absent).
  Eigen::Quaterniond rotationRpyDeg(const std::string& key) const;

  [[noreturn]] void fail(const std::string& key, const std::string& problem) const;

 private:
  std::string keyPath(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
  double toNumber(const YAML::Node& n, const std::string& where) const;

  YAML::Node node_;
  std::string path_;
};

// Runs a loader's `read` and turns what it throws (ConfigError, YAML::Exception) into an Error
// prefixed with `source`: the one place where configuration errors become values.
template <class T, class Read>
Result<T> readChecked(const std::string& source, Read&& read) {
  try {
    return read();
  } catch (const ConfigError& e) {
    return Error{source + ": " + e.what()};
  } catch (const YAML::Exception& e) {
    return Error{source + ": " + printableText(e.what())};
  }
}

}  // namespace vsim
