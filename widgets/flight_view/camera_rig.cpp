#include "widgets/flight_view/camera_rig.h"

#include "widgets/flight_view/scene_frame.h"

#include <QtMath>

#include <algorithm>
#include <cmath>

namespace navigator::flight_view {
namespace {

// A unit vector at this ENU azimuth and elevation [rad].
QVector3D spherical(float azimuth_rad, float elevation_rad) {
  return QVector3D(std::cos(elevation_rad) * std::cos(azimuth_rad), std::cos(elevation_rad) * std::sin(azimuth_rad),
                   std::sin(elevation_rad));
}

float clampElevation(float elevation_deg) {
  return std::clamp(elevation_deg, CameraRig::kMinElevation_deg, CameraRig::kMaxElevation_deg);
}

float clampDistance(float distance_m) {
  return std::clamp(distance_m, CameraRig::kMinDistance_m, CameraRig::kMaxDistance_m);
}

// The angle a − b wrapped into (−π, π].
float angleDifference(float a_rad, float b_rad) { return std::remainder(a_rad - b_rad, 2.0f * float(M_PI)); }

}  // namespace

float headingOf(const QQuaternion& attitude_ENU_FLU, float fallback_rad) {
  const QVector3D forward_ENU = attitude_ENU_FLU.rotatedVector(QVector3D(1, 0, 0));
  if (std::hypot(forward_ENU.x(), forward_ENU.y()) < 1e-3f) return fallback_rad;
  return std::atan2(forward_ENU.y(), forward_ENU.x());
}

void CameraRig::setMode(FlightCameraMode mode) {
  mode_ = mode;
  snap();
}

void CameraRig::setFollowDistance(float distance_m) {
  if (std::isfinite(distance_m)) follow_distance_m_ = clampDistance(distance_m);
}

void CameraRig::setFollowElevation(float elevation_deg) {
  if (std::isfinite(elevation_deg)) follow_elevation_deg_ = clampElevation(elevation_deg);
}

void CameraRig::setOrbit(float azimuth_deg, float elevation_deg, float distance_m) {
  if (!std::isfinite(azimuth_deg) || !std::isfinite(elevation_deg) || !std::isfinite(distance_m)) return;
  orbit_azimuth_deg_ = std::remainder(azimuth_deg, 360.0f);
  orbit_elevation_deg_ = clampElevation(elevation_deg);
  orbit_distance_m_ = clampDistance(distance_m);
}

void CameraRig::drag(float d_azimuth_deg, float d_elevation_deg) {
  if (mode_ == FlightCameraMode::Orbit)
    setOrbit(orbit_azimuth_deg_ + d_azimuth_deg, orbit_elevation_deg_ + d_elevation_deg, orbit_distance_m_);
  else if (mode_ == FlightCameraMode::Follow)
    setFollowElevation(follow_elevation_deg_ + d_elevation_deg);
}

void CameraRig::zoom(float factor) {
  if (!(factor > 0.0f) || !std::isfinite(factor)) return;
  if (mode_ == FlightCameraMode::Orbit) orbit_distance_m_ = clampDistance(orbit_distance_m_ * factor);
  if (mode_ == FlightCameraMode::Follow) follow_distance_m_ = clampDistance(follow_distance_m_ * factor);
}

CameraPlacement CameraRig::update(const QVector3D& vehicle_ENU_m, const QQuaternion& attitude_ENU_FLU, float dt_s) {
  const float target = headingOf(attitude_ENU_FLU, heading_rad_);
  if (!snapped_ || heading_tau_s_ <= 0.0f) {
    heading_rad_ = target;
    snapped_ = true;
  } else if (dt_s > 0.0f) {
    // First-order lag, exact for a constant target over dt: the gap shrinks by e^(−dt/τ).
    const float keep = std::exp(-std::min(dt_s, 1.0f) / heading_tau_s_);
    heading_rad_ = std::remainder(target - keep * angleDifference(target, heading_rad_), 2.0f * float(M_PI));
  }

  QVector3D camera_ENU;
  switch (mode_) {
    case FlightCameraMode::Follow:
      camera_ENU = vehicle_ENU_m +
                   follow_distance_m_ * spherical(heading_rad_ + float(M_PI), qDegreesToRadians(follow_elevation_deg_));
      break;
    case FlightCameraMode::Orbit:
      camera_ENU = vehicle_ENU_m + orbit_distance_m_ * spherical(qDegreesToRadians(orbit_azimuth_deg_),
                                                                 qDegreesToRadians(orbit_elevation_deg_));
      break;
    case FlightCameraMode::Observer:
      camera_ENU = observer_ENU_m_;
      break;
  }
  return {sceneFromEnu(camera_ENU), sceneFromEnu(vehicle_ENU_m), sceneFromEnu(QVector3D(0, 0, 1))};
}

}  // namespace navigator::flight_view
