// vsim-fly end to end: the same seed gives the same file, and a bad scenario is refused with
// its file, key and line.
#include "firmware/core/fc_params.h"
#include "log/flight_topics.h"
#include "log/ulog_reader.h"

#include <QtTest>

#include <cmath>

namespace {

QByteArray runFly(const QStringList& args, int expected_exit, QByteArray* err = nullptr) {
  QProcess p;
  p.start(NAVIGATOR_BIN_DIR "/vsim-fly", args);
  if (!p.waitForFinished(120000)) return {};
  if (err) *err = p.readAllStandardError();
  return p.exitCode() == expected_exit ? QByteArray("ok") : QByteArray();
}

}  // namespace

class VsimFlyTest : public QObject {
  Q_OBJECT

 private slots:
  void sameSeedSameFile() {
    QTemporaryDir dir;
    const QString scenario = NAVIGATOR_SOURCE_DIR "/resources/scenarios/gusts_and_failsafe.yaml";
    const QString a = dir.path() + "/a.csv", b = dir.path() + "/b.csv", c = dir.path() + "/c.csv";
    QCOMPARE(runFly({"--airframe", "s500", "--scenario", scenario, "--seed", "9", "--out", a, "--every", "10"}, 0),
             QByteArray("ok"));
    QCOMPARE(runFly({"--airframe", "s500", "--scenario", scenario, "--seed", "9", "--out", b, "--every", "10"}, 0),
             QByteArray("ok"));
    QCOMPARE(runFly({"--airframe", "s500", "--scenario", scenario, "--seed", "10", "--out", c, "--every", "10"}, 0),
             QByteArray("ok"));
    QFile fa(a), fb(b), fc(c);
    QVERIFY(fa.open(QIODevice::ReadOnly) && fb.open(QIODevice::ReadOnly) && fc.open(QIODevice::ReadOnly));
    const QByteArray da = fa.readAll(), db = fb.readAll(), dc = fc.readAll();
    QCOMPARE(da.count('\n'), 4002);  // header + 40 s at 1 kHz every 10th step, both ends
    QVERIFY(da == db);
    QVERIFY(da != dc);
    // The flight in the file: armed, failsafe after the link goes at 20 s, disarmed on the ground.
    const QList<QByteArray> last = da.trimmed().split('\n').last().split(',');
    const QList<QByteArray> header = da.left(da.indexOf('\n')).split(',');
    QCOMPARE(last[header.indexOf("armed")], QByteArray("0"));
    QCOMPARE(last[header.indexOf("failsafe")], QByteArray("1"));
    QVERIFY(last[header.indexOf("pos_d_m")].toDouble() > -0.3);
  }

  // --ulog: the same flight as the CSV, every 1 kHz step, in ULog (read back with the reader of
  // log; tests/log checks that reader against an independent one written from the spec).
  void ulogHoldsTheWholeFlight() {
    QTemporaryDir dir;
    const QString scenario = NAVIGATOR_SOURCE_DIR "/resources/scenarios/gusts_and_failsafe.yaml";
    const QString csv = dir.path() + "/f.csv", ulg = dir.path() + "/f.ulg";
    QCOMPARE(runFly({"--airframe", "s500", "--scenario", scenario, "--seed", "9", "--out", csv, "--ulog", ulg}, 0),
             QByteArray("ok"));
    auto log = navigator::ulog::ULogFile::open(ulg.toStdString());
    QVERIFY2(log.ok(), log.ok() ? "" : log.error().message.c_str());
    QVERIFY(log->problems().empty());
    QCOMPARE(QString::fromStdString(log->findInfo("navigator_airframe")->text()), QString("s500"));
    QCOMPARE(log->findInfo("navigator_seed")->number(), 9.0);
    QCOMPARE(QString::fromStdString(log->findInfo("navigator_source")->text()), QString("vsim-fly"));

    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().trimmed().split('\n');
    const QList<QByteArray> header = lines.first().split(',');
    const int rows = int(lines.size()) - 1;
    QCOMPARE(rows, 40001);  // 40 s at 1 kHz, both ends (the scenario's duration_s)
    const auto* truth = log->find("navigator_truth");
    const auto* att = log->find("vehicle_attitude");
    const auto* motors = log->find("actuator_motors");
    QVERIFY(truth && att && motors);
    QCOMPARE(int(truth->count()), rows);  // every step kept
    QCOMPARE(int(att->count()), rows);
    QCOMPARE(int(motors->count()), rows);
    auto field = [&](const navigator::ulog::Subscription& sub, const char* path) {
      for (const auto& fl : log->fields(sub))
        if (fl.path == path) return fl;
      return navigator::ulog::ScalarField{};
    };
    const auto pos_d = field(*truth, "position_ned_m[2]"), duty1 = field(*motors, "control[0]");
    QCOMPARE(QString::fromStdString(pos_d.path), QString("position_ned_m[2]"));
    // Each row's time, height and first duty as the CSV printed them (%.9g of the same doubles;
    // the log keeps the position as a double and the duty as a float).
    for (int r = 0; r < rows; r += 997) {
      const QList<QByteArray> cells = lines[r + 1].split(',');
      QCOMPARE(double(log->timestampUs(*truth, std::size_t(r))),
               std::round(cells[header.indexOf("time_s")].toDouble() * 1e6));
      const double csv_d = cells[header.indexOf("pos_d_m")].toDouble();
      QVERIFY(std::abs(log->value(*truth, std::size_t(r), pos_d) - csv_d) <= 1e-8 * std::max(1.0, std::abs(csv_d)));
      const double csv_duty = cells[header.indexOf("duty1")].toDouble();
      QVERIFY(std::abs(log->value(*motors, std::size_t(r), duty1) - csv_duty) <= 1e-6);
    }
    // Arming and the failsafe, as the CSV's columns change and as LOGGING messages.
    const auto* status = log->find("vehicle_status");
    QVERIFY(status);
    const auto arming = field(*status, "arming_state");
    int armed_at = -1, csv_armed_at = -1;
    for (std::size_t i = 0; i < status->count(); ++i)
      if (armed_at < 0 && log->value(*status, i, arming) == navigator::ulog::kArmingStateArmed)
        armed_at = int(log->timestampUs(*status, i) / 1000);
    for (int r = 0; r < rows && csv_armed_at < 0; ++r)
      if (lines[r + 1].split(',')[header.indexOf("armed")] == "1") csv_armed_at = r;
    QVERIFY(armed_at >= 0);
    QCOMPARE(armed_at, csv_armed_at);
    QStringList texts;
    for (const auto& s : log->strings()) texts << QString::fromStdString(s.text);
    QVERIFY2(texts.contains("Armed") && texts.contains("Failsafe: pilot input lost"), qPrintable(texts.join("; ")));
    // The firmware's parameters at the start: every one of fc_params.h, the hover thrust set by
    // initCore to the hover duty squared (so inside (0, 1)).
    QCOMPARE(int(log->parameters().size()), int(FC_PARAM_COUNT));  // every row of FC_PARAM_TABLE
    bool hover = false;
    for (const auto& p : log->parameters())
      if (p.name == "HOVER_THRUST") hover = p.number() > 0 && p.number() < 1;
    QVERIFY(hover);
  }

  // --sensors chips: the same scenario flown through the chip models and the firmware's drivers
  // (docs/design/chips_in_the_loop.md) is deterministic too, differs from the direct file, ends
  // landed and disarmed, and says what the drivers read; a path that is neither is refused.
  void sensorsThroughTheChips() {
    QTemporaryDir dir;
    const QString scenario = NAVIGATOR_SOURCE_DIR "/resources/scenarios/gusts_and_failsafe.yaml";
    const QString direct = dir.path() + "/d.csv", a = dir.path() + "/a.csv", b = dir.path() + "/b.csv";
    const QStringList common = {"--airframe", "s500", "--scenario", scenario, "--seed", "9", "--every", "10"};
    QByteArray err;
    QCOMPARE(runFly(common + QStringList{"--out", direct}, 0), QByteArray("ok"));
    QCOMPARE(runFly(common + QStringList{"--out", a, "--sensors", "chips"}, 0, &err), QByteArray("ok"));
    QCOMPARE(runFly(common + QStringList{"--out", b, "--sensors", "chips"}, 0), QByteArray("ok"));
    // 40 s at 1 kHz: 40001 samples; 2001 barometer samples at 50 Hz (both ends).
    QVERIFY2(err.contains("vsim-fly: chips: 40001 steps; BMX160 40001 samples") &&
                 err.contains("BMP388 2001 samples (0 flagged, 0 failed reads), now \"BMP388: ok\"") &&
                 err.contains("u-blox: ok (3-D fix"),
             err.constData());
    QFile fd(direct), fa(a), fb(b);
    QVERIFY(fd.open(QIODevice::ReadOnly) && fa.open(QIODevice::ReadOnly) && fb.open(QIODevice::ReadOnly));
    const QByteArray dd = fd.readAll(), da = fa.readAll();
    QVERIFY(da == fb.readAll());
    QVERIFY(da != dd);
    QCOMPARE(da.count('\n'), dd.count('\n'));
    const QList<QByteArray> last = da.trimmed().split('\n').last().split(',');
    const QList<QByteArray> header = da.left(da.indexOf('\n')).split(',');
    QCOMPARE(last[header.indexOf("armed")], QByteArray("0"));
    QVERIFY(last[header.indexOf("pos_d_m")].toDouble() > -0.3);
    QCOMPARE(runFly(common + QStringList{"--out", a, "--sensors", "hil"}, 2, &err), QByteArray("ok"));  // usage: 2
    QVERIFY2(err.contains("--sensors: hil not in {direct,chips}"), err.constData());
  }

  void ulogThatCannotBeWrittenIsAnError() {
    QTemporaryDir dir;
    const QString scenario = NAVIGATOR_SOURCE_DIR "/resources/scenarios/hover_and_steps.yaml";
    QByteArray err;
    QCOMPARE(runFly({"--airframe", "s500", "--scenario", scenario, "--seed", "1", "--out", dir.path() + "/o.csv",
                     "--ulog", dir.path() + "/no/such/folder/f.ulg"},
                    1, &err),
             QByteArray("ok"));
    QVERIFY2(err.contains("no/such/folder/f.ulg: cannot create the log"), err.constData());
  }

  void badScenarioIsRefused_data() {
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QString>("message");
    QTest::newRow("no duration") << QByteArray("mode: angle\n") << "missing required key 'duration_s'";
    QTest::newRow("bad mode") << QByteArray("duration_s: 1\nmode: sport\n")
                              << "mode (line 2): must be acro, angle, alt_hold or position";
    QTest::newRow("unknown param") << QByteArray("duration_s: 1\nparams: {RATE_P: 1}\n")
                                   << "params.RATE_P (line 2): unknown parameter";
    QTest::newRow("param out of range") << QByteArray("duration_s: 1\nparams: {RATE_RP_P: 50}\n")
                                        << "parameter RATE_RP_P: value out of range";
    QTest::newRow("stick out of range") << QByteArray("duration_s: 1\ntimeline:\n  - {t_s: 0, sticks: {roll: 2}}\n")
                                        << "timeline[0].sticks.roll (line 3): must be within -1..1";
    QTest::newRow("misspelt event") << QByteArray("duration_s: 1\ntimeline:\n  - {t_s: 0, amr: true}\n")
                                    << "timeline[0].amr (line 3): unknown key";
  }

  void badScenarioIsRefused() {
    QFETCH(QByteArray, yaml);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QFile f(dir.path() + "/s.yaml");
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(yaml);
    f.close();
    QByteArray err;
    QCOMPARE(runFly({"--airframe", "s500", "--scenario", f.fileName(), "--seed", "1", "--out", dir.path() + "/o.csv"},
                    1, &err),
             QByteArray("ok"));
    QVERIFY2(QString::fromUtf8(err).contains(message), err.constData());
  }
};

QTEST_GUILESS_MAIN(VsimFlyTest)
#include "vsim_fly_test.moc"
