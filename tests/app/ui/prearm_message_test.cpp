// The Fly page's message line after a vehicle's refusal, through its widgets: PX4 says
// "Preflight Fail: ekf2 missing data" in the first second of every start, before its estimator
// has published (measured with the real PX4 b67c65bf: docs/vehicles.md, "Checked against the
// real PX4"), and is ready about two seconds later. The red line must not stay as if it were the
// state now: when the vehicle's SYS_STATUS says its pre-arm checks pass
// (MAV_SYS_STATUS_PREARM_CHECK, 0x10000000, in onboard_control_sensors_health: MAVLink
// common.xml; PX4 sets that bit when it may arm in the mode it is in), the panel says so, with
// what the vehicle had said. Only that change replaces only the vehicle's own refusal. Against
// the PX4 stand-in (tests/app/link/autopilot_stand_in.h, not the real program) on a UDP port.
// Needs a display (the page's 3-D view; run under xvfb-run).
#include "app/ui/fly_page.h"
#include "app/ui/main_window.h"
#include "tests/app/joystick/virtual_pad.h"
#include "tests/app/link/autopilot_stand_in.h"
#include "tests/support/free_port.h"
#include "tests/support/widget_lookup.h"
#include "widgets/flight_panel.h"
#include "widgets/vehicle_link_panel.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QPushButton>
#include <QStandardPaths>
#include <QtTest>

namespace {

constexpr std::uint32_t kPrearmCheck = 0x10000000;  // MAV_SYS_STATUS_PREARM_CHECK (common.xml)
constexpr std::uint8_t kCritical = 2;               // MAV_SEVERITY_CRITICAL: PX4's "Preflight Fail"

// One SYS_STATUS from the stand-in, returned once the station has taken it (the panel's binding
// hears it before the spy: it was connected first).
void sysStatus(AutopilotStandIn& px4, QSignalSpy& heard, std::uint32_t health) {
  mavlink_sys_status_t s{};
  s.onboard_control_sensors_health = health;
  s.voltage_battery = 16200;
  const qsizetype before = heard.count();
  px4.send(s);
  QTRY_COMPARE_WITH_TIMEOUT(heard.count(), before + 1, 2000);
}

}  // namespace

class PrearmMessageTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    navigator::joystick::test::useHeadlessSdl();
  }

  void aPassedPrearmCheckReplacesTheOldRefusal() {
    QSettings().clear();
    navigator::MainWindow window;
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    navigator::FlyPage* fly = window.flyPage();
    auto* links = navigator::test::only<navigator::VehicleLinkPanel>(fly);
    auto* panel = navigator::test::only<navigator::FlightPanel>(fly);
    const quint16 port = freeLoopbackUdpPort();
    QVERIFY(port != 0);
    links->addressField()->clear();
    QTest::keyClicks(links->addressField(), QStringLiteral("udp:%1").arg(port));
    links->connectButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(window.station()->autopilots()->link()->isOpen(), 2000);
    AutopilotStandIn px4({AutopilotStandIn::Kind::Px4, 1, 0});
    QVERIFY(px4.bindUdp(port));
    px4.heartbeat();
    QTRY_VERIFY_WITH_TIMEOUT(window.station()->autopilots()->link()->roster()->selected() != nullptr, 2000);
    QSignalSpy heard(window.station()->autopilots()->link()->roster()->selected(),
                     &navigator::VehicleLink::sysStatusUpdated);

    // Starting: the refusal is shown, and stays while the checks do not pass.
    const QString refusal = QStringLiteral("Preflight Fail: ekf2 missing data");
    px4.statusText(kCritical, refusal);
    QTRY_COMPARE_WITH_TIMEOUT(panel->messageText(), refusal, 2000);
    sysStatus(px4, heard, 0);
    QCOMPARE(panel->messageText(), refusal);

    // Ready: the checks pass, and the panel says so with what PX4 had said.
    sysStatus(px4, heard, kPrearmCheck);
    const QString passed = QStringLiteral("Pre-arm checks pass now (before, the vehicle said: %1)").arg(refusal);
    QCOMPARE(panel->messageText(), passed);

    // A refusal while the checks go on passing stays: only their turning to pass replaces it.
    const QString later = QStringLiteral("Arming denied: throttle above center");
    px4.statusText(kCritical, later);
    QTRY_COMPARE_WITH_TIMEOUT(panel->messageText(), later, 2000);
    sysStatus(px4, heard, kPrearmCheck);
    QCOMPARE(panel->messageText(), later);

    // A message of the station's own is never replaced by the vehicle's checks.
    sysStatus(px4, heard, 0);
    const QString own = QStringLiteral("a message of the station's own");
    panel->showMessage(own, navigator::FlightPanel::MessageLevel::Warning);
    sysStatus(px4, heard, kPrearmCheck);
    QCOMPARE(panel->messageText(), own);
  }
};

QTEST_MAIN(PrearmMessageTest)
#include "prearm_message_test.moc"
