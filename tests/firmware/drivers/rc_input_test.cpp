// The receiver channels to the pilot's sticks (firmware/drivers/rc_input.h): each expected value
// worked out from the normalisation formulas the header gives (PX4's and ArduPilot's RCx_MIN,
// TRIM, MAX, REV, DZ meaning), and a CRSF receiver model end to end.
#include "firmware/chips/crsf_model.h"
#include "firmware/drivers/rc_input.h"

#include <QtTest>

#include <cmath>

namespace {

rc_channel_cal_t cal(uint16_t min, uint16_t trim, uint16_t max, bool reversed, uint16_t dz) {
  return rc_channel_cal_t{min, trim, max, reversed, dz};
}

bool near(float a, float b) { return std::fabs(a - b) < 1e-6f; }

}  // namespace

class RcInputTest : public QObject {
  Q_OBJECT
 private slots:
  void sticksNormaliseWithDeadbandAndReversal() {
    const rc_channel_cal_t c = cal(1000, 1500, 2000, false, 10);
    QCOMPARE(rc_channel_stick(&c, 2000), 1.0f);
    QCOMPARE(rc_channel_stick(&c, 1000), -1.0f);
    QCOMPARE(rc_channel_stick(&c, 1505), 0.0f);  // inside 1490..1510
    QCOMPARE(rc_channel_stick(&c, 1490), 0.0f);
    QVERIFY(near(rc_channel_stick(&c, 1760), 250.0f / 490.0f));   // (1760 - 1510) / (2000 - 1510)
    QVERIFY(near(rc_channel_stick(&c, 1250), -240.0f / 490.0f));  // (1250 - 1490) / (1490 - 1000)
    QCOMPARE(rc_channel_stick(&c, 2012), 1.0f);                   // beyond MAX: clipped
    QCOMPARE(rc_channel_stick(&c, 988), -1.0f);
    const rc_channel_cal_t r = cal(1000, 1500, 2000, true, 10);
    QCOMPARE(rc_channel_stick(&r, 2000), -1.0f);
    QVERIFY(near(rc_channel_stick(&r, 1250), 240.0f / 490.0f));
    // An off-centre trim scales each half on its own: 1650 is half of 1400..1900, 1250 half of
    // 1100..1400.
    const rc_channel_cal_t a = cal(1100, 1400, 1900, false, 0);
    QVERIFY(near(rc_channel_stick(&a, 1650), 0.5f));
    QVERIFY(near(rc_channel_stick(&a, 1250), -0.5f));
  }

  void throttleIsZeroToOne() {
    const rc_channel_cal_t t = cal(1000, 1500, 2000, false, 10);
    QCOMPARE(rc_channel_throttle(&t, 988), 0.0f);
    QCOMPARE(rc_channel_throttle(&t, 1010), 0.0f);       // the deadband at the bottom
    QVERIFY(near(rc_channel_throttle(&t, 1505), 0.5f));  // (1505 - 1010) / (2000 - 1010)
    QCOMPARE(rc_channel_throttle(&t, 2000), 1.0f);
    QCOMPARE(rc_channel_throttle(&t, 2012), 1.0f);
    const rc_channel_cal_t r = cal(1000, 1500, 2000, true, 0);
    QCOMPARE(rc_channel_throttle(&r, 1000), 1.0f);
    QCOMPARE(rc_channel_throttle(&r, 2000), 0.0f);
  }

  void channelsMapToSticksByParameters() {
    rc_map_config_t config = rc_map_config_default();
    QVERIFY(rc_map_config_check(&config, nullptr, 0));
    config.channel[1].reversed = true;  // RC2_REV: a transmitter whose pitch stick pushes shorter pulses
    rc_input_t in{};
    in.channel_count = 16;
    in.channels_us[0] = 2000;  // roll full right
    in.channels_us[1] = 1000;  // pitch: short pulse, reversed -> forward
    in.channels_us[2] = 1505;  // throttle
    in.channels_us[3] = 1503;  // yaw inside the deadband
    rc_sticks_t s{};
    QVERIFY(rc_map_sticks(&config, &in, &s));
    QCOMPARE(s.roll, 1.0f);
    QCOMPARE(s.pitch, 1.0f);
    QCOMPARE(s.yaw, 0.0f);
    QVERIFY(near(s.throttle, 0.5f));
    // Failsafe: refused, the sticks untouched.
    in.failsafe = true;
    rc_sticks_t kept{0.25f, 0.25f, 0.25f, 0.25f};
    QVERIFY(!rc_map_sticks(&config, &in, &kept));
    QCOMPARE(kept.roll, 0.25f);
    // A channel the receiver does not have.
    in.failsafe = false;
    config.map_yaw = 17;
    QVERIFY(!rc_map_sticks(&config, &in, &kept));
  }

  void badParametersAreNamed() {
    char problem[RC_MESSAGE_CAPACITY];
    rc_map_config_t c = rc_map_config_default();
    c.map_throttle = 4;
    QVERIFY(!rc_map_config_check(&c, problem, sizeof problem));
    QCOMPARE(QString(problem), QString("RC_MAP_THROTTLE 4 is the channel of RC_MAP_YAW"));
    c = rc_map_config_default();
    c.map_roll = 0;
    QVERIFY(!rc_map_config_check(&c, problem, sizeof problem));
    QCOMPARE(QString(problem), QString("RC_MAP_ROLL 0 is not a channel (1..18)"));
    c = rc_map_config_default();
    c.channel[1].min_us = 1600;
    QVERIFY(!rc_map_config_check(&c, problem, sizeof problem));
    QCOMPARE(QString(problem), QString("RC2_MIN 1600 is not below RC2_TRIM 1500"));
    c = rc_map_config_default();
    c.channel[0].deadband_us = 100;
    QVERIFY(!rc_map_config_check(&c, problem, sizeof problem));
    QVERIFY(QString(problem).startsWith("RC1_DZ 100 is not below 100 us"));
    // The throttle's trim at its low end, as a radio calibration writes it (PX4's and
    // ArduPilot's RC3_TRIM = RC3_MIN): taken; the same on a stick's channel is not.
    c = rc_map_config_default();
    c.channel[2].min_us = c.channel[2].trim_us = 988;
    c.channel[2].max_us = 2012;
    QVERIFY2(rc_map_config_check(&c, problem, sizeof problem), problem);
    c.channel[2].trim_us = 2012;
    QVERIFY(!rc_map_config_check(&c, problem, sizeof problem));
    QCOMPARE(QString(problem), QString("RC3_TRIM 2012 is not within RC3_MIN 988 .. RC3_MAX 2012"));
    c = rc_map_config_default();
    c.channel[0].min_us = c.channel[0].trim_us = 988;
    QVERIFY(!rc_map_config_check(&c, problem, sizeof problem));
    QCOMPARE(QString(problem), QString("RC1_MIN 988 is not below RC1_TRIM 988"));
    c = rc_map_config_default();
    c.switch_low_below_us = 1800;
    QVERIFY(!rc_map_config_check(&c, problem, sizeof problem));
    QVERIFY(QString(problem).startsWith("switch thresholds 1800 / 1750 us"));
  }

  void threePositionSwitch() {
    rc_map_config_t c = rc_map_config_default();
    // A 3-position switch sends 988, 1500, 2012 us (CRSF 172, 992, 1811); thresholds halfway.
    QCOMPARE(rc_switch_position(&c, 5, 988), RC_SWITCH_LOW);
    QCOMPARE(rc_switch_position(&c, 5, 1500), RC_SWITCH_MID);
    QCOMPARE(rc_switch_position(&c, 5, 2012), RC_SWITCH_HIGH);
    QCOMPARE(rc_switch_position(&c, 5, 1249), RC_SWITCH_LOW);
    QCOMPARE(rc_switch_position(&c, 5, 1250), RC_SWITCH_MID);
    QCOMPARE(rc_switch_position(&c, 5, 1750), RC_SWITCH_MID);
    QCOMPARE(rc_switch_position(&c, 5, 1751), RC_SWITCH_HIGH);
    c.channel[4].reversed = true;
    QCOMPARE(rc_switch_position(&c, 5, 988), RC_SWITCH_HIGH);
    QCOMPARE(rc_switch_position(&c, 5, 1500), RC_SWITCH_MID);
  }

  void receiverModelSticksComeBack() {
    // The model puts the sticks on the 172..1811 scale (992 + 819 x, rounded): roll 0.5 -> 1402
    // -> 1500 + 410 * 5/8 = 1756.25 -> 1756 us -> (1756 - 1510) / 490 with the 10 us deadband;
    // pitch -1 -> 173 -> 988 us (clipped to -1); throttle 1 -> 1811 -> 2012 us (clipped to 1).
    crsf_model_t m;
    crsf_model_init(&m);
    crsf_model_set_sticks(&m, 0.5f, -1.0f, 0.0f, 1.0f);
    rc_input_t in{};
    in.channel_count = 16;
    for (int i = 0; i < 4; ++i) in.channels_us[i] = rc_value_to_us(m.channels[i]);
    rc_sticks_t s{};
    const rc_map_config_t c = rc_map_config_default();
    QVERIFY(rc_map_sticks(&c, &in, &s));
    QVERIFY(near(s.roll, 246.0f / 490.0f));
    QCOMPARE(s.pitch, -1.0f);
    QCOMPARE(s.yaw, 0.0f);
    QCOMPARE(s.throttle, 1.0f);
  }
};

QTEST_APPLESS_MAIN(RcInputTest)
#include "rc_input_test.moc"
