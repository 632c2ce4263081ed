// The flight core flying the simulator in lockstep (flight/flight_runner): estimator, control
// loops, modes and failsafe, each against a threshold written here. Scenarios start on the
// ground (the estimator aligns at rest), take off in ALT_HOLD to about 3 m, then do their part.
// This file: the attitude estimator in closed loop: convergence, gyro bias, thrust tilt.
#include "sim/config/airframe_file.h"
#include "tests/flight/closed_loop_support.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

#include <cmath>

using namespace closed_loop;

class ClosedLoopEstimatorTest : public QObject {
  Q_OBJECT

 private slots:
  void estimatorConvergesFrom30Degrees();
  void estimatorLearnsAConstantGyroBias();
  void estimatorHoldsAttitudeUnderThrustTilt();
};

void ClosedLoopEstimatorTest::estimatorConvergesFrom30Degrees() {
  // At rest on the ground; the estimate is knocked 30° off in roll just after alignment.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  fc_params_t p;
  fc_params_defaults(&p);
  const fc_attitude_gains_t gains = {fc_param(&p, FC_PARAM_ATT_ACC_KP),
                                     fc_param(&p, FC_PARAM_ATT_ACC_KI),
                                     fc_param(&p, FC_PARAM_ATT_ACC_GATE),
                                     fc_param(&p, FC_PARAM_ATT_MAG_KP),
                                     0.0f,
                                     0.0f};
  fc_attitude_t est{};
  double error_at_2s = 1e9;
  auto created = vsim::Simulator::create(m, [] {
    vsim::SimulatorConfig c;
    c.world = vsim::World{};
    return c;
  }());
  QVERIFY(created.ok());
  vsim::Simulator* sim = &created.value();
  sim->reset(3, vsim::initialState(m, sim->config().world, {}));
  for (int k = 0; k <= 2000; ++k) {
    const auto& f = sim->frame();
    const fc_vec3_t gyro{float(f.imu.gyro_S_radps.x()), float(f.imu.gyro_S_radps.y()), float(f.imu.gyro_S_radps.z())};
    const fc_vec3_t acc{float(f.imu.accel_S_mps2.x()), float(f.imu.accel_S_mps2.y()), float(f.imu.accel_S_mps2.z())};
    const fc_vec3_t mag{float(f.mag.field_S_gauss.x()), float(f.mag.field_S_gauss.y()), float(f.mag.field_S_gauss.z())};
    fc_attitude_update(&est, &gains, std::uint64_t(f.time_us), gyro, acc, mag, true, nullptr, 0.001f);
    if (k == 0) est.q_WB = fc_quat_mul(est.q_WB, fc_quat_from_euler(30.0f * FC_DEG2RAD, 0, 0));
    if (k == 2000) {
      const fc_vec3_t e = fc_quat_to_euler(est.q_WB);
      error_at_2s = std::abs(e.x) * kRad2Deg;
    }
    sim->advanceImuPeriod();
  }
  qInfo("roll error 2 s after a 30 degree misalignment: %.3f deg", error_at_2s);
  QVERIFY(error_at_2s < 1.0);  // threshold: 1°, the ANGLE hover test's RMS bound
}

void ClosedLoopEstimatorTest::estimatorLearnsAConstantGyroBias() {
  // A gyro that reads (0.02, −0.015, 0.01) rad/s too much, at rest for 120 s: the learned
  // bias must be within 10 % of it on every axis. (With ATT_ACC_KI 0.02 and the gains of 0.4 and
  // 0.2 the bias loops settle in about 40 s for roll and pitch and 60 s for yaw.)
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s;
  s.duration_s = 120.0;
  s.gyro_bias_radps = {0.02, -0.015, 0.01};
  s.timeline.push_back(sticks(0, 0, 0, 0, 0));
  const std::vector<FlightSample> v = fly(m, s, 2);
  Eigen::Vector3d learned = Eigen::Vector3d::Zero();  // averaged over the last 10 s (it is noisy)
  for (const FlightSample& f : v)
    if (f.t_s > 110.0) learned += f.est_gyro_bias_radps / 10000.0;
  qInfo("learned gyro bias after 120 s: %.5f %.5f %.5f rad/s", learned.x(), learned.y(), learned.z());
  for (int i = 0; i < 3; ++i)
    QCOMPARE_LT(std::abs(learned[i] - s.gyro_bias_radps[i]), 0.1 * std::abs(s.gyro_bias_radps[i]));
  // And the estimate did not drift with it (0.02 rad/s would be 69° a minute).
  const FlightSample& last = v.back();
  const double drift_deg = std::abs(last.estimate_rpy_rad.x() - last.truth_rpy_rad.x()) * kRad2Deg;
  qInfo("roll estimate error after 120 s: %.3f deg", drift_deg);
  // The accelerometer's own bias walks (0.006 m/s³/√Hz in the model): 3σ after 120 s is
  // 0.2 m/s², 1.15° of apparent tilt; without the learned bias the estimate would be 137° off.
  QVERIFY(drift_deg < 1.5);
}

void ClosedLoopEstimatorTest::estimatorHoldsAttitudeUnderThrustTilt() {
  // An accelerometer measures specific force: flying at 20° of roll and holding altitude, the vehicle accelerates
  // sideways and its accelerometer feels thrust only (|f| = g/cos 20° = 1.064 g), "down" along the body's z. With GPS
  // velocity (the default, ATT_GPS_K 1) the tilt comes from it; without, the accelerometer gate must keep the estimate
  // from being dragged towards that phantom level.
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  Scenario s = takeoff(13.0);
  s.timeline.push_back(sticks(8.0, 1.0f, 0, 0, 0.5f));  // full right: MAX_ANGLE_DEG = 20°
  s.timeline.push_back(sticks(11.0, 0, 0, 0, 0.5f));
  const auto v = fly(m, s);
  const double worst = worstRollEstimateErrorDeg(v, 8.5, 11.0);
  qInfo("20 degree bank for 2.5 s: worst roll estimate error %.2f deg (true roll %.1f deg)", worst,
        sampleAt(v, 10.9).truth_rpy_rad.x() * kRad2Deg);
  QVERIFY(worst < 0.5);
  QVERIFY(sampleAt(v, 10.9).truth_rpy_rad.x() * kRad2Deg > 17.0);
  s.params.push_back({"ATT_GPS_K", 0.0});
  const auto gated = fly(m, s);
  const double worst_gated = worstRollEstimateErrorDeg(gated, 8.5, 11.0);
  qInfo("the same without GPS, the gate on: %.2f deg", worst_gated);
  QVERIFY(worst_gated < 1.5);
  // Without GPS or the gate the same flight drags the estimate several degrees: the corruption is real.
  s.params.push_back({"ATT_ACC_GATE", 0.0});
  const auto ungated = fly(m, s);
  const double worst_ungated = worstRollEstimateErrorDeg(ungated, 8.5, 11.0);
  qInfo("the same without GPS or the accelerometer gate: %.2f deg", worst_ungated);
  QVERIFY(worst_ungated > 3.0);
}

QTEST_APPLESS_MAIN(ClosedLoopEstimatorTest)
#include "closed_loop_estimator_test.moc"
