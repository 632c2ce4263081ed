#include "sim/geometry/stl_ascii_check.h"

#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string_view>

namespace vsim {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// Where a facet's parts are, in the order the format writes them.
enum class Expect { SolidOrEnd, FacetOrEndsolid, OuterLoop, Vertex, EndFacet };

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// The line's first word. Keywords are lower case, as the format writes them and as the reader
// behind this check (Assimp's) takes them.
std::string_view firstWord(std::string_view line) {
  std::size_t n = 0;
  while (n < line.size() && !std::isspace(static_cast<unsigned char>(line[n]))) ++n;
  return line.substr(0, n);
}

// Whether `text` is exactly `count` numbers separated by blanks (C locale, as STL writes them).
bool holdsNumbers(std::string_view text, int count) {
  const char* p = text.data();
  const char* const end = text.data() + text.size();
  for (int i = 0; i < count; ++i) {
    while (p < end && std::isspace(static_cast<unsigned char>(*p))) ++p;
    if (p < end && *p == '+') ++p;  // from_chars takes no '+'; STL writers may
    double value = 0;
    const auto [next, error] = std::from_chars(p, end, value);
    if (error != std::errc() && error != std::errc::result_out_of_range) return false;
    if (next == p) return false;
    p = next;
  }
  while (p < end && std::isspace(static_cast<unsigned char>(*p))) ++p;
  return p == end;
}

std::string quoted(std::string_view s) {
  constexpr std::size_t kShown = 40;
  std::string out = "\"" + std::string(s.substr(0, kShown));
  return out + (s.size() > kShown ? "…\"" : "\"");
}

class AsciiStlGrammar {
 public:
  explicit AsciiStlGrammar(const std::string& path) : path_(path) {}

  // One line of the file (without its newline); false once a problem is found (error()).
  bool line(std::string_view raw) {
    ++line_;
    const std::string_view text = trim(raw);
    if (text.empty()) return true;
    const std::string_view word = firstWord(text);
    const std::string_view rest = trim(text.substr(word.size()));
    switch (expect_) {
      case Expect::SolidOrEnd:
        if (word == "solid") return enter(Expect::FacetOrEndsolid);
        return wrong(text, "\"solid\"");
      case Expect::FacetOrEndsolid:
        if (word == "endsolid") return enter(Expect::SolidOrEnd);
        if (word != "facet") return wrong(text, "\"facet\" or \"endsolid\"");
        if (firstWord(rest) != "normal" || !holdsNumbers(rest.substr(6), 3))
          return fail("\"facet\" needs \"normal\" and three numbers, found " + quoted(text));
        ++facets_;
        facet_line_ = line_;
        vertices_ = 0;
        return enter(Expect::OuterLoop);
      case Expect::OuterLoop:
        if (word == "outer" && firstWord(rest) == "loop") return enter(Expect::Vertex);
        return wrong(text, "\"outer loop\"");
      case Expect::Vertex:
        if (word == "vertex") {
          if (!holdsNumbers(rest, 3)) return fail("\"vertex\" needs three numbers, found " + quoted(text));
          ++vertices_;
          return true;
        }
        if (word != "endloop") return wrong(text, "\"vertex\" or \"endloop\"");
        if (vertices_ != 3)
          return fail("facet " + std::to_string(facets_) + " has " + std::to_string(vertices_) +
                      " vertices; an STL facet has 3");
        return enter(Expect::EndFacet);
      case Expect::EndFacet:
        if (word == "endfacet") return enter(Expect::FacetOrEndsolid);
        return wrong(text, "\"endfacet\"");
    }
    return true;
  }

  // At the end of the file: whether it ended where an STL may.
  bool end() {
    const std::string where = path_ + ": cut off at line " + std::to_string(line_);
    switch (expect_) {
      case Expect::SolidOrEnd:
        if (facets_ == 0) error_ = path_ + ": an ASCII STL without facets: it holds no triangles";
        return error_.empty();
      case Expect::FacetOrEndsolid:
        error_ = facets_ == 0 ? path_ + ": an ASCII STL without facets: it holds no triangles"
                              : where + " after facet " + std::to_string(facets_) +
                                    ": the solid has no \"endsolid\"; the rest of the file is missing";
        return false;
      default:
        error_ = where + " inside a facet (facet " + std::to_string(facets_) + ", begun at line " +
                 std::to_string(facet_line_) + ", has " + std::to_string(vertices_) +
                 " of its 3 vertices and no \"endfacet\"); the rest of the file is missing";
        return false;
    }
  }

  const std::string& error() const { return error_; }

  // The last line, counted, did not parse because it is cut: say where the file ends.
  std::string cutAtLastLine() {
    if (expect_ == Expect::SolidOrEnd) return error_;  // between solids: the line's own problem says more
    error_.clear();
    end();
    return error_;
  }

 private:
  bool enter(Expect next) {
    expect_ = next;
    return true;
  }
  bool wrong(std::string_view text, const std::string& expected) {
    return fail("expected " + expected + ", found " + quoted(text));
  }
  bool fail(const std::string& problem) {
    error_ = path_ + ": line " + std::to_string(line_) + " of this ASCII STL: " + problem;
    return false;
  }

  const std::string& path_;
  Expect expect_ = Expect::SolidOrEnd;
  std::size_t line_ = 0, facet_line_ = 0, facets_ = 0;
  int vertices_ = 0;
  std::string error_;
};

}  // namespace

std::optional<Error> checkAsciiStl(const std::string& path) {
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rb"));
  if (!file) return Error{path + ": cannot open the file for reading"};
  AsciiStlGrammar grammar(path);
  std::string pending;  // a line longer than the buffer, in pieces
  char buffer[1 << 16];
  while (std::fgets(buffer, sizeof buffer, file.get()) != nullptr) {
    const std::size_t n = std::strlen(buffer);
    const bool whole = n > 0 && buffer[n - 1] == '\n';
    pending.append(buffer, whole ? n - 1 : n);
    if (!whole && !std::feof(file.get())) continue;
    // A last line without its line end that does not parse is where the file was cut off.
    if (!grammar.line(pending)) return Error{whole ? grammar.error() : grammar.cutAtLastLine()};
    pending.clear();
  }
  if (std::ferror(file.get())) return Error{path + ": read error"};
  if (!grammar.end()) return Error{grammar.error()};
  return std::nullopt;
}

}  // namespace vsim
