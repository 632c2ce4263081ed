// The flight view's frame arithmetic: ENU → scene (scene_frame.h) and the camera rig's
// placements (camera_rig.h). Numbers only, no rendering. Every expected value is a closed form
// worked out in the comment beside it.
#include "widgets/flight_view/camera_rig.h"
#include "widgets/flight_view/scene_frame.h"

#include <QtTest>

#include <cmath>

using namespace navigator::flight_view;
using navigator::FlightCameraMode;

namespace {

constexpr float kTol = 1e-5f;

bool near(const QVector3D& a, const QVector3D& b, float tol = kTol) { return (a - b).length() <= tol; }

// Quaternions q and −q are the same rotation.
bool nearRotation(const QQuaternion& a, const QQuaternion& b) {
  return std::abs(std::abs(QQuaternion::dotProduct(a.normalized(), b.normalized())) - 1.0f) <= kTol;
}

QString str(const QVector3D& v) { return QString("(%1, %2, %3)").arg(v.x()).arg(v.y()).arg(v.z()); }

}  // namespace

class SceneFrameTest : public QObject {
  Q_OBJECT
 private slots:
  void basisVectors_data();
  void basisVectors();
  void mappingIsAProperRotation();
  void roundTrip();
  void yawNinetyFacesNorth();
  void rollRightLiftsTheLeftArm();
  void headingOfAttitude_data();
  void headingOfAttitude();
  void followStandsBehindAndAbove();
  void followHeadingLags();
  void followHeadingTakesTheShortWayRound();
  void orbitPlacementAndClamps();
  void observerLooksAtTheVehicle();
};

void SceneFrameTest::basisVectors_data() {
  QTest::addColumn<QVector3D>("enu");
  QTest::addColumn<QVector3D>("scene");
  // scene = (E, U, −N): East → +x, North → −z, Up → +y (Qt3D is y-up, right-handed).
  QTest::newRow("east") << QVector3D(1, 0, 0) << QVector3D(1, 0, 0);
  QTest::newRow("north") << QVector3D(0, 1, 0) << QVector3D(0, 0, -1);
  QTest::newRow("up") << QVector3D(0, 0, 1) << QVector3D(0, 1, 0);
  QTest::newRow("(1,2,3)") << QVector3D(1, 2, 3) << QVector3D(1, 3, -2);
}

void SceneFrameTest::basisVectors() {
  QFETCH(QVector3D, enu);
  QFETCH(QVector3D, scene);
  QVERIFY2(near(sceneFromEnu(enu), scene), qPrintable(str(sceneFromEnu(enu))));
  // The quaternion form agrees with the component form.
  QVERIFY2(near(sceneFromEnuRotation().rotatedVector(enu), scene),
           qPrintable(str(sceneFromEnuRotation().rotatedVector(enu))));
}

void SceneFrameTest::mappingIsAProperRotation() {
  // Right-handed in, right-handed out: E × N = U must stay true in the scene (det = +1).
  const QVector3D e = sceneFromEnu(QVector3D(1, 0, 0)), n = sceneFromEnu(QVector3D(0, 1, 0)),
                  u = sceneFromEnu(QVector3D(0, 0, 1));
  QVERIFY(near(QVector3D::crossProduct(e, n), u));
  QCOMPARE(QVector3D::dotProduct(QVector3D::crossProduct(e, n), u), 1.0f);
  // q_SE = Rx(−90°) = (cos −45°, sin −45°, 0, 0).
  QVERIFY(nearRotation(sceneFromEnuRotation(), QQuaternion::fromAxisAndAngle(QVector3D(1, 0, 0), -90.0f)));
  QCOMPARE(sceneFromEnuRotation().length(), 1.0f);
}

void SceneFrameTest::roundTrip() {
  const QVector3D v(-3.5f, 12.25f, 0.75f);
  QVERIFY(near(enuFromScene(sceneFromEnu(v)), v));
}

void SceneFrameTest::yawNinetyFacesNorth() {
  // q_ENU_FLU = 90° about Up: the nose (FLU +x) points North, so in the scene along −z.
  const QQuaternion q_ENU_FLU = QQuaternion::fromAxisAndAngle(QVector3D(0, 0, 1), 90.0f);
  const QQuaternion q_S_FLU = sceneFromEnu(q_ENU_FLU);
  QVERIFY(near(q_S_FLU.rotatedVector(QVector3D(1, 0, 0)), QVector3D(0, 0, -1)));
  QVERIFY(near(q_S_FLU.rotatedVector(QVector3D(0, 0, 1)), QVector3D(0, 1, 0)));  // still upright
  // Closed form: (√½, −√½, 0, 0) ⊗ (√½, 0, 0, √½) = (½, −½, ½, ½).
  QVERIFY(nearRotation(q_S_FLU, QQuaternion(0.5f, -0.5f, 0.5f, 0.5f)));
}

void SceneFrameTest::rollRightLiftsTheLeftArm() {
  // 90° about the FLU forward axis: left (+y) goes to Up; with heading East, Up is scene +y and
  // the body's up (+z) goes to ENU −y = South, scene +z.
  const QQuaternion q_S_FLU = sceneFromEnu(QQuaternion::fromAxisAndAngle(QVector3D(1, 0, 0), 90.0f));
  QVERIFY(near(q_S_FLU.rotatedVector(QVector3D(0, 1, 0)), QVector3D(0, 1, 0)));
  QVERIFY(near(q_S_FLU.rotatedVector(QVector3D(0, 0, 1)), QVector3D(0, 0, 1)));
  QVERIFY(near(q_S_FLU.rotatedVector(QVector3D(1, 0, 0)), QVector3D(1, 0, 0)));
}

void SceneFrameTest::headingOfAttitude_data() {
  QTest::addColumn<QQuaternion>("attitude");
  QTest::addColumn<float>("heading_deg");
  QTest::newRow("east") << QQuaternion() << 0.0f;
  QTest::newRow("north") << QQuaternion::fromAxisAndAngle(0, 0, 1, 90) << 90.0f;
  QTest::newRow("south-west") << QQuaternion::fromAxisAndAngle(0, 0, 1, -135) << -135.0f;
  // Pitched 30° nose-down (about FLU +y, which is nose down in FLU) still heads North.
  QTest::newRow("north pitched") << QQuaternion::fromAxisAndAngle(0, 0, 1, 90) *
                                        QQuaternion::fromAxisAndAngle(0, 1, 0, 30)
                                 << 90.0f;
  // Nose straight up: no heading, the fallback (0.5 rad) comes back.
  QTest::newRow("vertical") << QQuaternion::fromAxisAndAngle(0, 1, 0, -90) << float(qRadiansToDegrees(0.5));
}

void SceneFrameTest::headingOfAttitude() {
  QFETCH(QQuaternion, attitude);
  QFETCH(float, heading_deg);
  QCOMPARE_LE(std::abs(qRadiansToDegrees(headingOf(attitude, 0.5f)) - heading_deg), 1e-3f);
}

void SceneFrameTest::followStandsBehindAndAbove() {
  CameraRig rig;
  rig.setFollowDistance(3.0f);
  rig.setFollowElevation(30.0f);
  const QVector3D vehicle(10, 20, 5);
  // Facing North: behind is 3 cos 30° to the South, 3 sin 30° = 1.5 up.
  const CameraPlacement p = rig.update(vehicle, QQuaternion::fromAxisAndAngle(0, 0, 1, 90), 0.0f);
  const QVector3D expected_ENU = vehicle + QVector3D(0, -3.0f * std::cos(qDegreesToRadians(30.0f)), 1.5f);
  QVERIFY2(near(p.position_S, sceneFromEnu(expected_ENU), 1e-4f), qPrintable(str(enuFromScene(p.position_S))));
  QVERIFY(near(p.view_centre_S, sceneFromEnu(vehicle)));
  QVERIFY(near(p.up_S, QVector3D(0, 1, 0)));
}

void SceneFrameTest::followHeadingLags() {
  CameraRig rig;
  rig.setHeadingTimeConstant(0.4f);
  rig.update({}, QQuaternion(), 0.0f);  // first update snaps to East
  QCOMPARE(rig.heading_rad(), 0.0f);
  // A step to North, one time constant later: 90° (1 − e⁻¹) = 56.89°.
  rig.update({}, QQuaternion::fromAxisAndAngle(0, 0, 1, 90), 0.4f);
  QCOMPARE_LE(std::abs(qRadiansToDegrees(rig.heading_rad()) - 90.0f * (1.0f - std::exp(-1.0f))), 1e-3f);
  // Without the lag it is there at once.
  rig.setHeadingTimeConstant(0.0f);
  rig.update({}, QQuaternion::fromAxisAndAngle(0, 0, 1, 90), 0.016f);
  QCOMPARE_LE(std::abs(qRadiansToDegrees(rig.heading_rad()) - 90.0f), 1e-4f);
}

void SceneFrameTest::followHeadingTakesTheShortWayRound() {
  CameraRig rig;
  rig.update({}, QQuaternion::fromAxisAndAngle(0, 0, 1, 170), 0.0f);
  // From 170° to −170° is 20° through 180°, not 340° back through 0°: after one τ, 170 + 20(1 − e⁻¹).
  rig.update({}, QQuaternion::fromAxisAndAngle(0, 0, 1, -170), 0.4f);
  // (182.64°, which the rig keeps wrapped into (−180°, 180°] as −177.36°.)
  const float expected = 170.0f + 20.0f * (1.0f - std::exp(-1.0f));
  QCOMPARE_LE(std::abs(std::remainder(qRadiansToDegrees(rig.heading_rad()) - expected, 360.0f)), 1e-3f);
}

void SceneFrameTest::orbitPlacementAndClamps() {
  CameraRig rig;
  rig.setMode(FlightCameraMode::Orbit);
  rig.setOrbit(90.0f, 0.0f, 4.0f);
  // Azimuth 90° = North of the vehicle, level, 4 m: scene −z.
  CameraPlacement p = rig.update(QVector3D(1, 1, 1), QQuaternion(), 0.0f);
  QVERIFY2(near(p.position_S, sceneFromEnu(QVector3D(1, 5, 1)), 1e-4f), qPrintable(str(p.position_S)));
  rig.drag(0.0f, 200.0f);  // elevation stops at 85°
  QCOMPARE(rig.orbitElevation_deg(), CameraRig::kMaxElevation_deg);
  rig.zoom(1e-3f);
  QCOMPARE(rig.orbitDistance_m(), CameraRig::kMinDistance_m);
  rig.drag(300.0f, 0.0f);  // 90 + 300 = 390 ≡ 30°
  QCOMPARE_LE(std::abs(rig.orbitAzimuth_deg() - 30.0f), 1e-4f);
  rig.setOrbit(std::nanf(""), 0.0f, 1.0f);  // refused whole
  QCOMPARE_LE(std::abs(rig.orbitAzimuth_deg() - 30.0f), 1e-4f);
}

void SceneFrameTest::observerLooksAtTheVehicle() {
  CameraRig rig;
  rig.setMode(FlightCameraMode::Observer);
  rig.setObserverPosition(QVector3D(-5, 0, 1.7f));
  const CameraPlacement p = rig.update(QVector3D(3, 4, 10), QQuaternion(), 0.0f);
  QVERIFY(near(p.position_S, sceneFromEnu(QVector3D(-5, 0, 1.7f))));
  QVERIFY(near(p.view_centre_S, sceneFromEnu(QVector3D(3, 4, 10))));
}

QTEST_GUILESS_MAIN(SceneFrameTest)
#include "scene_frame_test.moc"
