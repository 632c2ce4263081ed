// The Station without a widget: which vehicle is live (SITL, a board, HIL), whose samples are
// drained, when the pilot's stream runs, the figures — and HIL on the serial link's thread.
// The board is a stand-in played by this test on the far end of a socat pty pair, from its own
// thread (it answers HIL_SENSOR with HIL_ACTUATOR_CONTROLS, sends HEARTBEAT, and on request a
// HIGHRES_IMU and an ATTITUDE_QUATERNION with values the test checks).
#include "app/core/station.h"
#include "app/core/hil_bridge.h"
#include "app/joystick/pilot_input_source.h"
#include "tests/app/link/pty_pair.h"
#include "tests/sim/shipped_airframes.h"
#include "tests/support/fd_mavlink.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <memory>
#include <optional>
#include <thread>

using namespace navigator;

namespace {

// The far end of the pty: a flight controller as far as the station can tell.
class StandInBoard {
 public:
  explicit StandInBoard(const QString& path) {
    fd_ = ::open(path.toLocal8Bit().constData(), O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (fd_ >= 0) {
      link_.emplace(fd_, 1, 1);
      thread_ = std::thread([this] { run(); });
    }
  }
  ~StandInBoard() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    if (fd_ >= 0) ::close(fd_);
  }
  bool open() const { return fd_ >= 0; }
  std::uint64_t sensorsAnswered() const { return answered_; }
  void sendImuAndAttitude() { report_ = true; }

 private:
  void run() {
    auto last_heartbeat = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    while (!stop_) {
      link_->readOnce(5, [this](const mavlink_frame_t& f) {
        onFrame(f);
        return false;
      });
      if (std::chrono::steady_clock::now() - last_heartbeat > std::chrono::milliseconds(100)) {
        last_heartbeat = std::chrono::steady_clock::now();
        mavlink_heartbeat_t h{};
        h.type = MAV_TYPE_QUADROTOR;
        h.autopilot = MAV_AUTOPILOT_GENERIC;
        h.system_status = MAV_STATE_STANDBY;
        h.mavlink_version = 3;
        send(MAVLINK_MSG_ID_HEARTBEAT, &h);
      }
      if (report_.exchange(false)) {
        mavlink_highres_imu_t m{};
        m.time_usec = 123456;
        m.xacc = 0.5f;
        m.zacc = -9.75f;
        m.xgyro = 0.01f;
        m.xmag = 0.21f;
        send(MAVLINK_MSG_ID_HIGHRES_IMU, &m);
        mavlink_attitude_quaternion_t q{};
        q.q1 = 0.9659258f;  // 30° of yaw: (cos 15°, 0, 0, sin 15°)
        q.q4 = 0.2588190f;
        send(MAVLINK_MSG_ID_ATTITUDE_QUATERNION, &q);
      }
    }
  }
  void onFrame(const mavlink_frame_t& frame) {
    mavlink_hil_sensor_t s{};
    if (frame.msgid != MAVLINK_MSG_ID_HIL_SENSOR || !mavlink_hil_sensor_decode(&frame, &s)) return;
    mavlink_hil_actuator_controls_t a{};
    a.time_usec = s.time_usec;  // the answer the lockstep world waits for; motors off
    send(MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS, &a);
    ++answered_;
  }
  void send(std::uint32_t msgid, const void* message) { link_->send(msgid, message); }

  int fd_ = -1;
  std::optional<test::FdMavlink> link_;  // system 1, component 1: a flight controller
  std::atomic<bool> stop_{false}, report_{false};
  std::atomic<std::uint64_t> answered_{0};
  std::thread thread_;
};

// Drains until at least `n` samples have come (false after 10 s without them).
bool drainAtLeast(Station& station, std::size_t n, std::vector<TelemetrySample>& got) {
  return QTest::qWaitFor(
      [&] {
        const FlightDrain d = station.feed()->drain();
        got.insert(got.end(), d.samples.begin(), d.samples.end());
        return got.size() >= n;
      },
      10000);
}

vsim::SimulatorConfig groundConfig() {
  vsim::SimulatorConfig config;
  config.world = vsim::World{};  // flat ground at z = 0
  return config;
}

}  // namespace

class StationTest : public QObject {
  Q_OBJECT

 private slots:
  void sitlSamplesAndFigures() {
    Station station;
    QCOMPARE(station.feed()->source(), FlightSource::Sitl);
    QCOMPARE(station.vehicles()->active()->link(), station.sitl()->link());
    SitlSessionOptions options;
    options.start_firmware = false;  // the simulator and the link only
    options.gcs_port = 0;
    options.realtime_priority = 0;
    const vsim::VehicleModel s500 = loadShippedAirframe("s500.yaml");
    QCOMPARE(station.startSimulation(s500, groundConfig(), options), QString());
    QVERIFY(station.airframe().set);

    std::vector<TelemetrySample> got;
    QVERIFY(drainAtLeast(station, 200, got));
    // One sample per IMU period (1 ms at the default 1 kHz), in order, none skipped.
    for (std::size_t i = 1; i < got.size(); ++i) QCOMPARE(got[i].time_us - got[i - 1].time_us, std::int64_t(1000));
    // Standing on flat ground: level, its centre of mass above z = 0 (NED: negative).
    const TelemetrySample& last = got.back();
    QVERIFY(last.p_W_m[2] < 0.0f && last.p_W_m[2] > -0.5f);
    QCOMPARE_LT(std::fabs(last.attitude_WB_wxyz[0] - 1.0f), 1e-3f);
    QCOMPARE(station.feed()->truePosition_NED_m()[2], last.p_W_m[2]);

    QVERIFY(QTest::qWaitFor([&] { return station.feed()->figures().sim_time_s > 0.5; }, 10000));
    const FlightFigures f = station.feed()->figures();
    QCOMPARE(f.samples_lost, std::uint64_t(0));
    QCOMPARE(f.nan_resets, std::int64_t(0));
    QVERIFY(!f.board_link);
    station.stopSimulation();
    QVERIFY(!station.sitl()->running());
  }

  // The real SITL firmware armed and hovering: a change of vehicle (new mass properties, or back to
  // the airframe's own) is refused with the reason, nothing reaches the simulator, and the vehicle
  // flies on, armed, at its height. (Changing it restarts the firmware's world disarmed with the
  // motors stopped: from 260 m that was a free fall into the ground.)
  void aChangeOfVehicleInFlightIsRefused() {
    QTemporaryDir dir;
    Station station;
    joystick::PilotInputSource pilot;
    pilot.setSource(joystick::PilotInputSource::Source::VirtualSticks);
    pilot.setVirtualSticks(0, 0, 0, 0);
    station.pilot()->setPilotInput(&pilot);
    SitlSessionOptions options;
    options.gcs_port = 0;
    options.firmware_executable = QStringLiteral(NAVIGATOR_BIN_DIR "/vayu_sitl");
    options.params_file = dir.filePath("vayu_params.txt");
    const vsim::VehicleModel s500 = loadShippedAirframe("s500.yaml");
    QCOMPARE(station.startSimulation(s500, groundConfig(), options), QString());
    VehicleLink* link = station.sitl()->link();
    QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), LinkState::Connected, 15000);
    link->params()->requestAll();  // (the Fly page asks on connect; here the test does)
    QTRY_VERIFY_WITH_TIMEOUT(!station.geometry()->pending(), 15000);  // its rotor geometry written
    // Armed (the firmware refuses until its estimator has aligned: asked again while it says no).
    for (int i = 0; i < 20 && !link->vehicle().armed; ++i) {
      link->arm();
      (void)QTest::qWaitFor([&] { return link->vehicle().armed; }, 1500);
    }
    QVERIFY(link->vehicle().armed);
    // 80 % throttle in ANGLE (the S500 hovers at duty 0.61, thrust 0.37): climbs past 3 m; then
    // ALT_HOLD with the stick centred holds the height.
    auto trueZ = [&] {  // the latest true position's z [m, NED], the feed drained
      (void)station.feed()->drain();
      return station.feed()->truePosition_NED_m()[2];
    };
    const float ground_z = trueZ();
    pilot.setVirtualSticks(0, 0, 0, 0.8);
    QTRY_VERIFY_WITH_TIMEOUT(trueZ() < ground_z - 3.0f, 15000);
    pilot.setVirtualSticks(0, 0, 0, 0.5);
    link->setMode(VAYU_MODE_ALT_HOLD);
    QTRY_COMPARE_WITH_TIMEOUT(link->vehicle().custom_mode, std::uint32_t(VAYU_MODE_ALT_HOLD), 5000);

    // Both ways of changing the vehicle are refused while armed, with the reason; nothing changes.
    const auto heavier =
        vsim::withMassProperties(s500, {2.0, s500.com_file_m, s500.inertia_kgm2 * (2.0 / s500.mass_kg)});
    QVERIFY(heavier.ok() && station.flightProblems(heavier.value()).empty());  // flyable on the ground
    const std::int64_t applied = station.sitl()->worker()->status().commands_applied;
    QSignalSpy flown(&station, &Station::massPropertiesFlown);
    const QString refused = station.flyModel(heavier.value(), QStringLiteral("mesh box.stl: 2 kg"));
    QVERIFY2(refused.startsWith(QStringLiteral("The vehicle is armed. Land and disarm it first")), qPrintable(refused));
    QCOMPARE(station.flyAirframeMassProperties(), refused);
    QCOMPARE(station.vehicleChangeRefusal(), refused);
    QCOMPARE(flown.count(), 0);
    QCOMPARE(station.sitl()->model().mass_kg, s500.mass_kg);
    QCOMPARE(station.airframe().mass_source, QString());

    // It flies on: over the next 3 s of simulated time (3000 IMU samples at 1 kHz) it stays armed
    // and above 2.5 m (a free fall from 3 m reaches the ground in 0.8 s), no command applied.
    const float held_z = trueZ();
    const std::uint64_t from = station.sitl()->worker()->samplesProduced();
    float highest_z = held_z;  // NED: the lowest point is the largest z
    QTRY_VERIFY_WITH_TIMEOUT(
        (highest_z = std::max(highest_z, trueZ()), station.sitl()->worker()->samplesProduced() >= from + 3000), 20000);
    qInfo("refused in flight at %.2f m; lowest over the next 3 s: %.2f m", double(ground_z - held_z),
          double(ground_z - highest_z));
    QVERIFY(link->vehicle().armed);
    QCOMPARE_LT(highest_z, ground_z - 2.5f);
    QCOMPARE(station.sitl()->worker()->status().commands_applied, applied);
    station.stopSimulation();
  }

  void aBoardBecomesTheActiveLinkAndItsReportsAreShown() {
    QTemporaryDir dir;
    test::PtyPair pty(dir.path());
    QVERIFY(pty.start());
    StandInBoard board(pty.b());
    QVERIFY(board.open());

    Station station;
    joystick::PilotInputSource pilot;
    station.pilot()->setPilotInput(&pilot);
    QVERIFY(!pilot.enabled());  // no vehicle on any link yet
    QSignalSpy linkChanged(station.vehicles(), &VehicleManager::activeChanged);
    station.connectBoard(pty.a(), 115200);
    QVERIFY(station.board()->connected());
    QCOMPARE(station.feed()->source(), FlightSource::Board);
    QCOMPARE(linkChanged.count(), 1);
    QCOMPARE(station.vehicles()->active()->link(), station.board()->link());
    QVERIFY(QTest::qWaitFor([&] { return station.board()->link()->linkState() == LinkState::Connected; }, 5000));
    QVERIFY(pilot.enabled());  // someone to hear it

    // A vanished pad stops the stream only when the sticks come from the pad.
    pilot.setSource(joystick::PilotInputSource::Source::Joystick);
    station.pilot()->setJoystickLost(true);
    QVERIFY(!pilot.enabled());
    pilot.setSource(joystick::PilotInputSource::Source::Keyboard);
    station.pilot()->refresh();
    QVERIFY(pilot.enabled());

    station.feed()->drain();
    board.sendImuAndAttitude();
    FlightDrain d;
    QVERIFY(QTest::qWaitFor(
        [&] {
          FlightDrain next = station.feed()->drain();
          d.samples.insert(d.samples.end(), next.samples.begin(), next.samples.end());
          if (next.board_attitude_WB_wxyz) d.board_attitude_WB_wxyz = next.board_attitude_WB_wxyz;
          return !d.samples.empty() && d.board_attitude_WB_wxyz;
        },
        5000));
    const TelemetrySample& s = d.samples.back();
    QCOMPARE(s.time_us, std::int64_t(123456));
    QCOMPARE(s.accel_S_mps2[0], 0.5f);
    QCOMPARE(s.accel_S_mps2[2], -9.75f);
    QCOMPARE(s.gyro_S_radps[0], 0.01f);
    QCOMPARE(s.mag_S_gauss[0], 0.21f);
    QVERIFY(std::isnan(s.p_W_m[0]) && std::isnan(s.wind_NED_mps[0]));  // not reported: a gap, not a zero
    QCOMPARE((*d.board_attitude_WB_wxyz)[3], 0.2588190f);

    // The flasher wants another port: nothing happens; it wants this one: the board lets go.
    QVERIFY(!station.releasePort(dir.path() + "/elsewhere"));
    QVERIFY(station.board()->connected());
    QVERIFY(station.releasePort(pty.a()));
    QVERIFY(!station.board()->connected());
    QCOMPARE(station.feed()->source(), FlightSource::Sitl);
    QCOMPARE(station.vehicles()->active()->link(), station.sitl()->link());
    QCOMPARE(linkChanged.count(), 2);
  }

  void hilRunsOnTheSerialThreadNotTheGuiThread() {
    QTemporaryDir dir;
    test::PtyPair pty(dir.path());
    QVERIFY(pty.start());
    StandInBoard board(pty.b());
    QVERIFY(board.open());

    Station station;
    station.connectBoard(pty.a(), 115200);
    QVERIFY(station.board()->connected());
    QVERIFY(station.startHil().startsWith("No airframe"));
    QVERIFY(!station.hil()->bridge());

    station.setAirframe(loadShippedAirframe("s500.yaml"), groundConfig());
    QSignalSpy hilState(station.hil(), &HilSession::stateChanged);
    QCOMPARE(station.startHil(), QString());
    HilBridge* hil = station.hil()->bridge();
    QVERIFY(hil);
    QCOMPARE(station.feed()->source(), FlightSource::Hil);
    QCOMPARE(hilState.count(), 1);
    QCOMPARE(hil->thread(), station.board()->connection()->thread());
    QVERIFY(hil->thread() != QThread::currentThread());
    QCOMPARE(hil->imuPeriodsPerExchange(), 11);  // 115200 baud: one HIL_SENSOR per 11 ms (HilBridge's rule)

    // This (the GUI) thread now takes no events at all: a bridge living here could not advance.
    const std::uint64_t before = hil->exchanges();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (hil->exchanges() < before + 50 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    QVERIFY2(hil->exchanges() >= before + 50, "the HIL world did not advance while the GUI thread was busy");

    // Its world reaches the page: one sample per exchange, 11 ms of simulated time apart.
    std::vector<TelemetrySample> got;
    QVERIFY(drainAtLeast(station, 20, got));
    for (std::size_t i = 1; i < got.size(); ++i) QCOMPARE(got[i].time_us - got[i - 1].time_us, std::int64_t(11000));
    QVERIFY(std::isfinite(got.back().p_W_m[2]));  // HIL shows the simulator's truth

    station.hil()->stop();
    QVERIFY(!station.hil()->bridge());
    QCOMPARE(hilState.count(), 2);
    QCOMPARE(station.feed()->source(), FlightSource::Board);
    QCOMPARE(station.feed()->figures().samples_lost, std::uint64_t(0));
  }

  // The board's cable pulled mid-HIL and plugged back in. While it is out the
  // station says so (naming the port), the lockstep world waits at the time of its unanswered
  // HIL_SENSOR (re-sent, never advanced without an answer), and nothing drained before is lost;
  // plugged back, the same world goes on from that time, one exchange period (11 ms at 115200
  // baud, HilBridge's rule) after the last sample shown, with no gap and no repeat.
  void hilSurvivesTheBoardUnpluggedMidFlight() {
    QTemporaryDir dir;
    auto pty = std::make_unique<test::PtyPair>(dir.path());
    QVERIFY(pty->start());
    auto board = std::make_unique<StandInBoard>(pty->b());
    QVERIFY(board->open());

    Station station;
    QSignalSpy boardState(&station, &Station::boardStateChanged);
    QSignalSpy hilState(station.hil(), &HilSession::stateChanged);
    station.connectBoard(pty->a(), 115200);
    station.setAirframe(loadShippedAirframe("s500.yaml"), groundConfig());
    QCOMPARE(station.startHil(), QString());
    HilBridge* hil = station.hil()->bridge();
    std::vector<TelemetrySample> got;
    QVERIFY(drainAtLeast(station, 30, got));

    // Unplugged: the device and its link name vanish, as a USB adapter's do.
    const QString port = pty->a();
    board.reset();
    pty.reset();
    QVERIFY(QTest::qWaitFor(
        [&] {
          for (const QList<QVariant>& s : boardState)
            if (s.at(1).toString().contains(port) && s.at(1).toString().contains("gone")) return true;
          return false;
        },
        5000));
    QVERIFY(station.hil()->bridge());  // HIL is kept, waiting for the board
    QCOMPARE(hilState.count(), 1);
    QCOMPARE(station.feed()->source(), FlightSource::Hil);
    // The world stops where its last answer left it: drain what came before the cable went.
    const std::uint64_t resends_before = hil->resends();
    QVERIFY(QTest::qWaitFor([&] { return hil->resends() >= resends_before + 3; }, 5000));
    const std::int64_t frozen_us = hil->simTimeUs();
    const std::uint64_t exchanges_frozen = hil->exchanges();
    const FlightDrain during = station.feed()->drain();
    got.insert(got.end(), during.samples.begin(), during.samples.end());
    QVERIFY(QTest::qWaitFor([&] { return hil->resends() >= resends_before + 6; }, 5000));
    QCOMPARE(hil->exchanges(), exchanges_frozen);  // re-sent, never advanced without an answer
    QCOMPARE(hil->simTimeUs(), frozen_us);
    QVERIFY(station.feed()->drain().samples.empty());
    QCOMPARE(got.back().time_us, frozen_us);
    const std::size_t before_gap = got.size();

    // Plugged back in: the same port name, a board answering again.
    pty = std::make_unique<test::PtyPair>(dir.path());
    QVERIFY(pty->start());
    board = std::make_unique<StandInBoard>(pty->b());
    QVERIFY(board->open());
    QVERIFY(QTest::qWaitFor(
        [&] {
          for (const QList<QVariant>& s : boardState)
            if (s.at(1).toString().contains("is back")) return true;
          return false;
        },
        5000));
    QVERIFY(drainAtLeast(station, before_gap + 30, got));
    for (std::size_t i = 1; i < got.size(); ++i) QCOMPARE(got[i].time_us - got[i - 1].time_us, std::int64_t(11000));
    QCOMPARE(got[before_gap].time_us, frozen_us + 11000);
    QCOMPARE(station.feed()->figures().samples_lost, std::uint64_t(0));
    QCOMPARE(hilState.count(), 1);  // it never stopped
    station.hil()->stop();
  }
};

QTEST_GUILESS_MAIN(StationTest)
#include "station_test.moc"
