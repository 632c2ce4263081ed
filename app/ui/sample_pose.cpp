#include "app/ui/sample_pose.h"

#include "sim/base/frames.h"
#include "widgets/flight_view/flight_view_3d.h"

#include <QQuaternion>

namespace navigator {

QVector3D positionEnu(const TelemetrySample& s) {
  Eigen::Vector3d p = vsim::frames::nedToEnu(Eigen::Vector3d(s.p_W_m[0], s.p_W_m[1], s.p_W_m[2]));
  if (!p.allFinite()) p.setZero();
  return QVector3D(float(p.x()), float(p.y()), float(p.z()));
}

bool showSamplePose(FlightView3D* view, const TelemetrySample& s) {
  const auto& a = s.attitude_WB_wxyz;
  const Eigen::Quaterniond q_NED_FRD(a[0], a[1], a[2], a[3]);
  if (!q_NED_FRD.coeffs().allFinite() || q_NED_FRD.norm() < 0.5) return false;
  const Eigen::Quaterniond q = vsim::frames::attitudeEnuFluFromNedFrd(q_NED_FRD.normalized());
  view->setVehiclePose(positionEnu(s), QQuaternion(float(q.w()), float(q.x()), float(q.y()), float(q.z())));
  const Eigen::Vector3d w = vsim::frames::nedToEnu(Eigen::Vector3d(s.wind_NED_mps[0], s.wind_NED_mps[1], s.wind_NED_mps[2]));
  if (w.allFinite()) view->setWind(QVector3D(float(w.x()), float(w.y()), float(w.z())));
  return true;
}

void showOtherVehicles(FlightView3D* view, const std::vector<WorldVehiclePose>& vehicles, int selected) {
  QVector<QPair<QVector3D, QQuaternion>> others;
  for (int i = 0; i < int(vehicles.size()); ++i) {
    if (i == selected) continue;
    const WorldVehiclePose& v = vehicles[std::size_t(i)];
    const Eigen::Vector3d p = vsim::frames::nedToEnu(Eigen::Vector3d(v.p_W_m[0], v.p_W_m[1], v.p_W_m[2]));
    const Eigen::Quaterniond q = vsim::frames::attitudeEnuFluFromNedFrd(
        Eigen::Quaterniond(v.q_WB_wxyz[0], v.q_WB_wxyz[1], v.q_WB_wxyz[2], v.q_WB_wxyz[3]).normalized());
    others.push_back({QVector3D(float(p.x()), float(p.y()), float(p.z())), QQuaternion(float(q.w()), float(q.x()), float(q.y()), float(q.z()))});
  }
  view->setOtherVehiclePoses(others);
}

}  // namespace navigator
