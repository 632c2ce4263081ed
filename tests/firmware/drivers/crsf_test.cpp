// The CRSF driver (firmware/drivers/crsf.h) against the crsf-wg protocol documents and the
// receiver model (firmware/chips/crsf_model.h) on a clock the test drives.
#include "firmware/chips/crsf_model.h"
#include "firmware/drivers/crsf.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <vector>

namespace {

// CRC-8/DVB-S2 written independently of the driver's: polynomial long division one message bit
// at a time (the message bit XORed into the register's top bit, then the shift), as the CRC
// catalogue defines the model (width 8, poly 0xD5, init 0, no reflection, xorout 0).
uint8_t referenceCrc(const std::vector<uint8_t>& data) {
  unsigned reg = 0;
  for (uint8_t byte : data) {
    for (int bit = 7; bit >= 0; --bit) {
      const unsigned in = (byte >> bit) & 1u;
      const unsigned top = ((reg >> 7) & 1u) ^ in;
      reg = (reg << 1) & 0xFFu;
      if (top) reg ^= 0xD5u;
    }
  }
  return (uint8_t)reg;
}

// The crsf-wg wiki's example (CRSF_FRAMETYPE_RC_CHANNELS_PACKED page): all 16 channels at 992
// (1500 us), sync C8, len 0x18, type 0x16, 22 bytes, CRC 0xAD.
const std::vector<uint8_t> kAll992 = {0xc8, 0x18, 0x16, 0xe0, 0x03, 0x1f, 0xf8, 0xc0, 0x07, 0x3e, 0xf0, 0x81, 0x0f,
                                      0x7c, 0xe0, 0x03, 0x1f, 0xf8, 0xc0, 0x07, 0x3e, 0xf0, 0x81, 0x0f, 0x7c, 0xad};

struct Clock {
  uint64_t now_us = 1000000;
};
uint64_t clockNow(void* c) { return static_cast<Clock*>(c)->now_us; }
void clockDelay(void* c, uint32_t us) { static_cast<Clock*>(c)->now_us += us; }

struct Rig {
  Clock clock;
  crsf_model_t model;
  crsf_t crsf;
  rc_input_t input{};
  uint32_t news = 0;
  Rig() {
    crsf_model_init(&model);
    const crsf_config_t config = crsf_config_default();
    bus_clock_t c{clockNow, clockDelay, &clock};
    crsf_start(&crsf, crsf_model_uart(&model), c, &config);
  }
  // Advances the model and polls the driver every 1 ms for `ms` milliseconds.
  void run(int ms) {
    for (int i = 0; i < ms; ++i) {
      clock.now_us += 1000;
      crsf_model_advance(&model, clock.now_us);
      if (crsf_poll(&crsf, &input) == CRSF_POLL_NEW) ++news;
    }
  }
};

// A UART that keeps what the driver writes, taking at most `room` bytes a call.
struct Capture {
  std::vector<uint8_t> written;
  size_t room = 1000;
};
size_t captureRead(void*, uint8_t*, size_t) { return 0; }
size_t captureWrite(void* c, const uint8_t* data, size_t length) {
  auto* cap = static_cast<Capture*>(c);
  const size_t n = length < cap->room ? length : cap->room;
  cap->written.insert(cap->written.end(), data, data + n);
  return n;
}

std::vector<crsf_frame_t> parse(crsf_parser_t* p, const std::vector<uint8_t>& bytes) {
  std::vector<crsf_frame_t> frames;
  crsf_frame_t f;
  for (uint8_t b : bytes) {
    crsf_parser_push(p, b);
    while (crsf_parser_next(p, &f)) frames.push_back(f);
  }
  return frames;
}

}  // namespace

class CrsfTest : public QObject {
  Q_OBJECT
 private slots:
  void crcMatchesTheCatalogueAndTheSpecificationsFrame() {
    // The CRC catalogue's check value of CRC-8/DVB-S2 over "123456789" is 0xBC.
    const std::vector<uint8_t> check = {'1', '2', '3', '4', '5', '6', '7', '8', '9'};
    QCOMPARE(crsf_crc8(check.data(), check.size()), uint8_t{0xBC});
    QCOMPARE(referenceCrc(check), uint8_t{0xBC});
    // Over type + payload of the wiki's frame: its last byte, 0xAD.
    const std::vector<uint8_t> body(kAll992.begin() + 2, kAll992.end() - 1);
    QCOMPARE(crsf_crc8(body.data(), body.size()), uint8_t{0xAD});
    QCOMPARE(referenceCrc(body), uint8_t{0xAD});
  }

  void packingRoundTripsAndMatchesTheWikiFrame() {
    uint16_t values[16];
    for (int i = 0; i < 16; ++i) values[i] = 992;
    uint8_t payload[22];
    rc_pack_11bit(values, payload);
    QVERIFY(std::memcmp(payload, kAll992.data() + 3, 22) == 0);
    // Every bit position: distinct values including 0, 2047 and alternating bit patterns.
    const uint16_t mixed[16] = {0, 2047, 1, 1024, 0x555, 0x2AA, 172, 992, 1811, 7, 2040, 300, 1500, 1999, 64, 1234};
    rc_pack_11bit(mixed, payload);
    uint16_t back[16];
    rc_unpack_11bit(payload, back);
    for (int i = 0; i < 16; ++i) QCOMPARE(back[i], mixed[i]);
    // Channel 0 is the low 11 bits LSB first: ch0 = 0 fills bits 0..10, 2047 in ch1 sets bits
    // 11..21 (byte 1 bits 3..7, byte 2 bits 0..5), and ch2 = 1 sets bit 22 (byte 2 bit 6).
    QCOMPARE(payload[0], uint8_t{0x00});
    QCOMPARE(payload[1], uint8_t{0xF8});
    QCOMPARE(payload[2], uint8_t{0x7F});
  }

  void valuesMapToMicrosecondsAsTheWikiSays() {
    // "CRSF 172 represents 988us, CRSF 992 represents 1500us, and CRSF 1811 represents 2012us".
    QCOMPARE(rc_value_to_us(172), uint16_t{988});
    QCOMPARE(rc_value_to_us(992), uint16_t{1500});
    QCOMPARE(rc_value_to_us(1811), uint16_t{2012});
    // 1500 + (191 - 992) * 5/8 = 999.4 -> 999; (1792 - 992) * 5/8 = 500 exactly -> 2000.
    QCOMPARE(rc_value_to_us(191), uint16_t{999});
    QCOMPARE(rc_value_to_us(1792), uint16_t{2000});
    QCOMPARE(rc_us_to_value(1500), uint16_t{992});
    QCOMPARE(rc_us_to_value(2000), uint16_t{1792});
  }

  void linkStatisticsDecode() {
    // Payload written by hand in the wiki's field order: -62 dBm, -70 dBm, LQ 87 %, SNR -3 dB,
    // antenna 1, RF mode 5, power index 7 (250 mW), downlink -81 dBm, 64 %, SNR 4 dB.
    const uint8_t payload[10] = {62, 70, 87, 0xFD, 1, 5, 7, 81, 64, 4};
    uint8_t frame[14];
    QCOMPARE(crsf_build_frame(CRSF_TYPE_LINK_STATISTICS, payload, 10, frame), size_t{14});
    QCOMPARE(frame[1], uint8_t{12});  // len = type + 10 + crc
    crsf_parser_t p;
    crsf_parser_init(&p);
    const auto frames = parse(&p, std::vector<uint8_t>(frame, frame + 14));
    QCOMPARE(frames.size(), size_t{1});
    crsf_link_stats_t s;
    QVERIFY(crsf_decode_link_stats(&frames[0], &s));
    QCOMPARE(s.uplink_rssi_ant1_neg_dbm, uint8_t{62});
    QCOMPARE(s.uplink_rssi_ant2_neg_dbm, uint8_t{70});
    QCOMPARE(s.uplink_lq_pct, uint8_t{87});
    QCOMPARE(s.uplink_snr_db, int8_t{-3});
    QCOMPARE(s.active_antenna, uint8_t{1});
    QCOMPARE(s.rf_mode, uint8_t{5});
    QCOMPARE(crsf_tx_power_mw(s.uplink_tx_power_index), uint16_t{250});
    QCOMPARE(s.downlink_rssi_neg_dbm, uint8_t{81});
    QCOMPARE(s.downlink_lq_pct, uint8_t{64});
    QCOMPARE(s.downlink_snr_db, int8_t{4});
    QVERIFY(!crsf_decode_channels(&frames[0], nullptr));  // wrong type: refused before use
  }

  void garbageBadCrcAndCutFramesAreSkippedWithoutLosingTheNextFrame() {
    crsf_parser_t p;
    crsf_parser_init(&p);
    std::vector<uint8_t> bytes = {0x00, 0x55, 0xC8, 0x00, 0x17};  // noise, a sync with len 0
    std::vector<uint8_t> bad = kAll992;
    bad.back() ^= 0x01;  // wrong CRC
    bytes.insert(bytes.end(), bad.begin(), bad.end());
    bytes.insert(bytes.end(), kAll992.begin(), kAll992.begin() + 13);  // cut half way...
    bytes.insert(bytes.end(), kAll992.begin(), kAll992.end());         // ...and the next straight after
    const auto frames = parse(&p, bytes);
    QCOMPARE(frames.size(), size_t{1});
    uint16_t v[16];
    QVERIFY(crsf_decode_channels(&frames[0], v));
    QCOMPARE(v[15], uint16_t{992});
    // The cut one spans into the next frame: its CRC fails; with the flipped one, 2 bad CRCs.
    QCOMPARE(p.bad_crc, uint32_t{2});
    QCOMPARE(p.frames, uint32_t{1});
    QVERIFY(p.garbage_bytes >= 4);
    QVERIFY(!crsf_parser_partial(&p));
  }

  void channelsFromTheModelArriveInMicroseconds() {
    Rig rig;
    crsf_model_set_sticks(&rig.model, 1.0f, -1.0f, 0.0f, 0.0f);
    crsf_model_set_channel_us(&rig.model, 4, 2012);
    rig.run(100);
    // 250 Hz for 100 ms: frames at 1, 5, ..., 97 ms after the first advance (25) — each one NEW.
    QCOMPARE(rig.news, uint32_t{25});
    QCOMPARE(rig.input.channels_us[0], uint16_t{2012});  // 992 + 819 = 1811
    QCOMPARE(rig.input.channels_us[1], uint16_t{988});   // 992 - 819 = 173 -> 988.1 -> 988
    QCOMPARE(rig.input.channels_us[2], uint16_t{988});   // throttle 0: 173
    QCOMPARE(rig.input.channels_us[3], uint16_t{1500});
    QCOMPARE(rig.input.channels_us[4], uint16_t{2012});
    QVERIFY(!rig.input.failsafe);
    QCOMPARE(rig.input.link_quality_pct, int16_t{100});
    QCOMPARE(rig.input.rssi_dbm, int16_t{-45});  // the better of -45 and -47
    QCOMPARE(crsf_health(&rig.crsf), CRSF_HEALTH_OK);
    QVERIFY(crsf_link_stats(&rig.crsf) != nullptr);
  }

  void failsafeAfterTheTimeoutAndRecovery() {
    Rig rig;
    QVERIFY(rig.crsf.input.failsafe);  // before the first frame
    rig.run(10);
    QVERIFY(!rig.input.failsafe);
    rig.model.silent = true;
    const uint64_t last = rig.input.frame_time_us;
    // Poll up to exactly the timeout after the last frame: still flying on it (<= 250 ms).
    while (rig.clock.now_us < last + CRSF_RC_TIMEOUT_US) rig.run(1);
    QCOMPARE(rig.clock.now_us, last + CRSF_RC_TIMEOUT_US);
    QVERIFY(!rig.input.failsafe);
    rig.run(1);  // 251 ms: failsafe
    QVERIFY(rig.input.failsafe);
    QCOMPARE(rig.input.failsafe_reason, RC_FAILSAFE_NO_FRAMES);
    QCOMPARE(crsf_health(&rig.crsf), CRSF_HEALTH_FAILSAFE);
    QCOMPARE(QString(crsf_message(&rig.crsf)), QString("CRSF: failsafe (no RC frame for 0.25 s)"));
    rig.run(2000);  // a receiver heard before stays in failsafe, not "no receiver"
    QCOMPARE(crsf_health(&rig.crsf), CRSF_HEALTH_FAILSAFE);
    rig.model.silent = false;
    rig.run(4);  // the next frame within one 4 ms period
    QVERIFY(!rig.input.failsafe);
    QCOMPARE(crsf_health(&rig.crsf), CRSF_HEALTH_OK);
  }

  void linkQualityZeroIsFailsafe() {
    Rig rig;
    rig.run(200);
    rig.model.lq_zero = true;
    rig.run(100);  // the next link statistics (every 100 ms) says 0 %
    QVERIFY(rig.input.failsafe);
    QCOMPARE(rig.input.failsafe_reason, RC_FAILSAFE_LINK_QUALITY);
    QCOMPARE(QString(crsf_message(&rig.crsf)), QString("CRSF: failsafe (uplink LQ 0 %)"));
    rig.model.lq_zero = false;
    rig.run(100);
    QVERIFY(!rig.input.failsafe);
  }

  void badCrcAndCutFramesFromTheModelAreCounted() {
    Rig rig;
    // RC frames only, one per 4 ms: each cut one is followed by a pause of the line (a statistics
    // frame sent straight after a cut one would make it a bad CRC instead, as the parser test shows).
    rig.model.stats_interval_us = 0;
    rig.model.bad_crc_every = 5;
    rig.model.cut_every = 7;
    rig.run(1000);
    // In 1 s: 250 frames; every 5th bad (50), every 7th cut (35), every 35th both (7: cut, so its
    // CRC is never read): 43 bad CRCs, 35 cut, 250 - 43 - 35 = 172 good.
    QCOMPARE(rig.model.frames_sent, uint32_t{250});
    QCOMPARE(rig.crsf.parser.bad_crc, uint32_t{43});
    QCOMPARE(rig.crsf.parser.cut_frames, uint32_t{35});
    QCOMPARE(rig.crsf.parser.frames, uint32_t{172});
    QCOMPARE(rig.input.frames, uint32_t{172});
    QVERIFY(!rig.input.failsafe);
    QCOMPARE(crsf_health(&rig.crsf), CRSF_HEALTH_BAD_FRAMES);
    QVERIFY(QString(crsf_message(&rig.crsf)).startsWith("CRSF: 43 bad CRCs, 35 cut frames (the last"));
    rig.model.bad_crc_every = 0;
    rig.model.cut_every = 0;
    rig.run(1100);  // the hold time passes
    QCOMPARE(crsf_health(&rig.crsf), CRSF_HEALTH_OK);
  }

  void wrongBaudAndNoReceiverAreTold() {
    Rig wrong;
    const crsf_config_t config = {115200, CRSF_RC_TIMEOUT_US};
    bus_clock_t c{clockNow, clockDelay, &wrong.clock};
    QVERIFY(crsf_start(&wrong.crsf, crsf_model_uart(&wrong.model), c, &config));
    QCOMPARE(wrong.model.line_baud, uint32_t{115200});
    wrong.run(1100);
    QCOMPARE(wrong.crsf.parser.frames, uint32_t{0});
    QVERIFY(wrong.input.failsafe);
    QCOMPARE(crsf_health(&wrong.crsf), CRSF_HEALTH_WRONG_BAUD);
    QVERIFY(QString(crsf_message(&wrong.crsf)).contains("bytes but no valid frame for 1.1"));

    Rig none;
    none.model.silent = true;
    none.run(999);
    QCOMPARE(crsf_health(&none.crsf), CRSF_HEALTH_FAILSAFE);  // under 1 s: just no frame yet
    none.run(1);
    QCOMPARE(crsf_health(&none.crsf), CRSF_HEALTH_NO_RECEIVER);
    QCOMPARE(QString(crsf_message(&none.crsf)), QString("CRSF: no receiver (nothing received for 1.00 s)"));
  }

  void batteryTelemetryIsWrittenAsTheFrameSays() {
    Capture cap;
    Clock clock;
    crsf_t crsf;
    const crsf_config_t config = crsf_config_default();
    QVERIFY(crsf_start(&crsf, bus_uart_t{captureRead, captureWrite, nullptr, &cap},
                       bus_clock_t{clockNow, clockDelay, &clock}, &config));
    const crsf_battery_t b{16.8f, 12.34f, 1234, 56};
    QVERIFY(crsf_send_battery(&crsf, &b));
    // By hand: 16.8 V -> 168 = 0x00A8 (0.1 V steps); 12.34 A -> 123.4 -> 123 = 0x007B (0.1 A);
    // 1234 mAh = 0x0004D2 (24 bits); 56 %; len = type + 8 + crc = 10.
    const std::vector<uint8_t> body = {0x08, 0x00, 0xA8, 0x00, 0x7B, 0x00, 0x04, 0xD2, 0x38};
    std::vector<uint8_t> expected = {0xC8, 0x0A};
    expected.insert(expected.end(), body.begin(), body.end());
    expected.push_back(referenceCrc(body));
    QCOMPARE(cap.written, expected);
    // Out of range: a NaN voltage and a negative current send 0; 7000 V clips to 0xFFFF; 150 % to 100.
    const crsf_battery_t odd{7000.0f, -3.0f, 0x1FFFFFF, 150};
    uint8_t payload[8];
    crsf_encode_battery(&odd, payload);
    QCOMPARE(payload[0], uint8_t{0xFF});
    QCOMPARE(payload[1], uint8_t{0xFF});
    QCOMPARE(payload[3], uint8_t{0x00});
    QCOMPARE(payload[4], uint8_t{0xFF});
    QCOMPARE(payload[7], uint8_t{100});
    const crsf_battery_t nan{std::nanf(""), 1.0f, 0, 0};
    crsf_encode_battery(&nan, payload);
    QCOMPARE(payload[0], uint8_t{0});
    QCOMPARE(payload[1], uint8_t{0});
    // A UART with no room: refused and counted.
    cap.room = 5;
    QVERIFY(!crsf_send_battery(&crsf, &b));
    QCOMPARE(crsf.write_shortfalls, uint32_t{1});
    QCOMPARE(crsf.telemetry_frames, uint32_t{1});
    // The receiver model reads it back (CRC checked) as it would before relaying it.
    Rig rig;
    QVERIFY(crsf_send_battery(&rig.crsf, &b));
    QVERIFY(rig.model.have_battery);
    QCOMPARE(rig.model.battery.consumed_mah, uint32_t{1234});
    QCOMPARE(rig.model.battery.remaining_pct, uint8_t{56});
    QVERIFY(std::fabs(rig.model.battery.voltage_v - 16.8f) < 1e-4f);
    QVERIFY(std::fabs(rig.model.battery.current_a - 12.3f) < 1e-4f);
  }

  void aBadConfigTouchesNoBus() {
    Rig rig;
    crsf_config_t config = crsf_config_default();
    config.rc_timeout_us = 10000;
    bus_clock_t c{clockNow, clockDelay, &rig.clock};
    rig.model.line_baud = 1;
    QVERIFY(!crsf_start(&rig.crsf, crsf_model_uart(&rig.model), c, &config));
    QCOMPARE(rig.model.line_baud, uint32_t{1});
    QCOMPARE(crsf_health(&rig.crsf), CRSF_HEALTH_BAD_CONFIG);
    QCOMPARE(QString(crsf_message(&rig.crsf)), QString("CRSF: rc timeout 10000 us is not within 20000..2000000 us"));
    QCOMPARE(crsf_poll(&rig.crsf, nullptr), CRSF_POLL_NONE);
  }
};

QTEST_APPLESS_MAIN(CrsfTest)
#include "crsf_test.moc"
