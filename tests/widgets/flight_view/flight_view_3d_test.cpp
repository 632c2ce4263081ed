// FlightView3D on a real display (run under xvfb-run): poses reach the vehicle's transform
// through the ENU → scene map, the grid follows in whole steps, the wind arrow has the length
// and direction of the wind, frames are drawn and counted, and the picture shows the vehicle
// and changes with the camera. Saves the picture to <bin>/flight_view.png for a person to look at.
#include "widgets/flight_view/flight_view_3d.h"
#include "widgets/flight_view/ground_grid.h"
#include "widgets/flight_view/height_marker.h"
#include "widgets/flight_view/obstacle_entities.h"
#include "widgets/flight_view/scene_frame.h"
#include "widgets/flight_view/trail.h"
#include "widgets/flight_view/vehicle_entity.h"
#include "widgets/flight_view/wind_arrow.h"

#include <Qt3DCore/QTransform>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DRender/QCamera>
#include <Qt3DRender/QRenderCaptureReply>
#include <QLabel>
#include <QtTest>

#include <cmath>

using navigator::FlightCameraMode;
using navigator::FlightView3D;
using navigator::FlightViewObstacle;
using navigator::flight_view::sceneFromEnu;

namespace {

bool near(const QVector3D& a, const QVector3D& b, float tol = 1e-5f) { return (a - b).length() <= tol; }

bool nearRotation(const QQuaternion& a, const QQuaternion& b, float tol = 1e-5f) {
  return std::abs(std::abs(QQuaternion::dotProduct(a.normalized(), b.normalized())) - 1.0f) <= tol;
}

// A turn to the left along a circle of radius 6 m centred 6 m north of the origin, climbing to
// 2 m: the pose at fraction s ∈ [0, 1] of a half circle, heading along the path, banked 15° left.
void poseOnArc(float s, QVector3D* position_ENU_m, QQuaternion* attitude_ENU_FLU) {
  const float angle = float(M_PI) * s;  // swept from the south of the circle
  *position_ENU_m = QVector3D(6.0f * std::sin(angle), 6.0f - 6.0f * std::cos(angle), 0.3f + 1.7f * s);
  const float heading_deg = qRadiansToDegrees(angle);  // starts East, turns towards North
  *attitude_ENU_FLU =
      QQuaternion::fromAxisAndAngle(0, 0, 1, heading_deg) * QQuaternion::fromAxisAndAngle(1, 0, 0, -15.0f);
}

}  // namespace

class FlightView3DTest : public QObject {
  Q_OBJECT
 private slots:
  void init();
  void cleanup();
  void poseMovesTheVehicleTransform();
  void nonFinitePoseIsIgnored();
  void gridFollowsInWholeSteps();
  void windArrowMatchesTheWind();
  void trailTakesEveryPose();
  void cameraModesAndSettings();
  void mouseOrbitsAndZooms();
  void obstaclesAndWorldMesh();
  void meshReplacesTheFallbackModel();
  void fallbackModelHasTheAirframesRotors();
  void framesFollowEveryPose();
  void pictureShowsTheVehicleAndChangesWithTheCamera();
  void otherVehiclesAreDrawnAndReplaced();

 private:
  QImage capture();
  QImage captureSettled();
  void flyArc(int poses);

  std::unique_ptr<FlightView3D> view_;
};

void FlightView3DTest::init() {
  view_ = std::make_unique<FlightView3D>();
  view_->resize(960, 600);
  view_->show();
  QVERIFY(QTest::qWaitForWindowExposed(view_.get()));
}

void FlightView3DTest::cleanup() { view_.reset(); }

QImage FlightView3DTest::capture() {
  Qt3DRender::QRenderCaptureReply* reply = view_->requestFrameCapture();
  QSignalSpy done(reply, &Qt3DRender::QRenderCaptureReply::completed);
  const bool ok = done.wait(10000);
  const QImage image = ok ? FlightView3D::capturedImage(reply) : QImage();
  delete reply;
  return image;
}

// A new mesh reaches the renderer's backend a frame or more after it is set (Qt3D loads
// geometry in its own jobs), so one capture may show the scene before it. This draws frames
// until two in a row are the same picture (at most eight: a count of frames, not a time).
QImage FlightView3DTest::captureSettled() {  // for a still-air scene
  QImage last = capture();
  for (int frame = 0; frame < 8; ++frame) {
    view_->setWind(QVector3D());  // still air, as this test has it: only so that a frame is drawn
    const QImage next = capture();
    if (next == last) return next;
    last = next;
  }
  return QImage();
}

void FlightView3DTest::flyArc(int poses) {
  for (int i = 0; i < poses; ++i) {
    QVector3D p;
    QQuaternion q;
    poseOnArc(float(i) / float(poses - 1), &p, &q);
    view_->setVehiclePose(p, q);
  }
}

void FlightView3DTest::poseMovesTheVehicleTransform() {
  // ENU (1, 2, 3) is scene (E, U, −N) = (1, 3, −2); a 90° yaw (nose North) is the scene
  // rotation (½, −½, ½, ½) (scene_frame_test works it out).
  view_->setVehiclePose(QVector3D(1, 2, 3), QQuaternion::fromAxisAndAngle(0, 0, 1, 90));
  Qt3DCore::QTransform* t = view_->vehicle()->transform();
  QVERIFY(near(t->translation(), QVector3D(1, 3, -2)));
  QVERIFY(nearRotation(t->rotation(), QQuaternion(0.5f, -0.5f, 0.5f, 0.5f)));
  // The nose in the scene is North, −z.
  QVERIFY(near(t->rotation().rotatedVector(QVector3D(1, 0, 0)), QVector3D(0, 0, -1)));
  // An unnormalised attitude is normalised, not drawn stretched.
  view_->setVehiclePose(QVector3D(0, 0, 1), QQuaternion(2, 0, 0, 0));
  QVERIFY(nearRotation(t->rotation(), navigator::flight_view::sceneFromEnuRotation()));
  QCOMPARE_LE(std::abs(t->rotation().length() - 1.0f), 1e-6f);
  QCOMPARE(t->scale3D(), QVector3D(1, 1, 1));
}

void FlightView3DTest::nonFinitePoseIsIgnored() {
  view_->setVehiclePose(QVector3D(4, 5, 6), QQuaternion());
  const int trail = view_->trail()->size();
  view_->setVehiclePose(QVector3D(std::nanf(""), 0, 0), QQuaternion());
  view_->setVehiclePose(QVector3D(1, 1, 1), QQuaternion(std::nanf(""), 0, 0, 0));
  view_->setVehiclePose(QVector3D(1, 1, 1), QQuaternion(0, 0, 0, 0));
  QVERIFY(near(view_->vehicle()->transform()->translation(), sceneFromEnu(QVector3D(4, 5, 6))));
  QCOMPARE(view_->trail()->size(), trail);
  QVERIFY(std::isfinite(view_->camera()->position().x()));
}

void FlightView3DTest::gridFollowsInWholeSteps() {
  // Major lines every 10 m: the grid centre is the nearest multiple of 10 m in east and north.
  view_->setVehiclePose(QVector3D(23.0f, -17.0f, 5.0f), QQuaternion());
  QCOMPARE(view_->grid()->centre_ENU_m(), QVector3D(20, -20, 0));
  view_->setGroundHeight(-1.5f);
  view_->setVehiclePose(QVector3D(-104.9f, 0.4f, 5.0f), QQuaternion());
  QCOMPARE(view_->grid()->centre_ENU_m(), QVector3D(-100, 0, -1.5f));
  // The height marker sits on that ground right below the vehicle (1 cm up, over the lines).
  QVERIFY(near(view_->heightMarker()->discCentre_ENU_m(), QVector3D(-104.9f, 0.4f, -1.49f)));
  QCOMPARE(view_->grid()->scale(), 1.0f);
  // From 40 m above the ground the grid is ten times larger (10 m lines, 1 km
  // across, moving in 100 m steps); from 400 m a hundred times.
  view_->setVehiclePose(QVector3D(-104.9f, 0.4f, 60.0f), QQuaternion());
  QCOMPARE(view_->grid()->scale(), 10.0f);
  QCOMPARE(view_->grid()->centre_ENU_m(), QVector3D(-100, 0, -1.5f));
  QCOMPARE(view_->grid()->findChild<Qt3DCore::QTransform*>()->scale3D(), QVector3D(10, 1, 10));
  view_->setVehiclePose(QVector3D(-160.0f, 0.4f, 600.0f), QQuaternion());
  QCOMPARE(view_->grid()->scale(), 100.0f);
  QCOMPARE(view_->grid()->centre_ENU_m(), QVector3D(0, 0, -1.5f));  // the nearest 1 km step
  view_->setVehiclePose(QVector3D(-104.9f, 0.4f, 5.0f), QQuaternion());
  QCOMPARE(view_->grid()->scale(), 1.0f);
}

void FlightView3DTest::windArrowMatchesTheWind() {
  const navigator::flight_view::WindArrow* arrow = view_->windArrow();
  QVERIFY(!arrow->shown());
  QVERIFY(view_->findChild<QLabel*>(QString(), Qt::FindDirectChildrenOnly) != nullptr);
  view_->setVehiclePose(QVector3D(10, 0, 2), QQuaternion());
  // 3 m/s East, 4 m/s North: 5 m/s towards bearing 36.87°, so from 216.87°; 0.2 m per m/s = 1 m.
  view_->setWind(QVector3D(3, 4, 0));
  QVERIFY(arrow->shown());
  QCOMPARE(arrow->speed_mps(), 5.0f);
  QCOMPARE_LE(std::abs(arrow->length_m() - 1.0f), 1e-6f);
  QVERIFY(near(arrow->direction_ENU(), QVector3D(0.6f, 0.8f, 0)));
  // Drawn along its own +y: that axis must land on the wind in the scene, (0.6, 0, −0.8).
  QVERIFY(near(arrow->transform()->rotation().rotatedVector(QVector3D(0, 1, 0)), QVector3D(0.6f, 0, -0.8f)));
  // Its middle kHeightAbove_m (0.6 m) above the vehicle, the tail half a length upwind of that.
  const QVector3D tail_ENU = QVector3D(10, 0, 2.6f) - 0.5f * QVector3D(0.6f, 0.8f, 0);
  QVERIFY(near(arrow->transform()->translation(), sceneFromEnu(tail_ENU)));
  bool labelled = false;
  for (const QLabel* l : view_->findChildren<QLabel*>()) labelled |= l->text().contains("5.0 m/s from 217°");
  QVERIFY(labelled);
  // A gale is drawn no longer than the cap; calm hides it.
  view_->setWind(QVector3D(0, -40, 0));
  QCOMPARE(arrow->length_m(), navigator::flight_view::WindArrow::kMaxLength_m);
  view_->setWind(QVector3D(0, 0, 0));
  QVERIFY(!arrow->shown());
  QVERIFY(!arrow->isEnabled());
}

void FlightView3DTest::trailTakesEveryPose() {
  view_->setTrailPointCount(100);
  flyArc(250);
  QCOMPARE(view_->trail()->size(), 100);
  QVector3D last;
  QQuaternion q;
  poseOnArc(1.0f, &last, &q);
  QVERIFY(near(view_->trail()->points_ENU_m().back(), last));
  view_->clearTrail();
  QCOMPARE(view_->trail()->size(), 0);
}

void FlightView3DTest::cameraModesAndSettings() {
  QSignalSpy changed(view_.get(), &FlightView3D::cameraModeChanged);
  QCOMPARE(view_->cameraMode(), FlightCameraMode::Follow);
  view_->setFollowHeadingTimeConstant(0.0f);
  view_->setFollowDistance(5.0f);
  view_->setVehiclePose(QVector3D(0, 0, 10), QQuaternion());  // facing East
  // Behind (West) and above; looking at the vehicle.
  const QVector3D eye_ENU = navigator::flight_view::enuFromScene(view_->camera()->position());
  QVERIFY(eye_ENU.x() < -3.0f && eye_ENU.z() > 10.0f && std::abs(eye_ENU.y()) < 1e-4f);
  QVERIFY(near(view_->camera()->viewCenter(), sceneFromEnu(QVector3D(0, 0, 10))));
  view_->setCameraMode(FlightCameraMode::Orbit);
  view_->setOrbit(180.0f, 0.0f, 7.0f);  // 7 m West, level
  QVERIFY(near(view_->camera()->position(), sceneFromEnu(QVector3D(-7, 0, 10)), 1e-4f));
  QCOMPARE(view_->orbitDistance_m(), 7.0f);
  view_->setCameraMode(FlightCameraMode::Orbit);  // no change, no signal
  QCOMPARE(changed.count(), 1);
  QCOMPARE(changed.at(0).at(0).value<FlightCameraMode>(), FlightCameraMode::Orbit);
  view_->setBodyAxesVisible(true);
  QVERIFY(view_->bodyAxesVisible());
}

void FlightView3DTest::mouseOrbitsAndZooms() {
  QWindow* window = nullptr;
  for (QWindow* w : QGuiApplication::allWindows())
    if (qobject_cast<Qt3DExtras::Qt3DWindow*>(w)) window = w;
  QVERIFY(window);
  view_->setCameraMode(FlightCameraMode::Orbit);
  view_->setOrbit(0.0f, 20.0f, 4.0f);
  // 0.4° per pixel: 50 px right turns the camera 20° clockwise (seen from above), 25 px down
  // raises it 10°.
  QTest::mousePress(window, Qt::LeftButton, Qt::NoModifier, QPoint(100, 100));
  QTest::mouseMove(window, QPoint(150, 125));
  QTest::mouseRelease(window, Qt::LeftButton, Qt::NoModifier, QPoint(150, 125));
  QCOMPARE_LE(std::abs(view_->orbitAzimuth_deg() - (-20.0f)), 1e-4f);
  QCOMPARE_LE(std::abs(view_->orbitElevation_deg() - 30.0f), 1e-4f);
  // One wheel notch towards the scene brings the camera to 0.88 of its distance.
  QWheelEvent wheel(QPointF(100, 100), window->mapToGlobal(QPointF(100, 100)), QPoint(), QPoint(0, 120), Qt::NoButton,
                    Qt::NoModifier, Qt::NoScrollPhase, false);
  QGuiApplication::sendEvent(window, &wheel);
  QCOMPARE_LE(std::abs(view_->orbitDistance_m() - 4.0f * 0.88f), 1e-5f);
}

void FlightView3DTest::obstaclesAndWorldMesh() {
  FlightViewObstacle box;
  box.half_size_m = QVector3D(0.5f, 1, 2);
  box.centre_ENU_m = QVector3D(3, 0, 2);
  FlightViewObstacle post;
  post.shape = FlightViewObstacle::Shape::Cylinder;
  post.radius_m = 0.2f;
  post.half_length_m = 1.5f;
  view_->setObstacles({box, post});
  QCOMPARE(view_->obstacles()->obstacleCount(), 2);
  view_->setObstacles({post});
  QCOMPARE(view_->obstacles()->obstacleCount(), 1);
  view_->setWorldMesh({0, 0, 0, 1, 0, 0, 0, 1, 0});
  QCOMPARE(view_->obstacles()->worldMeshTriangleCount(), 1);
  view_->setWorldMesh({});
  QCOMPARE(view_->obstacles()->worldMeshTriangleCount(), 0);
}

void FlightView3DTest::fallbackModelHasTheAirframesRotors() {
  // The view once drew every airframe as a quad. Given a hexagon of six rotors 0.275 m out
  // (hex_550), the model has six, and reaches past them by the ring: the ring radius is
  // min(half the mean arm, 0.45 × the nearest rotor spacing) = min(0.1375, 0.45 · 0.275) =
  // 0.12375 m, so 0.275 + 0.12375 = 0.39875 m.
  QVector<navigator::RotorGlyph> hex;
  for (int k = 0; k < 6; ++k) {
    const float a = qDegreesToRadians(30.0f + 60.0f * float(k));
    hex.push_back({QVector3D(0.275f * std::cos(a), 0.275f * std::sin(a), 0.0f), QVector3D(0, 0, 1)});
  }
  view_->setFallbackRotors(hex);
  QCOMPARE(view_->vehicle()->fallbackRotorCount(), 6);
  QCOMPARE_LE(std::abs(view_->vehicle()->boundingRadius_m() - 0.39875f), 1e-5f);
  // The lander's four engines, 1.38 m out below the centre and thrusting along its body x (FLU:
  // x forward = its up): the engines' places set the reach, not an arm length.
  QVector<navigator::RotorGlyph> lander;
  for (const QVector3D& p : {QVector3D(-0.95f, 1.0f, 0), QVector3D(-0.95f, -1.0f, 0), QVector3D(-0.95f, 0, -1.0f),
                             QVector3D(-0.95f, 0, 1.0f)})
    lander.push_back({p, QVector3D(1, 0, 0)});
  view_->setFallbackRotors(lander);
  QCOMPARE(view_->vehicle()->fallbackRotorCount(), 4);
  const float out = std::sqrt(0.95f * 0.95f + 1.0f), ring = std::min(0.5f * out, 0.45f * std::sqrt(2.0f));
  QCOMPARE_LE(std::abs(view_->vehicle()->boundingRadius_m() - (out + ring)), 1e-5f);
  // A non-finite rotor is left out; none at all is the quad X again.
  lander.push_back({QVector3D(NAN, 0, 0), QVector3D(1, 0, 0)});
  view_->setFallbackRotors(lander);
  QCOMPARE(view_->vehicle()->fallbackRotorCount(), 4);
  view_->setFallbackRotors({});
  view_->setFallbackArmLength(0.2f);
  QCOMPARE(view_->vehicle()->boundingRadius_m(), 0.3f);
}

void FlightView3DTest::meshReplacesTheFallbackModel() {
  QVERIFY(view_->vehicle()->usesFallbackModel());
  // The fallback's reach: 1.5 arm lengths (rotor rings past the arm tips).
  view_->setFallbackArmLength(0.2f);
  QCOMPARE(view_->vehicle()->boundingRadius_m(), 0.3f);
  // A 0.6 × 0.4 × 0.1 m box about the centre of mass (12 triangles, outward, FLU): its far
  // corners are √(0.3² + 0.2² + 0.05²) = 0.3640 m out.
  const float x = 0.3f, y = 0.2f, z = 0.05f;
  const QVector3D c[8] = {{-x, -y, -z}, {x, -y, -z}, {x, y, -z}, {-x, y, -z},
                          {-x, -y, z},  {x, -y, z},  {x, y, z},  {-x, y, z}};
  const int faces[12][3] = {{0, 2, 1}, {0, 3, 2}, {4, 5, 6}, {4, 6, 7}, {0, 1, 5}, {0, 5, 4},
                            {1, 2, 6}, {1, 6, 5}, {2, 3, 7}, {2, 7, 6}, {3, 0, 4}, {3, 4, 7}};
  QVector<float> corners;
  for (const auto& f : faces)
    for (int k : f) corners << c[k].x() << c[k].y() << c[k].z();
  view_->setVehicleMesh(corners);
  QVERIFY(!view_->vehicle()->usesFallbackModel());
  QCOMPARE_LE(std::abs(view_->vehicle()->boundingRadius_m() - std::sqrt(x * x + y * y + z * z)), 1e-6f);
  view_->setFollowHeadingTimeConstant(0.0f);
  view_->setVehiclePose(QVector3D(0, 0, 1), QQuaternion());
  const QImage with = captureSettled();
  view_->vehicle()->setEnabled(false);
  const QImage without = captureSettled();
  QVERIFY(!with.isNull() && !without.isNull());
  // The follow camera looks at the vehicle, so the box is drawn about the middle of the picture
  // (how far the camera has come since the pose depends on the frames drawn, so the box's size
  // in the picture varies a little): it changes a good part of the central tenth, as the
  // fallback model does in pictureShowsTheVehicleAndChangesWithTheCamera.
  const QRect middle(with.width() * 9 / 20, with.height() * 9 / 20, with.width() / 10, with.height() / 10);
  qsizetype differ = 0;
  for (int y = middle.top(); y <= middle.bottom(); ++y)
    for (int x = middle.left(); x <= middle.right(); ++x) differ += with.pixel(x, y) != without.pixel(x, y);
  const double fraction = double(differ) / double(middle.width() * middle.height());
  qInfo("the mesh covers %.2f of the middle tenth", fraction);
  QCOMPARE_GE(fraction, 0.1);
  view_->setVehicleMesh({});
  QVERIFY(view_->vehicle()->usesFallbackModel());
}

void FlightView3DTest::framesFollowEveryPose() {
  // The view renders on demand: a new pose brings a frame, and the counter follows. Each pose
  // here waits for its frame (the verdict is a count, not a rate: llvmpipe under xvfb on a
  // shared machine draws this scene at 5–15 frames/s; the wait only bounds a hang).
  QTest::qWait(300);
  // Nothing moves, nothing is drawn.
  const quint64 idle = view_->framesRendered();
  QTest::qWait(500);
  QCOMPARE(view_->framesRendered(), idle);
  QElapsedTimer clock;
  clock.start();
  constexpr int kPoses = 30;
  for (int i = 0; i < kPoses; ++i) {
    const quint64 before = view_->framesRendered();
    QVector3D p;
    QQuaternion q;
    poseOnArc(float(i) / float(kPoses - 1), &p, &q);
    view_->setVehiclePose(p, q);
    QTRY_VERIFY_WITH_TIMEOUT(view_->framesRendered() > before, 10'000);
  }
  const double seconds = double(clock.elapsed()) * 1e-3;
  qInfo("%d poses, each drawn, in %.2f s: %.1f frames/s", kPoses, seconds, double(kPoses) / seconds);
}

void FlightView3DTest::pictureShowsTheVehicleAndChangesWithTheCamera() {
  // A few obstacles in the spirit of resources/worlds/obstacles.yaml: a wall, a post, a boulder.
  FlightViewObstacle wall, post, boulder;
  wall.half_size_m = QVector3D(3.0f, 0.1f, 1.0f);
  wall.centre_ENU_m = QVector3D(2, 14, 1);
  post.shape = FlightViewObstacle::Shape::Cylinder;
  post.radius_m = 0.15f;
  post.half_length_m = 1.5f;
  post.centre_ENU_m = QVector3D(9, 3, 1.5f);
  boulder.shape = FlightViewObstacle::Shape::Sphere;
  boulder.radius_m = 0.8f;
  boulder.centre_ENU_m = QVector3D(-1, 9, 0.3f);
  view_->setObstacles({wall, post, boulder});
  view_->setWind(QVector3D(4, 2, 0));
  view_->setBodyAxesVisible(true);
  view_->setFollowHeadingTimeConstant(0.0f);
  flyArc(180);
  QTest::qWait(300);
  const QImage follow = capture();
  QVERIFY(!follow.isNull());

  // Right way up: the follow camera looks 18° down with a 50° field of view, so the top rows are
  // sky (the clear colour, kSky in flight_view_3d.cpp) and the bottom rows are ground.
  const QRgb sky = qRgb(0x8c, 0xaa, 0xc8);
  QCOMPARE(follow.pixel(2, 2), sky);
  QVERIFY(follow.pixel(2, follow.height() - 3) != sky);

  // The vehicle is drawn where the camera looks, the middle of the picture: hiding it changes
  // a good part of the central tenth.
  view_->vehicle()->setEnabled(false);
  view_->setWind(QVector3D(4, 2, 0));  // anything, so the next frame is drawn
  const QImage without = capture();
  view_->vehicle()->setEnabled(true);
  const QRect middle(follow.width() * 9 / 20, follow.height() * 9 / 20, follow.width() / 10, follow.height() / 10);
  qsizetype vehicle_pixels = 0;
  for (int y = middle.top(); y <= middle.bottom(); ++y)
    for (int x = middle.left(); x <= middle.right(); ++x) vehicle_pixels += follow.pixel(x, y) != without.pixel(x, y);
  const double vehicle_fraction = double(vehicle_pixels) / double(middle.width() * middle.height());
  qInfo("vehicle covers %.2f of the middle tenth", vehicle_fraction);
  QCOMPARE_GE(vehicle_fraction, 0.1);

  // Orbiting to the south-east and higher up shows another picture.
  view_->setCameraMode(FlightCameraMode::Orbit);
  view_->setOrbit(-60.0f, 28.0f, 4.0f);
  const QImage orbit = capture();
  QVERIFY(!orbit.isNull());
  qsizetype changed = 0;
  for (int y = 0; y < follow.height(); y += 4)
    for (int x = 0; x < follow.width(); x += 4) changed += follow.pixel(x, y) != orbit.pixel(x, y);
  QCOMPARE_GE(double(changed) / double((follow.width() / 4) * (follow.height() / 4)), 0.3);

  const QString dir = QStringLiteral(NAVIGATOR_BIN_DIR);
  QVERIFY(follow.save(dir + "/flight_view_follow.png"));
  QVERIFY(orbit.save(dir + "/flight_view.png"));
}

void FlightView3DTest::otherVehiclesAreDrawnAndReplaced() {
  // Two others at ENU (2, 0, 1) and (4, 0, 1): placed like the vehicle (scene (E, U, −N)),
  // without trail points of their own; a shorter list removes the extra one.
  view_->setVehiclePose(QVector3D(0, 0, 1), QQuaternion());
  const int trail = view_->trail()->size();
  view_->setOtherVehiclePoses(
      {{QVector3D(2, 0, 1), QQuaternion()}, {QVector3D(4, 0, 1), QQuaternion::fromAxisAndAngle(0, 0, 1, 90)}});
  QCOMPARE(view_->otherVehicleCount(), 2);
  QVERIFY(near(view_->otherVehicle(0)->transform()->translation(), QVector3D(2, 1, 0)));
  QVERIFY(near(view_->otherVehicle(1)->transform()->translation(), QVector3D(4, 1, 0)));
  QVERIFY(nearRotation(view_->otherVehicle(1)->transform()->rotation(), QQuaternion(0.5f, -0.5f, 0.5f, 0.5f)));
  QCOMPARE(view_->trail()->size(), trail);
  // The vehicle's shape is theirs too: a mesh set later reaches them.
  view_->setVehicleMesh({0, 0, 0, 0.1f, 0, 0, 0, 0.1f, 0});
  QVERIFY(!view_->otherVehicle(0)->usesFallbackModel());
  // A non-finite pose hides that one; the list shrinks.
  view_->setOtherVehiclePoses({{QVector3D(std::nanf(""), 0, 0), QQuaternion()}});
  QCOMPARE(view_->otherVehicleCount(), 1);
  QVERIFY(!view_->otherVehicle(0)->isEnabled());
  view_->setOtherVehiclePoses({});
  QCOMPARE(view_->otherVehicleCount(), 0);
}

QTEST_MAIN(FlightView3DTest)
#include "flight_view_3d_test.moc"
