#include "app/ui/sample_pose.h"

#include "widgets/flight_view/flight_view_3d.h"

#include <QQuaternion>

namespace navigator {
namespace {

QQuaternion toQQuaternion(const std::array<float, 4>& wxyz) { return QQuaternion(wxyz[0], wxyz[1], wxyz[2], wxyz[3]); }

}  // namespace

QVector3D toQVector(const std::array<float, 3>& v) { return QVector3D(v[0], v[1], v[2]); }

bool showSamplePose(FlightView3D* view, const TelemetrySample& s) {
  const std::optional<ScenePose> pose = samplePose(s);
  if (!pose) return false;
  view->setVehiclePose(toQVector(pose->p_ENU_m), toQQuaternion(pose->q_ENU_FLU_wxyz));
  if (const auto wind = sampleWindEnu(s)) view->setWind(toQVector(*wind));
  return true;
}

void showOtherVehicles(FlightView3D* view, const std::vector<WorldVehiclePose>& vehicles, int selected) {
  QVector<QPair<QVector3D, QQuaternion>> others;
  for (const ScenePose& p : otherVehiclePoses(vehicles, selected))
    others.push_back({toQVector(p.p_ENU_m), toQQuaternion(p.q_ENU_FLU_wxyz)});
  view->setOtherVehiclePoses(others);
}

void showAttitude(FlightView3D* view, const std::array<float, 4>& q_NED_FRD_wxyz) {
  const ScenePose pose = attitudePose(q_NED_FRD_wxyz);
  view->setVehiclePose(toQVector(pose.p_ENU_m), toQQuaternion(pose.q_ENU_FLU_wxyz));
}

void showSceneWorld(FlightView3D* view, const vsim::World& world) {
  const SceneWorld scene = sceneWorld(world);
  QVector<FlightViewObstacle> obstacles;
  for (const SceneObstacle& o : scene.obstacles) {
    FlightViewObstacle v;
    v.shape = o.shape == SceneObstacle::Shape::Box      ? FlightViewObstacle::Shape::Box
              : o.shape == SceneObstacle::Shape::Sphere ? FlightViewObstacle::Shape::Sphere
                                                        : FlightViewObstacle::Shape::Cylinder;
    v.half_size_m = toQVector(o.half_size_m);
    v.radius_m = o.radius_m;
    v.half_length_m = o.half_length_m;
    v.centre_ENU_m = toQVector(o.centre_ENU_m);
    v.attitude_ENU = toQQuaternion(o.q_ENU_O_wxyz);
    obstacles.append(v);
  }
  view->setObstacles(obstacles);
  view->setWorldMesh(QVector<float>(scene.mesh_corners_ENU_m.begin(), scene.mesh_corners_ENU_m.end()));
  view->setGroundHeight(scene.ground_up_m);
}

}  // namespace navigator
