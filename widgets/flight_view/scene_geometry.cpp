#include "widgets/flight_view/scene_geometry.h"

#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DExtras/QPhongMaterial>
#include <Qt3DRender/QGeometryRenderer>

#include <algorithm>

namespace navigator::flight_view {
void writeLineVertex(float* out, const QVector3D& p) {
  out[0] = p.x();
  out[1] = p.y();
  out[2] = p.z();
  out[3] = 0.0f;
  out[4] = -1.0f;
  out[5] = 0.0f;
}

Qt3DRender::QGeometryRenderer* lineListRenderer(const QVector<QVector3D>& points) {
  QByteArray bytes(points.size() * kFloatsPerVertex * qsizetype(sizeof(float)), Qt::Uninitialized);
  float* out = reinterpret_cast<float*>(bytes.data());
  for (const QVector3D& p : points) {
    writeLineVertex(out, p);
    out += kFloatsPerVertex;
  }
  auto* renderer = new Qt3DRender::QGeometryRenderer;
  auto* buffer = new Qt3DCore::QBuffer;
  buffer->setData(bytes);
  renderer->setGeometry(interleavedGeometry(buffer, uint(points.size()), renderer));
  renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Lines);
  renderer->setVertexCount(int(points.size()));
  return renderer;
}

Qt3DRender::QGeometryRenderer* triangleRenderer(const QVector<float>& corners_xyz, QVector3D (*map)(const QVector3D&)) {
  const qsizetype triangles = corners_xyz.size() / 9;
  const QByteArray bytes = scene3d::flatShadedTriangles(corners_xyz, map);
  auto* renderer = new Qt3DRender::QGeometryRenderer;
  auto* buffer = new Qt3DCore::QBuffer;
  buffer->setData(bytes);
  renderer->setGeometry(interleavedGeometry(buffer, uint(triangles * 3), renderer));
  renderer->setPrimitiveType(Qt3DRender::QGeometryRenderer::Triangles);
  renderer->setVertexCount(int(triangles * 3));
  return renderer;
}

Qt3DRender::QMaterial* flatMaterial(const QColor& colour) {
  auto* m = new Qt3DExtras::QPhongMaterial;
  m->setAmbient(Qt::white);
  m->setDiffuse(colour);
  m->setSpecular(Qt::black);
  m->setShininess(1.0f);  // not 0: the shader raises to this power, and 0⁰ is undefined
  return m;
}

Qt3DRender::QMaterial* litMaterial(const QColor& colour, float shininess, Finish finish) {
  auto* m = new Qt3DExtras::QPhongMaterial;
  m->setDiffuse(colour);
  m->setAmbient(QColor::fromRgbF(0.3f, 0.3f, 0.3f));  // multiplies the diffuse colour, as the lights do
  m->setSpecular(finish == Finish::Glossy ? QColor(0x40, 0x40, 0x40) : QColor(Qt::black));
  m->setShininess(std::max(shininess, 1.0f));
  return m;
}

}  // namespace navigator::flight_view
