// End-to-end tests of the vsim-batch command line: its nominal vehicle against vsim-run, the
// same output on any number of threads, its JSON report and its error messages.
#include <QtTest>

namespace {

const QString kBatch = QStringLiteral(NAVIGATOR_BIN_DIR "/vsim-batch");
const QString kRun = QStringLiteral(NAVIGATOR_BIN_DIR "/vsim-run");

struct Run {
  int exit_code;
  QByteArray out, err;
};

Run run(const QString& tool, const QStringList& args) {
  QProcess p;
  p.start(tool, args);
  if (!p.waitForFinished(120000)) qFatal("%s did not finish", qPrintable(tool));
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
          p.readAllStandardError()};
}

// A CSV file's lines, each split into its cells as text.
QList<QStringList> csvCells(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
  QList<QStringList> lines;
  while (!f.atEnd()) lines << QString::fromUtf8(f.readLine()).trimmed().split(',');
  return lines;
}

bool writeText(const QString& path, const QByteArray& text) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) == text.size();
}

QByteArray bytes(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// vsim-run's state columns for a quadrotor: time, position, velocity, quaternion, Euler angles,
// body rates and the four motor speeds.
constexpr int kStateColumns = 17 + 4;

}  // namespace

class VsimBatchTest : public QObject {
  Q_OBJECT
 private slots:
  void nominalVehicleEndsWhereVsimRunEnds_data();
  void nominalVehicleEndsWhereVsimRunEnds();
  void sameSeedSameFileOnAnyThreads();
  void jsonReport();
  void errorsNameTheProblem_data();
  void errorsNameTheProblem();

 private:
  QTemporaryDir tmp_;
};

void VsimBatchTest::nominalVehicleEndsWhereVsimRunEnds_data() {
  QTest::addColumn<QStringList>("duties");
  QTest::newRow("held duties") << QStringList{"--duty", "0.7,0.65,0.7,0.65"};
  // A schedule that switches at 0.5 s and 1.2 s: the batch applies it on the same periods.
  const QString schedule = tmp_.filePath("schedule.csv");
  if (!writeText(schedule, "t_s,d1,d2,d3,d4\n0,0.7,0.65,0.7,0.65\n0.5,0.6,0.62,0.6,0.62\n1.2,0.66,0.66,0.64,0.64\n"))
    qFatal("cannot write the schedule");
  QTest::newRow("duty file") << QStringList{"--duty-file", schedule};
}

void VsimBatchTest::nominalVehicleEndsWhereVsimRunEnds() {
  // vsim-run's sensors are noisy, the batch's are not (--noise off); the state does not depend
  // on sensor noise, so vehicle 0 — the nominal airframe, seed 7 — must print the same digits.
  QFETCH(QStringList, duties);
  const QStringList common =
      QStringList{"--airframe", "s500", "--duration", "2", "--seed", "7", "--init-pos", "0,0,-10", "--world", "none"} +
      duties;
  const QString a = tmp_.filePath("single.csv"), b = tmp_.filePath("batch.csv");
  const Run single = run(kRun, common + QStringList{"--out", a});
  QVERIFY2(single.exit_code == 0, single.err.constData());
  const Run batch = run(kBatch, common + QStringList{"--count", "19", "--noise", "off", "--spread",
                                                     "mass=0.1,bias=0.05,seed", "--out", b});
  QVERIFY2(batch.exit_code == 0, batch.err.constData());

  const QList<QStringList> s = csvCells(a), m = csvCells(b);
  QCOMPARE(s.size(), 2002);  // the header, t = 0 and 2000 frames
  QCOMPARE(m.size(), 20);    // the header and 19 vehicles
  const QStringList expected_header =
      QStringList{"vehicle", "seed"} + s.front().mid(0, kStateColumns) +
      QStringList{"rejected_duties", "sanitiser_resets", "gyro_saturations", "contact_steps"};
  QCOMPARE(m.front(), expected_header);
  QCOMPARE(m.front().at(2 + kStateColumns - 1), QStringLiteral("motor3_radps"));

  const QStringList single_state = s.back().mid(0, kStateColumns);
  QCOMPARE(single_state.front(), QStringLiteral("2.000000"));
  QCOMPARE(m.at(1).mid(0, 2), (QStringList{"0", "7"}));
  QCOMPARE(m.at(1).mid(2, kStateColumns), single_state);                        // bit for bit, as printed
  QCOMPARE(m.at(1).mid(2 + kStateColumns), (QStringList{"0", "0", "0", "0"}));  // no ground, no refusals
  // The spread acts: every other vehicle (own seed 7 + i, own mass and motors) ends elsewhere.
  for (int i = 1; i < 19; ++i) {
    const QStringList& row = m.at(1 + i);
    QCOMPARE(row.size(), expected_header.size());
    QCOMPARE(row.at(0).toInt(), i);
    QCOMPARE(row.at(1).toLongLong(), 7 + i);
    QCOMPARE(row.at(2), QStringLiteral("2.000000"));
    QVERIFY2(row.mid(3, 3) != m.at(1).mid(3, 3), qPrintable(QString("vehicle %1 ends at vehicle 0's position").arg(i)));
  }
}

void VsimBatchTest::sameSeedSameFileOnAnyThreads() {
  // Noise, jitter, turbulence and a spread of every kind; 37 vehicles, so that the threads
  // share the blocks unevenly and the last block is partly empty.
  auto args = [](const QString& seed, const QString& threads, const QString& out) {
    return QStringList{
        "--airframe",   "s500", "--count",   "37",    "--duration", "0.5",
        "--seed",       seed,   "--threads", threads, "--jitter",   "0.01",
        "--turbulence", "1",    "--wind",    "2,1,0", "--spread",   "mass=0.1,inertia=0.2,bias=0.05,lag=0.5,seed",
        "--out",        out};
  };
  const QString one = tmp_.filePath("t1.csv"), two = tmp_.filePath("t2.csv"), other = tmp_.filePath("t3.csv");
  const Run r1 = run(kBatch, args("11", "1", one));
  QVERIFY2(r1.exit_code == 0, r1.err.constData());
  const Run r2 = run(kBatch, args("11", "2", two));
  QVERIFY2(r2.exit_code == 0, r2.err.constData());
  QVERIFY(r1.out.contains("threads              1"));
  QVERIFY(r2.out.contains("threads              2"));
  QCOMPARE(csvCells(one).size(), 38);
  QVERIFY(bytes(one) == bytes(two));
  // And another seed flies otherwise.
  QCOMPARE(run(kBatch, args("12", "2", other)).exit_code, 0);
  QVERIFY(bytes(one) != bytes(other));
}

void VsimBatchTest::jsonReport() {
  const Run r =
      run(kBatch, {"--airframe", "generic_quad", "--count", "25", "--duration", "0.3", "--seed", "3", "--json"});
  QVERIFY2(r.exit_code == 0, r.err.constData());
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
  QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
  const QJsonObject o = doc.object();
  QCOMPARE(o.value("airframe").toString(), QStringLiteral("generic_quad"));
  QCOMPARE(o.value("count").toInt(), 25);
  QCOMPARE(o.value("periods").toInt(), 300);
  QCOMPARE(o.value("physics_substeps").toInt(), 8);
  QVERIFY(!o.value("simd_target").toString().isEmpty());
  QVERIFY(o.value("threads").toInt() >= 1);
  QVERIFY(o.value("bytes_per_vehicle").toDouble() > 0);
  QVERIFY(o.value("wall_time_s").toDouble() > 0);
  QVERIFY(o.value("vehicle_steps_per_s").toDouble() > 0);
  QCOMPARE_LE(std::abs(o.value("vehicle_steps_per_s").toDouble() / o.value("vehicle_periods_per_s").toDouble() - 8.0),
              1e-9);
  const QJsonArray vehicles = o.value("vehicles").toArray();
  QCOMPARE(vehicles.size(), 25);
  // On the default ground at the hover duty, every vehicle stands with its feet in contact.
  long long contact = 0;
  for (int i = 0; i < vehicles.size(); ++i) {
    const QJsonObject v = vehicles.at(i).toObject();
    QCOMPARE(v.value("vehicle").toInt(), i);
    QCOMPARE(v.value("seed").toInt(), 3);
    QCOMPARE(v.value("position_NED_m").toArray().size(), 3);
    QVERIFY(v.value("speed_mps").isDouble());
    contact += v.value("contact_steps").toInteger();
  }
  QCOMPARE(o.value("totals").toObject().value("contact_steps").toInteger(), contact);
  QVERIFY(contact > 0);
}

void VsimBatchTest::errorsNameTheProblem_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<int>("code");
  QTest::addColumn<QString>("expected");
  const QStringList base{"--airframe", "s500", "--duration", "0.1"};
  QTest::newRow("no vehicles") << (base + QStringList{"--count", "0"}) << 2
                               << "--count must be a whole number ≥ 1, got '0'";
  QTest::newRow("no count") << base << 2 << "--count is required";
  QTest::newRow("spread too wide") << (base + QStringList{"--count", "2", "--spread", "mass=2"}) << 2
                                   << "--spread: mass must be a fraction in [0, 1), got '2'";
  QTest::newRow("spread unknown key") << (base + QStringList{"--count", "2", "--spread", "bias=0.1,foo=0.1"}) << 2
                                      << "--spread: unknown key 'foo'";
  QTest::newRow("duty count") << (base + QStringList{"--count", "2", "--duty", "0.5"}) << 2
                              << "--duty needs 4 values for s500, got 1";
  QTest::newRow("duty range") << (base + QStringList{"--count", "2", "--duty", "0.5,0.5,0.5,1.5"}) << 1
                              << "duties must be in [0, 1]";
  QTest::newRow("missing duty file") << (base + QStringList{"--count", "2", "--duty-file", "/nonexistent/duty.csv"})
                                     << 1 << "/nonexistent/duty.csv: cannot open the duty file";
  QTest::newRow("noise") << (base + QStringList{"--count", "2", "--noise", "maybe"}) << 2
                         << "--noise must be on or off, got 'maybe'";
  QTest::newRow("unwritable out") << (base + QStringList{"--count", "2", "--out", "/nonexistent/out.csv"}) << 1
                                  << "/nonexistent/out.csv: cannot open for writing";
  QTest::newRow("unknown airframe") << QStringList{"--airframe", "hexacopter_9000", "--duration", "0.1", "--count", "2"}
                                    << 1 << "hexacopter_9000: cannot open the file";
}

void VsimBatchTest::errorsNameTheProblem() {
  QFETCH(QStringList, args);
  QFETCH(int, code);
  QFETCH(QString, expected);
  const Run r = run(kBatch, args);
  QCOMPARE(r.exit_code, code);
  QVERIFY2(QString::fromUtf8(r.err).startsWith("vsim-batch: "), r.err.constData());
  QVERIFY2(QString::fromUtf8(r.err).contains(expected), r.err.constData());
  QVERIFY(r.out.isEmpty());
}

QTEST_GUILESS_MAIN(VsimBatchTest)
#include "vsim_batch_test.moc"
