// VehicleLink and the board's sensors: SYS_STATUS's sensor bits and BATTERY_STATUS handed on
// decoded, and the last STATUSTEXT about each sensor kept, matched by the names the Vayu
// firmware's health texts begin with (the drivers' documented messages, firmware/drivers/*.h,
// and the core's sensor names, firmware/core/board_status.c). Frames come from a scripted
// vehicle encoding with the firmware's own codec.
#include "app/link/vehicle_link.h"
#include "tests/app/link/scripted_vehicle.h"

#include <QSignalSpy>
#include <QtTest>

using namespace navigator;

namespace {

constexpr std::uint32_t kGyro = 1u << 0, kAccel = 1u << 1, kMag = 1u << 2, kBaro = 1u << 3, kGps = 1u << 5,
                        kRc = 1u << 16, kBattery = 1u << 25;  // MAV_SYS_STATUS_SENSOR (common.xml)

}  // namespace

class VehicleLinkHealthTest : public QObject {
  Q_OBJECT
 private slots:
  void textsNameTheirSensors_data();
  void textsNameTheirSensors();
  void sysStatusAndBatteryDispatched();
  void lastTextPerSensorKept();
  void textBeforeTheFirstHeartbeatKept();
};

void VehicleLinkHealthTest::textsNameTheirSensors_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<uint>("sensors");
  const uint imu = kGyro | kAccel | kMag;
  QTest::newRow("bmx160 not answering") << "BMX160: not answering (reads 0xFF)" << imu;
  QTest::newRow("bmx160 stuck, repeated") << "BMX160: stuck (10 identical samples) (3 changes)" << imu;
  QTest::newRow("bmm150 identity") << "BMX160: magnetometer BMM150 wrong identity 0x31 (expected 0x32)" << imu;
  QTest::newRow("accelerometer saturated") << "BMX160: accelerometer saturated (range 16 g)" << uint(kAccel);
  QTest::newRow("gyroscope saturated") << "BMX160: gyroscope saturated (range 2000 deg/s)" << uint(kGyro);
  QTest::newRow("bmm150 overflow") << "BMX160: magnetometer BMM150 overflow" << uint(kMag);
  QTest::newRow("gyroscope ok") << "BMX160: gyroscope ok" << uint(kGyro);
  QTest::newRow("bmp388") << "BMP388: stuck (no new sample for 200 ms)" << uint(kBaro);
  QTest::newRow("u-blox") << "u-blox: no 3-D fix (fixType 2, gnssFixOK 0, 4 satellites)" << uint(kGps);
  QTest::newRow("crsf") << "CRSF: failsafe (uplink LQ 0 %)" << uint(kRc);
  QTest::newRow("sbus") << "SBUS: failsafe (the receiver lost its transmitter)" << uint(kRc);
  QTest::newRow("battery driver") << "Battery: ADC read failed (voltage channel 0)" << uint(kBattery);
  QTest::newRow("battery charge") << "Battery low: 14.20 V, 12 % remaining" << uint(kBattery);
  QTest::newRow("core name") << "Barometer" << uint(kBaro);
  QTest::newRow("gps lost") << "GPS lost" << uint(kGps);
  QTest::newRow("receiver name") << "RC receiver" << uint(kRc);
  QTest::newRow("not a sensor") << "Arming refused: throttle not low" << 0u;
  QTest::newRow("pilot input") << "Pilot input: radio receiver" << 0u;
}

void VehicleLinkHealthTest::textsNameTheirSensors() {
  QFETCH(QString, text);
  QFETCH(uint, sensors);
  QCOMPARE(uint(boardSensorsNamed(text.toStdString())), sensors);
}

void VehicleLinkHealthTest::sysStatusAndBatteryDispatched() {
  MavlinkConnection c;
  ScriptedVehicle v(&c, 7);
  VehicleLink link(&c);
  QSignalSpy health(&link, &VehicleLink::boardHealthUpdated);
  QSignalSpy battery(&link, &VehicleLink::batteryStatusUpdated);
  v.heartbeat();
  QVERIFY(!link.lastSysStatus() && !link.lastBatteryStatus());

  mavlink_sys_status_t s{};
  s.onboard_control_sensors_present = kGyro | kAccel | kMag | kBaro | kGps | kBattery;
  s.onboard_control_sensors_enabled = s.onboard_control_sensors_present;
  s.onboard_control_sensors_health = kGyro | kAccel | kMag | kGps | kBattery;  // the barometer faulty
  s.voltage_battery = 16800;                                                   // mV
  s.current_battery = -1;
  s.battery_remaining = 100;
  v.send(s);
  QCOMPARE(health.count(), 1);
  const auto h = health.at(0).at(0).value<BoardHealthSample>();
  // kBoardSensors' order: gyro, accel, mag, baro, GPS, receiver, battery.
  QVERIFY(h.sensors[0].present && h.sensors[0].healthy);
  QVERIFY(h.sensors[3].faulty());
  QVERIFY(!h.sensors[5].present);
  QVERIFY(h.sensors[6].present && h.sensors[6].healthy);
  QCOMPARE(link.lastSysStatus()->voltage_V, 16.8f);

  mavlink_battery_status_t b{};
  for (auto& cell : b.voltages) cell = UINT16_MAX;
  b.voltages[0] = 16800;     // mV
  b.current_battery = 1250;  // cA: 12.5 A
  b.current_consumed = 420;  // mAh
  b.energy_consumed = -1;    // not counted
  b.battery_remaining = 87;  // %
  b.charge_state = 1;        // MAV_BATTERY_CHARGE_STATE_OK
  b.temperature = INT16_MAX;
  v.send(b);
  QCOMPARE(battery.count(), 1);
  const auto got = battery.at(0).at(0).value<BatteryStatusSample>();
  QCOMPARE(*got.voltage_V, 16.8f);
  QCOMPARE(*got.current_A, 12.5f);
  QCOMPARE(*got.consumed_mAh, 420.0f);
  QVERIFY(!got.consumed_J);
  QCOMPARE(*got.remaining_pct, 87);
  QCOMPARE(link.lastBatteryStatus()->charge_state, 1);
}

void VehicleLinkHealthTest::lastTextPerSensorKept() {
  MavlinkConnection c;
  ScriptedVehicle v(&c, 7);
  VehicleLink link(&c);
  QSignalSpy messages(&link, &VehicleLink::sensorMessage);
  QSignalSpy texts(&link, &VehicleLink::statusText);
  v.heartbeat();
  v.statusText(4, "BMP388: not answering (reads 0xFF)");
  v.statusText(2, "BMX160: stuck (10 identical samples)");
  v.statusText(6, "Pilot input: radio receiver");
  v.statusText(2, "BMX160: accelerometer saturated (range 16 g)");
  QCOMPARE(texts.count(), 4);     // every text still goes to the log
  QCOMPARE(messages.count(), 5);  // 1 barometer, 3 for the whole BMX160, 1 accelerometer
  QCOMPARE(link.sensorText(BoardSensor::Barometer)->text, QStringLiteral("BMP388: not answering (reads 0xFF)"));
  QCOMPARE(link.sensorText(BoardSensor::Barometer)->severity, 4);
  QCOMPARE(link.sensorText(BoardSensor::Gyroscope)->text, QStringLiteral("BMX160: stuck (10 identical samples)"));
  QCOMPARE(link.sensorText(BoardSensor::Accelerometer)->text,
           QStringLiteral("BMX160: accelerometer saturated (range 16 g)"));
  QVERIFY(!link.sensorText(BoardSensor::Gps));
  QCOMPARE(messages.at(0).at(0).value<BoardSensor>(), BoardSensor::Barometer);

  // Another vehicle on the link after a loss: what was said of the first is forgotten.
  ScriptedVehicle other(&c, 9);
  LinkTimings t;
  t.heartbeat_timeout_ms = 1;
  VehicleLink fresh(&c, t);
  ManualTickClock clock;  // the test says when time passes
  fresh.setClock(&clock);
  v.heartbeat();
  v.statusText(4, "u-blox: no 3-D fix (fixType 0, gnssFixOK 0, 12 satellites)");
  QVERIFY(fresh.sensorText(BoardSensor::Gps));
  clock.advance(10);  // past the 1 ms heartbeat timeout
  QCOMPARE(fresh.linkState(), LinkState::Lost);
  other.heartbeat();
  QCOMPARE(int(fresh.vehicle().system_id), 9);
  QVERIFY(!fresh.sensorText(BoardSensor::Gps));
}

// A firmware tells a start-up fault at once and beats once a second: the text that came first is
// handed on when its vehicle beats; another system's is not.
void VehicleLinkHealthTest::textBeforeTheFirstHeartbeatKept() {
  MavlinkConnection c;
  ScriptedVehicle v(&c, 7), stranger(&c, 8);
  VehicleLink link(&c);
  link.pinSystem(7);
  QSignalSpy texts(&link, &VehicleLink::statusText);
  v.statusText(2, "BMX160: wrong identity 0xD1 (expected 0xD8)");
  stranger.statusText(4, "BMP388: not answering (reads 0xFF)");
  QCOMPARE(texts.count(), 0);
  v.heartbeat();
  QCOMPARE(texts.count(), 1);
  QCOMPARE(link.sensorText(BoardSensor::Gyroscope)->text,
           QStringLiteral("BMX160: wrong identity 0xD1 (expected 0xD8)"));
  QVERIFY(!link.sensorText(BoardSensor::Barometer));
  v.heartbeat();  // handed on once
  QCOMPARE(texts.count(), 1);
}

QTEST_MAIN(VehicleLinkHealthTest)
#include "vehicle_link_health_test.moc"
