// WindArrow: the wind at the vehicle as an arrow floating above it, pointing where the air goes
// (downwind), kMetresPerMps long per m/s of wind speed up to kMaxLength_m; hidden in calm air.
// Wind is the air's velocity, ENU [m/s]; positions ENU [m]. GUI thread only.
#pragma once

#include <Qt3DCore/QEntity>
#include <QVector3D>

namespace Qt3DCore {
class QTransform;
}
namespace Qt3DExtras {
class QConeMesh;
class QCylinderMesh;
}  // namespace Qt3DExtras

namespace navigator::flight_view {

class WindArrow : public Qt3DCore::QEntity {
  Q_OBJECT
 public:
  static constexpr float kMetresPerMps = 0.2f;   // arrow length per unit wind speed
  static constexpr float kMaxLength_m = 3.0f;    // stronger wind still draws this long
  static constexpr float kCalm_mps = 0.05f;      // below this the arrow is hidden
  static constexpr float kHeightAbove_m = 0.6f;  // the arrow's middle is this far above the anchor

  explicit WindArrow(Qt3DCore::QNode* parent = nullptr);

  // The wind to show: the air's velocity, ENU [m/s]. Non-finite values hide the arrow.
  void setWind(const QVector3D& wind_ENU_mps);

  // Where to draw it: the arrow's middle is kHeightAbove_m above this point (ENU [m]).
  void setAnchor(const QVector3D& position_ENU_m);

  // What is drawn: speed [m/s], arrow length [m] and unit direction (ENU, downwind; zero when hidden).
  float speed_mps() const { return speed_mps_; }
  float length_m() const;
  QVector3D direction_ENU() const { return shown() ? direction_ENU_ : QVector3D(); }
  bool shown() const { return speed_mps_ >= kCalm_mps; }

  // The arrow's placement: scene rotation taking the arrow's own +y to the wind, and its tail.
  Qt3DCore::QTransform* transform() const { return transform_; }

 private:
  void place();

  float speed_mps_ = 0.0f;
  QVector3D direction_ENU_;
  QVector3D anchor_ENU_m_;
  Qt3DCore::QTransform* transform_ = nullptr;
  Qt3DCore::QTransform* shaft_transform_ = nullptr;
  Qt3DCore::QTransform* head_transform_ = nullptr;
  Qt3DExtras::QCylinderMesh* shaft_ = nullptr;
  Qt3DExtras::QConeMesh* head_ = nullptr;
};

}  // namespace navigator::flight_view
