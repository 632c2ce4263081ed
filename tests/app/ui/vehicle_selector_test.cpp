// The Fly page with PX4 and ArduPilot, through its widgets: the user types an
// address and presses Connect; a PX4 and an ArduCopter stand-in (tests/app/link/
// autopilot_stand_in.h, not the real programs) beat on that UDP port as systems 1 and 2; the
// vehicle selector lists both after the station's own; choosing one changes the mode list, the
// mode shown and where a mode request goes; the parameter search box filters the vehicle's
// list by name, case-insensitively. A TCP address with nobody listening is said in the panel.
// Needs a display (the page's 3-D view; run under xvfb-run). Saves the page as
// vehicle_selector.png in the temporary folder, to look at.
#include "app/link/udp_transport.h"
#include "app/ui/fly_page.h"
#include "app/ui/main_window.h"
#include "tests/app/joystick/virtual_pad.h"
#include "tests/app/link/autopilot_stand_in.h"
#include "widgets/flight_panel.h"
#include "widgets/instruments/primary_flight_display.h"
#include "widgets/parameter_editor.h"
#include "widgets/vehicle_link_panel.h"
#include "tests/support/widget_lookup.h"

#include "tests/support/free_port.h"

#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTcpServer>
#include <QtTest>

using navigator::FlyPage;
using navigator::VehicleLinkPanel;

namespace {

// A UDP port free a moment ago (the station binds it next).
QStringList itemsOf(const QComboBox* box) {
  QStringList out;
  for (int i = 0; i < box->count(); ++i) out << box->itemText(i);
  return out;
}

void choose(QComboBox* box, int index) {
  box->setCurrentIndex(index);
  emit box->activated(index);  // as the user's pick in the popup
}

int visibleRows(const QTableWidget* table) {
  int n = 0;
  for (int row = 0; row < table->rowCount(); ++row) n += !table->isRowHidden(row);
  return n;
}

using navigator::test::only;
using navigator::test::part;

// ArduCopter chosen (index 2 of `selector`): its mode numbers' names, STABILIZE (0) on show; a
// mode picked in the list goes to vehicle 2 only, as DO_SET_MODE(1, 5): LOITER.
void arduCopterChosen(navigator::MainWindow& window, FlyPage* fly, QComboBox* selector, AutopilotStandIn& px4,
                      AutopilotStandIn& copter) {
  navigator::FlightPanel* flight = only<navigator::FlightPanel>(fly);
  choose(selector, 2);
  QCOMPARE(window.station()->vehicles()->shown()->link()->vehicle().system_id, 2);
  QVERIFY2(flight->modes().contains("LOITER") && !flight->modes().contains("Hold"),
           qPrintable(flight->modes().join(", ")));
  QCOMPARE(flight->modeShown(), QStringLiteral("STABILIZE"));
  QTRY_COMPARE_WITH_TIMEOUT(only<navigator::PrimaryFlightDisplay>(fly)->state().mode, QStringLiteral("STABILIZE"),
                            2000);
  auto* mode = flight->findChild<QComboBox*>();
  const int loiter = flight->modes().indexOf("LOITER");
  choose(mode, loiter);
  QTRY_COMPARE_WITH_TIMEOUT(copter.commands.size(), std::size_t(1), 2000);
  QCOMPARE(copter.commands[0].param2, 5.0f);
  QTRY_COMPARE_WITH_TIMEOUT(flight->modeShown(), QStringLiteral("LOITER"), 2000);
  // None of the mode commands went to the PX4 (it is asked for its parameter metadata, a
  // MAV_CMD_REQUEST_MESSAGE, on its own).
  QCOMPARE(std::count_if(px4.commands.begin(), px4.commands.end(),
                         [](const mavlink_command_long_t& c) { return c.command == MAV_CMD_DO_SET_MODE; }),
           0);
}

// The parameters of the vehicle on show (ArduCopter's 30), filtered by the search box (any case).
void parametersFiltered(FlyPage* fly) {
  navigator::ParameterEditor* editor = only<navigator::ParameterEditor>(fly);
  QTRY_COMPARE_WITH_TIMEOUT(editor->rowCount(), 30, 3000);
  fly->findChild<QTabWidget*>(QStringLiteral("flySideTabs"))->setCurrentWidget(editor);
  QTest::keyClicks(editor->filter(), QStringLiteral("param_001"));
  QCOMPARE(visibleRows(editor->table()), 10);  // AP_PARAM_0010 … AP_PARAM_0019
  for (int row = 0; row < editor->table()->rowCount(); ++row)
    if (!editor->table()->isRowHidden(row)) QVERIFY(editor->table()->item(row, 0)->text().startsWith("AP_PARAM_001"));
  editor->filter()->clear();
  QCOMPARE(visibleRows(editor->table()), 30);
}

// Back to PX4 (index 1): its modes again, its own parameters, the instruments (the display takes
// its state on the page's 60 Hz timer), its GPS_RAW_INT and GLOBAL_POSITION_INT in the flight
// panel, and the status bar's link figures those of the shown vehicle's link (here the autopilot
// link), not the idle SITL one (it read "link 0 frames" in a PX4 world).
void backToPx4(FlyPage* fly, QComboBox* selector, AutopilotStandIn& px4) {
  navigator::FlightPanel* flight = only<navigator::FlightPanel>(fly);
  VehicleLinkPanel* panel = only<VehicleLinkPanel>(fly);
  choose(selector, 1);
  QVERIFY(flight->modes().contains("Hold"));
  QCOMPARE(flight->modeShown(), QStringLiteral("Position"));
  QTRY_COMPARE_WITH_TIMEOUT(only<navigator::ParameterEditor>(fly)->rowCount(), 20, 3000);
  QTRY_COMPARE_WITH_TIMEOUT(only<navigator::PrimaryFlightDisplay>(fly)->state().mode, QStringLiteral("Position"), 2000);
  px4.telemetry();
  QTRY_VERIFY_WITH_TIMEOUT(flight->navigationText().contains(QStringLiteral("3-D fix, 10 satellites, ±0.6 m")), 2000);
  QVERIFY2(flight->navigationText().contains(QStringLiteral("47.397742°, 8.545594°, 10.0 m above home")),
           qPrintable(flight->navigationText()));
  QVERIFY2(panel->linkStateText().contains(QStringLiteral("2 vehicles")), qPrintable(panel->linkStateText()));
  QTRY_VERIFY_WITH_TIMEOUT(!fly->statusLabel()->text().contains(QStringLiteral("link 0 frames")) &&
                               fly->statusLabel()->text().contains(QStringLiteral(" frames, 0 CRC errors")),
                           3000);
}

// Takeoff / Land / Return, shown for PX4 and ArduPilot as QGroundControl's guided actions: a
// click on Takeoff arms, then asks PX4 to take off to the altitude beside the button (7 m above
// home 488 m: NAV_TAKEOFF param7 495 m above mean sea level); Land; nothing to the other vehicle.
void guidedActionsOnPx4(FlyPage* fly, AutopilotStandIn& px4, AutopilotStandIn& copter) {
  navigator::FlightPanel* flight = only<navigator::FlightPanel>(fly);
  auto* takeoff = part<QPushButton>(flight, "takeoffButton");
  auto* altitude = part<QDoubleSpinBox>(flight, "takeoffAltitude");
  fly->findChild<QTabWidget*>(QStringLiteral("flySideTabs"))->setCurrentIndex(0);
  QVERIFY(takeoff->isVisible() && takeoff->isEnabled());
  altitude->setValue(7.0);
  QTest::mouseClick(takeoff, Qt::LeftButton);
  // (Less the MAV_CMD_REQUEST_MESSAGE, 512, that asks the PX4 for its parameter metadata.)
  const auto flown = [&px4] {
    std::vector<mavlink_command_long_t> out;
    for (const auto& c : px4.commands)
      if (c.command != 512) out.push_back(c);
    return out;
  };
  QTRY_COMPARE_WITH_TIMEOUT(flown().size(), std::size_t(2), 2000);
  QCOMPARE(int(flown()[0].command), 400);
  QCOMPARE(int(flown()[1].command), 22);
  QCOMPARE(flown()[1].param7, 495.0f);
  QTRY_COMPARE_WITH_TIMEOUT(flight->modeShown(), QStringLiteral("Takeoff"), 2000);
  QVERIFY2(flight->messageText().contains(QStringLiteral("Takeoff to 7.0 m: accepted")),
           qPrintable(flight->messageText()));
  QTest::mouseClick(part<QPushButton>(flight, "landButton"), Qt::LeftButton);
  QTRY_COMPARE_WITH_TIMEOUT(flight->modeShown(), QStringLiteral("Land"), 2000);
  QCOMPARE(copter.commands.size(), std::size_t(1));  // nothing went to the other vehicle
}

}  // namespace

class VehicleSelectorTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    navigator::joystick::test::useHeadlessSdl();
  }
  void init() { QSettings().clear(); }

  void selectorListsBothAndSwitchesTheModes() {
    navigator::MainWindow window;
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    FlyPage* fly = window.flyPage();
    VehicleLinkPanel* panel = navigator::test::only<navigator::VehicleLinkPanel>(fly);
    navigator::FlightPanel* flight = navigator::test::only<navigator::FlightPanel>(fly);

    const quint16 port = freeLoopbackUdpPort();
    QVERIFY(port != 0);
    panel->addressField()->clear();
    QTest::keyClicks(panel->addressField(), QStringLiteral("udp:%1").arg(port));
    panel->connectButton()->click();
    QTRY_VERIFY_WITH_TIMEOUT(window.station()->autopilots()->link()->isOpen(), 2000);
    QVERIFY2(panel->linkStateText().contains(QString::number(port)), qPrintable(panel->linkStateText()));
    // The panel shows the address the link is open on, and which preset that is (none here).
    QCOMPARE(panel->addressField()->text(), QStringLiteral("udp:%1").arg(port));
    QCOMPARE(panel->addressChoice()->currentIndex(), panel->addressChoice()->count() - 1);

    AutopilotStandIn px4({AutopilotStandIn::Kind::Px4, 1, 20});
    AutopilotStandIn copter({AutopilotStandIn::Kind::ArduCopter, 2, 30});
    QVERIFY(px4.bindUdp(port));
    QVERIFY(copter.bindUdp(port));
    px4.heartbeat();
    QTRY_COMPARE_WITH_TIMEOUT(panel->vehicleSelector()->count(), 2, 2000);
    copter.heartbeat();
    QComboBox* selector = panel->vehicleSelector();
    QTRY_COMPARE_WITH_TIMEOUT(selector->count(), 3, 2000);
    QCOMPARE(itemsOf(selector), (QStringList{"SITL: no vehicle yet", "1 PX4 quadrotor", "2 ArduCopter"}));

    // The first vehicle heard is on show: PX4's modes, Position (main mode 3).
    QCOMPARE(selector->currentIndex(), 1);
    QCOMPARE(window.station()->vehicles()->shown()->link()->vehicle().system_id, 1);
    QVERIFY2(flight->modes().contains("Hold") && flight->modes().contains("Return"),
             qPrintable(flight->modes().join(", ")));
    QCOMPARE(flight->modeShown(), QStringLiteral("Position"));
    QCOMPARE(flight->linkState(), navigator::FlightPanel::LinkState::Connected);

    arduCopterChosen(window, fly, selector, px4, copter);
    if (QTest::currentTestFailed()) return;
    parametersFiltered(fly);
    if (QTest::currentTestFailed()) return;
    backToPx4(fly, selector, px4);
    if (QTest::currentTestFailed()) return;
    guidedActionsOnPx4(fly, px4, copter);
    if (QTest::currentTestFailed()) return;
    QCoreApplication::sendPostedEvents();  // the layout as it will be painted
    QVERIFY(window.grab().save(QDir::temp().filePath("vehicle_selector.png")));

    // Disconnect: the autopilot vehicles leave the list, the station's own is on show — Vayu,
    // which has no automatic take-off: the guided actions are hidden.
    panel->disconnectButton()->click();
    QCOMPARE(selector->count(), 1);
    QCOMPARE(window.station()->vehicles()->shown()->link(), window.station()->vehicles()->active()->link());
    QVERIFY(!navigator::test::part<QPushButton>(flight, "takeoffButton")->isVisible());
  }

  void refusedTcpIsSaidInThePanel() {
    navigator::Station station;
    FlyPage fly(&station);
    QTcpServer probe;
    QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
    const quint16 port = probe.serverPort();
    probe.close();
    VehicleLinkPanel* panel = navigator::test::only<navigator::VehicleLinkPanel>(&fly);
    panel->addressField()->setText(QStringLiteral("tcp:127.0.0.1:%1").arg(port));
    emit panel->connectRequested(panel->address());
    QTRY_VERIFY_WITH_TIMEOUT(panel->linkStateText().contains("refused"), 5000);
    QVERIFY(panel->linkStateText().contains(QStringLiteral("127.0.0.1:%1").arg(port)));
    QVERIFY(!station.autopilots()->link()->isActive());
    // A typo is said, nothing is opened.
    panel->addressField()->setText(QStringLiteral("tcp:5760"));
    emit panel->connectRequested(panel->address());
    QVERIFY2(panel->linkStateText().contains("needs a host"), qPrintable(panel->linkStateText()));
  }
};

QTEST_MAIN(VehicleSelectorTest)
#include "vehicle_selector_test.moc"
