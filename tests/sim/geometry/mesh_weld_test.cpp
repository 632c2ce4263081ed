// Welding within a tolerance (sim/geometry/mesh_diagnostics.h): meshes written the way
// parametric exporters write them — a torus swept through u, v = 0 … 2π with the seam's vertices
// computed twice (cos/sin at 0 and at 2π, which differ by ~1e-16 and then by float rounding) —
// at several sizes and units, through a binary STL file and the same path vsim-massprops takes.
// The seam closes within the tolerance and the tensor matches the torus's closed form; a real
// gap wider than the tolerance stays open; two vertices an edge joins are never fused.
#include "sim/base/length_unit.h"
#include "sim/geometry/mesh_diagnostics.h"
#include "sim/geometry/mesh_import.h"
#include "sim/geometry/stl_writer.h"
#include "sim/mass/mesh_mass_properties.h"
#include "tests/sim/geometry/parametric_torus.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

// Through a binary STL file (float32 coordinates, every corner repeated) and back.
vsim::TriangleMesh throughStl(const vsim::TriangleMesh& mesh, const QString& path) {
  const auto written = vsim::writeBinaryStl(path.toStdString(), mesh, "parametric torus");
  if (!written) qFatal("%s", written.error().message.c_str());
  auto read = vsim::importMesh(path.toStdString());
  if (!read) qFatal("%s", read.error().message.c_str());
  return std::move(read).value();
}

}  // namespace

class MeshWeldTest : public QObject {
  Q_OBJECT

 private slots:
  void theToleranceRule() {
    // 4 ulps of float32 at the largest coordinate: 100 mm → 4·2⁻¹⁷ mm (2⁶ ≤ 100 < 2⁷).
    QCOMPARE(vsim::weldTolerance(100.0f), 4.0 * std::ldexp(1.0, 6 - 23));
    QCOMPARE(vsim::weldTolerance(1.0f), 4.0 * std::ldexp(1.0, -23));
    QCOMPARE(vsim::weldTolerance(0.0f), 0.0);
  }

  void anExportersSeamClosesWithinTheTolerance_data() {
    QTest::addColumn<double>("R");
    QTest::addColumn<double>("r");
    QTest::addColumn<QString>("unit");
    QTest::newRow("5 cm ring in m") << 0.05 << 0.01 << "m";
    QTest::newRow("50 mm ring in mm") << 50.0 << 10.0 << "mm";
    QTest::newRow("2 in ring in in") << 2.0 << 0.5 << "in";
    QTest::newRow("400 m ring in m") << 400.0 << 100.0 << "m";
  }
  void anExportersSeamClosesWithinTheTolerance() {
    QFETCH(double, R);
    QFETCH(double, r);
    QFETCH(QString, unit);
    QTemporaryDir dir;
    const int nu = 256, nv = 128;
    const vsim::TriangleMesh mesh = throughStl(parametricTorus(R, r, nu, nv), dir.filePath("torus.stl"));
    const auto analysis = vsim::analyseMesh(mesh, false, "torus.stl");
    QVERIFY2(bool(analysis), analysis ? "" : analysis.error().message.c_str());
    const vsim::MeshDiagnostics& d = analysis->diagnostics;
    QVERIFY(d.closed);
    QCOMPARE(d.shells, std::size_t(1));
    QCOMPARE(d.distinct_vertices, std::size_t(nu * nv));  // every computed-twice seam vertex is one
    QCOMPARE_GT(d.tolerance_merged, std::size_t(0));      // (the exact weld alone left the seam open)
    QCOMPARE_LE(d.tolerance_merged, std::size_t(nu + nv + 1));
    qInfo("%s: tolerance %.3g %s, %zu vertices merged within it", qPrintable(unit), d.weld_tolerance, qPrintable(unit),
          d.tolerance_merged);

    // The torus's closed form, unit density: V = 2π²Rr², Izz = m(R² + ¾r²), Ixx = m(R²/2 + ⅝r²).
    // The 256 × 128 facets inscribe it, 2e-4 low at this resolution (the error falls as the
    // square of the facet size); the weld changes no number of the integral.
    vsim::MassSpec spec;
    spec.unit = *vsim::parseLengthUnit(unit.toStdString());
    spec.basis = vsim::MassSpec::Basis::Density;
    spec.value = 1.0;
    const auto mass = vsim::scaleToMass(analysis->solid, spec);
    QVERIFY(bool(mass));
    const double L = vsim::metresPerUnit(spec.unit), Rm = R * L, rm = r * L;
    const double m = 2.0 * M_PI * M_PI * Rm * rm * rm;
    const Eigen::Matrix3d& I = mass->body.inertia_com_B_kgm2;
    QCOMPARE_LT(std::abs(mass->body.mass_kg / m - 1.0), 1e-3);
    QCOMPARE_LT(std::abs(I(2, 2) / (m * (Rm * Rm + 0.75 * rm * rm)) - 1.0), 1e-3);
    QCOMPARE_LT(std::abs(I(0, 0) / (m * (0.5 * Rm * Rm + 0.625 * rm * rm)) - 1.0), 1e-3);
  }

  void aGapWiderThanTheToleranceStaysOpen() {
    // The same 50 mm ring with its seam 20 tolerances apart: a real slit, not rounding.
    const double tolerance = vsim::weldTolerance(60.0f);
    QTemporaryDir dir;
    const vsim::TriangleMesh mesh =
        throughStl(parametricTorus(50.0, 10.0, 64, 32, 20 * tolerance), dir.filePath("slit.stl"));
    const vsim::MeshDiagnostics d = vsim::diagnoseMesh(mesh);
    QVERIFY(!d.closed);
    QCOMPARE_GE(d.open_edges, std::size_t(2 * 32));  // the slit's two rims, 32 edges each
    const auto refused = vsim::analyseMesh(mesh, false, "slit.stl");
    QVERIFY(!refused);  // refused as not closed, as before
  }

  void verticesAnEdgeJoinsAreNeverFused() {
    // An open sliver: two of its corners closer than the tolerance, joined by an edge — a tiny
    // real feature. Both stay, and the triangle keeps its three corners.
    const double tolerance = vsim::weldTolerance(1.0f);
    vsim::TriangleMesh m;
    m.vertices = {{0, 0, 0}, {float(0.3 * tolerance), 0, 0}, {0.5f, 1.0f, 0}, {1.0f, 0, 0}};
    m.triangles = {{0, 1, 2}, {1, 3, 2}};
    const vsim::MeshDiagnostics d = vsim::diagnoseMesh(m);
    QCOMPARE(d.distinct_vertices, std::size_t(4));
    QCOMPARE(d.tolerance_merged, std::size_t(0));
    QCOMPARE(d.open_edges, std::size_t(4));  // the outline of the strip
  }
};

QTEST_GUILESS_MAIN(MeshWeldTest)
#include "mesh_weld_test.moc"
