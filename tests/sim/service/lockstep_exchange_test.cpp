// The one lockstep exchange (sim/service/lockstep_exchange.h) on a clock the test drives: the
// stamp rule (an answer stamped at or after the frame's time answers it; earlier is late), the
// wait that ends once, the resend every interval from the last send, the silence named once
// per wait at exactly the timeout, and a restart that leaves nothing awaited. The expected
// values follow from the header's contract and the intervals chosen here.
#include "sim/service/lockstep_exchange.h"

#include <QtTest>

using vsim::LockstepExchange;
using Answer = LockstepExchange::Answer;
using Due = LockstepExchange::Due;

class LockstepExchangeTest : public QObject {
  Q_OBJECT

  static constexpr std::int64_t kMs = 1'000'000;

 private slots:
  void theStampRule_data() {
    QTest::addColumn<qint64>("frame_us");
    QTest::addColumn<qint64>("answer_us");
    QTest::addColumn<bool>("answers");
    QTest::newRow("the frame's own time") << qint64(4000) << qint64(4000) << true;
    QTest::newRow("a clock already past it") << qint64(4000) << qint64(4001) << true;
    QTest::newRow("the previous frame's answer") << qint64(4000) << qint64(3000) << false;
    QTest::newRow("one microsecond early") << qint64(4000) << qint64(3999) << false;
    QTest::newRow("the first frame, time zero") << qint64(0) << qint64(0) << true;
  }
  void theStampRule() {
    QFETCH(qint64, frame_us);
    QFETCH(qint64, answer_us);
    QFETCH(bool, answers);
    QCOMPARE(LockstepExchange::answers(answer_us, frame_us), answers);
    LockstepExchange x;
    x.frameSent(frame_us, 0);
    QVERIFY(x.waiting());
    QCOMPARE(x.answerArrived(answer_us), answers ? Answer::Answers : Answer::Late);
    QCOMPARE(x.answered(), answers);
    QCOMPARE(x.waiting(), !answers);
    QCOMPARE(x.counters().answers, std::int64_t(answers ? 1 : 0));
    QCOMPARE(x.counters().late, std::int64_t(answers ? 0 : 1));
  }

  void aWaitEndsOnceAndTheNextFrameStartsAnother() {
    LockstepExchange x;
    QCOMPARE(x.answerArrived(0), Answer::Unasked);  // nothing out yet
    x.frameSent(1000, 0);
    QCOMPARE(x.answerArrived(1000), Answer::Answers);
    QCOMPARE(x.answerArrived(1000), Answer::Unasked);  // a duplicate: the wait is over
    x.consume();
    QVERIFY(!x.answered());
    QVERIFY(!x.waiting());
    x.frameSent(2000, 5 * kMs);
    QCOMPARE(x.answerArrived(1000), Answer::Late);  // the duplicate again, now late
    QCOMPARE(x.answerArrived(2000), Answer::Answers);
    QCOMPARE(x.counters().frames_sent, std::int64_t(2));
    QCOMPARE(x.counters().answers, std::int64_t(2));
    QCOMPARE(x.counters().late, std::int64_t(1));
    QCOMPARE(x.counters().unasked, std::int64_t(2));
  }

  void resendsEveryIntervalFromTheLastSend() {
    LockstepExchange x({100 * kMs, 0});
    x.frameSent(0, 10 * kMs);
    QCOMPARE(x.due(10 * kMs + 100 * kMs - 1), Due::Nothing);  // 1 ns before the interval
    QCOMPARE(x.due(110 * kMs), Due::Resend);
    QCOMPARE(x.due(110 * kMs), Due::Resend);  // until the caller has resent
    x.frameResent(130 * kMs);                 // it resent 20 ms late: the next is 100 ms after that
    QCOMPARE(x.nextResendNs(), 230 * kMs);
    QCOMPARE(x.due(229 * kMs), Due::Nothing);
    QCOMPARE(x.due(230 * kMs), Due::Resend);
    QCOMPARE(x.counters().resends, std::int64_t(1));
    QCOMPARE(x.answerArrived(0), Answer::Answers);  // a resend keeps the stamp: its answer answers
    QCOMPARE(x.due(10'000 * kMs), Due::Nothing);    // nothing awaited: nothing due
  }

  void silenceIsNamedOncePerWaitAtTheTimeout() {
    LockstepExchange x({100 * kMs, 2000 * kMs});
    x.frameSent(7000, 0);
    for (std::int64_t t = 100 * kMs; t < 2000 * kMs; t += 100 * kMs) {
      QCOMPARE(x.due(t), Due::Resend);
      x.frameResent(t);
    }
    QCOMPARE(x.due(2000 * kMs - 1), Due::Nothing);
    QVERIFY(!x.silent());
    QCOMPARE(x.due(2000 * kMs), Due::Silent);  // exactly at the timeout, from the first send
    QVERIFY(x.silent());
    QCOMPARE(x.due(2000 * kMs), Due::Resend);  // then the resends go on; silence is said once
    QCOMPARE(x.due(9000 * kMs), Due::Resend);
    QCOMPARE(x.counters().silences, std::int64_t(1));
    QCOMPARE(x.answerArrived(7000), Answer::Answers);  // a late answer still ends the wait
    x.consume();
    x.frameSent(8000, 9000 * kMs);  // a new wait: silence may be named again
    QVERIFY(!x.silent());
    QCOMPARE(x.due(11'000 * kMs), Due::Silent);
    QCOMPARE(x.counters().silences, std::int64_t(2));
  }

  void aRestartLeavesNothingAwaited() {
    LockstepExchange x({100 * kMs, 2000 * kMs});
    x.frameSent(50'000, 0);
    x.restart();
    QVERIFY(!x.waiting());
    QCOMPARE(x.due(5000 * kMs), Due::Nothing);
    QCOMPARE(x.answerArrived(50'000), Answer::Unasked);
    x.frameSent(0, 6000 * kMs);  // after a reset the clock starts again: the rule is per frame
    QCOMPARE(x.answerArrived(0), Answer::Answers);
  }
};

QTEST_GUILESS_MAIN(LockstepExchangeTest)
#include "lockstep_exchange_test.moc"
