// The mounting rotations (firmware/drivers/sensor_rotation.h) against what each MAVLink
// MAV_SENSOR_ORIENTATION name says in closed form: YAW_90 turns the sensor's x axis onto the body's
// y axis, ROLL_180 flips y and z, PITCH_90 turns x onto -z, and every matrix is orthonormal with
// determinant +1.
#include "firmware/drivers/sensor_rotation.h"

#include <QtTest>

#include <array>
#include <cmath>

namespace {

std::array<float, 3> rotate(int orientation, std::array<float, 3> v_S) {
  sensor_rotation_t r;
  if (!sensor_rotation_from_orientation(orientation, &r)) return {NAN, NAN, NAN};
  std::array<float, 3> out{};
  sensor_rotation_apply(&r, v_S.data(), out.data());
  return out;
}

}  // namespace

class SensorRotationTest : public QObject {
  Q_OBJECT
 private slots:
  void namedMountingsTurnAxesAsTheirNamesSay() {
    using V = std::array<float, 3>;
    // Exact: the multiples of 90 degrees are built from exact 0 and +-1.
    QCOMPARE(rotate(0, V{1, 2, 3}), (V{1, 2, 3}));
    QCOMPARE(rotate(2, V{1, 0, 0}), (V{0, 1, 0}));     // YAW_90: x -> y
    QCOMPARE(rotate(4, V{1, 2, 3}), (V{-1, -2, 3}));   // YAW_180
    QCOMPARE(rotate(6, V{1, 0, 0}), (V{0, -1, 0}));    // YAW_270: x -> -y
    QCOMPARE(rotate(8, V{1, 2, 3}), (V{1, -2, -3}));   // ROLL_180
    QCOMPARE(rotate(12, V{1, 2, 3}), (V{-1, 2, -3}));  // PITCH_180
    QCOMPARE(rotate(16, V{0, 1, 0}), (V{0, 0, 1}));    // ROLL_90: y -> z
    QCOMPARE(rotate(20, V{0, 1, 0}), (V{0, 0, -1}));   // ROLL_270: y -> -z
    QCOMPARE(rotate(24, V{1, 0, 0}), (V{0, 0, -1}));   // PITCH_90: x -> -z
    QCOMPARE(rotate(25, V{1, 0, 0}), (V{0, 0, 1}));    // PITCH_270: x -> z
    QCOMPARE(rotate(10, V{1, 0, 0}), (V{0, 1, 0}));    // ROLL_180_YAW_90: roll first keeps x, then x -> y
    QCOMPARE(rotate(10, V{0, 1, 0}), (V{1, 0, 0}));    // y -> -y by the roll, -y -> +x by the yaw
    // YAW_45: x lands halfway between x and y, 1/sqrt(2) each (float's rounding of cos 45).
    const V v = rotate(1, V{1, 0, 0});
    QVERIFY(std::fabs(v[0] - 0.70710678f) < 1e-7f && std::fabs(v[1] - 0.70710678f) < 1e-7f && v[2] == 0.0f);
  }

  void everyMountingIsAProperRotation() {
    for (int o = 0; o < SENSOR_ROTATION_COUNT; ++o) {
      sensor_rotation_t r;
      QVERIFY(sensor_rotation_from_orientation(o, &r));
      const auto& m = r.m;
      for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
          const float dot = m[0][i] * m[0][j] + m[1][i] * m[1][j] + m[2][i] * m[2][j];
          QVERIFY2(std::fabs(dot - (i == j ? 1.0f : 0.0f)) < 1e-6f, qPrintable(QString::number(o)));
        }
      }
      const float det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                        m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                        m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
      QVERIFY(std::fabs(det - 1.0f) < 1e-6f);
    }
  }

  void anUnknownMountingIsRefusedAndLeavesTheIdentity() {
    sensor_rotation_t r;
    QVERIFY(!sensor_rotation_from_orientation(26, &r));
    QVERIFY(!sensor_rotation_from_orientation(-1, &r));
    QCOMPARE(r.m[0][0], 1.0f);
    QCOMPARE(r.m[1][1], 1.0f);
    QCOMPARE(r.m[0][1], 0.0f);
  }
};

QTEST_APPLESS_MAIN(SensorRotationTest)
#include "sensor_rotation_test.moc"
