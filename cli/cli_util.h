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

// A comma-separated list of finite numbers ("0.5,0.5,0.6"), or nothing if any item is not one.
inline std::optional<std::vector<double>> parseList(std::string_view text) {
  std::vector<double> out;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const auto item = parseNumber(text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (!item) return std::nullopt;
    out.push_back(*item);
    if (comma == std::string_view::npos) return out;
    start = comma + 1;
  }
}

// A file path as given, or a shipped airframe's name looked up beside the executable
// (build/share/navigator or the installed share/navigator).
inline std::string airframePath(const std::string& given, const char* argv0) {
  if (std::filesystem::exists(given)) return given;
  const auto exe = std::filesystem::weakly_canonical(std::filesystem::path(argv0)).parent_path();
  const auto shipped = exe / ".." / "share" / "navigator" / "airframes" / (given + ".yaml");
  return std::filesystem::exists(shipped) ? shipped.lexically_normal().string() : given;
}

}  // namespace navigator::cli
