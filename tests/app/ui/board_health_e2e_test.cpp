// End to end, the board's sensors on the Board tab: the station starts its simulator and the
// real SITL firmware with its drivers reading the chip models (vayu_sitl --sensors chips, a CRSF
// receiver fitted with crsf:none) and one fault injected part-way (--chip-fault); the user opens
// the Board tab. First every sensor's row says present, enabled and healthy; then the faulty
// chip's row says FAULT with the firmware's own message (the driver's, firmware/drivers/*.h),
// while the other rows stay healthy, the link stays up and the simulation loses no sample.
// Needs a display (run under xvfb-run) and the vayu_sitl executable.
#include "app/link/vehicle_link.h"
#include "app/ui/fly_page.h"
#include "app/ui/main_window.h"
#include "app/link/signing_key_store.h"
#include "tests/support/widget_lookup.h"
#include "widgets/board_panel.h"

#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kBin = QStringLiteral(NAVIGATOR_BIN_DIR);

// The rows' order (kBoardSensors): gyroscope, accelerometer, magnetometer, barometer, GPS, radio
// receiver, battery; the health column's words (BoardPanel::healthWords).
constexpr int kRows = 7, kBarometer = 3, kHealthColumn = 3, kMessageColumn = 4;

QString cell(QTableWidget* table, int row, int column) {
  const QTableWidgetItem* item = table->item(row, column);
  return item ? item->text() : QString();
}

// The rows whose health column does not read "healthy", with their words and messages.
QStringList unhealthyRows(QTableWidget* table) {
  QStringList out;
  for (int r = 0; r < table->rowCount(); ++r)
    if (cell(table, r, kHealthColumn) != QStringLiteral("healthy"))
      out << QStringLiteral("%1: %2 (%3)")
                 .arg(cell(table, r, 0), cell(table, r, kHealthColumn), cell(table, r, kMessageColumn));
  return out;
}

// Opens the Board tab as a user does: a click on its tab.
void openBoardTab(navigator::FlyPage* fly, navigator::BoardPanel* panel) {
  auto* tabs = fly->findChild<QTabWidget*>(QStringLiteral("flySideTabs"));
  QVERIFY(tabs);
  const int index = tabs->indexOf(panel);
  QVERIFY(index >= 0);
  QTest::mouseClick(tabs->tabBar(), Qt::LeftButton, {}, tabs->tabBar()->tabRect(index).center());
  QTRY_COMPARE(tabs->currentIndex(), index);
}

}  // namespace

class BoardHealthEndToEndTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
  void healthyThenBarometerStuck();
  void imuMissingFromTheStart();
};

void BoardHealthEndToEndTest::healthyThenBarometerStuck() {
  QTemporaryDir dir;
  QSettings().clear();
  QFile::remove(navigator::SigningKeyStore::defaultPath());
  navigator::MainWindow window;
  window.resize(1600, 1000);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  navigator::FlyPage* fly = window.flyPage();
  auto* panel = navigator::test::only<navigator::BoardPanel>(fly);
  openBoardTab(fly, panel);
  if (QTest::currentTestFailed()) return;
  QTableWidget* table = panel->sensorTable();

  navigator::SitlSessionOptions options;
  options.gcs_port = 0;  // any free port: ctest may run another station at the same time
  options.firmware_executable = kBin + "/vayu_sitl";
  options.params_file = dir.filePath("vayu_params.txt");
  // The barometer's data registers freeze 12 s of simulated time after the first sensor frame:
  // long enough for every sensor to be healthy first (the GPS once the estimate is GPS-aided).
  options.firmware_arguments = {"--sensors", "chips", "--chip-fault", "crsf:none", "--chip-fault", "bmp388:stuck@12"};
  QCOMPARE(window.startSimulation(kBin + "/../share/navigator/airframes/s500.yaml", QString(), options), QString());
  navigator::VehicleLink* link = window.station()->sitl()->link();
  QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), navigator::LinkState::Connected, 15000);

  // Healthy chips: all seven rows present, enabled, healthy (SYS_STATUS comes once a second).
  QTRY_COMPARE_WITH_TIMEOUT(table->rowCount(), kRows, 5000);
  QTRY_VERIFY2_WITH_TIMEOUT(unhealthyRows(table).isEmpty(), qPrintable(unhealthyRows(table).join('\n')), 20000);
  for (int r = 0; r < kRows; ++r) {
    QCOMPARE(cell(table, r, 1), QStringLiteral("yes"));
    QCOMPARE(cell(table, r, 2), QStringLiteral("yes"));
  }
  QVERIFY(link->vehicle().system_id != 0);
  QVERIFY(window.station()->sitl()->worker()->samplesProduced() > 0);
  // The firmware tells a sensor's health on a change only (flight.h): a barometer that was always
  // fine has no message yet.
  QCOMPARE(cell(table, kBarometer, kMessageColumn), QStringLiteral("(none)"));
  // The model's pack: 16.8 V through the ADC (1896 counts of 3.3 V / 4096 × 11 = 16.80 V),
  // no current, 4.2 V a cell above BAT_V_CHARGED 4.05 V: 100 % (battery_adc.h).
  QTRY_VERIFY2_WITH_TIMEOUT(panel->batteryLabel()->text().startsWith("16.80 V · 0.00 A · 100 % remaining"),
                            qPrintable(panel->batteryLabel()->text()), 5000);
  QVERIFY(panel->batteryLabel()->text().endsWith("charge ok"));

  // The fault: the barometer's row says FAULT with the driver's message (bmp388.h: "BMP388:
  // stuck (10 identical samples)" or "(no new sample for 200 ms)"); the six others stay healthy.
  QTRY_COMPARE_WITH_TIMEOUT(cell(table, kBarometer, kHealthColumn), QStringLiteral("FAULT"), 30000);
  QTRY_VERIFY_WITH_TIMEOUT(cell(table, kBarometer, kMessageColumn).startsWith("BMP388: stuck ("), 5000);
  QCOMPARE(table->item(kBarometer, kHealthColumn)->background().color(), QColor(0xb0, 0x00, 0x20));
  QCOMPARE(unhealthyRows(table).size(), 1);
  QCOMPARE(link->sensorText(navigator::BoardSensor::Barometer)->severity, 4);  // MAV_SEVERITY_WARNING
  // Nothing else lost: the link up, the simulation whole, the firmware's text in the log too.
  QCOMPARE(link->linkState(), navigator::LinkState::Connected);
  QCOMPARE(window.station()->sitl()->worker()->samplesLost(), 0u);
  QVERIFY(window.grab().save(kBin + "/board_sensors_fault.png"));
  window.station()->stopSimulation();
}

// A BMX160 answering another identity from power-on: its driver does not start, the firmware runs
// on without an IMU (as --chip-fault asked) and the station shows it without a crash: the
// gyroscope, accelerometer and magnetometer rows FAULT with the driver's message (bmx160.h:
// "BMX160: wrong identity 0xD1 (expected 0xD8)"); the barometer's and the GPS's too, since a core
// with no IMU sample fails its own check and SYS_STATUS counts them with it (fc_link_status.h);
// the radio receiver and the battery, read apart from the IMU, stay healthy.
void BoardHealthEndToEndTest::imuMissingFromTheStart() {
  QTemporaryDir dir;
  QSettings().clear();
  navigator::MainWindow window;
  window.resize(1600, 1000);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  navigator::FlyPage* fly = window.flyPage();
  auto* panel = navigator::test::only<navigator::BoardPanel>(fly);
  openBoardTab(fly, panel);
  if (QTest::currentTestFailed()) return;
  QTableWidget* table = panel->sensorTable();
  navigator::SitlSessionOptions options;
  options.gcs_port = 0;
  options.firmware_executable = kBin + "/vayu_sitl";
  options.params_file = dir.filePath("vayu_params.txt");
  options.firmware_arguments = {"--sensors", "chips", "--chip-fault", "crsf:none", "--chip-fault", "bmx160:wrong-id"};
  QCOMPARE(window.startSimulation(kBin + "/../share/navigator/airframes/s500.yaml", QString(), options), QString());
  navigator::VehicleLink* link = window.station()->sitl()->link();
  QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), navigator::LinkState::Connected, 15000);
  const QStringList faulty = {"Gyroscope", "Accelerometer", "Magnetometer", "Barometer", "GPS"};
  QTRY_VERIFY2_WITH_TIMEOUT(unhealthyRows(table).size() == faulty.size(), qPrintable(unhealthyRows(table).join('\n')),
                            20000);
  for (int r = 0; r < faulty.size(); ++r) QCOMPARE(cell(table, r, kHealthColumn), QStringLiteral("FAULT"));
  for (int r = 0; r < 3; ++r)
    QTRY_COMPARE_WITH_TIMEOUT(cell(table, r, kMessageColumn),
                              QStringLiteral("BMX160: wrong identity 0xD1 (expected 0xD8)"), 5000);
  QCOMPARE(cell(table, 5, kHealthColumn), QStringLiteral("healthy"));
  QCOMPARE(cell(table, 6, kHealthColumn), QStringLiteral("healthy"));
  QCOMPARE(link->linkState(), navigator::LinkState::Connected);
  QVERIFY(window.station()->sitl()->running());
  window.station()->stopSimulation();
}

QTEST_MAIN(BoardHealthEndToEndTest)
#include "board_health_e2e_test.moc"
