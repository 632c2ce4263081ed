#include "app/ui/sample_pose.h"

#include "sim/base/frames.h"
#include "widgets/flight_view/flight_view_3d.h"

#include <QQuaternion>

namespace navigator {
namespace {

Eigen::Vector3d enuOf(const std::array<float, 3>& v_NED) {
  return vsim::frames::nedToEnu(Eigen::Vector3d(v_NED[0], v_NED[1], v_NED[2]));
}
QVector3D qvector(const Eigen::Vector3d& v) { return QVector3D(float(v.x()), float(v.y()), float(v.z())); }
// The view's attitude (ENU/FLU) of a unit q_NED_FRD.
QQuaternion viewAttitude(const Eigen::Quaterniond& q_NED_FRD) {
  const Eigen::Quaterniond q = vsim::frames::attitudeEnuFluFromNedFrd(q_NED_FRD);
  return QQuaternion(float(q.w()), float(q.x()), float(q.y()), float(q.z()));
}

}  // namespace

QVector3D positionEnu(const TelemetrySample& s) {
  Eigen::Vector3d p = enuOf(s.p_W_m);
  if (!p.allFinite()) p.setZero();
  return qvector(p);
}

bool showSamplePose(FlightView3D* view, const TelemetrySample& s) {
  const auto& a = s.attitude_WB_wxyz;
  const Eigen::Quaterniond q_NED_FRD(a[0], a[1], a[2], a[3]);
  if (!q_NED_FRD.coeffs().allFinite() || q_NED_FRD.norm() < 0.5) return false;
  view->setVehiclePose(positionEnu(s), viewAttitude(q_NED_FRD.normalized()));
  const Eigen::Vector3d w = enuOf(s.wind_NED_mps);
  if (w.allFinite()) view->setWind(qvector(w));
  return true;
}

void showOtherVehicles(FlightView3D* view, const std::vector<WorldVehiclePose>& vehicles, int selected) {
  QVector<QPair<QVector3D, QQuaternion>> others;
  for (int i = 0; i < int(vehicles.size()); ++i) {
    if (i == selected) continue;
    const WorldVehiclePose& v = vehicles[std::size_t(i)];
    const auto& q = v.q_WB_wxyz;
    others.push_back({qvector(enuOf(v.p_W_m)), viewAttitude(Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized())});
  }
  view->setOtherVehiclePoses(others);
}

}  // namespace navigator
