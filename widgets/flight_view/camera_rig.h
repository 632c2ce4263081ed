// CameraRig: where the flight view's camera stands for each mode, as plain arithmetic (no Qt3D),
// so it can be tested by numbers. Inputs are the vehicle's ENU position [m] and ENU←FLU
// attitude; the output is a camera placement in the scene frame (scene_frame.h). Angles are
// ENU: azimuth counter-clockwise from East seen from above, elevation up from the horizontal.
// GUI thread only.
#pragma once

#include "widgets/flight_view/flight_view_types.h"

#include <QQuaternion>
#include <QVector3D>

namespace navigator::flight_view {

struct CameraPlacement {
  QVector3D position_S;     // scene frame
  QVector3D view_centre_S;  // scene frame, what the camera looks at
  QVector3D up_S;           // scene frame
};

class CameraRig {
 public:
  static constexpr float kMinElevation_deg = -10.0f;
  static constexpr float kMaxElevation_deg = 85.0f;
  static constexpr float kMinDistance_m = 0.5f;
  static constexpr float kMaxDistance_m = 500.0f;

  void setMode(FlightCameraMode mode);
  FlightCameraMode mode() const { return mode_; }

  // Follow: this far from the vehicle [m], this high above its horizon [deg]; the camera's
  // heading trails the vehicle's with a first-order lag of this time constant [s] (0: none).
  void setFollowDistance(float distance_m);
  float followDistance_m() const { return follow_distance_m_; }
  void setFollowElevation(float elevation_deg);
  float followElevation_deg() const { return follow_elevation_deg_; }
  void setHeadingTimeConstant(float tau_s) { heading_tau_s_ = tau_s > 0.0f ? tau_s : 0.0f; }

  // Orbit: where the camera stands relative to the vehicle.
  void setOrbit(float azimuth_deg, float elevation_deg, float distance_m);
  float orbitAzimuth_deg() const { return orbit_azimuth_deg_; }
  float orbitElevation_deg() const { return orbit_elevation_deg_; }
  float orbitDistance_m() const { return orbit_distance_m_; }

  // Observer: the fixed point it stands at, ENU [m].
  void setObserverPosition(const QVector3D& position_ENU_m) { observer_ENU_m_ = position_ENU_m; }
  QVector3D observerPosition_ENU_m() const { return observer_ENU_m_; }

  // A mouse drag (orbit: turns around the vehicle; follow: raises or lowers the camera) and a
  // wheel step (zoom: distances times `factor`).
  void drag(float d_azimuth_deg, float d_elevation_deg);
  void zoom(float factor);

  // The next update() jumps straight to the vehicle's heading, without the lag.
  void snap() { snapped_ = false; }

  // Advances the heading lag by dt_s and returns where the camera is now.
  CameraPlacement update(const QVector3D& vehicle_ENU_m, const QQuaternion& attitude_ENU_FLU, float dt_s);

  // The follow camera's heading now [rad], ENU azimuth of the direction it looks along.
  float heading_rad() const { return heading_rad_; }

 private:
  FlightCameraMode mode_ = FlightCameraMode::Follow;
  float follow_distance_m_ = 3.0f;
  float follow_elevation_deg_ = 18.0f;
  float heading_tau_s_ = 0.4f;
  float orbit_azimuth_deg_ = -120.0f;
  float orbit_elevation_deg_ = 25.0f;
  float orbit_distance_m_ = 4.0f;
  QVector3D observer_ENU_m_{-6.0f, -8.0f, 1.7f};
  float heading_rad_ = 0.0f;
  bool snapped_ = false;
};

// The vehicle's heading [rad]: ENU azimuth of its forward axis projected on the horizontal;
// `fallback_rad` when the forward axis points (nearly) straight up or down.
float headingOf(const QQuaternion& attitude_ENU_FLU, float fallback_rad);

}  // namespace navigator::flight_view
