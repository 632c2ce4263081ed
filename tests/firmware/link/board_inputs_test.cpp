// The board's inputs through the flight core and its link: the radio receiver as a pilot input
// source (fc_rc_input, RC_IN_MODE), the battery (fc_set_battery) in SYS_STATUS and
// BATTERY_STATUS, and the sensors' health (fc_sensor_health) in SYS_STATUS's bits and STATUSTEXT.
// Every step runs on a clock the test drives (the sensor samples' timestamps). SYS_STATUS is
// read back with the station's own decoder (app/link/telemetry_decode), long STATUSTEXTs with
// its own chunk assembler, BATTERY_STATUS with the firmware's codec (the station has no decoder
// for it).
#include "app/link/status_text_assembler.h"
#include "app/link/telemetry_decode.h"
#include "firmware/drivers/battery_adc.h"
#include "firmware/drivers/rc_input.h"
#include "firmware/link/fc_link.h"
#include "firmware/link/fc_link_status.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

using navigator::decodeSysStatus;
using navigator::StatusText;
using navigator::StatusTextAssembler;
using navigator::SysStatusSample;

namespace {

constexpr float kG = 9.80665f;

struct Firmware {
  fc_t fc;
  fc_link_t link;
  std::vector<mavlink_frame_t> frames;
  mavlink_parser_t parser;
  std::uint64_t t_us = 0;
  Firmware() {
    fc_mixer_table_t mixer;
    fc_mixer_quad_x(&mixer);
    fc_init(&fc, &mixer);
    fc_link_init(&link, &fc, &Firmware::send, this);
    mavlink_parser_init(&parser);
  }
  static void send(void* self, const std::uint8_t* bytes, std::size_t n) {
    auto* fw = static_cast<Firmware*>(self);
    mavlink_parse_all(
        &fw->parser, bytes, n,
        [](void* s, const mavlink_frame_t* f) { static_cast<Firmware*>(s)->frames.push_back(*f); }, fw);
  }
  // One 1 ms step of a vehicle at rest, level (specific force −g along body z), and the link's turn.
  void step() {
    t_us += 1000;
    fc_sensors_t s{};
    s.time_us = t_us;
    s.accel_mps2 = fc_v3(0, 0, -kG);
    s.reset = t_us == 1000;
    fc_step(&fc, &s);
    fc_link_update(&link, &fc, &s);
  }
  void manualControl(float roll, float pitch, float yaw, float throttle) {
    mavlink_manual_control_t m{};
    m.x = std::int16_t(std::lround(pitch * 1000));
    m.y = std::int16_t(std::lround(roll * 1000));
    m.r = std::int16_t(std::lround(yaw * 1000));
    m.z = std::int16_t(std::lround(throttle * 1000));
    mavlink_sender_t gcs{255, 190, 0};
    std::uint8_t bytes[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&gcs, MAVLINK_MSG_ID_MANUAL_CONTROL, &m, bytes);
    mavlink_parser_t p;
    mavlink_parser_init(&p);
    mavlink_parse_all(
        &p, bytes, n,
        [](void* self, const mavlink_frame_t* f) {
          auto* fw = static_cast<Firmware*>(self);
          fc_link_handle(&fw->link, &fw->fc, f);
        },
        this);
  }
  std::uint32_t rc_frames = 0;
  void receiver(fc_sticks_t sticks, bool failsafe = false) {
    fc_rc_frame_t f{};
    f.sticks = sticks;
    f.failsafe = failsafe;
    f.link_quality_pct = failsafe ? 0 : 100;
    f.frame_count = ++rc_frames;
    fc_rc_input(&fc, &f);
  }
  std::vector<StatusText> texts() {
    StatusTextAssembler assembler;
    std::vector<StatusText> out;
    for (const auto& f : frames) {
      if (f.msgid != MAVLINK_MSG_ID_STATUSTEXT) continue;
      mavlink_statustext_t m{};
      mavlink_statustext_decode(&f, &m);
      for (auto& t : assembler.add(m.severity, m.text, m.id, m.chunk_seq)) out.push_back(t);
    }
    if (auto t = assembler.flush()) out.push_back(*t);
    frames.erase(std::remove_if(frames.begin(), frames.end(),
                                [](const mavlink_frame_t& f) { return f.msgid == MAVLINK_MSG_ID_STATUSTEXT; }),
                 frames.end());
    return out;
  }
  int count(const QString& text) {
    int n = 0;
    for (const auto& t : texts())
      if (t.text.contains(text)) ++n;
    return n;
  }
  template <class M>
  bool last(std::uint32_t msgid, bool (*decode)(const mavlink_frame_t*, M*), M* out) {
    for (auto it = frames.rbegin(); it != frames.rend(); ++it)
      if (it->msgid == msgid) {
        decode(&*it, out);
        return true;
      }
    return false;
  }
  SysStatusSample sysStatus() {
    mavlink_sys_status_t s{};
    fc_link_sys_status(&fc, fc.state.time_us, &s);
    std::uint8_t bytes[MAVLINK_MAX_FRAME_LEN];
    mavlink_sender_t me{1, 1, 0};
    const std::size_t n = mavlink_pack(&me, MAVLINK_MSG_ID_SYS_STATUS, &s, bytes);
    mavlink_parser_t p;
    mavlink_parser_init(&p);
    mavlink_frame_t frame{};
    mavlink_parse_all(
        &p, bytes, n, [](void* out, const mavlink_frame_t* f) { *static_cast<mavlink_frame_t*>(out) = *f; }, &frame);
    return decodeSysStatus(frame);
  }
};

// A sticks value every source can carry exactly: MANUAL_CONTROL's 1/1000 steps.
const fc_sticks_t kSticks = {0.25f, -0.5f, 0.125f, 0.0f};

}  // namespace

class BoardInputsTest : public QObject {
  Q_OBJECT

 private slots:
  void receiverSticksFlyAsManualControlDoes() {
    // The same normalised sticks from MANUAL_CONTROL and from the receiver: the same set-points
    // and duties, bit for bit, over a second armed (the core cannot tell the sources apart).
    Firmware station, radio;
    fc_set_param(&radio.fc, FC_PARAM_RC_IN_MODE, FC_RC_IN_RECEIVER);
    station.step();
    radio.step();
    station.manualControl(0, 0, 0, 0);
    radio.receiver({0, 0, 0, 0});
    QCOMPARE(fc_arm(&station.fc, true, false), FC_ARM_OK);
    QCOMPARE(fc_arm(&radio.fc, true, false), FC_ARM_OK);
    for (int i = 0; i < 1000; ++i) {
      const fc_sticks_t s = {kSticks.roll, kSticks.pitch, kSticks.yaw, 0.6f};
      station.manualControl(s.roll, s.pitch, s.yaw, s.throttle);
      radio.receiver(s);
      station.step();
      radio.step();
    }
    QVERIFY(radio.fc.state.armed && !radio.fc.state.failsafe);
    QCOMPARE(radio.fc.state.pilot_source, FC_PILOT_RECEIVER);
    QCOMPARE(station.fc.state.pilot_source, FC_PILOT_STATION);
    QVERIFY(radio.fc.state.out.thrust_sp > 0.5f);  // the throttle stick, 0.6, flown
    QCOMPARE(radio.fc.state.out.thrust_sp, station.fc.state.out.thrust_sp);
    QCOMPARE(radio.fc.state.out.rate_sp_B.x, station.fc.state.out.rate_sp_B.x);
    QCOMPARE(radio.fc.state.out.rate_sp_B.y, station.fc.state.out.rate_sp_B.y);
    QCOMPARE(radio.fc.state.out.rate_sp_B.z, station.fc.state.out.rate_sp_B.z);
    QVERIFY(radio.fc.state.out.rate_sp_B.x != 0.0f);  // the roll stick asked for a rate
    for (int i = 0; i < 4; ++i) QCOMPARE(radio.fc.state.out.duty[i], station.fc.state.out.duty[i]);
  }

  void rcAndBatteryParametersAreTheDriversOwn() {
    // The firmware's RC_MAP_* / RCn_* and BAT_* defaults are the drivers' defaults
    // (rc_map_config_default: AETR, 1000/1500/2000 us, 10 us deadband on channels 1-4;
    // battery_config_default), so a HAL building the drivers' configuration from them changes nothing.
    fc_params_t p;
    fc_params_defaults(&p);
    const rc_map_config_t rc = rc_map_config_default();
    QCOMPARE(int(fc_param(&p, FC_PARAM_RC_MAP_ROLL)), int(rc.map_roll));
    QCOMPARE(int(fc_param(&p, FC_PARAM_RC_MAP_PITCH)), int(rc.map_pitch));
    QCOMPARE(int(fc_param(&p, FC_PARAM_RC_MAP_THROTTLE)), int(rc.map_throttle));
    QCOMPARE(int(fc_param(&p, FC_PARAM_RC_MAP_YAW)), int(rc.map_yaw));
    for (int ch = 1; ch <= FC_RC_CAL_CHANNELS; ++ch) {
      fc_rc_channel_cal_t c{};
      QVERIFY(fc_rc_channel_cal(&p, ch, &c));
      const rc_channel_cal_t& d = rc.channel[ch - 1];
      QCOMPARE(c.min_us, d.min_us);
      QCOMPARE(c.trim_us, d.trim_us);
      QCOMPARE(c.max_us, d.max_us);
      QCOMPARE(c.reversed, d.reversed);
      QCOMPARE(c.deadband_us, d.deadband_us);
    }
    fc_rc_channel_cal_t none{};
    QVERIFY(!fc_rc_channel_cal(&p, FC_RC_CAL_CHANNELS + 1, &none));
    const battery_config_t b = battery_config_default();
    QCOMPARE(fc_param(&p, FC_PARAM_BAT_V_DIV), b.voltage_divider);
    QCOMPARE(fc_param(&p, FC_PARAM_BAT_A_PER_V), b.amps_per_volt);
    QCOMPARE(fc_param(&p, FC_PARAM_BAT_V_OFFS_CURR), b.current_offset_v);
    QCOMPARE(int(fc_param(&p, FC_PARAM_BAT_N_CELLS)), int(b.cell_count));
    QCOMPARE(fc_param(&p, FC_PARAM_BAT_CAPACITY), b.capacity_mah);
    QCOMPARE(fc_param(&p, FC_PARAM_BAT_V_EMPTY), b.empty_cell_v);
    QCOMPARE(fc_param(&p, FC_PARAM_BAT_V_CHARGED), b.full_cell_v);
    QCOMPARE(fc_param(&p, FC_PARAM_BAT_LOW_V), b.low_cell_v);
    QCOMPARE(fc_param(&p, FC_PARAM_BAT_CRIT_V), b.critical_cell_v);
    QCOMPARE(fc_param(&p, FC_PARAM_BAT_LOW_THR), b.low_remaining);
    QCOMPARE(fc_param(&p, FC_PARAM_BAT_CRIT_THR), b.critical_remaining);
  }

  void rcParametersMapTheChannelsIntoTheCoresSticks() {
    // A HAL's path: the map built from the parameters (pitch reversed, its trim 1520 us), the
    // receiver's pulses through rc_map_sticks, the sticks into the core. By rc_input.h's formulas:
    // roll 1755 us: (1755 - 1500 - 10) / (2000 - 1500 - 10) = 0.5; pitch 1275 us: (1275 - 1520 + 10)
    // / (1520 - 1000 - 10) = -0.46078, reversed +0.46078; throttle 1000 us: 0; yaw 1500 us: 0.
    Firmware fw;
    QCOMPARE(fc_set_param(&fw.fc, FC_PARAM_RC2_REV, 1.0f), FC_PARAM_OK);
    QCOMPARE(fc_set_param(&fw.fc, FC_PARAM_RC2_TRIM, 1520.0f), FC_PARAM_OK);
    fw.step();
    rc_map_config_t map = rc_map_config_default();
    const fc_params_t* p = &fw.fc.config.params;
    map.map_roll = std::uint8_t(fc_param(p, FC_PARAM_RC_MAP_ROLL));
    map.map_pitch = std::uint8_t(fc_param(p, FC_PARAM_RC_MAP_PITCH));
    map.map_throttle = std::uint8_t(fc_param(p, FC_PARAM_RC_MAP_THROTTLE));
    map.map_yaw = std::uint8_t(fc_param(p, FC_PARAM_RC_MAP_YAW));
    for (int ch = 1; ch <= FC_RC_CAL_CHANNELS; ++ch) {
      fc_rc_channel_cal_t c{};
      QVERIFY(fc_rc_channel_cal(p, ch, &c));
      map.channel[ch - 1] = {c.min_us, c.trim_us, c.max_us, c.reversed, c.deadband_us};
    }
    char problem[128];
    QVERIFY2(rc_map_config_check(&map, problem, sizeof problem), problem);
    rc_input_t in{};
    in.channel_count = 16;
    for (auto& us : in.channels_us) us = 1500;
    in.channels_us[0] = 1755;
    in.channels_us[1] = 1275;
    in.channels_us[2] = 1000;
    in.link_quality_pct = 100;
    in.frames = 1;
    rc_sticks_t sticks{};
    QVERIFY(rc_map_sticks(&map, &in, &sticks));
    fc_rc_frame_t frame{};
    frame.sticks = {sticks.roll, sticks.pitch, sticks.yaw, sticks.throttle};
    frame.link_quality_pct = in.link_quality_pct;
    frame.frame_count = in.frames;
    fc_rc_input(&fw.fc, &frame);
    QCOMPARE(fw.fc.state.pilot_source, FC_PILOT_RECEIVER);
    QCOMPARE(fw.fc.state.sticks.roll, 0.5f);
    QVERIFY(std::abs(fw.fc.state.sticks.pitch - 235.0f / 510.0f) < 1e-6f);
    QCOMPARE(fw.fc.state.sticks.throttle, 0.0f);
    QCOMPARE(fw.fc.state.sticks.yaw, 0.0f);
  }

  void lostReceiverMeetsTheLinkFailsafeAtTheSameTime() {
    // FS_TIMEOUT_S (0.5 s by default, fc_params.h) after the last good input, for either source:
    // the station goes quiet, the receiver goes into failsafe; the failsafe comes on the same
    // step (the 501st after the last input: 500 ms is still "within" the timeout) with the same
    // text, and its input back clears it alike.
    Firmware station, radio;
    fc_set_param(&radio.fc, FC_PARAM_RC_IN_MODE, FC_RC_IN_RECEIVER);
    station.step();
    radio.step();
    station.manualControl(0, 0, 0, 0);
    radio.receiver({0, 0, 0, 0});
    QCOMPARE(fc_arm(&station.fc, true, false), FC_ARM_OK);
    QCOMPARE(fc_arm(&radio.fc, true, false), FC_ARM_OK);
    station.manualControl(0, 0, 0, 0.5f);
    radio.receiver({0, 0, 0, 0.5f});
    const std::uint64_t last_input_us = radio.t_us;
    int station_at = -1, radio_at = -1;
    for (int i = 1; i <= 700; ++i) {
      radio.receiver({0.9f, 0.9f, 0, 1.0f}, true);  // failsafe frames: their channels never flown
      station.step();
      radio.step();
      if (station_at < 0 && station.fc.state.failsafe) station_at = i;
      if (radio_at < 0 && radio.fc.state.failsafe) radio_at = i;
    }
    QCOMPARE(station_at, 501);
    QCOMPARE(radio_at, 501);
    QCOMPARE(last_input_us, station.t_us - 700 * 1000);
    QCOMPARE(radio.fc.state.sticks.roll, 0.0f);  // the last good sticks, not the failsafe frame's
    QCOMPARE(radio.count("Failsafe: no pilot input, levelling and descending"), 1);
    QCOMPARE(station.count("Failsafe: no pilot input, levelling and descending"), 1);
    station.manualControl(0, 0, 0, 0.5f);
    radio.receiver({0, 0, 0, 0.5f});
    station.step();
    radio.step();
    QVERIFY(!station.fc.state.failsafe && !radio.fc.state.failsafe);
    QCOMPARE(radio.count("Failsafe cleared: pilot input back"), 1);
    // The receiver's loss is in SYS_STATUS: RC_RECEIVER present, unhealthy while in failsafe.
    radio.receiver({0, 0, 0, 0.5f}, true);
    const SysStatusSample s = radio.sysStatus();
    QVERIFY(s.present & FC_MAV_SENSOR_RC_RECEIVER);
    QVERIFY(!(s.health & FC_MAV_SENSOR_RC_RECEIVER));
  }

  void receiverFirstFallsBackToTheStation() {
    // RC_IN_MODE 2 (the default): the receiver while it is good; its failsafe hands the sticks to a
    // fresh station at once (no failsafe), with a warning; the receiver back takes them again.
    Firmware fw;
    QCOMPARE(int(fc_param(&fw.fc.config.params, FC_PARAM_RC_IN_MODE)), FC_RC_IN_RECEIVER_FIRST);
    fw.step();
    fw.manualControl(0, 0, 0, 0);
    QCOMPARE(fw.fc.state.pilot_source, FC_PILOT_STATION);  // no receiver yet: the station
    fw.receiver({0, 0, 0, 0});
    QCOMPARE(fw.fc.state.pilot_source, FC_PILOT_RECEIVER);
    QCOMPARE(fc_arm(&fw.fc, true, false), FC_ARM_OK);
    fw.step();
    fw.texts();
    for (int i = 0; i < 100; ++i) {
      fw.manualControl(-0.5f, 0, 0, 0.3f);
      fw.receiver({0.5f, 0, 0, 0.4f});
      fw.step();
    }
    QCOMPARE(fw.fc.state.sticks.roll, 0.5f);
    fw.receiver({0, 0, 0, 0}, true);
    QCOMPARE(fw.fc.state.pilot_source, FC_PILOT_STATION);
    QCOMPARE(fw.fc.state.sticks.roll, -0.5f);
    fw.manualControl(-0.5f, 0, 0, 0.3f);
    fw.step();
    QVERIFY(!fw.fc.state.failsafe);
    std::vector<StatusText> t = fw.texts();
    QCOMPARE(int(t.size()), 1);
    QCOMPARE(t[0].text, QStringLiteral("Pilot input: station, receiver lost"));
    QCOMPARE(t[0].severity, int(MAV_SEVERITY_WARNING));
    fw.receiver({0.5f, 0, 0, 0.4f});
    QCOMPARE(fw.fc.state.pilot_source, FC_PILOT_RECEIVER);
    fw.step();
    QCOMPARE(fw.count("Pilot input: radio receiver"), 1);
    // The source in telemetry: DEBUG_VECT "PILOT_IN", x = 1 (receiver), y its link quality.
    mavlink_debug_vect_t v;
    fc_link_pilot_vect(&fw.fc, fw.fc.state.time_us, &v);
    QCOMPARE(v.x, 1.0f);
    QCOMPARE(v.y, 100.0f);
    QCOMPARE(std::string(v.name, 8), std::string("PILOT_IN"));
  }

  void batteryInSysStatusAndBatteryStatus() {
    // A 4S pack at 15.2 V drawing 12.34 A, 850 mAh and 40 kJ used, 42 % left, LOW: SYS_STATUS in
    // mV / cA / % (common.xml) read back by the station as volts, amps and percent.
    Firmware fw;
    fw.step();
    QCOMPARE(fw.sysStatus().voltage_V, -1.0f);  // no battery yet: "not measured"
    fc_battery_t b{};
    b.voltage_v = 15.2f;
    b.current_a = 12.34f;
    b.consumed_mah = 850.0f;
    b.consumed_j = 40000.0f;
    b.remaining = 0.42f;
    b.cell_count = 4;
    b.level = FC_BATTERY_LOW;
    for (int i = 0; i < 5; ++i) fc_set_battery(&fw.fc, &b);  // the HAL calls it every read
    const SysStatusSample s = fw.sysStatus();
    QCOMPARE(s.voltage_V, 15.2f);   // 15200 mV
    QCOMPARE(s.current_A, 12.34f);  // 1234 cA
    QCOMPARE(s.battery_remaining_pct, 42);
    QVERIFY(s.present & FC_MAV_SENSOR_BATTERY);
    QVERIFY(s.health & FC_MAV_SENSOR_BATTERY);  // low is not unhealthy
    for (int i = 0; i < 1000; ++i) fw.step();   // the 1 Hz status goes out
    mavlink_battery_status_t m{};
    QVERIFY(fw.last(MAVLINK_MSG_ID_BATTERY_STATUS, &mavlink_battery_status_decode, &m));
    QCOMPARE(int(m.voltages[0]), 15200);
    QCOMPARE(int(m.voltages[1]), int(UINT16_MAX));
    QCOMPARE(int(m.current_battery), 1234);
    QCOMPARE(int(m.current_consumed), 850);
    QCOMPARE(int(m.energy_consumed), 400);  // hJ
    QCOMPARE(int(m.battery_remaining), 42);
    QCOMPARE(int(m.temperature), int(INT16_MAX));
    QCOMPARE(int(m.charge_state), int(FC_MAV_BATTERY_CHARGE_STATE_LOW));
    // ... and as the station reads it: volts, amps, mAh, joules, percent.
    for (auto it = fw.frames.rbegin(); it != fw.frames.rend(); ++it) {
      if (it->msgid != MAVLINK_MSG_ID_BATTERY_STATUS) continue;
      const navigator::BatteryStatusSample d = navigator::decodeBatteryStatus(*it);
      QCOMPARE(d.voltage_V.value_or(-1), 15.2f);
      QCOMPARE(d.current_A.value_or(-1), 12.34f);
      QCOMPARE(d.consumed_mAh.value_or(-1), 850.0f);
      QCOMPARE(d.consumed_J.value_or(-1), 40000.0f);
      QCOMPARE(d.remaining_pct.value_or(-1), 42);
      QCOMPARE(d.charge_state, 2);  // MAV_BATTERY_CHARGE_STATE_LOW
      break;
    }
    // Told once for the transition, whatever the number of calls.
    std::vector<StatusText> t = fw.texts();
    int low = 0;
    for (const auto& x : t)
      if (x.text == QStringLiteral("Battery low: 15.20 V, 42 % remaining") && x.severity == MAV_SEVERITY_WARNING) ++low;
    QCOMPARE(low, 1);
  }

  void criticalBatteryLandsAsTheFailsafe() {
    // BAT_CRIT_ACT 1 (default): critical while armed is the failsafe, and pilot input does not
    // clear it; SYS_STATUS's battery bit unhealthy, BATTERY_STATUS CRITICAL (3).
    Firmware fw;
    fw.step();
    fw.manualControl(0, 0, 0, 0);
    QCOMPARE(fc_arm(&fw.fc, true, false), FC_ARM_OK);
    fc_battery_t b{};
    b.voltage_v = 13.1f;
    b.current_a = NAN;
    b.consumed_mah = NAN;
    b.consumed_j = NAN;
    b.remaining = -1.0f;
    b.level = FC_BATTERY_CRITICAL;
    fc_set_battery(&fw.fc, &b);
    fw.manualControl(0, 0, 0, 0.5f);
    fw.step();
    QVERIFY(fw.fc.state.failsafe);
    for (int i = 0; i < 100; ++i) {
      fw.manualControl(0, 0, 0, 0.5f);
      fw.step();
    }
    QVERIFY(fw.fc.state.failsafe);
    const std::vector<StatusText> t = fw.texts();
    bool said_level = false, said_failsafe = false;
    for (const auto& x : t) {
      said_level |= x.text == QStringLiteral("Battery critical: 13.10 V") && x.severity == MAV_SEVERITY_CRITICAL;
      said_failsafe |= x.text == QStringLiteral("Failsafe: battery critical, descending to land");
    }
    QVERIFY(said_level && said_failsafe);
    const SysStatusSample s = fw.sysStatus();
    QVERIFY(!(s.health & FC_MAV_SENSOR_BATTERY));
    QCOMPARE(s.current_A, -1.0f);  // not measured
    QCOMPARE(s.battery_remaining_pct, -1);
    mavlink_battery_status_t m{};
    QVERIFY(fc_link_battery_status(&fw.fc, &m));
    QCOMPARE(int(m.charge_state), int(FC_MAV_BATTERY_CHARGE_STATE_CRITICAL));
    QCOMPARE(int(m.current_consumed), -1);
    // A pack above 65.534 V (a 16S at 67.2 V): 65534 mV in voltages[0], the rest in voltages[1].
    b.voltage_v = 67.2f;
    fc_set_battery(&fw.fc, &b);
    QVERIFY(fc_link_battery_status(&fw.fc, &m));
    QCOMPARE(int(m.voltages[0]), 65534);
    QCOMPARE(int(m.voltages[1]), 67200 - 65534);
    QCOMPARE(int(fw.sysStatus().voltage_V * 1000.0f + 0.5f), 65534);  // SYS_STATUS's uint16 mV saturates
    // Disarmed, arming is refused while it stays critical.
    fc_arm(&fw.fc, false, false);
    fw.manualControl(0, 0, 0, 0);
    QCOMPARE(fc_arm(&fw.fc, true, false), FC_ARM_REFUSED);
    fw.step();
    QCOMPARE(fw.count("Arming refused: battery critical"), 1);
  }

  void healthBitsAndTextsOnTransitions() {
    // A driver's fault clears its SYS_STATUS health bit and is told at once with its message
    // (WARNING for the barometer, CRITICAL for the gyro); back to ok is told (INFO). A sensor
    // that flaps is told at most once a second (FC_HEALTH_TEXT_INTERVAL_US), the state at the
    // end of the second with the number of changes.
    Firmware fw;
    fw.step();
    QVERIFY(fw.sysStatus().health & FC_MAV_SENSOR_ABSOLUTE_PRESSURE);
    fw.texts();
    fc_sensor_health(&fw.fc, FC_SENSOR_BARO, 0, "BMP388: ok");
    fw.step();
    QCOMPARE(int(fw.texts().size()), 0);  // ok from the start: nothing to tell
    fc_sensor_health(&fw.fc, FC_SENSOR_BARO, 1, "BMP388: not answering (reads 0xFF)");
    fw.step();
    QVERIFY(!(fw.sysStatus().health & FC_MAV_SENSOR_ABSOLUTE_PRESSURE));
    QVERIFY(fw.sysStatus().present & FC_MAV_SENSOR_ABSOLUTE_PRESSURE);
    std::vector<StatusText> t = fw.texts();
    QCOMPARE(int(t.size()), 1);
    QCOMPARE(t[0].text, QStringLiteral("BMP388: not answering (reads 0xFF)"));
    QCOMPARE(t[0].severity, int(MAV_SEVERITY_WARNING));
    // Flapping for 0.5 s: nothing more until a second after the last text, then one text.
    for (int i = 0; i < 1200; ++i) {
      fc_sensor_health(&fw.fc, FC_SENSOR_BARO, i < 500 && i % 2 == 0 ? 0 : 1,
                       i < 500 && i % 2 == 0 ? "BMP388: ok" : "BMP388: not answering (reads 0xFF)");
      fw.step();
    }
    t = fw.texts();
    QCOMPARE(int(t.size()), 0);  // it ended as it was told: at fault
    fc_sensor_health(&fw.fc, FC_SENSOR_BARO, 0, "BMP388: ok");
    fw.step();
    t = fw.texts();
    QCOMPARE(int(t.size()), 1);
    QCOMPARE(t[0].text, QStringLiteral("BMP388: ok (501 changes)"));
    QCOMPARE(t[0].severity, int(MAV_SEVERITY_INFO));
    QVERIFY(fw.sysStatus().health & FC_MAV_SENSOR_ABSOLUTE_PRESSURE);
    // A message longer than one STATUSTEXT goes out in chunks the station joins again.
    const char* long_message = "BMX160: magnetometer BMM150 wrong identity 0x31 (expected 0x32) after soft reset";
    fc_sensor_health(&fw.fc, FC_SENSOR_GYRO, 2, long_message);
    fw.step();
    t = fw.texts();
    QCOMPARE(int(t.size()), 1);
    QCOMPARE(t[0].text, QString::fromUtf8(long_message));
    QCOMPARE(t[0].severity, int(MAV_SEVERITY_CRITICAL));
    QVERIFY(!(fw.sysStatus().health & FC_MAV_SENSOR_3D_GYRO));
  }
};

QTEST_APPLESS_MAIN(BoardInputsTest)
#include "board_inputs_test.moc"
