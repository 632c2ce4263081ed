// The pilot's sticks as a transmitter's channels (transmitter_channels.h), and those channels
// through what the simulated receiver and the firmware do with them: CRSF's 11-bit values
// (rc_us_to_value / rc_value_to_us, the conversion ExpressLRS and Betaflight use) and the
// firmware's stick mapping (rc_map_sticks) with the end points this transmitter has.
#include "app/joystick/transmitter_channels.h"
#include "firmware/drivers/rc_input.h"

#include <QtTest>

using namespace navigator::joystick;

class TransmitterChannelsTest : public QObject {
  Q_OBJECT

 private slots:
  void sticksToPulses_data() {
    QTest::addColumn<int>("x");  // pitch
    QTest::addColumn<int>("y");  // roll
    QTest::addColumn<int>("z");  // throttle 0..1000
    QTest::addColumn<int>("r");  // yaw
    QTest::addColumn<int>("buttons");
    QTest::addColumn<QList<int>>("us");
    // Roll, pitch, yaw: 1500 + 512·stick; throttle 988 + 1024·throttle; switches 988 / 2012.
    QTest::newRow("centred, throttle down")
        << 0 << 0 << 0 << 0 << 0 << QList<int>{1500, 1500, 988, 1500, 988, 988, 988, 988};
    QTest::newRow("full travel") << 1000 << -1000 << 1000 << 1000 << 0b1010
                                 << QList<int>{988, 2012, 2012, 2012, 988, 2012, 988, 2012};
    // Roll −333·0.512 = −170.496 → 1330; pitch 250·0.512 = 128 → 1628; throttle 500·1.024 = 512
    // → 1500; yaw −250·0.512 = −128 → 1372.
    QTest::newRow("part way") << 250 << -333 << 500 << -250 << 0b0001
                              << QList<int>{1330, 1628, 1500, 1372, 2012, 988, 988, 988};
    QTest::newRow("beyond the range, clamped")
        << -32000 << 32000 << -5 << 1001 << 0 << QList<int>{2012, 988, 988, 2012, 988, 988, 988, 988};
  }
  void sticksToPulses() {
    QFETCH(int, x);
    QFETCH(int, y);
    QFETCH(int, z);
    QFETCH(int, r);
    QFETCH(int, buttons);
    QFETCH(QList<int>, us);
    const auto got = transmitterChannels(
        {std::int16_t(x), std::int16_t(y), std::int16_t(z), std::int16_t(r), std::uint16_t(buttons)});
    for (int i = 0; i < kTransmitterChannels; ++i) QCOMPARE(got[std::size_t(i)], us[i]);
  }

  // The end points are CRSF's full travel: its values 172, 992 and 1811 (what ExpressLRS and
  // Crossfire send at the stick's ends and centre) read 988, 1500 and 2012 µs, and CRSF carries
  // each of these pulses back to itself.
  void endPointsAreCrsfsOwn() {
    QCOMPARE(int(rc_value_to_us(172)), kTransmitterLowUs);
    QCOMPARE(int(rc_value_to_us(992)), kTransmitterCentreUs);
    QCOMPARE(int(rc_value_to_us(1811)), kTransmitterHighUs);
    for (int us : {kTransmitterLowUs, kTransmitterCentreUs, kTransmitterHighUs})
      QCOMPARE(int(rc_value_to_us(rc_us_to_value(std::uint16_t(us)))), us);
  }

  // The firmware, its end points calibrated to this transmitter's (what the Radio setup writes),
  // flies the sticks the pilot holds, as its deadband shapes them (rc_channel_stick: 10 µs
  // around the centre, the rest of the 512 µs travel scaled to ±1; the throttle from 10 µs above
  // its low end): within CRSF's step and the rounding to whole µs (1.2 µs of the 502 µs left).
  void firmwareReadsTheSticksBack() {
    rc_map_config_t config = rc_map_config_default();
    for (auto& c : config.channel)
      c.min_us = kTransmitterLowUs, c.trim_us = kTransmitterCentreUs, c.max_us = kTransmitterHighUs;
    config.channel[2].trim_us = kTransmitterLowUs;
    const struct {
      int x, y, z, r;
    } cases[] = {{0, 0, 0, 0}, {600, -400, 700, 900}, {-1000, 1000, 1000, -1000}, {150, -800, 250, 15}};
    const double dz = 10.0, tolerance = 1.2 / 502.0;
    const auto stick = [&](int value) {  // the firmware's stick for a MANUAL_CONTROL value
      const double travel_us = 512.0 * std::abs(value) / 1000.0;
      return std::copysign(std::max(0.0, travel_us - dz) / (512.0 - dz), value);
    };
    for (const auto& c : cases) {
      const auto us =
          transmitterChannels({std::int16_t(c.x), std::int16_t(c.y), std::int16_t(c.z), std::int16_t(c.r), 0});
      rc_input_t in{};
      in.channel_count = 16;
      for (int i = 0; i < kTransmitterChannels; ++i)
        in.channels_us[i] = rc_value_to_us(rc_us_to_value(std::uint16_t(us[std::size_t(i)])));
      rc_sticks_t s{};
      QVERIFY(rc_map_sticks(&config, &in, &s));
      const auto check = [&](const char* name, double got, double want) {
        QVERIFY2(std::abs(got - want) <= tolerance,
                 qPrintable(QStringLiteral("%1 %2, not %3").arg(name).arg(got).arg(want)));
      };
      check("roll", s.roll, stick(c.y));
      check("pitch", s.pitch, stick(c.x));
      check("yaw", s.yaw, stick(c.r));
      check("throttle", s.throttle, std::max(0.0, (1024.0 * c.z / 1000.0 - dz) / (1024.0 - dz)));
    }
  }
};

QTEST_APPLESS_MAIN(TransmitterChannelsTest)
#include "transmitter_channels_test.moc"
