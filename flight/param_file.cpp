#include "flight/param_file.h"

#include "firmware/core/fc_param_text.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace vsim {

Result<ParamList> readParamFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{path + ": cannot open: " + std::strerror(errno)};
  ParamList out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.size() > 200) return Error{path + ":" + std::to_string(number) + ": the line is too long"};
    const fc_param_line_t parsed = fc_param_parse_line(line.c_str());
    if (parsed.kind == FC_PARAM_LINE_BAD)
      return Error{path + ":" + std::to_string(number) + ": " + parsed.name + ": " + parsed.problem};
    if (parsed.kind == FC_PARAM_LINE_VALUE) out.emplace_back(fc_param_info(parsed.id)->name, double(parsed.value));
  }
  if (in.bad()) return Error{path + ": read error"};
  return out;
}

namespace {
constexpr std::size_t kCommentWidth = 160;  // bytes of comment per line, under the reader's 200
}  // namespace

Result<bool> writeParamFile(const std::string& path, const ParamList& params,
                            const std::vector<std::string>& comments) {
  std::string text;
  // A long comment is folded at spaces into lines the reader takes (≤ 200 bytes each).
  for (const std::string& c : comments) {
    std::string rest = c;
    do {
      std::size_t cut = rest.size();
      if (cut > kCommentWidth) {
        cut = rest.rfind(' ', kCommentWidth);
        if (cut == std::string::npos || cut <= 2) cut = kCommentWidth;  // no space past the indent: cut the word
        while (cut > 0 && (static_cast<unsigned char>(rest[cut]) & 0xC0) == 0x80)
          --cut;  // not inside a UTF-8 character
      }
      text += "# " + rest.substr(0, cut) + "\n";
      rest = rest.substr(cut);
      if (!rest.empty()) rest = "  " + (rest.front() == ' ' ? rest.substr(1) : rest);  // a continuation, indented
    } while (!rest.empty());
  }
  for (const auto& [name, value] : params) {
    const int id = fc_param_find(name.c_str());
    const fc_param_result_t r = fc_param_check(id, float(value));
    if (name.size() > 16 || r != FC_PARAM_OK)
      return Error{"parameter " + name + ": " + fc_param_result_text(r) + " (nothing written)"};
    char line[96];
    fc_param_format_line(line, sizeof line, id, float(value));
    text += std::string(line) + "\n";
  }
  const std::string temporary = path + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return Error{temporary + ": cannot write: " + std::strerror(errno)};
    out << text;
    out.flush();
    if (!out) {
      std::error_code ignored;
      std::filesystem::remove(temporary, ignored);
      return Error{temporary + ": write failed"};
    }
  }
  std::error_code ec;
  std::filesystem::rename(temporary, path, ec);
  if (ec) {
    std::filesystem::remove(temporary, ec);
    return Error{path + ": cannot replace: " + ec.message()};
  }
  return true;
}

}  // namespace vsim
