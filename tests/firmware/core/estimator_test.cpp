// The firmware's estimator (firmware/core/estimator.c) on its own, against closed forms:
// alignment from one sample at rest (roll and pitch from gravity's direction; heading from the
// levelled field and the declination), gyro integration of a constant rate, the Mahony filter's
// integral term learning a constant gyro bias (a PI loop: the steady-state error is zero), the
// accelerometer gate's weight 1 − |f/g − 1|/gate, and the height filter's step response: with
// ḣ = climb + k1·e, climb' = k2·e, e = baro − h, the height follows H(s) = (k1·s + k2)/(s² + k1·s +
// k2) (k1 = 2.8, k2 = 4: ωn = 2 /s, ζ = 0.7), whose step response y(t) = 1 − e^(−ζωn·t)(cos ωd·t +
// ((ζωn − k1)/ωd)·sin ωd·t), ωd = ωn√(1 − ζ²), peaks at 1.2103 at t = 1.114 s (the zero at −k2/k1
// makes it overshoot far more than the 4.6 % of a pure second-order lag).
//
// The GPS velocity aid on synthetic flights whose truth is known exactly: a roll
// ramped to 10° in 0.1 s and held while the vehicle holds height, so it accelerates sideways at
// g·tan φ and its accelerometer reads thrust only, f = (0, 0, −g/cos φ). Trusting that reading
// (gate off) levels the estimate towards the thrust axis with the first-order law
// err(t) = φ·(1 − e^(−kp·t)) (the thrust-tilt corruption of a held tilt); with velocity fixes the estimate
// must stay on the truth whatever the receiver's latency.
#include "firmware/core/estimator.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace {

constexpr float kG = FC_GRAVITY_MPS2;
constexpr float kDeg = 3.14159265358979f / 180.0f;

struct Receiver {
  double rate_hz = 10.0, latency_s = 0.1;
  double stops_at_s = 1e9;  // no fixes after this
};

// The synthetic flight above, 1 kHz for `duration_s`: level at rest until `tilt_at_s`, then the
// ramp and the hold. `knock_deg` turns the estimate off in roll at `knock_at_s` (a tilt error to
// correct). Returns the estimate's roll error [deg] at the end.
double syntheticFlight(fc_attitude_t& est, const fc_attitude_gains_t& gains, double duration_s, double tilt_at_s,
                       double roll_deg, const Receiver& rx, double knock_at_s = -1.0, double knock_deg = 0.0) {
  const double dt = 0.001, ramp_s = 0.1;
  const int steps = int(std::lround(duration_s / dt));
  const int fix_every = int(std::lround(1.0 / (rx.rate_hz * dt))), latency = int(std::lround(rx.latency_s / dt));
  std::vector<double> v_east(std::size_t(steps) + 1, 0.0);  // the true velocity at each sample
  double roll = 0.0;
  for (int i = 0; i <= steps; ++i) {
    const double t = i * dt;
    const double next = std::clamp((t - tilt_at_s) / ramp_s, 0.0, 1.0) * roll_deg * double(kDeg);
    const double rate = (next - roll) / dt;
    roll = next;
    if (i > 0) v_east[std::size_t(i)] = v_east[std::size_t(i) - 1] + double(kG) * std::tan(roll) * dt;
    fc_gps_t gps{};
    if (i % fix_every == 0 && i >= latency && t < rx.stops_at_s) {
      gps.fresh = true;
      gps.time_us = std::uint64_t(i - latency) * 1000u;
      gps.vel_ned_mps = fc_v3(0, float(v_east[std::size_t(i - latency)]), 0);
    }
    const fc_vec3_t accel = fc_v3(0, 0, float(-double(kG) / std::cos(roll)));
    fc_attitude_update(&est, &gains, std::uint64_t(i) * 1000u, fc_v3(float(rate), 0, 0), accel, fc_v3(1, 0, 0), false,
                       gps.fresh ? &gps : nullptr, float(dt));
    if (knock_at_s >= 0.0 && i == int(std::lround(knock_at_s / dt)))
      est.q_WB = fc_quat_mul(est.q_WB, fc_quat_from_euler(float(knock_deg) * kDeg, 0, 0));
  }
  return double(fc_quat_to_euler(est.q_WB).x) / double(kDeg) - roll / double(kDeg);
}

}  // namespace

class EstimatorTest : public QObject {
  Q_OBJECT

 private slots:
  void alignsToGravityAndTrueNorth_data() {
    QTest::addColumn<float>("roll_deg");
    QTest::addColumn<float>("pitch_deg");
    QTest::addColumn<float>("yaw_deg");
    QTest::addColumn<float>("declination_deg");
    QTest::newRow("level, north") << 0.0f << 0.0f << 0.0f << 0.0f;
    QTest::newRow("rolled 10, pitched -5, yawed 30") << 10.0f << -5.0f << 30.0f << 0.0f;
    QTest::newRow("yawed 120, declination 4.09 (the default field)") << 0.0f << 0.0f << 120.0f << 4.09f;
    QTest::newRow("pitched 20, yawed -150, declination -12") << 0.0f << 20.0f << -150.0f << -12.0f;
  }
  void alignsToGravityAndTrueNorth() {
    QFETCH(float, roll_deg);
    QFETCH(float, pitch_deg);
    QFETCH(float, yaw_deg);
    QFETCH(float, declination_deg);
    const fc_quat_t q_WB = fc_quat_from_euler(roll_deg * kDeg, pitch_deg * kDeg, yaw_deg * kDeg);
    // Magnetic north lies `declination` east of true north; the field dips 60° down.
    const float d = declination_deg * kDeg;
    const fc_vec3_t field_W = fc_v3(0.5f * std::cos(d), 0.5f * std::sin(d), 0.866f);
    fc_attitude_t est{};
    fc_attitude_init(&est, fc_quat_rotate_inv(q_WB, fc_v3(0, 0, -kG)), fc_quat_rotate_inv(q_WB, field_W), true, d);
    const fc_vec3_t e = fc_quat_to_euler(est.q_WB);
    QVERIFY2(std::fabs(e.x - roll_deg * kDeg) < 1e-5f, qPrintable(QString::number(e.x / kDeg)));
    QVERIFY2(std::fabs(e.y - pitch_deg * kDeg) < 1e-5f, qPrintable(QString::number(e.y / kDeg)));
    QVERIFY2(std::fabs(fc_wrap_pi(e.z - yaw_deg * kDeg)) < 1e-5f, qPrintable(QString::number(e.z / kDeg)));
  }

  void integratesAConstantRate() {
    // Gains zero: pure integration. q ← q ⊗ (1, ω·dt/2), renormalised, turns by 2·atan(ω·dt/2)
    // per step: 1000 steps of 1 ms at 1 rad/s turn 0.99999992 rad.
    fc_attitude_t est{};
    fc_attitude_init(&est, fc_v3(0, 0, -kG), fc_v3(1, 0, 0), false, 0.0f);
    const fc_attitude_gains_t none{0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    for (int i = 0; i < 1000; ++i)
      fc_attitude_update(&est, &none, 1000u * std::uint64_t(i + 1), fc_v3(0, 0, 1.0f), fc_v3(0, 0, -kG), fc_v3(1, 0, 0),
                         false, nullptr, 0.001f);
    const fc_vec3_t e = fc_quat_to_euler(est.q_WB);
    QVERIFY2(std::fabs(e.z - 0.99999992f) < 1e-4f, qPrintable(QString::number(double(e.z), 'g', 9)));
    QVERIFY(std::fabs(e.x) < 1e-6f && std::fabs(e.y) < 1e-6f);
    QCOMPARE(est.rate_B.z, 1.0f);
  }

  void learnsAConstantGyroBias() {
    // 0.01 rad/s of bias on x at rest, level. kp = 1, ki = 0.1: the slowest pole of the PI loop
    // s² + kp·s + ki is at −0.113 /s, so after 60 s the error is e^(−6.8) ≈ 0.1 % of the bias.
    fc_attitude_t est{};
    fc_attitude_init(&est, fc_v3(0, 0, -kG), fc_v3(1, 0, 0), false, 0.0f);
    const fc_attitude_gains_t gains{1.0f, 0.1f, 0.5f, 0.0f, 0.0f, 0.0f};
    for (int i = 0; i < 60'000; ++i)
      fc_attitude_update(&est, &gains, 1000u * std::uint64_t(i + 1), fc_v3(0.01f, 0, 0), fc_v3(0, 0, -kG),
                         fc_v3(1, 0, 0), false, nullptr, 0.001f);
    QVERIFY2(std::fabs(est.gyro_bias_B.x - 0.01f) < 1e-4f,
             qPrintable(QString::number(double(est.gyro_bias_B.x), 'g', 6)));
    const fc_vec3_t e = fc_quat_to_euler(est.q_WB);
    QVERIFY2(std::fabs(e.x) < 0.05f * kDeg, qPrintable(QString::number(e.x / kDeg)));  // level again
  }

  void theGateWeighsTheAccelerometerByItsMagnitude_data() {
    QTest::addColumn<float>("g_multiple");
    QTest::addColumn<float>("weight");
    QTest::newRow("1 g") << 1.0f << 1.0f;
    QTest::newRow("1.1 g: 1 - 0.1/0.3") << 1.1f << 2.0f / 3.0f;
    QTest::newRow("0.85 g: 1 - 0.15/0.3") << 0.85f << 0.5f;
    QTest::newRow("1.5 g: beyond the gate") << 1.5f << 0.0f;
  }
  void theGateWeighsTheAccelerometerByItsMagnitude() {
    QFETCH(float, g_multiple);
    QFETCH(float, weight);
    fc_attitude_t est{};
    fc_attitude_init(&est, fc_v3(0, 0, -kG), fc_v3(1, 0, 0), false, 0.0f);
    const fc_attitude_gains_t gains{0.4f, 0.0f, 0.3f, 0.0f, 0.0f, 0.0f};
    // 0.5 s of the same reading: the 20 ms low-pass has settled on it.
    for (int i = 0; i < 500; ++i)
      fc_attitude_update(&est, &gains, 1000u * std::uint64_t(i + 1), fc_v3(0, 0, 0), fc_v3(0, 0, -kG * g_multiple),
                         fc_v3(1, 0, 0), false, nullptr, 0.001f);
    QVERIFY2(std::fabs(est.accel_weight - weight) < 1e-4f, qPrintable(QString::number(double(est.accel_weight))));
  }

  void aHeldTiltLeansTheEstimateWithoutGps() {
    // kp 0.4, gate off, no bias learning: 3 s after the ramp the closed form gives
    // 10°·(1 − e^(−0.4·(3 − 0.05))) = 6.93° (the ramp's midpoint as the start).
    fc_attitude_t est{};
    const fc_attitude_gains_t gains{0.4f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    const double error = syntheticFlight(est, gains, 5.0, 2.0, 10.0, Receiver{});
    qInfo("without GPS: the estimate leans %.3f deg towards the thrust axis", -error);
    QVERIFY2(std::fabs(-error - 6.93) < 0.2, qPrintable(QString::number(error)));
  }

  void gpsVelocityKeepsAHeldTiltTrue_data() {
    QTest::addColumn<double>("rate_hz");
    QTest::addColumn<double>("latency_s");
    QTest::newRow("10 Hz, 100 ms late (the simulator's receiver)") << 10.0 << 0.1;
    QTest::newRow("5 Hz, 200 ms late") << 5.0 << 0.2;
    QTest::newRow("10 Hz, no latency") << 10.0 << 0.0;
  }
  void gpsVelocityKeepsAHeldTiltTrue() {
    QFETCH(double, rate_hz);
    QFETCH(double, latency_s);
    // The same flight and gains, the aid on (k = 1 /s², the default ATT_GPS_K): a held step
    // must end within 0.3° after 2 s (closed_loop_estimator_test); on exact data the aid must not move it at all
    // beyond the 1 kHz integration (well under 0.05°).
    fc_attitude_t est{};
    const fc_attitude_gains_t gains{0.4f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f};
    const double error = syntheticFlight(est, gains, 5.0, 2.0, 10.0, Receiver{rate_hz, latency_s});
    qInfo("with GPS at %.0f Hz, %.0f ms late: roll error %.4f deg", rate_hz, latency_s * 1e3, error);
    QVERIFY2(std::fabs(error) < 0.05, qPrintable(QString::number(error)));
    QVERIFY(est.aid.active);
    QCOMPARE(est.aid.restarts, 0u);
  }

  void gpsVelocityCorrectsATiltError() {
    // At rest, level, the estimate knocked 3° off at 2 s, the accelerometer's correction off
    // (kp 0) so that only the aid can bring it back. The aid is a second-order loop of natural
    // frequency √k = 1 rad/s and damping 0.8: its error envelope falls as e^(−0.8·t), to
    // 3°·e^(−0.8·8)/√(1 − 0.8²) = 0.0083° after 8 s; the 150 ms the correction waits for a fix
    // leave it less damped, so the bound is 0.05°. With the aid off the error stays.
    const fc_attitude_gains_t aided{0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f}, gyro_only{0.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    fc_attitude_t est{};
    const double error = syntheticFlight(est, aided, 10.0, 1e9, 0.0, Receiver{}, 2.0, 3.0);
    qInfo("3 degree error corrected by GPS velocity alone: %.4f deg left after 8 s", error);
    QVERIFY2(std::fabs(error) < 0.05, qPrintable(QString::number(error)));
    fc_attitude_t alone{};
    const double kept = syntheticFlight(alone, gyro_only, 10.0, 1e9, 0.0, Receiver{}, 2.0, 3.0);
    QVERIFY2(std::fabs(kept - 3.0) < 1e-3, qPrintable(QString::number(kept)));
  }

  void withoutFixesTheAccelerometerTakesOver() {
    // Fixes stop at 3 s (the last at 2.9 s): 0.5 s after it (FC_GPS_AID_TIMEOUT_US) the tilt is
    // the accelerometer's again, and the held tilt leans the estimate as without GPS from then on.
    fc_attitude_t est{};
    const fc_attitude_gains_t gains{0.4f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f};
    Receiver rx;
    rx.stops_at_s = 3.0;
    const double error = syntheticFlight(est, gains, 5.0, 2.0, 10.0, rx);
    QVERIFY(!fc_attitude_gps_aided(&est, gains.k_gps, 5'000'000u));
    QVERIFY(!est.aid.active);
    // Leaning since 3.4 s: 10°·(1 − e^(−0.4·1.6)) = 4.73°.
    QVERIFY2(std::fabs(-error - 4.73) < 0.2, qPrintable(QString::number(error)));
  }

  void aWildFixRestartsTheObserverWithoutTurningTheEstimate() {
    // Level at rest for 3 s, then one fix 10 m/s off (beyond FC_GPS_AID_MAX_INNOVATION_MPS): the
    // observer restarts from it and counts it; the estimate does not turn.
    fc_attitude_t est{};
    const fc_attitude_gains_t gains{0.4f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f};
    (void)syntheticFlight(est, gains, 3.0, 1e9, 0.0, Receiver{});
    QVERIFY(est.aid.active);
    fc_gps_t wild{};
    wild.fresh = true;
    wild.time_us = 2'950'000u;
    wild.vel_ned_mps = fc_v3(10.0f, 0, 0);
    fc_attitude_update(&est, &gains, 3'001'000u, fc_v3(0, 0, 0), fc_v3(0, 0, -kG), fc_v3(1, 0, 0), false, &wild,
                       0.001f);
    QCOMPARE(est.aid.restarts, 1u);
    QCOMPARE(est.aid.rate_W_radps.x, 0.0f);
    QCOMPARE(est.aid.rate_W_radps.y, 0.0f);
    QVERIFY(std::fabs(fc_quat_to_euler(est.q_WB).x) < 1e-4f);
  }

  void aResetForgetsThePreviousRunsVelocities() {
    // A run of 3 s drifting east at 2 m/s, then a reset (time from 0 again, the estimate aligned
    // afresh) and a vehicle at rest: the first fixes of the new run must not be compared with
    // the old run's integral stored under the same times. The observer starts from the new fix,
    // nothing is restarted and the estimate stays level.
    fc_attitude_t est{};
    const fc_attitude_gains_t gains{0.4f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f};
    (void)syntheticFlight(est, gains, 3.0, 1e9, 0.0, Receiver{});
    for (int k = 0; k < FC_GPS_AID_SLOTS; ++k) est.aid.history_W_mps[k] = fc_v3(0, 2.0f, 0);  // an old run's drift
    est.initialised = false;  // what fc_step does on a reset
    const double error = syntheticFlight(est, gains, 3.0, 1e9, 0.0, Receiver{});
    QVERIFY(est.aid.active);
    QCOMPARE(est.aid.restarts, 0u);
    QVERIFY2(std::abs(error) < 1e-3, qPrintable(QString::number(error)));
    QVERIFY(fc_norm(est.aid.innovation_mps) < 1e-3f);
  }

  void theBaroOriginIsTheFirstSecondsMean() {
    // A still vehicle whose barometer reads 100 m ± 0.3 m alternately (noise): the origin is the
    // first second's mean, 100 m (the one sample 100.3 m would have been 0.3 m off), and the
    // height stays near 0 through the window and after it.
    fc_attitude_t att{};
    fc_attitude_init(&att, fc_v3(0, 0, -kG), fc_v3(1, 0, 0), false, 0.0f);
    fc_height_t h{};
    float worst = 0.0f;
    for (int i = 0; i < 3000; ++i) {
      fc_height_update(&h, &att, fc_v3(0, 0, -kG), i % 2 == 0 ? 100.3f : 99.7f, 0.001f);
      worst = std::max(worst, std::fabs(h.height_m));
    }
    // Within 1 % of the 0.3 m a one-sample origin would be off (the filter's own small motion
    // and float32 rounding of the 1000-sample mean at 100 m).
    QVERIFY2(std::fabs(h.baro_origin_m - 100.0f) < 3e-3f * 1.5f, qPrintable(QString::number(double(h.baro_origin_m))));
    // The filter's own response to ±0.3 m at 500 Hz: k1 = 2.8 1/s moves it by at most
    // 0.3 m × 2.8 × 1 ms per sample about its mean.
    QVERIFY2(worst < 0.01f, qPrintable(QString::number(double(worst))));
    // A climb after the window moves the height, not the origin.
    const float origin = h.baro_origin_m;
    for (int i = 0; i < 5000; ++i) fc_height_update(&h, &att, fc_v3(0, 0, -kG), 102.0f, 0.001f);
    QCOMPARE(h.baro_origin_m, origin);
    QVERIFY2(std::fabs(h.height_m - (102.0f - origin)) < 1e-2f, qPrintable(QString::number(double(h.height_m))));
  }

  void theHeightFilterFollowsABaroStep() {
    fc_attitude_t att{};
    fc_attitude_init(&att, fc_v3(0, 0, -kG), fc_v3(1, 0, 0), false, 0.0f);
    fc_height_t h{};
    // The origin's window (FC_BARO_ORIGIN_S) at 100 m, the vehicle still.
    for (int i = 0; i < 1100; ++i) fc_height_update(&h, &att, fc_v3(0, 0, -kG), 100.0f, 0.001f);
    QCOMPARE(h.baro_origin_m, 100.0f);
    QCOMPARE(h.height_m, 0.0f);
    float peak = 0.0f, peak_s = 0.0f;
    for (int i = 1; i <= 10'000; ++i) {  // the barometer now reads 1 m higher; the vehicle is still
      fc_height_update(&h, &att, fc_v3(0, 0, -kG), 101.0f, 0.001f);
      if (h.height_m > peak) {
        peak = h.height_m;
        peak_s = float(i) * 0.001f;
      }
    }
    QVERIFY2(std::fabs(h.height_m - 1.0f) < 1e-3f, qPrintable(QString::number(double(h.height_m))));
    QVERIFY2(std::fabs(h.climb_mps) < 1e-3f, qPrintable(QString::number(double(h.climb_mps))));
    // The discrete filter (1 ms steps) against the continuous closed form: within 0.5 % and 10 ms.
    QVERIFY2(std::fabs(peak - 1.2103f) < 0.005f, qPrintable(QString::number(double(peak))));
    QVERIFY2(std::fabs(peak_s - 1.114f) < 0.01f, qPrintable(QString::number(double(peak_s))));
  }

  void aBiasAcrossTheThrustAxisIsLearnedInFlight() {
    // Level and still, GPS fixes of zero velocity at 10 Hz, the accelerometer reading a bias of
    // (0.1, -0.05) m/s^2 across the thrust axis. GPS velocity cannot tell it from a tilt: not
    // learned, the aided estimate settles atan(0.1/g) = 0.584 deg in pitch (nose down reads the
    // +x force as gravity's) and 0.292 deg in roll off level. Learned (a flying multirotor's
    // specific force across its thrust axis is drag only, nil at rest in the air), after 20 s
    // the bias is within 1 % and the estimate within 0.01 deg of level.
    const fc_attitude_gains_t gains{0.4f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0f};
    for (bool learn : {false, true}) {
      fc_attitude_t est{};
      for (int i = 0; i <= 20000; ++i) {
        est.learn_accel_bias = learn;
        fc_gps_t gps{};
        gps.fresh = i % 100 == 0;
        gps.time_us = std::uint64_t(i) * 1000u;
        fc_attitude_update(&est, &gains, std::uint64_t(i) * 1000u, fc_v3(0, 0, 0), fc_v3(0.1f, -0.05f, -kG),
                           fc_v3(1, 0, 0), false, &gps, 0.001f);
      }
      const fc_vec3_t e = fc_quat_to_euler(est.q_WB);
      qInfo("learn %d: bias (%.4f, %.4f), roll %.4f deg, pitch %.4f deg", int(learn), est.accel_bias_B.x,
            est.accel_bias_B.y, e.x / kDeg, e.y / kDeg);
      if (learn) {
        QCOMPARE_LT(std::fabs(est.accel_bias_B.x - 0.1f), 0.001f);
        QCOMPARE_LT(std::fabs(est.accel_bias_B.y + 0.05f), 0.0005f);
        QCOMPARE_LT(std::hypot(e.x, e.y) / kDeg, 0.01);
      } else {
        QCOMPARE_LT(std::fabs(std::fabs(e.y / kDeg) - 0.584), 0.02);
        QCOMPARE_LT(std::fabs(std::fabs(e.x / kDeg) - 0.292), 0.02);
      }
    }
  }
};

QTEST_GUILESS_MAIN(EstimatorTest)
#include "estimator_test.moc"
