// Tests of the polyhedral integral and the mesh-to-mass pipeline (sim/polyhedral_integral,
// sim/mesh_mass_properties) against closed forms: a box, a rotated box, a tessellated sphere.
#include "sim/mass/mass_primitives.h"
#include "sim/geometry/mesh_builders.h"
#include "sim/mass/mesh_mass_properties.h"

#include <Eigen/Geometry>
#include <QtTest>

#include <numbers>

using vsim::MassSpec;

namespace {

// Mesh vertices are float32 (as every STL is): closed forms hold to float rounding.
constexpr double kFloatTol = 2e-6;

vsim::MeshMassProperties massOf(const vsim::TriangleMesh& mesh, MassSpec spec = {}) {
  const auto analysis = vsim::analyseMesh(mesh, false, "test mesh");
  if (!analysis) qFatal("%s", analysis.error().message.c_str());
  const auto mass = vsim::scaleToMass(analysis->solid, spec);
  if (!mass) qFatal("%s", mass.error().message.c_str());
  return *mass;
}

// Largest entry-wise difference relative to the largest entry of `expected`.
double relativeError(const Eigen::Matrix3d& got, const Eigen::Matrix3d& expected) {
  return (got - expected).cwiseAbs().maxCoeff() / expected.cwiseAbs().maxCoeff();
}

MassSpec density(double kgm3, vsim::LengthUnit unit = vsim::LengthUnit::Metre) {
  return MassSpec{unit, MassSpec::Basis::Density, kgm3};
}

}  // namespace

class MeshMassPropertiesTest : public QObject {
  Q_OBJECT
 private slots:
  void boxMatchesClosedForm();
  void sphereWithinTessellationTolerance();
  void sphereErrorFallsWithSquareOfFacetSize();
  void rotatedBoxProducts_data();
  void rotatedBoxProducts();
  void cylinderPrismMatchesPolygonClosedForm();
  void translatedBoxObeysParallelAxis();
  void hollowBoxSubtractsInnerShell();
  void insideOutBoxIsDetectedAndCorrected();
  void unitsScaleLengthsAndDensity();
  void totalMassSetsDensity();
  void farFromOriginStaysPrecise();
  void openMeshIsRefusedUnlessAllowed();
  void nonFiniteCoordinatesAreRefused();
  void flatMeshEnclosesNoVolume();
  void badDensityIsRefused();
  void meshPartJoinsACompositeAirframe();
};

void MeshMassPropertiesTest::boxMatchesClosedForm() {
  // Box a×b×c, density ρ: m = ρabc, Ixx = m(b²+c²)/12 and cyclic (closed form; seed table: 0.00 %).
  const Eigen::Vector3d size(0.2, 0.3, 0.5);
  const auto got = massOf(vsim::boxMesh(size), density(1240.0));
  const auto expected = vsim::solidBox(1240.0 * 0.03, size);
  QCOMPARE_LE(std::abs(got.body.mass_kg / expected.mass_kg - 1.0), kFloatTol);
  QCOMPARE_LT(got.body.com_B_m.norm(), 1e-8);
  QCOMPARE_LE(relativeError(got.body.inertia_com_B_kgm2, expected.inertia_com_B_kgm2), kFloatTol);
}

void MeshMassPropertiesTest::sphereWithinTessellationTolerance() {
  // A UV-tessellated sphere within 0.15 % of the closed form I = 2/5 m r²: the residual is the
  // tessellation's (the next test shows it falls as h²); at 96 slices × 48 stacks, with the total mass given, the
  // largest relative error of the tensor is 0.143 %.
  const double r = 0.05, m = 0.2;
  const auto got =
      massOf(vsim::uvSphereMesh(r, 96, 48), MassSpec{vsim::LengthUnit::Metre, MassSpec::Basis::TotalMass, m});
  const auto expected = vsim::solidSphere(m, r);
  QCOMPARE_LE(relativeError(got.body.inertia_com_B_kgm2, expected.inertia_com_B_kgm2), 0.0015);
  QCOMPARE_LT(got.body.com_B_m.norm(), 1e-8);
}

void MeshMassPropertiesTest::sphereErrorFallsWithSquareOfFacetSize() {
  // The sphere's residual is its triangulation, not the integral: an inscribed
  // polyhedron's error is O(h²), so doubling slices and stacks quarters it (ratio 4 ± 3 %).
  auto errorAt = [](int slices, int stacks) {
    const auto got = massOf(vsim::uvSphereMesh(1.0, slices, stacks),
                            MassSpec{vsim::LengthUnit::Metre, MassSpec::Basis::TotalMass, 1.0});
    return relativeError(got.body.inertia_com_B_kgm2, vsim::solidSphere(1.0, 1.0).inertia_com_B_kgm2);
  };
  const double ratio = errorAt(48, 24) / errorAt(96, 48);
  QVERIFY2(std::abs(ratio - 4.0) < 0.12, qPrintable(QString::number(ratio)));
}

void MeshMassPropertiesTest::rotatedBoxProducts_data() {
  QTest::addColumn<double>("angle_rad");
  QTest::addColumn<double>("ax");
  QTest::addColumn<double>("ay");
  QTest::addColumn<double>("az");
  QTest::newRow("45 deg about z (seed table)") << M_PI / 4 << 0.0 << 0.0 << 1.0;
  QTest::newRow("30 deg about x") << M_PI / 6 << 1.0 << 0.0 << 0.0;
  QTest::newRow("oblique axis") << 1.1 << 1.0 << -2.0 << 0.5;
}

void MeshMassPropertiesTest::rotatedBoxProducts() {
  // A rotated box: its tensor is R·I·Rᵀ, products of inertia included (seed table: 0.00 %).
  QFETCH(double, angle_rad);
  QFETCH(double, ax);
  QFETCH(double, ay);
  QFETCH(double, az);
  const Eigen::Vector3d size(0.4, 0.1, 0.05);
  vsim::Pose pose;
  pose.R_PB = Eigen::AngleAxisd(angle_rad, Eigen::Vector3d(ax, ay, az).normalized()).toRotationMatrix();
  vsim::TriangleMesh mesh = vsim::boxMesh(size);
  vsim::transformMesh(mesh, pose);
  const auto got = massOf(mesh, density(2700.0));
  const auto expected = vsim::expressedInParent(vsim::solidBox(2700.0 * size.prod(), size), pose);
  QCOMPARE_LE(relativeError(got.body.inertia_com_B_kgm2, expected.inertia_com_B_kgm2), kFloatTol);
  const double product = std::abs(expected.inertia_com_B_kgm2(0, 1)) + std::abs(expected.inertia_com_B_kgm2(1, 2)) +
                         std::abs(expected.inertia_com_B_kgm2(0, 2));
  QVERIFY(product > 1e-3 * expected.inertia_com_B_kgm2.maxCoeff());  // the products are really there
}

void MeshMassPropertiesTest::cylinderPrismMatchesPolygonClosedForm() {
  // The tessellated cylinder is a prism on a regular n-gon of circumradius R. Exactly:
  // area A = n R² sin(2π/n)/2; polar moment per area R²(2 + cos(2π/n))/6, so
  // Izz = m R²(2+cos(2π/n))/6 and Ixx = Iyy = m L²/12 + m R²(2+cos(2π/n))/12.
  // As n → ∞ these tend to the cylinder's m R²/2 and m(3R² + L²)/12.
  const int n = 64;
  const double R = 0.03, L = 0.12, rho = 1000.0;
  const double c = std::cos(2 * M_PI / n);
  const double m = rho * L * n * R * R * std::sin(2 * M_PI / n) / 2;
  const auto got = massOf(vsim::cylinderMesh(R, L, n), density(rho));
  QCOMPARE_LE(std::abs(got.body.mass_kg / m - 1.0), kFloatTol);
  Eigen::Matrix3d expected = Eigen::Matrix3d::Zero();
  expected.diagonal() << m * L * L / 12 + m * R * R * (2 + c) / 12, m * L * L / 12 + m * R * R * (2 + c) / 12,
      m * R * R * (2 + c) / 6;
  QCOMPARE_LE(relativeError(got.body.inertia_com_B_kgm2, expected), kFloatTol);
  // And the prism approaches the solid cylinder: 64 facets lose 0.16 % of the area.
  QCOMPARE_LE(relativeError(got.body.inertia_com_B_kgm2, vsim::solidCylinder(m, R, L).inertia_com_B_kgm2), 0.002);
}

void MeshMassPropertiesTest::translatedBoxObeysParallelAxis() {
  // Moving a box by d moves its centre by d and leaves the tensor about the centre alone;
  // about the origin it gains m(|d|²E − ddᵀ) (parallel-axis theorem).
  const Eigen::Vector3d size(0.3, 0.2, 0.1), d(1.0, -2.0, 0.5);
  vsim::TriangleMesh mesh = vsim::boxMesh(size);
  vsim::Pose pose;
  pose.p_PB_m = d;
  vsim::transformMesh(mesh, pose);
  const auto got = massOf(mesh, density(1000.0));
  const auto expected = vsim::solidBox(1000.0 * size.prod(), size);
  QCOMPARE_LT((got.body.com_B_m - d).norm(), 1e-6);
  QCOMPARE_LE(relativeError(got.body.inertia_com_B_kgm2, expected.inertia_com_B_kgm2), 1e-5);
  const Eigen::Matrix3d about_origin = vsim::inertiaAboutPoint(got.body, Eigen::Vector3d::Zero());
  const Eigen::Matrix3d expected_origin = expected.inertia_com_B_kgm2 + vsim::parallelAxisTerm(expected.mass_kg, d);
  QCOMPARE_LE(relativeError(about_origin, expected_origin), 1e-5);
}

void MeshMassPropertiesTest::hollowBoxSubtractsInnerShell() {
  // Outer 1 m cube wound outward, inner 0.5 m cube wound inward: a hollow box.
  // m = ρ(1 − 0.125); Ixx = ρ(1·2/12 − 0.125·0.5/12) (solid minus cavity).
  vsim::TriangleMesh mesh = vsim::boxMesh({1, 1, 1});
  vsim::TriangleMesh cavity = vsim::boxMesh({0.5, 0.5, 0.5});
  vsim::flipWinding(cavity);
  vsim::appendMesh(mesh, cavity);
  const auto analysis = vsim::analyseMesh(mesh, false, "hollow");
  QVERIFY(analysis.ok());
  QCOMPARE(analysis->diagnostics.shells, std::size_t(2));
  QVERIFY(analysis->diagnostics.closed);
  QVERIFY(!analysis->diagnostics.inside_out);
  const auto got = vsim::scaleToMass(analysis->solid, density(100.0));
  QCOMPARE_LE(std::abs(got->body.mass_kg - 87.5), 1e-9);
  const double expected = 100.0 * (2.0 / 12 - 0.125 * 0.5 / 12);
  for (int i = 0; i < 3; ++i) QCOMPARE_LE(std::abs(got->body.inertia_com_B_kgm2(i, i) / expected - 1.0), 1e-12);
}

void MeshMassPropertiesTest::insideOutBoxIsDetectedAndCorrected() {
  // An inside-out mesh flips the sign of every integral (the divergence theorem's outward
  // normal is reversed); detect and negate the lot.
  const Eigen::Vector3d size(0.2, 0.3, 0.5);
  vsim::TriangleMesh mesh = vsim::boxMesh(size);
  vsim::flipWinding(mesh);
  const auto analysis = vsim::analyseMesh(mesh, false, "inside-out");
  QVERIFY(analysis.ok());
  QVERIFY(analysis->diagnostics.inside_out);
  QVERIFY(analysis->diagnostics.closed);  // consistently wound, only the wrong way round
  const auto got = vsim::scaleToMass(analysis->solid, density(1000.0));
  const auto expected = vsim::solidBox(30.0, size);
  QCOMPARE_LE(std::abs(got->body.mass_kg / 30.0 - 1.0), kFloatTol);
  QCOMPARE_LE(relativeError(got->body.inertia_com_B_kgm2, expected.inertia_com_B_kgm2), kFloatTol);
}

void MeshMassPropertiesTest::unitsScaleLengthsAndDensity() {
  // The same box drawn in mm (200 × 300 × 500) and in m must give the same kg and kg·m².
  const auto in_m = massOf(vsim::boxMesh({0.2, 0.3, 0.5}), density(1000.0));
  const auto in_mm = massOf(vsim::boxMesh({200, 300, 500}), density(1000.0, vsim::LengthUnit::Millimetre));
  QCOMPARE_LE(std::abs(in_mm.body.mass_kg / in_m.body.mass_kg - 1.0), kFloatTol);
  QCOMPARE_LE(std::abs(in_mm.volume_m3 - 0.03), 0.03 * kFloatTol);
  QCOMPARE_LE(relativeError(in_mm.body.inertia_com_B_kgm2, in_m.body.inertia_com_B_kgm2), kFloatTol);
  // 1 in = 25.4 mm exactly: a 1 in cube of water is 16.387064 g.
  const auto inch = massOf(vsim::boxMesh({1, 1, 1}), density(1000.0, vsim::LengthUnit::Inch));
  QCOMPARE_LE(std::abs(inch.body.mass_kg - 0.016387064), 1e-12);
}

void MeshMassPropertiesTest::totalMassSetsDensity() {
  const auto got =
      massOf(vsim::boxMesh({0.1, 0.1, 0.1}), MassSpec{vsim::LengthUnit::Metre, MassSpec::Basis::TotalMass, 2.7});
  QCOMPARE_LE(std::abs(got.body.mass_kg - 2.7), 1e-12);
  QCOMPARE_LE(std::abs(got.density_kgm3 / 2700.0 - 1.0), kFloatTol);
}

void MeshMassPropertiesTest::farFromOriginStaysPrecise() {
  // A 10 mm cube 5 km from the origin (coordinates in mm, float32 ≈ 0.5 mm resolution there
  // would ruin it; use 500 m in mm units, step 0.03 mm): the integral is taken about the first
  // vertex, so the tensor keeps its digits. Compare with the closed form on the rounded box.
  vsim::TriangleMesh mesh = vsim::boxMesh({10, 10, 10});
  vsim::Pose pose;
  pose.p_PB_m = {500000.0, -250000.0, 120000.0};
  vsim::transformMesh(mesh, pose);
  const Eigen::Vector3f size_f = mesh.vertices[7] - mesh.vertices[0];  // the box float32 could hold
  const Eigen::Vector3d size = size_f.cast<double>();
  const auto got = massOf(mesh, density(1000.0, vsim::LengthUnit::Millimetre));
  const auto expected = vsim::solidBox(1000.0 * size.prod() * 1e-9, size * 1e-3);
  QCOMPARE_LE(relativeError(got.body.inertia_com_B_kgm2, expected.inertia_com_B_kgm2), 1e-9);
}

void MeshMassPropertiesTest::openMeshIsRefusedUnlessAllowed() {
  vsim::TriangleMesh mesh = vsim::boxMesh({1, 1, 1});
  mesh.triangles.pop_back();
  const auto refused = vsim::analyseMesh(mesh, false, "lid.stl");
  QVERIFY(!refused.ok());
  QVERIFY(refused.error().message.starts_with("lid.stl: "));
  QVERIFY(refused.error().message.find("not closed") != std::string::npos);
  QVERIFY(refused.error().message.find("3 open edges") != std::string::npos);
  const auto allowed = vsim::analyseMesh(mesh, true, "lid.stl");
  QVERIFY(allowed.ok());
  QVERIFY(!allowed->reliable);
  QVERIFY(allowed->solid.inertia_per_density_L5.allFinite());
}

void MeshMassPropertiesTest::nonFiniteCoordinatesAreRefused() {
  vsim::TriangleMesh mesh = vsim::boxMesh({1, 1, 1});
  mesh.vertices[5].y() = std::numeric_limits<float>::quiet_NaN();
  mesh.vertices[6].z() = std::numeric_limits<float>::infinity();
  const auto result = vsim::analyseMesh(mesh, true, "nan.stl");
  QVERIFY(!result.ok());
  QVERIFY(result.error().message.find("2 vertices have non-finite coordinates") != std::string::npos);
  QVERIFY(result.error().message.find("vertex 5") != std::string::npos);
}

void MeshMassPropertiesTest::flatMeshEnclosesNoVolume() {
  // A tetrahedron whose four corners are coplanar: closed and consistently wound, zero volume.
  vsim::TriangleMesh mesh;
  mesh.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0.25f, 0.25f, 0}};
  mesh.triangles = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  const auto result = vsim::analyseMesh(mesh, false, "flat.stl");
  QVERIFY(!result.ok());
  QVERIFY(result.error().message.find("encloses no volume") != std::string::npos);
}

void MeshMassPropertiesTest::badDensityIsRefused() {
  const auto solid = vsim::integrateSolid(vsim::boxMesh({1, 1, 1}));
  for (double bad : {0.0, -5.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
    const auto r = vsim::scaleToMass(solid, density(bad));
    QVERIFY(!r.ok());
    QVERIFY(r.error().message.find("density must be a positive number") != std::string::npos);
  }
}

void MeshMassPropertiesTest::meshPartJoinsACompositeAirframe() {
  // A frame read from a mesh (drawn in mm) joins motors and a battery through combine(); the
  // result must equal the same airframe built from the frame's closed form (parallel-axis theorem).
  const Eigen::Vector3d frame_mm(300, 300, 40);
  const auto frame =
      massOf(vsim::boxMesh(frame_mm), MassSpec{vsim::LengthUnit::Millimetre, MassSpec::Basis::TotalMass, 0.4});
  std::vector<vsim::MassProperties> from_mesh{frame.body}, from_closed_form{vsim::solidBox(0.4, frame_mm * 1e-3)};
  for (int sx : {-1, 1})
    for (int sy : {-1, 1}) {
      vsim::Pose motor;
      motor.p_PB_m = {sx * 0.17, sy * 0.17, -0.03};
      from_mesh.push_back(vsim::expressedInParent(vsim::solidCylinder(0.055, 0.014, 0.03), motor));
      from_closed_form.push_back(from_mesh.back());
    }
  vsim::Pose battery;
  battery.p_PB_m = {0.02, 0.0, 0.04};
  from_mesh.push_back(vsim::expressedInParent(vsim::solidBox(0.45, {0.14, 0.045, 0.035}), battery));
  from_closed_form.push_back(from_mesh.back());
  const vsim::MassProperties a = vsim::combine(from_mesh), b = vsim::combine(from_closed_form);
  QCOMPARE_LE(std::abs(a.mass_kg - b.mass_kg), 1e-12);
  QCOMPARE_LT((a.com_B_m - b.com_B_m).norm(), 1e-9);
  QCOMPARE_LE(relativeError(a.inertia_com_B_kgm2, b.inertia_com_B_kgm2), kFloatTol);
}

QTEST_APPLESS_MAIN(MeshMassPropertiesTest)
#include "mesh_mass_properties_test.moc"
