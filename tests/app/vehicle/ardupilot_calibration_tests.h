// The station's sensor calibration against a vehicle speaking ArduPilot's protocol, played frame
// by frame (ardupilot_calibration.h). Numbers from MAVLink's message definitions:
// ardupilotmega.xml MAV_CMD_ACCELCAL_VEHICLE_POS = 42429 and ACCELCAL_VEHICLE_POS 1 level, 2 left,
// 3 right, 4 nose down, 5 nose up, 6 back, 16777215 SUCCESS, 16777216 FAILED; common.xml
// MAV_CMD_DO_START_MAG_CAL = 42424, _ACCEPT_ = 42425, _CANCEL_ = 42426, MAG_CAL_STATUS 4 SUCCESS,
// 5 FAILED, 6 BAD_ORIENTATION, 7 BAD_RADIUS, MAV_RESULT_FAILED = 4. The texts are those ArduPilot
// sends to the user during its accelerometer calibration ("Place vehicle level and press any key.").
#pragma once

#include "app/vehicle/vehicle.h"
#include "tests/app/vehicle/far_vehicle.h"

#include <QSignalSpy>
#include <QtTest>

namespace navigator::test {

inline std::array<float, 7> paramsOfCommand(const mavlink_command_long_t& c) {
  return {c.param1, c.param2, c.param3, c.param4, c.param5, c.param6, c.param7};
}

inline void ardupilotPositionsAndStatuses() {
  using namespace ardupilot_cal;
  const std::array<std::pair<int, CalSide>, 6> positions{{{1, CalSide::Down},
                                                          {2, CalSide::Left},
                                                          {3, CalSide::Right},
                                                          {4, CalSide::Front},
                                                          {5, CalSide::Back},
                                                          {6, CalSide::Up}}};
  for (auto [pos, side] : positions) {
    QCOMPARE(sideOfPosition(pos), std::optional<CalSide>(side));
    QCOMPARE(positionOf(side), pos);
  }
  for (int notASide : {0, 7, kPosSuccess, kPosFailed, -1}) QVERIFY(!sideOfPosition(notASide));
  QVERIFY(magCalStatusText(7).contains(QStringLiteral("bad radius")));
  QVERIFY(magCalStatusText(6).contains(QStringLiteral("bad orientation")));
  QVERIFY(magCalStatusText(5).contains(QStringLiteral("failed")));
  QVERIFY(magCalStatusText(42).contains(QStringLiteral("42")));
}

// An ArduPilot vehicle heard, disarmed; its calibration manager.
inline SensorCalibration* ardupilotVehicle(FarVehicle& far) {
  far.heartbeat(false, kAutopilotArduPilot);
  if (!QTest::qWaitFor([&] { return far.link.autopilot() == Autopilot::ArduPilot; })) return nullptr;
  return far.vehicle->calibration();
}

inline void ardupilotAccelerometerSixSides() {
  FarVehicle far;
  SensorCalibration* cal = ardupilotVehicle(far);
  QVERIFY(cal);
  QSignalSpy finished(cal, &SensorCalibration::finished);
  QString why;
  QVERIFY2(cal->start(CalSensor::Accel, &why), qPrintable(why));
  QTRY_COMPARE(far.commands.size(), std::size_t(1));
  QCOMPARE(far.commands[0].command, SensorCalibration::kPreflightCalibration);
  QCOMPARE(paramsOfCommand(far.commands[0]), (std::array<float, 7>{0, 0, 0, 0, 1, 0, 0}));
  QTRY_COMPARE(cal->state().phase, CalibrationState::Phase::Running);
  QVERIFY(!cal->confirmPlaced());  // nothing asked yet: nothing sent
  const std::array<std::tuple<int, CalSide, const char*>, 6> asks{
      {{1, CalSide::Down, "Place vehicle level and press any key."},
       {2, CalSide::Left, "Place vehicle on its LEFT side and press any key."},
       {3, CalSide::Right, "Place vehicle on its RIGHT side and press any key."},
       {4, CalSide::Front, "Place vehicle nose DOWN and press any key."},
       {5, CalSide::Back, "Place vehicle nose UP and press any key."},
       {6, CalSide::Up, "Place vehicle on its BACK and press any key."}}};
  int doneSides = 0;
  for (auto [pos, side, text] : asks) {
    far.text(text);
    far.askPosition(pos);
    QTRY_VERIFY(cal->state().asked == side);
    QVERIFY(!cal->state().measuring);
    QCOMPARE(cal->state().progress_pct, doneSides * 100 / 6);  // sides done over six
    const std::size_t sent = far.commands.size();
    QVERIFY(cal->confirmPlaced());
    QCOMPARE(cal->state().measuring, std::optional<CalSide>(side));
    QTRY_COMPARE(far.commands.size(), sent + 1);
    QCOMPARE(far.commands.back().command, std::uint16_t(ardupilot_cal::kAccelcalVehiclePos));
    QCOMPARE(far.commands.back().param1, float(pos));  // the station names the side it was asked
    ++doneSides;
  }
  far.text("Calibration successful");
  far.askPosition(ardupilot_cal::kPosSuccess);
  QTRY_COMPARE(finished.count(), 1);
  QVERIFY(finished.at(0).at(0).toBool());
  QCOMPARE(cal->state().phase, CalibrationState::Phase::Done);
  QCOMPARE(cal->state().progress_pct, 100);
  for (CalSide s : kCalSides) QVERIFY(cal->state().done[std::size_t(s)]);
  QCOMPARE(cal->state().log.size(), 7);  // the six instructions and the result, in order
  QCOMPARE(cal->state().log.back(), QStringLiteral("Calibration successful"));
}

inline void ardupilotAccelerometerFailureAndCancel() {
  FarVehicle far;
  SensorCalibration* cal = ardupilotVehicle(far);
  QVERIFY(cal);
  QSignalSpy finished(cal, &SensorCalibration::finished);
  QVERIFY(cal->start(CalSensor::Accel, nullptr));
  QTRY_COMPARE(cal->state().phase, CalibrationState::Phase::Running);
  far.askPosition(1);
  QTRY_VERIFY(cal->state().asked == CalSide::Down);
  QVERIFY(cal->confirmPlaced());
  far.text("Calibration FAILED");
  far.askPosition(ardupilot_cal::kPosFailed);
  QTRY_COMPARE(finished.count(), 1);
  QCOMPARE(cal->state().phase, CalibrationState::Phase::Failed);
  QCOMPARE(cal->state().reason, QStringLiteral("Calibration FAILED"));

  QVERIFY(cal->start(CalSensor::Accel, nullptr));
  QTRY_COMPARE(cal->state().phase, CalibrationState::Phase::Running);
  far.askPosition(2);
  QTRY_VERIFY(cal->state().asked == CalSide::Left);
  const std::size_t sent = far.commands.size();
  cal->cancel();
  QTRY_COMPARE(far.commands.size(), sent + 1);  // the station's FAILED stops it
  QCOMPARE(far.commands.back().command, std::uint16_t(ardupilot_cal::kAccelcalVehiclePos));
  QCOMPARE(far.commands.back().param1, 16777216.0f);
  QTRY_COMPARE(finished.count(), 2);  // the vehicle accepted it
  QCOMPARE(cal->state().phase, CalibrationState::Phase::Cancelled);
  QVERIFY(!cal->state().asked);
}

inline void ardupilotCompass() {
  FarVehicle far;
  SensorCalibration* cal = ardupilotVehicle(far);
  QVERIFY(cal);
  QSignalSpy finished(cal, &SensorCalibration::finished);
  QVERIFY(cal->start(CalSensor::Mag, nullptr));
  QTRY_COMPARE(far.commands.size(), std::size_t(1));
  QCOMPARE(far.commands[0].command, std::uint16_t(42424));
  // every compass (mask 0), no retry, no autosave, no delay, no reboot
  QCOMPARE(paramsOfCommand(far.commands[0]), (std::array<float, 7>{}));
  QTRY_COMPARE(cal->state().phase, CalibrationState::Phase::Running);
  QVERIFY(!cal->state().usesSides());  // ArduPilot asks for no sides: turned round every axis
  far.magProgress(0, 3, 40);
  far.magProgress(1, 3, 25);
  QTRY_COMPARE(cal->state().progress_pct, 25);  // the slower of the two compasses
  far.magProgress(1, 3, 70);
  QTRY_COMPARE(cal->state().progress_pct, 40);
  far.magReport(0, 3, 4, 8.5f, {112.0f, -35.5f, 20.25f});
  QTRY_COMPARE(cal->state().compass_reports.size(), std::size_t(1));
  QVERIFY(!cal->state().awaiting_accept);  // compass 1 has not reported yet
  QVERIFY(!cal->acceptCompass());
  far.magReport(1, 3, 4, 12.0f, {-60.0f, 5.0f, -140.5f});
  QTRY_VERIFY(cal->state().awaiting_accept);
  QCOMPARE(cal->state().phase, CalibrationState::Phase::Running);
  const auto& r0 = cal->state().compass_reports[0];
  QCOMPARE(r0.fitness_mgauss, 8.5f);
  QCOMPARE(r0.offsets_mgauss, (std::array<float, 3>{112.0f, -35.5f, 20.25f}));
  QCOMPARE(cal->state().compass_reports[1].offsets_mgauss[2], -140.5f);
  QVERIFY(cal->acceptCompass());
  QTRY_COMPARE(far.commands.size(), std::size_t(2));
  QCOMPARE(far.commands[1].command, std::uint16_t(42425));
  QTRY_COMPARE(finished.count(), 1);
  QVERIFY(finished.at(0).at(0).toBool());
  QCOMPARE(cal->state().phase, CalibrationState::Phase::Done);
}

inline void ardupilotCompassFailureAndCancel() {
  FarVehicle far;
  SensorCalibration* cal = ardupilotVehicle(far);
  QVERIFY(cal);
  QSignalSpy finished(cal, &SensorCalibration::finished);
  QVERIFY(cal->start(CalSensor::Mag, nullptr));
  QTRY_COMPARE(cal->state().phase, CalibrationState::Phase::Running);
  far.magProgress(0, 1, 90);
  far.magReport(0, 1, 7, 40.3f, {900.0f, 0.0f, 0.0f});  // MAG_CAL_BAD_RADIUS
  QTRY_COMPARE(finished.count(), 1);
  QCOMPARE(cal->state().phase, CalibrationState::Phase::Failed);
  const QString reason = cal->state().reason;
  QVERIFY2(reason.contains(QStringLiteral("compass 0 bad radius")) && reason.contains(QStringLiteral("40.3 mGauss")),
           qPrintable(reason));

  QVERIFY(cal->start(CalSensor::Mag, nullptr));
  QTRY_COMPARE(cal->state().phase, CalibrationState::Phase::Running);
  QVERIFY(cal->state().compass_reports.empty());  // a new calibration forgets the old reports
  far.magProgress(0, 1, 10);
  QTRY_COMPARE(cal->state().progress_pct, 10);
  const std::size_t sent = far.commands.size();
  cal->cancel();
  QTRY_COMPARE(far.commands.size(), sent + 1);
  QCOMPARE(far.commands.back().command, std::uint16_t(42426));
  QTRY_COMPARE(finished.count(), 2);
  QCOMPARE(cal->state().phase, CalibrationState::Phase::Cancelled);
  QVERIFY(finished.at(1).at(1).toString().contains(QStringLiteral("previous values stay")));
}

inline void ardupilotGyroAndLevel() {
  FarVehicle far;
  SensorCalibration* cal = ardupilotVehicle(far);
  QVERIFY(cal);
  QSignalSpy finished(cal, &SensorCalibration::finished);
  QVERIFY(cal->start(CalSensor::Gyro, nullptr));
  QTRY_COMPARE(finished.count(), 1);  // ArduPilot answers once it has calibrated
  QCOMPARE(paramsOfCommand(far.commands[0]), (std::array<float, 7>{1, 0, 0, 0, 0, 0, 0}));
  QVERIFY(finished.at(0).at(0).toBool());
  QCOMPARE(cal->state().phase, CalibrationState::Phase::Done);
  far.ack = 4;  // MAV_RESULT_FAILED
  QVERIFY(cal->start(CalSensor::Level, nullptr));
  QTRY_COMPARE(finished.count(), 2);
  QCOMPARE(paramsOfCommand(far.commands[1]), (std::array<float, 7>{0, 0, 0, 0, 2, 0, 0}));
  QVERIFY(!finished.at(1).at(0).toBool());
  QCOMPARE(cal->state().phase, CalibrationState::Phase::Failed);
}

}  // namespace navigator::test
