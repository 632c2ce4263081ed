// HeightMarker: how high the vehicle is, made visible — a dark disc on the ground straight
// below it and a thin line from the vehicle down to that disc (the view has no shadows).
// Positions and heights ENU metres. GUI thread only.
#pragma once

#include <Qt3DCore/QEntity>
#include <QVector3D>

namespace Qt3DCore {
class QBuffer;
class QTransform;
}  // namespace Qt3DCore

namespace navigator::flight_view {

class HeightMarker : public Qt3DCore::QEntity {
  Q_OBJECT
 public:
  static constexpr float kDiscRadius_m = 0.3f;

  explicit HeightMarker(Qt3DCore::QNode* parent = nullptr);

  // Height of the ground above the ENU origin [m].
  void setGroundHeight(float up_m);

  // The vehicle's centre of mass, ENU [m].
  void setVehicle(const QVector3D& position_ENU_m);

  // Where the disc is now (on the ground below the vehicle), ENU [m].
  QVector3D discCentre_ENU_m() const;

 private:
  void place();

  float ground_up_m_ = 0.0f;
  QVector3D vehicle_ENU_m_;
  Qt3DCore::QTransform* disc_transform_ = nullptr;
  Qt3DCore::QBuffer* line_buffer_ = nullptr;
};

}  // namespace navigator::flight_view
