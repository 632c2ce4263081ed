// What the 3-D views share (the mesh view of the Inertia Inspector and the flight view): the
// interleaved vertex layout they draw, flat-shaded triangles in it, and a frame capture at the
// root of a Qt3D window's frame graph with the captured picture the right way up.
// GUI thread only.
#pragma once

#include <QByteArray>
#include <QImage>
#include <QVector3D>
#include <QVector>

namespace Qt3DCore {
class QBuffer;
class QGeometry;
class QNode;
}  // namespace Qt3DCore
namespace Qt3DExtras {
class Qt3DWindow;
}
namespace Qt3DRender {
class QRenderCapture;
class QRenderCaptureReply;
}  // namespace Qt3DRender

namespace navigator::scene3d {

// Vertices are interleaved position (3 floats) and normal (3 floats).
inline constexpr int kFloatsPerVertex = 6;

// Triangles given as 9 floats each (three counter-clockwise corners) as vertices in the layout
// above, flat shaded (each corner carries its face's normal), each corner first mapped through
// `map` when one is given.
QByteArray flatShadedTriangles(const QVector<float>& corners_xyz, QVector3D (*map)(const QVector3D&) = nullptr);

// A geometry over `buffer` (which it adopts) with position and normal attributes for
// `vertex_count` vertices in the layout above.
Qt3DCore::QGeometry* interleavedGeometry(Qt3DCore::QBuffer* buffer, unsigned vertex_count, Qt3DCore::QNode* parent);

// Puts a capture node at the root of `window`'s frame graph, above its forward renderer.
Qt3DRender::QRenderCapture* addFrameCapture(Qt3DExtras::Qt3DWindow* window);

// A completed capture's picture, top row first. (Qt3D's default renderer in Qt 6 is RHI, whose
// default API is OpenGL on Linux and D3D11 or Metal elsewhere; only OpenGL reads the
// framebuffer back bottom row first.)
QImage capturedImage(const Qt3DRender::QRenderCaptureReply* reply);

}  // namespace navigator::scene3d
