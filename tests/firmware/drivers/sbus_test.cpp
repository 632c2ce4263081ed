// The SBUS driver (firmware/drivers/sbus.h) against a frame captured from a receiver and
// published (the first frame of the byte dump on the CSDN page "Futaba SBUS协议解析",
// blog.csdn.net/mytt2013/article/details/52757035) and against the receiver model
// (firmware/chips/sbus_model.h) on a clock the test drives.
#include "firmware/chips/sbus_model.h"
#include "firmware/drivers/sbus.h"

#include <QtTest>

#include <vector>

namespace {

const std::vector<uint8_t> kCaptured = {0x0F, 0x00, 0x34, 0x1F, 0xA8, 0x09, 0x08, 0x6A, 0x50, 0x03, 0x10, 0x80, 0x00,
                                        0x04, 0x20, 0x00, 0x01, 0x08, 0x07, 0x38, 0x00, 0x10, 0x80, 0x00, 0x04};

struct Clock {
  uint64_t now_us = 5000000;
};
uint64_t clockNow(void* c) { return static_cast<Clock*>(c)->now_us; }
void clockDelay(void* c, uint32_t us) { static_cast<Clock*>(c)->now_us += us; }

struct Rig {
  Clock clock;
  sbus_model_t model;
  sbus_t sbus;
  rc_input_t input{};
  uint32_t news = 0;
  Rig() {
    sbus_model_init(&model);
    const sbus_config_t config = sbus_config_default();
    sbus_start(&sbus, sbus_model_uart(&model), bus_clock_t{clockNow, clockDelay, &clock}, &config);
  }
  void run(int ms) {
    for (int i = 0; i < ms; ++i) {
      clock.now_us += 1000;
      sbus_model_advance(&model, clock.now_us);
      if (sbus_poll(&sbus, &input) == SBUS_POLL_NEW) ++news;
    }
  }
};

}  // namespace

class SbusTest : public QObject {
  Q_OBJECT
 private slots:
  void aCapturedFrameDecodes() {
    sbus_parser_t p;
    sbus_parser_init(&p);
    sbus_frame_t f;
    int frames = 0;
    for (uint8_t b : kCaptured) {
      sbus_parser_push(&p, b);
      while (sbus_parser_next(&p, &f)) ++frames;
    }
    QCOMPARE(frames, 1);  // end byte 0x04: an SBUS2 slot marker, accepted
    // By hand, 11 bits LSB first from bytes 1..: ch1 = 0x00 | (0x34 & 7) << 8 = 1024;
    // ch2 = 0x34 >> 3 | (0x1F & 0x3F) << 5 = 6 + 992 = 998; ch3 = 0x1F >> 6 | 0xA8 << 2 |
    // (0x09 & 1) << 10 = 0 + 672 + 1024 = 1696; ch4 = 0x09 >> 1 | (0x08 & 0x0F) << 7 = 4 + 1024.
    QCOMPARE(f.values[0], uint16_t{1024});
    QCOMPARE(f.values[1], uint16_t{998});
    QCOMPARE(f.values[2], uint16_t{1696});
    QCOMPARE(f.values[3], uint16_t{1028});
    QCOMPARE(f.flags, uint8_t{0x00});
    QCOMPARE(p.bad_frames, uint32_t{0});
  }

  void flagsDecode() {
    Rig rig;
    rig.model.ch17 = true;
    rig.run(30);
    QVERIFY(!rig.input.failsafe);
    QCOMPARE(rig.input.channel_count, uint8_t{18});
    QCOMPARE(rig.input.channels_us[16], uint16_t{2012});  // digital on: 1811 on the value scale
    QCOMPARE(rig.input.channels_us[17], uint16_t{988});
    QCOMPARE(rig.input.channels_us[2], uint16_t{988});   // 172
    QCOMPARE(rig.input.channels_us[0], uint16_t{1500});  // 992
    QCOMPARE(rig.input.link_quality_pct, int16_t{-1});   // SBUS reports none
    // The receiver's failsafe flag: failsafe at once, with the receiver's failsafe values.
    rig.model.failsafe = true;
    rig.model.failsafe_values[0] = 1811;
    rig.run(14);
    QVERIFY(rig.input.failsafe);
    QCOMPARE(rig.input.failsafe_reason, RC_FAILSAFE_RECEIVER);
    QCOMPARE(rig.input.channels_us[0], uint16_t{2012});
    QCOMPARE(QString(sbus_message(&rig.sbus)), QString("SBUS: failsafe (the receiver lost the transmitter)"));
    rig.model.failsafe = false;
    rig.run(14);
    QVERIFY(!rig.input.failsafe);
    // Frame lost on every 4th frame: counted, channels used, no failsafe.
    rig.model.frame_lost_every = 4;
    const uint32_t before = rig.sbus.frames_lost;
    rig.run(14 * 40);  // 40 frames
    QCOMPARE(rig.sbus.frames_lost - before, uint32_t{10});
    QVERIFY(!rig.input.failsafe);
    QCOMPARE(sbus_health(&rig.sbus), SBUS_HEALTH_OK);
  }

  void failsafeAfterTheTimeoutAndRecovery() {
    Rig rig;
    rig.run(100);
    QCOMPARE(rig.news, uint32_t{8});  // frames at 1, 15, ..., 99 ms: 8 in 100 ms at 14 ms
    rig.model.silent = true;
    const uint64_t last = rig.input.frame_time_us;
    while (rig.clock.now_us < last + SBUS_RC_TIMEOUT_US) rig.run(1);
    QVERIFY(!rig.input.failsafe);  // exactly 250 ms: not yet
    rig.run(1);
    QVERIFY(rig.input.failsafe);
    QCOMPARE(rig.input.failsafe_reason, RC_FAILSAFE_NO_FRAMES);
    QCOMPARE(QString(sbus_message(&rig.sbus)), QString("SBUS: failsafe (no frame for 0.25 s)"));
    rig.model.silent = false;
    rig.run(14);
    QVERIFY(!rig.input.failsafe);
  }

  void badAndCutFramesAreCountedAndTheNextOneRead() {
    Rig rig;
    rig.model.bad_end_every = 3;
    rig.model.cut_every = 5;
    rig.run(14 * 30);  // 30 frames
    // Every 3rd with a bad end (10), every 5th cut (6), the 15th and 30th both (2, cut): 8 bad,
    // 6 cut, 30 - 8 - 6 = 16 read.
    QCOMPARE(rig.model.frames_sent, uint32_t{30});
    QCOMPARE(rig.sbus.parser.bad_frames, uint32_t{8});
    QCOMPARE(rig.sbus.parser.cut_frames, uint32_t{6});
    QCOMPARE(rig.input.frames, uint32_t{16});
    QCOMPARE(sbus_health(&rig.sbus), SBUS_HEALTH_BAD_FRAMES);
    QVERIFY(QString(sbus_message(&rig.sbus)).startsWith("SBUS: 8 bad frames, 6 cut frames (the last"));
  }

  void aUartNotSetUpForSbusIsTold() {
    Rig notInverted;
    notInverted.model.reader_inverted = false;
    notInverted.run(1100);
    QCOMPARE(notInverted.sbus.parser.frames, uint32_t{0});
    QCOMPARE(sbus_health(&notInverted.sbus), SBUS_HEALTH_WRONG_FORMAT);
    QVERIFY(QString(sbus_message(&notInverted.sbus)).contains("100000 baud, 8E2, inverted?"));

    Rig none;
    none.model.silent = true;
    none.run(1000);
    QCOMPARE(sbus_health(&none.sbus), SBUS_HEALTH_NO_RECEIVER);
    QCOMPARE(QString(sbus_message(&none.sbus)), QString("SBUS: no receiver (nothing received for 1.00 s)"));
  }
};

QTEST_APPLESS_MAIN(SbusTest)
#include "sbus_test.moc"
