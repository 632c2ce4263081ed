#include "widgets/scene3d/scene3d.h"

#include <Qt3DCore/QAttribute>
#include <Qt3DCore/QBuffer>
#include <Qt3DCore/QGeometry>
#include <Qt3DExtras/Qt3DWindow>
#include <Qt3DRender/QRenderCapture>

namespace navigator::scene3d {
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

QByteArray flatShadedTriangles(const QVector<float>& corners_xyz, QVector3D (*map)(const QVector3D&)) {
  const qsizetype triangles = corners_xyz.size() / 9;
  QByteArray bytes(triangles * 3 * kFloatsPerVertex * qsizetype(sizeof(float)), Qt::Uninitialized);
  float* out = reinterpret_cast<float*>(bytes.data());
  const float* in = corners_xyz.constData();
  for (qsizetype t = 0; t < triangles; ++t, in += 9) {
    QVector3D a(in[0], in[1], in[2]), b(in[3], in[4], in[5]), c(in[6], in[7], in[8]);
    if (map) {
      a = map(a);
      b = map(b);
      c = map(c);
    }
    const QVector3D n = QVector3D::crossProduct(b - a, c - a).normalized();
    for (const QVector3D& p : {a, b, c}) {
      *out++ = p.x();
      *out++ = p.y();
      *out++ = p.z();
      *out++ = n.x();
      *out++ = n.y();
      *out++ = n.z();
    }
  }
  return bytes;
}

Qt3DCore::QGeometry* interleavedGeometry(Qt3DCore::QBuffer* buffer, unsigned vertex_count, Qt3DCore::QNode* parent) {
  auto* geometry = new Qt3DCore::QGeometry(parent);
  buffer->setParent(geometry);
  geometry->addAttribute(attribute(buffer, Qt3DCore::QAttribute::defaultPositionAttributeName(), 0, vertex_count));
  geometry->addAttribute(
      attribute(buffer, Qt3DCore::QAttribute::defaultNormalAttributeName(), 3 * sizeof(float), vertex_count));
  return geometry;
}

Qt3DRender::QRenderCapture* addFrameCapture(Qt3DExtras::Qt3DWindow* window) {
  auto* capture = new Qt3DRender::QRenderCapture;
  Qt3DRender::QFrameGraphNode* forward = window->activeFrameGraph();
  forward->setParent(capture);  // before it becomes active, so the renderer finds a surface
  window->setActiveFrameGraph(capture);
  return capture;
}

QImage capturedImage(const Qt3DRender::QRenderCaptureReply* reply) {
  const bool rhi = qEnvironmentVariable("QT3D_RENDERER", QStringLiteral("rhi")) == QLatin1String("rhi");
#if defined(Q_OS_WIN) || defined(Q_OS_DARWIN)
  const QString default_api;
#else
  const QString default_api = QStringLiteral("opengl");
#endif
  const bool opengl = qEnvironmentVariable("QT3D_RHI_DEFAULT_API", default_api) == QLatin1String("opengl");
  const QImage image = reply->image();
  return rhi && opengl ? image.mirrored(false, true) : image;
}

}  // namespace navigator::scene3d
