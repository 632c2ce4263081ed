// Small builders the flight view's scene pieces share: flat-shaded triangle meshes, line
// geometry with a vertex layout the trail can update in place, and the two materials (lit
// and flat colour). Coordinates are whatever the caller's entity is in. GUI thread only.
#pragma once

#include "widgets/scene3d/scene3d.h"

#include <Qt3DRender/QGeometryRenderer>
#include <Qt3DRender/QMaterial>
#include <QColor>
#include <QVector3D>
#include <QVector>

namespace Qt3DCore {
class QBuffer;
class QEntity;
class QGeometry;
class QNode;
}  // namespace Qt3DCore

namespace navigator::flight_view {

// Line vertices are in scene3d's layout (position, normal). Lines face down (scene −y): every
// light of the flight view shines downwards, so no light reaches a line and flatMaterial()
// draws it in exactly its colour.
using scene3d::interleavedGeometry;
using scene3d::kFloatsPerVertex;

// One vertex in the layout above: position then a down normal (scene −y).
void writeLineVertex(float* out, const QVector3D& p);

// A renderer drawing `points` as a line list (pairs) in the layout above.
Qt3DRender::QGeometryRenderer* lineListRenderer(const QVector<QVector3D>& points);

// A renderer drawing triangles given as 9 floats each (three counter-clockwise corners),
// flat shaded (one face normal per corner), after mapping each corner through `map`.
Qt3DRender::QGeometryRenderer* triangleRenderer(const QVector<float>& corners_xyz, QVector3D (*map)(const QVector3D&));

// A material that shows `colour` on surfaces no light reaches (lines, see above). Qt3D's Phong
// is (ambient + Σ diffuse light) × diffuse + specular, so white ambient and no light leave the
// diffuse colour.
Qt3DRender::QMaterial* flatMaterial(const QColor& colour);

// A lit, opaque material of base `colour`, with a grey highlight (matte: none).
enum class Finish { Glossy, Matte };
Qt3DRender::QMaterial* litMaterial(const QColor& colour, float shininess = 30.0f, Finish finish = Finish::Glossy);

}  // namespace navigator::flight_view
