// Small helpers shared by the command-line tools: strict number parsing, airframe lookup.
#pragma once

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace navigator::cli {

// The whole of `text` as a finite number, or nothing ("1e3" yes; "12abc", "", "nan" no).
inline std::optional<double> parseNumber(std::string_view text) {
  const std::string s(text);
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(s.c_str(), &end);
  if (s.empty() || end != s.c_str() + s.size() || errno == ERANGE || !std::isfinite(v)) return std::nullopt;
  return v;
}

// The comma-separated items of `text`, empty ones included ("a,,b": "a", "", "b"; "": one "").
inline std::vector<std::string> splitCommas(std::string_view text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    out.emplace_back(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) return out;
    start = comma + 1;
  }
}

// A comma-separated list of finite numbers ("0.5,0.5,0.6"), or nothing if any item is not one.
inline std::optional<std::vector<double>> parseList(std::string_view text) {
  std::vector<double> out;
  for (const std::string& item : splitCommas(text)) {
    const auto value = parseNumber(item);
    if (!value) return std::nullopt;
    out.push_back(*value);
  }
  return out;
}

// The folder of the running executable: /proc/self/exe, so that a tool found through PATH
// (argv[0] "vsim-run", no folder) finds its data too; argv[0] where /proc is not mounted.
inline std::filesystem::path executableDir(const char* argv0) {
  std::error_code error;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) return self.parent_path();
  return std::filesystem::weakly_canonical(std::filesystem::path(argv0)).parent_path();
}

// A file path as given when it names a file; else a shipped file of that name (with or without
// `extension`) in `folder` of the data beside the executable — build/share/navigator in the
// build tree, /usr/share/navigator installed — when there is one; else `given` unchanged (its
// reader then says it cannot open it).
inline std::string shippedPath(const std::string& given, const char* folder, const char* extension, const char* argv0) {
  if (given.empty() || std::filesystem::exists(given)) return given;
  const auto data = executableDir(argv0) / ".." / "share" / "navigator" / folder;
  for (const std::string& name : {given + extension, given}) {
    const auto shipped = data / name;
    if (std::filesystem::is_regular_file(shipped)) return shipped.lexically_normal().string();
  }
  return given;
}

// --airframe: a file, or a shipped airframe's name (s500, generic_quad, lander_004).
inline std::string airframePath(const std::string& given, const char* argv0) {
  return shippedPath(given, "airframes", ".yaml", argv0);
}

// --world: a file, or a shipped world's name (obstacles). A keyword (ground, none) is no file
// and no shipped name, so it comes back as it was given.
inline std::string worldPath(const std::string& given, const char* argv0) {
  return shippedPath(given, "worlds", ".yaml", argv0);
}

}  // namespace navigator::cli
