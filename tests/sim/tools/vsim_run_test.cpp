// End-to-end tests of the vsim-run command line: the CSV it writes, determinism across runs,
// duty schedules and its error messages.
#include "log/ulog_reader.h"

#include <QtTest>

#include <cmath>

namespace {

const QString kTool = QStringLiteral(NAVIGATOR_BIN_DIR "/vsim-run");

struct Run {
  int exit_code;
  QByteArray err;
};

Run run(const QStringList& args) {
  QProcess p;
  p.start(kTool, args);
  if (!p.waitForFinished(120000)) qFatal("vsim-run did not finish");
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardError()};
}

struct Csv {
  QStringList header;
  QList<QList<double>> rows;
  double at(int row, const QString& column) const { return rows.at(row).at(header.indexOf(column)); }
};

Csv readCsv(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(path));
  Csv csv;
  csv.header = QString::fromUtf8(f.readLine()).trimmed().split(',');
  while (!f.atEnd()) {
    QList<double> row;
    for (const QByteArray& cell : f.readLine().trimmed().split(',')) row << cell.toDouble();
    csv.rows << row;
  }
  return csv;
}

bool writeText(const QString& path, const QByteArray& text) {
  QFile f(path);
  return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(text) == text.size();
}

QByteArray bytes(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class VsimRunTest : public QObject {
  Q_OBJECT
 private slots:
  // --ulog: every IMU frame in ULog, the same numbers as the CSV's rows (which print %.9g of the
  // doubles the log keeps as floats: equal to float precision).
  void ulogHoldsEveryFrame() {
    QTemporaryDir dir;
    const QString csv_path = dir.path() + "/r.csv", ulg = dir.path() + "/r.ulg";
    const Run r = run({"--airframe", "s500", "--duration", "1.5", "--seed", "4", "--duty", "0.7,0.7,0.7,0.7", "--wind",
                       "2,1,0", "--out", csv_path, "--ulog", ulg});
    QCOMPARE(r.exit_code, 0);
    const Csv csv = readCsv(csv_path);
    auto log = navigator::ulog::ULogFile::open(ulg.toStdString());
    QVERIFY2(log.ok(), log.ok() ? "" : log.error().message.c_str());
    QVERIFY(log->problems().empty());
    const auto* imu = log->find("sensor_combined");
    const auto* wind = log->find("navigator_wind");
    QVERIFY(imu && wind);
    QCOMPARE(int(imu->count()), int(csv.rows.size()));  // 1.5 s at 1 kHz, both ends: 1501
    QCOMPARE(int(csv.rows.size()), 1501);
    auto field = [&](const navigator::ulog::Subscription& sub, const std::string& path) {
      for (const auto& f : log->fields(sub))
        if (f.path == path) return f;
      qFatal("no field %s", path.c_str());
    };
    const auto acc_z = field(*imu, "accelerometer_m_s2[2]"), gyro_x = field(*imu, "gyro_rad[0]");
    const auto wind_n = field(*wind, "wind_ned_m_s[0]");
    for (int i = 0; i < int(csv.rows.size()); i += 101) {
      auto near = [](double a, double b) { return std::abs(a - b) <= 1e-6 * std::max(1.0, std::abs(b)); };
      QVERIFY(near(log->value(*imu, std::size_t(i), acc_z), csv.at(i, "acc_z_mps2")));
      QVERIFY(near(log->value(*imu, std::size_t(i), gyro_x), csv.at(i, "gyro_x_radps")));
      QVERIFY(near(log->value(*wind, std::size_t(i), wind_n), csv.at(i, "wind_n_mps")));
      QCOMPARE(double(log->timestampUs(*imu, std::size_t(i))), std::round(csv.at(i, "time_s") * 1e6));
    }
  }

  void freeSpinKeepsItsRate();
  void sameSeedSameFile();
  void dutyFileSwitchesAtItsTimes();
  void dropOntoTheDefaultGround();
  void worldFileObstacleStopsTheVehicle();
  void everyAirframeByName_data();
  void everyAirframeByName();
  void errorsNameTheProblem_data();
  void errorsNameTheProblem();

 private:
  QTemporaryDir tmp_;
};

void VsimRunTest::freeSpinKeepsItsRate() {
  // No gravity, motors off, 1 rad/s about x (a principal axis of the generic quad), in empty
  // space: the rate stays and the roll angle after 1 s is 1 rad = 57.2958° (Euler's equations).
  const QString out = tmp_.filePath("spin.csv");
  const Run r = run({"--airframe", "generic_quad", "--duration", "1", "--seed", "3", "--no-gravity", "--init-rate",
                     "1,0,0", "--world", "none", "--every", "10", "--out", out});
  QCOMPARE(r.exit_code, 0);
  const Csv csv = readCsv(out);
  QCOMPARE(csv.rows.size(), 101);  // t = 0 and every 10th of 1000 frames
  for (const char* column :
       {"time_s", "pos_d_m", "q_w", "roll_deg", "rate_x_radps", "motor3_radps", "acc_z_mps2", "gyro_x_radps",
        "gyro_saturated", "mag_x_gauss", "baro_pa", "gps_lat_deg", "wind_n_mps", "airspeed_mps"})
    QVERIFY2(csv.header.contains(column), column);
  QCOMPARE(csv.at(100, "time_s"), 1.0);
  QCOMPARE_LE(std::abs(csv.at(100, "rate_x_radps") - 1.0), 1e-9);
  QCOMPARE_LE(std::abs(csv.at(100, "roll_deg") - 57.2957795), 1e-5);
  QCOMPARE_LE(std::abs(csv.at(100, "gyro_x_radps") - 1.0), 0.05);  // the gyro sees it, with noise
  QVERIFY(r.err.contains("101 frames written"));
}

void VsimRunTest::sameSeedSameFile() {
  const QStringList common{"--airframe",   "s500", "--duration", "0.5",   "--duty",   "0.62,0.6,0.61,0.6",
                           "--turbulence", "1.5",  "--wind",     "2,1,0", "--jitter", "0.01"};
  const QString a = tmp_.filePath("a.csv"), b = tmp_.filePath("b.csv"), c = tmp_.filePath("c.csv");
  QCOMPARE(run(common + QStringList{"--seed", "11", "--out", a}).exit_code, 0);
  QCOMPARE(run(common + QStringList{"--seed", "11", "--out", b}).exit_code, 0);
  QCOMPARE(run(common + QStringList{"--seed", "12", "--out", c}).exit_code, 0);
  QVERIFY(bytes(a) == bytes(b));
  QVERIFY(bytes(a) != bytes(c));
}

void VsimRunTest::dutyFileSwitchesAtItsTimes() {
  const QString schedule = tmp_.filePath("duty.csv");
  QVERIFY(writeText(schedule, "t_s,d1,d2,d3,d4\n# off, then all on at 0.2 s\n0,0,0,0,0\n0.2,0.5,0.5,0.5,0.5\n"));
  const QString out = tmp_.filePath("sched.csv");
  QCOMPARE(
      run({"--airframe", "generic_quad", "--duration", "0.4", "--seed", "1", "--duty-file", schedule, "--out", out})
          .exit_code,
      0);
  const Csv csv = readCsv(out);
  QCOMPARE(csv.at(200, "motor0_radps"), 0.0);
  // 0.1 s after the switch: 0.5·1100·(1 − e^(−0.1/0.0125)) (first-order spin-up).
  QCOMPARE_LE(std::abs(csv.at(300, "motor0_radps") - 550 * (1 - std::exp(-8.0))), 1e-6);
}

void VsimRunTest::dropOntoTheDefaultGround() {
  // Dropped from 2 m (centre of mass at z = −2) onto the default ground at z = 0: after 3 s
  // it rests on its lowest contact points. The generic quad's feet are its arm tips, level with
  // the centre of mass, and its mass properties are numbers, so its body is the uniform box of
  // the same mass and moments (contact_geometry.h): height √(6(Ixx + Iyy − Izz)/m) =
  // √(6·0.003025/1.5) = 0.11 m, so it rests on the box's bottom, 0.055 m below the centre of mass.
  const QString out = tmp_.filePath("drop.csv");
  const Run r = run({"--airframe", "generic_quad", "--duration", "3", "--seed", "1", "--init-pos", "0,0,-2", "--every",
                     "100", "--out", out});
  QVERIFY2(r.exit_code == 0, r.err.constData());
  const Csv csv = readCsv(out);
  QCOMPARE_LE(std::abs(csv.at(30, "pos_d_m") + 0.055), 1e-3);
  QCOMPARE_LE(std::abs(csv.at(30, "vel_d_mps")), 0.01);
  QVERIFY(r.err.contains("physics steps in contact"));
}

void VsimRunTest::worldFileObstacleStopsTheVehicle() {
  // A wall 3 m north across the path of a vehicle thrown north at 5 m/s, 1 m above the ground.
  const QString world = tmp_.filePath("wall.yaml");
  QVERIFY(writeText(
      world,
      "ground: {height_m: 0, friction: 0.6}\nobstacles:\n  - {box: {size_m: [0.2, 10, 4]}, position_m: [3, 0, -2]}\n"));
  const QString out = tmp_.filePath("wall.csv");
  const Run r = run({"--airframe", "generic_quad", "--duration", "2", "--seed", "1", "--world", world, "--init-pos",
                     "0,0,-1", "--init-vel", "5,0,0", "--every", "100", "--out", out});
  QVERIFY2(r.exit_code == 0, r.err.constData());
  const Csv csv = readCsv(out);
  double furthest = 0;
  for (int i = 0; i < csv.rows.size(); ++i) furthest = std::max(furthest, csv.at(i, "pos_n_m"));
  QVERIFY2(furthest < 2.9, qPrintable(QString::number(furthest)));  // the wall's face is at 2.9 m
  // A broken world file is named with its key.
  QVERIFY(writeText(world, "obstacles:\n  - {box: {size_m: [1, -1, 1]}}\n"));
  const Run bad = run({"--airframe", "generic_quad", "--duration", "1", "--seed", "1", "--world", world, "--out", out});
  QCOMPARE(bad.exit_code, 1);
  QVERIFY2(bad.err.contains("obstacles[0].box.size_m (line 2): every edge must be positive"), bad.err.constData());
}

void VsimRunTest::everyAirframeByName_data() {
  QTest::addColumn<QString>("name");
  for (const char* n : {"generic_quad", "s500", "lander_004"}) QTest::newRow(n) << n;
}

void VsimRunTest::everyAirframeByName() {
  QFETCH(QString, name);
  const QString out = tmp_.filePath(name + ".csv");
  const Run r = run({"--airframe", name, "--duration", "0.2", "--seed", "1", "--out", out});
  QVERIFY2(r.exit_code == 0, r.err.constData());
  QCOMPARE(readCsv(out).rows.size(), 201);
}

void VsimRunTest::errorsNameTheProblem_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<int>("code");
  QTest::addColumn<QString>("expected");
  const QStringList base{"--duration", "1", "--seed", "1", "--out", "/tmp/navigator_vsim_run_unused.csv"};
  QTest::newRow("unknown airframe") << (QStringList{"--airframe", "hexacopter_9000"} + base) << 1
                                    << "hexacopter_9000: cannot open the file";
  QTest::newRow("duty count") << (QStringList{"--airframe", "generic_quad", "--duty", "0.5,0.5"} + base) << 2
                              << "--duty needs 4 values";
  QTest::newRow("duty range") << (QStringList{"--airframe", "generic_quad", "--duty", "0.5,0.5,0.5,1.5"} + base) << 1
                              << "duties must be in [0, 1]";
  QTest::newRow("no seed") << QStringList{"--airframe", "generic_quad", "--duration", "1", "--out", "x.csv"} << 2
                           << "--seed is required";
  QTest::newRow("bad wind") << (QStringList{"--airframe", "generic_quad", "--wind", "1,2"} + base) << 2
                            << "--wind must be three numbers";
  QTest::newRow("bad rate") << (QStringList{"--airframe", "generic_quad", "--rate-hz", "7500"} + base) << 1
                            << "whole multiple of the IMU rate";
  QTest::newRow("unknown option") << (QStringList{"--airframe", "generic_quad", "--ground"} + base) << 2
                                  << "unknown option '--ground'";
}

void VsimRunTest::errorsNameTheProblem() {
  QFETCH(QStringList, args);
  QFETCH(int, code);
  QFETCH(QString, expected);
  const Run r = run(args);
  QCOMPARE(r.exit_code, code);
  QVERIFY2(QString::fromUtf8(r.err).contains(expected), r.err.constData());
}

QTEST_GUILESS_MAIN(VsimRunTest)
#include "vsim_run_test.moc"
