// timeSeriesCsv on known data: the header, the closed time range, numbers that read back to
// the same doubles, NaN gaps.
#include "widgets/plots/time_series_csv.h"

#include <QtTest>

#include <limits>

using navigator::TimeSeriesBuffer;
using navigator::timeSeriesCsv;

class TimeSeriesCsvTest : public QObject {
  Q_OBJECT
 private slots:
  void closedRangeAndExactNumbers();
  void emptyRangeIsHeaderOnly();
};

void TimeSeriesCsvTest::closedRangeAndExactNumbers() {
  TimeSeriesBuffer b(2);
  for (int k = 0; k <= 10; ++k) {
    const double t = k / 10.0;
    const double v[] = {1.0 / 3.0 * k, k == 4 ? std::numeric_limits<double>::quiet_NaN() : -1e-300 * k};
    b.append(t, v);
  }
  std::size_t rows = 0;
  const std::string csv = timeSeriesCsv(b, {"a_m", "b_s"}, 0.3, 0.5, &rows);
  QCOMPARE(rows, std::size_t(3));
  // 0.3 is 3/10.0: shortest round-trip text; 1/3·3 = 1 exactly; 1/3·5 rounds to 1.6666666666666665 (Python repr agrees)
  QCOMPARE(csv, std::string("time_s,a_m,b_s\n"
                            "0.3,1,-3e-300\n"
                            "0.4,1.3333333333333333,nan\n"
                            "0.5,1.6666666666666665,-5e-300\n"));
  // every number reads back to the stored double
  const QStringList lines = QString::fromStdString(csv).split('\n', Qt::SkipEmptyParts);
  for (int r = 1; r < lines.size(); ++r) {
    const QStringList f = lines[r].split(',');
    QCOMPARE(f.size(), 3);
    QCOMPARE(f[0].toDouble(), b.time_s(std::size_t(r + 2)));
    QCOMPARE(f[1].toDouble(), b.value(std::size_t(r + 2), 0));
  }
}

void TimeSeriesCsvTest::emptyRangeIsHeaderOnly() {
  TimeSeriesBuffer b(3);
  const double v[] = {1, 2, 3};
  b.append(1.0, v);
  std::size_t rows = 99;
  QCOMPARE(timeSeriesCsv(b, {"x"}, 2.0, 3.0, &rows), std::string("time_s,x,channel_1,channel_2\n"));
  QCOMPARE(rows, std::size_t(0));
}

QTEST_APPLESS_MAIN(TimeSeriesCsvTest)
#include "time_series_csv_test.moc"
