// Vehicle Setup driven through its widgets against a vehicle speaking PX4's protocol, played
// frame by frame (tests/app/vehicle/far_vehicle.h): the Sensors section's buttons send
// MAV_CMD_PREFLIGHT_CALIBRATION, its pictures follow the "[cal]" texts side by side (PX4's
// grammar, calibration_messages.h), and the section is marked done by PX4's own rule; the Motors
// section's Spin sends the motor test (PX4's MAV_CMD_ACTUATOR_TEST) only with the propellers confirmed off.
#include "app/ui/vehicle_setup_page.h"
#include "tests/app/vehicle/far_vehicle.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSpinBox>
#include <QtTest>

using namespace navigator;
using navigator::test::FarVehicle;

namespace {

std::array<float, 7> paramsOf(const mavlink_command_long_t& c) {
  return {c.param1, c.param2, c.param3, c.param4, c.param5, c.param6, c.param7};
}

using State = OrientationPicture::State;

}  // namespace

class VehicleSetupPageTest : public QObject {
  Q_OBJECT

 private slots:
  void noVehicleNothingToPress() {
    VehicleSetupPage page;
    page.show();
    QVERIFY(!page.sensors()->startButton(CalSensor::Accel)->isEnabled());
    QVERIFY(!page.motors()->spinButton()->isEnabled());
    QCOMPARE(page.airframeText(), QStringLiteral("No vehicle is connected."));
    QCOMPARE(page.sectionText(VehicleSetupPage::Section::Sensors), QStringLiteral("Sensors — to do"));
  }

  void accelerometerSideBySide() {
    FarVehicle far;
    far.heartbeat(false);
    VehicleSetupPage page;
    page.setVehicle(far.vehicle);
    page.show();
    QTRY_VERIFY(far.link.vehicle().system_id == 1);
    QTRY_VERIFY(page.airframeText().contains(QStringLiteral("4 motors")));  // a quadrotor (MAV_TYPE 2)
    page.showSection(VehicleSetupPage::Section::Sensors);
    SensorsSetup* s = page.sensors();
    QTest::mouseClick(s->startButton(CalSensor::Accel), Qt::LeftButton);
    QTRY_COMPARE(far.commands.size(), std::size_t(1));
    QCOMPARE(paramsOf(far.commands[0]), (std::array<float, 7>{0, 0, 0, 0, 1, 0, 0}));
    QTRY_VERIFY(!s->startButton(CalSensor::Gyro)->isEnabled());  // one at a time
    QVERIFY(s->cancelButton()->isEnabled());
    far.text("[cal] calibration started: 2 accel");
    far.text("[cal] pending: back front left right up down");
    QTRY_COMPARE(s->picture(CalSide::Front)->state(), State::Pending);
    QCOMPARE(s->instruction(), QStringLiteral("Hold the vehicle still on one of the grey sides."));
    far.text("[cal] front orientation detected");
    QTRY_COMPARE(s->picture(CalSide::Front)->state(), State::Measuring);
    QCOMPARE(s->instruction(), QStringLiteral("Hold still: measuring nose down."));
    far.text("[cal] front side done, rotate to a different side");
    QTRY_COMPARE(s->picture(CalSide::Front)->state(), State::Done);
    QCOMPARE(s->picture(CalSide::Down)->state(), State::Pending);
    // Cancelled half way: the vehicle says so, the page says the previous values stay.
    s->cancelButton()->click();
    QTRY_COMPARE(far.commands.size(), std::size_t(2));
    QCOMPARE(paramsOf(far.commands[1]), (std::array<float, 7>{}));
    far.text("[cal] calibration cancelled");
    QTRY_VERIFY(s->resultText().contains(QStringLiteral("previous values stay")));
    QVERIFY(s->startButton(CalSensor::Accel)->isEnabled());
    QCOMPARE(page.sectionText(VehicleSetupPage::Section::Sensors), QStringLiteral("Sensors — to do"));
  }

  // ArduPilot asks for each side (COMMAND_LONG MAV_CMD_ACCELCAL_VEHICLE_POS 42429, param1 an
  // ACCELCAL_VEHICLE_POS of ardupilotmega.xml: 1 level, 4 nose down, 16777215 SUCCESS): the
  // picture asked turns blue with "Vehicle placed", whose click names the same side back.
  void ardupilotSidesAndCompassThroughTheWidgets() {
    FarVehicle far;
    far.heartbeat(false, navigator::test::kAutopilotArduPilot);
    VehicleSetupPage page;
    page.setVehicle(far.vehicle);
    page.show();
    QTRY_VERIFY(far.link.autopilot() == Autopilot::ArduPilot);
    page.showSection(VehicleSetupPage::Section::Sensors);
    SensorsSetup* s = page.sensors();
    QVERIFY(s->placedButton()->isHidden());
    QTest::mouseClick(s->startButton(CalSensor::Accel), Qt::LeftButton);
    QTRY_COMPARE(far.commands.size(), std::size_t(1));
    QTRY_COMPARE(s->instruction(), QStringLiteral("Wait for the vehicle to ask for a side."));
    for (auto [pos, side, caption] :
         {std::tuple{1, CalSide::Down, "level"}, std::tuple{4, CalSide::Front, "nose down"}}) {
      far.askPosition(pos);
      QTRY_VERIFY(!s->placedButton()->isHidden());
      QCOMPARE(s->picture(side)->state(), State::Measuring);
      QCOMPARE(s->instruction(), QStringLiteral("Place the vehicle %1, then press Vehicle placed.").arg(caption));
      const std::size_t sent = far.commands.size();
      QTest::mouseClick(s->placedButton(), Qt::LeftButton);
      QTRY_COMPARE(far.commands.size(), sent + 1);
      QCOMPARE(far.commands.back().command, std::uint16_t(42429));
      QCOMPARE(far.commands.back().param1, float(pos));
      QVERIFY(s->placedButton()->isHidden());
    }
    QCOMPARE(s->picture(CalSide::Down)->state(), State::Done);  // asked for the next: level done
    QCOMPARE(s->picture(CalSide::Up)->state(), State::Pending);
    far.askPosition(16777215);
    QTRY_VERIFY(s->resultText().contains(QStringLiteral("Accelerometer calibrated")));

    // The compass: one compass (mask 1) reports MAG_CAL_SUCCESS (4); Accept keeps it (42425).
    QTest::mouseClick(s->startButton(CalSensor::Mag), Qt::LeftButton);
    QTRY_COMPARE(far.commands.back().command, std::uint16_t(42424));
    far.magProgress(0, 1, 55);
    QTRY_COMPARE(s->instruction(),
                 QStringLiteral("Turn the vehicle slowly round every axis until the progress is full."));
    far.magReport(0, 1, 4, 9.3f, {101.0f, -20.5f, 33.0f});
    QTRY_VERIFY(!s->acceptButton()->isHidden());
    QVERIFY2(s->instruction().contains(QStringLiteral("fitness 9.3 mGauss, offsets 101.0, -20.5, 33.0 mGauss")),
             qPrintable(s->instruction()));
    QTest::mouseClick(s->acceptButton(), Qt::LeftButton);
    QTRY_COMPARE(far.commands.back().command, std::uint16_t(42425));
    QTRY_VERIFY(s->resultText().contains(QStringLiteral("Compass calibrated")));
    QVERIFY(s->acceptButton()->isHidden());
  }

  // PX4's rule (QGroundControl's): calibrated when CAL_ACC0_ID, CAL_GYRO0_ID and CAL_MAG0_ID
  // are non-zero; ArduPilot's: accelerometer and compass offsets not all zero; Navigator's: each
  // sensor's offsets not all zero.
  void sensorsDoneByEachAutopilotsRule() {
    std::map<QString, double> p{{"CAL_ACC0_ID", 1310988}, {"CAL_GYRO0_ID", 1310988}, {"CAL_MAG0_ID", 0}};
    auto lookup = [&p](const QString& n) -> std::optional<double> {
      const auto it = p.find(n);
      return it == p.end() ? std::nullopt : std::optional(it->second);
    };
    QCOMPARE(sensorsCalibrated(Autopilot::Px4, lookup), std::optional(false));
    p["CAL_MAG0_ID"] = 197388;
    QCOMPARE(sensorsCalibrated(Autopilot::Px4, lookup), std::optional(true));
    QCOMPARE(sensorsCalibrated(Autopilot::ArduPilot, lookup), std::nullopt);  // its parameters unknown
    p = {{"INS_ACCOFFS_X", 0.0},  {"INS_ACCOFFS_Y", 0.0}, {"INS_ACCOFFS_Z", 0.0},
         {"COMPASS_OFS_X", 12.0}, {"COMPASS_OFS_Y", 0.0}, {"COMPASS_OFS_Z", 0.0}};
    QCOMPARE(sensorsCalibrated(Autopilot::ArduPilot, lookup), std::optional(false));
    p["INS_ACCOFFS_Z"] = 0.12;
    QCOMPARE(sensorsCalibrated(Autopilot::ArduPilot, lookup), std::optional(true));
    // Navigator's firmware: each sensor's offsets (fc_params.h's CAL_*), not all zero.
    p = {{"CAL_GYRO_XOFF", 0.0}, {"CAL_GYRO_YOFF", 0.02}, {"CAL_GYRO_ZOFF", 0.0},
         {"CAL_ACC_XOFF", 0.3},  {"CAL_ACC_YOFF", 0.0},   {"CAL_ACC_ZOFF", 0.0},
         {"CAL_MAG_XOFF", 0.0},  {"CAL_MAG_YOFF", 0.0},   {"CAL_MAG_ZOFF", 0.0}};
    QCOMPARE(sensorsCalibrated(Autopilot::Vayu, lookup), std::optional(false));
    p["CAL_MAG_ZOFF"] = -0.2;
    QCOMPARE(sensorsCalibrated(Autopilot::Vayu, lookup), std::optional(true));
  }

  // PX4's battery levels (its parameter reference: BAT_LOW_THR 0.12-0.5, BAT_CRIT_THR
  // 0.05-0.25, BAT_EMERGEN_THR 0.03-0.1, each level below the one before): refused with the
  // reason and nothing sent; a sound change sent and echoed.
  void powerLevelsCheckedBeforeSending() {
    FarVehicle far;
    far.params = {{"BAT_LOW_THR", 0.15f}, {"BAT_CRIT_THR", 0.07f}, {"BAT_EMERGEN_THR", 0.05f}};
    far.heartbeat(false);
    VehicleSetupPage page;
    page.setVehicle(far.vehicle);
    page.show();
    QTRY_VERIFY(far.link.vehicle().system_id == 1);
    far.sendParams();
    ParamSection* power = page.power();
    QTRY_VERIFY(power->editorValue(QStringLiteral("BAT_CRIT_THR")).has_value());
    QCOMPARE(*power->editorValue(QStringLiteral("BAT_LOW_THR")), 0.15);
    QVERIFY(power->rowStatus(QStringLiteral("BAT1_N_CELLS")).contains(QStringLiteral("not on this vehicle")));
    QVERIFY(!power->editor(QStringLiteral("BAT1_N_CELLS"))->isEnabled());
    QCOMPARE(page.sectionText(VehicleSetupPage::Section::Power), QStringLiteral("Power — to do"));
    power->setEditorValue(QStringLiteral("BAT_CRIT_THR"), 0.2);  // above the low level
    QTest::mouseClick(power->applyButton(), Qt::LeftButton);
    QVERIFY2(power->problemText().contains(QStringLiteral("must be below")), qPrintable(power->problemText()));
    QVERIFY(!power->apply({{QStringLiteral("BAT_EMERGEN_THR"), 0.5}}));  // outside 0.03-0.1
    QVERIFY2(power->problemText().contains(QStringLiteral("outside")), qPrintable(power->problemText()));
    QCoreApplication::processEvents();
    QCOMPARE(far.sets.size(), std::size_t(0));
    power->setEditorValue(QStringLiteral("BAT_CRIT_THR"), 0.1);
    QTest::mouseClick(power->applyButton(), Qt::LeftButton);
    QTRY_COMPARE(far.sets.size(), std::size_t(1));
    QCOMPARE(far.sets[0].param_value, 0.1f);
    QTRY_VERIFY2(power->rowStatus(QStringLiteral("BAT_CRIT_THR")).contains(QStringLiteral("set on the vehicle")),
                 qPrintable(power->rowStatus(QStringLiteral("BAT_CRIT_THR"))));
  }

  // Flight modes, PX4: the switch's channel (RC_MAP_FLTMODE) and the mode of each of its six
  // positions (COM_FLTMODE1..6, values as PX4's parameter metadata lists them: 2 Position,
  // 1 Altitude, 5 Return, -1 Unassigned). To do while the switch has no channel; a mode PX4 does
  // not have is refused with nothing sent; the channel set and echoed marks it done. Navigator's
  // firmware reads no switch: the section shows its mode at start and is never marked.
  void flightModesPerSwitchPosition() {
    FarVehicle far;
    far.params = {{"RC_MAP_FLTMODE", 0.0f}, {"COM_FLTMODE1", 2.0f},  {"COM_FLTMODE2", 1.0f}, {"COM_FLTMODE3", -1.0f},
                  {"COM_FLTMODE4", -1.0f},  {"COM_FLTMODE5", -1.0f}, {"COM_FLTMODE6", 5.0f}};
    far.heartbeat(false);
    VehicleSetupPage page;
    page.setVehicle(far.vehicle);
    page.show();
    page.showSection(VehicleSetupPage::Section::FlightModes);
    QTRY_VERIFY(far.link.vehicle().system_id == 1);
    far.sendParams();
    ParamSection* modes = page.flightModes();
    QTRY_VERIFY(modes->editorValue(QStringLiteral("COM_FLTMODE6")).has_value());
    auto* slot1 = qobject_cast<QComboBox*>(modes->editor(QStringLiteral("COM_FLTMODE1")));
    QVERIFY(slot1);
    QCOMPARE(slot1->currentText(), QStringLiteral("Position"));
    QCOMPARE(qobject_cast<QComboBox*>(modes->editor(QStringLiteral("COM_FLTMODE6")))->currentText(),
             QStringLiteral("Return"));
    QCOMPARE(page.sectionText(VehicleSetupPage::Section::FlightModes), QStringLiteral("Flight modes — to do"));
    QVERIFY(!modes->apply({{QStringLiteral("COM_FLTMODE3"), 14.0}}));  // no mode 14 in PX4's list
    QVERIFY2(modes->problemText().contains(QStringLiteral("not one of its choices")), qPrintable(modes->problemText()));
    QCoreApplication::processEvents();
    QCOMPARE(far.sets.size(), std::size_t(0));
    QVERIFY(modes->apply({{QStringLiteral("RC_MAP_FLTMODE"), 5.0}}));
    QTRY_COMPARE(far.sets.size(), std::size_t(1));
    QCOMPARE(far.sets[0].param_value, 5.0f);
    QTRY_COMPARE(page.sectionText(VehicleSetupPage::Section::FlightModes), QStringLiteral("Flight modes — done"));

    FarVehicle vayu;
    vayu.params = {{"MODE_DEFAULT", 1.0f}};
    vayu.heartbeat(false, 0);  // MAV_AUTOPILOT_GENERIC: Navigator's firmware
    page.setVehicle(vayu.vehicle);
    QTRY_VERIFY(vayu.link.vehicle().system_id == 1);
    vayu.sendParams();
    QTRY_VERIFY(modes->editorValue(QStringLiteral("MODE_DEFAULT")).has_value());
    QCOMPARE(page.sectionText(VehicleSetupPage::Section::FlightModes), QStringLiteral("Flight modes"));
  }

  // QGroundControl's radio calibration: the end points seen while the sticks went to both ends,
  // the trims where they were let go (the throttle's at its low end), channels that did not
  // move left alone; a pulse outside 800-2200 µs refuses the whole save.
  void radioEndPointsRecordedAndSaved() {
    FarVehicle far;
    for (int n = 1; n <= 4; ++n)
      for (auto [what, us] : {std::pair{"MIN", 1000.0f}, {"MAX", 2000.0f}, {"TRIM", 1500.0f}})
        far.params.emplace_back(QStringLiteral("RC%1_%2").arg(n).arg(QLatin1String(what)).toStdString(), us);
    far.params.emplace_back("RC_MAP_THROTTLE", 3.0f);
    far.heartbeat(false);
    VehicleSetupPage page;
    page.setVehicle(far.vehicle);
    page.show();
    QTRY_VERIFY(far.link.vehicle().system_id == 1);
    far.sendParams();
    page.showSection(VehicleSetupPage::Section::Radio);
    RadioSetup* radio = page.radio();
    QTRY_VERIFY(far.vehicle->parameters()->param(QStringLiteral("RC_MAP_THROTTLE")).has_value());
    QCOMPARE(page.sectionText(VehicleSetupPage::Section::Radio), QStringLiteral("Radio — to do"));
    QCOMPARE(radio->pulseText(1), QStringLiteral("no pulse"));  // no RC_CHANNELS yet: no value shown
    far.rcChannels({1500, 1500, 1000, 1500, 1500, 1000, 1000, 1000});
    QTRY_COMPARE(radio->pulse(1), 1500);
    QCOMPARE(radio->pulseText(1), QStringLiteral("1500 µs"));
    radio->recordButton()->click();
    far.rcChannels({1100, 1050, 1000, 1200, 1500, 1000, 1000, 1000});
    far.rcChannels({1900, 1950, 1900, 1800, 1520, 1000, 1000, 1000});  // channel 5 barely moves
    far.rcChannels({1500, 1505, 1000, 1495, 1510, 1000, 1000, 1000});  // let go, throttle down
    QTRY_COMPARE(radio->pulse(2), 1505);
    radio->recordButton()->click();
    QTRY_COMPARE(far.sets.size(), std::size_t(12));  // MIN, MAX and TRIM of channels 1-4
    std::map<std::string, float> sent;
    for (const mavlink_param_set_t& s : far.sets)
      sent[std::string(s.param_id, strnlen(s.param_id, 16))] = s.param_value;
    QCOMPARE(sent["RC1_MIN"], 1100.0f);
    QCOMPARE(sent["RC1_MAX"], 1900.0f);
    QCOMPARE(sent["RC1_TRIM"], 1500.0f);
    QCOMPARE(sent["RC2_TRIM"], 1505.0f);
    QCOMPARE(sent["RC3_TRIM"], 1000.0f);  // the throttle (RC_MAP_THROTTLE 3): its low end
    QCOMPARE(sent["RC4_MIN"], 1200.0f);
    QVERIFY(!sent.count("RC5_MIN"));
    QTRY_COMPARE(page.sectionText(VehicleSetupPage::Section::Radio), QStringLiteral("Radio — done"));
    // A pulse the autopilots do not take: nothing of this save is sent.
    radio->recordButton()->click();
    far.rcChannels({900, 1050, 1000, 1200, 1500, 1000, 1000, 1000});
    far.rcChannels({2300, 1950, 1900, 1800, 1500, 1000, 1000, 1000});
    QTRY_COMPARE(radio->pulse(1), 2300);
    radio->recordButton()->click();
    QVERIFY2(radio->resultText().contains(QStringLiteral("outside 800-2200")), qPrintable(radio->resultText()));
    QCoreApplication::processEvents();
    QCOMPARE(far.sets.size(), std::size_t(12));
  }

  void motorTestThroughTheWidgets() {
    FarVehicle far;
    far.heartbeat(false);
    VehicleSetupPage page;
    page.setVehicle(far.vehicle);
    page.show();
    page.showSection(VehicleSetupPage::Section::Motors);
    MotorsSetup* m = page.motors();
    QTRY_VERIFY(m->spinButton()->isEnabled());
    QCOMPARE(m->motorBox()->maximum(), 4);
    m->motorBox()->setValue(2);
    m->throttleBox()->setValue(15);
    m->secondsBox()->setValue(3);
    QTest::mouseClick(m->spinButton(), Qt::LeftButton);  // propellers not confirmed off
    QVERIFY(m->resultText().contains(QStringLiteral("propellers")));
    QCoreApplication::processEvents();
    QCOMPARE(far.commands.size(), std::size_t(0));
    m->propsOffBox()->setChecked(true);
    QTest::mouseClick(m->spinButton(), Qt::LeftButton);
    QTRY_COMPARE(far.commands.size(), std::size_t(1));
    QCOMPARE(far.commands[0].command, MotorTest::kActuatorTest);  // the FarVehicle is a PX4
    // value 0.15, 3 s (PX4's longest, the box's maximum for it), ACTUATOR_OUTPUT_FUNCTION_MOTOR2
    QCOMPARE(m->secondsBox()->maximum(), MotorTest::kPx4MaxSeconds);
    QCOMPARE(paramsOf(far.commands[0]), (std::array<float, 7>{0.15f, 3, 0, 0, 2, 0, 0}));
    QTRY_VERIFY2(m->resultText().startsWith(QStringLiteral("Motor 2 spins")), qPrintable(m->resultText()));
  }
};

QTEST_MAIN(VehicleSetupPageTest)
#include "vehicle_setup_page_test.moc"
