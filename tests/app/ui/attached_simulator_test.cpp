// The station attached to a simulator it did not start (Station::attachSimulator): a
// vsim_d and a vayu_sitl run by this test as scripts/sitl.sh runs them, in a private folder,
// the firmware's MAVLink on a free UDP port. vsim_d is SIGKILLed while the
// station flies and started again. The station says the simulator is gone (naming its folder)
// and that the link to the firmware is lost, takes the new vsim_d up when it comes ("is back")
// with the link connected again, and its plots keep every sample from before the gap; the new
// run's time, which starts again from zero, is placed after them (RunTimeline), so the plotted
// time only ever grows. Wind set on the station reaches the attached vsim_d through vsim_ctl.
#include "app/core/station.h"
#include "app/ui/telemetry_plots.h"
#include "tests/sim/shipped_airframes.h"
#include "widgets/plots/live_plot.h"

#include <QApplication>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include <signal.h>

using namespace navigator;

namespace {

// vsim_d as scripts/sitl.sh starts it (its stderr to a file: nobody reads a pipe of it here).
void startSimulator(QProcess& sim, const QString& dir, int run) {
  sim.setStandardErrorFile(dir + QStringLiteral("/vsim_d.%1.log").arg(run));
  sim.start(QStringLiteral(NAVIGATOR_BIN_DIR "/vsim_d"),
            {"--dir", dir, "--airframe", "s500", "--world", "ground", "--mode", "realtime", "--seed", "4", "--quiet"});
}

bool saidWith(const QSignalSpy& spy, PosePipeReader::State state, const QString& words) {
  for (const QList<QVariant>& s : spy)
    if (s.at(0).value<PosePipeReader::State>() == state && s.at(1).toString().contains(words)) return true;
  return false;
}

// What the station shows of the simulator: every sample drained from its feed, in order, and the
// plots fed with them.
struct ShownSamples {
  explicit ShownSamples(Station& s) : station(s) {}
  // Drains until at least `n` samples were shown (within 10 s).
  bool drainAtLeast(std::size_t n) {
    return QTest::qWaitFor(
        [&] {
          const FlightDrain d = station.feed()->drain();
          plots.appendSamples(d.samples);
          shown.insert(shown.end(), d.samples.begin(), d.samples.end());
          return shown.size() >= n;
        },
        10000);
  }
  Station& station;
  TelemetryPlots plots;
  std::vector<TelemetrySample> shown;
};

// vsim_d killed mid-flight: the station says it is gone (naming its folder), and the firmware,
// with no sensors to fly on, falls silent: the link says it is lost. *before_gap: how many
// samples were shown until then, every one plotted.
void simulatorKilled(QProcess& sim, const QSignalSpy& simulator, VehicleLink* link, ShownSamples& w, const QString& dir,
                     std::size_t* before_gap) {
  ::kill(pid_t(sim.processId()), SIGKILL);
  QVERIFY(sim.waitForFinished(5000));
  QTRY_VERIFY_WITH_TIMEOUT(saidWith(simulator, PosePipeReader::State::Gone, dir), 5000);
  QVERIFY(saidWith(simulator, PosePipeReader::State::Gone, "is gone"));
  QTRY_VERIFY_WITH_TIMEOUT(link->linkState() == LinkState::Lost, 6000);
  QVERIFY(w.drainAtLeast(0));
  *before_gap = w.shown.size();
  LivePlot* accel = w.plots.plot(QStringLiteral("Accelerometer (sensor axes)"));
  QVERIFY(accel);
  QCOMPARE(accel->buffer().size(), *before_gap);
}

// Nothing before the gap is lost; the new run continues after it, time only growing: one period
// of the run before after the last sample shown (vsim_d's 60 Hz poses fall on whole 1 ms IMU
// periods: 16 or 17 ms apart).
void timeGoesOnAfterTheGap(const ShownSamples& w, std::size_t before_gap, std::int64_t last_before_gap_us) {
  const std::vector<TelemetrySample>& shown = w.shown;
  LivePlot* accel = w.plots.plot(QStringLiteral("Accelerometer (sensor axes)"));
  QCOMPARE_GE(accel->buffer().size(), shown.size());
  QCOMPARE(accel->buffer().time_s(before_gap - 1), double(last_before_gap_us) * 1e-6);
  QCOMPARE(accel->buffer().time_s(0), double(shown.front().time_us) * 1e-6);
  for (std::size_t i = 1; i < shown.size(); ++i) QVERIFY(shown[i].time_us > shown[i - 1].time_us);
  QVERIFY(shown[before_gap].time_us > last_before_gap_us);
  const std::int64_t period_us = shown[before_gap - 1].time_us - shown[before_gap - 2].time_us;
  QVERIFY(period_us == 16000 || period_us == 17000);
  QCOMPARE(shown[before_gap].time_us, last_before_gap_us + period_us);
}

}  // namespace

class AttachedSimulatorTest : public QObject {
  Q_OBJECT

 private slots:
  void telemetryFromPoseInvertsTheFrame();
  void runTimelinePlacesARestartedRunAfterTheLastSample();
  void vsimDKilledAndRestartedWhileFlying();
};

void AttachedSimulatorTest::telemetryFromPoseInvertsTheFrame() {
  // A pose 12 m north, 5 m west and 3 m up of the home, as vsim_d would write it (hil_frames.cpp):
  // it comes back to within the frame's resolution (1e-7° of latitude ≈ 1.1 cm, 1 mm of altitude).
  const vsim::VehicleModel s500 = loadShippedAirframe("s500.yaml");
  double lat = 0, lon = 0, alt = 0;
  vsim::nedToGeodetic(s500.gps, s500.baro.home_altitude_m, Eigen::Vector3d(12.0, -5.0, -3.0), lat, lon, alt);
  mavlink_hil_state_quaternion_t pose{};
  pose.time_usec = 2500000;
  pose.attitude_quaternion[0] = 0.9659258f;  // 30° of yaw
  pose.attitude_quaternion[3] = 0.2588190f;
  pose.lat = std::int32_t(std::lround(lat * 1e7));
  pose.lon = std::int32_t(std::lround(lon * 1e7));
  pose.alt = std::int32_t(std::lround(alt * 1e3));
  pose.rollspeed = 0.25f;
  pose.zacc = -1000;  // −1000 mG: standing still, (0, 0, −g)
  pose.ind_airspeed = 350;
  const TelemetrySample t = telemetryFromPose(pose, s500);
  QCOMPARE(t.time_us, std::int64_t(2500000));
  QCOMPARE_LT(std::fabs(t.p_W_m[0] - 12.0f), 0.012f);
  QCOMPARE_LT(std::fabs(t.p_W_m[1] + 5.0f), 0.012f);
  QCOMPARE_LT(std::fabs(t.p_W_m[2] + 3.0f), 0.001f);
  QCOMPARE(t.attitude_WB_wxyz[3], 0.2588190f);
  QCOMPARE(t.gyro_S_radps[0], 0.25f);
  QCOMPARE(t.accel_S_mps2[2], float(-9.80665));  // standard gravity (hil_frames.h)
  QCOMPARE(t.airspeed_mps, 3.5f);
  QVERIFY(std::isnan(t.mag_S_gauss[0]) && std::isnan(t.wind_NED_mps[0]));  // not in the frame: a gap
  QCOMPARE(t.rotor_count, 0);
}

void AttachedSimulatorTest::runTimelinePlacesARestartedRunAfterTheLastSample() {
  RunTimeline timeline;
  QCOMPARE(timeline.place(16667), std::int64_t(16667));  // the first run as it is
  QCOMPARE(timeline.place(33333), std::int64_t(33333));
  QCOMPARE(timeline.place(50000), std::int64_t(50000));
  QCOMPARE(timeline.runs(), 1);
  // Restarted at 0: one period of the run before (50000 − 33333) after the last sample shown,
  // then at its own spacing.
  QCOMPARE(timeline.place(0), std::int64_t(66667));
  QCOMPARE(timeline.place(16667), std::int64_t(83334));
  QCOMPARE(timeline.runs(), 2);
  // A run of one sample, then another restart: the first run's period is still the one known.
  QCOMPARE(timeline.place(5), std::int64_t(83334 + 16667));
  QCOMPARE(timeline.runs(), 3);
  RunTimeline lone;
  QCOMPARE(lone.place(7), std::int64_t(7));
  QCOMPARE(lone.place(7), std::int64_t(8));  // no interval known yet: 1 µs after
}

void AttachedSimulatorTest::vsimDKilledAndRestartedWhileFlying() {
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  Station station;
  QSignalSpy simulator(&station, &Station::simulatorStateChanged);
  QSignalSpy lines(&station, &Station::logLine);
  // Attached before any vsim_d runs: the station waits for one.
  QCOMPARE(station.attachSimulator(loadShippedAirframe("s500.yaml"), vsim::SimulatorConfig{}, dir.path(), 0),
           QString());
  QVERIFY(station.sitl()->attached());
  QVERIFY(!station.sitl()->running());  // nothing of ours simulates
  QCOMPARE(station.sitl()->poseReader()->state(), PosePipeReader::State::Waiting);
  VehicleLink* link = station.sitl()->link();

  QProcess sim;
  startSimulator(sim, dir.path(), 1);
  QVERIFY(sim.waitForStarted());
  SitlProcess firmware;
  firmware.setExecutable(QStringLiteral(NAVIGATOR_BIN_DIR "/vayu_sitl"));
  SitlOptions options;
  options.pipe_dir = dir.path();
  options.gcs_port = station.sitl()->gcsPort();
  options.local_port = 0;
  firmware.setOptions(options);
  QVERIFY(firmware.start());

  ShownSamples w(station);
  QVERIFY(w.drainAtLeast(60));  // a second of vsim_d's 60 Hz poses
  QVERIFY(saidWith(simulator, PosePipeReader::State::Live, "is connected"));
  QTRY_VERIFY_WITH_TIMEOUT(link->linkState() == LinkState::Connected, 5000);
  // What vsim_d says is true: the S500 standing on flat ground, level, reading (0, 0, −g).
  const TelemetrySample& standing = w.shown.back();
  QVERIFY(standing.p_W_m[2] < 0.0f && standing.p_W_m[2] > -0.5f);
  QCOMPARE_LT(std::fabs(standing.attitude_WB_wxyz[0] - 1.0f), 1e-3f);
  QCOMPARE_LT(std::fabs(standing.accel_S_mps2[2] + 9.81f), 0.3f);

  std::size_t before_gap = 0;
  simulatorKilled(sim, simulator, link, w, dir.path(), &before_gap);
  if (QTest::currentTestFailed()) return;
  const std::int64_t last_before_gap_us = w.shown.back().time_us;

  // Wind asked for while no simulator is there: said, naming the pipe, not silently dropped.
  QSignalSpy problems(station.sitl(), &SitlSession::problem);
  station.sitl()->setWind(Eigen::Vector3d(5.0, 0.0, 0.0), 0.0);
  QCOMPARE(problems.count(), 1);
  QVERIFY(problems.at(0).at(0).toString().contains(dir.path() + "/vsim_ctl: no simulator reads it"));

  // Started again (within vayu_sitl's 10 s, so the firmware flies on).
  startSimulator(sim, dir.path(), 2);
  QVERIFY(sim.waitForStarted());
  QTRY_VERIFY_WITH_TIMEOUT(saidWith(simulator, PosePipeReader::State::Live, "is back"), 5000);
  QVERIFY(w.drainAtLeast(before_gap + 60));
  QTRY_VERIFY_WITH_TIMEOUT(link->linkState() == LinkState::Connected, 5000);
  QCOMPARE(station.sitl()->poseReader()->simulatorsSeen(), 2u);
  timeGoesOnAfterTheGap(w, before_gap, last_before_gap_us);
  if (QTest::currentTestFailed()) return;
  QCOMPARE(station.sitl()->poseReader()->bytesDropped(), 0u);

  // Wind goes down the new vsim_d's control pipe: standing still in a 5 m/s north wind, the
  // airspeed in its poses (|v − wind|, 1 cm/s steps) becomes 5 m/s.
  station.sitl()->setWind(Eigen::Vector3d(5.0, 0.0, 0.0), 0.0);
  QCOMPARE(problems.count(), 1);
  QVERIFY(QTest::qWaitFor(
      [&] {
        w.drainAtLeast(0);
        return std::fabs(w.shown.back().airspeed_mps - 5.0f) < 0.02f;
      },
      5000));

  firmware.stop();
  QTRY_VERIFY_WITH_TIMEOUT(firmware.state() == SitlProcess::State::Stopped, 5000);
  sim.terminate();
  QVERIFY(sim.waitForFinished(5000));
  station.stopSimulation();
  QVERIFY(!station.sitl()->attached());
}

QTEST_MAIN(AttachedSimulatorTest)
#include "attached_simulator_test.moc"
