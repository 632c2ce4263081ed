// ObstacleEntities: what the vehicle can hit, drawn — primitive obstacles (boxes, spheres,
// cylinders placed at ENU poses) and an optional world mesh (triangles in ENU metres). Replaced
// as a whole by each setter. GUI thread only.
#pragma once

#include "widgets/flight_view/flight_view_types.h"

#include <Qt3DCore/QEntity>
#include <QVector>

namespace navigator::flight_view {

class ObstacleEntities : public Qt3DCore::QEntity {
  Q_OBJECT
 public:
  explicit ObstacleEntities(Qt3DCore::QNode* parent = nullptr);

  // The primitive obstacles to show (replacing any shown before).
  void setObstacles(const QVector<FlightViewObstacle>& obstacles);
  int obstacleCount() const { return obstacle_count_; }

  // The world mesh: 9 floats per triangle (three counter-clockwise corners), ENU metres.
  // Empty: none.
  void setWorldMesh(const QVector<float>& corners_ENU_m);
  int worldMeshTriangleCount() const { return world_triangles_; }

 private:
  Qt3DCore::QEntity* obstacles_ = nullptr;
  Qt3DCore::QEntity* world_mesh_ = nullptr;
  int obstacle_count_ = 0;
  int world_triangles_ = 0;
};

}  // namespace navigator::flight_view
