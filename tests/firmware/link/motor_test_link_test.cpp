// MAV_CMD_DO_MOTOR_TEST over the firmware's MAVLink side (firmware/link/fc_link_motor_test.h and
// firmware/core/fc_motor_test.h): COMMAND_LONG in as QGroundControl's and Mission Planner's motor
// pages send it (common.xml: param1 motor, param2 MOTOR_TEST_THROTTLE_PERCENT 0, param3 %,
// param4 s, param5 count, param6 order), COMMAND_ACK and STATUSTEXT read back from the frames the
// link sent, and the motor outputs read from the core after each step: only the motor asked for
// turns, at the throttle asked for, for the time asked for, and never while armed.
#include "firmware/link/fc_link.h"
#include "firmware/link/fc_link_motor_test.h"
#include "tests/firmware/core/calibration_streams.h"

#include <QtTest>

#include <cstring>
#include <string>
#include <vector>

using namespace calstream;

namespace {

struct Bench {
  fc_t fc;
  fc_link_t link;
  mavlink_parser_t parser;
  std::vector<std::string> texts;
  std::vector<int> acks;  // MAV_RESULT of each COMMAND_ACK for 209
  Sensors sensors;
  mavlink_sender_t gcs{255, 190, 0};
  uint64_t t_us = 1'000'000;

  Bench() {
    fc_mixer_table_t mixer;
    fc_mixer_quad_x(&mixer);
    fc_init(&fc, &mixer);
    fc_link_init(&link, &fc, &Bench::send, this);
    link.estimate_period_us = 0;
    mavlink_parser_init(&parser);
  }
  static void send(void* self, const std::uint8_t* bytes, std::size_t n) {
    auto* b = static_cast<Bench*>(self);
    mavlink_parse_all(
        &b->parser, bytes, n, [](void* s, const mavlink_frame_t* f) { static_cast<Bench*>(s)->take(*f); }, b);
  }
  void take(const mavlink_frame_t& f) {
    mavlink_statustext_t s;
    mavlink_command_ack_t a;
    if (mavlink_statustext_decode(&f, &s)) texts.emplace_back(s.text, strnlen(s.text, sizeof s.text));
    if (mavlink_command_ack_decode(&f, &a) && a.command == MAV_CMD_DO_MOTOR_TEST) acks.push_back(a.result);
  }
  void command(float p1, float p2, float p3, float p4, float p5 = 1, float p6 = 2) {
    mavlink_command_long_t c;
    std::memset(&c, 0, sizeof c);
    c.target_system = 1;
    c.target_component = 1;
    c.command = MAV_CMD_DO_MOTOR_TEST;
    c.param1 = p1, c.param2 = p2, c.param3 = p3, c.param4 = p4, c.param5 = p5, c.param6 = p6;
    std::uint8_t bytes[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_pack(&gcs, MAVLINK_MSG_ID_COMMAND_LONG, &c, bytes);
    mavlink_parser_t p;
    mavlink_parser_init(&p);
    mavlink_parse_all(
        &p, bytes, n,
        [](void* self, const mavlink_frame_t* f) {
          fc_link_handle(&static_cast<Bench*>(self)->link, &static_cast<Bench*>(self)->fc, f);
        },
        this);
  }
  // Steps at 1 kHz for `seconds`; how long each motor's duty was above zero [s], and its duty at
  // the end.
  std::array<double, 4> run(double seconds) {
    std::array<double, 4> on_s{};
    for (int i = 0; i < int(std::lround(seconds * 1000)); ++i) {
      t_us += 1000;
      const fc_sensors_t s = sensors.sample(t_us, identity());
      fc_step(&fc, &s);
      fc_link_update(&link, &fc, &s);
      for (int m = 0; m < 4; ++m)
        if (fc.state.out.duty[m] > 0.0f) on_s[std::size_t(m)] += 0.001;
    }
    return on_s;
  }
  bool said(const std::string& text) const { return std::find(texts.begin(), texts.end(), text) != texts.end(); }
};

constexpr int kAccepted = 0, kDenied = 2, kUnsupported = 3;  // common.xml MAV_RESULT

}  // namespace

class MotorTestLinkTest : public QObject {
  Q_OBJECT

 private slots:
  // Motor 3 at 15 % for 1.5 s: that output at 0.15 for 1.5 s (to the 1 ms step), the others 0.
  void onlyTheMotorAskedForTurnsForTheTimeAsked() {
    Bench b;
    b.run(0.1);
    b.command(3, 0, 15, 1.5f);
    QCOMPARE(b.acks, std::vector<int>{kAccepted});
    b.run(0.5);
    QCOMPARE(b.fc.state.out.duty[2], 0.15f);
    const auto on_s = b.run(2.0);
    QCOMPARE(on_s[0], 0.0);
    QCOMPARE(on_s[1], 0.0);
    QCOMPARE(on_s[3], 0.0);
    QVERIFY2(std::abs(0.5 + on_s[2] - 1.5) <= 0.0015, qPrintable(QString::number(on_s[2])));
    QCOMPARE(b.fc.state.out.duty[2], 0.0f);
    QVERIFY(b.said("Motor test: motor 3 at 15 % for 1.5 s"));
    QVERIFY(b.said("Motor test done"));
  }

  // Throttle 0 stops a test at once; arming ends one.
  void stoppedOrEndedByArming() {
    Bench b;
    b.run(0.1);
    b.command(1, 0, 20, 5);
    b.run(0.2);
    QCOMPARE(b.fc.state.out.duty[0], 0.2f);
    b.command(1, 0, 0, 5);
    b.run(0.01);
    QCOMPARE(b.fc.state.out.duty[0], 0.0f);
    QCOMPARE(b.acks, (std::vector<int>{kAccepted, kAccepted}));
    b.command(2, 0, 20, 5);
    b.run(0.1);
    QCOMPARE(b.fc.state.motor_test.motor, 1);
    QCOMPARE(fc_arm(&b.fc, true, true), FC_ARM_OK);
    QCOMPARE(b.fc.state.motor_test.motor, -1);
  }

  // Each refusal: DENIED (or UNSUPPORTED for another throttle type) with the reason, nothing spins.
  void refusals() {
    Bench b;
    b.run(0.1);
    b.command(5, 0, 10, 1);  // a quad has motors 1-4
    b.command(1, 0, 101, 1);
    b.command(1, 0, NAN, 1);
    b.command(1, 0, 10, 0.05f);
    b.command(1, 0, 10, 11);
    b.command(1, 0, 10, 1, 4);     // four motors in turn
    b.command(1, 0, 10, 1, 1, 1);  // MOTOR_TEST_ORDER_SEQUENCE
    b.command(1, 1, 1500, 1);      // MOTOR_TEST_THROTTLE_PWM
    QCOMPARE(b.acks, (std::vector<int>{kDenied, kDenied, kDenied, kDenied, kDenied, kDenied, kDenied, kUnsupported}));
    QCOMPARE(b.run(0.5), (std::array<double, 4>{}));
    b.run(0.01);
    QVERIFY(b.said("Motor test refused: no such motor"));
    QVERIFY(b.said("Motor test refused: throttle outside 0-100 %"));
    QVERIFY(b.said("Motor test refused: time outside 0.1-10 s"));
    QVERIFY(b.said("Motor test refused: one motor at a time"));
    QVERIFY(b.said("Motor test refused: only the board's order"));
    QCOMPARE(fc_arm(&b.fc, true, true), FC_ARM_OK);
    b.command(1, 0, 10, 1);
    QCOMPARE(b.acks.back(), kDenied);
    b.run(0.01);
    QVERIFY(b.said("Motor test refused: vehicle armed"));
  }
};

QTEST_APPLESS_MAIN(MotorTestLinkTest)
#include "motor_test_link_test.moc"
