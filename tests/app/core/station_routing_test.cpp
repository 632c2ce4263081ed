// The Station without widgets (app/core/station.h): the autopilot link it holds, the
// address it checks before opening, and where the pilot's input goes — MANUAL_CONTROL, arm and
// Vayu's mode buttons to the vehicle on show only (MANUAL_CONTROL's `target` is its system id,
// common.xml), a mode button on another autopilot said instead of sent. Against the test-only
// PX4 and ArduCopter stand-ins of tests/app/link on loopback UDP.
#include "app/core/station.h"

#include "app/joystick/pilot_input_source.h"
#include "tests/app/link/autopilot_stand_in.h"

#include "tests/support/free_port.h"

#include <QSignalSpy>
#include <QStandardPaths>
#include <QUdpSocket>
#include <QtTest>

using navigator::Station;
using navigator::joystick::ManualControlValues;
using navigator::joystick::PilotInputSource;

namespace {

std::vector<mavlink_manual_control_t> manualControls(const AutopilotStandIn& vehicle) {
  std::vector<mavlink_manual_control_t> out;
  for (const mavlink_frame_t& f : vehicle.receivedOf(MAVLINK_MSG_ID_MANUAL_CONTROL)) {
    mavlink_manual_control_t m;
    mavlink_manual_control_decode(&f, &m);
    out.push_back(m);
  }
  return out;
}

}  // namespace

class StationRoutingTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void anAddressIsCheckedBeforeTheLinkOpens() {
    Station station;
    // A port beyond 65535 (a UDP port is 16 bits), and TCP without a host: refused with the
    // address named, nothing opened.
    const QString port_error = station.autopilots()->open(QStringLiteral("udp:99999"));
    QVERIFY2(port_error.contains(QStringLiteral("udp:99999")), qPrintable(port_error));
    const QString host_error = station.autopilots()->open(QStringLiteral("tcp:5760"));
    QVERIFY2(host_error.contains(QStringLiteral("needs a host")), qPrintable(host_error));
    QVERIFY(!station.autopilots()->link()->isActive());
  }

  void thePilotsInputGoesToTheVehicleOnShow() {
    Station station;
    const quint16 port = freeLoopbackUdpPort();
    QVERIFY(port != 0);
    QCOMPARE(station.autopilots()->open(QStringLiteral("udp:%1").arg(port)), QString());
    QTRY_VERIFY_WITH_TIMEOUT(station.autopilots()->link()->isOpen(), 2000);
    AutopilotStandIn px4({AutopilotStandIn::Kind::Px4, 1});
    AutopilotStandIn copter({AutopilotStandIn::Kind::ArduCopter, 2});
    QVERIFY(px4.bindUdp(port));
    QVERIFY(copter.bindUdp(port));
    px4.heartbeat();
    copter.heartbeat();
    navigator::VehicleRoster* roster = station.autopilots()->link()->roster();
    QTRY_COMPARE_WITH_TIMEOUT(roster->vehicles().size(), qsizetype(2), 2000);
    station.vehicles()->choose(navigator::Vehicle::of(roster->vehicle(2)));
    QCOMPARE(station.vehicles()->shown()->link(), roster->vehicle(2));

    PilotInputSource pilot;
    station.pilot()->setPilotInput(&pilot);
    QSignalSpy notices(station.pilot(), &navigator::PilotRouter::notice);
    QSignalSpy running(station.pilot(), &navigator::PilotRouter::streamRunningChanged);
    const ManualControlValues sticks{250, -500, 700, 100, 0};
    emit pilot.manualControl(sticks);
    // Arm is for offering once kPeriodsBeforeArm periods went to the vehicle on show, not before.
    QVERIFY(!station.pilot()->streamRunning());
    QCOMPARE(running.count(), 0);
    for (int i = 1; i < navigator::PilotRouter::kPeriodsBeforeArm; ++i) emit pilot.manualControl(sticks);
    QVERIFY(station.pilot()->streamRunning());
    QCOMPARE(running.count(), 1);
    QCOMPARE(running.at(0).at(0).toBool(), true);
    station.pilot()->restartCount();  // the vehicle's clock starts again (HIL began or ended)
    QVERIFY(!station.pilot()->streamRunning());
    QCOMPARE(running.count(), 2);
    QCOMPARE(running.at(1).at(0).toBool(), false);
    QTRY_VERIFY_WITH_TIMEOUT(!manualControls(copter).empty(), 2000);
    const mavlink_manual_control_t m = manualControls(copter).back();
    QCOMPARE(int(m.target), 2);
    QCOMPARE(m.x, std::int16_t(250));
    QCOMPARE(m.y, std::int16_t(-500));
    QCOMPARE(m.z, std::int16_t(700));
    QCOMPARE(m.r, std::int16_t(100));

    emit pilot.armRequested();
    QTRY_VERIFY_WITH_TIMEOUT(!copter.commands.empty(), 2000);  // (its AUTOPILOT_VERSION requests aside)
    const mavlink_command_long_t arm = copter.commands.back();
    QCOMPARE(int(arm.command), int(MAV_CMD_COMPONENT_ARM_DISARM));
    QCOMPARE(int(arm.target_system), 2);
    QCOMPARE(arm.param1, 1.0f);

    // Vayu's mode buttons on ArduCopter: said, not sent (the link counts a frame as it packs it).
    const std::uint64_t frames_out = station.autopilots()->link()->connection()->stats().frames_out;
    emit pilot.modeRequested(1);
    QCOMPARE(notices.count(), 1);
    QVERIFY2(notices.first().first().toString().contains(QStringLiteral("ArduCopter")),
             qPrintable(notices.first().first().toString()));
    QCOMPARE(station.autopilots()->link()->connection()->stats().frames_out, frames_out);

    // PX4 heard nothing of it: its sticks and commands went to the vehicle on show.
    QVERIFY(manualControls(px4).empty());
    for (const mavlink_frame_t& f : px4.receivedOf(MAVLINK_MSG_ID_COMMAND_LONG)) {
      mavlink_command_long_t c;
      mavlink_command_long_decode(&f, &c);
      QVERIFY(c.command != MAV_CMD_COMPONENT_ARM_DISARM);
    }
  }
};

QTEST_GUILESS_MAIN(StationRoutingTest)
#include "station_routing_test.moc"
