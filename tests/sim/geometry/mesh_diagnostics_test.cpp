// Tests of sim/mesh_diagnostics: the edge census, shells, degeneracy, welding.
#include "sim/geometry/mesh_builders.h"
#include "sim/geometry/mesh_diagnostics.h"
#include "sim/geometry/vertex_weld.h"

#include <QtTest>

#include <map>
#include <tuple>

Q_DECLARE_METATYPE(vsim::TriangleMesh)

namespace {

// Every triangle with its own three vertices, as an STL file stores it.
vsim::TriangleMesh unwelded(const vsim::TriangleMesh& mesh) {
  vsim::TriangleMesh soup;
  for (const auto& t : mesh.triangles) {
    const auto base = std::uint32_t(soup.vertices.size());
    for (int c = 0; c < 3; ++c) soup.vertices.push_back(mesh.vertices[t[c]]);
    soup.triangles.push_back({base, base + 1, base + 2});
  }
  return soup;
}

vsim::TriangleMesh twoBoxes() {
  vsim::TriangleMesh a = vsim::boxMesh({1, 1, 1});
  vsim::TriangleMesh b = vsim::boxMesh({1, 1, 1});
  vsim::Pose apart;
  apart.p_PB_m = {3, 0, 0};
  vsim::transformMesh(b, apart);
  vsim::appendMesh(a, b);
  return a;
}

}  // namespace

class MeshDiagnosticsTest : public QObject {
  Q_OBJECT
 private slots:
  void census_data();
  void census();
  void weldTreatsSignedZerosAsOnePlace();
  void weldSurvivesTableGrowth();
  void weldIdsDoNotDependOnThreads();
  void nonFiniteVerticesAreCounted();
};

void MeshDiagnosticsTest::census_data() {
  QTest::addColumn<vsim::TriangleMesh>("mesh");
  QTest::addColumn<bool>("closed");
  QTest::addColumn<int>("shells");
  QTest::addColumn<int>("open_edges");
  QTest::addColumn<int>("non_manifold");
  QTest::addColumn<int>("misoriented");
  QTest::addColumn<int>("degenerate");

  // A box: 12 triangles, 18 edges, each used once in each direction (Euler: V−E+F = 8−18+12 = 2).
  QTest::newRow("box") << vsim::boxMesh({1, 2, 3}) << true << 1 << 0 << 0 << 0 << 0;
  QTest::newRow("box as STL soup") << unwelded(vsim::boxMesh({1, 2, 3})) << true << 1 << 0 << 0 << 0 << 0;
  vsim::TriangleMesh lidless = vsim::boxMesh({1, 1, 1});
  lidless.triangles.pop_back();  // a missing triangle leaves its 3 edges open
  QTest::newRow("missing triangle") << lidless << false << 1 << 3 << 0 << 0 << 0;
  vsim::TriangleMesh flipped = vsim::boxMesh({1, 1, 1});
  std::swap(flipped.triangles[4][1], flipped.triangles[4][2]);  // its 3 edges now run the same way twice
  QTest::newRow("one flipped triangle") << flipped << false << 1 << 0 << 0 << 3 << 0;
  QTest::newRow("two boxes") << twoBoxes() << true << 2 << 0 << 0 << 0 << 0;
  vsim::TriangleMesh fin = vsim::boxMesh({1, 1, 1});
  fin.vertices.emplace_back(0.0f, 0.0f, 5.0f);  // a fin on the edge 0–2: that edge now has 3 users,
  fin.triangles.push_back({0, 2, 8});           // and the fin's other two edges are open
  QTest::newRow("fin on an edge") << fin << false << 1 << 2 << 1 << 0 << 0;
  vsim::TriangleMesh sliver = vsim::boxMesh({1, 1, 1});
  sliver.vertices.emplace_back(0.0f, 0.0f, 0.0f);  // collinear with corners 0 and 1
  sliver.vertices.back() = 0.5f * (sliver.vertices[0] + sliver.vertices[1]);
  sliver.triangles.push_back({0, 1, 8});
  sliver.triangles.push_back({0, 8, 1});  // a zero-area pair, closed against each other
  QTest::newRow("zero-area sliver") << sliver << false << 1 << 0 << 1 << 0 << 2;
}

void MeshDiagnosticsTest::census() {
  QFETCH(vsim::TriangleMesh, mesh);
  QFETCH(bool, closed);
  QFETCH(int, shells);
  QFETCH(int, open_edges);
  QFETCH(int, non_manifold);
  QFETCH(int, misoriented);
  QFETCH(int, degenerate);
  const vsim::MeshDiagnostics d = vsim::diagnoseMesh(mesh);
  QCOMPARE(d.triangles, mesh.triangles.size());
  QCOMPARE(d.closed, closed);
  QCOMPARE(int(d.shells), shells);
  QCOMPARE(int(d.open_edges), open_edges);
  QCOMPARE(int(d.non_manifold_edges), non_manifold);
  QCOMPARE(int(d.misoriented_edges), misoriented);
  QCOMPARE(int(d.degenerate), degenerate);
  QCOMPARE(d.non_finite_vertices, std::size_t(0));
}

void MeshDiagnosticsTest::weldTreatsSignedZerosAsOnePlace() {
  vsim::TriangleMesh mesh;
  mesh.vertices = {{0.0f, 1.0f, 2.0f}, {-0.0f, 1.0f, 2.0f}, {0.0f, 1.0f, 2.5f}};
  std::vector<std::uint32_t> id;
  QCOMPARE(vsim::weldByPosition(mesh, id), std::size_t(2));
  QCOMPARE(id[0], id[1]);
  QVERIFY(id[2] != id[0]);
}

void MeshDiagnosticsTest::weldSurvivesTableGrowth() {
  // 20,000 distinct positions each seen 3 times: far more than the table's first size.
  vsim::TriangleMesh mesh;
  for (int rep = 0; rep < 3; ++rep)
    for (int i = 0; i < 20000; ++i) mesh.vertices.emplace_back(float(i), float(i % 7), float(i % 13));
  std::vector<std::uint32_t> id;
  QCOMPARE(vsim::weldByPosition(mesh, id), std::size_t(20000));
  for (int i = 0; i < 20000; ++i) {
    QCOMPARE(id[i], std::uint32_t(i));  // compact ids in order of first appearance
    QCOMPARE(id[20000 + i], std::uint32_t(i));
    QCOMPARE(id[40000 + i], std::uint32_t(i));
  }
}

void MeshDiagnosticsTest::weldIdsDoNotDependOnThreads() {
  // 300,007 vertices drawn from 1,000 positions (a deterministic LCG), some with -0: the ids
  // must be the single-thread ones for any number of parts, and match a std::map weld.
  vsim::TriangleMesh mesh;
  std::uint32_t state = 12345;
  for (int i = 0; i < 300007; ++i) {
    state = state * 1664525u + 1013904223u;
    const int k = int(state >> 22);  // 0 .. 1023
    const float zero = (state & 1u) ? -0.0f : 0.0f;
    mesh.vertices.emplace_back(float(k % 10) + zero, float(k / 10 % 10), k >= 1000 ? 0.5f : float(k / 100));
  }
  std::map<std::tuple<float, float, float>, std::uint32_t> first;
  std::vector<std::uint32_t> expected;
  for (const auto& v : mesh.vertices) {
    const auto key = std::make_tuple(v.x() + 0.0f, v.y() + 0.0f, v.z() + 0.0f);
    const auto it = first.try_emplace(key, std::uint32_t(first.size())).first;
    expected.push_back(it->second);
  }
  for (int parts = 1; parts <= 4; ++parts) {
    std::vector<std::uint32_t> id(mesh.vertices.size());
    QCOMPARE(vsim::weldByPosition(mesh, id.data(), parts), first.size());
    QVERIFY2(id == expected, qPrintable(QString("parts = %1").arg(parts)));
  }
}

void MeshDiagnosticsTest::nonFiniteVerticesAreCounted() {
  vsim::TriangleMesh mesh = vsim::boxMesh({1, 1, 1});
  mesh.vertices[0].x() = std::numeric_limits<float>::quiet_NaN();
  mesh.vertices[3].z() = -std::numeric_limits<float>::infinity();
  QCOMPARE(vsim::diagnoseMesh(mesh).non_finite_vertices, std::size_t(2));
}

QTEST_APPLESS_MAIN(MeshDiagnosticsTest)
#include "mesh_diagnostics_test.moc"
