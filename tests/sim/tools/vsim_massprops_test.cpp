// End-to-end tests of the vsim-massprops command line and of the sample S500 frame it ships with.
#include "sim/geometry/stl_writer.h"
#include "tests/sim/geometry/parametric_torus.h"

#include <QtTest>

namespace {

const QString kData = QStringLiteral(NAVIGATOR_SOURCE_DIR "/tests/data/");
const QString kTool = QStringLiteral(NAVIGATOR_BIN_DIR "/vsim-massprops");

struct Run {
  int exit_code;
  QByteArray out, err;
};

Run run(const QString& program, const QStringList& args) {
  QProcess p;
  p.start(program, args);
  if (!p.waitForFinished(60000)) qFatal("%s did not finish", qPrintable(program));
  return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
          p.readAllStandardError()};
}

QJsonObject jsonOf(const Run& r) {
  QJsonParseError error;
  const QJsonDocument doc = QJsonDocument::fromJson(r.out, &error);
  if (error.error != QJsonParseError::NoError || !doc.isObject()) qFatal("not one JSON object: %s", r.out.constData());
  return doc.object();
}

double at(const QJsonObject& o, const char* key, int i, int j = -1) {
  const QJsonArray a = o.value(key).toArray();
  return j < 0 ? a.at(i).toDouble() : a.at(i).toArray().at(j).toDouble();
}

}  // namespace

class VsimMasspropsTest : public QObject {
  Q_OBJECT
 private slots:
  void jsonHasEveryKeyAndTheClosedForm();
  void massAndUnitOptions();
  void textOutputIsReadable();
  void openMeshNeedsAllowOpen();
  void badFilesFailWithOneLine_data();
  void badFilesFailWithOneLine();
  void usageErrors_data();
  void usageErrors();
  void sampleFrameIsReproducibleAndClosed();
  void anExportersSeamIsWeldedAndSaidSo();

 private:
  QTemporaryDir tmp_;
};

void VsimMasspropsTest::jsonHasEveryKeyAndTheClosedForm() {
  // 2×3×4 box at (1, 2, 3), density 1000: m = 24000 kg, Ixx = m(9+16)/12 = 50000 kg·m², Iyy = 40000,
  // Izz = 26000 (box closed form); principal moments ascending 26000, 40000, 50000 along z, y, x.
  const Run r = run(kTool, {kData + "box_2x3x4.stl", "--json"});
  QCOMPARE(r.exit_code, 0);
  const QJsonObject o = jsonOf(r);
  for (const char* key :
       {"mass_kg", "volume_m3", "com_m", "inertia_com_kgm2", "principal_moments_kgm2", "principal_axes", "mesh"})
    QVERIFY2(o.contains(key), key);
  const QJsonObject mesh = o.value("mesh").toObject();
  for (const char* key : {"triangles", "closed", "inside_out", "shells", "degenerate"})
    QVERIFY2(mesh.contains(key), key);
  QCOMPARE(mesh.value("triangles").toInt(), 12);
  QCOMPARE(mesh.value("closed").toBool(), true);
  QCOMPARE(mesh.value("shells").toInt(), 1);
  QCOMPARE(o.value("mass_kg").toDouble(), 24000.0);
  QCOMPARE(o.value("volume_m3").toDouble(), 24.0);
  for (int i = 0; i < 3; ++i) QCOMPARE(at(o, "com_m", i), double(i + 1));
  QCOMPARE(at(o, "inertia_com_kgm2", 0, 0), 50000.0);
  QCOMPARE(at(o, "inertia_com_kgm2", 1, 1), 40000.0);
  QCOMPARE(at(o, "inertia_com_kgm2", 2, 2), 26000.0);
  QCOMPARE(at(o, "principal_moments_kgm2", 0), 26000.0);
  QCOMPARE(at(o, "principal_moments_kgm2", 2), 50000.0);
  // Axes are columns: the smallest moment's axis (column 0) is z.
  QCOMPARE(std::abs(at(o, "principal_axes", 2, 0)), 1.0);
  QCOMPARE(std::abs(at(o, "principal_axes", 0, 2)), 1.0);
}

void VsimMasspropsTest::massAndUnitOptions() {
  // The same box read as millimetres with a 0.5 kg total: V = 24e-9 m³, Ixx = 0.5(9+16)/12 mm² = 1.0417e-6 kg·m².
  const Run r = run(kTool, {kData + "box_2x3x4.obj", "--unit", "mm", "--mass", "0.5", "--json"});
  QCOMPARE(r.exit_code, 0);
  const QJsonObject o = jsonOf(r);
  QCOMPARE(o.value("mass_kg").toDouble(), 0.5);
  QCOMPARE_LE(std::abs(o.value("volume_m3").toDouble() - 24e-9), 1e-20);
  QCOMPARE_LE(std::abs(at(o, "inertia_com_kgm2", 0, 0) - 0.5 * 25 / 12 * 1e-6), 1e-15);
  QCOMPARE_LE(std::abs(at(o, "com_m", 2) - 0.003), 1e-15);
}

void VsimMasspropsTest::textOutputIsReadable() {
  const Run r = run(kTool, {kData + "box_2x3x4.ply", "--density", "2700"});
  QCOMPARE(r.exit_code, 0);
  const QString text = QString::fromUtf8(r.out);
  QVERIFY(text.contains("12 triangles, closed, 1 shell"));
  QVERIFY(text.contains("mass        64800 kg"));  // 2700 kg/m³ × 24 m³
  QVERIFY(text.contains("principal axes"));
}

void VsimMasspropsTest::openMeshNeedsAllowOpen() {
  QFile in(kData + "box_2x3x4.stl");
  QVERIFY(in.open(QIODevice::ReadOnly));
  QString text = QString::fromUtf8(in.readAll());
  const int last_facet = text.lastIndexOf("  facet");
  text = text.left(last_facet) + "endsolid box\n";  // drop one triangle: three edges open
  const QString path = tmp_.filePath("open.stl");
  QFile out(path);
  QVERIFY(out.open(QIODevice::WriteOnly));
  out.write(text.toUtf8());
  out.close();
  const Run refused = run(kTool, {path, "--json"});
  QCOMPARE(refused.exit_code, 1);
  QVERIFY(refused.out.isEmpty());
  QVERIFY(refused.err.contains("not closed (3 open edges"));
  const Run allowed = run(kTool, {path, "--json", "--allow-open"});
  QCOMPARE(allowed.exit_code, 0);
  const QJsonObject o = jsonOf(allowed);
  QCOMPARE(o.value("reliable").toBool(), false);
  QCOMPARE(o.value("mesh").toObject().value("closed").toBool(), false);
  QVERIFY(o.value("warnings").toArray().at(0).toString().contains("unreliable"));
}

void VsimMasspropsTest::badFilesFailWithOneLine_data() {
  QTest::addColumn<QString>("name");
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QString>("problem");
  QTest::newRow("missing") << "" << QByteArray() << "no such file";
  QTest::newRow("empty") << "empty.stl" << QByteArray() << "the file is empty";
  QTest::newRow("not an STL") << "cut.stl" << QByteArray(84 + 20, '\x01') << "not an STL file";
  QTest::newRow("garbage obj") << "junk.obj" << QByteArray("f 9 9 9\n\x01\x02\x03") << "cannot read mesh";
}

void VsimMasspropsTest::badFilesFailWithOneLine() {
  QFETCH(QString, name);
  QFETCH(QByteArray, bytes);
  QFETCH(QString, problem);
  QString path = tmp_.filePath(name.isEmpty() ? "does-not-exist.stl" : name);
  if (!name.isEmpty()) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
  }
  const Run r = run(kTool, {path, "--json"});
  QCOMPARE(r.exit_code, 1);
  QVERIFY(r.out.isEmpty());
  const QString err = QString::fromUtf8(r.err);
  QCOMPARE(err.count('\n'), 1);
  QVERIFY2(err.startsWith("vsim-massprops: " + path + ": "), qPrintable(err));
  QVERIFY2(err.contains(problem), qPrintable(err));
}

void VsimMasspropsTest::usageErrors_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("problem");
  QTest::newRow("no file") << QStringList{"--json"} << "no FILE given";
  QTest::newRow("bad unit") << QStringList{"x.stl", "--unit", "furlong"} << "unknown unit 'furlong'";
  QTest::newRow("negative density") << QStringList{"x.stl", "--density", "-3"} << "--density must be a positive number";
  QTest::newRow("nan mass") << QStringList{"x.stl", "--mass", "nan"} << "--mass must be a positive number";
  QTest::newRow("both") << QStringList{"x.stl", "--mass", "1", "--density", "2"} << "not both";
  QTest::newRow("unknown option") << QStringList{"x.stl", "--frobnicate"} << "unknown option '--frobnicate'";
}

void VsimMasspropsTest::usageErrors() {
  QFETCH(QStringList, args);
  QFETCH(QString, problem);
  const Run r = run(kTool, args);
  QCOMPARE(r.exit_code, 2);
  QVERIFY2(r.err.contains(problem.toUtf8()), r.err.constData());
}

void VsimMasspropsTest::sampleFrameIsReproducibleAndClosed() {
  // resources/meshes/s500_frame.stl is exactly what vsim-make-s500-frame writes.
  const QString regenerated = tmp_.filePath("s500.stl");
  QCOMPARE(run(NAVIGATOR_BIN_DIR "/vsim-make-s500-frame", {regenerated}).exit_code, 0);
  QFile shipped(NAVIGATOR_SOURCE_DIR "/resources/meshes/s500_frame.stl"), fresh(regenerated);
  QVERIFY(shipped.open(QIODevice::ReadOnly) && fresh.open(QIODevice::ReadOnly));
  QVERIFY(shipped.readAll() == fresh.readAll());
  // 2 plates + 4 arms + 4 motor mounts + 4 legs + 2 skids = 16 closed shells; the frame is
  // symmetric left-right, so the centre of mass lies on the x-z plane.
  const Run r = run(kTool, {shipped.fileName(), "--unit", "mm", "--mass", "0.405", "--json"});
  QCOMPARE(r.exit_code, 0);
  const QJsonObject o = jsonOf(r);
  QCOMPARE(o.value("mesh").toObject().value("shells").toInt(), 16);
  QCOMPARE(o.value("mesh").toObject().value("closed").toBool(), true);
  QCOMPARE_LE(std::abs(at(o, "com_m", 1)), 1e-9);
}

void VsimMasspropsTest::anExportersSeamIsWeldedAndSaidSo() {
  // A 50 mm torus written as a parametric exporter writes it (its 256 + 128 + 1 seam vertices
  // computed twice): closed, and the JSON says within what and how many were merged — 4 ulps of
  // float32 at 60 mm, 4·2⁻¹⁸ mm (2⁵ ≤ 60 < 2⁶) = 1.53e-8 m.
  const QString path = tmp_.filePath("seam_torus.stl");
  QVERIFY(bool(vsim::writeBinaryStl(path.toStdString(), parametricTorus(50.0, 10.0, 256, 128), "torus")));
  const Run r = run(kTool, {path, "--unit", "mm", "--json"});
  QCOMPARE(r.exit_code, 0);
  const QJsonObject mesh = jsonOf(r).value("mesh").toObject();
  QCOMPARE(mesh.value("closed").toBool(), true);
  QCOMPARE(mesh.value("tolerance_merged_vertices").toInt(), 385);
  QCOMPARE_LT(std::abs(mesh.value("weld_tolerance_m").toDouble() - 4.0 * std::ldexp(1.0, 5 - 23) * 1e-3), 1e-20);
}

QTEST_GUILESS_MAIN(VsimMasspropsTest)
#include "vsim_massprops_test.moc"
