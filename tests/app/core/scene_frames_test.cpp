// The view's frames from the simulator's (app/core/scene_frames): every expected value follows
// from the frames' definitions (sim/base/frames.h) — ENU = (East, North, Up) = (y, x, −z) of NED; a vehicle level
// and facing north (q_NED_FRD identity) is, in ENU/FLU, turned 90° about Up from East (its nose
// on +y); an obstacle keeps its own axes (q_ENU_O = q_ENU_NED ⊗ q_NED_O); a mesh triangle's
// corners swap order (NED → ENU is a reflection).
#include "app/core/scene_frames.h"

#include "sim/geometry/triangle_mesh.h"
#include "sim/world/mesh_bvh.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace navigator;

namespace {

// v rotated by the unit quaternion (w, x, y, z).
std::array<double, 3> rotate(const std::array<float, 4>& q, const std::array<double, 3>& v) {
  const Eigen::Quaterniond r(q[0], q[1], q[2], q[3]);
  const Eigen::Vector3d out = r * Eigen::Vector3d(v[0], v[1], v[2]);
  return {out.x(), out.y(), out.z()};
}

bool near(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  return std::abs(a[0] - b[0]) < 1e-6 && std::abs(a[1] - b[1]) < 1e-6 && std::abs(a[2] - b[2]) < 1e-6;
}

}  // namespace

class SceneFramesTest : public QObject {
  Q_OBJECT

 private slots:
  void aSampleIsPlacedInEnu() {
    TelemetrySample s;
    s.p_W_m = {1.0f, 2.0f, -3.0f};  // 1 m north, 2 m east, 3 m up
    s.attitude_WB_wxyz = {1, 0, 0, 0};
    s.wind_NED_mps = {4.0f, 0.0f, 0.0f};  // air moving north
    const std::array<float, 3> p = positionEnu(s);
    QCOMPARE(p, (std::array<float, 3>{2.0f, 1.0f, 3.0f}));
    const auto pose = samplePose(s);
    QVERIFY(pose);
    // Level, facing north: the nose (FLU +x) points north (ENU +y), left (FLU +y) west, up up.
    QVERIFY(near(rotate(pose->q_ENU_FLU_wxyz, {1, 0, 0}), {0, 1, 0}));
    QVERIFY(near(rotate(pose->q_ENU_FLU_wxyz, {0, 1, 0}), {-1, 0, 0}));
    QVERIFY(near(rotate(pose->q_ENU_FLU_wxyz, {0, 0, 1}), {0, 0, 1}));
    QCOMPARE(*sampleWindEnu(s), (std::array<float, 3>{0.0f, 4.0f, 0.0f}));
  }

  void aYawedVehicleFacesItsHeading() {
    // Yawed 90° (facing east, NED): q_NED_FRD = (cos 45°, 0, 0, sin 45°); its nose is ENU +x.
    TelemetrySample s;
    s.attitude_WB_wxyz = {float(std::sqrt(0.5)), 0, 0, float(std::sqrt(0.5))};
    const auto pose = samplePose(s);
    QVERIFY(pose);
    QVERIFY(near(rotate(pose->q_ENU_FLU_wxyz, {1, 0, 0}), {1, 0, 0}));
    // The board's own attitude goes the same way, at the origin.
    const ScenePose board = attitudePose(s.attitude_WB_wxyz);
    QCOMPARE(board.p_ENU_m, (std::array<float, 3>{0, 0, 0}));
    QVERIFY(near(rotate(board.q_ENU_FLU_wxyz, {1, 0, 0}), {1, 0, 0}));
  }

  void unknownValuesAreNotShown() {
    TelemetrySample s;
    s.p_W_m = {std::numeric_limits<float>::quiet_NaN(), 0, 0};
    s.attitude_WB_wxyz = {0, 0, 0, 0};  // no attitude
    s.wind_NED_mps = {std::numeric_limits<float>::quiet_NaN(), 0, 0};
    QCOMPARE(positionEnu(s), (std::array<float, 3>{0, 0, 0}));  // the origin
    QVERIFY(!samplePose(s));
    QVERIFY(!sampleWindEnu(s));
  }

  void otherVehiclesLeaveOutTheOneOnShow() {
    std::vector<WorldVehiclePose> v(3);
    v[0].p_W_m = {0, 0, 0};
    v[1].p_W_m = {0, 2, 0};  // 2 m east
    v[2].p_W_m = {0, 4, -1};
    const auto others = otherVehiclePoses(v, 1);
    QCOMPARE(others.size(), std::size_t(2));
    QCOMPARE(others[0].p_ENU_m, (std::array<float, 3>{0, 0, 0}));
    QCOMPARE(others[1].p_ENU_m, (std::array<float, 3>{4, 0, 1}));
  }

  void theWorldIsPlacedInEnu() {
    vsim::World w;
    w.has_ground = true;
    w.ground_down_m = 0.5;  // the ground 0.5 m below the NED origin
    vsim::Obstacle box;
    box.shape = vsim::Obstacle::Shape::Box;
    box.half_size_m = {3, 0.1, 1};
    box.pose_W.p_PB_m = {10, 0, -2};                // 10 m north, 2 m up
    box.pose_W.R_PB = Eigen::Matrix3d::Identity();  // its own axes along N, E, D
    w.obstacles.push_back(box);
    vsim::TriangleMesh m;
    m.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    m.triangles.resize(1);
    m.triangles[0] = {0, 1, 2};
    w.mesh = std::make_shared<const vsim::MeshBvh>(m);
    const SceneWorld scene = sceneWorld(w);
    QCOMPARE(scene.ground_up_m, -0.5f);
    QCOMPARE(scene.obstacles.size(), std::size_t(1));
    QCOMPARE(scene.obstacles[0].centre_ENU_m, (std::array<float, 3>{0, 10, 2}));
    QCOMPARE(scene.obstacles[0].half_size_m, (std::array<float, 3>{3.0f, 0.1f, 1.0f}));
    // The box's own x (north) lies along ENU +y, its own z (down) along ENU −z.
    QVERIFY(near(rotate(scene.obstacles[0].q_ENU_O_wxyz, {1, 0, 0}), {0, 1, 0}));
    QVERIFY(near(rotate(scene.obstacles[0].q_ENU_O_wxyz, {0, 0, 1}), {0, 0, -1}));
    // Corners (0,0,0), (1,0,0), (0,1,0) NED, taken in the order 0, 2, 1 and swapped to ENU.
    QCOMPARE(scene.mesh_corners_ENU_m, (std::vector<float>{0, 0, 0, 1, 0, 0, 0, 1, 0}));
  }
};

QTEST_GUILESS_MAIN(SceneFramesTest)
#include "scene_frames_test.moc"
