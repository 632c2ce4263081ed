#include "widgets/flight_view/obstacle_entities.h"

#include "widgets/flight_view/scene_frame.h"
#include "widgets/flight_view/scene_geometry.h"

#include <Qt3DCore/QTransform>
#include <Qt3DExtras/QCuboidMesh>
#include <Qt3DExtras/QCylinderMesh>
#include <Qt3DExtras/QSphereMesh>

namespace navigator::flight_view {
namespace {

const QColor kObstacleColour(0xc0, 0x8a, 0x50);
const QColor kWorldMeshColour(0x8c, 0x94, 0x8c);

// The primitive's mesh, built in the obstacle's own frame (Qt3D's cylinder lies along its own y,
// ours along z: `local` turns one onto the other).
Qt3DCore::QComponent* primitiveMesh(const FlightViewObstacle& o, QQuaternion* local) {
  *local = QQuaternion();
  switch (o.shape) {
    case FlightViewObstacle::Shape::Box: {
      auto* m = new Qt3DExtras::QCuboidMesh;
      m->setXExtent(2.0f * o.half_size_m.x());
      m->setYExtent(2.0f * o.half_size_m.y());
      m->setZExtent(2.0f * o.half_size_m.z());
      return m;
    }
    case FlightViewObstacle::Shape::Sphere: {
      auto* m = new Qt3DExtras::QSphereMesh;
      m->setRadius(o.radius_m);
      m->setRings(24);
      m->setSlices(32);
      return m;
    }
    case FlightViewObstacle::Shape::Cylinder: {
      auto* m = new Qt3DExtras::QCylinderMesh;
      m->setRadius(o.radius_m);
      m->setLength(2.0f * o.half_length_m);
      m->setSlices(32);
      *local = QQuaternion::fromAxisAndAngle(QVector3D(1, 0, 0), 90.0f);  // own y ↦ own z
      return m;
    }
  }
  return nullptr;
}

}  // namespace

ObstacleEntities::ObstacleEntities(Qt3DCore::QNode* parent) : Qt3DCore::QEntity(parent) {}

void ObstacleEntities::setObstacles(const QVector<FlightViewObstacle>& obstacles) {
  delete obstacles_;
  obstacles_ = new Qt3DCore::QEntity(this);
  obstacle_count_ = 0;
  for (const FlightViewObstacle& o : obstacles) {
    QQuaternion local;
    Qt3DCore::QComponent* mesh = primitiveMesh(o, &local);
    if (!mesh) continue;
    auto* e = new Qt3DCore::QEntity(obstacles_);
    auto* t = new Qt3DCore::QTransform;
    t->setTranslation(sceneFromEnu(o.centre_ENU_m));
    t->setRotation(sceneFromEnu(o.attitude_ENU) * local);
    e->addComponent(mesh);
    e->addComponent(t);
    e->addComponent(litMaterial(kObstacleColour, 10.0f));
    ++obstacle_count_;
  }
}

void ObstacleEntities::setWorldMesh(const QVector<float>& corners_ENU_m) {
  delete world_mesh_;
  world_mesh_ = nullptr;
  world_triangles_ = int(corners_ENU_m.size() / 9);
  if (world_triangles_ == 0) return;
  world_mesh_ = new Qt3DCore::QEntity(this);
  world_mesh_->addComponent(triangleRenderer(corners_ENU_m, sceneFromEnu));
  world_mesh_->addComponent(litMaterial(kWorldMeshColour, 5.0f));
}

}  // namespace navigator::flight_view
