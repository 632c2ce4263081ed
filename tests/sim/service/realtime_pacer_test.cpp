// Real-time pacing policy on a scripted clock: deadlines on a fixed grid while on
// time; after a stall, the lost time is dropped and the grid restarts from now, one period
// at a time, never in a burst.
#include "sim/service/realtime_pacer.h"

#include <QtTest>

class RealtimePacerTest : public QObject {
  Q_OBJECT

  static constexpr std::int64_t kPeriodNs = 1'000'000;  // 1 kHz IMU

 private slots:
  void onTimeFollowsTheGrid() {
    vsim::RealtimePacer pacer(kPeriodNs);
    pacer.start(5'000);
    for (int k = 1; k <= 1000; ++k) {
      QCOMPARE(pacer.deadline(), 5'000 + k * kPeriodNs);
      pacer.advance(pacer.deadline() + 30'000);  // 30 µs late each time: still on the grid
    }
    QCOMPARE(pacer.overruns(), std::int64_t(0));
    QCOMPARE(pacer.droppedPeriods(), std::int64_t(0));
  }

  void stallDropsLostTimeWithoutBurst() {
    vsim::RealtimePacer pacer(kPeriodNs);
    pacer.start(0);
    pacer.advance(pacer.deadline());               // period 1 on time; next due at 2 ms
    const std::int64_t stalled_until = 7'400'000;  // the host stalls to 7.4 ms
    pacer.advance(stalled_until);                  // period 2 delivered 5.4 ms late
    QCOMPARE(pacer.overruns(), std::int64_t(1));
    QCOMPARE(pacer.droppedPeriods(), std::int64_t(5));  // 2..7.4 ms: five whole periods lost
    // The next deadline is one period after now, not the missed 3 ms, 4 ms, ... grid points.
    QCOMPARE(pacer.deadline(), stalled_until + kPeriodNs);
    // Count how many periods become due within the next 2.5 ms: a catch-up burst would
    // deliver the five lost ones at once; the pacer delivers two.
    int due = 0;
    for (std::int64_t now = stalled_until; now < stalled_until + 2'500'000; now += 10'000)
      if (now >= pacer.deadline()) {
        ++due;
        pacer.advance(now);
      }
    QCOMPARE(due, 2);
    QCOMPARE(pacer.overruns(), std::int64_t(1));
  }

  void lateByLessThanAPeriodIsNotAnOverrun() {
    vsim::RealtimePacer pacer(kPeriodNs);
    pacer.start(0);
    pacer.advance(1'999'999);  // due at 1 ms, delivered 0.999999 ms late
    QCOMPARE(pacer.overruns(), std::int64_t(0));
    QCOMPARE(pacer.deadline(), std::int64_t(2'000'000));
    pacer.advance(4'000'000);  // due at 2 ms, delivered exactly two periods late
    QCOMPARE(pacer.overruns(), std::int64_t(1));
    QCOMPARE(pacer.droppedPeriods(), std::int64_t(2));
    QCOMPARE(pacer.deadline(), std::int64_t(5'000'000));
  }
};

QTEST_APPLESS_MAIN(RealtimePacerTest)
#include "realtime_pacer_test.moc"
