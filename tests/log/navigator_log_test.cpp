// navigator-log (log/tools/navigator_log_main.cpp), run as a script runs it: topics, info and
// export on a log written here (every expected line worked out from what was written) and on
// a PX4 log (counts from the independent spec reader); exit 1 naming the file and the offset on
// a file that cannot be read, 0 with the cut named on a file cut short, 2 on usage errors.
#include "log/flight_log.h"
#include "tests/log/ulog_test_support.h"

#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cstdio>

using namespace navigator::ulog;
using namespace ulog_test;

namespace {

struct Run {
  int code = -1;
  std::string out, err;
};

Run navigatorLog(const QStringList& args) {
  QProcess p;
  p.start(QStringLiteral(NAVIGATOR_BIN_DIR "/navigator-log"), args);
  Run r;
  if (!p.waitForStarted(60000) || !p.waitForFinished(120000)) {
    r.err = "navigator-log did not run: " + p.errorString().toStdString();
    return r;
  }
  r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
  r.out = p.readAllStandardOutput().toStdString();
  r.err = p.readAllStandardError().toStdString();
  return r;
}

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string seconds(std::uint64_t us) {
  char s[32];
  std::snprintf(s, sizeof s, "%.6f", double(us) * 1e-6);
  return s;
}

}  // namespace

class NavigatorLogTest : public QObject {
  Q_OBJECT

 private:
  QTemporaryDir dir_;
  QString log_;
  WrittenFlight flight_;
  QString scratch(const char* name) const { return dir_.filePath(name); }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    log_ = scratch("flight.ulg");
    std::string error;
    flight_ = writeFlight(log_.toStdString(), FlightShape{30, 3, 11}, error);
    QVERIFY2(error.empty(), error.c_str());
  }

  void topicsListsEachTopic() {
    const Run r = navigatorLog({"topics", log_});
    QVERIFY2(r.code == 0, r.err.c_str());
    QVERIFY2(r.err.empty(), r.err.c_str());
    std::string want;
    for (const TopicRecord& t : flight_.topics) {
      want += t.name + ": " + std::to_string(t.messages.size()) + " messages, " +
              seconds(t.messages.front().at("timestamp").u) + " s to " + seconds(t.messages.back().at("timestamp").u) +
              " s\n";
      want += "  fields:";
      for (const std::string& p : t.paths) want += " " + p;
      want += "\n";
    }
    QCOMPARE(r.out, want);
  }

  void infoPrintsTheDefinitions() {
    const Run r = navigatorLog({"info", log_});
    QVERIFY2(r.code == 0, r.err.c_str());
    const std::string path = log_.toStdString();
    QVERIFY2(has(r.out, "file: " + path + "\n"), r.out.c_str());
    QVERIFY(has(r.out, "size: " + std::to_string(QFileInfo(log_).size()) + " bytes\n"));
    QVERIFY(has(r.out, "start: " + seconds(flight_.identity.start_us) + " s (header timestamp)\n"));
    QVERIFY(has(r.out, "info (6):\n"));
    QVERIFY(has(r.out, "  char[9] sys_name = Navigator\n"));
    QVERIFY(has(r.out, "  char[" + std::to_string(flight_.identity.airframe.size()) +
                           "] navigator_airframe = " + flight_.identity.airframe + "\n"));
    QVERIFY(has(r.out, "  uint64_t navigator_seed = " + std::to_string(flight_.identity.seed) + "\n"));
    QVERIFY(has(r.out, "parameters (7):\n"));
    QVERIFY(has(r.out, "  MC_ROLLRATE_P = 0.150000006 (float)\n"));  // 0.15f to 9 significant digits
    QVERIFY(has(r.out, "  NEG = -2147483648 (int32_t)\n"));
    QVERIFY(has(r.out, "logged messages (3):\n"));
    for (const auto& s : flight_.strings)
      QVERIFY2(has(r.out, "  " + seconds(s.t_us) + " " + logLevelName(std::uint8_t(s.level)) + " " + s.text + "\n"),
               s.text.c_str());
    QVERIFY(has(r.out, "dropouts: 0 (0 ms in all)\n"));
  }

  void exportWritesOneTopic() {
    const QString csv = scratch("wind.csv");
    const Run r = navigatorLog({"export", log_, "navigator_wind", "--out", csv});
    QVERIFY2(r.code == 0, r.err.c_str());
    QCOMPARE(r.err, "navigator-log: " + log_.toStdString() + ": 30 rows of navigator_wind written to " +
                        csv.toStdString() + "\n");
    const std::vector<std::uint8_t> bytes = readFile(csv.toStdString());
    const std::string text(bytes.begin(), bytes.end());
    QVERIFY(text.rfind("timestamp,wind_ned_m_s[0],wind_ned_m_s[1],wind_ned_m_s[2],turbulence_ned_m_s[0],"
                       "turbulence_ned_m_s[1],turbulence_ned_m_s[2],airspeed_m_s\n",
                       0) == 0);
    QCOMPARE(std::count(text.begin(), text.end(), '\n'), std::ptrdiff_t(31));
    // The first row starts with the first message's timestamp.
    const std::string first_row = text.substr(text.find('\n') + 1);
    QVERIFY(first_row.rfind(std::to_string(flight_.find("navigator_wind")->messages[0].at("timestamp").u) + ",", 0) ==
            0);
  }

  // A PX4 log: topics and export agree with the spec reader's counts.
  void px4Log() {
    const std::string px4 = std::string(NAVIGATOR_PX4_ULOG_DIR) + "/sample_px4_events.ulg";
    QVERIFY2(QFileInfo::exists(QString::fromStdString(px4)), px4.c_str());
    const SpecResult spec = specRead(px4);
    QCOMPARE(spec.exit_code, 0);
    const Run topics = navigatorLog({"topics", QString::fromStdString(px4)});
    QCOMPARE(topics.code, 0);
    std::size_t listed = 0;
    for (std::size_t at = 0; (at = topics.out.find("\n  fields:", at)) != std::string::npos; ++at) ++listed;
    QCOMPARE(listed, spec.out["topics"].size());
    std::size_t sensor_combined = 0;
    for (const json& t : spec.out["topics"])
      if (t["name"] == "sensor_combined") sensor_combined = t["count"].get<std::size_t>();
    QVERIFY(sensor_combined > 0);
    QVERIFY(has(topics.out, "sensor_combined: " + std::to_string(sensor_combined) + " messages, "));
    // An instance other than 0 is named.
    QVERIFY(has(topics.out, "telemetry_status (instance 3): "));

    const QString csv = scratch("px4.csv");
    const Run e = navigatorLog({"export", QString::fromStdString(px4), "sensor_combined", "--out", csv});
    QVERIFY2(e.code == 0, e.err.c_str());
    const std::vector<std::uint8_t> bytes = readFile(csv.toStdString());
    QCOMPARE(std::size_t(std::count(bytes.begin(), bytes.end(), '\n')), sensor_combined + 1);
    QVERIFY(std::string(bytes.begin(), bytes.end()).rfind("timestamp,gyro_rad[0],gyro_rad[1],gyro_rad[2],", 0) == 0);

    const Run info = navigatorLog({"info", QString::fromStdString(px4)});
    QCOMPARE(info.code, 0);
    QVERIFY(has(info.out, "parameters (" + std::to_string(spec.out["params"].size()) + "):\n"));
    QVERIFY(has(info.out, "  char[8] ver_hw = PX4_SITL\n"));  // as the spec reader reads it
    QCOMPARE(spec.out["info"]["ver_hw"]["value"].get<std::string>(), std::string("PX4_SITL"));
  }

  void unreadableFilesExitOne() {
    const QString text = scratch("notes.txt");
    QVERIFY(writeFile(text.toStdString(), std::vector<std::uint8_t>(64, 'x')));
    const Run r = navigatorLog({"info", text});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.err, "navigator-log: " + text.toStdString() +
                        ": offset 0: not a ULog file (its first bytes are not 'ULog' 0x01 0x12 0x35)\n");
    QVERIFY(r.out.empty());

    const std::vector<std::uint8_t> whole = readFile(log_.toStdString());
    const QString header_cut = scratch("header_cut.ulg");
    QVERIFY(writeFile(header_cut.toStdString(), std::vector<std::uint8_t>(whole.begin(), whole.begin() + 10)));
    const Run h = navigatorLog({"topics", header_cut});
    QCOMPARE(h.code, 1);
    QVERIFY2(has(h.err, header_cut.toStdString() + ": offset 0: not a ULog file: 10 bytes"), h.err.c_str());

    const QString missing = scratch("missing.ulg");
    const Run m = navigatorLog({"export", missing, "x", "--out", scratch("x.csv")});
    QCOMPARE(m.code, 1);
    QVERIFY2(has(m.err, missing.toStdString() + ": cannot open: No such file or directory"), m.err.c_str());
  }

  // A log cut in its data section is read up to the cut: exit 0, the cut named on stderr with
  // the offset of the message it broke (the spec reader's walk of the whole file says which).
  void fileCutShortIsReadAndTheCutNamed() {
    const std::vector<std::uint8_t> whole = readFile(log_.toStdString());
    const SpecResult spec = specRead(log_.toStdString(), {"--messages"});
    const std::vector<SpecMessage> messages = specMessages(spec.out);
    const SpecMessage& broken = messages[messages.size() * 2 / 3];
    const QString cut = scratch("cut.ulg");
    QVERIFY(writeFile(cut.toStdString(),
                      std::vector<std::uint8_t>(whole.begin(), whole.begin() + std::ptrdiff_t(broken.offset + 4))));
    const Run r = navigatorLog({"topics", cut});
    QCOMPARE(r.code, 0);
    QVERIFY2(has(r.err, "navigator-log: " + cut.toStdString() + ": offset " + std::to_string(broken.offset) +
                            ": the file is cut"),
             r.err.c_str());
  }

  void usageErrorsExitTwo() {
    const Run none = navigatorLog({});
    QCOMPARE(none.code, 2);
    QVERIFY(has(none.err, "navigator-log: "));
    QCOMPARE(navigatorLog({"list", log_}).code, 2);  // no such subcommand
    QCOMPARE(navigatorLog({"topics"}).code, 2);      // no FILE
    const Run no_out = navigatorLog({"export", log_, "sensor_combined"});
    QCOMPARE(no_out.code, 2);
    QVERIFY2(has(no_out.err, "--out"), no_out.err.c_str());
    QCOMPARE(navigatorLog({"export", log_, "sensor_combined", "--out", scratch("a.csv"), "--instance", "300"}).code, 2);
    QCOMPARE(navigatorLog({"--help"}).code, 0);
    // A topic the file does not have is the file's answer, not a usage error: exit 1.
    const Run unknown = navigatorLog({"export", log_, "no_such_topic", "--out", scratch("b.csv")});
    QCOMPARE(unknown.code, 1);
    QVERIFY2(has(unknown.err, log_.toStdString() + ": no topic 'no_such_topic' (instance 0); it has sensor_combined, "),
             unknown.err.c_str());
    QVERIFY(!QFileInfo::exists(scratch("b.csv")));
  }
};

QTEST_GUILESS_MAIN(NavigatorLogTest)
#include "navigator_log_test.moc"
