// The contact geometry of sim/vehicle/contact_geometry.h: the hull directions, support points,
// the equivalent-inertia box, and each shipped airframe's hull — it reaches what the airframe
// is made of in every direction, feet first, bounded in size.
#include "sim/config/airframe_file.h"
#include "sim/config/yaml_reader.h"
#include "sim/mass/mass_primitives.h"
#include "sim/vehicle/contact_geometry.h"
#include "sim/world/contact.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <cmath>

class ContactGeometryTest : public QObject {
  Q_OBJECT

 private slots:
  void fortyTwoDistinctUnitDirections() {
    const auto& d = vsim::hullDirections();
    double closest = 10.0, farthest_gap = 0.0;
    for (std::size_t i = 0; i < d.size(); ++i) {
      QCOMPARE_LT(std::abs(d[i].norm() - 1.0), 1e-12);
      for (std::size_t j = i + 1; j < d.size(); ++j) closest = std::min(closest, (d[i] - d[j]).norm());
    }
    QCOMPARE_GT(closest, 0.5);  // icosahedron edge midpoints sit between vertices: no repeats
    // Every direction on the sphere is within 21° of one of them (sampled densely).
    for (int a = 0; a < 180; ++a)
      for (int b = 0; b < 360; b += 2) {
        const double th = a * M_PI / 180.0, ph = b * M_PI / 180.0;
        const Eigen::Vector3d u(std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th));
        double best = -1.0;
        for (const auto& v : d) best = std::max(best, u.dot(v));
        farthest_gap = std::max(farthest_gap, std::acos(std::min(1.0, best)));
      }
    qInfo("largest angle from any direction to the nearest hull direction: %.2f°", farthest_gap * 180 / M_PI);
    QCOMPARE_LT(farthest_gap, 21.0 * M_PI / 180.0);
  }

  void supportPointsOfACubeAreItsCorners() {
    std::vector<Eigen::Vector3d> cloud;
    vsim::appendBoxPoints(cloud, vsim::Pose{}, Eigen::Vector3d(2, 2, 2));
    cloud.push_back(Eigen::Vector3d::Zero());  // inside: never a support point
    cloud.push_back(Eigen::Vector3d(0.5, 0.5, 0.5));
    const auto s = vsim::supportPoints(cloud);
    QCOMPARE(s.size(), std::size_t(8));
    for (const auto& p : s) QCOMPARE((p.cwiseAbs() - Eigen::Vector3d::Ones()).norm(), 0.0);
    QVERIFY(vsim::supportPoints({}).empty());
  }

  void equivalentBoxHasTheSameMoments() {
    // A box's own tensor (mass_primitives, closed form) gives back its edges.
    const Eigen::Vector3d size(0.47, 0.3, 0.11);
    const vsim::MassProperties box = vsim::solidBox(1.5, size);
    const Eigen::Vector3d back = vsim::equivalentBoxSize_m(1.5, box.inertia_com_B_kgm2.diagonal());
    QCOMPARE_LT((back - size).norm(), 1e-12);
  }

  void shippedHullsReachTheirParts_data() {
    QTest::addColumn<QString>("airframe");
    QTest::addColumn<double>("up_m");      // how far above the centre of mass the top must reach
    QTest::addColumn<double>("across_m");  // how far sideways (max |y|) the hull must reach
    // s500: the GPS mast top is 0.126 m above the frame centre (its mast at z −0.120, half height
    // 0.006); the propeller tips reach 0.1697·√2 + 0.35·0.3394 = 0.359 m from the centre on the
    // diagonals, |y| up to 0.1697 + 0.1188 = 0.289 m.
    QTest::newRow("s500") << "s500.yaml" << 0.10 << 0.28;
    // generic_quad (mass properties as numbers): the equivalent box is 0.47 × 0.47 × 0.11 m;
    // propellers 0.35 × 0.3536 m = 0.124 m around hubs at |y| 0.1768.
    QTest::newRow("generic_quad") << "generic_quad.yaml" << 0.05 << 0.29;
    // lander_004: the tank (radius 0.55 m along x) and the 2 m cross members.
    QTest::newRow("lander_004") << "lander_004.yaml" << 0.5 << 0.99;
  }
  void shippedHullsReachTheirParts() {
    QFETCH(QString, airframe);
    QFETCH(double, up_m);
    QFETCH(double, across_m);
    const vsim::VehicleModel m = loadShippedAirframe(airframe);
    QVERIFY(m.foot_count >= 1 && m.foot_count <= vsim::kMaxFeet);
    QCOMPARE_LE(m.contact_count, m.foot_count + vsim::kHullDirections);
    double top = 0.0, side = 0.0, radius = 0.0;
    for (int i = 0; i < m.contact_count; ++i) {
      const Eigen::Vector3d up_B = m.rest_attitude_WB.conjugate() * Eigen::Vector3d(0, 0, -1);
      top = std::max(top, m.contact_points_B_m[std::size_t(i)].dot(up_B));
      side = std::max(side, std::abs(m.contact_points_B_m[std::size_t(i)].y()));
      radius = std::max(radius, m.contact_points_B_m[std::size_t(i)].norm());
    }
    qInfo("%s: %d feet, %d hull points, reaches %.3f m up, %.3f m sideways, bounding radius %.3f m",
          qPrintable(airframe), m.foot_count, m.contact_count - m.foot_count, top, side, m.contact_radius_m);
    QCOMPARE_GE(top, up_m);
    QCOMPARE_GE(side, across_m);
    QCOMPARE(m.contact_radius_m, radius);
    // The feet come first, as the file gives them.
    if (airframe == "s500.yaml") QCOMPARE(m.foot_count, 4);
  }

  void aFileCanGiveTheHull() {
    const vsim::VehicleModel base = loadShippedAirframe("generic_quad.yaml");
    vsim::VehicleModel m = base;
    m.contact_count = m.foot_count;  // feet only: the hull is derived again
    m.hull_override_B_m = {Eigen::Vector3d(0, 0, -0.3), Eigen::Vector3d(0.2, 0, -0.1)};
    const auto checked = vsim::finalizeModel(m);
    QVERIFY(bool(checked));
    QCOMPARE(checked->contact_count, checked->foot_count + 2);
    QCOMPARE(checked->contact_points_B_m[std::size_t(checked->foot_count)].z(), -0.3);
  }

  void theAirframeFileGivesTheHullAndPropellerRadius() {
    const char* doc = R"(name: h
mass_properties: {mass_kg: 1.0, inertia_kgm2: [[0.01, 0, 0], [0, 0.01, 0], [0, 0, 0.018]]}
rotors:
  - {name: a, position_m: [0.2, 0, 0], axis: [0, 0, -1], spin: ccw, k_f: 1e-5, k_q: 1e-7, max_speed_radps: 1000, spin_up_s: 0.02, prop_radius_m: 0.1}
  - {name: b, position_m: [-0.2, 0, 0], axis: [0, 0, -1], spin: cw, k_f: 1e-5, k_q: 1e-7, max_speed_radps: 1000, spin_up_s: 0.02}
contact_points_m: [[0, 0, 0.1]]
contact_hull_m: [[0, 0, -0.2], [0.3, 0, 0], [-0.3, 0, 0], [0, 0.3, 0], [0, -0.3, 0]]
)";
    const auto m = vsim::airframeFromDocument(vsim::YamlReader::parse(doc), ".", "h.yaml");
    QVERIFY2(bool(m), m ? "" : m.error().message.c_str());
    QCOMPARE(m->rotors[0].prop_radius_m, 0.1);
    QCOMPARE(m->foot_count, 1);
    QCOMPARE(m->contact_count, 6);  // the foot and the five hull points, as given
    QCOMPARE(m->contact_points_B_m[1], Eigen::Vector3d(0, 0, -0.2));
    QCOMPARE(m->contact_radius_m, 0.3);
    QVERIFY(!m->hull_planes_B.empty());

    const std::string bad =
        std::string(doc).replace(std::string(doc).find("prop_radius_m: 0.1"), 18, "prop_radius_m: -1");
    const auto refused = vsim::airframeFromDocument(vsim::YamlReader::parse(bad), ".", "h.yaml");
    QVERIFY(!refused);
    QVERIFY2(refused.error().message.find("prop_radius_m") != std::string::npos, refused.error().message.c_str());
  }

  // The convex hull of a cube's corners is its six faces; a point is inside when it is inside
  // all of them, and an edge through it enters and leaves where the faces say.
  void hullPlanesOfACube() {
    std::vector<Eigen::Vector3d> corners;
    vsim::appendBoxPoints(corners, vsim::Pose{}, Eigen::Vector3d(2, 2, 2));
    const auto planes = vsim::hullPlanes(corners);
    QCOMPARE(planes.size(), std::size_t(6));
    for (const auto& h : planes) QCOMPARE_LT(std::abs(h.offset_m - 1.0), 1e-12);
    std::vector<Eigen::Vector3d> flat = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
    QVERIFY(vsim::hullPlanes(flat).empty());  // no volume

    // A world edge through the cube along x, 0.1 below its +z face: inside from x = −1 to 1,
    // 0.1 deep at its middle, nearest the +z face.
    const vsim::EdgeContact c =
        vsim::edgeInsideHull(planes, Eigen::Vector3d(-3, 0.5, 0.9), Eigen::Vector3d(3, 0.5, 0.9));
    QVERIFY(c.inside);
    QCOMPARE_LT((c.ends_B_m[0] - Eigen::Vector3d(-1, 0.5, 0.9)).norm(), 1e-12);
    QCOMPARE_LT((c.ends_B_m[1] - Eigen::Vector3d(1, 0.5, 0.9)).norm(), 1e-12);
    QCOMPARE_LT(std::abs(c.depth_m - 0.1), 1e-12);
    QCOMPARE_LT((c.face_normal_B - Eigen::Vector3d(0, 0, 1)).norm(), 1e-12);
    QVERIFY(!vsim::edgeInsideHull(planes, Eigen::Vector3d(-3, 0.5, 1.1), Eigen::Vector3d(3, 0.5, 1.1)).inside);
    QVERIFY(!vsim::edgeInsideHull(planes, Eigen::Vector3d(1.5, 0, 0), Eigen::Vector3d(3, 0, 0)).inside);
  }
};

QTEST_GUILESS_MAIN(ContactGeometryTest)
#include "contact_geometry_test.moc"
