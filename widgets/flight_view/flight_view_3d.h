// FlightView3D: the 3-D flight view (Qt3D) — the vehicle at its simulated pose over a ground
// grid (with a disc and a line marking the point below it), obstacles and an optional world
// mesh, its trail, a wind arrow, and follow / orbit / ground-observer cameras (a bar under the
// view switches them and shows the wind).
//
// Frames and units. World values are ENU (x East, y North, z Up) in metres; the vehicle's
// attitude is q_ENU_FLU, a Hamilton unit quaternion rotating body FLU (x Forward, y Left, z Up)
// vectors into ENU; wind is the air's velocity in ENU [m/s]. From the simulator's NED/FRD use
// sim/base/frames.h (nedToEnu, attitudeEnuFluFromNedFrd); this widget never sees NED.
// scene_frame.h is where ENU becomes the Qt3D scene.
//
// Takes plain values, knows nothing of the simulator. GUI thread only. Needs a real display
// (xcb / xvfb); Qt3D does not render on the offscreen platform.
#pragma once

#include "widgets/flight_view/flight_view_types.h"
#include "widgets/scene3d/orbit_mouse.h"

#include <QElapsedTimer>
#include <QImage>
#include <QQuaternion>
#include <QVector3D>
#include <QVector>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QCheckBox;

namespace Qt3DCore {
class QEntity;
}
namespace Qt3DExtras {
class Qt3DWindow;
}
namespace Qt3DRender {
class QCamera;
class QRenderCapture;
class QRenderCaptureReply;
}  // namespace Qt3DRender

namespace navigator {
namespace flight_view {
class CameraRig;
class GroundGrid;
class HeightMarker;
class ObstacleEntities;
class Trail;
class VehicleEntity;
class WindArrow;
}  // namespace flight_view

class FlightView3D : public QWidget {
  Q_OBJECT
 public:
  // At the simulator's 60 Hz pose rate, the default trail is the last 30 s.
  static constexpr int kDefaultTrailPoints = 60 * 30;

  explicit FlightView3D(QWidget* parent = nullptr);
  ~FlightView3D() override;

  // The vehicle's shape: 9 floats per triangle (three counter-clockwise corners), body FLU
  // frame, metres, relative to the centre of mass; set once per airframe. Empty (the default):
  // a simple quad-X model of boxes, cylinders and rotor rings sized by setFallbackArmLength().
  void setVehicleMesh(const QVector<float>& corners_FLU_m);
  // Centre-to-rotor distance of the fallback model [m]; default 0.25.
  void setFallbackArmLength(float arm_m);
  // The fallback model's rotors (VehicleEntity::setFallbackRotors), for every vehicle shown.
  void setFallbackRotors(const QVector<RotorGlyph>& rotors);

  // The vehicle's pose: centre of mass at position_ENU_m, attitude q_ENU_FLU. Call at the pose
  // rate (up to 60 Hz): moves the vehicle, the cameras, the grid and the wind arrow and adds a
  // trail point. A non-finite pose is ignored (the last good one stays on show).
  void setVehiclePose(const QVector3D& position_ENU_m, const QQuaternion& attitude_ENU_FLU);

  // The other vehicles of the same world (several vehicles flown by PX4 or ArduPilot), each as
  // position_ENU_m and attitude q_ENU_FLU: drawn with the vehicle's shape, without trail or
  // camera. Replaces what was shown (empty: none); a non-finite pose hides that one.
  void setOtherVehiclePoses(const QVector<QPair<QVector3D, QQuaternion>>& poses_ENU);
  int otherVehicleCount() const { return int(others_.size()); }
  flight_view::VehicleEntity* otherVehicle(int i) const { return others_.value(i); }

  // Wind at the vehicle: the air's velocity, ENU [m/s]; drawn as an arrow above the vehicle and
  // written as speed and the bearing it blows from in the bar.
  void setWind(const QVector3D& wind_ENU_mps);

  // What the world holds: primitive obstacles and a world mesh (9 floats per triangle, ENU
  // metres; empty for none), each replacing what was shown; the ground's height [m, ENU up].
  void setObstacles(const QVector<FlightViewObstacle>& obstacles);
  void setWorldMesh(const QVector<float>& corners_ENU_m);
  void setGroundHeight(float up_m);

  // The trail keeps the last `points` poses (≥ 2; setting it clears the trail). Clear it when
  // the vehicle jumps (a simulator reset), or the trail draws a line across the jump.
  void setTrailPointCount(int points);
  int trailPointCount() const;
  void clearTrail();
  // Shows `points_ENU_m` as the trail (oldest first, the last trailPointCount() kept) in one
  // go: a replay that jumps to another stretch of its flight.
  void setTrail(const QVector<QVector3D>& points_ENU_m);

  void setBodyAxesVisible(bool visible);
  bool bodyAxesVisible() const;

  // The camera, for the owner to persist: mode, follow distance, orbit placement (see
  // camera_rig.h for the angles), observer position (ENU [m]).
  void setCameraMode(FlightCameraMode mode);
  FlightCameraMode cameraMode() const;
  void setFollowDistance(float distance_m);
  float followDistance_m() const;
  void setOrbit(float azimuth_deg, float elevation_deg, float distance_m);
  float orbitAzimuth_deg() const;
  float orbitElevation_deg() const;
  float orbitDistance_m() const;
  void setObserverPosition(const QVector3D& position_ENU_m);
  QVector3D observerPosition_ENU_m() const;
  // Lag of the follow camera's heading [s]; 0 turns it off (tests).
  void setFollowHeadingTimeConstant(float tau_s);

  // Frames drawn since construction (for the GUI frame-rate figure): the view draws on demand,
  // so this counts Qt3D frame ticks that found the pose, camera or wind changed — at most the
  // pose rate, fewer when rendering cannot keep up, none while nothing moves.
  quint64 framesRendered() const { return frames_rendered_; }

  // Asks the renderer for the next frame as an image; the reply signals completed(). Read the
  // picture with capturedImage(): through RHI on OpenGL (Qt 6.4's default on Linux) the
  // reply's own image() is upside down.
  Qt3DRender::QRenderCaptureReply* requestFrameCapture();
  static QImage capturedImage(const Qt3DRender::QRenderCaptureReply* reply);

  // The scene pieces, for tests.
  flight_view::VehicleEntity* vehicle() const { return vehicle_; }
  flight_view::Trail* trail() const { return trail_; }
  flight_view::WindArrow* windArrow() const { return wind_arrow_; }
  flight_view::GroundGrid* grid() const { return grid_; }
  flight_view::HeightMarker* heightMarker() const { return height_marker_; }
  flight_view::ObstacleEntities* obstacles() const { return obstacles_; }
  Qt3DRender::QCamera* camera() const { return camera_; }

 signals:
  // The camera mode changed (from the bar or setCameraMode).
  void cameraModeChanged(FlightCameraMode mode);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void buildBar();
  void updateCamera(float dt_s);
  void updateWindText();

  Qt3DExtras::Qt3DWindow* window_ = nullptr;
  Qt3DCore::QEntity* root_ = nullptr;
  Qt3DRender::QCamera* camera_ = nullptr;
  Qt3DRender::QRenderCapture* capture_ = nullptr;
  flight_view::VehicleEntity* vehicle_ = nullptr;
  QVector<flight_view::VehicleEntity*> others_;
  QVector<float> vehicle_mesh_FLU_m_;  // what the others are drawn with too
  float fallback_arm_m_ = 0.25f;
  QVector<RotorGlyph> fallback_rotors_;
  flight_view::GroundGrid* grid_ = nullptr;
  flight_view::HeightMarker* height_marker_ = nullptr;
  flight_view::Trail* trail_ = nullptr;
  flight_view::WindArrow* wind_arrow_ = nullptr;
  flight_view::ObstacleEntities* obstacles_ = nullptr;
  std::unique_ptr<flight_view::CameraRig> rig_;
  QComboBox* camera_combo_ = nullptr;
  QCheckBox* axes_box_ = nullptr;
  QLabel* wind_label_ = nullptr;
  QElapsedTimer since_pose_;
  scene3d::OrbitMouse mouse_;
  quint64 frames_rendered_ = 0;
  bool scene_changed_ = true;  // since the last frame tick
};

}  // namespace navigator
