// The firmware's MAVLink side (firmware/link/fc_link) on its own, frames in and frames out
// through the codec: MANUAL_CONTROL scaled by 1/1000 into the core's sticks (common.xml: x, y,
// r in [-1000, 1000], z in [0, 1000], INT16_MAX for an absent axis), COMMAND_LONG answered with
// the COMMAND_ACK results common.xml defines (ACCEPTED 0, DENIED 2, UNSUPPORTED 3), the
// parameter protocol (a refused PARAM_SET echoes the value still in force and says why), the
// 1 Hz HEARTBEAT on the core's clock, and frames for another system left alone.
#include "firmware/link/fc_link.h"

#include <QtTest>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Capture {
  std::vector<mavlink_frame_t> frames;
  mavlink_parser_t parser;
  Capture() { mavlink_parser_init(&parser); }
  static void send(void* self, const std::uint8_t* bytes, std::size_t n) {
    auto* c = static_cast<Capture*>(self);
    mavlink_parse_all(
        &c->parser, bytes, n, [](void* s, const mavlink_frame_t* f) { static_cast<Capture*>(s)->frames.push_back(*f); },
        c);
  }
  std::vector<mavlink_frame_t> take(std::uint32_t msgid) {
    std::vector<mavlink_frame_t> out;
    for (const auto& f : frames)
      if (f.msgid == msgid) out.push_back(f);
    return out;
  }
};

struct Firmware {
  fc_t fc;
  fc_link_t link;
  Capture out;
  mavlink_sender_t gcs{255, 190, 0};
  Firmware() {
    fc_mixer_table_t mixer;
    fc_mixer_quad_x(&mixer);
    fc_init(&fc, &mixer);
    fc_link_init(&link, &fc, &Capture::send, &out);
  }
  template <class M>
  void receive(std::uint32_t msgid, const M& message) {
    std::uint8_t bytes[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&gcs, msgid, &message, bytes);
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
  int lastAck(std::uint16_t command) {
    int result = -1;
    for (const auto& f : out.take(MAVLINK_MSG_ID_COMMAND_ACK)) {
      mavlink_command_ack_t a;
      mavlink_command_ack_decode(&f, &a);
      if (a.command == command) result = a.result;
    }
    return result;
  }
  std::vector<std::string> texts() {
    std::vector<std::string> out_texts;
    for (const auto& f : out.take(MAVLINK_MSG_ID_STATUSTEXT)) {
      mavlink_statustext_t s;
      mavlink_statustext_decode(&f, &s);
      out_texts.emplace_back(s.text, strnlen(s.text, sizeof s.text));
    }
    return out_texts;
  }
};

mavlink_command_long_t command(std::uint16_t id, float p1, float p2, std::uint8_t target = 1) {
  mavlink_command_long_t c{};
  c.command = id;
  c.param1 = p1;
  c.param2 = p2;
  c.target_system = target;
  c.target_component = 1;
  return c;
}

mavlink_param_set_t paramSet(const char* name, float value) {
  mavlink_param_set_t p{};
  std::memcpy(p.param_id, name, std::min(std::strlen(name), sizeof p.param_id));  // 16 bytes, unterminated when full
  p.param_value = value;
  p.param_type = MAV_PARAM_TYPE_REAL32;
  p.target_system = 1;
  return p;
}

}  // namespace

class FcLinkTest : public QObject {
  Q_OBJECT

 private slots:
  void manualControlBecomesTheSticks() {
    Firmware fw;
    mavlink_manual_control_t m{};
    m.target = 1;
    m.x = 500;   // pitch forward half
    m.y = -250;  // roll left a quarter
    m.z = 700;   // throttle 0.7
    m.r = 1000;  // yaw full clockwise
    fw.receive(MAVLINK_MSG_ID_MANUAL_CONTROL, m);
    QCOMPARE(fw.fc.state.sticks.pitch, 0.5f);
    QCOMPARE(fw.fc.state.sticks.roll, -0.25f);
    QCOMPARE(fw.fc.state.sticks.throttle, 0.7f);
    QCOMPARE(fw.fc.state.sticks.yaw, 1.0f);
    QCOMPARE(fw.link.manual_controls_in, 1u);

    m.r = INT16_MAX;  // an absent axis reads as centred
    fw.receive(MAVLINK_MSG_ID_MANUAL_CONTROL, m);
    QCOMPARE(fw.fc.state.sticks.yaw, 0.0f);

    m.target = 2;  // another vehicle's sticks
    m.x = -1000;
    fw.receive(MAVLINK_MSG_ID_MANUAL_CONTROL, m);
    QCOMPARE(fw.fc.state.sticks.pitch, 0.5f);
    QCOMPARE(fw.link.manual_controls_in, 2u);
  }

  void commandsAreAnsweredWithTheirResult() {
    Firmware fw;
    fw.receive(MAVLINK_MSG_ID_COMMAND_LONG, command(MAV_CMD_DO_SET_MODE, 1, float(VAYU_MODE_ALT_HOLD)));
    QCOMPARE(fw.lastAck(MAV_CMD_DO_SET_MODE), int(MAV_RESULT_ACCEPTED));
    QCOMPARE(int(fw.fc.state.mode), int(VAYU_MODE_ALT_HOLD));
    fw.receive(MAVLINK_MSG_ID_COMMAND_LONG, command(MAV_CMD_DO_SET_MODE, 1, 1.5f));  // not a whole mode
    QCOMPARE(fw.lastAck(MAV_CMD_DO_SET_MODE), int(MAV_RESULT_DENIED));
    fw.receive(MAVLINK_MSG_ID_COMMAND_LONG, command(MAV_CMD_DO_SET_MODE, 1, float(VAYU_MODE_COUNT)));
    QCOMPARE(fw.lastAck(MAV_CMD_DO_SET_MODE), int(MAV_RESULT_DENIED));
    fw.receive(MAVLINK_MSG_ID_COMMAND_LONG,
               command(MAV_CMD_DO_SET_MODE, 0, float(VAYU_MODE_ACRO)));  // custom-mode bit clear
    QCOMPARE(fw.lastAck(MAV_CMD_DO_SET_MODE), int(MAV_RESULT_DENIED));
    QCOMPARE(int(fw.fc.state.mode), int(VAYU_MODE_ALT_HOLD));

    // No sensor sample yet: arming is refused, and the core says why in a STATUSTEXT.
    fw.receive(MAVLINK_MSG_ID_COMMAND_LONG, command(MAV_CMD_COMPONENT_ARM_DISARM, 1, 0));
    QCOMPARE(fw.lastAck(MAV_CMD_COMPONENT_ARM_DISARM), int(MAV_RESULT_DENIED));
    QVERIFY(!fw.fc.state.armed);
    fc_link_update(&fw.link, &fw.fc, nullptr);
    QVERIFY(!fw.texts().empty());

    fw.receive(MAVLINK_MSG_ID_COMMAND_LONG, command(12345, 0, 0));
    QCOMPARE(fw.lastAck(12345), int(MAV_RESULT_UNSUPPORTED));
    const std::size_t acks = fw.out.take(MAVLINK_MSG_ID_COMMAND_ACK).size();
    fw.receive(MAVLINK_MSG_ID_COMMAND_LONG, command(MAV_CMD_DO_SET_MODE, 1, float(VAYU_MODE_ACRO), 9));  // system 9's
    QCOMPARE(fw.out.take(MAVLINK_MSG_ID_COMMAND_ACK).size(), acks);
    QCOMPARE(int(fw.fc.state.mode), int(VAYU_MODE_ALT_HOLD));
  }

  void parametersAreSetOrRefusedWithTheReason() {
    Firmware fw;
    fw.receive(MAVLINK_MSG_ID_PARAM_SET, paramSet("MAX_ANGLE_DEG", 30.0f));
    QCOMPARE(fw.fc.config.params.value[FC_PARAM_MAX_ANGLE_DEG], 30.0f);
    QVERIFY(fw.link.params_changed);
    auto values = fw.out.take(MAVLINK_MSG_ID_PARAM_VALUE);
    QCOMPARE(values.size(), std::size_t(1));
    mavlink_param_value_t v;
    mavlink_param_value_decode(&values[0], &v);
    QCOMPARE(v.param_value, 30.0f);
    QCOMPARE(int(v.param_index), int(FC_PARAM_MAX_ANGLE_DEG));
    QCOMPARE(int(v.param_count), int(FC_PARAM_COUNT));

    // Out of its range [5, 60]: refused, the value in force echoed, the reason said.
    fw.receive(MAVLINK_MSG_ID_PARAM_SET, paramSet("MAX_ANGLE_DEG", 75.0f));
    QCOMPARE(fw.fc.config.params.value[FC_PARAM_MAX_ANGLE_DEG], 30.0f);
    values = fw.out.take(MAVLINK_MSG_ID_PARAM_VALUE);
    mavlink_param_value_decode(&values.back(), &v);
    QCOMPARE(v.param_value, 30.0f);
    QCOMPARE(fw.texts().back(), std::string("MAX_ANGLE_DEG not set: value out of range"));

    fw.receive(MAVLINK_MSG_ID_PARAM_SET, paramSet("NO_SUCH_PARAM", 1.0f));
    QCOMPARE(fw.texts().back(), std::string("Unknown parameter NO_SUCH_PARAM"));

    // SYSID changes the identity the link speaks with at once.
    fw.receive(MAVLINK_MSG_ID_PARAM_SET, paramSet("SYSID", 7.0f));
    QCOMPARE(int(fw.link.sender.sysid), 7);
    QCOMPARE(fw.out.frames.back().sysid, std::uint8_t(7));
  }

  void theParameterListStreamsEveryParameterOnce() {
    Firmware fw;
    mavlink_param_request_list_t r{};
    r.target_system = 1;
    fw.receive(MAVLINK_MSG_ID_PARAM_REQUEST_LIST, r);
    for (int i = 0; i < 100 && fw.link.param_stream_next >= 0; ++i) fc_link_update(&fw.link, &fw.fc, nullptr);
    const auto values = fw.out.take(MAVLINK_MSG_ID_PARAM_VALUE);
    QCOMPARE(int(values.size()), int(FC_PARAM_COUNT));
    for (int i = 0; i < int(values.size()); ++i) {
      mavlink_param_value_t v;
      mavlink_param_value_decode(&values[std::size_t(i)], &v);
      QCOMPARE(int(v.param_index), i);
    }
  }

  void aGeometrySentOverTheLinkIsAllocatedAndNamed() {
    // A station writes a hexacopter's geometry (six rotors at 60° steps, spins
    // alternating) then MIXER 1: the core allocates six motors from it and its HEARTBEAT says
    // MAV_TYPE_HEXAROTOR (13, common.xml). A geometry that cannot fly is named in a STATUSTEXT.
    Firmware fw;
    fw.receive(MAVLINK_MSG_ID_PARAM_SET, paramSet("CA_ROTOR_COUNT", 6.0f));
    for (int k = 0; k < 6; ++k) {
      const double t = (30.0 + 60.0 * k) * M_PI / 180.0;
      const std::string r = "CA_ROTOR" + std::to_string(k) + "_";
      fw.receive(MAVLINK_MSG_ID_PARAM_SET, paramSet((r + "PX").c_str(), float(0.275 * std::cos(t))));
      fw.receive(MAVLINK_MSG_ID_PARAM_SET, paramSet((r + "PY").c_str(), float(0.275 * std::sin(t))));
      fw.receive(MAVLINK_MSG_ID_PARAM_SET, paramSet((r + "KM").c_str(), k % 2 == 0 ? 0.016f : -0.016f));
    }
    QCOMPARE(fw.fc.config.mixer.motor_count, 4);  // MIXER 0 still: the HAL's quad X
    fw.receive(MAVLINK_MSG_ID_PARAM_SET, paramSet("MIXER", 1.0f));
    QCOMPARE(fw.fc.config.mixer.motor_count, 6);
    QVERIFY(fw.fc.config.allocation_problem == nullptr);
    fc_link_update(&fw.link, &fw.fc, nullptr);
    auto beats = fw.out.take(MAVLINK_MSG_ID_HEARTBEAT);
    QVERIFY(!beats.empty());
    mavlink_heartbeat_t h;
    mavlink_heartbeat_decode(&beats.back(), &h);
    QCOMPARE(int(h.type), int(MAV_TYPE_HEXAROTOR));
    // Every rotor spinning the same way: refused, named, the six-rotor table kept.
    fw.receive(MAVLINK_MSG_ID_PARAM_SET, paramSet("CA_ROTOR1_KM", 0.016f));
    fw.receive(MAVLINK_MSG_ID_PARAM_SET, paramSet("CA_ROTOR3_KM", 0.016f));
    fw.receive(MAVLINK_MSG_ID_PARAM_SET, paramSet("CA_ROTOR5_KM", 0.016f));
    fc_link_update(&fw.link, &fw.fc, nullptr);
    const auto texts = fw.texts();
    QVERIFY(std::find(texts.begin(), texts.end(), std::string("Mixer: rotors cannot separate the 4 axes")) !=
            texts.end());
    QCOMPARE(fw.fc.config.mixer.motor_count, 6);
  }

  void theHeartbeatFollowsTheCoresClock() {
    Firmware fw;
    // Ten seconds of the core's clock in 1 ms steps: HEARTBEAT at 0, 1, ..., 9 s: ten of them.
    for (std::uint64_t t = 0; t < 10'000'000; t += 1000) {
      fw.fc.state.time_us = t;
      fc_link_update(&fw.link, &fw.fc, nullptr);
    }
    const auto beats = fw.out.take(MAVLINK_MSG_ID_HEARTBEAT);
    QCOMPARE(beats.size(), std::size_t(10));
    mavlink_heartbeat_t h;
    mavlink_heartbeat_decode(&beats.back(), &h);
    QCOMPARE(int(h.type), int(MAV_TYPE_QUADROTOR));
    QVERIFY(!(h.base_mode & MAV_MODE_FLAG_SAFETY_ARMED));
    QCOMPARE(h.custom_mode, std::uint32_t(fw.fc.state.mode));
    // ATTITUDE at 25 Hz: 250 in ten seconds.
    QCOMPARE(fw.out.take(MAVLINK_MSG_ID_ATTITUDE).size(), std::size_t(250));
  }

  void aResetAfterALongRunKeepsTheStreams() {
    // After ten minutes of flight a simulation reset starts the core's clock again
    // at zero; the link must go on at once (HEARTBEAT 1 Hz, ATTITUDE 25 Hz, VFR_HUD 10 Hz),
    // not wait ten minutes for the old schedule to come round.
    Firmware fw;
    for (std::uint64_t t = 0; t <= 600'000'000; t += 1000) {
      fw.fc.state.time_us = t;
      fc_link_update(&fw.link, &fw.fc, nullptr);
    }
    fw.out.frames.clear();
    // One second of the new run, from zero.
    for (std::uint64_t t = 0; t < 1'000'000; t += 1000) {
      fw.fc.state.time_us = t;
      fc_link_update(&fw.link, &fw.fc, nullptr);
    }
    QCOMPARE(fw.out.take(MAVLINK_MSG_ID_HEARTBEAT).size(), std::size_t(1));  // at 0 s of the new run
    QCOMPARE(fw.out.take(MAVLINK_MSG_ID_SYS_STATUS).size(), std::size_t(1));
    QCOMPARE(fw.out.take(MAVLINK_MSG_ID_ATTITUDE).size(), std::size_t(25));
    QCOMPARE(fw.out.take(MAVLINK_MSG_ID_VFR_HUD).size(), std::size_t(10));
  }

  void theEstimateAndSetpointsGoOutForTheLog() {
    // At 10 Hz (fc_link_init's period): the estimate as LOCAL_POSITION_NED (NED, so up is −z; the horizontal
    // NaN, "not known", until GPS aids it), the setpoints as ATTITUDE_TARGET and the gyro bias as
    // DEBUG_VECT "GYRO_BIAS", each with the core's values as set here.
    Firmware fw;
    fw.fc.state.height.initialised = true;
    fw.fc.state.height.height_m = 12.5f;
    fw.fc.state.height.climb_mps = 1.5f;
    fw.fc.state.out.q_sp_WB = {0.5f, 0.5f, 0.5f, 0.5f};
    fw.fc.state.out.rate_sp_B = {0.1f, -0.2f, 0.3f};
    fw.fc.state.out.thrust_sp = 0.42f;
    fw.fc.state.att.gyro_bias_B = {1e-3f, -2e-3f, 3e-3f};
    for (std::uint64_t t = 0; t < 1'000'000; t += 1000) {
      fw.fc.state.time_us = t;
      fc_link_update(&fw.link, &fw.fc, nullptr);
    }
    const auto positions = fw.out.take(MAVLINK_MSG_ID_LOCAL_POSITION_NED);
    const auto targets = fw.out.take(MAVLINK_MSG_ID_ATTITUDE_TARGET);
    auto biases = fw.out.take(MAVLINK_MSG_ID_DEBUG_VECT);
    // (the 1 Hz DEBUG_VECT "PILOT_IN" of the status is another vector)
    biases.erase(std::remove_if(biases.begin(), biases.end(),
                                [](const mavlink_frame_t& f) {
                                  mavlink_debug_vect_t d;
                                  mavlink_debug_vect_decode(&f, &d);
                                  return std::strncmp(d.name, "GYRO_BIAS", sizeof d.name) != 0;
                                }),
                 biases.end());
    QCOMPARE(positions.size(), std::size_t(10));
    QCOMPARE(targets.size(), std::size_t(10));
    QCOMPARE(biases.size(), std::size_t(10));
    mavlink_local_position_ned_t p;
    mavlink_local_position_ned_decode(&positions.back(), &p);
    QCOMPARE(p.time_boot_ms, 900u);
    QCOMPARE(p.z, -12.5f);
    QCOMPARE(p.vz, -1.5f);
    QVERIFY(std::isnan(p.x) && std::isnan(p.y) && std::isnan(p.vx) && std::isnan(p.vy));
    mavlink_attitude_target_t a;
    mavlink_attitude_target_decode(&targets.back(), &a);
    QCOMPARE(a.q[0], 0.5f);
    QCOMPARE(a.q[3], 0.5f);
    QCOMPARE(a.body_pitch_rate, -0.2f);
    QCOMPARE(a.thrust, 0.42f);
    mavlink_debug_vect_t b;
    mavlink_debug_vect_decode(&biases.back(), &b);
    QCOMPARE(QString::fromLatin1(b.name, int(qstrnlen(b.name, sizeof b.name))), QStringLiteral("GYRO_BIAS"));
    QCOMPARE(b.time_usec, std::uint64_t(900'000));
    QCOMPARE(b.y, -2e-3f);
    // GPS aiding: the horizontal estimate too.
    fw.fc.state.horizontal.valid = true;
    fw.fc.state.horizontal.pos_W_m = {3.0f, -4.0f, 0.0f};
    fw.fc.state.horizontal.vel_W_mps = {0.5f, 0.25f, 0.0f};
    for (std::uint64_t t = 1'000'000; t < 1'100'000; t += 1000) {
      fw.fc.state.time_us = t;
      fc_link_update(&fw.link, &fw.fc, nullptr);
    }
    mavlink_local_position_ned_decode(&fw.out.take(MAVLINK_MSG_ID_LOCAL_POSITION_NED).back(), &p);
    QCOMPARE(p.x, 3.0f);
    QCOMPARE(p.y, -4.0f);
    QCOMPARE(p.vy, 0.25f);
    // A HAL on a slow serial link turns them off: none in the next second.
    fw.link.estimate_period_us = 0;
    fw.out.frames.clear();
    for (std::uint64_t t = 1'100'000; t < 2'100'000; t += 1000) {
      fw.fc.state.time_us = t;
      fc_link_update(&fw.link, &fw.fc, nullptr);
    }
    QCOMPARE(fw.out.take(MAVLINK_MSG_ID_LOCAL_POSITION_NED).size(), std::size_t(0));
    QCOMPARE(fw.out.take(MAVLINK_MSG_ID_ATTITUDE_TARGET).size(), std::size_t(0));
    QCOMPARE(fw.out.take(MAVLINK_MSG_ID_VFR_HUD).size(), std::size_t(10));  // the rest goes on
  }
};

QTEST_GUILESS_MAIN(FcLinkTest)
#include "fc_link_test.moc"
