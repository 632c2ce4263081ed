// The Fly page's Vehicles box as a real widget: the serial ports of the port catalogue offered
// beside the PX4 and ArduPilot presets (a DFU device, which carries no link, left out), a port
// chosen with the keyboard and connected by click as serial:PATH (baud detected), the list
// refreshed with the port gone (the address typed stays), and the address field's hint.
#include "widgets/vehicle_link_panel.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

using navigator::VehicleLinkPanel;
using navigator::VehiclePortChoice;

class VehicleLinkPanelTest : public QObject {
  Q_OBJECT

 private slots:
  void serialPortsOfferedAndConnected() {
    VehicleLinkPanel panel;
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy requested(&panel, &VehicleLinkPanel::connectRequested);
    panel.setSerialPorts(
        {{QStringLiteral("STM32 virtual COM port (flight controller) — /dev/ttyACM0"), QStringLiteral("/dev/ttyACM0"),
          true},
         {QStringLiteral("STM32 DFU — (no tty)"), QStringLiteral("/dev/dfu"), false},
         {QStringLiteral("CP210x USB-UART (adapter) — /dev/ttyUSB0"), QStringLiteral("/dev/ttyUSB0"), true}});
    QComboBox* choice = panel.addressChoice();
    // PX4, ArduPilot, the two usable ports, Other address.
    QCOMPARE(choice->count(), 5);
    QCOMPARE(choice->itemText(2), QStringLiteral("Serial: STM32 virtual COM port (flight controller) — /dev/ttyACM0"));
    QCOMPARE(choice->itemData(3).toString(), QStringLiteral("serial:/dev/ttyUSB0"));
    QCOMPARE(choice->currentIndex(), 0);  // udp:14550 stays chosen

    choice->setFocus();
    QTest::keyClick(choice, Qt::Key_Down);
    QTest::keyClick(choice, Qt::Key_Down);  // the flight controller's port
    QCOMPARE(choice->currentIndex(), 2);
    QCOMPARE(panel.address(), QStringLiteral("serial:/dev/ttyACM0"));
    QTest::mouseClick(panel.connectButton(), Qt::LeftButton);
    QCOMPARE(requested.count(), 1);
    QCOMPARE(requested.at(0).at(0).toString(), QStringLiteral("serial:/dev/ttyACM0"));

    // A baud rate typed after it: no preset matches, "Other address".
    panel.addressField()->setFocus();
    QTest::keyClicks(panel.addressField(), QStringLiteral(":57600"));
    QCOMPARE(panel.address(), QStringLiteral("serial:/dev/ttyACM0:57600"));
    QCOMPARE(choice->currentIndex(), choice->count() - 1);

    // The port unplugged and the list refreshed: its entry goes, the typed address stays.
    panel.setAddress(QStringLiteral("serial:/dev/ttyUSB0"));
    QCOMPARE(choice->currentIndex(), 3);
    panel.setSerialPorts({{QStringLiteral("STM32 virtual COM port (flight controller) — /dev/ttyACM0"),
                           QStringLiteral("/dev/ttyACM0"), true}});
    QCOMPARE(choice->count(), 4);
    QCOMPARE(choice->currentIndex(), 3);  // Other address
    QCOMPARE(panel.address(), QStringLiteral("serial:/dev/ttyUSB0"));
    QVERIFY(panel.addressField()->placeholderText().contains(QStringLiteral("serial:DEVICE[:BAUD]")));
  }
};

QTEST_MAIN(VehicleLinkPanelTest)
#include "vehicle_link_panel_test.moc"
