#include "widgets/flight_view/ground_grid.h"

#include "widgets/flight_view/scene_frame.h"
#include "widgets/flight_view/scene_geometry.h"

#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QPlaneMesh>

#include <cmath>

namespace navigator::flight_view {
namespace {

const QColor kMinorLine(0x4c, 0x58, 0x44);
const QColor kMajorLine(0xb0, 0xb8, 0xa8);
const QColor kGround(0x6a, 0x7a, 0x5c);
constexpr float kPlaneSize_m = 4000.0f;  // beyond the camera's far plane: reads as a horizon
constexpr float kPlaneBelow_m = 0.02f;   // under the lines, so they never fight for depth

// Lines along north and along east through every cell boundary, in ENU about the grid centre.
QVector<QVector3D> gridLines(bool major) {
  QVector<QVector3D> points;
  const int n = int(GroundGrid::kHalfExtent_m / GroundGrid::kCell_m);
  const float e = GroundGrid::kHalfExtent_m;
  for (int i = -n; i <= n; ++i) {
    if ((i % GroundGrid::kMajorEvery == 0) != major) continue;
    const float d = float(i) * GroundGrid::kCell_m;
    points << sceneFromEnu(QVector3D(d, -e, 0)) << sceneFromEnu(QVector3D(d, e, 0));
    points << sceneFromEnu(QVector3D(-e, d, 0)) << sceneFromEnu(QVector3D(e, d, 0));
  }
  return points;
}

}  // namespace

GroundGrid::GroundGrid(Qt3DCore::QNode* parent) : Qt3DCore::QEntity(parent) {
  transform_ = new Qt3DCore::QTransform;
  addComponent(transform_);
  for (bool major : {false, true}) {
    auto* lines = new Qt3DCore::QEntity(this);
    lines->addComponent(lineListRenderer(gridLines(major)));
    lines->addComponent(flatMaterial(major ? kMajorLine : kMinorLine));
  }
  auto* ground = new Qt3DCore::QEntity(this);
  auto* plane = new Qt3DExtras::QPlaneMesh;  // Qt3D's plane lies in the scene's x–z, facing +y (up)
  plane->setWidth(kPlaneSize_m);
  plane->setHeight(kPlaneSize_m);
  auto* below = new Qt3DCore::QTransform;
  below->setTranslation(sceneFromEnu(QVector3D(0, 0, -kPlaneBelow_m)));
  ground->addComponent(plane);
  ground->addComponent(below);
  ground->addComponent(litMaterial(kGround, 1.0f, Finish::Matte));
  place();
}

void GroundGrid::setGroundHeight(float up_m) {
  centre_ENU_m_.setZ(up_m);
  place();
}

float GroundGrid::scaleForHeight(float height_above_ground_m) {
  if (!(height_above_ground_m >= 40.0f)) return 1.0f;  // (NaN: the near grid)
  return height_above_ground_m < 400.0f ? 10.0f : 100.0f;
}

void GroundGrid::followVehicle(const QVector3D& position_ENU_m) {
  if (!std::isfinite(position_ENU_m.x()) || !std::isfinite(position_ENU_m.y())) return;
  const float scale = scaleForHeight(position_ENU_m.z() - centre_ENU_m_.z());
  const float step = kStep_m * scale;
  const float east = std::round(position_ENU_m.x() / step) * step;
  const float north = std::round(position_ENU_m.y() / step) * step;
  if (east == centre_ENU_m_.x() && north == centre_ENU_m_.y() && scale == scale_) return;
  centre_ENU_m_.setX(east);
  centre_ENU_m_.setY(north);
  scale_ = scale;
  place();
}

void GroundGrid::place() {
  transform_->setTranslation(sceneFromEnu(centre_ENU_m_));
  transform_->setScale3D(QVector3D(scale_, 1.0f, scale_));  // scene x–z is the ground; y (up) kept
}

}  // namespace navigator::flight_view
