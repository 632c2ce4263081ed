#include "widgets/flight_view/height_marker.h"

#include "widgets/flight_view/scene_frame.h"
#include "widgets/flight_view/scene_geometry.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QCylinderMesh>

namespace navigator::flight_view {
namespace {

const QColor kDisc(0x3c, 0x46, 0x34);
const QColor kLine(0x28, 0x30, 0x24);
constexpr float kDiscAbove_m = 0.01f;  // over the grid lines, so it hides them
constexpr float kDiscThickness_m = 0.004f;

}  // namespace

HeightMarker::HeightMarker(Qt3DCore::QNode* parent) : Qt3DCore::QEntity(parent) {
  auto* disc = new Qt3DCore::QEntity(this);
  auto* mesh = new Qt3DExtras::QCylinderMesh;  // its axis is the scene's y, up
  mesh->setRadius(kDiscRadius_m);
  mesh->setLength(kDiscThickness_m);
  mesh->setSlices(32);
  disc_transform_ = new Qt3DCore::QTransform;
  disc->addComponent(mesh);
  disc->addComponent(disc_transform_);
  disc->addComponent(litMaterial(kDisc, 1.0f, Finish::Matte));

  auto* line = new Qt3DCore::QEntity(this);
  Qt3DRender::QGeometryRenderer* renderer = lineListRenderer({QVector3D(), QVector3D()});
  line_buffer_ = renderer->geometry()->attributes().first()->buffer();
  line->addComponent(renderer);
  line->addComponent(flatMaterial(kLine));
  place();
}

void HeightMarker::setGroundHeight(float up_m) {
  ground_up_m_ = up_m;
  place();
}

void HeightMarker::setVehicle(const QVector3D& position_ENU_m) {
  vehicle_ENU_m_ = position_ENU_m;
  place();
}

QVector3D HeightMarker::discCentre_ENU_m() const {
  return QVector3D(vehicle_ENU_m_.x(), vehicle_ENU_m_.y(), ground_up_m_ + kDiscAbove_m);
}

void HeightMarker::place() {
  disc_transform_->setTranslation(sceneFromEnu(discCentre_ENU_m()));
  float vertices[2 * kFloatsPerVertex];
  writeLineVertex(vertices, sceneFromEnu(vehicle_ENU_m_));
  writeLineVertex(vertices + kFloatsPerVertex, sceneFromEnu(discCentre_ENU_m()));
  line_buffer_->setData(QByteArray(reinterpret_cast<const char*>(vertices), sizeof(vertices)));
}

}  // namespace navigator::flight_view
