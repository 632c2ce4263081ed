// FirmwareStarvation on a clock the test drives, fed the simulator's status as SimService counts
// it: nothing before the firmware's first answer, the window's sums and longest gap, a report
// read twice counted once, a new simulator starting the count again, the firmware silent now,
// and the warning's words and numbers. The end-to-end case (the real firmware held with SIGSTOP
// beside the station's simulator) is FlyPageTest::starvedFirmwareIsSaid.
#include "app/core/firmware_starvation.h"

#include <QtTest>

using navigator::FirmwareStarvation;

namespace {

// A status report: `t` simulated seconds in (1 kHz frames, each answered unless told otherwise).
vsim::ServiceStatus report(double t, std::int64_t answered, std::int64_t gaps = 0, double longest_s = 0,
                           std::int64_t stale = 0, std::int64_t dropped = 0, double age_s = 0.001) {
  vsim::ServiceStatus s;
  s.sim_time_s = t;
  s.imu_frames_out = std::int64_t(t * 1000);
  s.actuator_frames_in = answered;
  s.output_gaps = gaps;
  s.longest_output_gap_s = longest_s;
  s.stale_outputs = stale;
  s.imu_frames_dropped = dropped;
  s.output_age_s = answered > 0 ? age_s : -1.0;
  return s;
}

}  // namespace

class FirmwareStarvationTest : public QObject {
  Q_OBJECT

 private slots:
  void framesBeforeTheFirstAnswerAreNotStarvation() {
    FirmwareStarvation s;
    s.take(1, report(1, 0, 0, 0, 0, 1490));  // no firmware reading yet: 1490 frames not written
    s.take(2, report(2, 500, 0, 0, 0, 1500));
    QVERIFY(!s.verdict().starved());
    QCOMPARE(s.text(), QString());
    s.take(3, report(3, 1500, 0, 0, 0, 1500));  // answering: nothing new lost
    QVERIFY(!s.verdict().starved());
  }

  void theWindowSumsItsIntervalsAndForgetsOldOnes() {
    FirmwareStarvation s;
    s.take(0, report(1, 1000));
    // Second 1: two gaps, the longer 0.51 s; 400 stale answers; 30 frames not written.
    s.take(1, report(2, 1600, 2, 0.51, 400, 30));
    // Second 5: one gap of 0.12 s (the status's longest is that second's own).
    s.take(5, report(6, 5500, 3, 0.12, 450, 30));
    FirmwareStarvation::Verdict v = s.verdict();
    QCOMPARE(v.output_gaps, std::int64_t(3));
    QCOMPARE(v.stale_outputs, std::int64_t(450));
    QCOMPARE(v.frames_not_taken, std::int64_t(30));
    QCOMPARE(v.longest_gap_s, 0.51);
    QCOMPARE(v.silent_s, 0.0);
    // At 11 s the first interval (taken at 1 s) is more than kWindowS = 10 s old: gone.
    s.take(11, report(12, 11500, 3, 0, 450, 30));
    v = s.verdict();
    QCOMPARE(v.output_gaps, std::int64_t(1));
    QCOMPARE(v.stale_outputs, std::int64_t(50));
    QCOMPARE(v.frames_not_taken, std::int64_t(0));
    QCOMPARE(v.longest_gap_s, 0.12);
    // At 15 s nothing is left.
    s.take(15, report(16, 15500, 3, 0, 450, 30));
    QVERIFY(!s.verdict().starved());
    QCOMPARE(s.text(), QString());
  }

  void aReportReadTwiceCountsOnce() {
    FirmwareStarvation s;
    s.take(0, report(1, 1000));
    const vsim::ServiceStatus r = report(2, 1800, 1, 0.2);
    s.take(1, r);
    s.take(1.5, r);  // the page's timer ran before the simulator's next report
    QCOMPARE(s.verdict().output_gaps, std::int64_t(1));
  }

  void aNewSimulatorStartsTheCountAgain() {
    FirmwareStarvation s;
    s.take(0, report(100, 100000));
    s.take(1, report(101, 100900, 4, 0.3));
    QCOMPARE(s.verdict().output_gaps, std::int64_t(4));
    // Counters from zero: another simulator; its first report is only the start.
    s.take(2, report(1, 900));
    QVERIFY(!s.verdict().starved());
    s.take(3, report(2, 1800, 1, 0.08));
    QCOMPARE(s.verdict().output_gaps, std::int64_t(1));
    QCOMPARE(s.verdict().longest_gap_s, 0.08);
  }

  void aSilentFirmwareIsSaidAndTheWarningHasTheNumbers() {
    QLocale::setDefault(QLocale::c());
    FirmwareStarvation s;
    s.take(0, report(1, 1000));
    // Held (SIGSTOP): no answer for 0.7 s of simulated time at this report.
    s.take(1, report(2, 1300, 0, 0, 0, 0, 0.7));
    QCOMPARE(s.verdict().silent_s, 0.7);
    QCOMPARE(s.text(), QStringLiteral("Firmware starved in the last 10 s: no motor outputs for 0.70 s now. The vehicle "
                                      "flew on old motor outputs meanwhile."));
    // Back: the gap it left is counted, with the answers it made from frames that had waited.
    s.take(2, report(3, 2300, 1, 0.75, 698, 0));
    QCOMPARE(s.verdict().silent_s, 0.0);
    QCOMPARE(s.text(),
             QStringLiteral("Firmware starved in the last 10 s: gaps over 50 ms in its motor outputs: 1 "
                            "(the longest 0.75 s); outputs computed from sensor frames over 50 ms old: 698. The "
                            "vehicle flew on old motor outputs meanwhile."));
    s.reset();
    QCOMPARE(s.text(), QString());
  }
};

QTEST_GUILESS_MAIN(FirmwareStarvationTest)
#include "firmware_starvation_test.moc"
