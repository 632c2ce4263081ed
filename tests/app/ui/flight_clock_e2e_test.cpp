// One clock through resets and changes, end to end with the real SITL firmware: the station
// flies the S500 (a virtual joystick, Arm on the flight panel), the pilot resets it in flight,
// flies it again, changes its mass properties on the ground. Each flight's ULog file is read
// back with the project's reader: closed at the reset, its timestamps never running back, every
// topic the user guide (docs/logs.md) lists holding messages. The plots stay on the simulator's
// clock, the one the status bar shows: after the reset and after the change, their newest time
// is the simulation's time, compared with the simulation paused. The lander's plots move.
// Needs a display (run under xvfb-run) and the vayu_sitl executable.
#include "app/core/flight_recorder.h"
#include "app/joystick/joystick_manager.h"
#include "app/joystick/pilot_input_source.h"
#include "app/link/signing_key_store.h"
#include "app/ui/fly_page.h"
#include "app/ui/main_window.h"
#include "app/ui/telemetry_plots.h"
#include "log/ulog_reader.h"
#include "sim/config/airframe_file.h"
#include "tests/app/joystick/virtual_pad.h"
#include "tests/app/ui/arm_from_panel.h"
#include "tests/support/widget_lookup.h"
#include "widgets/flight_panel.h"
#include "widgets/plots/live_plot.h"

#include <QElapsedTimer>
#include <QFile>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>

using navigator::joystick::test::VirtualPad;
using navigator::test::armFromThePanel;
using navigator::test::button;
using navigator::test::only;

namespace {

const QString kBin = QStringLiteral(NAVIGATOR_BIN_DIR);
constexpr int kThrottleAxis = 1;  // left stick Y on a game controller (SDL's standard mapping)
constexpr int kStickDown = 32767, kStick80Percent = -19660;  // up is negative: −19660 of ±32767 is 80 %

// The topics the user guide says a flight log holds: the backquoted names in its paragraph
// "Topics have PX4's names …" of docs/logs.md.
QStringList documentedTopics() {
  QFile page(QStringLiteral(NAVIGATOR_SOURCE_DIR "/docs/logs.md"));
  if (!page.open(QIODevice::ReadOnly | QIODevice::Text)) return {};
  const QString text = QString::fromUtf8(page.readAll());
  const qsizetype from = text.indexOf(QStringLiteral("Topics have PX4's names"));
  const qsizetype to = text.indexOf(QStringLiteral("\n\n"), from);
  if (from < 0 || to < 0) return {};
  QStringList topics;
  const QRegularExpression name(QStringLiteral("`([a-z_]+)`"));
  for (auto it = name.globalMatch(text.mid(from, to - from)); it.hasNext();) topics << it.next().captured(1);
  return topics;
}

// A flight's file read back: closed whole (no problems), every topic's timestamps in order and
// within the flight's span, and every documented topic with at least one message. Returns the
// span [first, last] of its data in µs.
std::pair<std::uint64_t, std::uint64_t> checkLog(const QString& path) {
  auto log = navigator::ulog::ULogFile::open(path.toStdString());
  if (!log.ok()) {
    QTest::qFail(log.error().message.c_str(), __FILE__, __LINE__);
    return {};
  }
  if (!log->problems().empty()) QTest::qFail(log->problems().front().what.c_str(), __FILE__, __LINE__);
  for (const auto& topic : log->subscriptions()) {
    std::uint64_t previous = 0;
    for (std::size_t m = 0; m < topic.count(); ++m) {
      const std::uint64_t t = log->timestampUs(topic, m);
      if (t < previous)
        QTest::qFail(
            qPrintable(
                QStringLiteral("%1: %2 us after %3 us").arg(QString::fromStdString(topic.name)).arg(t).arg(previous)),
            __FILE__, __LINE__);
      previous = t;
    }
  }
  const QStringList topics = documentedTopics();
  if (topics.size() < 13) QTest::qFail("docs/logs.md lists fewer topics than the log has", __FILE__, __LINE__);
  QStringList empty;
  for (const QString& topic : topics) {
    const auto* sub = log->find(topic.toStdString());
    const std::size_t n = sub ? sub->count() : 0;
    qInfo("%s: %zu messages", qPrintable(topic), n);
    if (n == 0) empty << topic;
  }
  if (!empty.isEmpty()) QTest::qFail(qPrintable(path + ": no messages in " + empty.join(", ")), __FILE__, __LINE__);
  return {log->firstUs(), log->lastUs()};
}

// The simulation paused, every plot's newest sample is the simulation's time, the one the status
// bar shows (to the microsecond), and each plot has drawn it. Resumed after.
void plotsAreOnTheSimulatorsClock(navigator::MainWindow& window, navigator::TelemetryPlots* plots, double after_s) {
  navigator::SimulationWorker* worker = window.station()->sitl()->worker();
  navigator::AttitudeSample last_estimate;
  QObject listening;  // (its end cuts the connection, whichever way this returns)
  QObject::connect(window.station()->sitl()->link(), &navigator::VehicleLink::attitudeUpdated, &listening,
                   [&last_estimate](const navigator::AttitudeSample& a) { last_estimate = a; });
  QVERIFY(QTest::qWaitFor([&] { return last_estimate.time_boot_ms > 0; }, 5000));
  worker->post(vsim::PauseCommand{true});
  QTRY_VERIFY_WITH_TIMEOUT(worker->status().paused, 5000);
  const std::int64_t applied = worker->status().commands_applied;
  worker->post(vsim::WorldCommand{});  // a status after it: the paused time is in it
  QTRY_VERIFY_WITH_TIMEOUT(worker->status().commands_applied > applied, 5000);
  const double sim_s = window.station()->feed()->figures().sim_time_s;
  QVERIFY2(sim_s > after_s, qPrintable(QStringLiteral("sim %1 s, not after %2 s").arg(sim_s).arg(after_s)));
  for (navigator::LivePlot* plot : plots->plots()) {
    if (plot->title().startsWith(QStringLiteral("Attitude"))) {
      // The estimates, at 25 Hz on the firmware's own clock (the run's), are plotted at their
      // instant on the simulator's: the last one came at the run's start plus its time.
      const std::int64_t expected_us = worker->runStartUs() + std::int64_t(last_estimate.time_boot_ms) * 1000;
      QTRY_COMPARE_WITH_TIMEOUT(plot->buffer().empty() ? -1 : std::llround(plot->buffer().newestTime_s() * 1e6),
                                static_cast<long long>(expected_us), 3000);
      continue;
    }
    QTRY_COMPARE_WITH_TIMEOUT(std::llround(plot->buffer().newestTime_s() * 1e6), std::llround(sim_s * 1e6), 3000);
    QTRY_COMPARE_WITH_TIMEOUT(plot->visibleTo_s(), plot->buffer().newestTime_s(), 3000);
  }
  worker->post(vsim::PauseCommand{false});
  QTRY_VERIFY_WITH_TIMEOUT(!worker->status().paused, 5000);
}

void saveScreenshot(QWidget& window, const QString& name) {
  const QString dir = qEnvironmentVariable("NAVIGATOR_TEST_SCREENSHOTS");
  if (!dir.isEmpty()) window.grab().save(dir + QLatin1Char('/') + name);
}

}  // namespace

class FlightClockE2eTest : public QObject {
  Q_OBJECT

 private slots:
  void aResetInFlightEndsTheLogAndTheClockGoesOn() {
    QTemporaryDir dir;
    QSettings().clear();
    QFile::remove(navigator::SigningKeyStore::defaultPath());  // (test mode: not the user's)
    VirtualPad pad;
    pad.axis(kThrottleAxis, kStickDown);
    navigator::MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    navigator::FlyPage* fly = window.flyPage();
    navigator::FlightRecorder* recorder = window.station()->recorder();
    recorder->setFolder(dir.filePath("logs"));
    recorder->setMarginS(1.0);
    QSignalSpy saved(recorder, &navigator::FlightRecorder::flightSaved);
    QSignalSpy started(recorder, &navigator::FlightRecorder::flightStarted);
    navigator::SitlSessionOptions options;
    options.gcs_port = 0;
    options.firmware_executable = kBin + "/vayu_sitl";
    options.params_file = dir.filePath("vayu_params.txt");
    QCOMPARE(window.startSimulation(kBin + "/../share/navigator/airframes/s500.yaml", QString(), options), QString());
    QTRY_COMPARE_WITH_TIMEOUT(only<navigator::joystick::JoystickManager>(fly)->selectedDevice().instance_id,
                              pad.instanceId(), 5000);
    QTRY_COMPARE_WITH_TIMEOUT(only<navigator::joystick::PilotInputSource>(fly)->lastSticks().throttle, 0.0, 2000);
    navigator::VehicleLink* link = window.station()->sitl()->link();
    QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), navigator::LinkState::Connected, 15000);
    auto* plots = only<navigator::TelemetryPlots>(fly);

    // Up 2 m in ANGLE at 80 % (more than the S500's hover, duty ≈ 0.61), then a reset in the air.
    armFromThePanel(fly, link);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(started.count(), 1);
    const float ground_z = window.station()->feed()->truePosition_NED_m()[2];
    pad.axis(kThrottleAxis, kStick80Percent);
    QTRY_VERIFY_WITH_TIMEOUT(window.station()->feed()->truePosition_NED_m()[2] < ground_z - 2.0f, 15000);
    const double reset_at_s = plots->plots().front()->buffer().newestTime_s();
    button(only<navigator::FlightPanel>(fly), "Reset vehicle")->click();
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, 5000);  // the reset ends the flight's log
    pad.axis(kThrottleAxis, kStickDown);
    const auto first = saved.at(0).at(0).value<navigator::RecordedFlight>();
    QVERIFY2(first.duration_s > 1.0 && first.duration_s < reset_at_s + 2.0,
             qPrintable(QString::number(first.duration_s)));
    const auto first_span = checkLog(first.path);
    if (QTest::currentTestFailed()) return;
    QVERIFY(!link->vehicle().armed || QTest::qWaitFor([&] { return !link->vehicle().armed; }, 3000));
    QVERIFY(!recorder->recording());  // disarmed on the ground: nothing more in that file
    // The plots go on from the reset's time (they once began again at 0 while the status bar
    // counted on), the attitude estimate with them.
    QTRY_VERIFY_WITH_TIMEOUT(plots->plots().last()->buffer().newestTime_s() > reset_at_s + 1.0, 10000);
    plotsAreOnTheSimulatorsClock(window, plots, reset_at_s);
    if (QTest::currentTestFailed()) return;
    saveScreenshot(window, QStringLiteral("plots_after_reset.png"));

    // A heavier vehicle on the ground, as "Fly with these mass properties" gives it: the same clock.
    vsim::VehicleModel heavier = window.station()->airframe().model;
    heavier.mass_kg *= 1.1;
    (void)window.station()->flyModel(heavier, QStringLiteral("test: the S500 10 % heavier"));
    QTRY_VERIFY_WITH_TIMEOUT(window.station()->sitl()->worker()->runsStarted() >= 2, 5000);
    plotsAreOnTheSimulatorsClock(window, plots, reset_at_s);
    if (QTest::currentTestFailed()) return;

    // Flown again: a new log, after the first on the same clock, with every topic.
    armFromThePanel(fly, link);
    if (QTest::currentTestFailed()) return;
    QTRY_COMPARE_WITH_TIMEOUT(started.count(), 2, 3000);
    pad.axis(kThrottleAxis, kStick80Percent);
    const float z = window.station()->feed()->truePosition_NED_m()[2];
    QTRY_VERIFY_WITH_TIMEOUT(window.station()->feed()->truePosition_NED_m()[2] < z - 2.0f, 15000);
    window.station()->stopSimulation();
    QCOMPARE(saved.count(), 2);
    const auto second = saved.at(1).at(0).value<navigator::RecordedFlight>();
    QVERIFY(second.path != first.path);
    const auto second_span = checkLog(second.path);
    QVERIFY2(
        second_span.first >= first_span.second,
        qPrintable(QStringLiteral("second from %1 us, first to %2 us").arg(second_span.first).arg(first_span.second)));
    QFile::remove(navigator::SigningKeyStore::defaultPath());
  }

  void theLandersPlotsMove() {
    // lander_004 (four engines, body X up) with its firmware: each of the seven plots draws the
    // samples as they come — seen before: six stayed at their first sample for the whole flight.
    QTemporaryDir dir;
    QSettings().clear();
    navigator::MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    navigator::SitlSessionOptions options;
    options.gcs_port = 0;
    options.firmware_executable = kBin + "/vayu_sitl";
    options.params_file = dir.filePath("vayu_params.txt");
    QCOMPARE(window.startSimulation(kBin + "/../share/navigator/airframes/lander_004.yaml", QString(), options),
             QString());
    auto* plots = only<navigator::TelemetryPlots>(window.flyPage());
    QTRY_VERIFY_WITH_TIMEOUT(window.station()->feed()->figures().sim_time_s > 3.0, 15000);
    for (navigator::LivePlot* plot : plots->plots()) {
      // Drawn up to at least 2 s, and every sample of them: 2 s of 1 kHz samples, or of the
      // firmware's estimates at 25 Hz on the attitude plot.
      QTRY_VERIFY2_WITH_TIMEOUT(plot->visibleTo_s() > 2.0, qPrintable(plot->title()), 5000);
      const int at_least = plot == plots->plots().last() ? 2 * 25 : 2 * 1000;
      QVERIFY2(plot->customPlot()->graph(0)->data()->size() >= at_least, qPrintable(plot->title()));
    }
    window.station()->stopSimulation();
  }
};

QTEST_MAIN(FlightClockE2eTest)
#include "flight_clock_e2e_test.moc"
