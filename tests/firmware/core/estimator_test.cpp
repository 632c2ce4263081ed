// The firmware's estimator (firmware/core/estimator.c) on its own, against closed forms:
// alignment from one sample at rest (roll and pitch from gravity's direction; heading from the
// levelled field and the declination), gyro integration of a constant rate, the Mahony filter's
// integral term learning a constant gyro bias (a PI loop: the steady-state error is zero), the
// accelerometer gate's weight 1 − |f/g − 1|/gate, and the height filter's step response: with
// ḣ = climb + k1·e, climb' = k2·e, e = baro − h, the height follows H(s) = (k1·s + k2)/(s² + k1·s +
// k2) (k1 = 2.8, k2 = 4: ωn = 2 /s, ζ = 0.7), whose step response y(t) = 1 − e^(−ζωn·t)(cos ωd·t +
// ((ζωn − k1)/ωd)·sin ωd·t), ωd = ωn√(1 − ζ²), peaks at 1.2103 at t = 1.114 s (the zero at −k2/k1
// makes it overshoot far more than the 4.6 % of a pure second-order lag).
#include "firmware/core/estimator.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

namespace {

constexpr float kG = FC_GRAVITY_MPS2;
constexpr float kDeg = 3.14159265358979f / 180.0f;

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
    const fc_attitude_gains_t none{0.0f, 0.0f, 0.0f, 0.0f, 0.0f};
    for (int i = 0; i < 1000; ++i) fc_attitude_update(&est, &none, fc_v3(0, 0, 1.0f), fc_v3(0, 0, -kG), fc_v3(1, 0, 0), false, 0.001f);
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
    const fc_attitude_gains_t gains{1.0f, 0.1f, 0.5f, 0.0f, 0.0f};
    for (int i = 0; i < 60'000; ++i)
      fc_attitude_update(&est, &gains, fc_v3(0.01f, 0, 0), fc_v3(0, 0, -kG), fc_v3(1, 0, 0), false, 0.001f);
    QVERIFY2(std::fabs(est.gyro_bias_B.x - 0.01f) < 1e-4f, qPrintable(QString::number(double(est.gyro_bias_B.x), 'g', 6)));
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
    const fc_attitude_gains_t gains{0.4f, 0.0f, 0.3f, 0.0f, 0.0f};
    // 0.5 s of the same reading: the 20 ms low-pass has settled on it.
    for (int i = 0; i < 500; ++i)
      fc_attitude_update(&est, &gains, fc_v3(0, 0, 0), fc_v3(0, 0, -kG * g_multiple), fc_v3(1, 0, 0), false, 0.001f);
    QVERIFY2(std::fabs(est.accel_weight - weight) < 1e-4f, qPrintable(QString::number(double(est.accel_weight))));
  }

  void theHeightFilterFollowsABaroStep() {
    fc_attitude_t att{};
    fc_attitude_init(&att, fc_v3(0, 0, -kG), fc_v3(1, 0, 0), false, 0.0f);
    fc_height_t h{};
    fc_height_update(&h, &att, fc_v3(0, 0, -kG), 100.0f, 0.001f);  // origin at 100 m
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
};

QTEST_GUILESS_MAIN(EstimatorTest)
#include "estimator_test.moc"
