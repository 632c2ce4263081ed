// MeshView3D: a Qt3D view of a triangle mesh with its centre of mass and principal axes (drawn
// on top of the see-through mesh), fitted to the mesh on open.
// Takes plain values (positions, points, directions) in the mesh's own length unit and
// axes; knows nothing of where they came from. GUI thread only. Needs a real display.
#pragma once

#include "widgets/scene3d/orbit_mouse.h"

#include <QWindow>
#include <QVector3D>
#include <QVector>
#include <QWidget>

#include <array>

namespace Qt3DCore {
class QEntity;
}  // namespace Qt3DCore
namespace Qt3DExtras {
class Qt3DWindow;
}
namespace Qt3DRender {
class QCamera;
class QGeometryRenderer;
class QRenderCapture;
class QRenderCaptureReply;
}  // namespace Qt3DRender

namespace navigator {

class MeshView3D : public QWidget {
  Q_OBJECT
 public:
  explicit MeshView3D(QWidget* parent = nullptr);

  // Shows the triangles given as corner positions, 9 floats per triangle (x, y, z of three
  // corners, counter-clockwise seen from outside), and fits the camera to them.
  void setTriangles(const QVector<float>& corners_xyz);

  // Marks the centre of mass and draws the three principal axes through it (unit vectors,
  // drawn red, green, blue for axes 1, 2, 3).
  void setMassMarkers(const QVector3D& centre_of_mass, const std::array<QVector3D, 3>& principal_axes);

  // Removes the mesh and the markers.
  void clear();

  // Number of triangles on show.
  int triangleCount() const { return triangle_count_; }

  // Asks the renderer for the next frame as an image; the reply signals completed().
  Qt3DRender::QRenderCaptureReply* requestFrameCapture();

  // The camera, as the Fly view's: drag orbits about the part's centre, the wheel zooms,
  // a double-click fits the whole part again (as on open).
  void orbit(float d_azimuth_deg, float d_elevation_deg);
  void zoom(float factor);
  void fitCamera();
  float cameraDistance() const;
  Qt3DRender::QCamera* camera() const { return camera_; }
  QWindow* renderWindow() const;  // where the mouse events arrive
  // The eight corners of the mesh's bounding box (mesh units).
  std::array<QVector3D, 8> boundsCorners() const;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  Qt3DExtras::Qt3DWindow* window_ = nullptr;
  Qt3DCore::QEntity* root_ = nullptr;
  Qt3DCore::QEntity* mesh_entity_ = nullptr;
  Qt3DCore::QEntity* markers_ = nullptr;
  Qt3DRender::QCamera* camera_ = nullptr;
  Qt3DRender::QRenderCapture* capture_ = nullptr;
  QVector3D bounds_min_, bounds_max_;
  int triangle_count_ = 0;
  float fit_distance_ = 1.0f;
  scene3d::OrbitMouse mouse_;
};

}  // namespace navigator
