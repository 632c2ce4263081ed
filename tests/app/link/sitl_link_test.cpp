// End to end: vsim_d (real time) and vayu_sitl started through SitlProcess in a temporary pipe
// directory, with the ground-station link on a free UDP port. The link connects on the
// firmware's heartbeat, reads all 100 parameters, writes one and reads it back, sees an
// out-of-range write refused with the firmware's reason, arms (refused first without pilot
// input, with the reason), disarms and switches mode; a `kill -9` of vayu_sitl is reported as
// a crash naming SIGKILL, the link goes lost, and comes back after a restart.
#include "app/link/sitl_process.h"
#include "app/link/udp_transport.h"
#include "app/link/vehicle_link.h"
#include "firmware/core/fc_params.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

#include <sched.h>

using namespace navigator;

namespace {

constexpr int kFirmwareParamCount = FC_PARAM_COUNT;  // every row of FC_PARAM_TABLE (firmware/core/fc_params.h)
constexpr std::uint32_t kImuAndAttitudeHealthy = 1 | 2 | 4 | 8 | (1u << 10);  // gyro accel mag baro, attitude
constexpr std::uint32_t kGps = 1u << 5;                                       // MAV_SYS_STATUS_SENSOR_GPS

}  // namespace

class SitlLinkTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void connectsOnHeartbeatAndReadsAllParameters();
  void writesReadsBackAndIsRefused();
  void armsDisarmsAndSwitchesMode();
  void crashIsReportedAndTheLinkComesBack();
  void realTimeSchedulingIsAskedAndSaid();
  void cleanupTestCase();

 private:
  QString logs() const { return firmware_log_.join('\n'); }
  CommandResult command(const std::function<void()>& issue);

  QTemporaryDir dir_;
  QProcess sim_;
  UdpTransport transport_{0};
  MavlinkConnection connection_;
  std::unique_ptr<VehicleLink> link_;
  SitlProcess firmware_;
  QStringList firmware_log_;
  QTimer sticks_;
  SysStatusSample last_status_;
};

void SitlLinkTest::initTestCase() {
  QVERIFY(dir_.isValid());
  QVERIFY(transport_.open());
  connection_.attachTransport(&transport_);
  link_ = std::make_unique<VehicleLink>(&connection_);
  connect(link_.get(), &VehicleLink::sysStatusUpdated, this, [this](const SysStatusSample& s) { last_status_ = s; });
  connect(&firmware_, &SitlProcess::logLine, this, [this](const QString& line) { firmware_log_ << line; });
  // Pilot input at 20 Hz (throttle down), as a joystick would send it, once enabled.
  connect(&sticks_, &QTimer::timeout, this, [this] { link_->sendManualControl(0, 0, 0, 0, 0); });
  sticks_.setInterval(50);

  sim_.setStandardErrorFile(dir_.path() + "/vsim_d.log");
  sim_.start(NAVIGATOR_BIN_DIR "/vsim_d", {"--dir", dir_.path(), "--mode", "realtime", "--seed", "4", "--quiet"});
  QVERIFY(sim_.waitForStarted());

  firmware_.setExecutable(NAVIGATOR_BIN_DIR "/vayu_sitl");
  SitlOptions options;
  options.pipe_dir = dir_.path();
  options.gcs_port = transport_.localPort();
  options.local_port = 0;
  firmware_.setOptions(options);
  QSignalSpy started(&firmware_, &SitlProcess::started);
  QVERIFY(firmware_.start());
  QVERIFY(started.wait(5000));
}

void SitlLinkTest::connectsOnHeartbeatAndReadsAllParameters() {
  QTRY_VERIFY2_WITH_TIMEOUT(link_->linkState() == LinkState::Connected, qPrintable(logs()), 5000);
  QCOMPARE(int(link_->vehicle().system_id), 1);
  QCOMPARE(int(link_->vehicle().mav_type), 2);  // quadrotor
  QVERIFY(!link_->vehicle().armed);
  QCOMPARE(VehicleLink::modeName(link_->vehicle().custom_mode), QStringLiteral("ANGLE"));  // MODE_DEFAULT
  QVERIFY(transport_.hasPeer());

  ParamClient* params = link_->params();
  QSignalSpy done(params, &ParamClient::listComplete);
  QSignalSpy failed(params, &ParamClient::listFailed);
  params->requestAll();
  QTRY_VERIFY_WITH_TIMEOUT(done.count() + failed.count() > 0, 5000);
  QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.at(0).at(0).toString()));
  QCOMPARE(done.at(0).at(0).toInt(), kFirmwareParamCount);
  QCOMPARE(params->params().size(), kFirmwareParamCount);
  QCOMPARE(params->param("RATE_RP_P")->value, double(0.15f));
  QVERIFY(params->param("SYSID")->isInteger());
  QCOMPARE(params->param("SYSID")->value, 1.0);
  const LinkStats s = connection_.stats();
  qInfo("link after the parameter list: %llu frames in, %llu out, %llu CRC errors, %llu bytes dropped, %llu gaps",
        (unsigned long long)s.frames_in, (unsigned long long)s.frames_out, (unsigned long long)s.crc_errors,
        (unsigned long long)s.bytes_dropped, (unsigned long long)s.sequence_gaps);
  QCOMPARE(s.crc_errors, 0u);
}

void SitlLinkTest::writesReadsBackAndIsRefused() {
  ParamClient* params = link_->params();
  QSignalSpy sets(params, &ParamClient::setFinished);
  params->setParam("ANG_YAW_P", 2.5);
  params->setParam("MODE_DEFAULT", 2);  // an INT32, bytewise
  QTRY_COMPARE_WITH_TIMEOUT(sets.count(), 2, 5000);
  QVERIFY2(sets.at(0).at(1).toBool(), qPrintable(sets.at(0).at(2).toString()));
  QCOMPARE(sets.at(0).at(2).toString(), QStringLiteral("ANG_YAW_P = 2.5"));
  QCOMPARE(sets.at(1).at(2).toString(), QStringLiteral("MODE_DEFAULT = 2"));

  // Read back from the vehicle (a fresh list, not the echo).
  QSignalSpy done(params, &ParamClient::listComplete);
  params->requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 5000);
  QCOMPARE(params->param("ANG_YAW_P")->value, 2.5);
  QCOMPARE(params->param("MODE_DEFAULT")->value, 2.0);

  params->setParam("RATE_RP_P", 99);  // range 0..10 in fc_params.h
  QTRY_COMPARE_WITH_TIMEOUT(sets.count(), 3, 5000);
  QCOMPARE(sets.at(2).at(1).toBool(), false);
  QCOMPARE(sets.at(2).at(2).toString(),
           QStringLiteral("RATE_RP_P = 99 refused, vehicle kept 0.15 (RATE_RP_P not set: value out of range)"));

  params->setParam("MODE_DEFAULT", 1);  // back, so a restarted firmware starts in ANGLE
  QTRY_COMPARE_WITH_TIMEOUT(sets.count(), 4, 5000);
  QVERIFY(sets.at(3).at(1).toBool());
}

CommandResult SitlLinkTest::command(const std::function<void()>& issue) {
  QSignalSpy results(link_.get(), &VehicleLink::commandFinished);
  issue();
  if (!results.wait(5000)) return {};
  return results.at(0).at(0).value<CommandResult>();
}

void SitlLinkTest::armsDisarmsAndSwitchesMode() {
  // The estimator aligns on the ground: sensors and attitude healthy in SYS_STATUS.
  QTRY_VERIFY2_WITH_TIMEOUT(last_status_.present != 0 && last_status_.healthy(kImuAndAttitudeHealthy),
                            qPrintable(logs()), 10000);
  // vsim_d's HIL_GPS reaches the firmware on vsim_imu: its estimator takes the tilt from the
  // fixes, and says so in SYS_STATUS.
  QTRY_VERIFY2_WITH_TIMEOUT((last_status_.present & kGps) && last_status_.healthy(kGps), qPrintable(logs()), 10000);

  CommandResult r = command([this] { link_->arm(); });  // no pilot input yet
  QCOMPARE(r.outcome, CommandResult::Outcome::Refused);
  QCOMPARE(r.message, QStringLiteral("Arm: denied (Arming refused: no pilot input (MANUAL_CONTROL))"));

  // Pilot input first: the firmware takes MANUAL_CONTROL before it is asked to arm.
  QSignalSpy sticks_sent(&sticks_, &QTimer::timeout);
  sticks_.start();
  QTRY_VERIFY_WITH_TIMEOUT(sticks_sent.count() >= 4, 3000);
  r = command([this] { link_->arm(); });
  QVERIFY2(r.accepted(), qPrintable(r.message));
  QTRY_VERIFY_WITH_TIMEOUT(link_->vehicle().armed, 3000);  // the next HEARTBEAT says so

  r = command([this] { link_->setMode(VAYU_MODE_ALT_HOLD); });
  QCOMPARE(r.message, QStringLiteral("Mode ALT_HOLD: accepted"));
  QTRY_COMPARE_WITH_TIMEOUT(link_->vehicle().custom_mode, std::uint32_t(VAYU_MODE_ALT_HOLD), 3000);

  r = command([this] { link_->disarm(); });
  QCOMPARE(r.message, QStringLiteral("Disarm: accepted"));
  QTRY_VERIFY_WITH_TIMEOUT(!link_->vehicle().armed, 3000);

  r = command([this] { link_->setMode(VAYU_MODE_ANGLE); });
  QVERIFY(r.accepted());
  sticks_.stop();
}

void SitlLinkTest::crashIsReportedAndTheLinkComesBack() {
  QCOMPARE(link_->linkState(), LinkState::Connected);
  QSignalSpy crashes(&firmware_, &SitlProcess::crashed);
  QSignalSpy states(link_.get(), &VehicleLink::linkStateChanged);
  QVERIFY(::kill(pid_t(firmware_.processId()), SIGKILL) == 0);
  QVERIFY(crashes.wait(3000));
  const QString message = crashes.at(0).at(0).toString();
  QVERIFY2(message.startsWith(QStringLiteral("vayu_sitl was killed by SIGKILL (Killed)")), qPrintable(message));
  QVERIFY2(message.contains(QStringLiteral("flying from")), qPrintable(message));  // its last lines
  QCOMPARE(firmware_.state(), SitlProcess::State::Stopped);

  QTRY_COMPARE_WITH_TIMEOUT(link_->linkState(), LinkState::Lost, 5000);
  const quint16 old_port = transport_.peerPort();
  QVERIFY(firmware_.start());
  QTRY_VERIFY2_WITH_TIMEOUT(link_->linkState() == LinkState::Connected, qPrintable(logs()), 5000);
  QCOMPARE(states.count(), 2);
  QVERIFY(transport_.peerPort() != old_port);  // --port 0: the restarted firmware moved
  // The restarted firmware kept the parameter written before the crash.
  QSignalSpy done(link_->params(), &ParamClient::listComplete);
  link_->params()->requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 5000);
  QCOMPARE(link_->params()->param("ANG_YAW_P")->value, 2.5);
}

void SitlLinkTest::realTimeSchedulingIsAskedAndSaid() {
  // --rt-priority 20: the firmware asks for SCHED_FIFO itself and says in its log whether the
  // system allowed it; when it says so, the kernel agrees (sched_getscheduler of its pid).
  QTemporaryDir dir;
  SitlProcess firmware;
  firmware.setExecutable(NAVIGATOR_BIN_DIR "/vayu_sitl");
  SitlOptions options;
  options.pipe_dir = dir.path();
  options.local_port = 0;
  options.gcs_port = 9;  // the discard port: this firmware's telemetry must not reach the link under test
  options.realtime_priority = 20;
  firmware.setOptions(options);
  QStringList lines;
  connect(&firmware, &SitlProcess::logLine, this, [&lines](const QString& line) { lines << line; });
  QVERIFY(firmware.start());
  QTRY_VERIFY_WITH_TIMEOUT(!lines.filter("real-time scheduling").isEmpty(), 5000);
  const QString said = lines.filter("real-time scheduling").first();
  const int policy = ::sched_getscheduler(pid_t(firmware.processId()));
  if (said == QStringLiteral("vayu_sitl: real-time scheduling (SCHED_FIFO, priority 20)")) {
    QCOMPARE(policy, SCHED_FIFO);
    sched_param param{};
    QCOMPARE(::sched_getparam(pid_t(firmware.processId()), &param), 0);
    QCOMPARE(param.sched_priority, 20);
  } else {
    QVERIFY2(said.contains("refused") && said.contains("CAP_SYS_NICE"), qPrintable(said));
    QCOMPARE(policy, SCHED_OTHER);
  }
  QSignalSpy stopped(&firmware, &SitlProcess::stopped);
  firmware.stop();
  QVERIFY(stopped.wait(5000));
}

void SitlLinkTest::cleanupTestCase() {
  QSignalSpy stopped(&firmware_, &SitlProcess::stopped);
  if (firmware_.state() != SitlProcess::State::Stopped) {
    firmware_.stop();
    QVERIFY(stopped.wait(5000));
    QVERIFY2(firmware_log_.last().contains("stopped after"), qPrintable(logs()));
  }
  if (sim_.state() != QProcess::NotRunning) {
    sim_.terminate();
    if (!sim_.waitForFinished(5000)) sim_.kill();
  }
}

QTEST_GUILESS_MAIN(SitlLinkTest)
#include "sitl_link_test.moc"
