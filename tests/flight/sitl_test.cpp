// vayu_sitl and vsim_d as processes, over the real pipes in lockstep, with this test as the
// ground station on UDP: heartbeat, the parameter protocol and its persistence, arming checks
// with COMMAND_ACK, and an ALT_HOLD flight compared with the same flight in process.
#include "tests/flight/sitl_gcs.h"
#include "flight/flight_runner.h"
#include "tests/sim/shipped_airframes.h"
#include "tests/sim/service/sitl_pipe_client.h"

#include "tests/support/bound_sockets.h"

#include <QtTest>

#include <QRegularExpression>

#include <arpa/inet.h>
#include <csignal>
#include <cstring>
#include <memory>
#include <optional>
#include <netinet/in.h>
#include <sys/socket.h>

#include <fstream>
#include <set>
#include <sstream>

using navigator::test::Gcs;
using navigator::test::stop;

class SitlTest : public QObject {
  Q_OBJECT

 private slots:
  void parametersArmingAndFlightOverThePipes();
  void declinationOption();
  void listensOnLoopbackUnlessAsked();
  void resetAfterALongRunKeepsTheLink();
  void flightThroughTheChipsOverThePipes();
  void aFlightPackDrainsIntoTheBatteryFailsafe();
  void theTransmitterReachesTheStationThroughTheReceiver();
};

void SitlTest::resetAfterALongRunKeepsTheLink() {
  // After a long run, vsim_d's reset starts simulated time again at zero. The firmware must
  // keep talking at once — not stay silent until the new run's clock passes the old one. Lockstep runs the world as
  // fast as the two processes go; the run's length and the verdict are in simulated time (ATTITUDE's time_boot_ms), the
  // wall clock only bounds a hang.
  QTemporaryDir dir;
  Gcs gcs;
  QProcess sim, firmware;
  sim.setStandardErrorFile(dir.path() + "/vsim_d.log");
  firmware.setStandardErrorFile(dir.path() + "/vayu_sitl.log");
  sim.start(NAVIGATOR_BIN_DIR "/vsim_d", {"--dir", dir.path(), "--mode", "lockstep", "--seed", "5", "--quiet"});
  QVERIFY(sim.waitForStarted());
  firmware.start(NAVIGATOR_BIN_DIR "/vayu_sitl",
                 {"--dir", dir.path(), "--gcs-port", QString::number(gcs.port()), "--port", "0"});
  QVERIFY(firmware.waitForStarted());
  const auto attitudeAt = [](double at_least_s, double below_s) {
    return [=](const mavlink_frame_t& f) {
      mavlink_attitude_t a;
      return mavlink_attitude_decode(&f, &a) && a.time_boot_ms * 1e-3 >= at_least_s && a.time_boot_ms * 1e-3 < below_s;
    };
  };
  // 40 s of simulated time (a few seconds of wall time in lockstep).
  if (!gcs.waitFor(MAVLINK_MSG_ID_ATTITUDE, 120000, attitudeAt(40.0, 1e9)))
    QFAIL(qPrintable(stop(firmware, dir.path() + "/vayu_sitl.log") + stop(sim, dir.path() + "/vsim_d.log")));
  SitlPipeClient control(dir.path().toStdString());
  QVERIFY(control.openControlOnly());
  control.sendControl("{\"command\": \"reset\", \"seed\": 5}\n");
  // The new run's first simulated second brings ATTITUDE (25 Hz) and a HEARTBEAT (1 Hz).
  const std::size_t from = gcs.log.size();
  const auto fresh = gcs.waitFor(MAVLINK_MSG_ID_ATTITUDE, 20000, attitudeAt(0.0, 1.0));
  if (!fresh)
    QFAIL(qPrintable(QStringLiteral("no ATTITUDE in the first second after the reset; last vehicle time %1 s\n")
                         .arg(gcs.vehicleTime()) +
                     stop(firmware, dir.path() + "/vayu_sitl.log") + stop(sim, dir.path() + "/vsim_d.log")));
  QVERIFY(gcs.waitFor(MAVLINK_MSG_ID_ATTITUDE, 20000, attitudeAt(1.0, 2.0)));
  // A HEARTBEAT's simulated time is that of the ATTITUDE sent with it, just after it.
  bool heartbeat_pending = false, heartbeat_in_first_second = false;
  for (std::size_t i = from; i < gcs.log.size(); ++i) {
    mavlink_attitude_t a;
    if (gcs.log[i].msgid == MAVLINK_MSG_ID_HEARTBEAT) heartbeat_pending = true;
    if (heartbeat_pending && mavlink_attitude_decode(&gcs.log[i], &a)) {
      heartbeat_pending = false;
      if (a.time_boot_ms < 1000) heartbeat_in_first_second = true;
    }
  }
  QVERIFY(heartbeat_in_first_second);
  stop(firmware, dir.path() + "/vayu_sitl.log");
  stop(sim, dir.path() + "/vsim_d.log");
}

void SitlTest::declinationOption() {
  // --mag-decl-deg sets MAG_DECL_DEG over the saved value for this run and says so; a value that is not a
  // number, or out of the parameter's -180..180, is refused with exit 2 before anything starts.
  QTemporaryDir dir;
  auto run = [&](const QString& value, QString* err) {
    QProcess p;
    p.start(NAVIGATOR_BIN_DIR "/vayu_sitl",
            {"--dir", dir.path(), "--port", "0", "--gcs-port", "9", "--mag-decl-deg", value});
    if (!p.waitForStarted()) return -1;
    if (!p.waitForFinished(500)) {  // running: it took the value; stop it as the station does
      ::kill(pid_t(p.processId()), SIGTERM);
      p.waitForFinished(5000);
      *err = QString::fromUtf8(p.readAllStandardError());
      return 0;
    }
    *err = QString::fromUtf8(p.readAllStandardError());
    return p.exitCode();
  };
  QString err;
  QCOMPARE(run("4.085", &err), 0);
  QVERIFY2(err.contains("MAG_DECL_DEG 4.085 (the simulated field's declination)"), qPrintable(err));
  QVERIFY2(!QFile::exists(dir.path() + "/vayu_params.txt"), "for this run only: the saved parameters are untouched");
  QCOMPARE(run("east", &err), 2);
  QVERIFY2(err.contains("--mag-decl-deg east: "), qPrintable(err));
  QCOMPARE(run("200", &err), 2);
  QVERIFY2(err.contains("--mag-decl-deg 200: ") && err.contains("-180..180"), qPrintable(err));
}

void SitlTest::listensOnLoopbackUnlessAsked() {
  // Anyone who can send to the firmware's MAVLink port can arm it, so it is bound to 127.0.0.1
  // unless --listen asks for more (the kernel's socket table says where it is bound);
  // a ground station on another machine cannot be answered from the loopback, so that
  // combination is refused up front with what to add; a --listen that is no address is refused.
  QTemporaryDir dir;
  auto start = [&](const QStringList& extra, QString* err) {
    auto p = std::make_unique<QProcess>();
    p->start(NAVIGATOR_BIN_DIR "/vayu_sitl",
             QStringList{"--dir", dir.path(), "--port", "0", "--gcs-port", "9"} + extra);
    if (!p->waitForStarted()) return p;
    // The start line names the port it bound ("MAVLink on UDP 127.0.0.1:PORT (...)"); a refusal exits.
    QString text;
    for (int tries = 0; tries < 50 && !text.contains("MAVLink on UDP") && p->state() == QProcess::Running; ++tries) {
      p->waitForReadyRead(200);
      text += QString::fromUtf8(p->readAllStandardError());
    }
    p->waitForFinished(0);
    text += QString::fromUtf8(p->readAllStandardError());
    *err = text;
    return p;
  };
  auto boundPort = [](const QString& line) {
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("MAVLink on UDP [0-9.]+:([0-9]+) ")).match(line);
    return m.hasMatch() ? m.captured(1).toInt() : 0;
  };
  QString err;
  {
    auto p = start({}, &err);
    QVERIFY2(err.contains("MAVLink on UDP 127.0.0.1:") && err.contains("(this machine only)"), qPrintable(err));
    QCOMPARE(boundIpv4Address("udp", boundPort(err)), QStringLiteral("127.0.0.1"));
    stop(*p, dir.path() + "/none.log");
  }
  {
    auto p = start({"--listen", "0.0.0.0"}, &err);
    QVERIFY2(err.contains("MAVLink on UDP 0.0.0.0:") && err.contains("(open to the network)"), qPrintable(err));
    QCOMPARE(boundIpv4Address("udp", boundPort(err)), QStringLiteral("0.0.0.0"));
    stop(*p, dir.path() + "/none.log");
  }
  {
    auto p = start({"--gcs-host", "192.0.2.7"}, &err);
    QVERIFY(p->state() == QProcess::NotRunning || p->waitForFinished(5000));
    QCOMPARE(p->exitCode(), 2);
    QVERIFY2(
        err.contains("--gcs-host 192.0.2.7 is not on this machine, but the MAVLink port listens on 127.0.0.1 only: "
                     "add --listen 0.0.0.0"),
        qPrintable(err));
  }
  {
    auto p = start({"--listen", "everywhere"}, &err);
    QVERIFY(p->state() == QProcess::NotRunning || p->waitForFinished(5000));
    QCOMPARE(p->exitCode(), 2);
    QVERIFY2(err.contains("--listen must be an IPv4 address"), qPrintable(err));
  }
}

namespace {

// vsim_d and vayu_sitl in lockstep over the pipes, with a Gcs on UDP.
struct PipesRun {
  QTemporaryDir dir;
  Gcs gcs;
  QProcess sim, firmware;
  QStringList firmware_args;

  // Both programs stopped; their logs, for a failure's message.
  QString stopBoth() { return stop(firmware, dir.path() + "/vayu_sitl.log") + stop(sim, dir.path() + "/vsim_d.log"); }
};

// The flight over the pipes, in sim time [s] and height above the start [m].
struct PipesFlight {
  double climb_start_s = -1, one_metre_at_s = -1, centred_at_s = -1, height_at_centre = 0, worst_deviation = 0,
         last_t = 0;
};

// Starts both programs; the vehicle announces itself, a disarmed quadrotor.
void startPipes(PipesRun& run, const QStringList& firmware_extra = {}, const QStringList& sim_extra = {}) {
  run.sim.setStandardErrorFile(run.dir.path() + "/vsim_d.log");
  run.firmware.setStandardErrorFile(run.dir.path() + "/vayu_sitl.log", QIODevice::Append);
  run.sim.start(NAVIGATOR_BIN_DIR "/vsim_d",
                QStringList{"--dir", run.dir.path(), "--mode", "lockstep", "--seed", "4", "--quiet"} + sim_extra);
  QVERIFY(run.sim.waitForStarted());
  run.firmware_args =
      QStringList{"--dir", run.dir.path(), "--gcs-port", QString::number(run.gcs.port()), "--port", "0"} +
      firmware_extra;
  run.firmware.start(NAVIGATOR_BIN_DIR "/vayu_sitl", run.firmware_args);
  QVERIFY(run.firmware.waitForStarted());
  const auto hb = run.gcs.waitFor(MAVLINK_MSG_ID_HEARTBEAT, 5000);
  // (QVERIFY2 evaluates its message even on success: the logs are read only on failure.)
  if (!hb) QFAIL(qPrintable(run.stopBoth()));
  mavlink_heartbeat_t h;
  mavlink_heartbeat_decode(&*hb, &h);
  QCOMPARE(int(h.type), 2);             // MAV_TYPE_QUADROTOR
  QCOMPARE(int(h.base_mode & 128), 0);  // disarmed
}

// Parameters: the whole list, a refused value, accepted values (the S500's hover thrust among them).
void setParameters(Gcs& gcs, const vsim::VehicleModel& m) {
  mavlink_param_request_list_t list{};
  list.target_system = 1;
  gcs.send(MAVLINK_MSG_ID_PARAM_REQUEST_LIST, list);
  std::set<int> indices;
  gcs.waitFor(MAVLINK_MSG_ID_PARAM_VALUE, 3000, [&](const mavlink_frame_t& f) {
    mavlink_param_value_t p;
    mavlink_param_value_decode(&f, &p);
    indices.insert(p.param_index);
    return int(indices.size()) == FC_PARAM_COUNT;
  });
  QCOMPARE(int(indices.size()), int(FC_PARAM_COUNT));
  QCOMPARE(gcs.setParam("RATE_RP_P", 99.0f).value_or(-1), 0.15f);  // out of range: unchanged
  QVERIFY(gcs.waitForText("RATE_RP_P not set: value out of range", 2000));
  // Lockstep runs the world about ten times faster than the wall clock here; the pilot link's
  // timeout is in simulated seconds, so give it room.
  QCOMPARE(gcs.setParam("FS_TIMEOUT_S", 10.0f).value_or(-1), 10.0f);
  QCOMPARE(gcs.setParam("ANG_YAW_P", 2.5f).value_or(-1), 2.5f);
  // The S500's hover thrust, as a user tunes it (the in-process runner sets the same).
  const float hover_thrust = float(vsim::hoverDuty(m) * vsim::hoverDuty(m));
  QCOMPARE(gcs.setParam("HOVER_THRUST", hover_thrust).value_or(-1), hover_thrust);
}

// Persistence: a restarted firmware comes back with the parameters set.
void restartKeepsParameters(PipesRun& run) {
  stop(run.firmware, run.dir.path() + "/vayu_sitl.log");
  QFile saved(run.dir.path() + "/vayu_params.txt");
  QVERIFY(saved.open(QIODevice::ReadOnly));
  QVERIFY(saved.readAll().contains("FS_TIMEOUT_S 10\n"));
  run.firmware.start(NAVIGATOR_BIN_DIR "/vayu_sitl", run.firmware_args);
  QVERIFY(run.firmware.waitForStarted());
  QVERIFY(run.gcs.waitFor(MAVLINK_MSG_ID_HEARTBEAT, 5000));
  QCOMPARE(run.gcs.readParam("ANG_YAW_P").value_or(-1), 2.5f);
}

// Lets the firmware align on the ground for 2 s of sim time (the world runs at whatever speed
// the machine allows; the viewer's poses tell its time; the wall clock only bounds a hang).
void alignOnTheGround(SitlPipeClient& viewer, Gcs& gcs) {
  double ground_t = 0;
  QElapsedTimer aligning;
  aligning.start();
  while (ground_t < 2.0 && aligning.elapsed() < 20000) {
    for (const mavlink_frame_t& f : viewer.drainPoses()) {
      mavlink_hil_state_quaternion_t p;
      if (mavlink_hil_state_quaternion_decode(&f, &p)) ground_t = double(p.time_usec) * 1e-6;
    }
    gcs.receive();
    QThread::msleep(1);
  }
  QVERIFY(ground_t >= 2.0);
}

// Arming without pilot input is refused, and says why; in ALT_HOLD with the sticks sent,
// accepted. *armed_at_s: when, in sim time, it armed (the ACK just in).
void armInAltHold(PipesRun& run, double* armed_at_s) {
  Gcs& gcs = run.gcs;
  QCOMPARE(int(gcs.command(400, 1.0f, 0.0f).value_or(99)), 2);  // MAV_RESULT_DENIED
  if (!gcs.waitForText("no pilot input", 2000)) QFAIL(qPrintable(gcs.texts() + run.stopBoth()));
  QCOMPARE(int(gcs.command(176, 1.0f, 2.0f).value_or(99)), 0);  // DO_SET_MODE ALT_HOLD
  gcs.sticks(0, 0, 0, 0.0f);
  QThread::msleep(20);
  QCOMPARE(int(gcs.command(400, 1.0f, 0.0f).value_or(99)), 0);  // accepted
  *armed_at_s = gcs.vehicleTime();
  QVERIFY(gcs.waitFor(MAVLINK_MSG_ID_HEARTBEAT, 3000, [](const mavlink_frame_t& f) {
    mavlink_heartbeat_t b;
    return mavlink_heartbeat_decode(&f, &b) && (b.base_mode & 128);
  }));
}

// Stays on the ground, throttle down, until `until_s` of sim time.
void holdOnTheGround(SitlPipeClient& viewer, Gcs& gcs, double until_s) {
  for (double t = 0; t < until_s;) {
    for (const mavlink_frame_t& f : viewer.drainPoses()) {
      mavlink_hil_state_quaternion_t p;
      if (mavlink_hil_state_quaternion_decode(&f, &p)) t = double(p.time_usec) * 1e-6;
      gcs.sticks(0, 0, 0, 0.0f);
    }
    gcs.receive();
    QThread::usleep(200);
  }
}

// Climbs in ALT_HOLD until 2.5 m, then centres the throttle and holds (3 s to settle, then 10 s
// measured, in sim time), sending MANUAL_CONTROL on every pose frame (60 Hz of simulated time);
// the wall clock only bounds a hang (20 s).
PipesFlight climbAndHold(SitlPipeClient& viewer, Gcs& gcs) {
  PipesFlight fl;
  std::optional<double> alt0;
  QElapsedTimer wall;
  wall.start();
  while (wall.elapsed() < 20000) {
    bool progressed = false;
    for (const mavlink_frame_t& f : viewer.drainPoses()) {
      mavlink_hil_state_quaternion_t p;
      if (!mavlink_hil_state_quaternion_decode(&f, &p)) continue;
      progressed = true;
      fl.last_t = double(p.time_usec) * 1e-6;
      // Height above the start point from the true altitude the viewer gets [mm].
      if (!alt0) alt0 = double(p.alt) * 1e-3;
      const double height = double(p.alt) * 1e-3 - *alt0;
      if (fl.climb_start_s < 0) fl.climb_start_s = fl.last_t;  // the first 0.8 goes out now, at this pose's sim time
      if (fl.one_metre_at_s < 0 && height > 1.0) fl.one_metre_at_s = fl.last_t;
      if (fl.centred_at_s < 0 && height > 2.5) {
        fl.centred_at_s = fl.last_t;
        fl.height_at_centre = height;
      }
      if (fl.centred_at_s > 0 && fl.last_t > fl.centred_at_s + 3.0)
        fl.worst_deviation = std::max(fl.worst_deviation, std::abs(height - fl.height_at_centre));
      gcs.sticks(0, 0, 0, fl.centred_at_s < 0 ? 0.8f : 0.5f);
    }
    gcs.receive();
    if (fl.centred_at_s > 0 && fl.last_t > fl.centred_at_s + 13.0) break;
    if (!progressed) QThread::usleep(200);
  }
  return fl;
}

// The same flight in process, armed and climbing at the same sim times. The climb from 1 m to
// 2.5 m, at the climb rate the firmware commands, must take the same time within 0.05 s (three
// pose periods); the arrival at 2.5 m within 0.2 s, as when the climb starts depends on the
// sticks' timing over UDP, which a lockstep world running ten times faster than the wall clock
// blurs.
void compareWithTheFlightInProcess(const vsim::VehicleModel& m, double armed_at_s, const PipesFlight& fl) {
  vsim::Scenario s;
  s.duration_s = fl.centred_at_s + 1.0;
  s.mode = VAYU_MODE_ALT_HOLD;
  s.params = {{"FS_TIMEOUT_S", 10.0}, {"ANG_YAW_P", 2.5}};
  vsim::ScenarioEvent ground;
  ground.sticks = fc_sticks_t{0, 0, 0, 0};
  vsim::ScenarioEvent arm;
  arm.t_s = armed_at_s;
  arm.arm = true;
  vsim::ScenarioEvent climb;
  climb.t_s = fl.climb_start_s;
  climb.sticks = fc_sticks_t{0, 0, 0, 0.8f};
  s.timeline = {ground, arm, climb};
  std::stable_sort(s.timeline.begin(), s.timeline.end(), [](const auto& a, const auto& b) { return a.t_s < b.t_s; });
  double in_process_centre = -1, in_process_one_metre = -1;
  double start_height = 0;
  auto r = vsim::runScenario(m, s, 4, [&](const vsim::FlightSample& f) {
    if (f.t_s == 0) start_height = -f.truth.p_W_m.z();
    if (in_process_one_metre < 0 && -f.truth.p_W_m.z() - start_height > 1.0) in_process_one_metre = f.t_s;
    if (in_process_centre < 0 && -f.truth.p_W_m.z() - start_height > 2.5) in_process_centre = f.t_s;
  });
  QVERIFY(r.ok());
  qInfo("in process (armed at %.3f s, climbing from %.3f s) the climb reaches 2.5 m at %.2f s (over the pipes: %.2f s)",
        armed_at_s, fl.climb_start_s, in_process_centre, fl.centred_at_s);
  const double pipes_climb = fl.centred_at_s - fl.one_metre_at_s;
  const double in_process_climb = in_process_centre - in_process_one_metre;
  qInfo("1 m to 2.5 m: %.3f s over the pipes, %.3f s in process", pipes_climb, in_process_climb);
  QCOMPARE_LT(std::abs(pipes_climb - in_process_climb), 0.05);
  QCOMPARE_LT(std::abs(in_process_centre - fl.centred_at_s), 0.2);
}

}  // namespace

void SitlTest::parametersArmingAndFlightOverThePipes() {
  PipesRun run;
  startPipes(run);
  if (QTest::currentTestFailed()) return;
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  setParameters(run.gcs, m);
  if (QTest::currentTestFailed()) return;
  restartKeepsParameters(run);
  if (QTest::currentTestFailed()) return;
  SitlPipeClient viewer(run.dir.path().toStdString());
  QVERIFY(viewer.openPoseOnly());
  alignOnTheGround(viewer, run.gcs);
  if (QTest::currentTestFailed()) return;
  double armed_at_s = 0;
  armInAltHold(run, &armed_at_s);
  if (QTest::currentTestFailed()) return;

  // Stay on the ground, throttle down, for 1 s of sim time after arming. The firmware climbs
  // differently when the throttle comes up within about 0.5 s of arming (in process: 1 m to
  // 2.5 m takes 1.90 s with the stick at arming + 0.49 s, 1.67 s at + 0.51 s — a step, not a
  // slope). Right after the armed heartbeat is that boundary, so the UDP-timed run and its
  // in-process replay could fall on different sides of it.
  holdOnTheGround(viewer, run.gcs, armed_at_s + 1.0);
  const PipesFlight fl = climbAndHold(viewer, run.gcs);
  qInfo("over the pipes: climbed from t = %.2f s to 2.5 m at %.2f s; held for 10 s within %.3f m", fl.climb_start_s,
        fl.centred_at_s, fl.worst_deviation);
  QVERIFY2(fl.centred_at_s > 0, "the vehicle must climb");
  QVERIFY2(fl.last_t > fl.centred_at_s + 13.0, "the flight must go on for 13 s of sim time");
  QVERIFY(fl.worst_deviation < 0.3);  // ALT_HOLD's in-process bound

  // Land it: disarm, and the firmware says so; both programs stop cleanly.
  QCOMPARE(int(run.gcs.command(400, 0.0f, 0.0f).value_or(99)), 0);
  QVERIFY(run.gcs.waitForText("Disarmed", 3000));
  const QString log = stop(run.firmware, run.dir.path() + "/vayu_sitl.log");
  QVERIFY2(log.contains("Armed") && log.contains("Disarmed"), qPrintable(log));
  stop(run.sim, run.dir.path() + "/vsim_d.log");
  compareWithTheFlightInProcess(m, armed_at_s, fl);
}

void SitlTest::flightThroughTheChipsOverThePipes() {
  // vayu_sitl --sensors chips against vsim_d: the HIL values go through the chip models and the
  // firmware's drivers (docs/design/chips_in_the_loop.md); it starts, the drivers come up, and the
  // vehicle climbs and holds within ALT_HOLD's bound as on the direct path above.
  PipesRun run;
  startPipes(run, {"--sensors", "chips"});
  if (QTest::currentTestFailed()) return;
  setParameters(run.gcs, loadShippedAirframe("s500.yaml"));
  if (QTest::currentTestFailed()) return;
  SitlPipeClient viewer(run.dir.path().toStdString());
  QVERIFY(viewer.openPoseOnly());
  alignOnTheGround(viewer, run.gcs);
  if (QTest::currentTestFailed()) return;
  double armed_at_s = 0;
  armInAltHold(run, &armed_at_s);
  if (QTest::currentTestFailed()) return;
  holdOnTheGround(viewer, run.gcs, armed_at_s + 1.0);
  const PipesFlight fl = climbAndHold(viewer, run.gcs);
  qInfo("through the chips: climbed from t = %.2f s to 2.5 m at %.2f s; held for 10 s within %.3f m", fl.climb_start_s,
        fl.centred_at_s, fl.worst_deviation);
  QVERIFY2(fl.centred_at_s > 0, "the vehicle must climb");
  QVERIFY(fl.worst_deviation < 0.3);  // ALT_HOLD's in-process bound, as on the direct path
  QCOMPARE(int(run.gcs.command(400, 0.0f, 0.0f).value_or(99)), 0);
  const QString log = stop(run.firmware, run.dir.path() + "/vayu_sitl.log");
  stop(run.sim, run.dir.path() + "/vsim_d.log");
  // The start line names each driver's health once up; the summary at exit counts the samples.
  // The u-blox driver has configured the receiver at start-up; its first NAV-PVT comes in flight.
  QVERIFY2(log.contains("sensors through the chips: BMX160: ok, BMP388: ok, u-blox: configured"), qPrintable(log));
  QVERIFY2(log.contains("vayu_sitl: u-blox: ok (3-D fix, 12 satellites, 115200 baud, every 100 ms)"), qPrintable(log));
  QVERIFY2(log.contains("vayu_sitl: chips: ") && log.contains("0 failed reads)"), qPrintable(log));
  QVERIFY2(log.contains(QRegularExpression("u-blox [1-9][0-9]+ fixes")), qPrintable(log));
}

namespace {

// The firmware's next BATTERY_STATUS.
std::optional<mavlink_battery_status_t> nextBatteryStatus(Gcs& gcs) {
  const auto f = gcs.waitFor(MAVLINK_MSG_ID_BATTERY_STATUS, 3000);
  mavlink_battery_status_t b;
  if (!f || !mavlink_battery_status_decode(&*f, &b)) return std::nullopt;
  return b;
}

// What the firmware reported of its pack in a flight that ends in the battery failsafe.
struct PackFlight {
  std::optional<mavlink_battery_status_t> hover, before_failsafe, after_failsafe;
  double height = 0, top = 0;  // above the start [m]: at the end, and the most
};

PackFlight flyUntilTheFailsafeLands(SitlPipeClient& viewer, Gcs& gcs) {
  // Climb to 2.5 m and hold there, sticks sent on every pose, until the firmware has landed,
  // disarmed by itself and sent one more report (the wall clock only bounds a hang).
  std::optional<double> alt0;
  double height = 0, top = 0;
  bool centred = false;
  std::optional<mavlink_battery_status_t> hover, before_failsafe, after_failsafe;
  QElapsedTimer wall;
  wall.start();
  while (!after_failsafe && wall.elapsed() < 60000) {
    for (const mavlink_frame_t& f : viewer.drainPoses()) {
      mavlink_hil_state_quaternion_t p;
      if (!mavlink_hil_state_quaternion_decode(&f, &p)) continue;
      if (!alt0) alt0 = double(p.alt) * 1e-3;
      height = double(p.alt) * 1e-3 - *alt0;
      top = std::max(top, height);
      centred = centred || height > 2.5;
      gcs.sticks(0, 0, 0, centred ? 0.5f : 0.8f);
    }
    gcs.vehicleTime();  // takes in every frame waiting, into the log
    // The reports in the log's order: the first in flight, the last before the failsafe's text
    // and the first after the landing's.
    bool failsafe = false, landed = false;
    hover = before_failsafe = after_failsafe = std::nullopt;
    for (const mavlink_frame_t& f : gcs.log) {
      mavlink_statustext_t t;
      if (mavlink_statustext_decode(&f, &t)) {
        const QString said = QString::fromLatin1(t.text, int(strnlen(t.text, 50)));
        failsafe = failsafe || said.contains("Failsafe: battery critical, descending to land");
        landed = landed || said.contains("Failsafe: landed, disarmed");
      }
      mavlink_battery_status_t b;
      if (!mavlink_battery_status_decode(&f, &b)) continue;
      if (!hover && b.current_battery > 500) hover = b;
      if (!failsafe) before_failsafe = b;
      if (landed && !after_failsafe) after_failsafe = b;
    }
    QThread::usleep(200);
  }
  return PackFlight{hover, before_failsafe, after_failsafe, height, top};
}

}  // namespace

void SitlTest::aFlightPackDrainsIntoTheBatteryFailsafe() {
  // The S500 with a 4S pack of 60 mAh (battery_model.h; a pack this small so that a hover
  // drains it in seconds of simulated time): vsim_d sends the pack it models, vayu_sitl's
  // power module reads it through the ADC model and its battery monitor, with BAT_CAPACITY 60
  // and BAT_N_CELLS 4 from its parameter file. The firmware counts the charge, goes critical at
  // BAT_CRIT_THR (7 % left) and lands by itself (BAT_CRIT_ACT 1).
  PipesRun run;
  std::ifstream in(NAVIGATOR_SOURCE_DIR "/resources/airframes/s500.yaml");
  std::stringstream text;
  text << in.rdbuf()
       << "battery:\n  cells: 4\n  capacity_mAh: 60\n  internal_resistance_ohm: 0.03\n  avionics_current_A: 0.3\n";
  const QString airframe = run.dir.path() + "/s500_pack.yaml";
  std::string yaml = text.str();  // its one mesh named from the shipped airframes' folder
  yaml.replace(yaml.find("../meshes/"), 10, NAVIGATOR_SOURCE_DIR "/resources/meshes/");
  std::ofstream(airframe.toStdString()) << yaml;
  std::ofstream(QString(run.dir.path() + "/vayu_params.txt").toStdString()) << "BAT_CAPACITY 60\nBAT_N_CELLS 4\n";
  startPipes(run, {}, {"--airframe", airframe});
  if (QTest::currentTestFailed()) return;
  const vsim::VehicleModel m = loadShippedAirframe("s500.yaml");
  setParameters(run.gcs, m);
  if (QTest::currentTestFailed()) return;

  // At rest, the first report (the monitor's filter starts at its first reading): the avionics'
  // 0.3 A only, V = 4 × 4.1029 V (the open-circuit fit, full) − 0.3 A × 0.03 Ω = 16.4026 V. The
  // ADC reads it in steps of 8.86 mV (battery_model.h), the current in steps of 13.7 mA; the
  // avionics drain the tiny pack by 0.08 mAh a second, 5 mV.
  const auto rest = nextBatteryStatus(run.gcs);
  if (!rest) QFAIL(qPrintable(run.stopBoth()));  // (not QVERIFY2: it would stop both on success too)
  qInfo("at rest: %d mV, %d cA", int(rest->voltages[0]), int(rest->current_battery));
  QCOMPARE_LE(std::abs(int(rest->voltages[0]) - 16403), 15);
  QCOMPARE_LE(std::abs(int(rest->current_battery) - 30), 3);

  SitlPipeClient viewer(run.dir.path().toStdString());
  QVERIFY(viewer.openPoseOnly());
  alignOnTheGround(viewer, run.gcs);
  if (QTest::currentTestFailed()) return;
  double armed_at_s = 0;
  armInAltHold(run, &armed_at_s);
  if (QTest::currentTestFailed()) return;

  const PackFlight fl = flyUntilTheFailsafeLands(viewer, run.gcs);
  const auto& [hover, before_failsafe, after_failsafe, height, top] = fl;
  const QString texts = run.gcs.texts();
  const QString logs = run.stopBoth();
  QVERIFY2(hover && before_failsafe && after_failsafe, qPrintable(texts + logs));
  qInfo("pack: at rest %.3f V %.2f A; hovering %.3f V %.2f A; %d mAh used before the failsafe, %d landed; %s",
        rest->voltages[0] * 1e-3, rest->current_battery * 1e-2, hover->voltages[0] * 1e-3,
        hover->current_battery * 1e-2, before_failsafe->current_consumed, after_failsafe->current_consumed,
        qPrintable(texts));
  // Flying, the rotors draw amperes and the pack sags below its resting voltage (by R·I, and by
  // the charge already drawn).
  QVERIFY(hover->current_battery > 500);
  QVERIFY(hover->voltages[0] < rest->voltages[0] - 0.03 * hover->current_battery * 1e-2 * 1000);
  // The monitor counted the 60 mAh: low at 15 % left (BAT_LOW_THR), critical at 7 %
  // (BAT_CRIT_THR), 55.8 mAh used (the remaining starts at 1: the resting cell voltage 4.10 V is
  // above BAT_V_CHARGED 4.05 V). Reports are once a second (UDP may lose some) and give whole mAh
  // (rounded); the failsafe's text can follow the report of the same step: the last report before
  // the text at most 56 mAh, the first after the landing at least 56.
  QVERIFY2(texts.contains(QRegularExpression("Battery low: [0-9.]+ V, 15 % remaining")), qPrintable(texts));
  QVERIFY2(texts.contains(QRegularExpression("Battery critical: [0-9.]+ V, 7 % remaining")), qPrintable(texts));
  QVERIFY2(before_failsafe->current_consumed <= 56, qPrintable(QString::number(before_failsafe->current_consumed)));
  QVERIFY2(after_failsafe->current_consumed >= 56, qPrintable(QString::number(after_failsafe->current_consumed)));
  QVERIFY(top > 2.4);
  QVERIFY2(height < 0.3, qPrintable(QString::number(height)));  // down, and disarmed by the failsafe
}

namespace {

// The firmware's next RC_CHANNELS satisfying `pred` (within 5 s).
template <class Pred>
std::optional<mavlink_rc_channels_t> nextChannels(Gcs& gcs, Pred pred) {
  const auto f = gcs.waitFor(MAVLINK_MSG_ID_RC_CHANNELS, 5000, [&](const mavlink_frame_t& frame) {
    mavlink_rc_channels_t c;
    return mavlink_rc_channels_decode(&frame, &c) && pred(c);
  });
  mavlink_rc_channels_t c{};
  if (!f || !mavlink_rc_channels_decode(&*f, &c)) return std::nullopt;
  return c;
}

}  // namespace

void SitlTest::theTransmitterReachesTheStationThroughTheReceiver() {
  // vsim_ctl's "transmitter" sets the pilot's transmitter; vsim_d sends it to vayu_sitl's CRSF
  // receiver model (--chip-fault crsf:none fits one), the firmware's CRSF driver decodes it and
  // the firmware reports the channels to the station as RC_CHANNELS, as a board does. Switched
  // off, the receiver falls silent and the driver's failsafe is said.
  PipesRun run;
  startPipes(run, {"--sensors", "chips", "--chip-fault", "crsf:none"});
  if (QTest::currentTestFailed()) return;
  // Before any transmitter: the model's own sticks (centred, throttle low: crsf_model_init),
  // 992 and 172 on the wire: 1500 and 988 µs (crsf.h's 11-bit scale, 0.625 µs a step).
  const auto idle = nextChannels(run.gcs, [](const mavlink_rc_channels_t& c) { return c.chancount == 16; });
  if (!idle) QFAIL(qPrintable(run.gcs.texts() + run.stopBoth()));
  QCOMPARE(int(idle->chan1_raw), 1500);
  QCOMPARE(int(idle->chan3_raw), 988);
  QCOMPARE(int(idle->rssi), 254);  // link quality 100 %
  SitlPipeClient control(run.dir.path().toStdString());
  QVERIFY(control.openControlOnly());
  control.sendControl("{\"command\": \"transmitter\", \"channels_us\": [1100, 1900, 1250, 1700, 2000]}\n");
  // Through CRSF's 11-bit values (us = 1500 + (v − 992)·5/8, rounded both ways) each channel
  // comes back within one microsecond; channels not sent keep what the model had.
  const auto moved = nextChannels(run.gcs, [](const mavlink_rc_channels_t& c) { return c.chan1_raw < 1200; });
  if (!moved) QFAIL(qPrintable(run.gcs.texts() + run.stopBoth()));
  QCOMPARE_LE(std::abs(int(moved->chan1_raw) - 1100), 1);
  QCOMPARE_LE(std::abs(int(moved->chan2_raw) - 1900), 1);
  QCOMPARE_LE(std::abs(int(moved->chan3_raw) - 1250), 1);
  QCOMPARE_LE(std::abs(int(moved->chan4_raw) - 1700), 1);
  QCOMPARE_LE(std::abs(int(moved->chan5_raw) - 2000), 1);
  QCOMPARE(int(moved->chan6_raw), 1500);
  qInfo("RC_CHANNELS from the firmware: idle %u %u %u %u; moved %u %u %u %u %u, rssi %u", idle->chan1_raw,
        idle->chan2_raw, idle->chan3_raw, idle->chan4_raw, moved->chan1_raw, moved->chan2_raw, moved->chan3_raw,
        moved->chan4_raw, moved->chan5_raw, moved->rssi);
  // Off: the receiver falls silent, the driver says its failsafe.
  control.sendControl("{\"command\": \"transmitter\", \"on\": false}\n");
  const bool lost = run.gcs.waitForText("failsafe (no RC frame", 5000);
  const QString texts = run.gcs.texts();
  const QString logs = run.stopBoth();
  QVERIFY2(lost, qPrintable(texts + logs));
  qInfo("%s", qPrintable(texts));
}

QTEST_GUILESS_MAIN(SitlTest)
#include "sitl_test.moc"
