// TimeSeriesBuffer on known data: how many samples a window keeps and which, refusals and
// their counts, NaN values, window changes, growth and its cap.
#include "widgets/plots/time_series_buffer.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

using navigator::TimeSeriesBuffer;

namespace {

// Time of sample k at `rate_hz`, made as the simulator makes it: from integer microseconds.
double sampleTime_s(std::int64_t k, std::int64_t rate_hz) { return double(k * (1'000'000 / rate_hz)) * 1e-6; }

void fill(TimeSeriesBuffer& b, std::int64_t rate_hz, std::int64_t count) {
  for (std::int64_t k = 0; k < count; ++k) {
    const double t = sampleTime_s(k, rate_hz);
    const double v[] = {t, -t};
    b.append(t, v);
  }
}

}  // namespace

class TimeSeriesBufferTest : public QObject {
  Q_OBJECT
 private slots:
  void windowKeepsClosedInterval_data();
  void windowKeepsClosedInterval();
  void keptValuesAreTheSamples();
  void noGrowthOnceWarm();
  void refusalsAreCountedNotStored();
  void nonFiniteValuesAreGaps();
  void setWindowClampsAndTrims();
  void clearKeepsCounters();
  void bounds();
  void capacityCapDropsOldestAndCounts();
};

void TimeSeriesBufferTest::windowKeepsClosedInterval_data() {
  QTest::addColumn<int>("rate_hz");
  QTest::addColumn<double>("duration_s");
  QTest::addColumn<double>("window_s");
  QTest::addColumn<int>("kept");
  QTest::addColumn<double>("first_s");
  QTest::addColumn<double>("last_s");
  // The window is closed at both ends: newest − time ≤ window. 1 kHz for 30 s is samples
  // 0…29999 (the last at 29.999 s); a 10 s window keeps 19.999…29.999 s, i.e. 10 s × 1 kHz
  // + 1 = 10,001 samples (fence posts). Sample times come from integer µs, so the edge sample
  // sits within round-off of the edge: kEdgeTolerance_s (1 ns) keeps it.
  QTest::newRow("1 kHz 30 s, 10 s") << 1000 << 30.0 << 10.0 << 10001 << 19.999 << 29.999;
  QTest::newRow("1 kHz 30 s, 1 s") << 1000 << 30.0 << 1.0 << 1001 << 28.999 << 29.999;
  QTest::newRow("1 kHz 130 s, 120 s") << 1000 << 130.0 << 120.0 << 120001 << 9.999 << 129.999;
  QTest::newRow("1 kHz 5 s, 10 s: all") << 1000 << 5.0 << 10.0 << 5000 << 0.0 << 4.999;
  QTest::newRow("250 Hz 60 s, 7 s") << 250 << 60.0 << 7.0 << 1751 << 52.996 << 59.996;
}

void TimeSeriesBufferTest::windowKeepsClosedInterval() {
  QFETCH(int, rate_hz);
  QFETCH(double, duration_s);
  QFETCH(double, window_s);
  QFETCH(int, kept);
  QFETCH(double, first_s);
  QFETCH(double, last_s);
  TimeSeriesBuffer b(2, window_s);
  const auto count = std::int64_t(std::llround(duration_s * rate_hz));
  fill(b, rate_hz, count);
  QCOMPARE(b.size(), std::size_t(kept));
  QCOMPARE(b.counters().stored, std::uint64_t(count));
  // exact: the stored times are the appended doubles, compared with the same construction
  QCOMPARE(b.oldestTime_s(), sampleTime_s(count - kept, rate_hz));
  QCOMPARE(b.newestTime_s(), sampleTime_s(count - 1, rate_hz));
  QCOMPARE_LT(std::abs(b.oldestTime_s() - first_s), 1e-12);
  QCOMPARE_LT(std::abs(b.newestTime_s() - last_s), 1e-12);
}

void TimeSeriesBufferTest::keptValuesAreTheSamples() {
  TimeSeriesBuffer b(2, 10.0);
  fill(b, 1000, 30000);
  for (std::size_t i = 0; i < b.size(); ++i) {
    const double t = sampleTime_s(19999 + std::int64_t(i), 1000);
    QCOMPARE(b.time_s(i), t);
    QCOMPARE(b.value(i, 0), t);
    QCOMPARE(b.value(i, 1), -t);
    QCOMPARE(b.sequence(i), std::uint64_t(19999 + i));
  }
}

void TimeSeriesBufferTest::noGrowthOnceWarm() {
  // 1 kHz × 120 s fits (120,001 samples ≤ 2^17 slots) with nothing dropped, and once the
  // window is full the ring stops growing: no allocation per sample.
  TimeSeriesBuffer b(3, 120.0);
  std::int64_t k = 0;
  const double v[] = {1, 2, 3};
  for (; k < 121'000; ++k) b.append(sampleTime_s(k, 1000), v);
  const std::size_t warm = b.capacity();
  QCOMPARE(warm, std::size_t(1) << 17);
  for (; k < 300'000; ++k) b.append(sampleTime_s(k, 1000), v);
  QCOMPARE(b.capacity(), warm);
  QCOMPARE(b.size(), std::size_t(120001));
  QCOMPARE(b.counters().dropped_over_capacity, std::uint64_t(0));
}

void TimeSeriesBufferTest::refusalsAreCountedNotStored() {
  TimeSeriesBuffer b(2);
  const double v[] = {1, 2};
  const double one[] = {1};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  QCOMPARE(b.append(1.0, v), TimeSeriesBuffer::Append::Stored);
  QCOMPARE(b.append(2.0, v), TimeSeriesBuffer::Append::Stored);
  QCOMPARE(b.append(1.5, v), TimeSeriesBuffer::Append::RefusedOutOfOrder);
  QCOMPARE(b.append(nan, v), TimeSeriesBuffer::Append::RefusedNonFiniteTime);
  QCOMPARE(b.append(inf, v), TimeSeriesBuffer::Append::RefusedNonFiniteTime);
  QCOMPARE(b.append(-inf, v), TimeSeriesBuffer::Append::RefusedNonFiniteTime);
  QCOMPARE(b.append(3.0, one), TimeSeriesBuffer::Append::RefusedWrongWidth);
  QCOMPARE(b.append(2.0, v), TimeSeriesBuffer::Append::Stored);  // equal time is in order
  const double times[] = {2.5, 2.4, 2.6};
  const double values[] = {1, 1, 2, 2, 3, 3};
  QCOMPARE(b.appendBatch(times, values), std::size_t(2));
  QCOMPARE(b.appendBatch(times, v), std::size_t(0));  // 3 times, 2 values
  QCOMPARE(b.size(), std::size_t(5));
  QCOMPARE(b.newestTime_s(), 2.6);
  const auto& c = b.counters();
  QCOMPARE(c.stored, std::uint64_t(5));
  QCOMPARE(c.refused_out_of_order, std::uint64_t(2));
  QCOMPARE(c.refused_non_finite_time, std::uint64_t(3));
  QCOMPARE(c.refused_wrong_width, std::uint64_t(1 + 3));
}

void TimeSeriesBufferTest::nonFiniteValuesAreGaps() {
  TimeSeriesBuffer b(3);
  const double v[] = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(), 4.0};
  QCOMPARE(b.append(0.0, v), TimeSeriesBuffer::Append::Stored);
  QVERIFY(std::isnan(b.value(0, 0)));
  QVERIFY(std::isnan(b.value(0, 1)));
  QCOMPARE(b.value(0, 2), 4.0);
  QCOMPARE(b.counters().non_finite_values, std::uint64_t(2));
}

void TimeSeriesBufferTest::setWindowClampsAndTrims() {
  TimeSeriesBuffer b(2, 10.0);
  fill(b, 1000, 30000);
  QCOMPARE(b.setWindow(2.0), 2.0);
  QCOMPARE(b.size(), std::size_t(2001));
  QCOMPARE(b.oldestTime_s(), sampleTime_s(27999, 1000));
  QCOMPARE(b.setWindow(60.0), 60.0);  // growing does not bring samples back
  QCOMPARE(b.size(), std::size_t(2001));
  QCOMPARE(b.setWindow(0.1), TimeSeriesBuffer::kMinWindow_s);
  QCOMPARE(b.setWindow(1e6), TimeSeriesBuffer::kMaxWindow_s);
  QCOMPARE(b.setWindow(std::numeric_limits<double>::quiet_NaN()), TimeSeriesBuffer::kDefaultWindow_s);
  QCOMPARE(TimeSeriesBuffer(1, -5.0).window_s(), TimeSeriesBuffer::kMinWindow_s);
}

void TimeSeriesBufferTest::clearKeepsCounters() {
  TimeSeriesBuffer b(2);
  fill(b, 1000, 100);
  const double v[] = {0, 0};
  b.append(0.0, v);  // out of order
  b.clear();
  QVERIFY(b.empty());
  QCOMPARE(b.counters().stored, std::uint64_t(100));
  QCOMPARE(b.counters().refused_out_of_order, std::uint64_t(1));
  QCOMPARE(b.append(0.0, v), TimeSeriesBuffer::Append::Stored);  // a new run may start over
  QCOMPARE(b.sequence(0), std::uint64_t(100));
}

void TimeSeriesBufferTest::bounds() {
  TimeSeriesBuffer b(1);
  for (double t : {1.0, 2.0, 2.0, 3.0}) {
    const double v[] = {t};
    b.append(t, v);
  }
  QCOMPARE(b.lowerBound(0.0), std::size_t(0));
  QCOMPARE(b.lowerBound(2.0), std::size_t(1));
  QCOMPARE(b.upperBound(2.0), std::size_t(3));
  QCOMPARE(b.lowerBound(2.5), std::size_t(3));
  QCOMPARE(b.upperBound(3.0), std::size_t(4));
  QCOMPARE(b.lowerBound(9.0), std::size_t(4));
}

void TimeSeriesBufferTest::capacityCapDropsOldestAndCounts() {
  // 10 kHz for 110 s is 1,100,000 samples, all inside a 120 s window: the ring stops at
  // kMaxSamples (2^20 = 1,048,576) and the 51,424 oldest are dropped and counted.
  TimeSeriesBuffer b(1, 120.0);
  const std::int64_t count = 1'100'000;
  for (std::int64_t k = 0; k < count; ++k) {
    const double v[] = {double(k)};
    b.append(sampleTime_s(k, 10000), v);
  }
  QCOMPARE(b.size(), TimeSeriesBuffer::kMaxSamples);
  QCOMPARE(b.capacity(), TimeSeriesBuffer::kMaxSamples);
  QCOMPARE(b.counters().dropped_over_capacity, std::uint64_t(count) - TimeSeriesBuffer::kMaxSamples);
  QCOMPARE(b.value(0, 0), double(count - std::int64_t(TimeSeriesBuffer::kMaxSamples)));
  QCOMPARE(b.newestTime_s(), sampleTime_s(count - 1, 10000));
}

QTEST_APPLESS_MAIN(TimeSeriesBufferTest)
#include "time_series_buffer_test.moc"
