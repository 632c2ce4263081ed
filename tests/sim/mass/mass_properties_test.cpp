// Tests of sim/mass_properties and sim/mass_primitives: parallel axis, placement, combine()
// and principal axes, each against a closed form.
#include "sim/mass/mass_primitives.h"
#include "sim/mass/mass_properties.h"

#include <Eigen/Geometry>
#include <QtTest>

#include <array>

using vsim::MassProperties;

namespace {

double maxAbs(const Eigen::Matrix3d& m) { return m.cwiseAbs().maxCoeff(); }

}  // namespace

class MassPropertiesTest : public QObject {
  Q_OBJECT
 private slots:
  void parallelAxisTermOfPointMass();
  void boxRotated45DegreesHasClosedFormProducts();
  void twoHalfBoxesCombineIntoOneBox();
  void compositeAirframeEqualsItsSum();
  void combineOfNothingIsZero();
  void principalAxesRecoverRotation();
  void principalAxesAreRightHandedAndSorted();
};

void MassPropertiesTest::parallelAxisTermOfPointMass() {
  // Point mass m at d: I = m(|d|²E − d dᵀ) (the inertia sums Σm(y²+z²), −Σmxy, … of one particle).
  const Eigen::Matrix3d I = vsim::parallelAxisTerm(2.0, {1.0, 2.0, 3.0});
  Eigen::Matrix3d expected;
  expected << 2 * 13, -2 * 2, -2 * 3, -2 * 2, 2 * 10, -2 * 6, -2 * 3, -2 * 6, 2 * 5;
  QVERIFY(maxAbs(I - expected) < 1e-12);
}

void MassPropertiesTest::boxRotated45DegreesHasClosedFormProducts() {
  // A box with principal moments a, b rotated by θ about z: I'xx = a cos²θ + b sin²θ,
  // I'yy = a sin²θ + b cos²θ, I'xy = (a − b) sinθ cosθ (R·diag·Rᵀ). At 45°: (a+b)/2 and (a−b)/2.
  const MassProperties box = vsim::solidBox(3.0, {0.4, 0.1, 0.05});
  vsim::Pose pose;
  pose.R_PB = Eigen::AngleAxisd(M_PI / 4, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  const MassProperties rotated = vsim::expressedInParent(box, pose);
  const double a = box.inertia_com_B_kgm2(0, 0), b = box.inertia_com_B_kgm2(1, 1);
  const Eigen::Matrix3d& I = rotated.inertia_com_B_kgm2;
  QCOMPARE_LE(std::abs(I(0, 0) - 0.5 * (a + b)), 1e-15);
  QCOMPARE_LE(std::abs(I(1, 1) - 0.5 * (a + b)), 1e-15);
  QCOMPARE_LE(std::abs(I(0, 1) - 0.5 * (a - b)), 1e-15);
  QCOMPARE_LE(std::abs(I(1, 0) - I(0, 1)), 1e-18);
  QCOMPARE_LE(std::abs(I(2, 2) - box.inertia_com_B_kgm2(2, 2)), 1e-15);
}

void MassPropertiesTest::twoHalfBoxesCombineIntoOneBox() {
  // Two 1x1x1 boxes of 1 kg at x = ±0.5 are one 2x1x1 box of 2 kg: Ixx = 2(1+1)/12,
  // Iyy = Izz = 2(4+1)/12 (box closed form), centre at the origin.
  const MassProperties half = vsim::solidBox(1.0, {1, 1, 1});
  vsim::Pose left, right;
  left.p_PB_m = {-0.5, 0, 0};
  right.p_PB_m = {0.5, 0, 0};
  const std::array<MassProperties, 2> parts{vsim::expressedInParent(half, left), vsim::expressedInParent(half, right)};
  const MassProperties whole = vsim::combine(parts);
  const MassProperties expected = vsim::solidBox(2.0, {2, 1, 1});
  QCOMPARE(whole.mass_kg, 2.0);
  QCOMPARE_LT(whole.com_B_m.norm(), 1e-15);
  QVERIFY(maxAbs(whole.inertia_com_B_kgm2 - expected.inertia_com_B_kgm2) < 1e-15);
}

void MassPropertiesTest::compositeAirframeEqualsItsSum() {
  // Frame (box) + four motors (point masses at (±a, ±a, −h)) + battery (box below) + flight
  // controller (cylinder): combine() must equal the hand sum of each part's own tensor plus
  // m(|d|²E − ddᵀ) about the common centre (the parallel-axis theorem).
  const double a = 0.17, h = 0.02, m_motor = 0.055;
  std::vector<MassProperties> parts;
  parts.push_back(vsim::solidBox(0.40, {0.30, 0.30, 0.04}));
  for (int sx : {-1, 1})
    for (int sy : {-1, 1}) {
      vsim::Pose p;
      p.p_PB_m = {sx * a, sy * a, -h};
      parts.push_back(vsim::expressedInParent(vsim::pointMass(m_motor), p));
    }
  vsim::Pose battery_pose;
  battery_pose.p_PB_m = {0.01, 0.0, 0.05};
  parts.push_back(vsim::expressedInParent(vsim::solidBox(0.45, {0.14, 0.045, 0.035}), battery_pose));
  vsim::Pose fc_pose;
  fc_pose.p_PB_m = {0.0, 0.0, -0.03};
  parts.push_back(vsim::expressedInParent(vsim::solidCylinder(0.03, 0.02, 0.01), fc_pose));

  double mass = 0;
  Eigen::Vector3d moment = Eigen::Vector3d::Zero();
  for (const auto& p : parts) {
    mass += p.mass_kg;
    moment += p.mass_kg * p.com_B_m;
  }
  const Eigen::Vector3d com = moment / mass;
  Eigen::Matrix3d I = Eigen::Matrix3d::Zero();
  for (const auto& p : parts) {
    const Eigen::Vector3d d = p.com_B_m - com;
    I += p.inertia_com_B_kgm2 + p.mass_kg * (d.dot(d) * Eigen::Matrix3d::Identity() - d * d.transpose());
  }
  const MassProperties total = vsim::combine(parts);
  QCOMPARE_LE(std::abs(total.mass_kg - (0.40 + 4 * m_motor + 0.45 + 0.03)), 1e-15);
  QCOMPARE_LT((total.com_B_m - com).norm(), 1e-15);
  QVERIFY(maxAbs(total.inertia_com_B_kgm2 - I) < 1e-15);
  // The battery sits off-centre in x and z, so a product of inertia appears (−∫xz dm ≠ 0).
  QVERIFY(std::abs(total.inertia_com_B_kgm2(0, 2)) > 1e-6);
}

void MassPropertiesTest::combineOfNothingIsZero() {
  const MassProperties none = vsim::combine({});
  QCOMPARE(none.mass_kg, 0.0);
  QVERIFY(none.com_B_m.allFinite());
  QVERIFY(none.inertia_com_B_kgm2.allFinite());
}

void MassPropertiesTest::principalAxesRecoverRotation() {
  // A 1x2x3 box of 1 kg has moments 13/12 (x), 10/12 (y), 5/12 (z): ascending z, y, x.
  // Rotated by R, its principal axes are R's columns z, y, x up to sign.
  const MassProperties box = vsim::solidBox(1.0, {1, 2, 3});
  vsim::Pose pose;
  pose.R_PB = Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, -2, 0.5).normalized()).toRotationMatrix();
  const MassProperties rotated = vsim::expressedInParent(box, pose);
  const vsim::PrincipalAxes p = vsim::principalAxes(rotated.inertia_com_B_kgm2);
  QCOMPARE_LT((p.moments_kgm2 - Eigen::Vector3d(5.0 / 12, 10.0 / 12, 13.0 / 12)).norm(), 1e-12);
  const int body_axis_of[3] = {2, 1, 0};
  for (int k = 0; k < 3; ++k)
    QCOMPARE_LE(std::abs(std::abs(p.R_BP.col(k).dot(pose.R_PB.col(body_axis_of[k]))) - 1.0), 1e-12);
}

void MassPropertiesTest::principalAxesAreRightHandedAndSorted() {
  Eigen::Matrix3d I;
  I << 0.02, -0.003, 0.001, -0.003, 0.03, -0.002, 0.001, -0.002, 0.05;
  const vsim::PrincipalAxes p = vsim::principalAxes(I);
  QVERIFY(p.moments_kgm2(0) <= p.moments_kgm2(1) && p.moments_kgm2(1) <= p.moments_kgm2(2));
  QCOMPARE_LE(std::abs(p.R_BP.determinant() - 1.0), 1e-12);
  QCOMPARE_LT((p.R_BP.transpose() * p.R_BP - Eigen::Matrix3d::Identity()).norm(), 1e-12);
  // Reconstruction: I = R·diag(moments)·Rᵀ.
  QVERIFY(maxAbs(p.R_BP * p.moments_kgm2.asDiagonal() * p.R_BP.transpose() - I) < 1e-15);
}

QTEST_APPLESS_MAIN(MassPropertiesTest)
#include "mass_properties_test.moc"
