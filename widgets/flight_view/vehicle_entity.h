// VehicleEntity: the flying vehicle in the scene — its mesh (triangles in the body's FLU frame,
// metres, about the centre of mass) or, when no mesh is given, a simple model of its rotors (body
// box, an arm to each rotor, its motor along the thrust axis and a ring across it; rotors ahead
// of the centre red) from their places and thrust axes, or a quad X of the arm length when those
// are not given — with optional
// body axes (forward red, left green, up blue). Placed by an ENU position and an ENU←FLU
// attitude. GUI thread only.
#pragma once

#include "widgets/flight_view/flight_view_types.h"

#include <Qt3DCore/QEntity>
#include <QQuaternion>
#include <QVector3D>
#include <QVector>

namespace Qt3DCore {
class QTransform;
}

namespace navigator::flight_view {

using navigator::RotorGlyph;

class VehicleEntity : public Qt3DCore::QEntity {
  Q_OBJECT
 public:
  explicit VehicleEntity(Qt3DCore::QNode* parent = nullptr);

  // The vehicle's shape: 9 floats per triangle (three counter-clockwise corners), FLU body
  // frame, metres, relative to the centre of mass. Empty: the quad-X fallback model.
  void setMesh(const QVector<float>& corners_FLU_m);
  bool usesFallbackModel() const { return mesh_triangles_ == 0; }

  // Centre-to-rotor distance of the fallback model [m]; default 0.25 (an S500 is 0.24).
  void setFallbackArmLength(float arm_m);
  // The fallback model's rotors (a hexacopter shows six, the lander its four engines
  // below it); empty: the quad X of the arm length. Non-finite entries are left out.
  void setFallbackRotors(const QVector<RotorGlyph>& rotors);
  int fallbackRotorCount() const { return rotors_.isEmpty() ? 4 : int(rotors_.size()); }

  // Places the body: centre of mass at position_ENU_m, attitude q_ENU_FLU (body FLU vectors
  // into ENU). Returns false, changing nothing, for a non-finite or zero quaternion or position.
  bool setPose(const QVector3D& position_ENU_m, const QQuaternion& attitude_ENU_FLU);
  QVector3D position_ENU_m() const { return position_ENU_m_; }
  QQuaternion attitude_ENU_FLU() const { return attitude_ENU_FLU_; }

  void setBodyAxesVisible(bool visible);
  bool bodyAxesVisible() const;

  // Radius of a sphere about the centre of mass holding the whole model [m].
  float boundingRadius_m() const { return radius_m_; }

  // The transform placing FLU body coordinates in the scene.
  Qt3DCore::QTransform* transform() const { return transform_; }

 private:
  void rebuildShape();
  void rebuildAxes();

  Qt3DCore::QTransform* transform_ = nullptr;
  Qt3DCore::QEntity* shape_ = nullptr;
  Qt3DCore::QEntity* axes_ = nullptr;
  QVector<float> mesh_corners_FLU_m_;
  int mesh_triangles_ = 0;
  float arm_m_ = 0.25f;
  QVector<RotorGlyph> rotors_;
  float radius_m_ = 0.0f;
  bool axes_visible_ = false;
  QVector3D position_ENU_m_;
  QQuaternion attitude_ENU_FLU_;
};

}  // namespace navigator::flight_view
