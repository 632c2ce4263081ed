// The station's sensor calibration and motor test against a vehicle speaking PX4's protocol,
// played here frame by frame: the "[cal] " texts are PX4's own (its commander's
// calibration_messages.h formats, and the order its accelerometer calibration sends them in),
// MAV_CMD_PREFLIGHT_CALIBRATION's and MAV_CMD_DO_MOTOR_TEST's parameters are common.xml's.
// Every refusal is checked to send nothing.
#include "app/vehicle/vehicle.h"
#include "tests/app/vehicle/ardupilot_calibration_tests.h"
#include "tests/app/vehicle/far_vehicle.h"

#include <QSignalSpy>
#include <QtTest>

#include <cstring>

using namespace navigator;
using navigator::test::FarVehicle;
using navigator::test::kAutopilotArduPilot;

namespace {

std::array<float, 7> paramsOf(const mavlink_command_long_t& c) {
  return {c.param1, c.param2, c.param3, c.param4, c.param5, c.param6, c.param7};
}

bool side(const std::array<bool, kCalSides.size()>& sides, CalSide s) { return sides[std::size_t(s)]; }

}  // namespace

class SensorCalibrationTest : public QObject {
  Q_OBJECT

 private slots:
  void ardupilotPositionsAndStatuses() { navigator::test::ardupilotPositionsAndStatuses(); }
  void ardupilotAccelerometerSixSides() { navigator::test::ardupilotAccelerometerSixSides(); }
  void ardupilotAccelerometerFailureAndCancel() { navigator::test::ardupilotAccelerometerFailureAndCancel(); }
  void ardupilotCompass() { navigator::test::ardupilotCompass(); }
  void ardupilotCompassFailureAndCancel() { navigator::test::ardupilotCompassFailureAndCancel(); }
  void ardupilotGyroAndLevel() { navigator::test::ardupilotGyroAndLevel(); }

  // Each form of PX4's calibration_messages.h (CAL_QGC_*), as QGroundControl reads it.
  void readsPx4sGrammar() {
    auto m = parseCalMessage(QStringLiteral("[cal] calibration started: 2 accel"));
    QVERIFY(m);
    QCOMPARE(m->kind, CalMessage::Kind::Started);
    QCOMPARE(m->version, 2);
    QCOMPARE(m->sensor, QStringLiteral("accel"));
    m = parseCalMessage(QStringLiteral("[cal] pending: back front left right up down"));
    QCOMPARE(m->kind, CalMessage::Kind::Pending);
    for (CalSide s : kCalSides) QVERIFY(side(m->sides, s));
    m = parseCalMessage(QStringLiteral("[cal] pending: back up"));
    QVERIFY(side(m->sides, CalSide::Back) && side(m->sides, CalSide::Up));
    QVERIFY(!side(m->sides, CalSide::Down) && !side(m->sides, CalSide::Front));
    m = parseCalMessage(QStringLiteral("[cal] front orientation detected"));
    QCOMPARE(m->kind, CalMessage::Kind::OrientationDetected);
    QCOMPARE(m->side, CalSide::Front);
    m = parseCalMessage(QStringLiteral("[cal] left side done, rotate to a different side"));
    QCOMPARE(m->kind, CalMessage::Kind::SideDone);
    QCOMPARE(m->side, CalSide::Left);
    m = parseCalMessage(QStringLiteral("[cal] down side already completed"));
    QCOMPARE(m->kind, CalMessage::Kind::SideAlreadyDone);
    QCOMPARE(m->side, CalSide::Down);
    m = parseCalMessage(QStringLiteral("[cal] progress <45>"));
    QCOMPARE(m->kind, CalMessage::Kind::Progress);
    QCOMPARE(m->percent, 45);
    m = parseCalMessage(QStringLiteral("[cal] calibration done: mag"));
    QCOMPARE(m->kind, CalMessage::Kind::Done);
    QCOMPARE(m->sensor, QStringLiteral("mag"));
    m = parseCalMessage(QStringLiteral("[cal] calibration failed: motion, retry"));
    QCOMPARE(m->kind, CalMessage::Kind::Failed);
    QCOMPARE(m->text, QStringLiteral("motion, retry"));
    QCOMPARE(parseCalMessage(QStringLiteral("[cal] calibration cancelled"))->kind, CalMessage::Kind::Cancelled);
    // Instructions are Info; a side or a percent the grammar does not have is never acted on.
    QCOMPARE(parseCalMessage(QStringLiteral("[cal] hold vehicle still on a pending side"))->kind,
             CalMessage::Kind::Info);
    QCOMPARE(parseCalMessage(QStringLiteral("[cal] sideways orientation detected"))->kind, CalMessage::Kind::Info);
    QCOMPARE(parseCalMessage(QStringLiteral("[cal] pending: back sideways"))->kind, CalMessage::Kind::Info);
    QCOMPARE(parseCalMessage(QStringLiteral("[cal] progress <140>"))->kind, CalMessage::Kind::Info);
    QVERIFY(!parseCalMessage(QStringLiteral("Arming denied: calibrate the accelerometer")));
  }

  // The accelerometer's six sides as PX4 runs them: the command's param5 = 1, then the pending
  // sides, each side detected, measured and done; the state is what the vehicle said.
  void accelerometerFollowsTheVehicle() {
    FarVehicle far;
    far.heartbeat(false);
    SensorCalibration* cal = far.vehicle->calibration();
    QSignalSpy finished(cal, &SensorCalibration::finished);
    QString why;
    QVERIFY2(cal->start(CalSensor::Accel, &why), qPrintable(why));
    QTRY_COMPARE(far.commands.size(), std::size_t(1));
    QCOMPARE(far.commands[0].command, SensorCalibration::kPreflightCalibration);
    QCOMPARE(paramsOf(far.commands[0]), (std::array<float, 7>{0, 0, 0, 0, 1, 0, 0}));
    QTRY_COMPARE(cal->state().phase, CalibrationState::Phase::Running);
    far.text("[cal] calibration started: 2 accel");
    far.text("[cal] pending: back front left right up down");
    far.text("[cal] down orientation detected");
    QTRY_VERIFY(cal->state().measuring == CalSide::Down);
    far.text("[cal] progress <17>");
    far.text("[cal] down side done, rotate to a different side");
    far.text("[cal] pending: back front left right up");
    QTRY_VERIFY(side(cal->state().done, CalSide::Down));
    QVERIFY(!cal->state().measuring);
    QCOMPARE(cal->state().progress_pct, 17);
    QVERIFY(!side(cal->state().pending, CalSide::Down));
    QVERIFY(side(cal->state().pending, CalSide::Up));
    // The same side held again: PX4 says so, nothing is marked.
    far.text("[cal] down side already completed");
    for (const char* s : {"up", "left", "right", "front", "back"}) {
      far.text(qPrintable(QStringLiteral("[cal] %1 orientation detected").arg(QLatin1String(s))));
      far.text(qPrintable(QStringLiteral("[cal] %1 side done, rotate to a different side").arg(QLatin1String(s))));
    }
    far.text("[cal] calibration done: accel");
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QCOMPARE(cal->state().phase, CalibrationState::Phase::Done);
    for (CalSide s : kCalSides) QVERIFY(side(cal->state().done, s));
    QCOMPARE(cal->state().log.size(), 18);  // every [cal] text the vehicle sent (18 above), none dropped
  }

  void eachSensorsCommand() {
    // common.xml MAV_CMD_PREFLIGHT_CALIBRATION: param1 gyro, param2 mag, param5 1 accel / 2 level.
    QCOMPARE(SensorCalibration::commandParams(CalSensor::Gyro), (std::array<float, 7>{1, 0, 0, 0, 0, 0, 0}));
    QCOMPARE(SensorCalibration::commandParams(CalSensor::Mag), (std::array<float, 7>{0, 1, 0, 0, 0, 0, 0}));
    QCOMPARE(SensorCalibration::commandParams(CalSensor::Level), (std::array<float, 7>{0, 0, 0, 0, 2, 0, 0}));
  }

  void refusedHereSendNothing() {
    FarVehicle far;
    SensorCalibration* cal = far.vehicle->calibration();
    QString why;
    QVERIFY(!cal->start(CalSensor::Gyro, &why));  // nothing heard yet
    QVERIFY(why.contains(QStringLiteral("no vehicle")));
    far.heartbeat(true);
    QTRY_VERIFY(far.link.vehicle().armed);
    QVERIFY(!cal->start(CalSensor::Gyro, &why));
    QVERIFY(why.contains(QStringLiteral("armed")));
    QCoreApplication::processEvents();
    QCOMPARE(far.commands.size(), std::size_t(0));
    QCOMPARE(cal->state().phase, CalibrationState::Phase::Idle);
  }

  // PX4 refuses with an ACK and says why; or starts and fails with its reason; or is cancelled
  // half way (the command with every parameter 0) and says so.
  void theVehiclesRefusalFailureAndCancel() {
    FarVehicle far;
    far.heartbeat(false);
    SensorCalibration* cal = far.vehicle->calibration();
    QSignalSpy finished(cal, &SensorCalibration::finished);
    far.ack = MAV_RESULT_TEMPORARILY_REJECTED;
    QVERIFY(cal->start(CalSensor::Gyro, nullptr));
    QTRY_COMPARE(far.commands.size(), std::size_t(1));
    far.text("Command denied during calibration", 4);
    QTRY_COMPARE(finished.count(), 1);
    QCOMPARE(cal->state().phase, CalibrationState::Phase::Failed);
    QVERIFY2(cal->state().reason.contains(QStringLiteral("Command denied during calibration")),
             qPrintable(cal->state().reason));

    far.ack = MAV_RESULT_ACCEPTED;
    QVERIFY(cal->start(CalSensor::Gyro, nullptr));
    QTRY_COMPARE(cal->state().phase, CalibrationState::Phase::Running);
    QString why;
    QVERIFY(!cal->start(CalSensor::Mag, &why));  // one at a time
    QVERIFY(why.contains(QStringLiteral("running")));
    far.text("[cal] calibration started: 2 gyro");
    far.text("[cal] calibration failed: motion, retry");
    QTRY_COMPARE(finished.count(), 2);
    QCOMPARE(cal->state().reason, QStringLiteral("motion, retry"));
    QVERIFY(finished.at(1).at(1).toString().contains(QStringLiteral("motion, retry")));

    QVERIFY(cal->start(CalSensor::Accel, nullptr));
    QTRY_COMPARE(cal->state().phase, CalibrationState::Phase::Running);
    far.text("[cal] calibration started: 2 accel");
    far.text("[cal] down orientation detected");
    far.text("[cal] down side done, rotate to a different side");
    const std::size_t sent = far.commands.size();
    cal->cancel();
    QTRY_COMPARE(far.commands.size(), sent + 1);
    QCOMPARE(paramsOf(far.commands.back()), (std::array<float, 7>{}));
    QCOMPARE(cal->state().phase, CalibrationState::Phase::Running);  // until the vehicle says so
    far.text("[cal] calibration cancelled");
    QTRY_COMPARE(finished.count(), 3);
    QCOMPARE(cal->state().phase, CalibrationState::Phase::Cancelled);
    QVERIFY(finished.at(2).at(1).toString().contains(QStringLiteral("previous values stay")));
  }

  // MAV_CMD_DO_MOTOR_TEST as common.xml lays it out; every refusal before anything is sent.
  void motorTest() {
    FarVehicle far;
    MotorTest* test = far.vehicle->motorTest();
    QSignalSpy finished(test, &MotorTest::finished);
    MotorTestRequest r;
    r.motor = 3;
    r.throttle_pct = 12.5;
    r.duration_s = 1.5;
    QString why;
    QVERIFY(!test->run(r, 4, &why));
    QVERIFY(why.contains(QStringLiteral("no vehicle")));
    far.heartbeat(true);
    QTRY_VERIFY(far.link.vehicle().armed);
    r.props_off_confirmed = true;
    QVERIFY(!test->run(r, 4, &why));
    QVERIFY(why.contains(QStringLiteral("armed")));
    far.heartbeat(false);
    QTRY_VERIFY(!far.link.vehicle().armed);
    r.props_off_confirmed = false;
    QVERIFY(!test->run(r, 4, &why));
    QVERIFY(why.contains(QStringLiteral("propellers")));
    r.props_off_confirmed = true;
    for (auto [motor, throttle, seconds] :
         {std::tuple{5, 10.0, 1.0}, std::tuple{0, 10.0, 1.0}, std::tuple{1, 101.0, 1.0}, std::tuple{1, -1.0, 1.0},
          std::tuple{1, 10.0, 0.05}, std::tuple{1, 10.0, 11.0}, std::tuple{1, std::nan(""), 1.0}}) {
      MotorTestRequest bad = r;
      bad.motor = motor;
      bad.throttle_pct = throttle;
      bad.duration_s = seconds;
      QVERIFY2(!test->run(bad, 4, &why), qPrintable(QStringLiteral("%1 %2 %3").arg(motor).arg(throttle).arg(seconds)));
    }
    QCoreApplication::processEvents();
    QCOMPARE(far.commands.size(), std::size_t(0));
    // PX4 (this heartbeat's autopilot) takes MAV_CMD_ACTUATOR_TEST, one test for 3 s at most.
    MotorTestRequest too_long = r;
    too_long.duration_s = 3.5;
    QVERIFY(!test->run(too_long, 4, &why));
    QVERIFY2(why.contains(QStringLiteral("3 s at most")), qPrintable(why));
    QVERIFY(test->run(r, 4, &why));
    QTRY_COMPARE(far.commands.size(), std::size_t(1));
    QCOMPARE(far.commands[0].command, MotorTest::kActuatorTest);
    // value 0.125, 1.5 s, ACTUATOR_OUTPUT_FUNCTION_MOTOR3 (3)
    QCOMPARE(paramsOf(far.commands[0]), (std::array<float, 7>{0.125f, 1.5f, 0, 0, 3, 0, 0}));
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(0).toBool());
    // ArduPilot (and Navigator's firmware) take MAV_CMD_DO_MOTOR_TEST.
    far.heartbeat(false, kAutopilotArduPilot);
    QTRY_VERIFY(far.link.autopilot() == Autopilot::ArduPilot);
    QVERIFY(test->run(r, 4, &why));
    QTRY_COMPARE(far.commands.size(), std::size_t(2));
    QCOMPARE(far.commands[1].command, MotorTest::kDoMotorTest);
    // motor 3, MOTOR_TEST_THROTTLE_PERCENT, 12.5 %, 1.5 s, one motor, MOTOR_TEST_ORDER_BOARD
    QCOMPARE(paramsOf(far.commands[1]), (std::array<float, 7>{3, 0, 12.5f, 1.5f, 1, 2, 0}));
    QTRY_COMPARE(finished.count(), 2);
    QVERIFY(finished.at(1).at(0).toBool());
    far.ack = MAV_RESULT_DENIED;
    QVERIFY(test->run(r, 4, &why));
    QTRY_COMPARE(far.commands.size(), std::size_t(3));  // refused: its reason follows the ACK
    far.text("Motor test denied: vehicle not ready", 4);
    QTRY_COMPARE(finished.count(), 3);
    QVERIFY(!finished.at(2).at(0).toBool());
    QVERIFY2(finished.at(2).at(1).toString().contains(QStringLiteral("vehicle not ready")),
             qPrintable(finished.at(2).at(1).toString()));
  }
};

QTEST_GUILESS_MAIN(SensorCalibrationTest)
#include "sensor_calibration_test.moc"
