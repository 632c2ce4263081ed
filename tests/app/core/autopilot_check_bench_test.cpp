// What navigator-autopilot-check's bench (autopilot_check_bench.h) reads from its command line,
// and which simulated rotor it expects a motor test to turn:
//   - ArduCopter reads a motor test's number as its test order, clockwise from the front right
//     seen from above (ArduCopter's AP_MotorsMatrix::output_test_seq; Mission Planner's A, B, C,
//     D): on the s500 (rotors listed front-right, rear-left, front-left, rear-right) 1, 2, 3, 4
//     are rotors 1, 4, 2, 3;
//   - PX4's none_iris and Navigator's firmware read it as the output: outputs 1-4 are
//     front-right, rear-left, front-left, rear-right (PX4 Airframe Reference, "Quadrotor x"),
//     the s500's rotors 1-4 in its own order.
#include "app/core/tools/autopilot_check_bench.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

using namespace navigator;

class AutopilotCheckBenchTest : public QObject {
  Q_OBJECT

 private slots:
  void sensorsAreReadInTheOrderGiven() {
    std::string why;
    const auto sensors = parseCalSensors("accel,mag,gyro,level", &why);
    QVERIFY(sensors.has_value());
    QCOMPARE(*sensors, (std::vector<CalSensor>{CalSensor::Accel, CalSensor::Mag, CalSensor::Gyro, CalSensor::Level}));
    QVERIFY(!parseCalSensors("accel,baro", &why));
    QVERIFY2(why.find("'baro'") != std::string::npos, why.c_str());
    QVERIFY(!parseCalSensors("", &why));
  }

  void aMotorTestIsMotorThrottleAndTime() {
    std::string why;
    const auto test = parseMotorTest("3:12.5:2", &why);
    QVERIFY(test.has_value());
    QCOMPARE(test->motor, 3);
    QCOMPARE(test->throttle_pct, 12.5);
    QCOMPARE(test->duration_s, 2.0);
    QVERIFY(test->props_off_confirmed);
    for (const char* bad : {"3:10", "0:10:2", "2.5:10:2", "a:10:2", "3:10:2:1", ""}) {
      QVERIFY2(!parseMotorTest(bad, &why), bad);
      QVERIFY(why.find("MOTOR:THROTTLE_PCT:SECONDS") != std::string::npos);
    }
  }

  void theRotorEachAutopilotSpins() {
    const vsim::VehicleModel s500 = loadShippedAirframe("s500.yaml");
    // ArduCopter's test order: front right, rear right, rear left, front left.
    QCOMPARE(rotorTested(s500, Autopilot::ArduPilot, 1), 0);
    QCOMPARE(rotorTested(s500, Autopilot::ArduPilot, 2), 3);
    QCOMPARE(rotorTested(s500, Autopilot::ArduPilot, 3), 1);
    QCOMPARE(rotorTested(s500, Autopilot::ArduPilot, 4), 2);
    for (int motor = 1; motor <= 4; ++motor) {
      QCOMPARE(rotorTested(s500, Autopilot::Px4, motor), motor - 1);
      QCOMPARE(rotorTested(s500, Autopilot::Vayu, motor), motor - 1);
    }
    QCOMPARE(rotorTested(s500, Autopilot::ArduPilot, 5), -1);
    QCOMPARE(rotorTested(s500, Autopilot::Px4, 0), -1);
  }
};

QTEST_GUILESS_MAIN(AutopilotCheckBenchTest)
#include "autopilot_check_bench_test.moc"
