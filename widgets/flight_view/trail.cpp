#include "widgets/flight_view/trail.h"

#include "widgets/flight_view/scene_frame.h"
#include "widgets/flight_view/scene_geometry.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DRender/QGeometryRenderer>

#include <algorithm>
#include <cmath>

namespace navigator::flight_view {
namespace {

const QColor kTrailColour(0xff, 0xb0, 0x20);
constexpr int kVertexBytes = kFloatsPerVertex * int(sizeof(float));

}  // namespace

Trail::Trail(int capacity_points, Qt3DCore::QNode* parent) : Qt3DCore::QEntity(parent) {
  renderer_ = new Qt3DRender::QGeometryRenderer;
  renderer_->setPrimitiveType(Qt3DRender::QGeometryRenderer::LineStrip);
  addComponent(renderer_);
  addComponent(flatMaterial(kTrailColour));
  setCapacity(capacity_points);
}

void Trail::setCapacity(int points) {
  capacity_ = std::max(points, 2);
  ring_ENU_m_ = QVector<QVector3D>(capacity_);
  head_ = 0;
  count_ = 0;
  rebuild();
}

void Trail::clear() {
  head_ = 0;
  count_ = 0;
  updateDrawRange();
}

void Trail::append(const QVector3D& position_ENU_m) {
  if (!std::isfinite(position_ENU_m.x()) || !std::isfinite(position_ENU_m.y()) || !std::isfinite(position_ENU_m.z()))
    return;
  ring_ENU_m_[head_] = position_ENU_m;
  float vertex[kFloatsPerVertex];
  writeLineVertex(vertex, sceneFromEnu(position_ENU_m));
  const QByteArray bytes(reinterpret_cast<const char*>(vertex), kVertexBytes);
  buffer_->updateData(head_ * kVertexBytes, bytes);
  buffer_->updateData((head_ + capacity_) * kVertexBytes, bytes);
  head_ = (head_ + 1) % capacity_;
  count_ = std::min(count_ + 1, capacity_);
  updateDrawRange();
}

void Trail::assign(const QVector<QVector3D>& points_ENU_m) {
  QVector<QVector3D> kept;
  kept.reserve(points_ENU_m.size());
  for (const QVector3D& p : points_ENU_m)
    if (std::isfinite(p.x()) && std::isfinite(p.y()) && std::isfinite(p.z())) kept.append(p);
  if (kept.size() > capacity_) kept.remove(0, kept.size() - capacity_);
  // Slots 0 … n − 1 (and their twins at + capacity), the next point going to slot n.
  QByteArray bytes(2 * capacity_ * kVertexBytes, '\0');
  float* vertices = reinterpret_cast<float*>(bytes.data());
  for (int i = 0; i < kept.size(); ++i) {
    ring_ENU_m_[i] = kept[i];
    writeLineVertex(vertices + i * kFloatsPerVertex, sceneFromEnu(kept[i]));
    writeLineVertex(vertices + (i + capacity_) * kFloatsPerVertex, sceneFromEnu(kept[i]));
  }
  count_ = int(kept.size());
  head_ = count_ % capacity_;
  buffer_->setData(bytes);
  updateDrawRange();
}

QVector<QVector3D> Trail::points_ENU_m() const {
  QVector<QVector3D> out;
  out.reserve(count_);
  for (int i = 0; i < count_; ++i) out << ring_ENU_m_[(firstVertex() + i) % capacity_];
  return out;
}

int Trail::firstVertex() const { return (head_ - count_ + capacity_) % capacity_; }

void Trail::rebuild() {
  // A fresh geometry sized for 2 × capacity vertices; the old one goes with its buffer.
  Qt3DCore::QGeometry* old = renderer_->geometry();
  buffer_ = new Qt3DCore::QBuffer;
  buffer_->setData(QByteArray(2 * capacity_ * kVertexBytes, '\0'));
  renderer_->setGeometry(interleavedGeometry(buffer_, uint(2 * capacity_), renderer_));
  delete old;
  updateDrawRange();
}

void Trail::updateDrawRange() {
  renderer_->setFirstVertex(firstVertex());
  renderer_->setVertexCount(count_ >= 2 ? count_ : 0);
}

}  // namespace navigator::flight_view
