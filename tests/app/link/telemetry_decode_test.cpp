// Telemetry decoding as plain functions, no QObject and no event loop: each message is encoded
// by the firmware's own MAVLink codec (firmware/mavlink), framed and parsed back, then decoded.
// Every expected value is the wire value in the unit MAVLink's common message set gives it
// (mavlink.io, common.xml), converted by hand as the comment beside it says; values the message
// marks as unknown (UINT16_MAX, 255, NaN) must come out absent.
#include "app/link/telemetry_decode.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace navigator;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// `m` packed as a MAVLink 2 frame from system `sysid`, component 1, and parsed back: the frame
// the station's connection would hand on (msgid 0 and no payload if it did not parse).
template <class Message>
mavlink_frame_t frameOf(std::size_t (*pack)(mavlink_sender_t*, const Message*, std::uint8_t*), const Message& m,
                        std::uint8_t sysid = 1) {
  mavlink_sender_t sender{sysid, 1, 0};
  std::uint8_t bytes[MAVLINK_MAX_FRAME_LEN];
  const std::size_t length = pack(&sender, &m, bytes);
  mavlink_parser_t parser;
  mavlink_parser_init(&parser);
  mavlink_frame_t frame{};
  bool got = false;
  mavlink_parse(&parser, bytes, length, &frame, &got);
  if (!got) frame = mavlink_frame_t{};
  return frame;
}

}  // namespace

class TelemetryDecodeTest : public QObject {
  Q_OBJECT

 private slots:
  void heartbeat();
  void attitudeInTwoMessages();
  void attitudeWithANonFiniteValueIsRefused();
  void sysStatus();
  void sensorHealthFromSysStatusBits();
  void highresImu();
  void vfrHud();
  void globalPosition();
  void localPosition();
  void gpsRaw();
  void gpsWithoutAFix();
};

void TelemetryDecodeTest::heartbeat() {
  mavlink_heartbeat_t h{};
  h.type = MAV_TYPE_QUADROTOR;                                                   // 2
  h.autopilot = 12;                                                              // MAV_AUTOPILOT_PX4
  h.base_mode = MAV_MODE_FLAG_SAFETY_ARMED | MAV_MODE_FLAG_CUSTOM_MODE_ENABLED;  // 128 | 1
  h.custom_mode = 0x04040000;  // PX4: main mode 4 (AUTO) << 16, sub mode 4 (MISSION) << 24
  h.system_status = MAV_STATE_ACTIVE;
  const mavlink_frame_t f = frameOf(mavlink_heartbeat_pack, h, 7);
  QCOMPARE(f.msgid, std::uint32_t(MAVLINK_MSG_ID_HEARTBEAT));
  const VehicleStatus v = decodeHeartbeat(f);
  QCOMPARE(int(v.system_id), 7);  // the frame's sysid
  QCOMPARE(int(v.component_id), 1);
  QCOMPARE(int(v.mav_type), 2);
  QCOMPARE(int(v.autopilot), 12);
  QCOMPARE(v.autopilotKind(), Autopilot::Px4);
  QCOMPARE(int(v.base_mode), 129);
  QVERIFY(v.armed);  // SAFETY_ARMED set
  QCOMPARE(v.custom_mode, 0x04040000u);
  QCOMPARE(int(v.system_status), 4);
  QVERIFY(!v.failsafe());  // ACTIVE is not CRITICAL or EMERGENCY

  h.base_mode = MAV_MODE_FLAG_CUSTOM_MODE_ENABLED;  // SAFETY_ARMED clear
  QVERIFY(!decodeHeartbeat(frameOf(mavlink_heartbeat_pack, h, 7)).armed);
}

void TelemetryDecodeTest::attitudeInTwoMessages() {
  AttitudeSample sample;
  mavlink_attitude_t a{};
  a.time_boot_ms = 12345;
  a.roll = 0.25f;  // rad, as sent
  a.pitch = -0.125f;
  a.yaw = 3.0f;
  a.rollspeed = 0.5f;  // rad/s
  a.pitchspeed = -1.5f;
  a.yawspeed = 0.0625f;
  decodeAttitude(frameOf(mavlink_attitude_pack, a), sample);
  QCOMPARE(sample.time_boot_ms, 12345u);
  QCOMPARE(sample.roll_rad, 0.25f);
  QCOMPARE(sample.pitch_rad, -0.125f);
  QCOMPARE(sample.yaw_rad, 3.0f);
  QCOMPARE(sample.rate_B_radps[1], -1.5f);

  // The quaternion (q1..q4 = w, x, y, z) and its rates complete the sample; the Euler angles stay.
  mavlink_attitude_quaternion_t q{};
  q.time_boot_ms = 12346;
  q.q1 = 0.5f;
  q.q2 = 0.5f;
  q.q3 = -0.5f;
  q.q4 = 0.5f;
  q.rollspeed = 0.75f;
  q.pitchspeed = -1.25f;
  q.yawspeed = 0.125f;
  QVERIFY(decodeAttitudeQuaternion(frameOf(mavlink_attitude_quaternion_pack, q), sample));
  QCOMPARE(sample.time_boot_ms, 12346u);
  QCOMPARE(sample.q_WB_wxyz[0], 0.5f);   // w
  QCOMPARE(sample.q_WB_wxyz[2], -0.5f);  // y
  QCOMPARE(sample.rate_B_radps[0], 0.75f);
  QCOMPARE(sample.rate_B_radps[2], 0.125f);
  QCOMPARE(sample.roll_rad, 0.25f);  // from ATTITUDE
}

void TelemetryDecodeTest::attitudeWithANonFiniteValueIsRefused() {
  AttitudeSample sample;
  mavlink_attitude_t a{};
  a.yaw = kNaN;
  decodeAttitude(frameOf(mavlink_attitude_pack, a), sample);
  mavlink_attitude_quaternion_t q{};
  q.q1 = 1.0f;
  QVERIFY(!decodeAttitudeQuaternion(frameOf(mavlink_attitude_quaternion_pack, q), sample));  // the yaw before it

  AttitudeSample clean;
  q.q3 = std::numeric_limits<float>::infinity();
  QVERIFY(!decodeAttitudeQuaternion(frameOf(mavlink_attitude_quaternion_pack, q), clean));
}

void TelemetryDecodeTest::sysStatus() {
  mavlink_sys_status_t s{};
  s.onboard_control_sensors_present = 0x1800F;  // gyro, accel, mag, baro, motors (1 << 15), RC (1 << 16)
  s.onboard_control_sensors_enabled = 0x1800F;
  s.onboard_control_sensors_health = 0x0800F;  // RC unhealthy
  s.voltage_battery = 12600;                   // mV → 12.6 V
  s.current_battery = 1530;                    // cA → 15.3 A
  s.battery_remaining = 87;                    // %
  s.load = 355;                                // d% → 35.5 %
  const SysStatusSample out = decodeSysStatus(frameOf(mavlink_sys_status_pack, s));
  QCOMPARE(out.present, 0x1800Fu);
  QCOMPARE(out.health, 0x0800Fu);
  QCOMPARE(out.voltage_V, 12.6f);
  QCOMPARE(out.current_A, 15.3f);
  QCOMPARE(out.battery_remaining_pct, 87);
  QCOMPARE(out.load_pct, 35.5f);
  QVERIFY(out.healthy(0xF));        // the four sensors
  QVERIFY(!out.healthy(1u << 16));  // the RC receiver

  s.voltage_battery = UINT16_MAX;  // "not measured"
  s.current_battery = -1;          // "not measured"
  s.battery_remaining = -1;        // "not known"
  const SysStatusSample unknown = decodeSysStatus(frameOf(mavlink_sys_status_pack, s));
  QCOMPARE(unknown.voltage_V, -1.0f);
  QCOMPARE(unknown.current_A, -1.0f);
  QCOMPARE(unknown.battery_remaining_pct, -1);
}

void TelemetryDecodeTest::sensorHealthFromSysStatusBits() {
  // MAV_SYS_STATUS_SENSOR values from common.xml: 3D_GYRO 1, 3D_ACCEL 2, 3D_MAG 4,
  // ABSOLUTE_PRESSURE 8, GPS 32, RC_RECEIVER 65536, BATTERY 33554432.
  mavlink_sys_status_t s{};
  // Present: all seven = 1+2+4+8+32+65536+33554432 = 0x201002F.
  s.onboard_control_sensors_present = 0x201002F;
  // Enabled: all but the magnetometer (0x201002F - 4 = 0x201002B).
  s.onboard_control_sensors_enabled = 0x201002B;
  // Healthy: all but the barometer (8) and the GPS (32): 0x201002F - 8 - 32 = 0x2010007.
  s.onboard_control_sensors_health = 0x2010007;
  const auto rows = sensorHealth(decodeSysStatus(frameOf(mavlink_sys_status_pack, s)));
  QCOMPARE(rows.size(), std::size_t(7));
  QCOMPARE(static_cast<std::uint32_t>(rows[0].sensor), 1u);         // 3D_GYRO
  QCOMPARE(static_cast<std::uint32_t>(rows[4].sensor), 32u);        // GPS
  QCOMPARE(static_cast<std::uint32_t>(rows[5].sensor), 65536u);     // RC_RECEIVER
  QCOMPARE(static_cast<std::uint32_t>(rows[6].sensor), 33554432u);  // BATTERY
  for (const SensorHealth& r : rows) QVERIFY(r.present);
  QVERIFY(rows[0].enabled && rows[0].healthy && !rows[0].faulty());  // gyroscope fine
  QVERIFY(!rows[2].enabled && !rows[2].faulty());                    // magnetometer off: no fault
  QVERIFY(rows[3].enabled && !rows[3].healthy && rows[3].faulty());  // barometer fault
  QVERIFY(rows[4].faulty());                                         // GPS fault
  QVERIFY(rows[5].healthy && rows[6].healthy);                       // receiver, battery fine

  s.onboard_control_sensors_present = 0;  // nothing reported: nothing present, nothing faulty
  const auto none = sensorHealth(decodeSysStatus(frameOf(mavlink_sys_status_pack, s)));
  for (const SensorHealth& r : none) QVERIFY(!r.present && !r.faulty());
}

void TelemetryDecodeTest::highresImu() {
  mavlink_highres_imu_t m{};
  m.time_usec = 5'000'000'123ull;  // µs
  m.xacc = 0.125f;                 // m/s²
  m.zacc = -9.75f;
  m.ygyro = 0.03125f;  // rad/s
  m.xmag = 0.21875f;   // gauss
  m.zmag = 0.4375f;
  m.pressure_alt = 488.5f;  // m
  m.fields_updated = 0x09FF;
  const std::optional<ImuSample> out = decodeHighresImu(frameOf(mavlink_highres_imu_pack, m));
  QVERIFY(out);
  QCOMPARE(out->time_us, 5'000'000'123ull);
  QCOMPARE(out->accel_mps2[0], 0.125f);
  QCOMPARE(out->accel_mps2[2], -9.75f);
  QCOMPARE(out->gyro_radps[1], 0.03125f);
  QCOMPARE(out->mag_gauss[2], 0.4375f);
  QCOMPARE(out->pressure_alt_m, 488.5f);
  QCOMPARE(int(out->fields_updated), 0x09FF);

  m.ymag = kNaN;
  QVERIFY(!decodeHighresImu(frameOf(mavlink_highres_imu_pack, m)));
}

void TelemetryDecodeTest::vfrHud() {
  mavlink_vfr_hud_t m{};
  m.airspeed = kNaN;     // "not known": Vayu has no airspeed sensor
  m.groundspeed = 3.5f;  // m/s
  m.alt = 488.25f;       // m MSL
  m.climb = -0.5f;       // m/s, up positive
  m.heading = -10;       // deg → 350
  m.throttle = 130;      // % → capped at 100
  const HudSample out = decodeVfrHud(frameOf(mavlink_vfr_hud_pack, m));
  QVERIFY(!out.airspeed_mps);
  QCOMPARE(*out.groundspeed_mps, 3.5f);
  QCOMPARE(*out.altitude_m, 488.25f);
  QCOMPARE(*out.climb_mps, -0.5f);
  QCOMPARE(out.heading_deg, 350);
  QCOMPARE(out.throttle_pct, 100);

  m.heading = 725;  // 725 mod 360 = 5
  m.throttle = 42;
  m.alt = kNaN;
  const HudSample wrapped = decodeVfrHud(frameOf(mavlink_vfr_hud_pack, m));
  QCOMPARE(wrapped.heading_deg, 5);
  QCOMPARE(wrapped.throttle_pct, 42);
  QVERIFY(!wrapped.altitude_m);
}

void TelemetryDecodeTest::globalPosition() {
  mavlink_global_position_int_t m{};
  m.time_boot_ms = 60000;
  m.lat = 473977420;       // degE7 → 47.3977420 deg
  m.lon = 85455940;        // degE7 → 8.5455940 deg
  m.alt = 488123;          // mm → 488.123 m MSL
  m.relative_alt = -1500;  // mm → −1.5 m above home
  m.vx = 125;              // cm/s → 1.25 m/s north
  m.vy = -40;              // cm/s → −0.4 m/s east
  m.vz = 3;                // cm/s → 0.03 m/s down
  m.hdg = 27015;           // cdeg → 270.15 deg
  const GlobalPositionSample out = decodeGlobalPosition(frameOf(mavlink_global_position_int_pack, m));
  QCOMPARE(out.time_boot_ms, 60000u);
  QCOMPARE(out.lat_deg, 47.3977420);
  QCOMPARE(out.lon_deg, 8.5455940);
  QCOMPARE(out.altitude_msl_m, 488.123);
  QCOMPARE(out.altitude_rel_m, -1.5);
  QCOMPARE(out.v_NED_mps[0], 1.25f);
  QCOMPARE(out.v_NED_mps[1], -0.4f);
  QCOMPARE(out.v_NED_mps[2], 0.03f);
  QCOMPARE(*out.heading_deg, 270.15f);

  m.lat = -335000000;  // degE7 → −33.5 deg (south)
  m.hdg = UINT16_MAX;  // "not known"
  const GlobalPositionSample south = decodeGlobalPosition(frameOf(mavlink_global_position_int_pack, m));
  QCOMPARE(south.lat_deg, -33.5);
  QVERIFY(!south.heading_deg);
}

void TelemetryDecodeTest::localPosition() {
  mavlink_local_position_ned_t m{};
  m.time_boot_ms = 777;
  m.x = 10.5f;  // m north of the estimator's origin
  m.y = -2.25f;
  m.z = -30.0f;  // 30 m up
  m.vx = 1.0f;   // m/s
  m.vy = kNaN;   // a velocity the autopilot does not know
  m.vz = 0.5f;
  const LocalPositionSample out = decodeLocalPosition(frameOf(mavlink_local_position_ned_pack, m));
  QCOMPARE(out.time_boot_ms, 777u);
  QVERIFY(out.p_NED_m);
  QCOMPARE((*out.p_NED_m)[0], 10.5f);
  QCOMPARE((*out.p_NED_m)[1], -2.25f);
  QCOMPARE((*out.p_NED_m)[2], -30.0f);
  QVERIFY(!out.v_NED_mps);  // one value not finite: the whole triple absent
}

void TelemetryDecodeTest::gpsRaw() {
  mavlink_gps_raw_int_t m{};
  m.time_usec = 1'700'000'000'000'000ull;  // µs
  m.fix_type = 3;                          // 3-D fix
  m.lat = 473977420;                       // degE7 → 47.3977420 deg
  m.lon = 85455940;                        // degE7 → 8.5455940 deg
  m.alt = 488000;                          // mm → 488.0 m MSL
  m.eph = 120;                             // HDOP × 100 → 1.2
  m.h_acc = 2500;                          // mm → 2.5 m
  m.v_acc = 0;                             // 0: not given → absent
  m.vel = 350;                             // cm/s → 3.5 m/s
  m.cog = 9000;                            // cdeg → 90.0 deg
  m.satellites_visible = 255;              // "not known" → absent
  const GpsSample out = decodeGpsRaw(frameOf(mavlink_gps_raw_int_pack, m));
  QCOMPARE(out.time_us, 1'700'000'000'000'000ull);
  QCOMPARE(out.fix_type, 3);
  QCOMPARE(*out.lat_deg, 47.3977420);
  QCOMPARE(*out.lon_deg, 8.5455940);
  QCOMPARE(*out.altitude_msl_m, 488.0);
  QCOMPARE(*out.hdop, 1.2f);
  QCOMPARE(*out.horizontal_accuracy_m, 2.5f);
  QVERIFY(!out.vertical_accuracy_m);
  QCOMPARE(*out.groundspeed_mps, 3.5f);
  QCOMPARE(*out.course_deg, 90.0f);
  QVERIFY(!out.satellites);

  m.satellites_visible = 11;
  m.eph = 0;           // 0: "not computed" (PX4's simulator) → absent
  m.vel = UINT16_MAX;  // "not known"
  m.cog = UINT16_MAX;
  const GpsSample sparse = decodeGpsRaw(frameOf(mavlink_gps_raw_int_pack, m));
  QCOMPARE(*sparse.satellites, 11);
  QVERIFY(!sparse.hdop);
  QVERIFY(!sparse.groundspeed_mps);
  QVERIFY(!sparse.course_deg);
}

void TelemetryDecodeTest::gpsWithoutAFix() {
  mavlink_gps_raw_int_t m{};
  m.lat = 473977420;
  m.lon = 85455940;
  m.alt = 488000;
  m.fix_type = 1;  // no fix: the position is not the receiver's
  const GpsSample none = decodeGpsRaw(frameOf(mavlink_gps_raw_int_pack, m));
  QVERIFY(!none.lat_deg && !none.lon_deg && !none.altitude_msl_m);
  m.fix_type = 2;  // 2-D fix: latitude and longitude, no altitude
  const GpsSample flat = decodeGpsRaw(frameOf(mavlink_gps_raw_int_pack, m));
  QCOMPARE(*flat.lat_deg, 47.3977420);
  QVERIFY(!flat.altitude_msl_m);
}

QTEST_APPLESS_MAIN(TelemetryDecodeTest)
#include "telemetry_decode_test.moc"
