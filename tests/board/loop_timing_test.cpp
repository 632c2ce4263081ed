// The control loop's timing figures (firmware/hal/stm32f4/loop_timing.h) on a clock the test
// owns: min, mean and max of the periods between passes, overruns (a pass that let a tick go by),
// a period holding a flash stall left out and counted, and the microsecond counter's wrap.
#include "firmware/hal/stm32f4/loop_timing.h"

#include <QtTest>

class LoopTimingTest : public QObject {
  Q_OBJECT

 private slots:
  void periodsMinMeanMax() {
    loop_timing_t t;
    loop_timing_init(&t);
    loop_timing_report_t r{};
    QVERIFY(!loop_timing_take(&t, &r));  // nothing measured yet
    // Passes at 0, 1000, 2003, 2998, 4000 us: periods 1000, 1003, 995, 1002; mean 4000 / 4.
    for (quint32 at : {0u, 1000u, 2003u, 2998u, 4000u}) loop_timing_pass(&t, at, 1);
    QVERIFY(loop_timing_take(&t, &r));
    QCOMPARE(r.min_us, 995.0f);
    QCOMPARE(r.max_us, 1003.0f);
    QCOMPARE(r.mean_us, 1000.0f);
    QCOMPARE(r.periods, 4u);
    QCOMPARE(r.overruns, 0u);
    QVERIFY(!loop_timing_take(&t, &r));  // a new window, empty
    loop_timing_pass(&t, 5001, 1);
    QVERIFY(loop_timing_take(&t, &r));
    QCOMPARE(r.min_us, 1001.0f);  // the window goes on from the last pass
  }

  // A pass that ran 2.5 ms: two ticks came before the next pass (one lost), counted once; its
  // 2500 us period is in the figures (the loop did hold it back).
  void anOverrunIsCounted() {
    loop_timing_t t;
    loop_timing_init(&t);
    loop_timing_pass(&t, 0, 1);
    loop_timing_pass(&t, 1000, 1);
    loop_timing_pass(&t, 3500, 2);
    loop_timing_pass(&t, 4000, 1);
    loop_timing_report_t r{};
    QVERIFY(loop_timing_take(&t, &r));
    QCOMPARE(r.overruns, 1u);
    QCOMPARE(r.max_us, 2500.0f);
    QCOMPARE(r.min_us, 500.0f);
  }

  // A flash erase stalls the CPU (1.2 s here): that period is left out and counted as a stall,
  // not as an overrun, though ticks went by.
  void aFlashStallIsLeftOut() {
    loop_timing_t t;
    loop_timing_init(&t);
    loop_timing_pass(&t, 0, 1);
    loop_timing_pass(&t, 1000, 1);
    loop_timing_stalled(&t);
    loop_timing_pass(&t, 1201000, 1200);
    loop_timing_pass(&t, 1202000, 1);
    loop_timing_report_t r{};
    QVERIFY(loop_timing_take(&t, &r));
    QCOMPARE(r.periods, 2u);
    QCOMPARE(r.max_us, 1000.0f);
    QCOMPARE(r.stalls, 1u);
    QCOMPARE(r.overruns, 0u);
  }

  // The 32-bit microsecond counter wraps after 2^32 us (71.6 min): the period across it is still
  // 1000 us (unsigned difference).
  void theCounterWraps() {
    loop_timing_t t;
    loop_timing_init(&t);
    loop_timing_pass(&t, 0xFFFFFE0Cu, 1);  // 2^32 - 500
    loop_timing_pass(&t, 500u, 1);
    loop_timing_report_t r{};
    QVERIFY(loop_timing_take(&t, &r));
    QCOMPARE(r.min_us, 1000.0f);
    QCOMPARE(r.max_us, 1000.0f);
  }
};

QTEST_APPLESS_MAIN(LoopTimingTest)
#include "loop_timing_test.moc"
