// Crashes honest from any attitude: every shipped airframe dropped over a grid of roll
// and pitch (0–180° by 15°, 169 attitudes; yaw, height 0.2–5 m and spin up to 10 rad/s varied
// along the grid) onto flat ground, a 15° slope made of a world mesh, and a box obstacle. At
// every physics step nothing is NaN and no impact adds energy (beyond the push-out's lift,
// m·g·depth); at rest — still within 10 s, 10 s·√(r/0.36 m) for a vehicle of contact radius r
// above 0.36 m (the S500's: rocking slows as the square root of size) — no contact point is inside a surface by
// more than the push-out tolerance and the centre of mass is outside every surface. Under the
// sanitizers (some 60 times slower) this would take hours: the default build runs it, and the
// contact code is checked under them by test_contact (tests/CMakeLists.txt).
#include "sim/base/frames.h"
#include "sim/geometry/mesh_builders.h"
#include "sim/simulator.h"
#include "sim/vehicle/dynamics.h"
#include "sim/world/contact.h"
#include "sim/world/initial_state.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

Q_DECLARE_METATYPE(Eigen::Vector3d)

#include <cmath>
#include <numbers>

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;
constexpr double kPushOutTolerance_m = 2e-3;  // what one 8 kHz step of a 16 m/s fall sinks, and then some
constexpr double kStillSpeed_mps = 0.02, kStillRate_radps = 0.05;

vsim::World flatGround() { return vsim::World{}; }

// A 15° slope through the origin, rising towards north, as a world mesh (no ground plane).
vsim::World slope() {
  vsim::World w;
  w.has_ground = false;
  vsim::TriangleMesh block = vsim::boxMesh(Eigen::Vector3d(40, 40, 4));
  vsim::Pose pose;
  pose.R_PB = Eigen::AngleAxisd(-15 * kDeg, Eigen::Vector3d::UnitY()).toRotationMatrix();  // nose-up: north side higher
  pose.p_PB_m = pose.R_PB * Eigen::Vector3d(0, 0, 2);  // top face through the origin
  vsim::transformMesh(block, pose);
  w.mesh = std::make_shared<vsim::MeshBvh>(block);
  return w;
}

// A 1 m × 1 m × 0.3 m box standing on the ground at the origin.
vsim::World boxOnGround() {
  vsim::World w;
  vsim::Obstacle box;
  box.shape = vsim::Obstacle::Shape::Box;
  box.half_size_m = Eigen::Vector3d(0.5, 0.5, 0.15);
  box.pose_W.p_PB_m = Eigen::Vector3d(0, 0, -0.15);
  w.obstacles.push_back(box);
  return w;
}

// How deep the surface lies below `p` along world down, for placing a drop: the height of the
// ground, the slope or the box top under the point.
double surfaceDown_m(const vsim::World& w, const Eigen::Vector3d& p) {
  for (double z = -10.0; z < 10.0; z += 0.001)
    if (w.contactAt(Eigen::Vector3d(p.x(), p.y(), z)).touching) return z;
  return 0.0;
}

struct Drop {
  double roll_deg, pitch_deg, yaw_deg, height_m, spin_radps;
  Eigen::Vector3d spin_axis_B;
};

Drop gridDrop(int i) {
  static const double heights[] = {0.2, 0.5, 1.0, 2.0, 5.0};
  static const double spins[] = {0.0, 2.0, 5.0, 10.0};
  Drop d;
  d.roll_deg = 15.0 * (i % 13);
  d.pitch_deg = 15.0 * (i / 13);
  d.yaw_deg = 15.0 * ((i * 5) % 13);
  d.height_m = heights[i % 5];
  d.spin_radps = spins[(i / 5) % 4];
  d.spin_axis_B = Eigen::Vector3d(std::sin(i * 1.3), std::cos(i * 0.7), std::sin(i * 2.9) + 0.3).normalized();
  return d;
}

struct Outcome {
  bool finite = true, still = false;
  double worst_energy_gain_J = 0.0;  // beyond the push-out's lift
  double worst_depth_at_rest_m = 0.0;
  bool com_inside = false;
  double seconds = 0.0;
  QString failure;
};

Outcome fly(const vsim::VehicleModel& m, const vsim::World& world, const Drop& d) {
  const double dt_s = 1.0 / 8000.0;
  const vsim::StepConstants k = vsim::makeStepConstants(m, dt_s);
  vsim::StepInputs in;
  vsim::VehicleState s = vsim::restingState(m);
  s.q_WB = vsim::frames::quaternionFromEuler({d.roll_deg * kDeg, d.pitch_deg * kDeg, d.yaw_deg * kDeg});
  const Eigen::Vector3d above(0.1, -0.05, 0.0);  // a little off-centre: the box edge and slope both matter
  s.p_W_m = Eigen::Vector3d(
      above.x(), above.y(),
      surfaceDown_m(world, above) - d.height_m - vsim::contactReach_m(m, s.q_WB, Eigen::Vector3d::UnitZ()));
  s.omega_B_radps = d.spin_radps * d.spin_axis_B;
  vsim::ContactSettings settings;
  Outcome out;
  int still_steps = 0;
  // A few seconds, longer for a bigger vehicle (rocking slows as the square root of its size).
  const double budget_s = 10.0 * std::max(1.0, std::sqrt(m.contact_radius_m / 0.36));
  const int max_steps = int(budget_s * 8000);
  for (int step = 0; step < max_steps; ++step) {
    vsim::stepVehicle(m, k, in, s);
    const double e0 = vsim::mechanicalEnergy(m, s);
    const vsim::ContactReport r = vsim::resolveContacts(m, world, settings, dt_s, true, s);
    if (!(s.p_W_m.allFinite() && s.v_W_mps.allFinite() && s.q_WB.coeffs().allFinite() && s.omega_B_radps.allFinite())) {
      out.finite = false;
      out.failure = QString("non-finite state at step %1").arg(step);
      return out;
    }
    if (r.touching > 0 && !r.righting) {
      const double gain = vsim::mechanicalEnergy(m, s) - e0 - m.mass_kg * m.gravity_mps2 * r.deepest_m;
      out.worst_energy_gain_J = std::max(out.worst_energy_gain_J, gain);
    }
    const bool still_now =
        s.v_W_mps.norm() < kStillSpeed_mps && s.omega_B_radps.norm() < kStillRate_radps && r.touching > 0;
    still_steps = still_now ? still_steps + 1 : 0;
    if (still_steps >= 4000) {  // half a second without moving
      out.still = true;
      out.seconds = (step + 1) * dt_s;
      break;
    }
  }
  for (int i = 0; i < m.contact_count; ++i) {
    const vsim::PointContact c = world.contactAt(s.p_W_m + s.q_WB * m.contact_points_B_m[std::size_t(i)]);
    if (c.touching) out.worst_depth_at_rest_m = std::max(out.worst_depth_at_rest_m, c.depth_m);
  }
  out.com_inside = world.contactAt(s.p_W_m).touching;
  return out;
}

}  // namespace

class ContactDropsTest : public QObject {
  Q_OBJECT

 private slots:
  void everyAttitudeRestsOnTheSurface_data() {
    QTest::addColumn<QString>("airframe");
    QTest::addColumn<int>("surface");
    for (const char* a : {"generic_quad.yaml", "s500.yaml", "lander_004.yaml"})
      for (int surface = 0; surface < 3; ++surface)
        QTest::newRow(qPrintable(QString("%1 on %2").arg(a).arg(QStringList{"ground", "slope", "box"}[surface])))
            << QString(a) << surface;
  }

  void everyAttitudeRestsOnTheSurface() {
    QFETCH(QString, airframe);
    QFETCH(int, surface);
    const vsim::VehicleModel m = loadShippedAirframe(airframe);
    const vsim::World world = surface == 0 ? flatGround() : surface == 1 ? slope() : boxOnGround();
    int flown = 0, slowest_i = -1;
    double worst_gain = 0.0, worst_depth = 0.0, slowest_s = 0.0;
    for (int i = 0; i < 169; ++i) {
      const Drop d = gridDrop(i);
      const Outcome o = fly(m, world, d);
      const QString which = QString("drop %1 (roll %2°, pitch %3°, yaw %4°, %5 m, %6 rad/s)")
                                .arg(i)
                                .arg(d.roll_deg)
                                .arg(d.pitch_deg)
                                .arg(d.yaw_deg)
                                .arg(d.height_m)
                                .arg(d.spin_radps);
      QVERIFY2(o.finite, qPrintable(which + ": " + o.failure));
      QVERIFY2(o.still, qPrintable(which + ": still moving at the end of its time"));
      QVERIFY2(!o.com_inside, qPrintable(which + ": the centre of mass ended inside the surface"));
      QVERIFY2(o.worst_depth_at_rest_m <= kPushOutTolerance_m,
               qPrintable(which + QString(": a contact point %1 m inside at rest").arg(o.worst_depth_at_rest_m)));
      QVERIFY2(o.worst_energy_gain_J <= 1e-6 * m.mass_kg * m.gravity_mps2,
               qPrintable(which + QString(": an impact added %1 J").arg(o.worst_energy_gain_J)));
      worst_gain = std::max(worst_gain, o.worst_energy_gain_J);
      worst_depth = std::max(worst_depth, o.worst_depth_at_rest_m);
      if (o.seconds > slowest_s) {
        slowest_s = o.seconds;
        slowest_i = i;
      }
      ++flown;
    }
    qInfo(
        "%d drops: deepest point at rest %.2g m, largest energy gain at an impact %.3g J, slowest to rest %.2f s (drop "
        "%d)",
        flown, worst_depth, worst_gain, slowest_s, slowest_i);
  }

  // The drops that sank under the ground before the hull (measured with vsim-run on the landed
  // code: the S500 ended 0.164 m under it, upside down on its skid tips): now it rests above
  // the ground on its frame and propellers, and wherever it rests the accelerometer reads the
  // specific force of standing still, R_WBᵀ·(0, 0, −g) in the vehicle's axes (the ground's push is what it feels), in
  // the IMU's axes R_BSᵀ of that — averaged over 0.2 s so that its noise (0.13 m/s² per sample) stays under 0.02 m/s².
  void restingAccelerometerReadsGravityInAnyAttitude_data() {
    QTest::addColumn<QString>("airframe");
    QTest::addColumn<Eigen::Vector3d>("position_m");
    QTest::addColumn<Eigen::Vector3d>("attitude_deg");
    QTest::addColumn<Eigen::Vector3d>("rate_radps");
    QTest::newRow("s500 from 3 m spinning")
        << QString("s500.yaml") << Eigen::Vector3d(0, 0, -3) << Eigen::Vector3d(0, 0, 0) << Eigen::Vector3d(1, -2, 0.5);
    QTest::newRow("s500 from 1 m at 50° roll")
        << QString("s500.yaml") << Eigen::Vector3d(0, 0, -1) << Eigen::Vector3d(50, 0, 0) << Eigen::Vector3d(0, 0, 0);
    QTest::newRow("s500 upside down") << QString("s500.yaml") << Eigen::Vector3d(0, 0, -0.5)
                                      << Eigen::Vector3d(180, 0, 0) << Eigen::Vector3d(0, 0, 0);
    QTest::newRow("generic_quad on its side") << QString("generic_quad.yaml") << Eigen::Vector3d(0, 0, -0.5)
                                              << Eigen::Vector3d(90, 0, 0) << Eigen::Vector3d(0, 0, 0);
    QTest::newRow("lander from 3 m spinning") << QString("lander_004.yaml") << Eigen::Vector3d(0, 0, -3)
                                              << Eigen::Vector3d(0, 0, 0) << Eigen::Vector3d(1, -2, 0.5);
  }
  void restingAccelerometerReadsGravityInAnyAttitude() {
    QFETCH(QString, airframe);
    QFETCH(Eigen::Vector3d, position_m);
    QFETCH(Eigen::Vector3d, attitude_deg);
    QFETCH(Eigen::Vector3d, rate_radps);
    const vsim::VehicleModel m = loadShippedAirframe(airframe);
    vsim::SimulatorConfig config;
    config.world = vsim::World{};
    auto created = vsim::Simulator::create(m, config);
    QVERIFY(bool(created));
    vsim::Simulator* sim = &created.value();
    vsim::InitialPose pose;
    pose.p_W_m = position_m;
    pose.attitude_rpy_deg = attitude_deg;
    pose.omega_B_radps = rate_radps;
    sim->reset(7, vsim::initialState(m, config.world, pose));
    for (int k = 0; k < 12000; ++k) sim->advanceImuPeriod();  // 12 s: at rest
    Eigen::Vector3d mean = Eigen::Vector3d::Zero();
    for (int k = 0; k < 200; ++k) {
      sim->advanceImuPeriod();
      mean += sim->frame().imu.accel_S_mps2 / 200.0;
    }
    const vsim::VehicleState& s = sim->state();
    QCOMPARE_LT(s.v_W_mps.norm(), kStillSpeed_mps);
    QCOMPARE_LT(s.p_W_m.z(), 0.0);  // the centre of mass above the ground
    const Eigen::Vector3d expected =
        m.imu.R_BS.transpose() * (s.q_WB.conjugate() * Eigen::Vector3d(0, 0, -m.gravity_mps2));
    qInfo("at rest %.3f m above the ground; accelerometer (%.3f, %.3f, %.3f), expected (%.3f, %.3f, %.3f) m/s²",
          -s.p_W_m.z(), mean.x(), mean.y(), mean.z(), expected.x(), expected.y(), expected.z());
    QCOMPARE_LT((mean - expected).norm(), 0.05);  // the accelerometer's bias walk is within this too
  }

  // The contact model's righting torque acts on a vehicle resting on its feet alone, tilted a little
  // (under 29°), so that it settles flat; never on one lying on its back or side. The S500 laid
  // on its back stays there (resting on its GPS mast and propellers, tilted 13° at most), and
  // laid on its side it falls to a stable face rather than back onto its feet.
  void aVehicleOnItsBackOrSideStaysThere_data() {
    QTest::addColumn<double>("roll_deg");
    QTest::addColumn<double>("min_tilt_deg");
    QTest::newRow("on its back") << 180.0 << 90.0;  // still upside down
    QTest::newRow("on its side") << 90.0 << 28.65;  // beyond the righting torque's 0.5 rad
  }
  void aVehicleOnItsBackOrSideStaysThere() {
    QFETCH(double, roll_deg);
    QFETCH(double, min_tilt_deg);
    const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
    const vsim::World ground = flatGround();
    const double dt_s = 1.0 / 8000.0;
    const vsim::StepConstants k = vsim::makeStepConstants(m, dt_s);
    vsim::VehicleState s = vsim::restingState(m);
    s.q_WB = vsim::frames::quaternionFromEuler({roll_deg * kDeg, 0.0, 0.0});
    s.p_W_m.z() = -vsim::contactReach_m(m, s.q_WB, Eigen::Vector3d::UnitZ());  // touching the ground
    const vsim::ContactSettings settings;
    bool righting = false;
    for (int step = 0; step < 5 * 8000; ++step) {
      vsim::stepVehicle(m, k, vsim::StepInputs{}, s);
      righting |= vsim::resolveContacts(m, ground, settings, dt_s, true, s).righting;
    }
    const Eigen::Vector3d up = s.q_WB * Eigen::Vector3d(0, 0, -1);  // the body's up
    const double tilt_deg = std::acos(std::clamp(-up.z(), -1.0, 1.0)) / kDeg;
    qInfo("after 5 s: tilted %.1f° from upright, centre of mass %.3f m above the ground", tilt_deg, -s.p_W_m.z());
    QVERIFY(!righting);
    QCOMPARE_GT(tilt_deg, min_tilt_deg);
    QCOMPARE_LT(s.v_W_mps.norm() + s.omega_B_radps.norm(), 0.01);
  }

  // Tunnelling: a contact point crossing a surface is found as long as it is still inside the
  // obstacle after the step, i.e. while it moves less than half the obstacle's thickness per
  // physics step — at 8 kHz, 8000·t/2 m/s for thickness t. A 20 mm slab floating in space
  // (nothing below it) holds up to 80 m/s: the S500 thrown at it at 40 m/s tumbling at
  // 30 rad/s (its points move at most 40 + 30·0.36 = 51 m/s) stays on top.
  void aFastTumbleDoesNotTunnelThroughAThinSlab() {
    const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
    vsim::World slab;
    slab.has_ground = false;
    vsim::Obstacle plate;
    plate.shape = vsim::Obstacle::Shape::Box;
    plate.half_size_m = Eigen::Vector3d(50, 50, 0.01);  // wide enough that the bounces stay on it
    slab.obstacles.push_back(plate);                    // top face at z = −0.01
    const double dt_s = 1.0 / 8000.0;
    const vsim::StepConstants k = vsim::makeStepConstants(m, dt_s);
    vsim::VehicleState s = vsim::restingState(m);
    s.q_WB = vsim::frames::quaternionFromEuler({0.7, -1.1, 0.3});
    s.p_W_m = Eigen::Vector3d(0, 0, -1.0);
    s.v_W_mps = Eigen::Vector3d(0, 0, 40.0);
    s.omega_B_radps = Eigen::Vector3d(18, -20, 14);  // |ω| ≈ 30 rad/s
    const vsim::ContactSettings settings;
    for (int step = 0; step < 3 * 8000; ++step) {
      vsim::stepVehicle(m, k, vsim::StepInputs{}, s);
      vsim::resolveContacts(m, slab, settings, dt_s, true, s);
    }
    qInfo("after 3 s: centre of mass at z = %.3f m, speed %.3g m/s", s.p_W_m.z(), s.v_W_mps.norm());
    QCOMPARE_LT(s.p_W_m.z(), -0.01);  // above the slab's top face
    QCOMPARE_GT(s.p_W_m.z(), -1.0);   // (not bounced off into space either)
    QVERIFY(!slab.contactAt(s.p_W_m).touching);
  }
};

QTEST_GUILESS_MAIN(ContactDropsTest)
#include "contact_drops_test.moc"
