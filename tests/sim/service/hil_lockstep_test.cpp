// The simulator's side of serial HIL (sim/service/hil_lockstep.h) on a clock the test drives:
// the first frame carries the reset flag and time 0; an answer stamped with the frame's time
// steps the world by exactly the exchange's IMU periods with its duties held; a late answer
// moves nothing; a missing answer asks for the same frame again after the resend interval; each
// GPS fix goes out once, before the frame after it.
#include "sim/service/hil_lockstep.h"

#include "sim/service/hil_frames.h"
#include "tests/sim/shipped_airframes.h"

#include <QtTest>

using vsim::LockstepExchange;

class HilLockstepTest : public QObject {
  Q_OBJECT

  static constexpr std::int64_t kMs = 1'000'000;

  static mavlink_hil_actuator_controls_t controls(std::uint64_t time_usec, float duty) {
    mavlink_hil_actuator_controls_t c{};
    c.time_usec = time_usec;
    for (int i = 0; i < 4; ++i) c.controls[i] = duty;
    return c;
  }

 private slots:
  void stepsOnlyOnTheAnswerToTheFrameOut() {
    vsim::SimulatorConfig config;
    config.world = vsim::World{};  // flat ground
    // 11 IMU periods per exchange: what a 115200-baud link carries (HilBridge's rule, 99/s).
    auto created = vsim::HilLockstep::create(loadShippedAirframe("s500.yaml"), config, 11, {200 * kMs, 0});
    QVERIFY2(bool(created), created ? "" : created.error().message.c_str());
    vsim::HilLockstep hil_lockstep = std::move(created).value();
    vsim::HilLockstep* hil = &hil_lockstep;
    QCOMPARE(hil->frameOut().time_usec, std::uint64_t(0));
    QVERIFY(hil->frameOut().fields_updated & vsim::kHilSensorReset);
    hil->sent(0);
    QCOMPARE(hil->due(199 * kMs), LockstepExchange::Due::Nothing);
    QCOMPARE(hil->due(200 * kMs), LockstepExchange::Due::Resend);  // the same frame, time 0
    hil->resent(200 * kMs);
    QCOMPARE(hil->frameOut().time_usec, std::uint64_t(0));

    const auto stepped = hil->answer(controls(0, 0.3f));
    QCOMPARE(stepped.kind, LockstepExchange::Answer::Answers);
    QCOMPARE(stepped.refused_duties, 0);
    // 11 periods of 1 ms (the default 1 kHz IMU) with the duty held at 0.3.
    QCOMPARE(hil->simulator().timeNs(), 11 * kMs);
    QCOMPARE(hil->frameOut().time_usec, std::uint64_t(11'000));
    QVERIFY(!(hil->frameOut().fields_updated & vsim::kHilSensorReset));
    QCOMPARE(hil->simulator().inputs().duty[0], double(0.3f));
    QVERIFY(hil->simulator().state().rotor_speed_radps[0] > 0.0);
    hil->sent(300 * kMs);

    const auto late = hil->answer(controls(0, 0.9f));  // the first frame's answer, resent
    QCOMPARE(late.kind, LockstepExchange::Answer::Late);
    QCOMPARE(hil->simulator().timeNs(), 11 * kMs);
    QCOMPARE(hil->simulator().inputs().duty[0], double(0.3f));

    const auto nan = hil->answer(controls(11'000, std::numeric_limits<float>::quiet_NaN()));
    QCOMPARE(nan.kind, LockstepExchange::Answer::Answers);
    QCOMPARE(nan.refused_duties, 4);  // refused at ingest: those motors get 0
    QCOMPARE(hil->simulator().timeNs(), 22 * kMs);
    QCOMPARE(hil->exchange().counters().answers, std::int64_t(2));
    QCOMPARE(hil->exchange().counters().late, std::int64_t(1));
  }

  void eachGpsFixGoesOutOnceBeforeItsFrame() {
    // The simulator's receiver (GpsModel: 10 Hz, 100 ms late): its first fix is reported at
    // 100 ms, measured at 0; with 10 IMU periods per exchange a new fix is due every 10th frame,
    // once (a resend of the frame does not repeat it), as HIL_GPS stamped with when it was
    // measured (what the firmware's estimator compares with its own velocity).
    vsim::SimulatorConfig config;
    config.world = vsim::World{};
    auto created = vsim::HilLockstep::create(loadShippedAirframe("s500.yaml"), config, 10, {200 * kMs, 0});
    QVERIFY(bool(created));
    vsim::HilLockstep hil = std::move(created).value();
    std::vector<std::uint64_t> fix_times, fix_frames;
    std::int64_t now = 0;
    for (int exchange = 0; exchange < 35; ++exchange) {
      if (const mavlink_hil_gps_t* g = hil.gpsOut()) {
        QCOMPARE(g->fix_type, std::uint8_t(3));
        fix_times.push_back(g->time_usec);
        fix_frames.push_back(hil.frameOut().time_usec);
      }
      hil.sent(now);
      QVERIFY(hil.gpsOut() == nullptr);  // gone out with the frame
      if (exchange == 20) {
        QCOMPARE(hil.due(now + 200 * kMs), LockstepExchange::Due::Resend);
        hil.resent(now + 200 * kMs);
        QVERIFY(hil.gpsOut() == nullptr);  // not again with the resend
      }
      now += 250 * kMs;
      QCOMPARE(hil.answer(controls(hil.frameOut().time_usec, 0.0f)).kind, LockstepExchange::Answer::Answers);
    }
    // Frames at 0, 10, …, 340 ms: fixes reported at 100, 200, 300 ms, measured 100 ms before.
    QCOMPARE(fix_frames, (std::vector<std::uint64_t>{100'000, 200'000, 300'000}));
    QCOMPARE(fix_times, (std::vector<std::uint64_t>{0, 100'000, 200'000}));
  }

  void aPeriodCountBelowOneIsRefused() {
    auto hil = vsim::HilLockstep::create(loadShippedAirframe("s500.yaml"), {}, 0, {});
    QVERIFY(!hil);
    QCOMPARE(QString::fromStdString(hil.error().message),
             QStringLiteral("an exchange must span at least one IMU period, got 0"));
  }
};

QTEST_GUILESS_MAIN(HilLockstepTest)
#include "hil_lockstep_test.moc"
