// Tests of sim/mesh_import and sim/stl_reader: every format on one fixture, and every kind
// of bad file.
#include "sim/geometry/child_mesh_reader.h"
#include "sim/geometry/mesh_builders.h"
#include "sim/geometry/mesh_import.h"
#include "sim/mass/mesh_mass_properties.h"
#include "sim/geometry/stl_writer.h"

#include <QtTest>

#include <csignal>
#include <fstream>
#include <unistd.h>

namespace {

const QString kData = QStringLiteral(NAVIGATOR_SOURCE_DIR "/tests/data/");

void writeBytes(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

}  // namespace

class MeshImportTest : public QObject {
  Q_OBJECT
 private slots:
  void formats_data();
  void formats();
  void binaryStlRoundTrip();
  void progressIsReportedAndCancelWorks();
  void badFiles_data();
  void badFiles();
  void stlMessagesSayWhatTheFileIs();
  void asciiStlCutOffSaysWhere_data();
  void asciiStlCutOffSaysWhere();
  void nonFiniteStlImportsButIsRefusedByAnalysis();
  void pointsOnlyFileHasNoTriangles();
  void concavePolygonsAreFanned();
  void facesNamingMissingVerticesAreRefused();
  void assimpCrashIsAnErrorAboutTheFile();
  void crashingReaderLeavesTheCallerRunning();
  void stuckReaderCanBeCancelled();
  void stuckReaderIsStoppedAtItsTimeLimit();

 private:
  QString problemOf(const QString& name, const QByteArray& bytes);
  QTemporaryDir tmp_;
};

void MeshImportTest::formats_data() {
  QTest::addColumn<QString>("file");
  for (const char* ext : {"stl", "obj", "ply", "gltf", "glb"})
    QTest::newRow(ext) << QStringLiteral("box_2x3x4.%1").arg(ext);
}

void MeshImportTest::formats() {
  // tests/data/make_fixtures.py: a 2×3×4 box centred on (1, 2, 3) (in glTF through a node
  // translation). At unit density V = 24, Ixx = 24(9+16)/12 = 50, Iyy = 40, Izz = 26.
  QFETCH(QString, file);
  const auto mesh = vsim::importMesh((kData + file).toStdString());
  QVERIFY2(mesh.ok(), mesh.ok() ? "" : mesh.error().message.c_str());
  QCOMPARE(mesh->triangles.size(), std::size_t(12));
  const auto analysis = vsim::analyseMesh(*mesh, false, file.toStdString());
  QVERIFY(analysis.ok());
  QVERIFY(analysis->diagnostics.closed);
  QVERIFY(!analysis->diagnostics.inside_out);
  const vsim::SolidGeometry& s = analysis->solid;
  QCOMPARE_LE(std::abs(s.volume_L3 - 24.0), 1e-9);
  QCOMPARE_LT((s.centroid_L - Eigen::Vector3d(1, 2, 3)).norm(), 1e-9);
  QCOMPARE_LT((s.inertia_per_density_L5.diagonal() - Eigen::Vector3d(50, 40, 26)).norm(), 1e-9);
  QVERIFY(s.inertia_per_density_L5.cwiseAbs().maxCoeff() - 50.0 < 1e-9);  // no products
}

void MeshImportTest::binaryStlRoundTrip() {
  const vsim::TriangleMesh sphere = vsim::uvSphereMesh(3.0, 24, 12);
  const std::string path = tmp_.filePath("sphere.stl").toStdString();
  const auto written = vsim::writeBinaryStl(path, sphere, "round trip");
  QVERIFY(written.ok());
  QCOMPARE(*written, std::size_t(84 + 50 * sphere.triangles.size()));
  const auto read = vsim::importMesh(path);
  QVERIFY(read.ok());
  QCOMPARE(read->triangles.size(), sphere.triangles.size());
  QCOMPARE(read->vertices.size(), 3 * sphere.triangles.size());  // not welded
  for (std::size_t t = 0; t < sphere.triangles.size(); ++t)
    for (int c = 0; c < 3; ++c)
      QCOMPARE(read->vertices[read->triangles[t][c]], sphere.vertices[sphere.triangles[t][c]]);
  // Assimp's reader of the same file agrees triangle for triangle.
  const auto via_assimp = vsim::importMeshWithAssimp(path);
  QVERIFY(via_assimp.ok());
  QCOMPARE(via_assimp->triangles.size(), sphere.triangles.size());
  for (std::size_t t = 0; t < sphere.triangles.size(); t += 17)
    for (int c = 0; c < 3; ++c)
      QCOMPARE(via_assimp->vertices[via_assimp->triangles[t][c]], read->vertices[read->triangles[t][c]]);
}

void MeshImportTest::progressIsReportedAndCancelWorks() {
  const std::string obj = (kData + "box_2x3x4.obj").toStdString();
  std::vector<float> seen;
  const auto done = vsim::importMesh(obj, [&](float f) {
    seen.push_back(f);
    return true;
  });
  QVERIFY(done.ok());
  QVERIFY(!seen.empty());
  QCOMPARE(seen.back(), 1.0f);
  const auto cancelled = vsim::importMesh(obj, [](float) { return false; });
  QVERIFY(!cancelled.ok());
  QVERIFY(cancelled.error().message.find("cancelled") != std::string::npos);
}

void MeshImportTest::badFiles_data() {
  QTest::addColumn<QString>("name");
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QString>("problem");
  QByteArray truncated(84 + 50 * 3, '\0');
  truncated[80] = 12;  // the header announces 12 triangles; the file holds 3
  QByteArray random(4096, '\0');
  quint32 state = 12345;  // a fixed linear congruential sequence: the same "random" bytes every run
  for (char& c : random) c = char((state = state * 1664525u + 1013904223u) >> 24);
  QTest::newRow("empty") << "empty.stl" << QByteArray() << "the file is empty";
  QTest::newRow("truncated binary STL")  // three all-zero triangles: zero normals and vertices, as an exporter writes
      << "cut.stl" << truncated
      << "truncated binary STL: the header announces 12 triangles (84 + 50 × 12 = 684 bytes) but the file holds 234 "
         "bytes";
  QTest::newRow("shorter than a header") << "tiny.stl" << QByteArray(40, 'x') << "too short for an STL file (40 bytes";
  QTest::newRow("random bytes as STL") << "noise.stl" << random << "not an STL file";
  QTest::newRow("random bytes as OBJ") << "noise.obj" << random
                                       << "holds no triangles";  // OBJ skips what it cannot parse
  QTest::newRow("random bytes as PLY") << "noise.ply" << random << "cannot read mesh";
  QTest::newRow("random bytes as GLB") << "noise.glb" << random << "cannot read mesh";
  QTest::newRow("broken ASCII STL")
      << "broken.stl" << QByteArray("solid x\n facet normal 0 0 0\n  outer loop\n   vertex 0 0 0\n   vertex 1 zz\n")
      << "line 5 of this ASCII STL: \"vertex\" needs three numbers, found \"vertex 1 zz\"";
  QTest::newRow("ASCII STL without facets") << "hollow.stl" << QByteArray("solid nothing\nendsolid nothing\n") << "";
}

void MeshImportTest::badFiles() {
  QFETCH(QString, name);
  QFETCH(QByteArray, bytes);
  QFETCH(QString, problem);
  const QString path = tmp_.filePath(name);
  writeBytes(path, bytes);
  const auto result = vsim::importMesh(path.toStdString());
  QVERIFY(!result.ok());
  const QString message = QString::fromStdString(result.error().message);
  QVERIFY2(message.startsWith(path + ": "), qPrintable(message));  // names the file
  QVERIFY2(message.contains(problem), qPrintable(message));
  QVERIFY2(!message.contains('\n'), qPrintable(message));  // one line
}

// The message after "<path>: " for `bytes` written to `name`.
QString MeshImportTest::problemOf(const QString& name, const QByteArray& bytes) {
  const QString path = tmp_.filePath(name);
  writeBytes(path, bytes);
  const auto result = vsim::importMesh(path.toStdString());
  if (result.ok()) return QStringLiteral("(imported)");
  const QString message = QString::fromStdString(result.error().message);
  return message.startsWith(path + ": ") ? message.mid(path.size() + 2) : QStringLiteral("(path missing) ") + message;
}

void MeshImportTest::stlMessagesSayWhatTheFileIs() {
  // Random bytes: the same fixed sequence as badFiles' (state 12345, x ← 1664525 x + 1013904223
  // mod 2^32, each byte the top 8 bits); bytes 80–83 read little-endian are 3,850,875,349, so a
  // binary STL would be 84 + 50 n = 192,543,767,534 bytes (the format: 80-byte header, uint32 n,
  // 50 bytes per triangle).
  QByteArray random(4096, '\0');
  quint32 state = 12345;
  for (char& c : random) c = char((state = state * 1664525u + 1013904223u) >> 24);
  QCOMPARE(problemOf("noise.stl", random),
           QStringLiteral("not an STL file: a binary STL's size is 84 + 50 n bytes for the n triangles its bytes "
                          "80–83 announce (here n = 3850875349, 84 + 50 × 3850875349 = 192543767534 bytes), but the "
                          "file holds 4096 bytes; and it does not begin with \"solid\" as an ASCII STL does"));
  // The same bytes after a header that begins with "solid": still no STL of either kind.
  QByteArray solid_noise = random;
  solid_noise.replace(0, 6, "solid ");
  QCOMPARE(problemOf("solid_noise.stl", solid_noise),
           QStringLiteral("not an STL file: a binary STL's size is 84 + 50 n bytes for the n triangles its bytes "
                          "80–83 announce (here n = 3850875349, 84 + 50 × 3850875349 = 192543767534 bytes), but the "
                          "file holds 4096 bytes; and though it begins with \"solid\", it holds bytes no text has, so "
                          "it is no ASCII STL either"));
  // A real binary STL (a unit box, 12 triangles: 84 + 50 × 12 = 684 bytes) cut after 5 whole
  // triangles and 17 bytes of the sixth: 84 + 250 + 17 = 351 bytes. Its header begins with
  // "solid", as some exporters write it.
  const std::string box_path = tmp_.filePath("box.stl").toStdString();
  QVERIFY(vsim::writeBinaryStl(box_path, vsim::boxMesh({1, 1, 1}), "solid box, written binary").ok());
  QFile box(QString::fromStdString(box_path));
  QVERIFY(box.open(QIODevice::ReadOnly));
  const QByteArray whole = box.readAll();
  QCOMPARE(whole.size(), 684);
  QCOMPARE(problemOf("box_cut.stl", whole.left(351)),
           QStringLiteral("truncated binary STL: the header announces 12 triangles (84 + 50 × 12 = 684 bytes) but the "
                          "file holds 351 bytes"));
  // Cut inside its header's count and first triangle: no whole triangle says it is an STL.
  QCOMPARE(problemOf("box_head.stl", whole.left(84 + 20)),
           QStringLiteral("not an STL file: a binary STL's size is 84 + 50 n bytes for the n triangles its bytes "
                          "80–83 announce (here n = 12, 84 + 50 × 12 = 684 bytes), but the file holds 104 bytes; and "
                          "though it begins with \"solid\", it holds bytes no text has, so it is no ASCII STL either"));
}

void MeshImportTest::asciiStlCutOffSaysWhere_data() {
  QTest::addColumn<QByteArray>("bytes");
  QTest::addColumn<QString>("problem");
  const QByteArray facet =
      " facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n   vertex 0 1 0\n"
      "  endloop\n endfacet\n";  // 7 lines
  // Line numbers: "solid x" is line 1, the first facet lines 2–8, the second begins at line 9.
  QTest::newRow("cut mid-line in a vertex")
      << QByteArray("solid x\n" + facet + " facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0")
      << "cut off at line 12 inside a facet (facet 2, begun at line 9, has 1 of its 3 vertices and no \"endfacet\"); "
         "the rest of the file is missing";
  QTest::newRow("cut after a whole vertex line")
      << QByteArray("solid x\n" + facet + " facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n")
      << "cut off at line 11 inside a facet (facet 2, begun at line 9, has 1 of its 3 vertices and no \"endfacet\"); "
         "the rest of the file is missing";
  QTest::newRow("cut before endfacet")
      << QByteArray("solid x\n" + facet + facet.left(facet.size() - 10))
      << "cut off at line 14 inside a facet (facet 2, begun at line 9, has 3 of its 3 vertices and no \"endfacet\"); "
         "the rest of the file is missing";
  QTest::newRow("cut between facets")
      << QByteArray("solid x\n" + facet + facet)
      << "cut off at line 15 after facet 2: the solid has no \"endsolid\"; the rest of the file is missing";
  QTest::newRow("facet of two vertices")
      << QByteArray(
             "solid x\n facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n  endloop\n"
             " endfacet\nendsolid x\n")
      << "line 6 of this ASCII STL: facet 1 has 2 vertices; an STL facet has 3";
  QTest::newRow("a keyword out of place") << QByteArray("solid x\n facet normal 0 0 1\n  vertex 0 0 0\n")
                                          << "line 3 of this ASCII STL: expected "
                                             "\"outer loop\", found \"vertex 0 0 0\"";
}

void MeshImportTest::asciiStlCutOffSaysWhere() {
  // Before, Assimp read such a file as far as it went: the mesh was merely "not closed", or the
  // message was its number parser's ("Cannot parse string \"\" as a real number").
  QFETCH(QByteArray, bytes);
  QFETCH(QString, problem);
  QCOMPARE(problemOf("cut_ascii.stl", bytes), problem);
  // The whole file, with its endsolid, still reads: the check refuses only what is wrong.
  const QByteArray facet =
      " facet normal 0 0 1\n  outer loop\n   vertex 0 0 0\n   vertex 1 0 0\n   vertex 0 1 0\n"
      "  endloop\n endfacet\n";
  QCOMPARE(problemOf("whole_ascii.stl", "solid x\n" + facet + facet + "endsolid x\n"), QStringLiteral("(imported)"));
  // Numbers with a '+' pass; keywords in capitals, which the format does not have (and Assimp reads
  // as no facets at all), are named.
  QCOMPARE(problemOf("plus.stl",
                     "solid x\nfacet normal 0 0 +1\n outer loop\n  vertex 0 0 0\n  vertex +1 0 0\n"
                     "  vertex 0 1e0 0\n endloop\nendfacet\nendsolid x\n"),
           QStringLiteral("(imported)"));
  QCOMPARE(
      problemOf("capitals.stl", "solid x\nFACET NORMAL 0 0 1\n"),
      QStringLiteral("line 2 of this ASCII STL: expected \"facet\" or \"endsolid\", found \"FACET NORMAL 0 0 1\""));
}

void MeshImportTest::nonFiniteStlImportsButIsRefusedByAnalysis() {
  vsim::TriangleMesh box = vsim::boxMesh({1, 1, 1});
  box.vertices[2].x() = std::numeric_limits<float>::quiet_NaN();
  const std::string path = tmp_.filePath("nan.stl").toStdString();
  QVERIFY(vsim::writeBinaryStl(path, box, "nan").ok());
  const auto mesh = vsim::importMesh(path);
  QVERIFY(mesh.ok());
  const auto analysis = vsim::analyseMesh(*mesh, true, path);
  QVERIFY(!analysis.ok());
  QVERIFY(analysis.error().message.find("non-finite") != std::string::npos);
}

void MeshImportTest::pointsOnlyFileHasNoTriangles() {
  const QString path = tmp_.filePath("points.obj");
  writeBytes(path, "v 0 0 0\nv 1 0 0\nv 0 1 0\np 1\np 2\np 3\n");
  const auto result = vsim::importMesh(path.toStdString());
  QVERIFY(!result.ok());
  QVERIFY2(result.error().message.find("no triangles") != std::string::npos, result.error().message.c_str());
}

void MeshImportTest::concavePolygonsAreFanned() {
  // An L-shaped prism, 1 m high, whose L faces are concave hexagons written from a corner that
  // does not see the whole polygon ((2,1): its fan has a triangle outside the L, of negative
  // area). Closed form: the L is a 2x1 and a 1x1 rectangle, area 3 m^2, so volume 3 m^3 and
  // centroid ((2*1 + 1*0.5)/3, (2*0.5 + 1*1.5)/3, 0.5) = (5/6, 5/6, 1/2) m.
  const QString path = tmp_.filePath("l_prism.obj");
  writeBytes(path,
             "v 2 1 0\nv 1 1 0\nv 1 2 0\nv 0 2 0\nv 0 0 0\nv 2 0 0\n"
             "v 2 1 1\nv 1 1 1\nv 1 2 1\nv 0 2 1\nv 0 0 1\nv 2 0 1\n"
             "f 7 8 9 10 11 12\nf 1 6 5 4 3 2\n"
             "f 1 2 8 7\nf 2 3 9 8\nf 3 4 10 9\nf 4 5 11 10\nf 5 6 12 11\nf 6 1 7 12\n");
  const auto mesh = vsim::importMesh(path.toStdString());
  QVERIFY2(mesh.ok(), mesh.ok() ? "" : mesh.error().message.c_str());
  QCOMPARE(mesh->triangles.size(), std::size_t(2 * 4 + 6 * 2));
  const auto analysis = vsim::analyseMesh(*mesh, false, "l_prism");
  QVERIFY2(analysis.ok(), analysis.ok() ? "" : analysis.error().message.c_str());
  QVERIFY(analysis->diagnostics.closed);
  QVERIFY(std::abs(analysis->solid.volume_L3 - 3.0) < 1e-12);
  QVERIFY((analysis->solid.centroid_L - Eigen::Vector3d(5.0 / 6.0, 5.0 / 6.0, 0.5)).norm() < 1e-12);
}

void MeshImportTest::facesNamingMissingVerticesAreRefused() {
  // A face naming vertex 7 of three: Assimp's OFF reader clamps it or the import is refused
  // naming the file; never is a triangle left pointing past the vertices (the fuzz target's
  // check, here on a file made to trip it).
  const QString path = tmp_.filePath("dangling.off");
  writeBytes(path, "OFF\n3 2 0\n0 0 0\n1 0 0\n0 1 0\n3 0 1 2\n3 0 1 7\n");
  const auto result = vsim::importMesh(path.toStdString());
  if (!result.ok()) {
    QVERIFY2(result.error().message.rfind(path.toStdString(), 0) == 0, result.error().message.c_str());
    return;
  }
  // Assimp 5.2's OFF reader clamps the index to the last vertex (and logs it): 2 triangles.
  QCOMPARE(result->triangles.size(), std::size_t(2));
  for (const auto& t : result->triangles)
    for (std::uint32_t v : t) QVERIFY(v < result->vertices.size());
}

QTEST_APPLESS_MAIN(MeshImportTest)
#include "mesh_import_test.moc"

void MeshImportTest::assimpCrashIsAnErrorAboutTheFile() {
  // tests/fuzz/corpus/mesh_import/regress_assimp_off_reader_segv.off without its first byte
  // (the fuzz target's format selector): Assimp 5.2.5's OFF reader dies of SIGSEGV on it (found
  // by fuzz_mesh_import). Assimp runs in a child process, so this test is still alive to read
  // an error that names the file and the signal. On an Assimp that no longer crashes on it the
  // file is still refused (it has no valid face), for another reason.
  QFile corpus(
      QStringLiteral(NAVIGATOR_SOURCE_DIR "/tests/fuzz/corpus/mesh_import/regress_assimp_off_reader_segv.off"));
  QVERIFY(corpus.open(QIODevice::ReadOnly));
  const QString path = tmp_.filePath("segv.off");
  writeBytes(path, corpus.readAll().mid(1));
  const auto result = vsim::importMesh(path.toStdString());
  QVERIFY(!result.ok());
  const std::string& message = result.error().message;
  QVERIFY2(message.rfind(path.toStdString() + ": ", 0) == 0, message.c_str());
  if (message.find("crashed") != std::string::npos)
    QVERIFY2(message.find("(signal 11, Segmentation fault)") != std::string::npos, message.c_str());
  qInfo("%s", message.c_str());
  // The importer still works afterwards, in this process and the next child.
  QVERIFY(vsim::importMesh((kData + "box_2x3x4.obj").toStdString()).ok());
}

void MeshImportTest::crashingReaderLeavesTheCallerRunning() {
  const auto segv = vsim::readMeshInChild(
      "x.off", {},
      [](const vsim::ImportProgress&) -> vsim::Result<vsim::TriangleMesh> {
        std::raise(SIGSEGV);
        return vsim::Error{"unreachable"};
      },
      60.0);
  QVERIFY(!segv.ok());
  QCOMPARE(QString::fromStdString(segv.error().message),
           QStringLiteral("x.off: the mesh reader crashed on this file (signal 11, Segmentation fault); the file is "
                          "malformed or not in the format its extension says"));
  const auto aborted = vsim::readMeshInChild(
      "x.off", {}, [](const vsim::ImportProgress&) -> vsim::Result<vsim::TriangleMesh> { std::abort(); }, 60.0);
  QVERIFY(!aborted.ok());
  QVERIFY(aborted.error().message.find("(signal 6, Aborted)") != std::string::npos);
  // An answer crosses the pipe whole: a mesh, its skipped primitives and an error's text.
  vsim::TriangleMesh sent = vsim::boxMesh(Eigen::Vector3d(2, 3, 4));
  sent.skipped_primitives = 7;
  const auto mesh = vsim::readMeshInChild(
      "x.obj", {},
      [&](const vsim::ImportProgress& p) -> vsim::Result<vsim::TriangleMesh> {
        p(0.5f);
        return sent;
      },
      60.0);
  QVERIFY(mesh.ok());
  QCOMPARE(mesh->vertices, sent.vertices);
  QCOMPARE(mesh->triangles, sent.triangles);
  QCOMPARE(mesh->skipped_primitives, std::size_t(7));
  const auto refused = vsim::readMeshInChild(
      "x.obj", {},
      [](const vsim::ImportProgress&) -> vsim::Result<vsim::TriangleMesh> {
        return vsim::Error{"x.obj: holds no triangles"};
      },
      60.0);
  QVERIFY(!refused.ok());
  QCOMPARE(QString::fromStdString(refused.error().message), QStringLiteral("x.obj: holds no triangles"));
}

void MeshImportTest::stuckReaderCanBeCancelled() {
  // A reader that never answers (an importer stuck in a loop): the caller's progress callback
  // is still asked while the child is silent, and saying no ends the child.
  int asked = 0;
  const auto result = vsim::readMeshInChild(
      "x.ply", [&](float) { return ++asked < 3; },
      [](const vsim::ImportProgress&) -> vsim::Result<vsim::TriangleMesh> {
        for (;;) ::pause();
      },
      60.0);
  QVERIFY(!result.ok());
  QCOMPARE(QString::fromStdString(result.error().message), QStringLiteral("x.ply: import cancelled"));
  QCOMPARE(asked, 3);
}

void MeshImportTest::stuckReaderIsStoppedAtItsTimeLimit() {
  // With nobody to cancel (a command-line tool, a daemon loading an airframe), a reader that
  // never answers is stopped at its time limit, and the error says so.
  const auto result = vsim::readMeshInChild(
      "x.ply", {},
      [](const vsim::ImportProgress&) -> vsim::Result<vsim::TriangleMesh> {
        for (;;) ::pause();
      },
      0.5);
  QVERIFY(!result.ok());
  QCOMPARE(QString::fromStdString(result.error().message),
           QStringLiteral("x.ply: the mesh reader did not finish within 0.5 s and was stopped; the file is malformed "
                          "(a reader stuck on it) or far larger than it looks"));
  // The rule for files of a given size (child_mesh_reader.h): 30 s, and 2 s more per MiB.
  QCOMPARE(vsim::meshReaderTimeLimit_s(0), 30.0);
  QCOMPARE(vsim::meshReaderTimeLimit_s(100 * 1024 * 1024), 230.0);

  // tests/fuzz/corpus/mesh_import/regress_assimp_ply_reader_hang.ply without its first byte (the
  // fuzz target's format selector): Assimp 5.2.5's PLY reader loops for ever on this header, a
  // property name cut by NUL bytes (found by fuzz_mesh_import). Through importMesh with a short
  // limit, it is an error about the file, and the importer works afterwards.
  QFile corpus(
      QStringLiteral(NAVIGATOR_SOURCE_DIR "/tests/fuzz/corpus/mesh_import/regress_assimp_ply_reader_hang.ply"));
  QVERIFY(corpus.open(QIODevice::ReadOnly));
  const QString path = tmp_.filePath("hang.ply");
  QFile out(path);
  QVERIFY(out.open(QIODevice::WriteOnly));
  out.write(corpus.readAll().mid(1));
  out.close();
  const auto hung = vsim::importMesh(path.toStdString(), {}, 1.0);
  QVERIFY(!hung.ok());
  QVERIFY2(hung.error().message.rfind(path.toStdString() + ": the mesh reader did not finish within 1 s", 0) == 0,
           hung.error().message.c_str());
  QVERIFY(vsim::importMesh((kData + "box_2x3x4.obj").toStdString()).ok());
}
