#include "widgets/flight_view/scene_geometry.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DExtras/QPhongMaterial>
#include <Qt3DRender/QGeometryRenderer>

#include <algorithm>

namespace navigator::flight_view {
namespace {

Qt3DCore::QAttribute* attribute(Qt3DCore::QBuffer* buffer, const QString& name, uint offset, uint count) {
  auto* a = new Qt3DCore::QAttribute;
  a->setName(name);
  a->setAttributeType(Qt3DCore::QAttribute::VertexAttribute);
  a->setVertexBaseType(Qt3DCore::QAttribute::Float);
  a->setVertexSize(3);
  a->setByteOffset(offset);
  a->setByteStride(kFloatsPerVertex * sizeof(float));
  a->setCount(count);
  a->setBuffer(buffer);
  return a;
}

}  // namespace

void writeLineVertex(float* out, const QVector3D& p) {
  out[0] = p.x(); out[1] = p.y(); out[2] = p.z();
  out[3] = 0.0f; out[4] = -1.0f; out[5] = 0.0f;
}

Qt3DCore::QGeometry* interleavedGeometry(Qt3DCore::QBuffer* buffer, unsigned vertex_count, Qt3DCore::QNode* parent) {
  auto* geometry = new Qt3DCore::QGeometry(parent);
  buffer->setParent(geometry);
  geometry->addAttribute(attribute(buffer, Qt3DCore::QAttribute::defaultPositionAttributeName(), 0, vertex_count));
  geometry->addAttribute(attribute(buffer, Qt3DCore::QAttribute::defaultNormalAttributeName(), 3 * sizeof(float), vertex_count));
  return geometry;
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
  QByteArray bytes(triangles * 3 * kFloatsPerVertex * qsizetype(sizeof(float)), Qt::Uninitialized);
  float* out = reinterpret_cast<float*>(bytes.data());
  const float* in = corners_xyz.constData();
  for (qsizetype t = 0; t < triangles; ++t, in += 9) {
    const QVector3D a = map(QVector3D(in[0], in[1], in[2]));
    const QVector3D b = map(QVector3D(in[3], in[4], in[5]));
    const QVector3D c = map(QVector3D(in[6], in[7], in[8]));
    const QVector3D n = QVector3D::crossProduct(b - a, c - a).normalized();
    for (const QVector3D& p : {a, b, c}) {
      *out++ = p.x(); *out++ = p.y(); *out++ = p.z();
      *out++ = n.x(); *out++ = n.y(); *out++ = n.z();
    }
  }
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
