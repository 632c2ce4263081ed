// AxisCalibration: raw → stick and throttle with centre, range, deadband, expo and reversal.
// Expected values are the closed forms in axis_calibration.h, worked by hand in each row.
#include "app/joystick/axis_calibration.h"

#include <QtTest>

using navigator::joystick::AxisCalibration;
Q_DECLARE_METATYPE(navigator::joystick::AxisCalibration)

class AxisCalibrationTest : public QObject {
  Q_OBJECT

 private slots:
  void stick_data() {
    QTest::addColumn<int>("lo");
    QTest::addColumn<int>("centre");
    QTest::addColumn<int>("hi");
    QTest::addColumn<double>("deadband");
    QTest::addColumn<double>("expo");
    QTest::addColumn<bool>("reversed");
    QTest::addColumn<int>("raw");
    QTest::addColumn<double>("expected");
    // x = (raw - centre) / half-range on raw's side.
    QTest::newRow("centre") << -10000 << 0 << 10000 << 0.0 << 0.0 << false << 0 << 0.0;
    QTest::newRow("half right") << -10000 << 0 << 10000 << 0.0 << 0.0 << false << 5000 << 0.5;
    QTest::newRow("full left") << -10000 << 0 << 10000 << 0.0 << 0.0 << false << -10000 << -1.0;
    QTest::newRow("beyond max clamps") << -10000 << 0 << 10000 << 0.0 << 0.0 << false << 30000 << 1.0;
    QTest::newRow("beyond min clamps") << -10000 << 0 << 10000 << 0.0 << 0.0 << false << -30000 << -1.0;
    // Off-centre: the two sides have their own half-ranges, 30000 above and 31000 below.
    QTest::newRow("asymmetric up") << -30000 << 1000 << 31000 << 0.0 << 0.0 << false << 16000 << 15000.0 / 30000.0;
    QTest::newRow("asymmetric down") << -30000 << 1000 << 31000 << 0.0 << 0.0 << false << -14500 << -0.5;
    QTest::newRow("SDL full range max") << -32768 << 0 << 32767 << 0.0 << 0.0 << false << 32767 << 1.0;
    QTest::newRow("SDL full range min") << -32768 << 0 << 32767 << 0.0 << 0.0 << false << -32768 << -1.0;
    QTest::newRow("reversed") << -10000 << 0 << 10000 << 0.0 << 0.0 << true << 5000 << -0.5;
    // Deadband 0.1: |x| <= 0.1 → 0; x = 0.55 → (0.55 - 0.1) / 0.9 = 0.5; x = 1 → 1.
    QTest::newRow("inside deadband") << -10000 << 0 << 10000 << 0.1 << 0.0 << false << 800 << 0.0;
    QTest::newRow("deadband edge") << -10000 << 0 << 10000 << 0.1 << 0.0 << false << 1000 << 0.0;
    QTest::newRow("past deadband") << -10000 << 0 << 10000 << 0.1 << 0.0 << false << 5500 << 0.5;
    QTest::newRow("past deadband left") << -10000 << 0 << 10000 << 0.1 << 0.0 << false << -5500 << -0.5;
    QTest::newRow("deadband full") << -10000 << 0 << 10000 << 0.1 << 0.0 << false << 10000 << 1.0;
    // Expo 0.5 at x = 0.5: 0.5·0.5 + 0.5·0.125 = 0.3125; expo 1 at x = -0.5: -0.125.
    QTest::newRow("expo half") << -10000 << 0 << 10000 << 0.0 << 0.5 << false << 5000 << 0.3125;
    QTest::newRow("expo cubic") << -10000 << 0 << 10000 << 0.0 << 1.0 << false << -5000 << -0.125;
    QTest::newRow("expo keeps full") << -10000 << 0 << 10000 << 0.0 << 0.7 << false << 10000 << 1.0;
    // Deadband 0.2 then expo 1 at x = 0.6: (0.6 - 0.2)/0.8 = 0.5, cubed 0.125; reversed: -0.125.
    QTest::newRow("deadband expo reversed") << -10000 << 0 << 10000 << 0.2 << 1.0 << true << 6000 << -0.125;
  }

  void stick() {
    QFETCH(int, lo);
    QFETCH(int, centre);
    QFETCH(int, hi);
    QFETCH(double, deadband);
    QFETCH(double, expo);
    QFETCH(bool, reversed);
    QFETCH(int, raw);
    QFETCH(double, expected);
    const AxisCalibration c{lo, centre, hi, deadband, expo, reversed};
    QVERIFY2(validate(c).isEmpty(), qPrintable(validate(c)));
    QCOMPARE_LT(std::abs(stickFromRaw(c, raw) - expected), 1e-12);
  }

  void deadbandIsContinuous() {
    // Just past the edge the output is just above 0 (no jump): x = 0.1 + 1e-4 gives
    // 1e-4 / 0.9; and it rises monotonically from there.
    const AxisCalibration c{-10000, 0, 10000, 0.1, 0.3, false};
    const double just_past = navigator::joystick::shapeStick(0.1 + 1e-4, 0.1, 0.0);
    QCOMPARE_LT(std::abs(just_past - 1e-4 / 0.9), 1e-12);
    double previous = -2.0;
    for (int raw = -10000; raw <= 10000; raw += 10) {
      const double v = stickFromRaw(c, raw);
      QVERIFY2(v >= previous - 1e-15, qPrintable(QString("not monotonic at raw %1").arg(raw)));
      QVERIFY2(v - previous < 0.01 || previous == -2.0, qPrintable(QString("jump at raw %1").arg(raw)));
      previous = v;
    }
  }

  void shapeRejectsNaN() { QCOMPARE(navigator::joystick::shapeStick(std::nan(""), 0.1, 0.5), 0.0); }

  void throttle_data() {
    QTest::addColumn<int>("lo");
    QTest::addColumn<int>("hi");
    QTest::addColumn<bool>("reversed");
    QTest::addColumn<int>("raw");
    QTest::addColumn<double>("expected");
    // t = (raw - min) / (max - min), 1 - t when reversed; centre, deadband, expo unused.
    QTest::newRow("bottom") << -10000 << 10000 << false << -10000 << 0.0;
    QTest::newRow("middle") << -10000 << 10000 << false << 0 << 0.5;
    QTest::newRow("quarter") << -10000 << 10000 << false << -5000 << 0.25;
    QTest::newRow("top") << -10000 << 10000 << false << 10000 << 1.0;
    QTest::newRow("gamepad up is negative") << -32768 << 32767 << true << -32768 << 1.0;
    QTest::newRow("gamepad released") << -32768 << 32767 << true << 0 << 32767.0 / 65535.0;
    QTest::newRow("clamped") << 0 << 20000 << false << -5 << 0.0;
  }

  void throttle() {
    QFETCH(int, lo);
    QFETCH(int, hi);
    QFETCH(bool, reversed);
    QFETCH(int, raw);
    QFETCH(double, expected);
    const AxisCalibration c{lo, (lo + hi) / 2, hi, 0.3, 0.9, reversed};
    QCOMPARE_LT(std::abs(throttleFromRaw(c, raw) - expected), 1e-12);
  }

  void validation_data() {
    QTest::addColumn<AxisCalibration>("c");
    QTest::addColumn<QString>("names");
    QTest::newRow("min not below max") << AxisCalibration{100, 100, -5, 0, 0, false}
                                       << "min (100) is not below max (-5)";
    QTest::newRow("equal") << AxisCalibration{7, 7, 7, 0, 0, false} << "min (7) is not below max (7)";
    QTest::newRow("out of raw range") << AxisCalibration{-40000, 0, 100, 0, 0, false} << "outside the raw range";
    QTest::newRow("centre outside") << AxisCalibration{-10, 50, 10, 0, 0, false} << "centre (50) is outside";
    QTest::newRow("deadband NaN") << AxisCalibration{-10, 0, 10, std::nan(""), 0, false} << "deadband (nan)";
    QTest::newRow("deadband big") << AxisCalibration{-10, 0, 10, 0.9, 0, false} << "deadband (0.9) is outside 0..0.5";
    QTest::newRow("expo negative") << AxisCalibration{-10, 0, 10, 0, -0.1, false} << "expo (-0.1) is outside 0..1";
    QTest::newRow("expo inf") << AxisCalibration{-10, 0, 10, 0, HUGE_VAL, false} << "expo (inf)";
  }

  void validation() {
    QFETCH(AxisCalibration, c);
    QFETCH(QString, names);
    const QString why = validate(c);
    QVERIFY2(why.contains(names), qPrintable(why));
  }

  void centreAtAnEndIsFine() {
    // An RC throttle that rests at its bottom: centre == min. No division by zero below.
    const AxisCalibration c{-10000, -10000, 10000, 0.0, 0.0, false};
    QVERIFY(validate(c).isEmpty());
    QCOMPARE(stickFromRaw(c, -20000), 0.0);
    QCOMPARE(stickFromRaw(c, 0), 0.5);
  }
};

QTEST_GUILESS_MAIN(AxisCalibrationTest)
#include "axis_calibration_test.moc"
