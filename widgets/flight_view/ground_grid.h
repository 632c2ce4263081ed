// GroundGrid: the ground under the vehicle — a plane and a grid of 1 m lines (every tenth line
// brighter) 100 m across, which moves with the vehicle in whole 10 m steps so the lines stay at
// fixed world places and the grid never ends. Higher up it grows tenfold (10 m lines over 1 km
// from 40 m above the ground, 100 m lines over 10 km from 400 m), so the ground a camera sees
// from a height still has lines (a fixed 100 m grid vanishes from view above about 50 m). Heights
// and positions ENU metres. GUI thread only.
#pragma once

#include <Qt3DCore/QEntity>
#include <QVector3D>

namespace Qt3DCore {
class QTransform;
}

namespace navigator::flight_view {

class GroundGrid : public Qt3DCore::QEntity {
  Q_OBJECT
 public:
  static constexpr float kCell_m = 1.0f;                   // spacing of the fine lines
  static constexpr int kMajorEvery = 10;                   // every tenth line is a major line
  static constexpr float kHalfExtent_m = 50.0f;            // the grid reaches this far either side
  static constexpr float kStep_m = kCell_m * kMajorEvery;  // how the grid moves

  explicit GroundGrid(Qt3DCore::QNode* parent = nullptr);

  // Height of the ground above the ENU origin [m]; default 0.
  void setGroundHeight(float up_m);

  // Recentres the grid on the major cell nearest to the vehicle's east/north position, at the
  // scale for its height above the ground.
  void followVehicle(const QVector3D& position_ENU_m);

  // The grid's scale for a vehicle this high above the ground: 1 below 40 m, 10 below 400 m,
  // else 100.
  static float scaleForHeight(float height_above_ground_m);
  float scale() const { return scale_; }

  // Centre of the grid now (east and north on multiples of kStep_m, up the ground height).
  QVector3D centre_ENU_m() const { return centre_ENU_m_; }

 private:
  void place();

  Qt3DCore::QTransform* transform_ = nullptr;
  QVector3D centre_ENU_m_;
  float scale_ = 1.0f;
};

}  // namespace navigator::flight_view
