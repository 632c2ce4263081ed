#include "app/core/scene_frames.h"

#include "sim/base/frames.h"

namespace navigator {
namespace {

Eigen::Vector3d enuOf(const std::array<float, 3>& v_NED) {
  return vsim::frames::nedToEnu(Eigen::Vector3d(v_NED[0], v_NED[1], v_NED[2]));
}
std::array<float, 3> floats(const Eigen::Vector3d& v) { return {float(v.x()), float(v.y()), float(v.z())}; }
std::array<float, 4> floats(const Eigen::Quaterniond& q) {
  return {float(q.w()), float(q.x()), float(q.y()), float(q.z())};
}
// The view's attitude (ENU/FLU) of a unit q_NED_FRD.
std::array<float, 4> viewAttitude(const Eigen::Quaterniond& q_NED_FRD) {
  return floats(vsim::frames::attitudeEnuFluFromNedFrd(q_NED_FRD));
}
Eigen::Quaterniond quaternion(const std::array<float, 4>& wxyz) { return {wxyz[0], wxyz[1], wxyz[2], wxyz[3]}; }

}  // namespace

std::array<float, 3> positionEnu(const TelemetrySample& s) {
  Eigen::Vector3d p = enuOf(s.p_W_m);
  if (!p.allFinite()) p.setZero();
  return floats(p);
}

std::optional<ScenePose> samplePose(const TelemetrySample& s) {
  const Eigen::Quaterniond q_NED_FRD = quaternion(s.attitude_WB_wxyz);
  if (!q_NED_FRD.coeffs().allFinite() || q_NED_FRD.norm() < 0.5) return std::nullopt;
  return ScenePose{positionEnu(s), viewAttitude(q_NED_FRD.normalized())};
}

std::optional<std::array<float, 3>> sampleWindEnu(const TelemetrySample& s) {
  const Eigen::Vector3d w = enuOf(s.wind_NED_mps);
  if (!w.allFinite()) return std::nullopt;
  return floats(w);
}

ScenePose attitudePose(const std::array<float, 4>& q_NED_FRD_wxyz) {
  return ScenePose{{0, 0, 0}, viewAttitude(quaternion(q_NED_FRD_wxyz))};
}

std::vector<ScenePose> otherVehiclePoses(const std::vector<WorldVehiclePose>& vehicles, int selected) {
  std::vector<ScenePose> others;
  for (int i = 0; i < int(vehicles.size()); ++i) {
    if (i == selected) continue;
    const WorldVehiclePose& v = vehicles[std::size_t(i)];
    others.push_back({floats(enuOf(v.p_W_m)), viewAttitude(quaternion(v.q_WB_wxyz).normalized())});
  }
  return others;
}

SceneWorld sceneWorld(const vsim::World& world) {
  const Eigen::Quaterniond q_ENU_NED = vsim::frames::q_NED_ENU().conjugate();
  SceneWorld out;
  for (const vsim::Obstacle& o : world.obstacles) {
    SceneObstacle v;
    v.shape = o.shape == vsim::Obstacle::Shape::Box      ? SceneObstacle::Shape::Box
              : o.shape == vsim::Obstacle::Shape::Sphere ? SceneObstacle::Shape::Sphere
                                                         : SceneObstacle::Shape::Cylinder;
    v.half_size_m = floats(o.half_size_m);
    v.radius_m = float(o.radius_m);
    v.half_length_m = float(o.half_length_m);
    v.centre_ENU_m = floats(vsim::frames::nedToEnu(o.pose_W.p_PB_m));
    v.q_ENU_O_wxyz = floats((q_ENU_NED * Eigen::Quaterniond(o.pose_W.R_PB)).normalized());
    out.obstacles.push_back(v);
  }
  if (world.mesh) {
    out.mesh_corners_ENU_m.reserve(world.mesh->triangleCount() * 9);
    for (std::size_t i = 0; i < world.mesh->triangleCount(); ++i) {
      const auto t = world.mesh->triangleCorners(i);
      // NED → ENU is a reflection: the corner order flips to keep the outside counter-clockwise.
      for (const Eigen::Vector3d* c : {&t[0], &t[2], &t[1]})
        for (float x : floats(vsim::frames::nedToEnu(*c))) out.mesh_corners_ENU_m.push_back(x);
    }
  }
  // Without ground (empty space) the grid stays at z = 0 as a reference, touching nothing.
  out.ground_up_m = world.has_ground ? float(-world.ground_down_m) : 0.0f;
  return out;
}

}  // namespace navigator
