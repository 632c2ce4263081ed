#include "widgets/flight_view/vehicle_entity.h"

#include "widgets/flight_view/scene_frame.h"
#include "widgets/flight_view/scene_geometry.h"

#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QCuboidMesh>
#include <Qt3DExtras/QCylinderMesh>
#include <Qt3DExtras/QTorusMesh>

#include <algorithm>
#include <cmath>

namespace navigator::flight_view {
namespace {

const QColor kFrameColour(0x9c, 0xa6, 0xb4);
const QColor kBodyColour(0x38, 0x3e, 0x48);
const QColor kFrontRotor(0xe8, 0x40, 0x30);
const QColor kRearRotor(0xe8, 0xe8, 0xe8);
const QColor kMeshColour(0xb8, 0xc0, 0xcc);
const QColor kAxisColours[3] = {QColor(0xe0, 0x40, 0x40), QColor(0x40, 0xc0, 0x50), QColor(0x40, 0x80, 0xff)};

QVector3D identity(const QVector3D& v) { return v; }

// Qt3D's cylinder and torus meshes have their axis along their own y and z respectively;
// these turn that axis onto a body direction.
QQuaternion yAxisTo(const QVector3D& direction_FLU) {
  return QQuaternion::rotationTo(QVector3D(0, 1, 0), direction_FLU);
}

Qt3DCore::QEntity* part(Qt3DCore::QEntity* parent, Qt3DCore::QComponent* mesh, const QVector3D& at_FLU_m,
                        const QQuaternion& rotation, const QColor& colour) {
  auto* e = new Qt3DCore::QEntity(parent);
  auto* t = new Qt3DCore::QTransform;
  t->setTranslation(at_FLU_m);
  t->setRotation(rotation);
  e->addComponent(mesh);
  e->addComponent(t);
  e->addComponent(litMaterial(colour));
  return e;
}

Qt3DExtras::QCylinderMesh* cylinder(float radius_m, float length_m) {
  auto* m = new Qt3DExtras::QCylinderMesh;
  m->setRadius(radius_m);
  m->setLength(length_m);
  m->setSlices(16);
  return m;
}

// The fallback from the rotors' places: a body box sized by the mean arm, an arm to each rotor,
// its motor along the thrust axis and a ring across it. Returns the model's radius.
float buildRotors(Qt3DCore::QEntity* shape, const QVector<RotorGlyph>& rotors) {
  float arm = 0.0f, nearest = 1e9f;
  for (const RotorGlyph& r : rotors) arm += r.position_FLU_m.length() / float(rotors.size());
  for (int i = 0; i < rotors.size(); ++i)
    for (int j = i + 1; j < rotors.size(); ++j)
      nearest = std::min(nearest, (rotors[i].position_FLU_m - rotors[j].position_FLU_m).length());
  arm = std::max(arm, 0.02f);
  const float ring_r = std::min(0.5f * arm, 0.45f * nearest);
  auto* body = new Qt3DExtras::QCuboidMesh;
  body->setXExtent(0.45f * arm);
  body->setYExtent(0.35f * arm);
  body->setZExtent(0.16f * arm);
  part(shape, body, QVector3D(), QQuaternion(), kBodyColour);
  float radius = 0.0f;
  for (int k = 0; k < rotors.size(); ++k) {
    const QVector3D tip = rotors[k].position_FLU_m, axis = rotors[k].thrust_axis_FLU.normalized();
    const bool front = tip.x() > 0.05f * arm;
    const QColor colour = front ? kFrontRotor : kRearRotor;
    if (tip.length() > 1e-6f) part(shape, cylinder(0.035f * arm, tip.length()), 0.5f * tip, yAxisTo(tip), kFrameColour);
    part(shape, cylinder(0.09f * arm, 0.16f * arm), tip + 0.06f * arm * axis, yAxisTo(axis), kBodyColour);
    const QQuaternion across = QQuaternion::rotationTo(QVector3D(0, 0, 1), axis);  // the torus lies around its z
    auto* ring = new Qt3DExtras::QTorusMesh;
    ring->setRadius(ring_r);
    ring->setMinorRadius(0.06f * ring_r);
    ring->setRings(48);
    ring->setSlices(8);
    part(shape, ring, tip + 0.15f * arm * axis, across, colour);
    auto* blade = new Qt3DExtras::QCuboidMesh;
    blade->setXExtent(1.9f * ring_r);
    blade->setYExtent(0.16f * ring_r);
    blade->setZExtent(0.01f * arm);
    part(shape, blade, tip + 0.15f * arm * axis,
         across * QQuaternion::fromAxisAndAngle(QVector3D(0, 0, 1), 30.0f + 45.0f * float(k)), colour);
    radius = std::max(radius, tip.length() + ring_r);
  }
  return radius;
}

// The quad X of an arm length, for a model given no rotors: at ±45° and ±135° from forward,
// thrusting up (FLU).
QVector<RotorGlyph> quadX(float arm) {
  QVector<RotorGlyph> out;
  for (int k = 0; k < 4; ++k) {
    const float angle = qDegreesToRadians(45.0f + 90.0f * float(k));
    out.push_back({QVector3D(arm * std::cos(angle), arm * std::sin(angle), 0.0f), QVector3D(0, 0, 1)});
  }
  return out;
}

}  // namespace

VehicleEntity::VehicleEntity(Qt3DCore::QNode* parent) : Qt3DCore::QEntity(parent) {
  transform_ = new Qt3DCore::QTransform;
  addComponent(transform_);
  setPose(QVector3D(), QQuaternion());
  rebuildShape();
}

void VehicleEntity::setMesh(const QVector<float>& corners_FLU_m) {
  mesh_corners_FLU_m_ = corners_FLU_m;
  mesh_triangles_ = int(corners_FLU_m.size() / 9);
  rebuildShape();
}

void VehicleEntity::setFallbackArmLength(float arm_m) {
  if (!(arm_m > 0.0f) || !std::isfinite(arm_m)) return;
  arm_m_ = arm_m;
  if (usesFallbackModel()) rebuildShape();
}

void VehicleEntity::setFallbackRotors(const QVector<RotorGlyph>& rotors) {
  rotors_.clear();
  for (const RotorGlyph& r : rotors) {
    bool finite = true;
    for (int i = 0; i < 3; ++i)
      finite = finite && std::isfinite(r.position_FLU_m[i]) && std::isfinite(r.thrust_axis_FLU[i]);
    if (finite && r.thrust_axis_FLU.lengthSquared() > 1e-12f) rotors_.push_back(r);
  }
  if (usesFallbackModel()) rebuildShape();
}

bool VehicleEntity::setPose(const QVector3D& position_ENU_m, const QQuaternion& attitude_ENU_FLU) {
  const QVector4D q = attitude_ENU_FLU.toVector4D();
  for (int i = 0; i < 4; ++i)
    if (!std::isfinite(q[i])) return false;
  for (int i = 0; i < 3; ++i)
    if (!std::isfinite(position_ENU_m[i])) return false;
  if (q.lengthSquared() < 1e-12f) return false;
  position_ENU_m_ = position_ENU_m;
  attitude_ENU_FLU_ = attitude_ENU_FLU.normalized();
  transform_->setTranslation(sceneFromEnu(position_ENU_m_));
  transform_->setRotation(sceneFromEnu(attitude_ENU_FLU_));
  return true;
}

void VehicleEntity::setBodyAxesVisible(bool visible) {
  axes_visible_ = visible;
  if (axes_) axes_->setEnabled(visible);
}

bool VehicleEntity::bodyAxesVisible() const { return axes_visible_; }

void VehicleEntity::rebuildShape() {
  delete shape_;
  shape_ = new Qt3DCore::QEntity(this);
  if (usesFallbackModel()) {
    radius_m_ = buildRotors(shape_, rotors_.isEmpty() ? quadX(arm_m_) : rotors_);
  } else {
    shape_->addComponent(triangleRenderer(mesh_corners_FLU_m_, identity));
    shape_->addComponent(litMaterial(kMeshColour, 40.0f));
    float r2 = 0.0f;
    for (qsizetype i = 0; i + 2 < mesh_corners_FLU_m_.size(); i += 3)
      r2 = std::max(
          r2,
          QVector3D(mesh_corners_FLU_m_[i], mesh_corners_FLU_m_[i + 1], mesh_corners_FLU_m_[i + 2]).lengthSquared());
    radius_m_ = std::sqrt(r2);
  }
  rebuildAxes();
}

void VehicleEntity::rebuildAxes() {
  delete axes_;
  axes_ = new Qt3DCore::QEntity(this);
  const float length = std::max(0.9f * radius_m_, 0.1f);
  const QVector3D axes[3] = {QVector3D(1, 0, 0), QVector3D(0, 1, 0), QVector3D(0, 0, 1)};
  for (int k = 0; k < 3; ++k) {
    auto* rod = new Qt3DCore::QEntity(axes_);
    rod->addComponent(cylinder(0.012f * length, length));
    auto* t = new Qt3DCore::QTransform;
    t->setRotation(yAxisTo(axes[k]));
    t->setTranslation(0.5f * length * axes[k]);
    rod->addComponent(t);
    rod->addComponent(litMaterial(kAxisColours[k]));
  }
  axes_->setEnabled(axes_visible_);
}

}  // namespace navigator::flight_view
