// The airframe chooser as a user meets it (File → Choose Airframe…, the airframe button beside
// the tabs): the shipped airframes with their rotors drawn, one clicked and flown by the real
// SITL firmware (its rotor geometry written to it), the choice kept in the settings for the next
// window, refused while the vehicle is armed, Open Airframe File… with a good and a broken file;
// and --airframe NAME resolved as the command-line tools resolve it. This test's settings live in
// a file of its own (a temporary folder), never the user's. Needs a display and vayu_sitl.
#include "app/ui/airframe_chooser.h"
#include "app/ui/fly_page.h"
#include "app/ui/main_window.h"
#include "app/joystick/joystick_manager.h"
#include "app/joystick/pilot_input_source.h"
#include "tests/app/joystick/virtual_pad.h"
#include "tests/support/widget_lookup.h"
#include "widgets/flight_panel.h"
#include "widgets/rotor_layout_view.h"

#include <QAction>
#include <QFileDialog>
#include <QProcess>
#include <QPushButton>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <cmath>

using navigator::joystick::test::VirtualPad;
using navigator::test::only;
using navigator::test::part;

namespace {

const QString kBin = QStringLiteral(NAVIGATOR_BIN_DIR);
const QString kShipped = kBin + QStringLiteral("/../share/navigator/airframes/");
constexpr int kThrottleAxis = 1;  // left stick Y on a game controller (SDL's standard mapping)

QString canonical(const QString& path) { return QFileInfo(path).canonicalFilePath(); }

// The chooser the airframe button beside the tabs opens, clicked as a user does.
navigator::AirframeChooser* openChooser(navigator::MainWindow& window) {
  QTest::mouseClick(part<QToolButton>(&window, "airframeButton"), Qt::LeftButton);
  return window.findChild<navigator::AirframeChooser*>();
}

navigator::SitlSessionOptions sitlOptions(const QTemporaryDir& dir) {
  navigator::SitlSessionOptions options;
  options.gcs_port = 0;  // any free port: ctest may run another station at the same time
  options.firmware_executable = kBin + "/vayu_sitl";
  options.params_file = dir.filePath("vayu_params.txt");
  return options;
}

// The firmware's parameter `name` as last read from it (NaN before).
double param(navigator::VehicleLink* link, const char* name) {
  const auto p = link->params()->param(QString::fromLatin1(name));
  return p ? double(p->value) : std::nan("");
}

// The Fly page's Motors tab with the lander flying: the four engines apart, each disc in the
// counter-clockwise colour (every engine of lander_004.yaml is `spin: ccw`).
void landerEnginesApartInTheirSpin(navigator::MainWindow& window) {
  auto* motors = only<navigator::RotorLayoutView>(window.flyPage());
  part<QTabWidget>(window.flyPage(), "flySideTabs")->setCurrentWidget(motors);
  QTRY_VERIFY(motors->isVisible());
  const QImage image = motors->grab().toImage();
  qInfo("Motors tab %dx%d", motors->width(), motors->height());
  const QColor ccw = navigator::RotorLayoutView::spinColour(true).lighter(170);
  for (int i = 0; i < 4; ++i) {
    // Each disc's fill, half-way to its edge on the left and the right, in the ccw colour.
    const QPointF at = motors->rotorCentre(i);
    int in_colour = 0;
    for (const QPointF d : {QPointF(-12, 0), QPointF(12, 0)})
      in_colour += std::abs(image.pixelColor((at + d).toPoint()).red() - ccw.red()) < 8 &&
                   std::abs(image.pixelColor((at + d).toPoint()).green() - ccw.green()) < 8 &&
                   std::abs(image.pixelColor((at + d).toPoint()).blue() - ccw.blue()) < 8;
    QVERIFY2(in_colour >= 1, qPrintable(QStringLiteral("engine %1").arg(i + 1)));
    for (int j = i + 1; j < 4; ++j) {
      // Apart: further than two of the largest discs (40 px each), so no two discs touch.
      const QPointF d = motors->rotorCentre(j) - at;
      QVERIFY2(std::hypot(d.x(), d.y()) >= 80.0,
               qPrintable(QStringLiteral("engines %1, %2: %3 px").arg(i + 1).arg(j + 1).arg(std::hypot(d.x(), d.y()))));
    }
  }
}

}  // namespace

class AirframeChooserTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    navigator::joystick::test::useHeadlessSdl();
    // Every QSettings() of the station in an INI file in this test's own folder.
    QVERIFY(settings_dir_.isValid());
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settings_dir_.path());
    QVERIFY(QSettings().fileName().startsWith(settings_dir_.path()));
  }
  void init() { QSettings().clear(); }

  void commandLineTakesShippedNamesAndFiles() {
    // As cli/cli_util.h airframePath finds them: a file as given, else NAME(.yaml) in
    // ../share/navigator/airframes beside the program (here build/share/navigator/airframes).
    QString error;
    const QString hex = canonical(kShipped + "hex_550.yaml");
    QVERIFY(!hex.isEmpty());
    QCOMPARE(canonical(navigator::resolveAirframeArgument(QStringLiteral("hex_550"), &error)), hex);
    QCOMPARE(canonical(navigator::resolveAirframeArgument(QStringLiteral("hex_550.yaml"), &error)), hex);
    QCOMPARE(canonical(navigator::resolveAirframeArgument(kShipped + "hex_550.yaml", &error)), hex);
    QTemporaryDir dir;
    QVERIFY(QFile::copy(kShipped + "racer_5in.yaml", dir.filePath("mine.yaml")));
    QCOMPARE(navigator::resolveAirframeArgument(dir.filePath("mine.yaml"), &error), dir.filePath("mine.yaml"));
    QVERIFY(error.isEmpty());
    // Neither a file nor a shipped name: said, with the shipped ones listed.
    QCOMPARE(navigator::resolveAirframeArgument(QStringLiteral("hex_551"), &error), QString());
    QCOMPARE(error, QStringLiteral("--airframe: 'hex_551' is neither a file nor a shipped airframe; the shipped ones: "
                                   "generic_quad, heavy_650, hex_550, lander_004, racer_5in, s500"));
    // The station's own command line says the same and stops before opening a window.
    QProcess station;
    station.setProgram(kBin + "/navigator");
    station.setArguments({QStringLiteral("--airframe"), QStringLiteral("hex_551"), QStringLiteral("--no-sim")});
    station.start();
    QVERIFY(station.waitForFinished(20000));
    QCOMPARE(station.exitCode(), 2);
    QCOMPARE(QString::fromUtf8(station.readAllStandardError()).trimmed(), QStringLiteral("navigator: ") + error);
  }

  void clickingAnAirframeFliesItAndTheChoiceIsKept() {
    QTemporaryDir dir;
    {
      navigator::MainWindow window;
      window.resize(1500, 950);
      window.show();
      QVERIFY(QTest::qWaitForWindowExposed(&window));
      QCOMPARE(window.startSimulation(kShipped + "s500.yaml", QString(), sitlOptions(dir)), QString());
      navigator::VehicleLink* link = window.station()->sitl()->link();
      QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), navigator::LinkState::Connected, 15000);
      QCOMPARE(part<QToolButton>(&window, "airframeButton")->text(), QStringLiteral("Airframe: s500"));

      navigator::AirframeChooser* chooser = openChooser(window);
      QVERIFY(chooser && chooser->isVisible());
      // Every shipped airframe has its card with its picture; the one flying is checked.
      for (const char* name : {"generic_quad", "heavy_650", "hex_550", "lander_004", "racer_5in", "s500"}) {
        QToolButton* card = chooser->card(QString::fromLatin1(name));
        QVERIFY2(card && card->isEnabled() && !card->icon().isNull(), name);
        QCOMPARE(card->isChecked(), QByteArray(name) == "s500");
      }
      QCOMPARE(chooser->card("hex_550")->text(), QStringLiteral("hex_550\n2.40 kg, 6 rotors"));  // hex_550.yaml
      QTest::mouseClick(chooser->card("hex_550"), Qt::LeftButton);

      // Flown (once the last firmware has exited): the station, the simulator and the firmware
      // have the hexacopter; the dialog closed.
      QTRY_VERIFY(!window.findChild<navigator::AirframeChooser*>());
      QTRY_COMPARE_WITH_TIMEOUT(window.station()->airframe().model.name, std::string("hex_550"), 10000);
      QVERIFY(window.station()->sitl()->running());
      QCOMPARE(window.station()->sitl()->model().rotor_count, 6);
      QCOMPARE(part<QToolButton>(&window, "airframeButton")->text(), QStringLiteral("Airframe: hex_550"));
      QCOMPARE(only<navigator::RotorLayoutView>(window.flyPage())->rotors().size(), 6);
      link = window.station()->sitl()->link();
      QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), navigator::LinkState::Connected, 15000);
      // The new firmware read its parameters back (the last run's S500 geometry, 4 rotors) and
      // the station wrote it the hexacopter's.
      QTRY_COMPARE_WITH_TIMEOUT(param(link, "CA_ROTOR_COUNT"), 6.0, 20000);
      QTRY_VERIFY_WITH_TIMEOUT(!window.station()->geometry()->pending(), 10000);
      QCOMPARE(param(link, "MIXER"), 1.0);
      QCOMPARE(canonical(QSettings().value("fly/airframe").toString()), canonical(kShipped + "hex_550.yaml"));

      // The lander through the menu: its Motors tab draws the four engines apart, all ccw.
      part<QAction>(&window, "chooseAirframe")->trigger();
      chooser = window.findChild<navigator::AirframeChooser*>();
      QVERIFY(chooser && chooser->card("hex_550")->isChecked());
      QTest::mouseClick(chooser->card("lander_004"), Qt::LeftButton);
      QTRY_COMPARE_WITH_TIMEOUT(window.station()->airframe().model.name, std::string("lander_004"), 10000);
      landerEnginesApartInTheirSpin(window);
      window.station()->stopSimulation();
    }
    // A new window (the next start) flies the choice and shows it checked.
    QCOMPARE(canonical(navigator::MainWindow::chosenAirframePath()), canonical(kShipped + "lander_004.yaml"));
    navigator::MainWindow again;
    QCOMPARE(part<QToolButton>(&again, "airframeButton")->text(), QStringLiteral("Airframe: lander_004"));
    navigator::AirframeChooser* chooser = openChooser(again);
    QVERIFY(chooser->card("lander_004")->isChecked() && !chooser->card("s500")->isChecked());
    chooser->close();
    // Its file gone: the S500, and the status bar says so.
    QSettings().setValue("fly/airframe", dir.filePath("gone.yaml"));
    QString note;
    QCOMPARE(navigator::MainWindow::chosenAirframePath(&note), navigator::MainWindow::defaultAirframePath());
    QCOMPARE(note, QStringLiteral("The airframe chosen last, %1, is gone: flying the S500 instead.")
                       .arg(dir.filePath("gone.yaml")));
  }

  void refusedWhileArmed() {
    QTemporaryDir dir;
    VirtualPad pad;
    pad.axis(kThrottleAxis, 32767);  // stick fully down
    navigator::MainWindow window;
    window.resize(1500, 950);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    navigator::FlyPage* fly = window.flyPage();
    QCOMPARE(window.startSimulation(kShipped + "s500.yaml", QString(), sitlOptions(dir)), QString());
    QTRY_COMPARE_WITH_TIMEOUT(only<navigator::joystick::JoystickManager>(fly)->selectedDevice().instance_id,
                              pad.instanceId(), 5000);
    navigator::VehicleLink* link = window.station()->sitl()->link();
    QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), navigator::LinkState::Connected, 15000);
    // Armed from the panel; the firmware refuses until its estimator has aligned, so pressed again
    // while it says no (the wall clock only bounds a hang).
    QPushButton* arm = navigator::test::button(only<navigator::FlightPanel>(fly), "Arm");
    QElapsedTimer arming;
    arming.start();
    while (!link->vehicle().armed && arming.elapsed() < 20000) {
      if (arm->isEnabled()) arm->click();
      (void)QTest::qWaitFor([&] { return link->vehicle().armed; }, 1500);
    }
    QVERIFY(link->vehicle().armed);

    navigator::AirframeChooser* chooser = openChooser(window);
    const std::int64_t started = window.station()->sitl()->worker()->status().commands_applied;
    QTest::mouseClick(chooser->card("hex_550"), Qt::LeftButton);
    // Refused with the reason, in the chooser, which stays open; nothing changed or kept.
    QCOMPARE(chooser->statusText(),
             QStringLiteral("Not changed: The vehicle is armed. Land and disarm it first: another airframe starts the "
                            "simulation again, on the ground with its motors stopped."));
    QVERIFY(chooser->isVisible() && !chooser->card("hex_550")->isChecked() && chooser->card("s500")->isChecked());
    QCOMPARE(window.station()->airframe().model.name, std::string("s500"));
    QCOMPARE(window.station()->sitl()->link(), link);
    QCOMPARE(window.station()->sitl()->worker()->status().commands_applied, started);
    QVERIFY(!QSettings().contains("fly/airframe"));
    QVERIFY(link->vehicle().armed);

    // Disarmed, the same click flies it.
    link->disarm();
    QTRY_VERIFY_WITH_TIMEOUT(!link->vehicle().armed, 5000);
    QTest::mouseClick(chooser->card("hex_550"), Qt::LeftButton);
    QTRY_VERIFY(!window.findChild<navigator::AirframeChooser*>());  // closed: taken
    QTRY_COMPARE_WITH_TIMEOUT(window.station()->airframe().model.name, std::string("hex_550"), 10000);
    window.station()->stopSimulation();
  }

  void openAnAirframeFile() {
    // No simulation (--no-sim): the chosen file is the airframe HIL would fly.
    QTemporaryDir dir;
    QVERIFY(QFile::copy(kShipped + "racer_5in.yaml", dir.filePath("my_racer.yaml")));
    QFile broken(dir.filePath("broken.yaml"));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("name: broken\nrotors: [\n");
    broken.close();
    navigator::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    navigator::AirframeChooser* chooser = openChooser(window);
    auto pick = [&](const QString& path) {
      QTest::mouseClick(part<QPushButton>(chooser, "openAirframeFile"), Qt::LeftButton);
      QFileDialog* files = nullptr;  // the one on show (the last one closed is deleted later)
      for (auto* d : chooser->findChildren<QFileDialog*>(QStringLiteral("airframeFileDialog")))
        if (d->isVisible()) files = d;
      QVERIFY(files);
      files->selectFile(path);
      static_cast<QDialog*>(files)->accept();  // (QFileDialog::accept: the Open button)
    };
    pick(dir.filePath("broken.yaml"));
    // The loader's message, naming the file; nothing changed.
    QVERIFY2(chooser->statusText().startsWith(QStringLiteral("Not changed: ") + dir.filePath("broken.yaml")),
             qPrintable(chooser->statusText()));
    QVERIFY(!window.station()->airframe().set);
    QVERIFY(!QSettings().contains("fly/airframe"));
    pick(dir.filePath("my_racer.yaml"));
    QCOMPARE(window.station()->airframe().model.name, std::string("racer_5in"));
    QCOMPARE(only<navigator::RotorLayoutView>(window.flyPage())->rotors().size(), 4);
    QCOMPARE(QSettings().value("fly/airframe").toString(), dir.filePath("my_racer.yaml"));
    QCOMPARE(QSettings().value("fly/airframeDirectory").toString(), dir.path());
  }

 private:
  QTemporaryDir settings_dir_;
};

QTEST_MAIN(AirframeChooserTest)
#include "airframe_chooser_test.moc"
