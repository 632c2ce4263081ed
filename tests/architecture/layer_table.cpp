#include "tests/architecture/layer_table.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace navigator::architecture {
namespace {

std::string trim(const std::string& s) {
  const std::size_t begin = s.find_first_not_of(" \t\r");
  if (begin == std::string::npos) return {};
  return s.substr(begin, s.find_last_not_of(" \t\r") - begin + 1);
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// The cells of a table row: split at '|' outside code spans, "\|" kept as a '|'.
std::vector<std::string> cells(const std::string& line) {
  std::vector<std::string> out;
  std::string cell;
  bool code = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '\\' && i + 1 < line.size() && line[i + 1] == '|') {
      cell += '|';
      ++i;
    } else if (c == '`') {
      code = !code;
      cell += c;
    } else if (c == '|' && !code) {
      out.push_back(trim(cell));
      cell.clear();
    } else {
      cell += c;
    }
  }
  out.push_back(trim(cell));
  // "| a | b |" splits into "", "a", "b", "": the outer pipes bound no cells.
  if (!out.empty() && out.front().empty()) out.erase(out.begin());
  if (!out.empty() && out.back().empty()) out.pop_back();
  return out;
}

// The code spans of a cell, a folder's trailing '/' dropped.
std::vector<std::string> codeSpans(const std::string& cell) {
  std::vector<std::string> out;
  std::size_t open = cell.find('`');
  while (open != std::string::npos) {
    const std::size_t close = cell.find('`', open + 1);
    if (close == std::string::npos) break;
    std::string span = trim(cell.substr(open + 1, close - open - 1));
    if (!span.empty() && span.back() == '/') span.pop_back();
    out.push_back(span);
    open = cell.find('`', close + 1);
  }
  return out;
}

bool separatorRow(const std::string& line) {
  return line.find("---") != std::string::npos && line.find_first_not_of("|-: \t\r") == std::string::npos;
}

std::optional<SystemHeaders> systemOf(const std::string& cell) {
  const std::string said = lower(trim(cell));
  if (said.rfind("any", 0) == 0) return SystemHeaders::Any;
  if (said.rfind("no widgets", 0) == 0) return SystemHeaders::NoWidgets;
  if (said.rfind("no qt", 0) == 0) return SystemHeaders::NoQt;
  if (said.rfind("c library", 0) == 0) return SystemHeaders::CLibrary;
  return std::nullopt;
}

std::string joined(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "`" : ", `") + n + "`";
  return s.empty() ? "nothing" : s;
}

// The columns of a layer table's header row: where "may include" and "system headers" are.
struct Columns {
  std::size_t arrows = 0, system = 0;
};

std::optional<Columns> headerColumns(const std::string& line) {
  const std::vector<std::string> names = cells(line);
  if (names.empty() || lower(names.front()) != "module") return std::nullopt;
  Columns c;
  for (std::size_t i = 1; i < names.size(); ++i) {
    if (lower(names[i]) == "may include") c.arrows = i;
    if (lower(names[i]) == "system headers") c.system = i;
  }
  if (c.arrows == 0 || c.system == 0) return std::nullopt;
  return c;
}

}  // namespace

LayerTable readLayerTable(const std::string& markdown) {
  LayerTable table;
  std::istringstream in(markdown);
  std::string line;
  int number = 0;
  std::optional<Columns> columns;
  while (std::getline(in, line)) {
    ++number;
    const std::string text = trim(line);
    if (!columns) {
      if (text.rfind('|', 0) == 0 && (columns = headerColumns(text))) table.header_line = number;
      continue;
    }
    if (text.rfind('|', 0) != 0) break;  // the table ends at its first line that is not a row
    if (separatorRow(text)) continue;
    const std::vector<std::string> row = cells(text);
    LayerTableRow r;
    r.line = number;
    const std::vector<std::string> first = row.empty() ? std::vector<std::string>{} : codeSpans(row.front());
    if (first.size() == 1) r.module = first.front();
    if (columns->arrows < row.size()) r.arrows = codeSpans(row[columns->arrows]);
    if (columns->system < row.size()) r.system = row[columns->system];
    table.rows.push_back(r);
  }
  return table;
}

std::string systemHeadersName(SystemHeaders system) {
  switch (system) {
    case SystemHeaders::Any:
      return "any";
    case SystemHeaders::NoWidgets:
      return "no widgets";
    case SystemHeaders::NoQt:
      return "no Qt";
    case SystemHeaders::CLibrary:
      return "C library only";
  }
  return {};
}

std::vector<std::string> compareLayerTable(const LayerTable& table, const std::vector<ModuleRule>& rules,
                                           const std::string& document) {
  std::vector<std::string> out;
  if (table.header_line == 0)
    return {document + ":1: no layer table (a header row \"| module | … | may include | system headers |\")"};
  std::map<std::string, const ModuleRule*> by_name;
  for (const ModuleRule& rule : rules) by_name[rule.name] = &rule;
  std::map<std::string, int> seen;  // module → the line of its first row
  for (const LayerTableRow& row : table.rows) {
    const std::string where = document + ":" + std::to_string(row.line) + ": row `" + row.module + "`: ";
    if (row.module.empty()) {
      out.push_back(document + ":" + std::to_string(row.line) +
                    ": a row whose first cell names no module in code font");
      continue;
    }
    if (!seen.emplace(row.module, row.line).second) {
      out.push_back(where + "the module has a row already, at line " + std::to_string(seen[row.module]));
      continue;
    }
    const auto rule = by_name.find(row.module);
    if (rule == by_name.end()) {
      out.push_back(where + "tests/architecture/layering.cpp has no rule for this module");
      continue;
    }
    const std::set<std::string> listed(row.arrows.begin(), row.arrows.end());
    const std::set<std::string> checked(rule->second->arrows.begin(), rule->second->arrows.end());
    std::vector<std::string> missing, extra;
    std::set_difference(checked.begin(), checked.end(), listed.begin(), listed.end(), std::back_inserter(missing));
    std::set_difference(listed.begin(), listed.end(), checked.begin(), checked.end(), std::back_inserter(extra));
    if (!missing.empty())
      out.push_back(where + "layering.cpp lets it include " + joined(missing) + ", which the row does not list");
    if (!extra.empty())
      out.push_back(where + "the row lists " + joined(extra) + ", which layering.cpp does not let it include");
    const std::optional<SystemHeaders> system = systemOf(row.system);
    if (system != rule->second->system)
      out.push_back(where + "system headers \"" + row.system + "\", where layering.cpp has \"" +
                    systemHeadersName(rule->second->system) + "\"");
  }
  for (const ModuleRule& rule : rules)
    if (!seen.count(rule.name))
      out.push_back(document + ":" + std::to_string(table.header_line) + ": no row for `" + rule.name +
                    "`, which layering.cpp checks (may include " + joined(rule.arrows) + "; system headers \"" +
                    systemHeadersName(rule.system) + "\")");
  return out;
}

}  // namespace navigator::architecture
