#include "widgets/flight_view/wind_arrow.h"

#include "widgets/flight_view/scene_frame.h"
#include "widgets/flight_view/scene_geometry.h"

#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QConeMesh>
#include <Qt3DExtras/QCylinderMesh>

#include <algorithm>
#include <cmath>

namespace navigator::flight_view {
namespace {

const QColor kArrowColour(0x40, 0xc8, 0xff);
constexpr float kHeadLength_m = 0.2f;
constexpr float kHeadRadius_m = 0.065f;
constexpr float kShaftRadius_m = 0.022f;

}  // namespace

WindArrow::WindArrow(Qt3DCore::QNode* parent) : Qt3DCore::QEntity(parent) {
  // Built along its own +y (Qt3D's cylinder and cone axis) from the tail at the origin.
  transform_ = new Qt3DCore::QTransform;
  addComponent(transform_);
  auto* shaft = new Qt3DCore::QEntity(this);
  shaft_ = new Qt3DExtras::QCylinderMesh;
  shaft_->setRadius(kShaftRadius_m);
  shaft_->setSlices(12);
  shaft_transform_ = new Qt3DCore::QTransform;
  shaft->addComponent(shaft_);
  shaft->addComponent(shaft_transform_);
  shaft->addComponent(litMaterial(kArrowColour));
  auto* head = new Qt3DCore::QEntity(this);
  head_ = new Qt3DExtras::QConeMesh;
  head_->setBottomRadius(kHeadRadius_m);
  head_->setTopRadius(0.0f);
  head_->setSlices(16);
  head_transform_ = new Qt3DCore::QTransform;
  head->addComponent(head_);
  head->addComponent(head_transform_);
  head->addComponent(litMaterial(kArrowColour));
  place();
}

void WindArrow::setWind(const QVector3D& wind_ENU_mps) {
  const bool finite =
      std::isfinite(wind_ENU_mps.x()) && std::isfinite(wind_ENU_mps.y()) && std::isfinite(wind_ENU_mps.z());
  speed_mps_ = finite ? wind_ENU_mps.length() : 0.0f;
  direction_ENU_ = speed_mps_ > 0.0f ? wind_ENU_mps / speed_mps_ : QVector3D();
  place();
}

void WindArrow::setAnchor(const QVector3D& position_ENU_m) {
  anchor_ENU_m_ = position_ENU_m;
  place();
}

float WindArrow::length_m() const { return shown() ? std::min(kMetresPerMps * speed_mps_, kMaxLength_m) : 0.0f; }

void WindArrow::place() {
  setEnabled(shown());
  if (!shown()) return;
  const float length = length_m();
  const float head = std::min(kHeadLength_m, 0.5f * length);
  const float shaft = length - head;
  shaft_->setLength(shaft);
  shaft_transform_->setTranslation(QVector3D(0, 0.5f * shaft, 0));
  head_->setLength(head);
  head_transform_->setTranslation(QVector3D(0, shaft + 0.5f * head, 0));
  const QVector3D middle_ENU = anchor_ENU_m_ + QVector3D(0, 0, kHeightAbove_m);
  const QVector3D tail_ENU = middle_ENU - 0.5f * length * direction_ENU_;
  transform_->setRotation(QQuaternion::rotationTo(QVector3D(0, 1, 0), sceneFromEnu(direction_ENU_)));
  transform_->setTranslation(sceneFromEnu(tail_ENU));
}

}  // namespace navigator::flight_view
