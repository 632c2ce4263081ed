// The bench errors of the IMU and magnetometer (sensor_models.h: withAxisErrors, withMagErrors)
// and the hand (sim/world/hand.h), against closed forms: noise off, the vehicle held by the
// hand so that it is exactly still, the readings are the documented formula to rounding.
#include "sim/base/frames.h"
#include "sim/simulator.h"

#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <cstring>
#include <fstream>
#include <sstream>

namespace {

constexpr double g = 9.80665;  // the airframe's default gravity
constexpr double kRadPerDeg = M_PI / 180.0;

// generic_quad.yaml (which has no imu or mag keys) with `extra` appended and every noise off.
vsim::VehicleModel genericQuadWith(const std::string& extra) {
  std::ifstream in(NAVIGATOR_SOURCE_DIR "/resources/airframes/generic_quad.yaml");
  std::stringstream text;
  text << in.rdbuf() << extra;
  static const QTemporaryDir folder;
  const std::string path = folder.filePath("airframe.yaml").toStdString();
  std::ofstream(path) << text.str();
  const auto loaded = vsim::loadAirframe(path);
  if (!loaded) qFatal("%s", loaded.error().message.c_str());
  vsim::VehicleModel m = *loaded;
  m.imu.gyro = m.imu.accel = m.mag.noise = vsim::NoiseModel{};
  return m;
}

vsim::Simulator make(const vsim::VehicleModel& m, vsim::SimulatorConfig config = {}) {
  auto s = vsim::Simulator::create(m, config);
  if (!s) qFatal("%s", s.error().message.c_str());
  return std::move(s).value();
}

vsim::HandGrip gripAt(double roll_deg, double pitch_deg, double yaw_deg) {
  vsim::HandGrip grip;
  grip.q_WB = vsim::frames::quaternionFromEuler({roll_deg * kRadPerDeg, pitch_deg * kRadPerDeg, yaw_deg * kRadPerDeg});
  return grip;
}

void compareVectors(const Eigen::Vector3d& actual, const Eigen::Vector3d& expected, double tolerance) {
  QVERIFY2((actual - expected).cwiseAbs().maxCoeff() <= tolerance,
           qPrintable(QStringLiteral("got (%1, %2, %3), expected (%4, %5, %6)")
                          .arg(actual.x(), 0, 'g', 17)
                          .arg(actual.y(), 0, 'g', 17)
                          .arg(actual.z(), 0, 'g', 17)
                          .arg(expected.x(), 0, 'g', 17)
                          .arg(expected.y(), 0, 'g', 17)
                          .arg(expected.z(), 0, 'g', 17)));
}

const std::string kBenchErrors =
    "imu:\n"
    "  accel:\n"
    "    offset_mps2: [0.1, -0.2, 0.3]\n"
    "    scale: [1.02, 0.98, 1.01]\n"
    "    cross_axis_rad: [[0, 0.01, -0.02], [0.005, 0, 0.015], [-0.01, 0.02, 0]]\n"
    "  gyro:\n"
    "    offset_dps: [0.5, -1, 2]\n"
    "    scale: [1.01, 1, 0.99]\n"
    "mag:\n"
    "  hard_iron_gauss: [0.05, -0.03, 0.1]\n"
    "  soft_iron: [[1.1, 0.05, 0], [0.05, 0.9, 0.02], [0, 0.02, 1.05]]\n";

}  // namespace

class SensorErrorsTest : public QObject {
  Q_OBJECT
 private slots:
  void defaultsLeaveTheReadingBitForBit();
  void accelerometerAtRestIsTheFormula();
  void magnetometerIsSoftIronTimesFieldPlusHardIron();
  void mountingErrorRotatesBoth();
  void motorCurrentAddsItsField();
  void heldAtRoll90TheAccelerometerReadsGOnY();
  void turningAt30DpsTheGyroReads30Dps();
  void turningAboutTheWorldVertical();
  void theGyroErrorsApplyToTheTurn();
  void releasedItFallsFromRest();
  void aHeldVehicleIsLiftedClearOfTheGround();
};

void SensorErrorsTest::defaultsLeaveTheReadingBitForBit() {
  // The defaults return their input untouched, so every figure flown before the errors existed
  // is the same to the bit (a product with an identity matrix would be too, but skipping it
  // does not depend on the compiler's arithmetic).
  const vsim::ImuModel imu;
  const vsim::MagModel mag;
  const Eigen::Vector3d v(0.1 + 1e-17, -3.3e-9, 9.80665);
  const Eigen::Vector3d a = vsim::withAxisErrors(imu.accel_errors, imu.R_mount, v);
  const Eigen::Vector3d m = vsim::withMagErrors(mag, imu.R_mount, v, 12.5);  // no motor field: the current is moot
  QCOMPARE(std::memcmp(a.data(), v.data(), sizeof(double) * 3), 0);
  QCOMPARE(std::memcmp(m.data(), v.data(), sizeof(double) * 3), 0);
}

void SensorErrorsTest::accelerometerAtRestIsTheFormula() {
  vsim::Simulator sim = make(genericQuadWith(kBenchErrors));
  sim.hold(gripAt(0, 0, 0));
  sim.advanceImuPeriod();
  // Level and still: f_S = (0, 0, −g). a = S·(I + C)·f + b (sensor_models.h), row by row:
  //   x: 1.02·(−0.02·−g) + 0.1  = 0.0204·g + 0.1
  //   y: 0.98·(0.015·−g) − 0.2  = −0.0147·g − 0.2
  //   z: 1.01·(1·−g) + 0.3      = −1.01·g + 0.3
  compareVectors(sim.frame().imu.accel_S_mps2, {0.0204 * g + 0.1, -0.0147 * g - 0.2, -1.01 * g + 0.3}, 1e-12);
  // The gyro reads its offset alone: (0.5, −1, 2) °/s.
  compareVectors(sim.frame().imu.gyro_S_radps, Eigen::Vector3d(0.5, -1, 2) * kRadPerDeg, 1e-15);
}

void SensorErrorsTest::magnetometerIsSoftIronTimesFieldPlusHardIron() {
  vsim::Simulator sim = make(genericQuadWith(kBenchErrors));
  sim.hold(gripAt(0, 0, 0));
  sim.advanceImuPeriod();
  // Level, nose north: the body sees the default field (0.21, 0.015, 0.42) G. m = S_soft·f + h:
  //   x: 1.1·0.21 + 0.05·0.015 + 0.05         = 0.28175
  //   y: 0.05·0.21 + 0.9·0.015 + 0.02·0.42 − 0.03 = 0.0024
  //   z: 0.02·0.015 + 1.05·0.42 + 0.1          = 0.5413
  compareVectors(sim.frame().mag.field_S_gauss, {0.28175, 0.0024, 0.5413}, 1e-12);
}

void SensorErrorsTest::mountingErrorRotatesBoth() {
  // The board rolled 90° on its mount: R_mount = Rx(90°), v_S = Rx(90°)ᵀ·v, which takes
  // (x, y, z) to (x, z, −y).
  vsim::Simulator sim = make(genericQuadWith("imu:\n  mount_error_rpy_deg: [90, 0, 0]\n"));
  sim.hold(gripAt(0, 0, 0));
  sim.advanceImuPeriod();
  compareVectors(sim.frame().imu.accel_S_mps2, {0, -g, 0}, 1e-12);
  compareVectors(sim.frame().mag.field_S_gauss, {0.21, 0.42, -0.015}, 1e-12);
}

void SensorErrorsTest::motorCurrentAddsItsField() {
  // Four motors at duty 0.5 in empty space without gravity (so nothing tilts it): after 1 s
  // (80 spin-up time constants of 12.5 ms) each turns at 550 rad/s against k_q·ω² = 3.504e-7 ·
  // 550² = 0.105996 N·m (generic_quad.yaml); with K_t = 0.0104 N·m/A (a 920 rpm/V motor:
  // 60/(2π·920)) the four draw I = 4·0.105996/0.0104 = 40.76769 A, and the board reads the
  // Earth's field plus (0.002, −0.001, 0.004) G/A · I.
  vsim::SimulatorConfig config;
  config.gravity = false;
  vsim::Simulator sim =
      make(genericQuadWith(
               "mag: {motor_current: {gauss_per_amp: [0.002, -0.001, 0.004], torque_constant_Nm_per_A: 0.0104}}\n"),
           config);
  const double duties[] = {0.5, 0.5, 0.5, 0.5};
  for (int i = 0; i < 1000; ++i) {
    sim.setDuties(duties);
    sim.advanceImuPeriod();
  }
  const double current_A = 4 * 3.504e-7 * 550.0 * 550.0 / 0.0104;
  compareVectors(sim.frame().mag.field_S_gauss,
                 Eigen::Vector3d(0.21, 0.015, 0.42) + Eigen::Vector3d(0.002, -0.001, 0.004) * current_A, 1e-9);
  QCOMPARE_LE(std::abs(current_A - 40.76769), 1e-5);
  // Stopped, the motors' field goes with their current.
  const double stopped[] = {0, 0, 0, 0};
  for (int i = 0; i < 2000; ++i) {
    sim.setDuties(stopped);
    sim.advanceImuPeriod();
  }
  compareVectors(sim.frame().mag.field_S_gauss, {0.21, 0.015, 0.42}, 1e-9);
}

void SensorErrorsTest::heldAtRoll90TheAccelerometerReadsGOnY() {
  // Right side down: body y points down, so the specific force (up, opposite gravity) is −g
  // along body y: R_WBᵀ·(0, 0, −g) with R_WB = Rx(90°) is (0, −g, 0).
  vsim::Simulator sim = make(genericQuadWith(""));
  sim.hold(gripAt(90, 0, 0));
  // On the way, the hand turns it at 90 °/s (kHandMove_radps) about body x: half-way after
  // 0.5 s, roll 45°, and the gyro reads π/2 rad/s.
  for (int i = 0; i < 500; ++i) sim.advanceImuPeriod();
  compareVectors(sim.frame().imu.gyro_S_radps, {M_PI / 2, 0, 0}, 1e-12);
  QCOMPARE_LE(std::abs(vsim::frames::eulerFromQuaternion(sim.state().q_WB).roll_rad - M_PI / 4), 1e-9);
  // There after 1 s; still from then on.
  for (int i = 0; i < 600; ++i) sim.advanceImuPeriod();
  compareVectors(sim.frame().imu.accel_S_mps2, {0, -g, 0}, 1e-12);
  compareVectors(sim.frame().imu.gyro_S_radps, Eigen::Vector3d::Zero(), 0.0);
  QCOMPARE(sim.state().v_W_mps, Eigen::Vector3d::Zero());
}

void SensorErrorsTest::turningAt30DpsTheGyroReads30Dps() {
  vsim::Simulator sim = make(genericQuadWith(""));
  vsim::HandGrip grip = gripAt(0, 0, 0);
  grip.turn_radps = Eigen::Vector3d(0, 0, 30 * kRadPerDeg);  // about body z (down): yaw right
  sim.hold(grip);
  const Eigen::Vector3d p0 = sim.state().p_W_m;
  for (int i = 0; i < 1000; ++i) sim.advanceImuPeriod();
  compareVectors(sim.frame().imu.gyro_S_radps, {0, 0, 30 * kRadPerDeg}, 1e-15);
  compareVectors(sim.frame().imu.accel_S_mps2, {0, 0, -g}, 1e-12);
  // One second at 30 °/s: yaw 30°, the centre of mass where it was.
  QCOMPARE_LE(std::abs(vsim::frames::eulerFromQuaternion(sim.state().q_WB).yaw_rad - 30 * kRadPerDeg), 1e-9);
  QCOMPARE(sim.state().p_W_m, p0);
}

void SensorErrorsTest::turningAboutTheWorldVertical() {
  // Held on its right side and turned about the world's down axis: ω_B = R_WBᵀ·(0, 0, ω) =
  // (0, ω, 0) for R_WB = Rx(90°), and gravity stays on body −y the whole turn.
  vsim::Simulator sim = make(genericQuadWith(""));
  sim.hold(gripAt(90, 0, 0));
  for (int i = 0; i < 1100; ++i) sim.advanceImuPeriod();  // there after 1 s at 90 °/s
  vsim::HandGrip grip;                                    // as it is, turning
  grip.turn_radps = Eigen::Vector3d(0, 0, 30 * kRadPerDeg);
  grip.turn_in_world = true;
  sim.hold(grip);
  for (int i = 0; i < 3000; ++i) sim.advanceImuPeriod();
  compareVectors(sim.frame().imu.gyro_S_radps, {0, 30 * kRadPerDeg, 0}, 1e-12);
  compareVectors(sim.frame().imu.accel_S_mps2, {0, -g, 0}, 1e-9);
  // Three seconds at 30 °/s: the heading has turned 90°, the roll is still 90°.
  const auto e = vsim::frames::eulerFromQuaternion(sim.state().q_WB);
  QCOMPARE_LE(std::abs(e.yaw_rad - 90 * kRadPerDeg), 1e-9);
  QCOMPARE_LE(std::abs(e.roll_rad - 90 * kRadPerDeg), 1e-9);
}

void SensorErrorsTest::theGyroErrorsApplyToTheTurn() {
  vsim::Simulator sim = make(genericQuadWith(kBenchErrors));
  vsim::HandGrip grip = gripAt(0, 0, 0);
  grip.turn_radps = Eigen::Vector3d(0, 0, 30 * kRadPerDeg);
  sim.hold(grip);
  sim.advanceImuPeriod();
  // ω = S·ω_true + b: z = 0.99·30 + 2 = 31.7 °/s; x and y their offsets.
  compareVectors(sim.frame().imu.gyro_S_radps, Eigen::Vector3d(0.5, -1, 31.7) * kRadPerDeg, 1e-15);
}

void SensorErrorsTest::releasedItFallsFromRest() {
  // No world: let go, it falls freely from rest. After 0.1 s: v_down = g·t = 0.980665 m/s less
  // the drag of generic_quad (0.25 N·s/m on 1.5 kg: under 1 % over 0.1 s); the accelerometer
  // of a falling body reads nearly nothing.
  vsim::Simulator sim = make(genericQuadWith(""));
  vsim::HandGrip grip = gripAt(0, 0, 0);
  grip.turn_radps = Eigen::Vector3d(0.3, 0, 0);
  sim.hold(grip);
  for (int i = 0; i < 10; ++i) sim.advanceImuPeriod();
  sim.release();
  QVERIFY(!sim.held());
  QCOMPARE(sim.state().omega_B_radps, Eigen::Vector3d::Zero());
  QCOMPARE(sim.state().v_W_mps, Eigen::Vector3d::Zero());
  for (int i = 0; i < 100; ++i) sim.advanceImuPeriod();
  QCOMPARE_LE(std::abs(sim.state().v_W_mps.z() - 0.1 * g), 0.01 * 0.1 * g);
  QCOMPARE_LE(sim.frame().imu.accel_S_mps2.norm(), 0.2);
}

void SensorErrorsTest::aHeldVehicleIsLiftedClearOfTheGround() {
  // Standing on flat ground, taken by the hand: raised by its contact radius, so no attitude
  // puts a part of it into the ground; held upside down it does not touch.
  vsim::SimulatorConfig config;
  config.world.has_ground = true;
  vsim::Simulator sim = make(genericQuadWith(""), config);
  for (int i = 0; i < 200; ++i) sim.advanceImuPeriod();
  const Eigen::Vector3d standing = sim.state().p_W_m;
  sim.hold(gripAt(180, 0, 0));
  QCOMPARE_LE(std::abs(sim.state().p_W_m.z() - (standing.z() - sim.model().contact_radius_m)), 1e-12);
  for (int i = 0; i < 2100; ++i) sim.advanceImuPeriod();  // a half turn at 90 °/s: 2 s
  // Upside down: the specific force, up, is +g along body z (which now points up).
  compareVectors(sim.frame().imu.accel_S_mps2, {0, 0, g}, 1e-12);
  const std::int64_t contacts = sim.counters().contact_steps;
  for (int i = 0; i < 100; ++i) sim.advanceImuPeriod();
  QCOMPARE(sim.counters().contact_steps, contacts);  // nothing touched while held
}

QTEST_APPLESS_MAIN(SensorErrorsTest)
#include "sensor_errors_test.moc"
