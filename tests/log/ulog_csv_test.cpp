// exportCsv (log/ulog_csv.h): one topic as CSV — a header row of field paths, timestamp
// first, then one row per message whose cells read back to the values written (floats with 9
// significant digits and doubles with 17 round-trip exactly: IEEE 754-2008 section 5.12.2); strings
// quoted; a failed export leaves the file that was there.
#include "log/ulog_csv.h"
#include "log/ulog_recorder.h"
#include "tests/log/ulog_test_support.h"

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <bit>
#include <fstream>
#include <sstream>

using namespace navigator::ulog;
using namespace ulog_test;

namespace {

std::vector<std::vector<std::string>> readCsv(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::vector<std::string>> rows;
  std::string line;
  while (std::getline(in, line)) {
    std::vector<std::string> cells;
    std::string cell;
    bool quoted = false;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (quoted) {
        if (c == '"' && i + 1 < line.size() && line[i + 1] == '"')
          cell += '"', ++i;
        else if (c == '"')
          quoted = false;
        else
          cell += c;
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        cells.push_back(cell);
        cell.clear();
      } else {
        cell += c;
      }
    }
    cells.push_back(cell);
    rows.push_back(cells);
  }
  return rows;
}

}  // namespace

class ULogCsvTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  std::string path_;
  WrittenFlight flight_;
  std::string scratch(const char* name) const { return dir_.filePath(name).toStdString(); }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    path_ = scratch("flight.ulg");
    std::string error;
    flight_ = writeFlight(path_, FlightShape{25, 2, 5}, error);
    QVERIFY2(error.empty(), error.c_str());
  }

  // Every flight topic: the header is the topic's field paths in its struct's order (timestamp
  // first), and each cell parses back to the value written, to the bit.
  void everyTopicExportsItsValues() {
    auto log = ULogFile::open(path_);
    QVERIFY(log);
    for (const TopicRecord& want : flight_.topics) {
      const std::string csv = scratch("topic.csv");
      auto rows = exportCsv(*log, *log->find(want.name), csv);
      QVERIFY2(rows, rows ? "" : rows.error().message.c_str());
      QCOMPARE(*rows, want.messages.size());
      const auto table = readCsv(csv);
      QCOMPARE(table.size(), want.messages.size() + 1);
      QVERIFY2(table[0] == want.paths, want.name.c_str());
      QCOMPARE(table[0][0], std::string("timestamp"));
      for (std::size_t k = 0; k < want.messages.size(); ++k) {
        const auto& row = table[k + 1];
        QCOMPARE(row.size(), want.paths.size());
        for (std::size_t c = 0; c < row.size(); ++c) {
          const Expected& e = want.messages[k].at(want.paths[c]);
          const std::string where =
              want.name + "[" + std::to_string(k) + "]." + want.paths[c] + " = " + row[c] + ", want " + e.text();
          switch (e.kind) {
            case Expected::Float:
              QVERIFY2(std::bit_cast<std::uint32_t>(std::strtof(row[c].c_str(), nullptr)) ==
                           std::bit_cast<std::uint32_t>(e.f),
                       where.c_str());
              break;
            case Expected::Double:
              QVERIFY2(std::bit_cast<std::uint64_t>(std::strtod(row[c].c_str(), nullptr)) ==
                           std::bit_cast<std::uint64_t>(e.d),
                       where.c_str());
              break;
            case Expected::Unsigned:
              QVERIFY2(row[c] == std::to_string(e.u), where.c_str());
              break;
            case Expected::Signed:
              QVERIFY2(row[c] == std::to_string(e.i), where.c_str());
              break;
            case Expected::Bool:
              QVERIFY2(row[c] == (e.b ? "1" : "0"), where.c_str());
              break;
          }
        }
      }
    }
  }

  // A topic whose timestamp is not its first field, with a string and a nested message:
  // timestamp moved first, the others in order, the string quoted ("" for a quote).
  void timestampFirstStringsQuotedNestedUnrolled() {
    LogDefinitions defs;
    defs.formats = {parseFormat("pair:int16_t a;uint8_t b;").value(),
                    parseFormat("odd:char[12] label;uint64_t timestamp;pair[2] p;").value()};
    const std::string path = scratch("odd.ulg");
    auto rec = ULogRecorder::create(path, defs);
    QVERIFY(rec);
    const int id = rec.value()->subscribe("odd");
#pragma pack(push, 1)
    struct Odd {
      char label[12];
      std::uint64_t timestamp;
      struct {
        std::int16_t a;
        std::uint8_t b;
      } p[2];
    };
#pragma pack(pop)
    // ULogRecorder::data takes the timestamp from the first 8 bytes; here those are the label,
    // which only affects the DROPOUT bookkeeping, not what is written.
    const Odd m{{'s', 'a', 'y', ' ', '"', 'h', 'i', '"', ',', ' ', 'x', 'y'}, 42, {{-3, 200}, {7, 1}}};
    QVERIFY(rec.value()->data(id, m));
    QVERIFY(rec.value()->close());
    auto log = ULogFile::open(path);
    QVERIFY(log);
    const std::string csv = scratch("odd.csv");
    QVERIFY(exportCsv(*log, *log->find("odd"), csv));
    std::ifstream in(csv);
    std::stringstream text;
    text << in.rdbuf();
    QCOMPARE(text.str(), std::string("timestamp,label,p[0].a,p[0].b,p[1].a,p[1].b\n"
                                     "42,\"say \"\"hi\"\", xy\",-3,200,7,1\n"));
  }

  // A failed export leaves the old file as it was and names the path. (Tests run as root
  // here, which a read-only folder does not stop: the write is made to fail by a folder
  // standing where exportCsv writes its temporary file, PATH.part.)
  void failedExportLeavesTheOldFile() {
    auto log = ULogFile::open(path_);
    QVERIFY(log);
    const std::string csv = scratch("keep.csv");
    QVERIFY(writeFile(csv, {'o', 'l', 'd', '\n'}));
    QVERIFY(QDir().mkpath(QString::fromStdString(csv + ".part")));
    auto r = exportCsv(*log, *log->find("sensor_combined"), csv);
    QVERIFY(!r);
    QVERIFY2(r.error().message.find(csv + ": cannot write: ") == 0, r.error().message.c_str());
    QCOMPARE(readFile(csv), (std::vector<std::uint8_t>{'o', 'l', 'd', '\n'}));

    const std::string nowhere = scratch("no/such/folder/out.csv");
    auto n = exportCsv(*log, *log->find("sensor_combined"), nowhere);
    QVERIFY(!n);
    QCOMPARE(n.error().message, nowhere + ": cannot write: No such file or directory");
  }
};

QTEST_GUILESS_MAIN(ULogCsvTest)
#include "ulog_csv_test.moc"
