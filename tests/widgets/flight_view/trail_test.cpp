// Trail: a ring of the last N positions whose vertex buffer always holds them as one contiguous
// run (every point written at slot i and i + N). Checks the ring, the buffer bytes and the draw
// range the renderer gets. Frontend Qt3D nodes only: no rendering, no display needed.
#include "widgets/flight_view/scene_frame.h"
#include "widgets/flight_view/scene_geometry.h"
#include "widgets/flight_view/trail.h"

#include <Qt3DCore/QBuffer>
#include <Qt3DRender/QGeometryRenderer>
#include <QtTest>

using navigator::flight_view::kFloatsPerVertex;
using navigator::flight_view::sceneFromEnu;
using navigator::flight_view::Trail;

namespace {

QVector3D point(int i) { return QVector3D(float(i), 2.0f * float(i), 0.5f + float(i)); }

// Scene position of vertex `v` in the trail's buffer.
QVector3D vertexAt(const Trail& trail, int v) {
  const QByteArray data = trail.vertexBuffer()->data();
  const float* f = reinterpret_cast<const float*>(data.constData()) + v * kFloatsPerVertex;
  return QVector3D(f[0], f[1], f[2]);
}

}  // namespace

class TrailTest : public QObject {
  Q_OBJECT
 private slots:
  void keepsTheLastNPoints();
  void bufferHoldsTheDrawnRunInOrder();
  void startsEmptyAndNeedsTwoPointsToDraw();
  void newCapacityForgets();
  void nonFinitePointsAreDropped();
  void assignHoldsTheLastNAndGoesOn();
};

void TrailTest::keepsTheLastNPoints() {
  Trail trail(5);
  for (int i = 1; i <= 7; ++i) trail.append(point(i));
  QCOMPARE(trail.size(), 5);
  const QVector<QVector3D> held = trail.points_ENU_m();
  QCOMPARE(held.size(), 5);
  for (int k = 0; k < 5; ++k) QCOMPARE(held[k], point(3 + k));  // 3..7, oldest first
  for (int i = 8; i <= 23; ++i) trail.append(point(i));         // several laps round the ring
  QCOMPARE(trail.points_ENU_m().front(), point(19));
  QCOMPARE(trail.points_ENU_m().back(), point(23));
}

void TrailTest::bufferHoldsTheDrawnRunInOrder() {
  Trail trail(5);
  QCOMPARE(trail.vertexBuffer()->data().size(), qsizetype(2 * 5 * kFloatsPerVertex * sizeof(float)));
  for (int n = 1; n <= 13; ++n) {
    trail.append(point(n));
    const QVector<QVector3D> held = trail.points_ENU_m();
    const int first = trail.firstVertex();
    QCOMPARE(trail.renderer()->firstVertex(), first);
    QCOMPARE(trail.renderer()->vertexCount(), held.size() >= 2 ? int(held.size()) : 0);
    QVERIFY(first + held.size() <= 2 * trail.capacity());
    for (int k = 0; k < held.size(); ++k) QCOMPARE(vertexAt(trail, first + k), sceneFromEnu(held[k]));
  }
  // After 13 points in a ring of 5: the next slot is 13 mod 5 = 3, the run starts at 3.
  QCOMPARE(trail.firstVertex(), 3);
  QCOMPARE(trail.vertexBuffer()->data().size(), qsizetype(2 * 5 * kFloatsPerVertex * sizeof(float)));
}

void TrailTest::startsEmptyAndNeedsTwoPointsToDraw() {
  Trail trail(4);
  QCOMPARE(trail.size(), 0);
  QCOMPARE(trail.renderer()->vertexCount(), 0);
  trail.append(point(1));
  QCOMPARE(trail.renderer()->vertexCount(), 0);  // one point is no line
  trail.append(point(2));
  QCOMPARE(trail.renderer()->vertexCount(), 2);
  trail.clear();
  QCOMPARE(trail.size(), 0);
  QCOMPARE(trail.renderer()->vertexCount(), 0);
}

void TrailTest::newCapacityForgets() {
  Trail trail(4);
  for (int i = 0; i < 6; ++i) trail.append(point(i));
  trail.setCapacity(1800);
  QCOMPARE(trail.capacity(), 1800);
  QCOMPARE(trail.size(), 0);
  QCOMPARE(trail.vertexBuffer()->data().size(), qsizetype(2 * 1800 * kFloatsPerVertex * sizeof(float)));
  trail.setCapacity(0);  // at least a segment
  QCOMPARE(trail.capacity(), 2);
}

void TrailTest::nonFinitePointsAreDropped() {
  Trail trail(4);
  trail.append(point(1));
  trail.append(QVector3D(std::nanf(""), 0, 0));
  trail.append(QVector3D(0, 0, std::numeric_limits<float>::infinity()));
  QCOMPARE(trail.size(), 1);
}

// A stretch given at once (a replay's seek): the last N of it held as if appended one by one, in
// the buffer as one run, and appending goes on from it.
void TrailTest::assignHoldsTheLastNAndGoesOn() {
  Trail trail(5);
  trail.append(point(100));
  trail.assign({point(1), point(2), QVector3D(std::nanf(""), 0, 0), point(3), point(4), point(5), point(6), point(7)});
  QCOMPARE(trail.size(), 5);
  QCOMPARE(trail.points_ENU_m(), (QVector<QVector3D>{point(3), point(4), point(5), point(6), point(7)}));
  QCOMPARE(trail.renderer()->vertexCount(), 5);
  for (int k = 0; k < 5; ++k) QCOMPARE(vertexAt(trail, trail.firstVertex() + k), sceneFromEnu(point(3 + k)));
  trail.append(point(8));
  QCOMPARE(trail.points_ENU_m().front(), point(4));
  QCOMPARE(trail.points_ENU_m().back(), point(8));
  for (int k = 0; k < 5; ++k) QCOMPARE(vertexAt(trail, trail.firstVertex() + k), sceneFromEnu(point(4 + k)));
  trail.assign({point(9), point(10)});  // fewer than the ring holds
  QCOMPARE(trail.points_ENU_m(), (QVector<QVector3D>{point(9), point(10)}));
  QCOMPARE(trail.firstVertex(), 0);
  trail.assign({});
  QCOMPARE(trail.size(), 0);
  QCOMPARE(trail.renderer()->vertexCount(), 0);
}

QTEST_MAIN(TrailTest)
#include "trail_test.moc"
