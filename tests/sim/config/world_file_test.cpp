// Tests of sim/world_file and sim/world: the shipped world, a mesh world, and named mistakes.
#include "sim/config/world_file.h"

#include <QtTest>

namespace {

const QString kWorlds = QStringLiteral(NAVIGATOR_SOURCE_DIR "/resources/worlds/");

}  // namespace

class WorldFileTest : public QObject {
  Q_OBJECT
 private slots:
  void shippedWorldLoads();
  void meshWorldTouchesLikeItsBox();
  void mistakesAreNamed_data();
  void mistakesAreNamed();

 private:
  QString write(const QByteArray& text);
  QTemporaryDir tmp_;
};

QString WorldFileTest::write(const QByteArray& text) {
  const QString path = tmp_.filePath("world.yaml");
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) qFatal("cannot write");
  f.write(text);
  return path;
}

void WorldFileTest::shippedWorldLoads() {
  const auto w = vsim::loadWorld((kWorlds + "obstacles.yaml").toStdString());
  QVERIFY2(w.ok(), w.ok() ? "" : w.error().message.c_str());
  QCOMPARE(w->obstacles.size(), std::size_t(4));
  QCOMPARE(w->obstacles[1].surface.friction, 0.8);
  // The wall spans x 4.9–5.1: a point at (4.95, 0, −1) is 0.05 m inside, pushed out towards −x.
  const vsim::PointContact c = w->contactAt({4.95, 0.0, -1.0});
  QVERIFY(c.touching);
  QCOMPARE_LE(std::abs(c.depth_m - 0.05), 1e-12);
  QCOMPARE_LT((c.normal_W - Eigen::Vector3d(-1, 0, 0)).norm(), 1e-12);
  // Below the ground plane: out along −z (up).
  const vsim::PointContact g = w->contactAt({1.0, 1.0, 0.02});
  QVERIFY(g.touching && std::abs(g.depth_m - 0.02) < 1e-12 && g.normal_W.z() == -1.0);
  QVERIFY(!w->contactAt({1.0, 1.0, -0.5}).touching);
}

void WorldFileTest::meshWorldTouchesLikeItsBox() {
  // tests/data/box_2x3x4.stl (a 2×3×4 box centred on (1, 2, 3)) as the world mesh, no ground:
  // a point 0.04 m inside its +x face (x = 2) is found 0.04 m deep with the face's normal;
  // 0.1 m inside is beyond the mesh query's reach (World::mesh_query_m, 5 cm) unless it is raised.
  const QString path =
      write("ground: none\nmesh: {file: " NAVIGATOR_SOURCE_DIR "/tests/data/box_2x3x4.stl, unit: m}\n");
  const auto w = vsim::loadWorld(path.toStdString());
  QVERIFY2(w.ok(), w.ok() ? "" : w.error().message.c_str());
  QVERIFY(!w->has_ground);
  const vsim::PointContact c = w->contactAt({1.96, 2.0, 3.0});
  QVERIFY(c.touching);
  QCOMPARE_LE(std::abs(c.depth_m - 0.04), 1e-6);
  QCOMPARE_LT((c.normal_W - Eigen::Vector3d(1, 0, 0)).norm(), 1e-6);
  QVERIFY(!w->contactAt({2.1, 2.0, 3.0}).touching);  // outside, close: not inside
  QVERIFY(!w->contactAt({1.9, 2.0, 3.0}).touching);  // deeper than the reach
  vsim::World deeper = w.value();
  deeper.mesh_query_m = 0.25;
  QCOMPARE_LE(std::abs(deeper.contactAt({1.9, 2.0, 3.0}).depth_m - 0.1), 1e-6);
}

void WorldFileTest::mistakesAreNamed_data() {
  QTest::addColumn<QByteArray>("text");
  QTest::addColumn<QString>("expected");
  QTest::newRow("unknown key") << QByteArray("grund: {height_m: 1}\n") << "grund (line 1): unknown key";
  QTest::newRow("restitution") << QByteArray("ground: {restitution: 1.5}\n")
                               << "ground.restitution (line 1): must be between 0 and 1";
  QTest::newRow("two shapes") << QByteArray("obstacles:\n  - {box: {size_m: [1, 1, 1]}, sphere: {radius_m: 1}}\n")
                              << "obstacles[0] (line 2): needs exactly one of box, sphere, cylinder";
  QTest::newRow("bad radius") << QByteArray("obstacles:\n  - {sphere: {radius_m: -2}}\n")
                              << "obstacles[0].sphere.radius_m (line 2): must be positive";
  QTest::newRow("missing mesh") << QByteArray("mesh: {file: nowhere.stl}\n") << "mesh.file (line 1): ";
  QTest::newRow("syntax") << QByteArray("ground: {height_m: [\n") << "YAML syntax error";
  QTest::newRow("not a list") << QByteArray("obstacles: {box: 1}\n") << "obstacles (line 1): must be a list";
}

void WorldFileTest::mistakesAreNamed() {
  QFETCH(QByteArray, text);
  QFETCH(QString, expected);
  const QString path = write(text);
  const auto w = vsim::loadWorld(path.toStdString());
  QVERIFY(!w.ok());
  const QString message = QString::fromStdString(w.error().message);
  QVERIFY2(message.startsWith(path + ": ") && message.contains(expected), qPrintable(message));
}

QTEST_APPLESS_MAIN(WorldFileTest)
#include "world_file_test.moc"
