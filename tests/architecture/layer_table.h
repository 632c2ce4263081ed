// The layer table of docs/architecture.md, read from its Markdown and held against the rules the
// layering check enforces (layering.h, moduleRules()), so that the document and the check cannot
// drift: a module in one and not the other, an arrow one lists and the other does not, or system
// headers they disagree on is a difference, named by the row's module and line.
//
// The table is the one whose header row has the columns "module", "may include" and "system
// headers" (in any order after "module", which comes first). In a row, the module is the code span
// of the first cell; the arrows are the code spans of the "may include" cell (plain text there
// names libraries and is not checked); the system headers cell starts with "any", "no widgets",
// "no Qt" or "C library". A trailing '/' on a folder is allowed.
#pragma once

#include "tests/architecture/layering.h"

#include <string>
#include <vector>

namespace navigator::architecture {

struct LayerTableRow {
  int line = 0;                     // in the document, from 1
  std::string module;               // "" when the first cell has no code span
  std::vector<std::string> arrows;  // as listed
  std::string system;               // the cell as written
};

struct LayerTable {
  int header_line = 0;  // 0 when the document has no layer table
  std::vector<LayerTableRow> rows;
};

// The layer table of a Markdown document.
LayerTable readLayerTable(const std::string& markdown);

// How the system headers are said in the table ("no Qt" for SystemHeaders::NoQt, …).
std::string systemHeadersName(SystemHeaders system);

// Every difference between the table and the rules, one line each, starting with
// "DOCUMENT:LINE: " and naming the module: empty when they agree.
std::vector<std::string> compareLayerTable(const LayerTable& table, const std::vector<ModuleRule>& rules,
                                           const std::string& document = "docs/architecture.md");

}  // namespace navigator::architecture
