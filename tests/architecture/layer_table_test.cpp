// The layer table of docs/architecture.md against the rules test_layering enforces
// (tests/architecture/layering.cpp): the two say the same, row for row and arrow for arrow; and a
// table changed in any of the ways it could drift — an arrow dropped or added, a row gone, a row
// for a module the check does not know, other system headers, a row twice — is told apart, by
// the row's module and line.
#include "tests/architecture/layer_table.h"

#include <QTest>

#include <fstream>
#include <sstream>

using namespace navigator::architecture;

namespace {

std::string document() {
  std::ifstream in(NAVIGATOR_SOURCE_DIR "/docs/architecture.md");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The document with its row for `module` passed through `edit` (the whole line, '\n' excluded);
// an edit that returns nothing removes the line.
template <class Edit>
std::string withRow(std::string doc, const std::string& module, Edit edit) {
  const std::size_t at = doc.find("\n| `" + module + "` |");
  if (at == std::string::npos) qFatal("no row for %s in docs/architecture.md", module.c_str());
  const std::size_t end = doc.find('\n', at + 1);
  const std::string row = edit(doc.substr(at + 1, end - at - 1));
  if (row.empty())
    doc.erase(at, end - at);  // the '\n' before the row with it
  else
    doc.replace(at + 1, end - at - 1, row);
  return doc;
}

std::string replaced(std::string s, const std::string& from, const std::string& to) {
  const std::size_t at = s.find(from);
  if (at == std::string::npos) qFatal("'%s' is not in '%s'", from.c_str(), s.c_str());
  return s.replace(at, from.size(), to);
}

// The line a module's row is on in the document (from 1).
int lineOf(const std::string& doc, const std::string& module) {
  for (const LayerTableRow& row : readLayerTable(doc).rows)
    if (row.module == module) return row.line;
  return 0;
}

std::vector<std::string> differences(const std::string& doc) {
  return compareLayerTable(readLayerTable(doc), moduleRules());
}

QString joined(const std::vector<std::string>& lines) {
  QString s;
  for (const auto& l : lines) s += QString::fromStdString(l) + "\n";
  return s;
}

}  // namespace

class LayerTableTest : public QObject {
  Q_OBJECT

 private slots:
  void theDocumentedTableIsTheCheckedOne() {
    const LayerTable table = readLayerTable(document());
    QVERIFY(table.header_line > 0);
    // One row per module layering.cpp checks, and no difference either way.
    QCOMPARE(table.rows.size(), moduleRules().size());
    const auto found = compareLayerTable(table, moduleRules());
    QVERIFY2(found.empty(), qPrintable(joined(found)));
  }

  void anArrowDroppedOrAddedIsNamedByItsRow() {
    const std::string doc = document();
    const std::string at = "docs/architecture.md:" + std::to_string(lineOf(doc, "app/core")) + ": row `app/core`: ";
    auto dropped =
        differences(withRow(doc, "app/core", [](std::string row) { return replaced(row, "`flight/tune`, ", ""); }));
    QCOMPARE(dropped.size(), std::size_t(1));
    QCOMPARE(dropped[0], at + "layering.cpp lets it include `flight/tune`, which the row does not list");
    auto added = differences(
        withRow(doc, "app/core", [](std::string row) { return replaced(row, "`log`;", "`log`, `widgets`;"); }));
    QCOMPARE(added.size(), std::size_t(1));
    QCOMPARE(added[0], at + "the row lists `widgets`, which layering.cpp does not let it include");
  }

  void aRowGoneOrUnknownOrTwiceIsNamed() {
    const std::string doc = document();
    const auto gone = differences(withRow(doc, "sim/mass", [](const std::string&) { return std::string(); }));
    QCOMPARE(gone.size(), std::size_t(1));
    QVERIFY2(gone[0].find("no row for `sim/mass`, which layering.cpp checks (may include `sim/geometry`") !=
                 std::string::npos,
             gone[0].c_str());
    const std::string with_mission = withRow(doc, "app/core", [](const std::string& row) {
      return row + "\n| `app/mission` | missions | `app/vehicle` | no widgets |";
    });
    const auto unknown = differences(with_mission);
    QCOMPARE(unknown.size(), std::size_t(1));
    QCOMPARE(unknown[0], "docs/architecture.md:" + std::to_string(lineOf(with_mission, "app/mission")) +
                             ": row `app/mission`: tests/architecture/layering.cpp has no rule for this module");
    const auto twice = differences(withRow(doc, "cli", [](const std::string& row) { return row + "\n" + row; }));
    QCOMPARE(twice.size(), std::size_t(1));
    QVERIFY2(twice[0].find("row `cli`: the module has a row already, at line " + std::to_string(lineOf(doc, "cli"))) !=
                 std::string::npos,
             twice[0].c_str());
  }

  void otherSystemHeadersAreNamed() {
    const std::string doc = document();
    const auto found = differences(withRow(
        doc, "firmware/core", [](std::string row) { return replaced(row, "| C library only |", "| no Qt |"); }));
    QCOMPARE(found.size(), std::size_t(1));
    QVERIFY2(
        found[0].find("row `firmware/core`: system headers \"no Qt\", where layering.cpp has \"C library only\"") !=
            std::string::npos,
        found[0].c_str());
  }

  void theTableIsReadAsMarkdown() {
    // Outer pipes, a folder's '/', an escaped pipe, libraries in plain text, columns in another
    // order, and the table ending at the first line that is not a row.
    const LayerTable t = readLayerTable(
        "# A page\n\n| module | system headers | what | may include |\n|---|:-:|---|---|\n"
        "| `sim/base/` | no Qt | units \\| frames | Eigen |\n"
        "| `sim/geometry` | No Qt at all | meshes | `sim/base/`; Assimp, `zlib` |\n\n| `sim` | any | x | y |\n");
    QCOMPARE(t.header_line, 3);
    QCOMPARE(t.rows.size(), std::size_t(2));
    QCOMPARE(t.rows[0].module, std::string("sim/base"));
    QVERIFY(t.rows[0].arrows.empty());
    QCOMPARE(t.rows[0].system, std::string("no Qt"));
    QCOMPARE(t.rows[1].line, 6);
    QCOMPARE(t.rows[1].arrows, (std::vector<std::string>{"sim/base", "zlib"}));  // every code span is an arrow
    // No table at all is a difference too, not an empty agreement.
    const auto none = compareLayerTable(readLayerTable("# A page without a table\n"), moduleRules());
    QCOMPARE(none.size(), std::size_t(1));
    QVERIFY(none[0].find("no layer table") != std::string::npos);
  }
};

QTEST_GUILESS_MAIN(LayerTableTest)
#include "layer_table_test.moc"
