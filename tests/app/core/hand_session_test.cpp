// The station's own world held by the hand (SitlSession::holdByHand, releaseHand): the simulator
// thread's samples are those of a vehicle held still at the asked attitude and turning at the
// asked rate, and the session says whether it holds.
#include "app/core/sitl_session.h"
#include "sim/config/airframe_file.h"

#include <QSignalSpy>
#include <QtTest>

#include <cmath>

namespace {

constexpr double g = 9.80665;  // the airframe's default gravity

// s500 with every IMU and magnetometer noise off, so the readings are closed forms.
vsim::VehicleModel quietS500() {
  auto loaded = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
  if (!loaded) qFatal("%s", loaded.error().message.c_str());
  vsim::VehicleModel m = *loaded;
  m.imu.gyro = m.imu.accel = m.mag.noise = vsim::NoiseModel{};
  return m;
}

// The newest sample once `enough` holds for one drained since the call (the wall clock only
// bounds a hang: the samples come at the simulator's 1 kHz).
template <class Enough>
bool waitForSample(navigator::SimulationWorker* worker, Enough enough, navigator::TelemetrySample& out) {
  return QTest::qWaitFor(
      [&] {
        std::vector<navigator::TelemetrySample> got;
        worker->drain(got);
        for (const auto& s : got)
          if (enough(s)) {
            out = s;
            return true;
          }
        return false;
      },
      5000);
}

}  // namespace

class HandSessionTest : public QObject {
  Q_OBJECT
 private slots:
  void holdsTurnsAndLetsGo();
};

void HandSessionTest::holdsTurnsAndLetsGo() {
  navigator::SitlSession session;
  navigator::SitlSessionOptions options;
  options.start_firmware = false;  // the simulator and the link only
  options.gcs_port = 0;
  options.realtime_priority = 0;
  vsim::SimulatorConfig config;
  config.world = vsim::World{};  // flat ground
  QCOMPARE(session.start(quietS500(), config, options), QString());
  QSignalSpy changed(&session, &navigator::SitlSession::handChanged);

  // Right side down, reached at 90 °/s in 1 s: the specific force, up, is −g along body y
  // (R_WBᵀ·(0, 0, −g) for R_WB = Rx(90°)). Float samples: 1e-5.
  QVERIFY(session.holdByHand(Eigen::Vector3d(90, 0, 0), Eigen::Vector3d::Zero(), false));
  QVERIFY(session.heldByHand());
  QCOMPARE(changed.count(), 1);
  navigator::TelemetrySample held;
  QVERIFY(waitForSample(
      session.worker(),
      [](const auto& s) {
        return std::abs(s.accel_S_mps2[1] + g) < 1e-5 &&
               std::abs(s.accel_S_mps2[0]) + std::abs(s.accel_S_mps2[2]) < 1e-5;
      },
      held));
  QCOMPARE_LE(std::abs(held.omega_B_radps[0]) + std::abs(held.omega_B_radps[1]) + std::abs(held.omega_B_radps[2]),
              0.0f);  // there, and still
  QCOMPARE_LE(std::abs(held.v_W_mps[0]) + std::abs(held.v_W_mps[1]) + std::abs(held.v_W_mps[2]), 0.0f);

  // Turned about the world's vertical at 30 °/s: ω_B = Rx(90°)ᵀ·(0, 0, ω) = (0, ω, 0), π/6 rad/s.
  QVERIFY(session.holdByHand(std::nullopt, Eigen::Vector3d(0, 0, 30), true));
  navigator::TelemetrySample turning;
  QVERIFY(waitForSample(
      session.worker(), [](const auto& s) { return std::abs(s.gyro_S_radps[1] - M_PI / 6) < 1e-6; }, turning));
  QCOMPARE_LE(std::abs(turning.accel_S_mps2[1] + g), 1e-5);  // still on its side
  QCOMPARE(changed.count(), 1);                              // still held: no change said

  // Let go: at rest, then gravity; the session says it no longer holds.
  session.releaseHand();
  QVERIFY(!session.heldByHand());
  QCOMPARE(changed.count(), 2);
  navigator::TelemetrySample falling;
  QVERIFY(waitForSample(
      session.worker(), [](const auto& s) { return s.v_W_mps[2] > 0.3f; }, falling));
  // A reset lets go too.
  QVERIFY(session.holdByHand(Eigen::Vector3d(0, 0, 0), Eigen::Vector3d::Zero(), false));
  session.resetVehicle();
  QVERIFY(!session.heldByHand());
  session.stop();
}

QTEST_GUILESS_MAIN(HandSessionTest)
#include "hand_session_test.moc"
