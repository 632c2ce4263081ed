// The Fly page's Board tab against the board image on QEMU's emulated STM32F405, as a user
// would: type the pseudo-terminal's path, choose 115200 baud, Connect. The panels switch to the
// board: the link comes up on its HEARTBEAT and the parameter editor fills with all its
// parameters. Then *Fly the simulator through the board (HIL)*: the station's simulator feeds
// the board's firmware over the serial link in lockstep, and the plots and the 3-D view follow
// the world the board flies, and the status bar shows the board's loop (HIL_SENSOR/s, its real-time
// factor); Arm, offered once the pilot stream runs (the on-screen sticks, throttle down), arms the
// board at the first press; the same button stops HIL; Disconnect gives the panels back to the
// SITL firmware.
// Fails when qemu-system-arm, the board image or socat is missing, unless tests/support/optional_tools.h
// declares the tool optional. Needs a display (xvfb-run).
#include "firmware/core/fc_params.h"
#include "app/core/hil_bridge.h"
#include "app/joystick/pilot_input_source.h"
#include "app/ui/fly_page.h"
#include "app/ui/telemetry_plots.h"
#include "sim/config/airframe_file.h"
#include "tests/board/qemu_board.h"
#include "tests/app/link/pty_pair.h"
#include "widgets/board_panel.h"
#include "widgets/flight_view/flight_view_3d.h"
#include "widgets/flight_view/vehicle_entity.h"
#include "widgets/plots/live_plot.h"
#include "widgets/flight_panel.h"
#include "widgets/parameter_editor.h"
#include "tests/support/optional_tools.h"
#include "tests/support/widget_lookup.h"

#include <QComboBox>
#include <QLabel>
#include <QTabWidget>
#include <QRegularExpression>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace navigator::board_test;

namespace {

using navigator::test::button;

// The status bar shows the board's loop, not the station's own simulator (none runs here,
// whose real-time factor would read 0): each exchange advances 11 ms of simulated time, so
// HIL_SENSOR/s = rtf / 0.011 s, within the rounding of the figures shown (rate to 1, rtf to
// 0.001: 0.0005 / 0.011 = 0.05 per second), whatever pace QEMU keeps. The Board tab says the same.
void statusShowsTheBoardsLoop(navigator::FlyPage& fly, navigator::BoardPanel* panel) {
  const QRegularExpression figures(QStringLiteral("HIL (\\d+) HIL_SENSOR/s · sim [0-9.,]+ s · rtf ([0-9.]+) "));
  QRegularExpressionMatch m;
  QTRY_VERIFY_WITH_TIMEOUT((m = figures.match(fly.statusLabel()->text())).hasMatch(), 5000);
  const double rate = m.captured(1).toDouble(), rtf = m.captured(2).toDouble();
  qInfo("HIL on QEMU: %s", qPrintable(fly.statusLabel()->text()));
  QVERIFY2(rtf > 0.05, qPrintable(fly.statusLabel()->text()));
  QVERIFY2(std::abs(rate - rtf / 0.011) <= 0.6, qPrintable(fly.statusLabel()->text()));
  bool measured_shown = false;
  for (QLabel* l : panel->findChildren<QLabel*>())
    measured_shown = measured_shown || l->text().contains(QStringLiteral("(the board's loop)"));
  QVERIFY(measured_shown);
  if (const QByteArray shots = qgetenv("NAVIGATOR_SCREENSHOT_DIR"); !shots.isEmpty()) {
    auto* tabs = fly.findChild<QTabWidget*>(QStringLiteral("flySideTabs"));
    tabs->setCurrentIndex(tabs->count() - 2);  // the Board tab (the Log is last)
    const QString before = fly.statusLabel()->text();
    QTRY_VERIFY_WITH_TIMEOUT(fly.statusLabel()->text() != before, 3000);  // the next figures
    fly.grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/fly_board_hil.png"));
    fly.statusLabel()->grab().save(QString::fromLocal8Bit(shots) + QStringLiteral("/fly_board_hil_status.png"));
    tabs->setCurrentIndex(0);
  }
}

// Arm is offered once the pilot stream runs (the on-screen sticks, throttle down) and, the
// board's estimate aligned, one press arms it: no "no pilot input" refusal to press through.
void armsAtTheFirstPress(navigator::FlyPage& fly, navigator::Station& station,
                         const navigator::SysStatusSample& health) {
  navigator::VehicleLink* link = station.board()->link();
  navigator::test::only<navigator::joystick::PilotInputSource>(&fly)->setSource(
      navigator::joystick::PilotInputSource::Source::VirtualSticks);
  navigator::test::only<navigator::joystick::PilotInputSource>(&fly)->setVirtualSticks(0, 0, 0, 0);
  QPushButton* arm = button(navigator::test::only<navigator::FlightPanel>(&fly), "Arm");
  QTRY_VERIFY_WITH_TIMEOUT(station.pilot()->streamRunning() && arm->isEnabled(), 5000);
  constexpr std::uint32_t kAttitudeHealthy = 1u << 10;  // MAV_SYS_STATUS_SENSOR_ATTITUDE_STABILIZATION
  QTRY_VERIFY_WITH_TIMEOUT((health.health & kAttitudeHealthy) != 0, 20000);
  arm->click();
  QTRY_VERIFY2_WITH_TIMEOUT(link->vehicle().armed,
                            qPrintable(navigator::test::only<navigator::FlightPanel>(&fly)->messageText()), 5000);
  button(navigator::test::only<navigator::FlightPanel>(&fly), "Disarm")->click();
  QTRY_VERIFY_WITH_TIMEOUT(!link->vehicle().armed, 5000);
}

}  // namespace

class FlyBoardTest : public QObject {
  Q_OBJECT

 private slots:
  void boardTabConnectsAndFliesHil() {
    const std::string qemu = find_in_path("qemu-system-arm");
    NAVIGATOR_REQUIRE_TOOL("qemu-system-arm", !qemu.empty(), std::string_view());
    NAVIGATOR_REQUIRE_TOOL("arm-none-eabi-gcc", access(NAVIGATOR_BOARD_IMAGE, R_OK) == 0,
                           "no board image at " NAVIGATOR_BOARD_IMAGE);
    Qemu q;
    std::string error;
    QVERIFY2(start_qemu(q, qemu, NAVIGATOR_BOARD_IMAGE, error, false), error.c_str());

    navigator::Station station;
    navigator::FlyPage fly(&station);
    // The S500 on flat ground, as the application flies it (no SITL firmware here: the board flies).
    auto model = vsim::loadAirframe(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
    QVERIFY(bool(model));
    vsim::SimulatorConfig config;
    config.world = vsim::World{};
    station.setAirframe(model.value(), config);
    fly.resize(1200, 800);
    fly.show();
    QVERIFY(QTest::qWaitForWindowExposed(&fly));
    navigator::BoardPanel* panel = navigator::test::only<navigator::BoardPanel>(&fly);
    panel->pathChoice()->setEditText(QString::fromStdString(q.pty));
    auto* baud = panel->findChild<QComboBox*>(QString(), Qt::FindDirectChildrenOnly);
    for (auto* combo : panel->findChildren<QComboBox*>())
      if (combo != panel->pathChoice()) baud = combo;
    baud->setCurrentIndex(baud->findData(115200));
    QCOMPARE(panel->chosenBaud(), 115200);
    button(panel, "Connect")->click();
    QVERIFY(station.board()->connected());
    QVERIFY(monitor_command(q, "cont"));  // the port is open: now the CPU may run

    // The panels speak to the board now.
    navigator::VehicleLink* link = station.board()->link();
    QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), navigator::LinkState::Connected, 10000);
    QTRY_COMPARE_WITH_TIMEOUT(navigator::test::only<navigator::FlightPanel>(&fly)->linkState(),
                              navigator::FlightPanel::LinkState::Connected, 2000);
    QTRY_COMPARE_WITH_TIMEOUT(navigator::test::only<navigator::ParameterEditor>(&fly)->rowCount(), int(FC_PARAM_COUNT),
                              15000);  // the rows of FC_PARAM_TABLE (firmware/core/fc_params.h)

    // HIL from the panel; the world moves in lockstep with the board's answers. While the
    // board's attitude estimate aligns, the health the board reports is watched (SYS_STATUS).
    navigator::SysStatusSample health;
    connect(link, &navigator::VehicleLink::sysStatusUpdated, this,
            [&health](const navigator::SysStatusSample& s) { health = s; });
    QPushButton* hil = button(panel, "Fly the simulator through the board (HIL)");
    QVERIFY(hil && hil->isEnabled());
    hil->click();
    QVERIFY(station.hil()->bridge());
    QCOMPARE(station.hil()->bridge()->imuPeriodsPerExchange(), 11);  // 115200 baud: 99 HIL_SENSOR/s → one per 11 ms
    QCOMPARE(hil->text(), QStringLiteral("Stop HIL"));               // the same button stops it
    QTRY_VERIFY_WITH_TIMEOUT(station.hil()->bridge()->exchanges() > 100, 15000);
    QTRY_VERIFY_WITH_TIMEOUT(navigator::test::only<navigator::TelemetryPlots>(&fly)->samplesPlotted() > 50, 5000);
    QCOMPARE(station.hil()->bridge()->resends(), 0u);

    statusShowsTheBoardsLoop(fly, panel);
    if (QTest::currentTestFailed()) return;

    armsAtTheFirstPress(fly, station, health);
    if (QTest::currentTestFailed()) return;

    // The HIL button stops HIL; the port stays open and the status bar drops the board's loop.
    hil->click();
    QVERIFY(!station.hil()->bridge());
    QVERIFY(station.board()->connected());
    QCOMPARE(hil->text(), QStringLiteral("Fly the simulator through the board (HIL)"));
    QVERIFY(hil->isEnabled() && !hil->isChecked());
    QTRY_VERIFY_WITH_TIMEOUT(!fly.statusLabel()->text().contains(QStringLiteral("HIL_SENSOR/s")), 3000);

    // Disconnect: HIL stops, the panels go back to the (here absent) SITL firmware's link.
    button(panel, "Disconnect")->click();
    QVERIFY(!station.hil()->bridge());
    QVERIFY(!station.board()->connected());
    QCOMPARE(navigator::test::only<navigator::FlightPanel>(&fly)->linkState(),
             navigator::FlightPanel::LinkState::NoVehicle);
  }

  void aBoardsOwnTelemetryReachesThePlotsAndTheView() {
    // A board flying on its own sensors (no HIL), played through a socat pty pair: its
    // HIGHRES_IMU goes to the IMU plots, what it does not report (wind, motors) stays a gap,
    // and its ATTITUDE_QUATERNION turns the vehicle in the 3-D view.
    NAVIGATOR_REQUIRE_PROGRAM("socat");
    QTemporaryDir dir;
    navigator::test::PtyPair pty(dir.path());
    QVERIFY(pty.start());
    navigator::Station station;
    navigator::FlyPage fly(&station);
    fly.show();
    QVERIFY(QTest::qWaitForWindowExposed(&fly));
    station.board()->connectTo(pty.a(), 115200);
    QVERIFY(station.board()->connected());
    const int peer = ::open(QFile::encodeName(pty.b()).constData(), O_RDWR | O_NOCTTY | O_CLOEXEC);
    QVERIFY(peer >= 0);
    mavlink_sender_t board{1, 1, 0};
    auto send = [&](std::uint32_t id, const void* message) {
      std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
      const std::size_t n = mavlink_pack(&board, id, message, frame);
      QCOMPARE(::write(peer, frame, n), ssize_t(n));
    };
    // 10° of roll: q = (cos 5°, sin 5°, 0, 0).
    const float half = float(5.0 * M_PI / 180.0);
    for (int i = 1; i <= 50; ++i) {
      mavlink_heartbeat_t hb{};
      hb.type = 2;
      hb.base_mode = 81;
      send(MAVLINK_MSG_ID_HEARTBEAT, &hb);
      mavlink_highres_imu_t imu{};
      imu.time_usec = std::uint64_t(i) * 20000;
      imu.xacc = 0.5f;
      imu.zacc = -9.81f;
      imu.xgyro = 0.01f;
      imu.xmag = 0.21f;
      send(MAVLINK_MSG_ID_HIGHRES_IMU, &imu);
      mavlink_attitude_quaternion_t q{};
      q.time_boot_ms = std::uint32_t(i) * 20;
      q.q1 = std::cos(half);
      q.q2 = std::sin(half);
      send(MAVLINK_MSG_ID_ATTITUDE_QUATERNION, &q);
      QTest::qWait(20);
    }
    QTRY_COMPARE_WITH_TIMEOUT(navigator::test::only<navigator::FlightPanel>(&fly)->linkState(),
                              navigator::FlightPanel::LinkState::Connected, 3000);
    const navigator::TimeSeriesBuffer& accel =
        navigator::test::only<navigator::TelemetryPlots>(&fly)->plot("Accelerometer (sensor axes)")->buffer();
    QTRY_VERIFY_WITH_TIMEOUT(accel.size() >= 40, 3000);
    QCOMPARE(accel.value(accel.size() - 1, 0), 0.5);  // x, as the board sent it
    QCOMPARE(float(accel.value(accel.size() - 1, 2)), -9.81f);
    const navigator::TimeSeriesBuffer& wind =
        navigator::test::only<navigator::TelemetryPlots>(&fly)->plot("Wind (NED)")->buffer();
    QVERIFY(wind.size() == 0 || std::isnan(wind.value(wind.size() - 1, 0)));  // not reported: a gap
    // 10° of roll is right wing down: the body's left axis (FLU y) rises by sin 10° in ENU.
    QTRY_VERIFY_WITH_TIMEOUT(std::abs(navigator::test::only<navigator::FlightView3D>(&fly)
                                          ->vehicle()
                                          ->attitude_ENU_FLU()
                                          .rotatedVector(QVector3D(0, 1, 0))
                                          .z() -
                                      std::sin(2 * half)) < 1e-4f,
                             3000);
    ::close(peer);
    station.board()->disconnectFrom();
  }
};

int main(int argc, char** argv) {
  killQemuOnSignals();
  QStandardPaths::setTestModeEnabled(true);
  qputenv("SDL_VIDEODRIVER", "dummy");
  QApplication app(argc, argv);
  FlyBoardTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "fly_board_test.moc"
