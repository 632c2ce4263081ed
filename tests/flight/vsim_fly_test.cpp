// vsim-fly end to end: the same seed gives the same file, and a bad scenario is refused with
// its file, key and line.
#include <QtTest>

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
    QCOMPARE(runFly({"--airframe", "s500", "--scenario", scenario, "--seed", "9", "--out", a, "--every", "10"}, 0), QByteArray("ok"));
    QCOMPARE(runFly({"--airframe", "s500", "--scenario", scenario, "--seed", "9", "--out", b, "--every", "10"}, 0), QByteArray("ok"));
    QCOMPARE(runFly({"--airframe", "s500", "--scenario", scenario, "--seed", "10", "--out", c, "--every", "10"}, 0), QByteArray("ok"));
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

  void badScenarioIsRefused_data() {
    QTest::addColumn<QByteArray>("yaml");
    QTest::addColumn<QString>("message");
    QTest::newRow("no duration") << QByteArray("mode: angle\n") << "missing required key 'duration_s'";
    QTest::newRow("bad mode") << QByteArray("duration_s: 1\nmode: sport\n") << "mode (line 2): must be acro, angle or alt_hold";
    QTest::newRow("unknown param") << QByteArray("duration_s: 1\nparams: {RATE_P: 1}\n") << "params.RATE_P (line 2): unknown parameter";
    QTest::newRow("param out of range") << QByteArray("duration_s: 1\nparams: {RATE_RP_P: 50}\n") << "parameter RATE_RP_P: value out of range";
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
    QCOMPARE(runFly({"--airframe", "s500", "--scenario", f.fileName(), "--seed", "1", "--out", dir.path() + "/o.csv"}, 1, &err),
             QByteArray("ok"));
    QVERIFY2(QString::fromUtf8(err).contains(message), err.constData());
  }
};

QTEST_GUILESS_MAIN(VsimFlyTest)
#include "vsim_fly_test.moc"
