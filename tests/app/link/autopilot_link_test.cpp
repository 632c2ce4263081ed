// The station as a ground station of PX4 and ArduPilot, against the test-only
// stand-ins of their ground-station-facing MAVLink side (autopilot_stand_in.h): the autopilot
// recognised from HEARTBEAT, modes named and asked for in each dialect (DO_SET_MODE's params
// exactly as published), arm/disarm with COMMAND_ACK to component 1, ArduPilot's streams
// requested, a 1000-parameter list through 5 % dropped frames, the telemetry the instruments
// need with unknowns absent, two PX4 instances on one UDP port each answered on its own port,
// garbage on the link counted while parsing goes on, and TCP's refused and vanished peers.
// Time: heartbeat timeouts on a ManualTickClock; network and parameter retries by waiting on
// a condition (QTRY_*), never by sleeping.
#include "app/link/autopilot_dialect.h"
#include "app/link/autopilot_link.h"
#include "app/link/tcp_transport.h"
#include "app/link/udp_transport.h"
#include "app/link/vehicle_roster.h"
#include "tests/app/link/autopilot_stand_in.h"

#include <QSignalSpy>
#include <QtTest>

#include <algorithm>

using namespace navigator;

Q_DECLARE_METATYPE(navigator::Autopilot)

namespace {

LinkTimings fast() {
  LinkTimings t;
  t.heartbeat_timeout_ms = 3000;  // on the test's ManualTickClock
  t.command_retry_ms = 200;
  t.reason_wait_ms = 50;
  t.param_retry_ms = 150;
  t.param_list_gap_ms = 100;
  return t;
}

std::vector<std::string> names(const std::vector<FlightModeEntry>& modes) {
  std::vector<std::string> out;
  for (const FlightModeEntry& m : modes) out.push_back(m.name);
  return out;
}

bool contains(const std::vector<std::string>& list, const std::string& name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

// A stand-in attached straight to a connection, with a roster on the station's side.
struct Bench {
  explicit Bench(const AutopilotStandIn::Options& o) : vehicle(o), roster(&connection, fast()) {
    roster.setClock(&clock);
    vehicle.attach(&connection);
  }
  MavlinkConnection connection;
  AutopilotStandIn vehicle;
  ManualTickClock clock;
  VehicleRoster roster;
};

}  // namespace

class AutopilotLinkTest : public QObject {
  Q_OBJECT

 private slots:
  void recognisedFromTheHeartbeat_data();
  void recognisedFromTheHeartbeat();
  void px4ModeNames_data();
  void px4ModeNames();
  void arduCopterModeNames_data();
  void arduCopterModeNames();
  void px4ArmAndModeWithAcks();
  void arduCopterModeAndStreams();
  void px4TakeoffLandReturn();
  void arduCopterTakeoffInGuided();
  void refusedArmingStopsTheTakeoff();
  void thousandParametersThroughDroppedFrames();
  void telemetryWithUnknownsAbsent();
  void twoPx4InstancesOnOneUdpPort();
  void garbageIsCountedAndParsingGoesOn();
  void tcpRefusedSaysWhere();
  void tcpPeerVanishesThenReconnects();
  void endpointsParsed();
};

void AutopilotLinkTest::recognisedFromTheHeartbeat_data() {
  QTest::addColumn<int>("kind");
  QTest::addColumn<int>("sysid");
  QTest::addColumn<Autopilot>("autopilot");
  QTest::addColumn<QString>("described");
  QTest::addColumn<QString>("mode");
  // PX4 starts in Position: main mode POSCTL (3) << 16 = 196608 (px4_custom_mode.h);
  // ArduCopter in STABILIZE, mode number 0 (ArduCopter/mode.h).
  QTest::newRow("PX4") << int(AutopilotStandIn::Kind::Px4) << 1 << Autopilot::Px4 << "1 PX4 quadrotor"
                       << "Position";
  QTest::newRow("ArduCopter") << int(AutopilotStandIn::Kind::ArduCopter) << 2 << Autopilot::ArduPilot << "2 ArduCopter"
                              << "STABILIZE";
}

void AutopilotLinkTest::recognisedFromTheHeartbeat() {
  QFETCH(int, kind);
  QFETCH(int, sysid);
  QFETCH(Autopilot, autopilot);
  QFETCH(QString, described);
  QFETCH(QString, mode);
  Bench b({AutopilotStandIn::Kind(kind), std::uint8_t(sysid)});
  QSignalSpy added(&b.roster, &VehicleRoster::vehicleAdded);
  b.vehicle.heartbeat();
  QTRY_COMPARE_WITH_TIMEOUT(added.count(), 1, 2000);
  VehicleLink* link = b.roster.selected();
  QVERIFY(link);
  QCOMPARE(link->autopilot(), autopilot);
  QCOMPARE(link->linkState(), LinkState::Connected);
  QCOMPARE(VehicleRoster::describe(link->vehicle()), described);
  QCOMPARE(link->currentModeName(), mode);
  QCOMPARE(b.vehicle.custom_mode, autopilot == Autopilot::Px4 ? 196608u : 0u);
  // The station beats back as a ground station (MAV_TYPE_GCS 6, MAV_AUTOPILOT_INVALID 8).
  QTRY_VERIFY_WITH_TIMEOUT(!b.vehicle.receivedOf(MAVLINK_MSG_ID_HEARTBEAT).empty(), 2000);
  mavlink_heartbeat_t gcs;
  QVERIFY(mavlink_heartbeat_decode(&b.vehicle.receivedOf(MAVLINK_MSG_ID_HEARTBEAT).front(), &gcs));
  QCOMPARE(int(gcs.type), 6);
  QCOMPARE(int(gcs.autopilot), 8);
  // … once a second.
  const std::size_t beats = b.vehicle.receivedOf(MAVLINK_MSG_ID_HEARTBEAT).size();
  b.clock.advance(999);
  QCOMPARE(b.vehicle.receivedOf(MAVLINK_MSG_ID_HEARTBEAT).size(), beats);
  b.clock.advance(1);
  QCOMPARE(b.vehicle.receivedOf(MAVLINK_MSG_ID_HEARTBEAT).size(), beats + 1);
}

void AutopilotLinkTest::px4ModeNames_data() {
  QTest::addColumn<int>("main");
  QTest::addColumn<int>("sub");
  QTest::addColumn<QString>("name");
  // px4_custom_mode.h: PX4_CUSTOM_MAIN_MODE_MANUAL = 1, ALTCTL, POSCTL, AUTO, ACRO, OFFBOARD,
  // STABILIZED, RATTITUDE; PX4_CUSTOM_SUB_MODE_AUTO_READY = 1, TAKEOFF, LOITER, MISSION, RTL,
  // LAND, (7 was RTGS), FOLLOW_TARGET = 8, PRECLAND = 9. Names as QGroundControl shows them.
  QTest::newRow("1 MANUAL") << 1 << 0 << "Manual";
  QTest::newRow("2 ALTCTL") << 2 << 0 << "Altitude";
  QTest::newRow("3 POSCTL") << 3 << 0 << "Position";
  QTest::newRow("3.1 POSCTL ORBIT") << 3 << 1 << "Orbit";
  QTest::newRow("4.1 AUTO READY") << 4 << 1 << "Ready";
  QTest::newRow("4.2 AUTO TAKEOFF") << 4 << 2 << "Takeoff";
  QTest::newRow("4.3 AUTO LOITER") << 4 << 3 << "Hold";
  QTest::newRow("4.4 AUTO MISSION") << 4 << 4 << "Mission";
  QTest::newRow("4.5 AUTO RTL") << 4 << 5 << "Return";
  QTest::newRow("4.6 AUTO LAND") << 4 << 6 << "Land";
  QTest::newRow("4.8 AUTO FOLLOW_TARGET") << 4 << 8 << "Follow Me";
  QTest::newRow("4.9 AUTO PRECLAND") << 4 << 9 << "Precision Land";
  QTest::newRow("5 ACRO") << 5 << 0 << "Acro";
  QTest::newRow("6 OFFBOARD") << 6 << 0 << "Offboard";
  QTest::newRow("7 STABILIZED") << 7 << 0 << "Stabilized";
  QTest::newRow("8 RATTITUDE") << 8 << 0 << "Rattitude";
  QTest::newRow("7 with a stale sub byte") << 7 << 3 << "Stabilized";  // only AUTO and POSCTL have sub modes
  QTest::newRow("4.99 unknown") << 4 << 99 << "mode 4.99";
}

void AutopilotLinkTest::px4ModeNames() {
  QFETCH(int, main);
  QFETCH(int, sub);
  QFETCH(QString, name);
  VehicleStatus v;
  v.system_id = 1;
  v.autopilot = 12;  // MAV_AUTOPILOT_PX4
  v.mav_type = 2;
  v.custom_mode = std::uint32_t(main) << 16 | std::uint32_t(sub) << 24;  // bits 16–23 main, 24–31 sub
  QCOMPARE(VehicleLink::modeName(v), name);
}

void AutopilotLinkTest::arduCopterModeNames_data() {
  QTest::addColumn<int>("number");
  QTest::addColumn<QString>("name");
  // ArduCopter/mode.h, enum class Mode::Number.
  const std::pair<int, const char*> published[] = {
      {0, "STABILIZE"},  {1, "ACRO"},      {2, "ALT_HOLD"}, {3, "AUTO"},    {4, "GUIDED"},      {5, "LOITER"},
      {6, "RTL"},        {7, "CIRCLE"},    {9, "LAND"},     {11, "DRIFT"},  {13, "SPORT"},      {14, "FLIP"},
      {15, "AUTOTUNE"},  {16, "POSHOLD"},  {17, "BRAKE"},   {18, "THROW"},  {19, "AVOID_ADSB"}, {20, "GUIDED_NOGPS"},
      {21, "SMART_RTL"}, {22, "FLOWHOLD"}, {23, "FOLLOW"},  {24, "ZIGZAG"}, {25, "SYSTEMID"},   {26, "AUTOROTATE"},
      {27, "AUTO_RTL"},  {28, "TURTLE"},   {8, "mode 8"},   {99, "mode 99"}};
  for (const auto& [number, name] : published) QTest::newRow(name) << number << QString::fromLatin1(name);
}

void AutopilotLinkTest::arduCopterModeNames() {
  QFETCH(int, number);
  QFETCH(QString, name);
  VehicleStatus v;
  v.system_id = 2;
  v.autopilot = 3;  // MAV_AUTOPILOT_ARDUPILOTMEGA
  v.mav_type = 2;
  v.custom_mode = std::uint32_t(number);
  QCOMPARE(VehicleLink::modeName(v), name);
  // Offered in the menu when it is a mode a pilot switches to (not AUTO_RTL, which is AUTO
  // reporting a landing sequence).
  const bool listed = contains(names(flightModes(Autopilot::ArduPilot, 2)), name.toStdString());
  QCOMPARE(listed, !name.startsWith("mode") && name != "AUTO_RTL" && name != "AVOID_ADSB" && name != "AUTOROTATE");
}

void AutopilotLinkTest::px4ArmAndModeWithAcks() {
  Bench b({AutopilotStandIn::Kind::Px4, 1});
  b.vehicle.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(b.roster.selected(), 2000);
  VehicleLink* link = b.roster.selected();
  const std::vector<std::string> menu = names(link->modes());
  for (const char* expected : {"Position", "Altitude", "Stabilized", "Hold", "Mission", "Return", "Land", "Takeoff"})
    QVERIFY2(contains(menu, expected), expected);
  QSignalSpy finished(link, &VehicleLink::commandFinished);

  link->arm();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 2000);
  QVERIFY(finished.at(0).at(0).value<CommandResult>().accepted());
  QCOMPARE(b.vehicle.commands.size(), std::size_t(1));
  const mavlink_command_long_t arm = b.vehicle.commands[0];
  QCOMPARE(int(arm.command), 400);  // MAV_CMD_COMPONENT_ARM_DISARM
  QCOMPARE(int(arm.target_system), 1);
  QCOMPARE(int(arm.target_component), 1);  // PX4's autopilot, MAV_COMP_ID_AUTOPILOT1
  QCOMPARE(arm.param1, 1.0f);
  QTRY_VERIFY_WITH_TIMEOUT(link->vehicle().armed, 2000);  // the heartbeat after the ACK

  // Hold = AUTO (4) / LOITER (3): DO_SET_MODE 176 with param1 MAV_MODE_FLAG_CUSTOM_MODE_ENABLED (1),
  // param2 the main mode, param3 the sub mode.
  const std::vector<FlightModeEntry> modes = link->modes();
  const auto hold = std::find_if(modes.begin(), modes.end(), [](const FlightModeEntry& m) { return m.name == "Hold"; });
  QVERIFY(hold != modes.end());
  link->setCustomMode(hold->custom_mode);
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 2000);
  const CommandResult r = finished.at(1).at(0).value<CommandResult>();
  QVERIFY(r.accepted());
  QCOMPARE(r.message, QStringLiteral("Mode Hold: accepted"));
  const mavlink_command_long_t mode = b.vehicle.commands[1];
  QCOMPARE(int(mode.command), 176);
  QCOMPARE(mode.param1, 1.0f);
  QCOMPARE(mode.param2, 4.0f);
  QCOMPARE(mode.param3, 3.0f);
  QCOMPARE(int(mode.target_component), 1);
  QTRY_COMPARE_WITH_TIMEOUT(link->currentModeName(), QStringLiteral("Hold"), 2000);
  QCOMPARE(link->vehicle().custom_mode, (4u << 16) | (3u << 24));

  link->disarm();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, 2000);
  QCOMPARE(b.vehicle.commands[2].param1, 0.0f);
  QTRY_VERIFY_WITH_TIMEOUT(!link->vehicle().armed, 2000);
  QVERIFY(b.vehicle.stream_requests.empty());  // PX4 streams to a ground station unasked
}

void AutopilotLinkTest::arduCopterModeAndStreams() {
  Bench b({AutopilotStandIn::Kind::ArduCopter, 2});
  b.vehicle.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(b.roster.selected(), 2000);
  VehicleLink* link = b.roster.selected();
  // ArduCopter's SRn_* stream rates default to 0: the station asks for every stream.
  QTRY_COMPARE_WITH_TIMEOUT(b.vehicle.stream_requests.size(), std::size_t(1), 2000);
  const mavlink_request_data_stream_t s = b.vehicle.stream_requests[0];
  QCOMPARE(int(s.req_stream_id), 0);  // MAV_DATA_STREAM_ALL
  QCOMPARE(int(s.req_message_rate), int(VehicleLink::kArduPilotStreamRateHz));
  QCOMPARE(int(s.start_stop), 1);
  QCOMPARE(int(s.target_system), 2);
  QCOMPARE(int(s.target_component), 1);

  QSignalSpy finished(link, &VehicleLink::commandFinished);
  link->setCustomMode(5);  // LOITER
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 2000);
  QCOMPARE(finished.at(0).at(0).value<CommandResult>().message, QStringLiteral("Mode LOITER: accepted"));
  const mavlink_command_long_t mode = b.vehicle.commands[0];
  QCOMPARE(int(mode.command), 176);
  QCOMPARE(mode.param1, 1.0f);  // MAV_MODE_FLAG_CUSTOM_MODE_ENABLED
  QCOMPARE(mode.param2, 5.0f);  // the mode number itself
  QCOMPARE(mode.param3, 0.0f);
  QCOMPARE(int(mode.target_system), 2);
  QCOMPARE(int(mode.target_component), 1);
  QTRY_COMPARE_WITH_TIMEOUT(link->currentModeName(), QStringLiteral("LOITER"), 2000);

  link->arm();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 2000);
  QVERIFY(finished.at(1).at(0).value<CommandResult>().accepted());
  QTRY_VERIFY_WITH_TIMEOUT(link->vehicle().armed, 2000);
}

void AutopilotLinkTest::px4TakeoffLandReturn() {
  // QGroundControl's Takeoff for PX4: arm, then MAV_CMD_NAV_TAKEOFF (22) with param7 the
  // altitude above mean sea level — home 488 m (GLOBAL_POSITION_INT: 498 m MSL, 10 m above
  // home) + 5 m = 493 m; NaN in params 4-6 (yaw, latitude, longitude: PX4 keeps its own).
  Bench b({AutopilotStandIn::Kind::Px4, 1});
  b.vehicle.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(b.roster.selected(), 2000);
  VehicleLink* link = b.roster.selected();
  QVERIFY(link->hasGuidedActions());
  QSignalSpy global(link, &VehicleLink::globalPositionUpdated);
  b.vehicle.telemetry();
  QTRY_COMPARE_WITH_TIMEOUT(global.count(), 1, 2000);
  QSignalSpy finished(link, &VehicleLink::commandFinished);
  link->takeoff(5.0f);
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 2000);
  QCOMPARE(finished.at(0).at(0).value<CommandResult>().message, QStringLiteral("Arm: accepted"));
  QCOMPARE(finished.at(1).at(0).value<CommandResult>().message, QStringLiteral("Takeoff to 5.0 m: accepted"));
  QCOMPARE(b.vehicle.commands.size(), std::size_t(2));
  QCOMPARE(int(b.vehicle.commands[0].command), 400);
  const mavlink_command_long_t takeoff = b.vehicle.commands[1];
  QCOMPARE(int(takeoff.command), 22);
  QCOMPARE(takeoff.param7, 493.0f);
  QVERIFY(std::isnan(takeoff.param4) && std::isnan(takeoff.param5) && std::isnan(takeoff.param6));
  QTRY_COMPARE_WITH_TIMEOUT(link->currentModeName(), QStringLiteral("Takeoff"), 2000);

  link->land();  // MAV_CMD_NAV_LAND (21): AUTO_LAND
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, 2000);
  QCOMPARE(int(b.vehicle.commands[2].command), 21);
  QTRY_COMPARE_WITH_TIMEOUT(link->currentModeName(), QStringLiteral("Land"), 2000);
  link->returnToLaunch();  // MAV_CMD_NAV_RETURN_TO_LAUNCH (20): AUTO_RTL
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 4, 2000);
  QCOMPARE(int(b.vehicle.commands[3].command), 20);
  QCOMPARE(finished.at(3).at(0).value<CommandResult>().message, QStringLiteral("Return: accepted"));
  QTRY_COMPARE_WITH_TIMEOUT(link->currentModeName(), QStringLiteral("Return"), 2000);
}

void AutopilotLinkTest::arduCopterTakeoffInGuided() {
  // ArduCopter takes off only armed and in GUIDED (4): the station asks for GUIDED, arms, then
  // NAV_TAKEOFF with param7 the altitude above home. LAND is mode 9, RTL 6 (ArduCopter/mode.h).
  Bench b({AutopilotStandIn::Kind::ArduCopter, 2});
  b.vehicle.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(b.roster.selected(), 2000);
  VehicleLink* link = b.roster.selected();
  QSignalSpy finished(link, &VehicleLink::commandFinished);
  link->takeoff(7.5f);
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, 2000);
  for (int i = 0; i < 3; ++i)
    QVERIFY2(finished.at(i).at(0).value<CommandResult>().accepted(),
             qPrintable(finished.at(i).at(0).value<CommandResult>().message));
  QCOMPARE(b.vehicle.commands.size(), std::size_t(3));
  QCOMPARE(int(b.vehicle.commands[0].command), 176);
  QCOMPARE(b.vehicle.commands[0].param2, 4.0f);
  QCOMPARE(int(b.vehicle.commands[1].command), 400);
  QCOMPARE(int(b.vehicle.commands[2].command), 22);
  QCOMPARE(b.vehicle.commands[2].param7, 7.5f);
  QTRY_COMPARE_WITH_TIMEOUT(link->currentModeName(), QStringLiteral("GUIDED"), 2000);
  link->land();
  QTRY_COMPARE_WITH_TIMEOUT(link->currentModeName(), QStringLiteral("LAND"), 2000);
  link->returnToLaunch();
  QTRY_COMPARE_WITH_TIMEOUT(link->currentModeName(), QStringLiteral("RTL"), 2000);
}

void AutopilotLinkTest::refusedArmingStopsTheTakeoff() {
  // A refused step drops the rest of the action: the vehicle never hears NAV_TAKEOFF, and the
  // pilot reads the autopilot's own reason and what was not sent.
  Bench b({AutopilotStandIn::Kind::Px4, 1});
  b.vehicle.arm_refusal = QStringLiteral("Arming denied: Resolve system health failures first");
  b.vehicle.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(b.roster.selected(), 2000);
  VehicleLink* link = b.roster.selected();
  QSignalSpy finished(link, &VehicleLink::commandFinished);
  link->takeoff(5.0f);
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 2000);
  const CommandResult r = finished.at(0).at(0).value<CommandResult>();
  QVERIFY(!r.accepted());
  QCOMPARE(r.reason, QStringLiteral("Arming denied: Resolve system health failures first"));
  QVERIFY2(r.message.endsWith(QStringLiteral(" — not sent: Takeoff to 5.0 m")), qPrintable(r.message));
  QVERIFY2(r.message.contains(QStringLiteral("Resolve system health failures first")), qPrintable(r.message));
  // The rest of the chain was dropped when the refusal finished it (CommandSender::finish, before
  // the signal): whatever the event loop still holds is delivered, and nothing else arrives.
  QCoreApplication::processEvents();
  QCoreApplication::processEvents();
  QCOMPARE(b.vehicle.commands.size(), std::size_t(1));
  QCOMPARE(finished.count(), 1);
}

void AutopilotLinkTest::thousandParametersThroughDroppedFrames() {
  // PX4's and ArduPilot's lists are about 1000 parameters; one frame in twenty is lost (seeded),
  // so the stream alone never completes and the missing indices must be read again.
  Bench b({AutopilotStandIn::Kind::Px4, 1, 1000, 0.05, 2201});
  b.vehicle.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(b.roster.selected(), 2000);
  ParamClient* params = b.roster.selected()->params();
  QSignalSpy progress(params, &ParamClient::progress);
  QSignalSpy complete(params, &ParamClient::listComplete);
  QSignalSpy failed(params, &ParamClient::listFailed);
  params->requestAll();
  QTRY_COMPARE_WITH_TIMEOUT(complete.count() + failed.count(), 1, 20000);
  QCOMPARE(failed.count(), 0);
  QCOMPARE(complete.at(0).at(0).toInt(), 1000);
  QCOMPARE(progress.last().at(0).toInt(), 1000);
  QCOMPARE(progress.last().at(1).toInt(), 1000);
  QVERIFY(params->complete());
  QVERIFY2(b.vehicle.params_dropped >= 25, qPrintable(QString::number(b.vehicle.params_dropped)));  // ≈ 5 %
  QVERIFY(b.vehicle.param_reads >= 25);  // each lost index read again, by index
  QCOMPARE(b.vehicle.receivedOf(MAVLINK_MSG_ID_PARAM_REQUEST_LIST).size(), std::size_t(1));
  // Every value as the vehicle holds it, integers decoded bytewise.
  const QList<ParamValue> all = params->params();
  QCOMPARE(all.size(), 1000);
  for (int i = 0; i < 1000; ++i) {
    QCOMPARE(all[i].name, b.vehicle.params[std::size_t(i)].name);
    QCOMPARE(all[i].index, i);
    QCOMPARE(all[i].value, b.vehicle.params[std::size_t(i)].value);
  }
  QVERIFY(params->param("PX4_PARAM_0999")->isInteger());  // 999 % 3 == 0: INT32
  QVERIFY(!params->param("_HASH_CHECK"));                 // PX4's hash is no parameter
}

void AutopilotLinkTest::telemetryWithUnknownsAbsent() {
  Bench b({AutopilotStandIn::Kind::Px4, 1});
  b.vehicle.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(b.roster.selected(), 2000);
  VehicleLink* link = b.roster.selected();
  QSignalSpy global(link, &VehicleLink::globalPositionUpdated);
  QSignalSpy local(link, &VehicleLink::localPositionUpdated);
  QSignalSpy gps(link, &VehicleLink::gpsUpdated);
  QSignalSpy hud(link, &VehicleLink::hudUpdated);
  QSignalSpy battery(link, &VehicleLink::sysStatusUpdated);
  b.vehicle.telemetry();
  QTRY_COMPARE_WITH_TIMEOUT(battery.count(), 1, 2000);
  QCOMPARE(global.count(), 1);
  QCOMPARE(local.count(), 1);
  QCOMPARE(gps.count(), 1);
  QCOMPARE(hud.count(), 1);

  // GLOBAL_POSITION_INT: degE7, mm, cm/s, cdeg (common.xml).
  const auto g = global.at(0).at(0).value<GlobalPositionSample>();
  QCOMPARE(g.lat_deg, 47.3977418);
  QCOMPARE(g.lon_deg, 8.5455939);
  QCOMPARE(g.altitude_msl_m, 498.0);
  QCOMPARE(g.altitude_rel_m, 10.0);
  QCOMPARE(g.v_NED_mps[0], 1.0f);
  QCOMPARE(g.heading_deg.value(), 90.0f);
  // GPS_RAW_INT: fix type, satellites, h_acc in mm; cog UINT16_MAX is "unknown".
  const auto r = gps.at(0).at(0).value<GpsSample>();
  QCOMPARE(r.fix_type, 3);
  QCOMPARE(r.satellites.value(), 10);
  QVERIFY(!r.hdop);  // PX4's simulator sends 0: no HDOP
  QCOMPARE(r.horizontal_accuracy_m.value(), 0.57f);
  QCOMPARE(r.altitude_msl_m.value(), 498.0);
  QCOMPARE(r.groundspeed_mps.value(), 1.0f);
  QVERIFY(!r.course_deg);
  const auto l = local.at(0).at(0).value<LocalPositionSample>();
  QCOMPARE((*l.p_NED_m)[2], -10.0f);
  QCOMPARE((*l.v_NED_mps)[0], 1.0f);
  QCOMPARE(battery.at(0).at(0).value<SysStatusSample>().voltage_V, 16.2f);

  // Unknowns stay absent: a heading of UINT16_MAX, 255 satellites, no fix, a NaN position.
  mavlink_global_position_int_t g2{};
  g2.hdg = UINT16_MAX;
  b.vehicle.send(g2);
  mavlink_gps_raw_int_t r2{};
  r2.fix_type = 1;  // no fix
  r2.eph = UINT16_MAX;
  r2.satellites_visible = 255;
  r2.lat = 1;
  b.vehicle.send(r2);
  mavlink_local_position_ned_t l2{};
  l2.x = std::numeric_limits<float>::quiet_NaN();
  b.vehicle.send(l2);
  QTRY_COMPARE_WITH_TIMEOUT(local.count(), 2, 2000);
  QVERIFY(!global.at(1).at(0).value<GlobalPositionSample>().heading_deg);
  const auto r3 = gps.at(1).at(0).value<GpsSample>();
  QVERIFY(!r3.satellites && !r3.hdop && !r3.lat_deg && !r3.lon_deg);
  // PX4's simulator leaves HDOP at 0 ("TODO" in SimulatorMavlink) and reports its accuracy in
  // h_acc / v_acc [mm]: HDOP 0 is no HDOP, the accuracy is shown instead.
  mavlink_gps_raw_int_t r4{};
  r4.fix_type = 3;
  r4.eph = 0;
  r4.satellites_visible = 12;
  r4.h_acc = 570;
  r4.v_acc = 700;
  b.vehicle.send(r4);
  QTRY_COMPARE_WITH_TIMEOUT(gps.count(), 3, 2000);
  const auto r5 = gps.at(2).at(0).value<GpsSample>();
  QVERIFY(!r5.hdop);
  QCOMPARE(r5.horizontal_accuracy_m.value(), 0.57f);
  QCOMPARE(r5.vertical_accuracy_m.value(), 0.7f);
  const auto l3 = local.at(1).at(0).value<LocalPositionSample>();
  QVERIFY(!l3.p_NED_m);
  QVERIFY(l3.v_NED_mps);
}

void AutopilotLinkTest::twoPx4InstancesOnOneUdpPort() {
  // PX4 instance i sends to the station's UDP 14550 from port 18570+i as system 1+i; here the
  // station and the instances use free ports of the loopback.
  AutopilotLink station(fast());
  QVERIFY(station.open(LinkEndpoint{LinkEndpoint::Kind::Udp, {}, 0}));
  auto* udp = qobject_cast<UdpTransport*>(station.transport());
  QVERIFY(udp);
  AutopilotStandIn first({AutopilotStandIn::Kind::Px4, 1}), second({AutopilotStandIn::Kind::Px4, 2});
  QVERIFY(first.bindUdp(udp->localPort()));
  QVERIFY(second.bindUdp(udp->localPort()));
  QVERIFY(first.udpPort() != second.udpPort());
  first.heartbeat();
  second.heartbeat();
  QTRY_COMPARE_WITH_TIMEOUT(station.roster()->vehicles().size(), 2, 2000);
  QCOMPARE(udp->systemPeers().at(1).port, first.udpPort());
  QCOMPARE(udp->systemPeers().at(2).port, second.udpPort());
  QVERIFY(station.description().contains(QStringLiteral("2 vehicles")));
  QCOMPARE(station.roster()->selected()->vehicle().system_id, 1);  // the first heard

  station.roster()->select(2);
  VehicleLink* two = station.roster()->selected();
  QCOMPARE(int(two->vehicle().system_id), 2);
  QSignalSpy finished(two, &VehicleLink::commandFinished);
  two->arm();
  QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 2000);
  QVERIFY(finished.at(0).at(0).value<CommandResult>().accepted());
  QCOMPARE(second.commands.size(), std::size_t(1));
  QVERIFY(two->sendManualControl(0, 0, 500, 0, 0));
  QTRY_COMPARE_WITH_TIMEOUT(second.manual_controls.size(), std::size_t(1), 2000);
  QCOMPARE(int(second.manual_controls[0].target), 2);
  // Vehicle 1's port saw neither: not the command, not vehicle 2's sticks (its socket holds
  // only what was broadcast, the station's heartbeat, and the request for its own
  // AUTOPILOT_VERSION, which every vehicle gets once).
  first.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(!first.receivedOf(MAVLINK_MSG_ID_HEARTBEAT).empty(), 2000);
  QCOMPARE(first.commands.size(), std::size_t(0));
  QCOMPARE(first.version_requests.size(), std::size_t(1));
  QCOMPARE(first.receivedOf(MAVLINK_MSG_ID_COMMAND_LONG).size(), std::size_t(1));
  QCOMPARE(first.receivedOf(MAVLINK_MSG_ID_MANUAL_CONTROL).size(), std::size_t(0));
  QCOMPARE(first.stray_commands, 0);
  QVERIFY(!station.roster()->vehicle(1)->vehicle().armed);
  QTRY_VERIFY_WITH_TIMEOUT(two->vehicle().armed, 2000);
}

void AutopilotLinkTest::garbageIsCountedAndParsingGoesOn() {
  AutopilotLink station(fast());
  QVERIFY(station.open(LinkEndpoint{LinkEndpoint::Kind::Udp, {}, 0}));
  auto* udp = qobject_cast<UdpTransport*>(station.transport());
  AutopilotStandIn::Options quiet{AutopilotStandIn::Kind::Px4, 1};
  quiet.answers_version = false;  // no AUTOPILOT_VERSION traffic in the count below
  AutopilotStandIn px4(quiet);
  QVERIFY(px4.bindUdp(udp->localPort()));
  // Noise before and between frames: junk holding a start marker and a torn header, junk glued
  // to the start of a frame that never comes (a marker and a length of 28), plain junk.
  const QByteArray junk("\x01\x02\xfd\x09\x00garbage on the link", 24);
  const QByteArray torn("\xfd\x1c\x00", 3);
  const QByteArray plain("more noise, no marker");
  px4.sendBytes(junk);
  px4.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(station.roster()->selected(), 2000);
  VehicleLink* link = station.roster()->selected();
  QSignalSpy gps(link, &VehicleLink::gpsUpdated);
  px4.sendBytes(junk + torn);
  px4.telemetry();
  QTRY_COMPARE_WITH_TIMEOUT(gps.count(), 1, 2000);
  px4.sendBytes(plain);
  px4.telemetry();
  QTRY_COMPARE_WITH_TIMEOUT(gps.count(), 2, 2000);
  const LinkStats s = station.connection()->stats();
  QCOMPARE(s.frames_in, std::uint64_t(11));  // the heartbeat and twice five telemetry frames
  QVERIFY2(s.bytes_dropped >= std::uint64_t(2 * junk.size() + plain.size()),
           qPrintable(QString::number(s.bytes_dropped)));
  QCOMPARE(link->currentModeName(), QStringLiteral("Position"));
  QCOMPARE(udp->systemPeers().size(), std::size_t(1));  // junk made no vehicle
}

void AutopilotLinkTest::tcpRefusedSaysWhere() {
  QTcpServer probe;  // a port nobody listens on any more
  QVERIFY(probe.listen(QHostAddress::LocalHost, 0));
  const quint16 port = probe.serverPort();
  probe.close();
  AutopilotLink station(fast());
  QSignalSpy problems(&station, &AutopilotLink::problem);
  QVERIFY(station.open(LinkEndpoint{LinkEndpoint::Kind::Tcp, QStringLiteral("127.0.0.1"), port}));
  QTRY_COMPARE_WITH_TIMEOUT(problems.count(), 1, 5000);
  const QString message = problems.at(0).at(0).toString();
  QVERIFY2(message.contains(QStringLiteral("127.0.0.1:%1").arg(port)) && message.contains(QStringLiteral("refused")) &&
               message.contains(QStringLiteral("5760")),
           qPrintable(message));
  QVERIFY(!station.isOpen());
  QVERIFY(!station.isActive());
}

void AutopilotLinkTest::tcpPeerVanishesThenReconnects() {
  AutopilotStandIn copter({AutopilotStandIn::Kind::ArduCopter, 1});
  QVERIFY(copter.listenTcp());
  AutopilotLink station(fast());
  QSignalSpy states(&station, &AutopilotLink::stateChanged);
  QSignalSpy problems(&station, &AutopilotLink::problem);
  const LinkEndpoint at{LinkEndpoint::Kind::Tcp, QStringLiteral("127.0.0.1"), copter.tcpPort()};
  QVERIFY(station.open(at));
  QTRY_VERIFY_WITH_TIMEOUT(station.isOpen() && copter.tcpClientConnected(), 5000);
  QCOMPARE(states.last().at(0).toBool(), true);
  copter.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(station.roster()->selected(), 2000);
  QCOMPARE(VehicleRoster::describe(station.roster()->selected()->vehicle()), QStringLiteral("1 ArduCopter"));

  copter.dropTcpClient();  // SITL stopped
  QTRY_COMPARE_WITH_TIMEOUT(problems.count(), 1, 5000);
  QVERIFY2(problems.at(0).at(0).toString().contains(QStringLiteral("closed the TCP connection")),
           qPrintable(problems.at(0).at(0).toString()));
  QCOMPARE(states.last().at(0).toBool(), false);
  QVERIFY(!station.isOpen());

  QVERIFY(station.open(at));  // the user's Connect again
  QTRY_VERIFY_WITH_TIMEOUT(station.isOpen() && copter.tcpClientConnected(), 5000);
  QCOMPARE(copter.tcp_connections, 2);
  copter.heartbeat();
  QTRY_VERIFY_WITH_TIMEOUT(
      station.roster()->selected() && station.roster()->selected()->linkState() == LinkState::Connected, 2000);
}

void AutopilotLinkTest::endpointsParsed() {
  QCOMPARE(LinkEndpoint::parse("udp:14550"), LinkEndpoint::px4Udp());
  QCOMPARE(LinkEndpoint::parse(" 14550 "), LinkEndpoint::px4Udp());
  QCOMPARE(LinkEndpoint::parse("tcp:127.0.0.1:5760"), LinkEndpoint::ardupilotTcp());
  QCOMPARE(LinkEndpoint::parse("127.0.0.1:5760"), LinkEndpoint::ardupilotTcp());
  QCOMPARE(LinkEndpoint::ardupilotTcp().text(), QStringLiteral("tcp:127.0.0.1:5760"));
  QString error;
  QVERIFY(!LinkEndpoint::parse("tcp:5760", &error));
  QVERIFY2(error.contains("needs a host"), qPrintable(error));
  QVERIFY(!LinkEndpoint::parse("udp:70000", &error));
  QVERIFY2(error.contains("udp:14550"), qPrintable(error));
  QVERIFY(!LinkEndpoint::parse("udp:host:1", &error));
}

QTEST_GUILESS_MAIN(AutopilotLinkTest)
#include "autopilot_link_test.moc"
