// Tests of sim/contact, sim/world and sim/mesh_bvh: drops, tip-overs, sliding,
// tunnelling, step-size independence, primitive versus mesh, ramps.
#include "sim/config/airframe_file.h"
#include "sim/base/frames.h"
#include "sim/geometry/mesh_builders.h"
#include "sim/simulator.h"

#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <random>

namespace {

constexpr double g = 9.80665;

vsim::World flatGround(double friction = 0.6, double restitution = 0.2) {
  vsim::World w;
  w.ground.friction = friction;
  w.ground.restitution = restitution;
  return w;
}

vsim::Simulator make(const vsim::VehicleModel& m, const vsim::World& world, int physics_rate_hz = 8000) {
  vsim::SimulatorConfig c;
  c.world = world;
  c.physics_rate_hz = physics_rate_hz;
  auto s = vsim::Simulator::create(m, c);
  if (!s) qFatal("%s", s.error().message.c_str());
  return std::move(s).value();
}

// The lowest footprint point's height above the ground plane at z = 0 [m] (positive: above).
double lowestClearance(const vsim::VehicleModel& m, const vsim::VehicleState& s) {
  return -s.p_W_m.z() - vsim::contactReach_m(m, s.q_WB, Eigen::Vector3d::UnitZ());
}

double tiltFromLevel_rad(const vsim::VehicleModel& m, const vsim::VehicleState& s) {
  const Eigen::Vector3d up = s.q_WB * (m.rest_attitude_WB.conjugate() * Eigen::Vector3d(0, 0, -1));
  return std::acos(std::clamp(-up.z(), -1.0, 1.0));
}

// The vehicle level in its launch attitude with its lowest foot `height_m` above the ground.
vsim::VehicleState standingAt(const vsim::VehicleModel& m, double height_m,
                              const Eigen::Vector2d& ne = Eigen::Vector2d::Zero()) {
  vsim::VehicleState s = vsim::restingState(m);
  s.p_W_m = Eigen::Vector3d(ne.x(), ne.y(), -height_m - vsim::contactReach_m(m, s.q_WB, Eigen::Vector3d::UnitZ()));
  return s;
}

}  // namespace

class ContactTest : public QObject {
  Q_OBJECT
 private slots:
  void dropComesToRestOnItsFeetWithoutGainingEnergy_data();
  void dropComesToRestOnItsFeetWithoutGainingEnergy();
  void oneFootLandingTipsOverAndRestsFlat();
  void slidingDeceleratesAtMuG();
  void noTunnellingThroughAThinWall();
  void insideAnObstacleOnTheGroundNeverEndsBelowTheGround();
  void restDoesNotDependOnTheStep();
  void primitiveBoxAndMeshBoxAgree();
  void hoverAndLiftOff();
  void rampHoldsOrSlidesByFriction_data();
  void rampHoldsOrSlidesByFriction();
  void bvhFindsTheClosestTriangle();
};

void ContactTest::dropComesToRestOnItsFeetWithoutGainingEnergy_data() {
  QTest::addColumn<QString>("airframe");
  QTest::newRow("s500 on its skids") << "s500.yaml";
  QTest::newRow("lander on its feet, X up") << "lander_004.yaml";
}

void ContactTest::dropComesToRestOnItsFeetWithoutGainingEnergy() {
  // Dropped in its launch attitude from 1 m (feet 1 m above the ground), motors off: it
  // bounces (restitution 0.2), settles with its feet on the ground and its attitude as at
  // launch, and its mechanical energy (½mv² + ½ωᵀIω + mgh) never rises above where it started.
  QFETCH(QString, airframe);
  const vsim::VehicleModel m = loadShippedAirframe(airframe);
  vsim::Simulator sim = make(m, flatGround());
  sim.reset(1, standingAt(m, 1.0));
  const double e0 = vsim::mechanicalEnergy(m, sim.state());
  double e_max = e0;
  for (int i = 0; i < 3000; ++i) {
    sim.advanceImuPeriod();
    e_max = std::max(e_max, vsim::mechanicalEnergy(m, sim.state()));
  }
  qInfo("clearance %.6f m, tilt %.4f rad, speed %.2e, energy rise %.3g J", lowestClearance(m, sim.state()),
        tiltFromLevel_rad(m, sim.state()), sim.state().v_W_mps.norm(), e_max - e0);
  QCOMPARE_LE(std::abs(lowestClearance(m, sim.state())), 1e-3);
  QCOMPARE_LE(tiltFromLevel_rad(m, sim.state()), 0.01);
  QCOMPARE_LE(sim.state().v_W_mps.norm(), 0.01);
  QCOMPARE_LE(e_max - e0, 1e-6);
}

void ContactTest::oneFootLandingTipsOverAndRestsFlat() {
  // Rolled 25° and moving sideways at 2 m/s, one foot lands first: the impulse off the
  // centre of mass tips the vehicle, and it ends flat on its feet, not balanced on an arm.
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  vsim::Simulator sim = make(m, flatGround());
  vsim::VehicleState s = standingAt(m, 0.3);
  s.q_WB = vsim::frames::quaternionFromEuler({25 * M_PI / 180, 0, 0});
  s.v_W_mps = {0, 2, 0};
  sim.reset(1, s);
  double largest_rate = 0;
  for (int i = 0; i < 6000; ++i) {
    sim.advanceImuPeriod();
    largest_rate = std::max(largest_rate, sim.state().omega_B_radps.norm());
  }
  QVERIFY(largest_rate > 1.0);  // the landing did tip it
  QCOMPARE_LE(tiltFromLevel_rad(m, sim.state()), 0.01);
  QCOMPARE_LE(std::abs(lowestClearance(m, sim.state())), 1e-3);
  QCOMPARE_LE(sim.state().v_W_mps.norm(), 0.01);
}

void ContactTest::slidingDeceleratesAtMuG() {
  // Coulomb: a vehicle sliding on its feet decelerates at μ·g (μ = 0.4: 3.92 m/s²), then stops.
  // Air drag is switched off so that friction is the only horizontal force.
  vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  m.drag_linear_Ns_per_m.setZero();
  m.drag_quadratic_Ns2_per_m2.setZero();
  vsim::Simulator sim = make(m, flatGround(0.4, 0.0));
  vsim::VehicleState s = standingAt(m, 0.0);
  s.v_W_mps = {3, 0, 0};
  sim.reset(1, s);
  for (int i = 0; i < 20; ++i) sim.advanceImuPeriod();  // settle the first contact
  const double v1 = sim.state().v_W_mps.x();
  const std::int64_t t1 = sim.timeNs();
  while (sim.state().v_W_mps.x() > 1.0) sim.advanceImuPeriod();
  const double decel = (v1 - sim.state().v_W_mps.x()) / (double(sim.timeNs() - t1) * 1e-9);
  qInfo("deceleration %.4f m/s² (μg = %.4f)", decel, 0.4 * g);
  QCOMPARE_LE(std::abs(decel / (0.4 * g) - 1.0), 0.02);
  for (int i = 0; i < 2000; ++i) sim.advanceImuPeriod();
  QCOMPARE_LE(sim.state().v_W_mps.norm(), 0.01);  // and stops
}

void ContactTest::noTunnellingThroughAThinWall() {
  // At 15 m/s a foot moves 1.9 mm per 8 kHz step, less than a 20 mm wall: it is caught.
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  vsim::World w;
  w.has_ground = false;
  vsim::Obstacle wall;
  wall.shape = vsim::Obstacle::Shape::Box;
  wall.half_size_m = {0.01, 5, 5};
  wall.pose_W.p_PB_m = {3, 0, 0};
  w.obstacles.push_back(wall);
  vsim::SimulatorConfig c;
  c.world = w;
  c.gravity = false;
  vsim::Simulator sim = std::move(vsim::Simulator::create(m, c)).value();
  vsim::VehicleState s = vsim::restingState(m, {0, 0, -2});
  s.v_W_mps = {15, 0, 0};
  sim.reset(1, s);
  for (int i = 0; i < 500; ++i) sim.advanceImuPeriod();
  QVERIFY2(sim.state().p_W_m.x() < 3.0, qPrintable(QString::number(sim.state().p_W_m.x())));
  QVERIFY(sim.counters().contact_steps > 0);
}

void ContactTest::insideAnObstacleOnTheGroundNeverEndsBelowTheGround() {
  // Found by fuzz_config_files (corpus/config_files/regress_inside_post_on_ground): standing on
  // the ground (z = -0.5) inside a post of radius 5.15 m that reaches down to it, the post's
  // nearest way out is down through its bottom face. Before the fix each step undid the last
  // (down out of the post, up out of the ground), so after an odd number of steps the vehicle
  // was 0.5 m under the ground. The ground wins: no footprint point is ever below it by more
  // than 1 mm at the end of a period.
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  vsim::World w = flatGround();
  w.ground_down_m = -0.5;
  vsim::Obstacle post;
  post.shape = vsim::Obstacle::Shape::Cylinder;
  post.radius_m = 5.15;
  post.half_length_m = 1.5;
  post.pose_W.p_PB_m = {-3, -3, -1.5};
  w.obstacles.push_back(post);
  vsim::Simulator sim = make(m, w, 5000);  // an odd number of steps per period: see below
  vsim::VehicleState s = standingAt(m, 0.5);
  sim.reset(1, s);
  for (int i = 0; i < 200; ++i) {
    sim.advanceImuPeriod();
    const double clearance_m =
        -0.5 - sim.state().p_W_m.z() - vsim::contactReach_m(m, sim.state().q_WB, Eigen::Vector3d::UnitZ());
    QVERIFY2(clearance_m > -1e-3,
             qPrintable(QStringLiteral("period %1: %2 m below the ground").arg(i).arg(-clearance_m)));
    QVERIFY(sim.state().p_W_m.allFinite());
  }
}

void ContactTest::restDoesNotDependOnTheStep() {
  // The same drop with sideways speed at 2, 4, 8 and 16 physics steps per IMU frame: the rest
  // position agrees within 2 cm and the attitude within 0.5°.
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  std::vector<vsim::VehicleState> rest;
  for (int substeps : {2, 4, 8, 16}) {
    vsim::Simulator sim = make(m, flatGround(0.5, 0.2), 1000 * substeps);
    vsim::VehicleState s = standingAt(m, 0.5);
    s.v_W_mps = {1.5, 0.5, 0};
    sim.reset(1, s);
    for (int i = 0; i < 5000; ++i) sim.advanceImuPeriod();
    rest.push_back(sim.state());
    qInfo("%2d substeps: rest at (%.4f, %.4f, %.5f)", substeps, sim.state().p_W_m.x(), sim.state().p_W_m.y(),
          sim.state().p_W_m.z());
  }
  for (const vsim::VehicleState& s : rest) {
    QCOMPARE_LE((s.p_W_m - rest[2].p_W_m).norm(), 0.02);
    QCOMPARE_LE(s.q_WB.angularDistance(rest[2].q_WB), 0.5 * M_PI / 180);
  }
}

void ContactTest::primitiveBoxAndMeshBoxAgree() {
  // A 4×4×1 m platform as a primitive box and as a 12-triangle mesh behind the BVH: the same
  // drop on it ends in the same place (to the float32 rounding of the mesh's vertices).
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  vsim::Obstacle box;
  box.shape = vsim::Obstacle::Shape::Box;
  box.half_size_m = {2, 2, 0.5};
  box.pose_W.p_PB_m = {0.3, 0, 0.5};  // top face at z = 0
  vsim::World primitive;
  primitive.has_ground = false;
  primitive.obstacles.push_back(box);
  vsim::TriangleMesh mesh = vsim::boxMesh({4, 4, 1});
  vsim::transformMesh(mesh, box.pose_W);
  vsim::World meshed;
  meshed.has_ground = false;
  meshed.mesh = std::make_shared<vsim::MeshBvh>(mesh);
  meshed.mesh_surface = box.surface;
  std::vector<vsim::VehicleState> rest;
  for (const vsim::World* w : {&primitive, &meshed}) {
    vsim::Simulator sim = make(m, *w);
    vsim::VehicleState s = standingAt(m, 0.4);
    s.v_W_mps = {0.8, 0, 0};
    s.q_WB = vsim::frames::quaternionFromEuler({0.1, 0.05, 0});
    sim.reset(1, s);
    for (int i = 0; i < 3000; ++i) sim.advanceImuPeriod();
    rest.push_back(sim.state());
  }
  QCOMPARE_LE((rest[0].p_W_m - rest[1].p_W_m).norm(), 1e-4);
  QCOMPARE_LE(rest[0].q_WB.angularDistance(rest[1].q_WB), 1e-4);
  QCOMPARE_LE(std::abs(lowestClearance(m, rest[0])), 1e-3);
}

void ContactTest::hoverAndLiftOff() {
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  const double hover = vsim::hoverDuty(m);
  // Hovering 1 m up touches nothing.
  vsim::Simulator sim = make(m, flatGround());
  vsim::VehicleState s = standingAt(m, 1.0);
  for (int i = 0; i < 4; ++i) s.rotor_speed_radps[i] = hover * m.rotors[i].max_speed_radps;
  sim.reset(1, s);
  const std::array<double, 4> at_hover{hover, hover, hover, hover};
  sim.setDuties(at_hover);
  for (int i = 0; i < 1000; ++i) sim.advanceImuPeriod();
  QCOMPARE(sim.counters().contact_steps, std::int64_t(0));
  // From rest on the ground, full throttle lifts off: climbing after 1 s.
  sim.reset(1, standingAt(m, 0.0));
  const std::array<double, 4> full{0.9, 0.9, 0.9, 0.9};
  sim.setDuties(full);
  for (int i = 0; i < 1000; ++i) sim.advanceImuPeriod();
  QVERIFY(lowestClearance(m, sim.state()) > 0.5);
  QVERIFY(sim.counters().contact_steps > 0);  // it sat on the ground first
}

void ContactTest::rampHoldsOrSlidesByFriction_data() {
  QTest::addColumn<double>("mu");
  QTest::addColumn<bool>("slides");
  // On a 10° ramp static friction holds when μ > tan 10° = 0.176, and does not when μ < it.
  QTest::newRow("mu 0.30 holds") << 0.30 << false;
  QTest::newRow("mu 0.10 slides") << 0.10 << true;
}

void ContactTest::rampHoldsOrSlidesByFriction() {
  QFETCH(double, mu);
  QFETCH(bool, slides);
  const vsim::VehicleModel m = loadShippedAirframe("generic_quad.yaml");
  const double slope = 10 * M_PI / 180;
  vsim::Obstacle ramp;
  ramp.shape = vsim::Obstacle::Shape::Box;
  ramp.half_size_m = {20, 20, 1};
  ramp.pose_W.R_PB = Eigen::AngleAxisd(slope, Eigen::Vector3d::UnitY()).toRotationMatrix();  // rises towards north
  ramp.pose_W.p_PB_m = ramp.pose_W.R_PB * Eigen::Vector3d(0, 0, 1);  // top face through the origin
  ramp.surface.friction = mu;
  ramp.surface.restitution = 0.0;
  vsim::World w;
  w.has_ground = false;
  w.obstacles.push_back(ramp);
  vsim::Simulator sim = make(m, w);
  // Placed on the ramp, tilted with it, feet touching.
  vsim::VehicleState s = vsim::restingState(m);
  s.q_WB = Eigen::Quaterniond(ramp.pose_W.R_PB);
  s.p_W_m = -vsim::contactReach_m(m, s.q_WB, ramp.pose_W.R_PB.col(2)) * ramp.pose_W.R_PB.col(2);
  sim.reset(1, s);
  for (int i = 0; i < 200; ++i) sim.advanceImuPeriod();
  const Eigen::Vector3d settled = sim.state().p_W_m;
  for (int i = 0; i < 2000; ++i) sim.advanceImuPeriod();
  const double moved = (sim.state().p_W_m - settled).norm();
  qInfo("μ %.2f: moved %.4f m in 2 s", mu, moved);
  if (slides)
    QVERIFY(moved > 0.5);  // (g sin 10° − μ g cos 10°)·t²/2 ≈ 1.4 m
  else
    QCOMPARE_LE(moved, 0.01);
}

void ContactTest::bvhFindsTheClosestTriangle() {
  // Against brute force over every triangle of a 20,000-triangle sphere, at random points.
  const vsim::TriangleMesh sphere = vsim::uvSphereMesh(1.0, 100, 101);
  const vsim::MeshBvh bvh(sphere);
  std::mt19937_64 rng(3);
  std::uniform_real_distribution<double> u(-1.3, 1.3);
  for (int k = 0; k < 200; ++k) {
    const Eigen::Vector3d p(u(rng), u(rng), u(rng));
    double best = 1e9;
    for (const auto& t : sphere.triangles)
      best = std::min(best, (vsim::closestPointOnTriangle(p, sphere.vertices[t[0]].cast<double>(),
                                                          sphere.vertices[t[1]].cast<double>(),
                                                          sphere.vertices[t[2]].cast<double>()) -
                             p)
                                .norm());
    vsim::MeshBvh::Hit hit;
    QVERIFY(bvh.closest(p, 10.0, hit));
    QCOMPARE_LE(std::abs(hit.distance - best), 1e-12);
  }
}

QTEST_APPLESS_MAIN(ContactTest)
#include "contact_test.moc"
