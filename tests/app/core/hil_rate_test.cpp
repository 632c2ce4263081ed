// HilRate on a clock the test drives: the HIL loop's own exchanges per second and real-time
// factor from the bridge's counters, what the Fly page shows while HIL runs instead of the
// station's own simulator's figures. The figures on the board image under QEMU are
// FlyBoardTest::boardTabConnectsAndFliesHil's.
#include "app/core/hil_session.h"

#include <QtTest>

using navigator::HilFigures;
using navigator::HilRate;

class HilRateTest : public QObject {
  Q_OBJECT

 private slots:
  void theBoardsPaceOverEachInterval() {
    HilRate rate;
    // The first take has nothing to compare with.
    HilFigures f = rate.take(10.0, 500, 5'500'000);
    QVERIFY(!f.valid);
    QCOMPARE(f.sim_time_s, 5.5);
    // One second later: 71 exchanges of 11 ms each (115200 baud's period) = 0.781 s simulated,
    // the pace the board kept: 71 HIL_SENSOR/s at a real-time factor of 0.781.
    f = rate.take(11.0, 571, 5'500'000 + 71 * 11'000);
    QVERIFY(f.valid);
    QCOMPARE(f.exchanges_per_s, 71.0);
    QCOMPARE(f.realtime_factor, 0.781);
    // Half a second later, faster than real time (a pty carries more than a UART): 182 exchanges
    // of 11 ms in 0.5 s = 364/s, 2.002 s simulated per second.
    f = rate.take(11.5, 753, 5'500'000 + 253 * 11'000);
    QCOMPARE(f.exchanges_per_s, 364.0);
    QCOMPARE(f.realtime_factor, 4.004);
  }

  void aNewRunStartsAgain() {
    HilRate rate;
    rate.take(1.0, 1000, 11'000'000);
    // Counters back near zero: HIL started again, nothing to compare with yet.
    HilFigures f = rate.take(2.0, 10, 110'000);
    QVERIFY(!f.valid);
    f = rate.take(3.0, 101, 1'111'000);
    QVERIFY(f.valid);
    QCOMPARE(f.exchanges_per_s, 91.0);
    QCOMPARE(f.realtime_factor, 1.001);
    // A take at the same instant (no time passed) gives no figures and keeps the baseline.
    f = rate.take(3.0, 150, 1'650'000);
    QVERIFY(!f.valid);
    rate.reset();
    QVERIFY(!rate.take(4.0, 200, 2'200'000).valid);
  }
};

QTEST_GUILESS_MAIN(HilRateTest)
#include "hil_rate_test.moc"
