// Tests of sim/base/frames.h against the published conventions (ROS REP 103 for ENU and FLU; MAVLink and PX4
// for NED and FRD): ENU x=East, y=North, z=Up; FLU x=Forward,
// y=Left, z=Up; NED/FRD x=North/Forward, y=East/Right, z=Down.
#include "sim/base/frames.h"

#include <QtTest>

using namespace vsim::frames;

namespace {

bool near(const Eigen::Vector3d& a, const Eigen::Vector3d& b) { return (a - b).norm() < 1e-12; }

}  // namespace

class FramesTest : public QObject {
  Q_OBJECT
 private slots:
  void worldAxesMatchTheTable();
  void bodyAxesMatchTheTable();
  void attitudeRoundTrip();
  void levelNorthFacingIsIdentityInNed();
  void eulerRoundTrip_data();
  void eulerRoundTrip();
  void eulerSignsFollowTheRightHandRule();
};

void FramesTest::worldAxesMatchTheTable() {
  QVERIFY(near(enuToNed({1, 0, 0}), {0, 1, 0}));   // East
  QVERIFY(near(enuToNed({0, 1, 0}), {1, 0, 0}));   // North
  QVERIFY(near(enuToNed({0, 0, 1}), {0, 0, -1}));  // Up
  const Eigen::Vector3d v(0.3, -1.2, 4.5);
  QVERIFY(near(nedToEnu(enuToNed(v)), v));
  QVERIFY(near(q_NED_ENU() * v, enuToNed(v)));
}

void FramesTest::bodyAxesMatchTheTable() {
  QVERIFY(near(fluToFrd({1, 0, 0}), {1, 0, 0}));   // Forward
  QVERIFY(near(fluToFrd({0, 1, 0}), {0, -1, 0}));  // Left = −Right
  QVERIFY(near(fluToFrd({0, 0, 1}), {0, 0, -1}));  // Up = −Down
  const Eigen::Vector3d v(0.3, -1.2, 4.5);
  QVERIFY(near(q_FLU_FRD() * v, frdToFlu(v)));
}

void FramesTest::attitudeRoundTrip() {
  // Any body vector rotated into the world gives the same physical vector in both conventions.
  const Eigen::Quaterniond q_ENU_FLU(Eigen::AngleAxisd(0.7, Eigen::Vector3d(0.2, -0.5, 1.0).normalized()));
  const Eigen::Quaterniond q_NED_FRD = attitudeNedFrdFromEnuFlu(q_ENU_FLU);
  const Eigen::Vector3d v_FLU(1.0, 2.0, -0.5);
  QVERIFY(near(q_NED_FRD * fluToFrd(v_FLU), enuToNed(q_ENU_FLU * v_FLU)));
  QVERIFY(attitudeEnuFluFromNedFrd(q_NED_FRD).angularDistance(q_ENU_FLU) < 1e-12);
}

void FramesTest::levelNorthFacingIsIdentityInNed() {
  // Level, nose north: in ENU/FLU that is a yaw of +90° (x Forward along y North).
  const Eigen::Quaterniond q_ENU_FLU(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()));
  QVERIFY(attitudeNedFrdFromEnuFlu(q_ENU_FLU).angularDistance(Eigen::Quaterniond::Identity()) < 1e-12);
}

void FramesTest::eulerRoundTrip_data() {
  QTest::addColumn<double>("roll");
  QTest::addColumn<double>("pitch");
  QTest::addColumn<double>("yaw");
  QTest::newRow("level") << 0.0 << 0.0 << 0.0;
  QTest::newRow("20 deg roll") << 20.0 << 0.0 << 0.0;
  QTest::newRow("mixed") << -35.0 << 12.0 << 170.0;
  QTest::newRow("steep") << 80.0 << -70.0 << -120.0;
}

void FramesTest::eulerRoundTrip() {
  QFETCH(double, roll);
  QFETCH(double, pitch);
  QFETCH(double, yaw);
  const EulerAngles in{qDegreesToRadians(roll), qDegreesToRadians(pitch), qDegreesToRadians(yaw)};
  const EulerAngles out = eulerFromQuaternion(quaternionFromEuler(in));
  QCOMPARE_LE(std::abs(out.roll_rad - in.roll_rad), 1e-12);
  QCOMPARE_LE(std::abs(out.pitch_rad - in.pitch_rad), 1e-12);
  QCOMPARE_LE(std::abs(out.yaw_rad - in.yaw_rad), 1e-12);
}

void FramesTest::eulerSignsFollowTheRightHandRule() {
  // Positive roll lowers the right side: body y (Right) gains a Down component.
  const Eigen::Quaterniond rolled = quaternionFromEuler({0.3, 0, 0});
  QVERIFY((rolled * Eigen::Vector3d::UnitY()).z() > 0);
  // Positive pitch raises the nose: body x gains an Up (−Down) component.
  const Eigen::Quaterniond pitched = quaternionFromEuler({0, 0.3, 0});
  QVERIFY((pitched * Eigen::Vector3d::UnitX()).z() < 0);
  // Positive yaw turns the nose from North towards East.
  const Eigen::Quaterniond yawed = quaternionFromEuler({0, 0, 0.3});
  QVERIFY((yawed * Eigen::Vector3d::UnitX()).y() > 0);
}

QTEST_APPLESS_MAIN(FramesTest)
#include "frames_test.moc"
