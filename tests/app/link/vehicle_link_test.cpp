// VehicleLink against a scripted vehicle: heartbeat link state (none → connected → lost →
// regained) with short timeouts, telemetry decoded, commands acknowledged, refused with the
// vehicle's reason, retried and given up, MANUAL_CONTROL addressed to the vehicle.
#include "app/link/vehicle_link.h"
#include "firmware/link/fc_link.h"
#include "firmware/core/flight.h"
#include "tests/app/link/scripted_vehicle.h"

#include <QSignalSpy>
#include <QtTest>

#include <numbers>

#include <cstring>

#include <limits>

using namespace navigator;

// The shared constants against MAVLink's published common.xml values.
static_assert(MAV_ARM_FORCE_MAGIC == 21196 && MAV_CMD_COMPONENT_ARM_DISARM == 400 && MAV_CMD_DO_SET_MODE == 176);
static_assert(MAV_STATE_STANDBY == 3 && MAV_STATE_ACTIVE == 4 && MAV_STATE_CRITICAL == 5 && MAV_STATE_EMERGENCY == 6);
static_assert(MAV_SEVERITY_CRITICAL == 2 && MAV_SEVERITY_WARNING == 4 && MAV_SEVERITY_INFO == 6);
static_assert(MAV_MODE_FLAG_SAFETY_ARMED == 128 && MAV_MODE_FLAG_CUSTOM_MODE_ENABLED == 1);

namespace {

LinkTimings fast() {
  LinkTimings t;
  t.heartbeat_timeout_ms = 150;
  t.command_retry_ms = 60;
  t.reason_wait_ms = 100;
  return t;
}

mavlink_command_long_t commandOf(const mavlink_frame_t& f) {
  mavlink_command_long_t c{};
  mavlink_command_long_decode(&f, &c);
  return c;
}

}  // namespace

class VehicleLinkTest : public QObject {
  Q_OBJECT

 private slots:
  void linkStateFollowsHeartbeats();
  void otherGroundStationsAreNotVehicles();
  void chunkedStatusTextIsShownWhole();
  void telemetryDecoded();
  void nonFiniteTelemetryAndControlTextStayOut();
  void arduPilotsAttitudeIsItsAttitudeMessage();
  void armAccepted();
  void armRefusedCarriesTheVehiclesReason();
  void commandRetriedThenAcknowledged();
  void commandWithoutAnswerGivesUp();
  void commandWithoutVehicleFailsAtOnce();
  void modeAndForceArmParameters();
  void manualControlGoesToTheVehicle();
};

void VehicleLinkTest::linkStateFollowsHeartbeats() {
  MavlinkConnection c;
  ScriptedVehicle v(&c, 7);
  LinkTimings t = fast();
  t.heartbeat_timeout_ms = 400;
  VehicleLink link(&c, t);
  ManualTickClock clock;  // the test says when time passes
  link.setClock(&clock);
  QSignalSpy states(&link, &VehicleLink::linkStateChanged);
  QSignalSpy vehicles(&link, &VehicleLink::vehicleChanged);
  QCOMPARE(link.linkState(), LinkState::NoVehicle);

  v.heartbeat(false, 2);
  QCOMPARE(link.linkState(), LinkState::Connected);
  QCOMPARE(int(link.vehicle().system_id), 7);
  QCOMPARE(link.vehicle().custom_mode, 2u);
  QCOMPARE(VehicleLink::modeName(link.vehicle().custom_mode), QStringLiteral("ALT_HOLD"));
  QVERIFY(!link.vehicle().armed);

  // Heartbeats inside the timeout keep it connected, however long the flight.
  for (int i = 0; i < 4; ++i) {
    clock.advance(399);
    QCOMPARE(link.linkState(), LinkState::Connected);
    v.heartbeat(i >= 2, 2);
  }
  QVERIFY(link.vehicle().armed);
  QCOMPARE(vehicles.count(), 2);  // first heartbeat, then the armed change only

  // Silence: lost when the timeout has passed since the last heartbeat, not a tick before.
  clock.advance(300);
  QCOMPARE(link.linkState(), LinkState::Connected);
  clock.advance(99);  // 399 ms of silence
  QCOMPARE(link.linkState(), LinkState::Connected);
  clock.advance(1);  // 400 ms
  QCOMPARE(link.linkState(), LinkState::Lost);

  // Back.
  v.heartbeat(true, 2, 5);
  QCOMPARE(link.linkState(), LinkState::Connected);
  QVERIFY(link.vehicle().failsafe());
  QCOMPARE(states.count(), 3);
  QCOMPARE(states.at(0).at(0).value<LinkState>(), LinkState::Connected);
  QCOMPARE(states.at(1).at(0).value<LinkState>(), LinkState::Lost);
  QCOMPARE(states.at(2).at(0).value<LinkState>(), LinkState::Connected);
}

void VehicleLinkTest::otherGroundStationsAreNotVehicles() {
  MavlinkConnection c;
  ScriptedVehicle gcs(&c, 200);
  VehicleLink link(&c, fast());
  mavlink_heartbeat_t h{};
  h.type = 6;  // MAV_TYPE_GCS
  h.autopilot = 8;
  gcs.send(h);
  QCOMPARE(link.linkState(), LinkState::NoVehicle);
  QCOMPARE(int(link.vehicle().system_id), 0);
}

void VehicleLinkTest::nonFiniteTelemetryAndControlTextStayOut() {
  // A frame's CRC says only that its bytes arrived as sent: a NaN attitude or an infinite
  // acceleration from a board is dropped and counted, never plotted; control characters in a
  // STATUSTEXT are dropped (a tab or line break becomes a space), so a line cannot break the
  // log (fuzz_station_link's checks).
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  VehicleLink link(&c, fast());
  QSignalSpy attitudes(&link, &VehicleLink::attitudeUpdated);
  QSignalSpy imus(&link, &VehicleLink::imuUpdated);
  QSignalSpy texts(&link, &VehicleLink::statusText);
  v.heartbeat();
  mavlink_attitude_t a{};
  a.roll = std::numeric_limits<float>::quiet_NaN();
  v.send(a);
  mavlink_attitude_quaternion_t q{};
  q.q1 = 1.0f;
  v.send(q);  // completes a sample whose roll is NaN: dropped
  mavlink_highres_imu_t m{};
  m.zacc = std::numeric_limits<float>::infinity();
  v.send(m);
  QCOMPARE(attitudes.count(), 0);
  QCOMPARE(imus.count(), 0);
  QCOMPARE(link.nonFiniteSamplesDropped(), std::uint64_t(2));
  a.roll = 0.25f;
  v.send(a);
  v.send(q);
  QCOMPARE(attitudes.count(), 1);
  QCOMPARE(attitudes.at(0).at(0).value<AttitudeSample>().roll_rad, 0.25f);
  v.statusText(6, "line\nbreak\x1b[31m");
  QCOMPARE(texts.count(), 1);
  QCOMPARE(texts.at(0).at(1).toString(), QStringLiteral("line break[31m"));
}

void VehicleLinkTest::chunkedStatusTextIsShownWhole() {
  // PX4 sends "Arming denied: Resolve system health failures first" and a tab in
  // two chunks (STATUSTEXT id/chunk_seq, common.xml); the station showed the second alone,
  // "t" and a replacement character, under the Arm button.
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  VehicleLink link(&c, fast());
  QSignalSpy texts(&link, &VehicleLink::statusText);
  v.heartbeat();
  const char* whole = "Arming denied: Resolve system health failures first\t";
  mavlink_statustext_t s{};
  s.severity = 3;
  s.id = 4;
  std::memcpy(s.text, whole, 50);
  s.chunk_seq = 0;
  v.send(s);
  QCOMPARE(texts.count(), 0);
  std::memset(s.text, 0, sizeof s.text);
  std::memcpy(s.text, whole + 50, 2);
  s.chunk_seq = 1;
  v.send(s);
  QCOMPARE(texts.count(), 1);
  QCOMPARE(texts.at(0).at(0).toInt(), 3);
  QCOMPARE(texts.at(0).at(1).toString(), QStringLiteral("Arming denied: Resolve system health failures first"));
  // A first chunk whose end never comes is shown as far as it came after two heartbeats.
  std::memcpy(s.text, whole, 50);
  s.id = 5;
  s.chunk_seq = 0;
  v.send(s);
  v.heartbeat();
  QCOMPARE(texts.count(), 1);
  v.heartbeat();
  QCOMPARE(texts.count(), 2);
  QCOMPARE(texts.at(1).at(1).toString(), QStringLiteral("Arming denied: Resolve system health failures firs…"));
}

namespace {

// ATTITUDE, then ATTITUDE_QUATERNION `q`: one sample, the quaternion's time, rotation and rates
// with ATTITUDE's angles.
void attitudeDecoded(ScriptedVehicle& v, QSignalSpy& attitudes, const mavlink_attitude_quaternion_t& q) {
  mavlink_attitude_t a{};
  a.roll = 0.1f;
  a.pitch = -0.2f;
  a.yaw = 1.5f;
  v.send(a);
  v.send(q);
  QCOMPARE(attitudes.count(), 1);
  const auto att = attitudes.at(0).at(0).value<AttitudeSample>();
  QCOMPARE(att.time_boot_ms, 1234u);
  QCOMPARE(att.q_WB_wxyz[3], 0.5f);
  QCOMPARE(att.roll_rad, 0.1f);
  QCOMPARE(att.yaw_rad, 1.5f);
  QCOMPARE(att.rate_B_radps[0], 0.3f);
}

// SYS_STATUS as the firmware fills it: gyro, accel, mag, baro present; baro unhealthy. Then
// HIGHRES_IMU.
void sysStatusAndImuDecoded(ScriptedVehicle& v, QSignalSpy& statuses, QSignalSpy& imus) {
  mavlink_sys_status_t s{};
  s.onboard_control_sensors_present = s.onboard_control_sensors_enabled = 0xF;
  s.onboard_control_sensors_health = 0x7;
  s.voltage_battery = UINT16_MAX;
  s.current_battery = -1;
  s.battery_remaining = -1;
  v.send(s);
  QCOMPARE(statuses.count(), 1);
  const auto st = statuses.at(0).at(0).value<SysStatusSample>();
  QVERIFY(st.healthy(0x3));
  QVERIFY(!st.healthy(0xF));
  QCOMPARE(st.voltage_V, -1.0f);

  mavlink_highres_imu_t imu{};
  imu.time_usec = 42;
  imu.zacc = -9.81f;
  v.send(imu);
  QCOMPARE(imus.count(), 1);
  QCOMPARE(imus.at(0).at(0).value<ImuSample>().accel_mps2[2], -9.81f);
}

// VFR_HUD as Vayu sends it: no airspeed sensor and no GPS, so both speeds NaN — held as absent,
// never as a number; the rest as sent (common.xml: heading 0..360, throttle %).
void vfrHudDecoded(ScriptedVehicle& v, VehicleLink& link) {
  QSignalSpy huds(&link, &VehicleLink::hudUpdated);
  mavlink_vfr_hud_t hud{};
  hud.airspeed = std::nanf("");
  hud.groundspeed = std::nanf("");
  hud.alt = 488.25f;
  hud.climb = -0.5f;
  hud.heading = 359;
  hud.throttle = 47;
  v.send(hud);
  QCOMPARE(huds.count(), 1);
  const auto h = huds.at(0).at(0).value<HudSample>();
  QVERIFY(!h.airspeed_mps && !h.groundspeed_mps);
  QCOMPARE(*h.altitude_m, 488.25f);
  QCOMPARE(*h.climb_mps, -0.5f);
  QCOMPARE(h.heading_deg, 359);
  QCOMPARE(h.throttle_pct, 47);
  hud.groundspeed = 3.5f;
  hud.heading = 360;   // (some autopilots send 360 for north)
  hud.throttle = 250;  // out of range: shown as full
  v.send(hud);
  const auto h2 = huds.at(1).at(0).value<HudSample>();
  QCOMPARE(*h2.groundspeed_mps, 3.5f);
  QCOMPARE(h2.heading_deg, 0);
  QCOMPARE(h2.throttle_pct, 100);
}

}  // namespace

// ArduPilot streams ATTITUDE and no ATTITUDE_QUATERNION (its REQUEST_DATA_STREAM answer, seen
// with ArduCopter 90700977): the station's horizon stayed grey. Its ATTITUDE now makes the whole
// sample, the quaternion from the Euler angles: roll 90° alone is (cos 45°, sin 45°, 0, 0); roll
// 0.25, pitch -0.125, yaw 3 rad is q_z(3) q_y(-0.125) q_x(0.25), its components in closed form.
void VehicleLinkTest::arduPilotsAttitudeIsItsAttitudeMessage() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  VehicleLink link(&c, fast());
  QSignalSpy attitudes(&link, &VehicleLink::attitudeUpdated);
  mavlink_heartbeat_t h{};
  h.type = 2;       // quadrotor
  h.autopilot = 3;  // MAV_AUTOPILOT_ARDUPILOTMEGA
  h.mavlink_version = 3;
  v.send(h);
  mavlink_attitude_t a{};
  a.roll = float(std::numbers::pi / 2);
  v.send(a);
  QCOMPARE(attitudes.count(), 1);
  auto q = attitudes.at(0).at(0).value<AttitudeSample>().q_WB_wxyz;
  QVERIFY(std::abs(q[0] - std::cos(std::numbers::pi / 4)) < 1e-6 &&
          std::abs(q[1] - std::sin(std::numbers::pi / 4)) < 1e-6);
  QVERIFY(std::abs(q[2]) < 1e-7 && std::abs(q[3]) < 1e-7);
  a.roll = 0.25f;
  a.pitch = -0.125f;
  a.yaw = 3.0f;
  v.send(a);
  QCOMPARE(attitudes.count(), 2);
  q = attitudes.at(1).at(0).value<AttitudeSample>().q_WB_wxyz;
  const double cr = std::cos(0.125), sr = std::sin(0.125), cp = std::cos(-0.0625), sp = std::sin(-0.0625),
               cy = std::cos(1.5), sy = std::sin(1.5);
  const std::array<double, 4> expected{cr * cp * cy + sr * sp * sy, sr * cp * cy - cr * sp * sy,
                                       cr * sp * cy + sr * cp * sy, cr * cp * sy - sr * sp * cy};
  for (int i = 0; i < 4; ++i) QVERIFY(std::abs(q[std::size_t(i)] - expected[std::size_t(i)]) < 1e-6);
  a.pitch = std::numeric_limits<float>::quiet_NaN();
  v.send(a);  // not finite: not shown
  QCOMPARE(attitudes.count(), 2);
  QCOMPARE(link.nonFiniteSamplesDropped(), std::uint64_t(1));
}

void VehicleLinkTest::telemetryDecoded() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  ScriptedVehicle stranger(&c, 9);
  VehicleLink link(&c, fast());
  QSignalSpy attitudes(&link, &VehicleLink::attitudeUpdated);
  QSignalSpy statuses(&link, &VehicleLink::sysStatusUpdated);
  QSignalSpy imus(&link, &VehicleLink::imuUpdated);
  QSignalSpy texts(&link, &VehicleLink::statusText);
  v.heartbeat();

  mavlink_attitude_quaternion_t q{};
  q.time_boot_ms = 1234;
  q.q1 = 0.5f;
  q.q2 = 0.5f;
  q.q3 = 0.5f;
  q.q4 = 0.5f;
  q.rollspeed = 0.3f;
  attitudeDecoded(v, attitudes, q);
  if (QTest::currentTestFailed()) return;
  sysStatusAndImuDecoded(v, statuses, imus);
  if (QTest::currentTestFailed()) return;
  vfrHudDecoded(v, link);
  if (QTest::currentTestFailed()) return;

  // A STATUSTEXT of exactly 50 characters (no terminator) keeps every character.
  const char* fifty = "01234567890123456789012345678901234567890123456789";
  v.statusText(4, fifty);
  QCOMPARE(texts.count(), 1);
  QCOMPARE(texts.at(0).at(0).toInt(), 4);
  QCOMPARE(texts.at(0).at(1).toString(), QString::fromLatin1(fifty));
  QCOMPARE(VehicleLink::severityName(4), QStringLiteral("WARNING"));

  // Another system's telemetry is not this vehicle's.
  stranger.send(q);
  stranger.statusText(2, "not ours");
  QCOMPARE(attitudes.count(), 1);
  QCOMPARE(texts.count(), 1);
}

void VehicleLinkTest::armAccepted() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  VehicleLink link(&c, fast());
  QSignalSpy results(&link, &VehicleLink::commandFinished);
  v.answer = [&](const mavlink_frame_t& f) {
    if (f.msgid == MAVLINK_MSG_ID_COMMAND_LONG) v.ack(commandOf(f).command, 0);
  };
  v.heartbeat();
  link.arm();
  QTRY_COMPARE_WITH_TIMEOUT(results.count(), 1, 1000);
  const auto r = results.at(0).at(0).value<CommandResult>();
  QVERIFY(r.accepted());
  QCOMPARE(r.message, QStringLiteral("Arm: accepted"));
  const auto sent = v.sentOf(MAVLINK_MSG_ID_COMMAND_LONG);
  QCOMPARE(sent.size(), std::size_t(1));
  const mavlink_command_long_t cmd = commandOf(sent[0]);
  QCOMPARE(int(cmd.command), 400);
  QCOMPARE(cmd.param1, 1.0f);
  QCOMPARE(cmd.param2, 0.0f);
  QCOMPARE(int(cmd.target_system), 1);
  QCOMPARE(int(cmd.target_component), 1);
}

void VehicleLinkTest::armRefusedCarriesTheVehiclesReason() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  VehicleLink link(&c, fast());
  QSignalSpy results(&link, &VehicleLink::commandFinished);
  // As the flight firmware does: the ACK at once, the event as STATUSTEXT after its next step.
  v.answer = [&](const mavlink_frame_t& f) {
    if (f.msgid != MAVLINK_MSG_ID_COMMAND_LONG) return;
    v.ack(400, 2);
    QTimer::singleShot(20, &c, [&] {
      v.statusText(6, "Mode ANGLE");  // an info line is not the reason
      v.statusText(4, "Arming refused: throttle not low");
    });
  };
  v.heartbeat();
  link.arm();
  QTRY_COMPARE_WITH_TIMEOUT(results.count(), 1, 1000);
  const auto r = results.at(0).at(0).value<CommandResult>();
  QCOMPARE(r.outcome, CommandResult::Outcome::Refused);
  QCOMPARE(r.mav_result, 2);
  QCOMPARE(r.reason, QStringLiteral("Arming refused: throttle not low"));
  QCOMPARE(r.message, QStringLiteral("Arm: denied (Arming refused: throttle not low)"));

  // A refusal without a reason still finishes, after the short wait.
  v.answer = [&](const mavlink_frame_t& f) {
    if (f.msgid == MAVLINK_MSG_ID_COMMAND_LONG) v.ack(176, 3);
  };
  link.setMode(VAYU_MODE_ACRO);
  QTRY_COMPARE_WITH_TIMEOUT(results.count(), 2, 1000);
  QCOMPARE(results.at(1).at(0).value<CommandResult>().message, QStringLiteral("Mode ACRO: unsupported"));
}

void VehicleLinkTest::commandRetriedThenAcknowledged() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  VehicleLink link(&c, fast());
  QSignalSpy results(&link, &VehicleLink::commandFinished);
  int seen = 0;
  v.answer = [&](const mavlink_frame_t& f) {  // the first try is lost
    if (f.msgid == MAVLINK_MSG_ID_COMMAND_LONG && ++seen == 2) v.ack(400, 0);
  };
  v.heartbeat();
  link.disarm();
  QTRY_COMPARE_WITH_TIMEOUT(results.count(), 1, 1000);
  QVERIFY(results.at(0).at(0).value<CommandResult>().accepted());
  const auto sent = v.sentOf(MAVLINK_MSG_ID_COMMAND_LONG);
  QCOMPARE(sent.size(), std::size_t(2));
  QCOMPARE(int(commandOf(sent[0]).confirmation), 0);
  QCOMPARE(int(commandOf(sent[1]).confirmation), 1);  // MAVLink: a resend says so
  QCOMPARE(commandOf(sent[1]).param1, 0.0f);
}

void VehicleLinkTest::commandWithoutAnswerGivesUp() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  VehicleLink link(&c, fast());
  QSignalSpy results(&link, &VehicleLink::commandFinished);
  v.heartbeat();
  link.arm();
  link.disarm();  // queued behind the first
  QTRY_COMPARE_WITH_TIMEOUT(results.count(), 2, 2000);
  const auto r = results.at(0).at(0).value<CommandResult>();
  QCOMPARE(r.outcome, CommandResult::Outcome::NoAnswer);
  QCOMPARE(r.message, QStringLiteral("Arm: no answer from the vehicle after 3 tries"));
  QCOMPARE(results.at(1).at(0).value<CommandResult>().label, QStringLiteral("Disarm"));
  QCOMPARE(v.sentOf(MAVLINK_MSG_ID_COMMAND_LONG).size(), std::size_t(6));
  // An ACK for a command no longer pending changes nothing.
  v.ack(400, 0);
  QCOMPARE(results.count(), 2);
}

void VehicleLinkTest::commandWithoutVehicleFailsAtOnce() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  VehicleLink link(&c, fast());
  QSignalSpy results(&link, &VehicleLink::commandFinished);
  link.arm();
  QCOMPARE(results.count(), 1);
  QCOMPARE(results.at(0).at(0).value<CommandResult>().message, QStringLiteral("Arm: no vehicle connected"));
  QVERIFY(v.sent.empty());
  QVERIFY(!link.sendManualControl(0, 0, 0, 0, 0));
}

void VehicleLinkTest::modeAndForceArmParameters() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  VehicleLink link(&c, fast());
  v.answer = [&](const mavlink_frame_t& f) {
    if (f.msgid == MAVLINK_MSG_ID_COMMAND_LONG) v.ack(commandOf(f).command, 0);
  };
  QSignalSpy results(&link, &VehicleLink::commandFinished);
  v.heartbeat();
  link.setMode(VAYU_MODE_ALT_HOLD);
  link.forceArm();
  QTRY_COMPARE_WITH_TIMEOUT(results.count(), 2, 1000);
  const auto sent = v.sentOf(MAVLINK_MSG_ID_COMMAND_LONG);
  QCOMPARE(int(commandOf(sent[0]).command), 176);
  QCOMPARE(commandOf(sent[0]).param1, 1.0f);  // MAV_MODE_FLAG_CUSTOM_MODE_ENABLED
  QCOMPARE(commandOf(sent[0]).param2, 2.0f);  // vayu_mode_t ALT_HOLD
  QCOMPARE(int(commandOf(sent[1]).command), 400);
  QCOMPARE(commandOf(sent[1]).param2, 21196.0f);
  QCOMPARE(results.at(0).at(0).value<CommandResult>().message, QStringLiteral("Mode ALT_HOLD: accepted"));
}

void VehicleLinkTest::manualControlGoesToTheVehicle() {
  MavlinkConnection c;
  ScriptedVehicle v(&c, 3);
  VehicleLink link(&c, fast());
  v.heartbeat();
  QVERIFY(link.sendManualControl(-1000, 500, 250, 1000, 0x5));
  const auto sent = v.sentOf(MAVLINK_MSG_ID_MANUAL_CONTROL);
  QCOMPARE(sent.size(), std::size_t(1));
  mavlink_manual_control_t m{};
  QVERIFY(mavlink_manual_control_decode(&sent[0], &m));
  QCOMPARE(int(m.target), 3);
  QCOMPARE(int(m.x), -1000);
  QCOMPARE(int(m.y), 500);
  QCOMPARE(int(m.z), 250);
  QCOMPARE(int(m.r), 1000);
  QCOMPARE(int(m.buttons), 5);
}

QTEST_GUILESS_MAIN(VehicleLinkTest)
#include "vehicle_link_test.moc"
