// Trail: the vehicle's recent path as one line strip, kept as a ring of the last N positions.
// The vertex buffer holds every point twice (at slot i and i + N), so the newest N points are
// always one contiguous run the renderer draws from firstVertex(); an append writes two vertices
// in place and nothing is reallocated. Positions ENU metres. GUI thread only.
#pragma once

#include <Qt3DCore/QEntity>
#include <QVector3D>
#include <QVector>

namespace Qt3DCore {
class QBuffer;
}
namespace Qt3DRender {
class QGeometryRenderer;
}

namespace navigator::flight_view {

class Trail : public Qt3DCore::QEntity {
  Q_OBJECT
 public:
  explicit Trail(int capacity_points, Qt3DCore::QNode* parent = nullptr);

  // Keeps at most `points` (≥ 2) positions from now on; forgets the ones held.
  void setCapacity(int points);
  int capacity() const { return capacity_; }

  // Adds the newest position; once full, the oldest one goes.
  void append(const QVector3D& position_ENU_m);

  // Forgets every position.
  void clear();

  // Holds `points_ENU_m` instead (oldest first; the last capacity() of them, non-finite ones
  // dropped), written to the buffer at once: for a view that jumps to a stretch of a flight
  // (a replay's seek), where appending point by point would queue two buffer updates each.
  void assign(const QVector<QVector3D>& points_ENU_m);

  // Positions held, oldest first.
  int size() const { return count_; }
  QVector<QVector3D> points_ENU_m() const;

  // What the renderer draws: size() vertices from firstVertex() of vertexBuffer(), whose
  // vertices are scene positions interleaved with normals (scene_geometry.h's layout).
  int firstVertex() const;
  Qt3DCore::QBuffer* vertexBuffer() const { return buffer_; }
  Qt3DRender::QGeometryRenderer* renderer() const { return renderer_; }

 private:
  void rebuild();
  void updateDrawRange();

  int capacity_ = 0;
  int head_ = 0;  // the slot the next point goes to
  int count_ = 0;
  QVector<QVector3D> ring_ENU_m_;
  Qt3DCore::QBuffer* buffer_ = nullptr;
  Qt3DRender::QGeometryRenderer* renderer_ = nullptr;
};

}  // namespace navigator::flight_view
