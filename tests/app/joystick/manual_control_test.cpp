// Pilot sticks → MANUAL_CONTROL values and frames, checked against the codec's decoder and the
// firmware's fc_link (which divides each axis by 1000 into fc_sticks_t).
#include "app/joystick/manual_control.h"
#include "firmware/link/fc_link.h"

#include <QtTest>

using namespace navigator::joystick;

class ManualControlTest : public QObject {
  Q_OBJECT

 private slots:
  void scalesRoundsAndClamps_data() {
    QTest::addColumn<double>("roll");
    QTest::addColumn<double>("pitch");
    QTest::addColumn<double>("yaw");
    QTest::addColumn<double>("throttle");
    QTest::addColumn<int>("x");
    QTest::addColumn<int>("y");
    QTest::addColumn<int>("z");
    QTest::addColumn<int>("r");
    // x = pitch·1000, y = roll·1000, z = throttle·1000, r = yaw·1000, rounded to nearest.
    QTest::newRow("neutral") << 0.0 << 0.0 << 0.0 << 0.0 << 0 << 0 << 0 << 0;
    QTest::newRow("full") << 1.0 << 1.0 << 1.0 << 1.0 << 1000 << 1000 << 1000 << 1000;
    QTest::newRow("negative") << -1.0 << -0.25 << -0.5 << 0.5 << -250 << -1000 << 500 << -500;
    QTest::newRow("rounding") << 0.3124 << 0.3126 << -0.0004 << 0.0006 << 313 << 312 << 1 << 0;
    QTest::newRow("clamped") << 3.0 << -2.0 << 9.0 << -0.5 << -1000 << 1000 << 0 << 1000;
    QTest::newRow("NaN is neutral") << std::nan("") << HUGE_VAL << 0.5 << std::nan("") << 0 << 0 << 0 << 500;
  }

  void scalesRoundsAndClamps() {
    QFETCH(double, roll);
    QFETCH(double, pitch);
    QFETCH(double, yaw);
    QFETCH(double, throttle);
    QFETCH(int, x);
    QFETCH(int, y);
    QFETCH(int, z);
    QFETCH(int, r);
    const ManualControlValues v = manualControlFromSticks({roll, pitch, yaw, throttle});
    QCOMPARE(int(v.x), x);
    QCOMPARE(int(v.y), y);
    QCOMPARE(int(v.z), z);
    QCOMPARE(int(v.r), r);
  }

  void buttonBitsFollowIndex() { QCOMPARE(buttonBits({true, false, true}), std::uint16_t(0b101)); }

  void frameReachesTheFirmware() {
    // One frame: roll 0.25 right, pitch 0.5 forward, yaw 0.75 clockwise, throttle 0.6.
    mavlink_sender_t gcs{255, 190, 0};
    std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = packManualControl(gcs, 1, manualControlFromSticks({0.25, 0.5, 0.75, 0.6}), frame);
    QVERIFY(n > 0);
    fc_mixer_table_t mixer;
    fc_mixer_quad_x(&mixer);
    fc_t fc;
    fc_init(&fc, &mixer);
    fc_link_t link;
    fc_link_init(&link, &fc, nullptr, nullptr);
    mavlink_parser_t parser;
    mavlink_parser_init(&parser);
    struct Ctx {
      fc_link_t* link;
      fc_t* fc;
    } ctx{&link, &fc};
    mavlink_parse_all(
        &parser, frame, n,
        [](void* c, const mavlink_frame_t* f) {
          auto* x = static_cast<Ctx*>(c);
          fc_link_handle(x->link, x->fc, f);
        },
        &ctx);
    QCOMPARE(link.manual_controls_in, 1u);
    QCOMPARE(fc.state.sticks.roll, 0.25f);
    QCOMPARE(fc.state.sticks.pitch, 0.5f);
    QCOMPARE(fc.state.sticks.yaw, 0.75f);
    QCOMPARE(fc.state.sticks.throttle, 0.6f);
    // The firmware's mode numbers are the ones the joystick sends.
    QCOMPARE(firmwareMode(PilotAction::ModeAcro), int(VAYU_MODE_ACRO));
    QCOMPARE(firmwareMode(PilotAction::ModeAngle), int(VAYU_MODE_ANGLE));
    QCOMPARE(firmwareMode(PilotAction::ModeAltHold), int(VAYU_MODE_ALT_HOLD));
  }

  void anotherSystemIsIgnored() {
    mavlink_sender_t gcs{255, 190, 0};
    std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = packManualControl(gcs, 42, manualControlFromSticks({1, 1, 1, 1}), frame);
    mavlink_parser_t parser;
    mavlink_parser_init(&parser);
    mavlink_frame_t f;
    bool got = false;
    mavlink_parse(&parser, frame, n, &f, &got);
    QVERIFY(got);
    mavlink_manual_control_t m;
    QVERIFY(mavlink_manual_control_decode(&f, &m));
    QCOMPARE(int(m.target), 42);
    QCOMPARE(int(m.z), 1000);
  }
};

QTEST_GUILESS_MAIN(ManualControlTest)
#include "manual_control_test.moc"
