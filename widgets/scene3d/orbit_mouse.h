// OrbitMouse: the one mouse convention of the 3-D views (the flight view and the Inertia
// Inspector's): a drag with the left or right button orbits at kDragDegPerPixel, the wheel
// zooms by kZoomPerWheelStep per 15° notch. It reads the events of a view's Qt3D window and
// says what they ask of the camera; the view's own camera does it. GUI thread only.
#pragma once

#include <QPoint>

#include <optional>

class QEvent;

namespace navigator::scene3d {

inline constexpr float kDragDegPerPixel = 0.4f;
inline constexpr float kZoomPerWheelStep = 0.88f;  // one notch brings the camera this much closer

// What one event asks of the camera: turn by (azimuth, elevation) and scale the distance.
struct OrbitGesture {
  float d_azimuth_deg = 0.0f, d_elevation_deg = 0.0f;
  float zoom_factor = 1.0f;
};

class OrbitMouse {
 public:
  // The gesture of a drag step or a wheel turn; nothing for other events (a press or release
  // is noted, and left for others to see).
  std::optional<OrbitGesture> read(const QEvent* event);

 private:
  bool dragging_ = false;
  QPoint last_;
};

}  // namespace navigator::scene3d
