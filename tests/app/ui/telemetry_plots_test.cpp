// The Fly page's plots: every series has a readable name with its unit,
// motors are named by number and place on the airframe, and an estimate is dashed beside the
// solid truth it estimates.
#include "app/ui/telemetry_plots.h"
#include "widgets/plots/live_plot.h"

#include <QtTest>
#include <qcustomplot.h>

using navigator::LivePlot;
using navigator::TelemetryPlots;

class TelemetryPlotsTest : public QObject {
  Q_OBJECT

 private slots:
  // The lander stands with its body X up (pitched +90° in NED); the firmware
  // estimates and flies it in its flight axes, where standing is level. The true attitude is
  // plotted in those axes too (setFlightAxes, vsim::flightAxes_BF: R_BF's columns are the
  // flight axes in the body, forward = body z, right = body y, down = −body x), so standing
  // upright plots 0° beside the estimate's 0°, not 90°.
  void truthIsPlottedInTheFlightAxes() {
    TelemetryPlots plots;
    Eigen::Matrix3d R_BF;
    R_BF << 0, 0, -1, 0, 1, 0, 1, 0, 0;
    plots.setFlightAxes(Eigen::Quaterniond(R_BF));
    const Eigen::Quaterniond standing(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitY()));  // body x up
    navigator::TelemetrySample s;
    s.time_us = 1000;
    s.attitude_WB_wxyz = {float(standing.w()), float(standing.x()), float(standing.y()), float(standing.z())};
    plots.appendSamples({s});
    navigator::AttitudeSample level;
    level.time_boot_ms = 1;
    plots.appendEstimate(level);
    const navigator::TimeSeriesBuffer& b = plots.plot(QStringLiteral("Attitude: true vs estimated"))->shownSamples();
    QCOMPARE(int(b.size()), 1);
    for (int axis = 0; axis < 2; ++axis) QCOMPARE_LE(std::abs(b.value(0, axis)), 1e-4);  // true roll, pitch
  }

  void aNewRunKeepsTheClockAndMeetsTheFirmwaresOwn() {
    // Samples every 1 ms to 2.000 s; a reset there (run 1, begun at 2.000 s on the simulator's
    // clock), samples on to 3.000 s. The plots go on from 2 s (they once began again at 0). The
    // firmware stamps its estimates with the run's own clock: its 500 ms of run 1 is 2.500 s
    // here, plotted beside the truth of that instant. An estimate of the old run arriving after
    // the reset (1,990 ms: 3.99 s by the new run, 1.59 s ahead of any truth, more than an
    // estimate ever leads) is the old run's 1.990 s, and holds nothing up.
    TelemetryPlots plots;
    std::vector<navigator::TelemetrySample> batch;
    auto add = [&](std::int64_t from_us, std::int64_t to_us, std::uint32_t run, std::int64_t run_start_us) {
      batch.clear();
      for (std::int64_t t = from_us; t <= to_us; t += 1000) {
        navigator::TelemetrySample s;
        s.time_us = t;
        s.run = run;
        s.run_start_us = run_start_us;
        s.attitude_WB_wxyz = {1, 0, 0, 0};
        batch.push_back(s);
      }
      plots.appendSamples(batch);
    };
    add(1000, 2'000'000, 0, 0);
    add(2'001'000, 2'400'000, 1, 2'000'000);
    navigator::AttitudeSample late, estimate;
    late.time_boot_ms = 1990;
    plots.appendEstimate(late);
    estimate.time_boot_ms = 500;
    estimate.roll_rad = 0.01f;
    plots.appendEstimate(estimate);
    add(2'401'000, 3'000'000, 1, 2'000'000);
    for (LivePlot* p : plots.plots()) {
      if (p == plots.plots().last()) continue;
      QCOMPARE(p->buffer().newestTime_s(), 3.0);
      QCOMPARE(p->buffer().oldestTime_s(), 1e-3);  // the 10 s window holds all since the start
    }
    const navigator::TimeSeriesBuffer& attitude = plots.plots().last()->buffer();
    QCOMPARE(int(attitude.size()), 2);
    QCOMPARE(attitude.time_s(0), 1.99);
    QCOMPARE(attitude.time_s(1), 2.5);
    QCOMPARE(attitude.value(1, 3), double(0.01f) * 180.0 / M_PI);  // roll est. [deg]
  }

  void rotorPlacesAroundTheBody() {
    // Bearing from the nose, clockwise seen from above (body FRD: x forward, y right).
    QCOMPARE(TelemetryPlots::rotorPositionName(0.2, 0.2), QStringLiteral("front right"));
    QCOMPARE(TelemetryPlots::rotorPositionName(-0.2, -0.2), QStringLiteral("rear left"));
    QCOMPARE(TelemetryPlots::rotorPositionName(0.2, -0.2), QStringLiteral("front left"));
    QCOMPARE(TelemetryPlots::rotorPositionName(-0.2, 0.2), QStringLiteral("rear right"));
    QCOMPARE(TelemetryPlots::rotorPositionName(0.3, 0.0), QStringLiteral("front"));  // hex, + layout
    QCOMPARE(TelemetryPlots::rotorPositionName(-0.3, 0.0), QStringLiteral("rear"));
    QCOMPARE(TelemetryPlots::rotorPositionName(0.0, 0.3), QStringLiteral("right"));
    QCOMPARE(TelemetryPlots::rotorPositionName(0.0, 0.0), QString());  // a coaxial centre: no place
  }

  void everySeriesNamedWithItsUnit() {
    TelemetryPlots plots;
    // A hexacopter in + layout: six motors, named by number and place, in the firmware's order.
    const double c = std::cos(M_PI / 3), s = std::sin(M_PI / 3);
    plots.setRotorPositions({{1, 0}, {-1, 0}, {-c, -s}, {c, s}, {c, -s}, {-c, s}});
    LivePlot* duty = plots.plot(QStringLiteral("Motor duty"));
    QVERIFY(duty);
    QCOMPARE(duty->channels().size(), 6);
    // The legend names the series; the unit, the same for all, is the y axis's label.
    QCOMPARE(duty->customPlot()->graph(0)->name(), QStringLiteral("motor 1 front"));
    QCOMPARE(duty->customPlot()->graph(3)->name(), QStringLiteral("motor 4 front right"));
    QCOMPARE(duty->customPlot()->yAxis->label(), QStringLiteral("[%]"));
    QCOMPARE(plots.plot(QStringLiteral("Rotor speed"))->customPlot()->graph(5)->name(),
             QStringLiteral("motor 6 rear right"));
    LivePlot* attitude = plots.plot(QStringLiteral("Attitude: true vs estimated"));
    QCOMPARE(attitude->customPlot()->graph(0)->name(), QStringLiteral("roll true"));
    QCOMPARE(attitude->customPlot()->graph(3)->name(), QStringLiteral("roll est."));
    QVERIFY(attitude->legendText().contains(QStringLiteral("roll est. [deg] (dashed)")));
    // Told apart by line style, not only colour: the same colour, solid and dashed.
    QCOMPARE(attitude->customPlot()->graph(0)->pen().color(), attitude->customPlot()->graph(3)->pen().color());
    QCOMPARE(attitude->customPlot()->graph(0)->pen().style(), Qt::SolidLine);
    QCOMPARE(attitude->customPlot()->graph(3)->pen().style(), Qt::DashLine);
    LivePlot* wind = plots.plot(QStringLiteral("Wind (NED)"));
    QCOMPARE(wind->customPlot()->graph(0)->name(), QStringLiteral("wind north"));
    QCOMPARE(wind->customPlot()->graph(3)->name(), QStringLiteral("gust north"));
    QCOMPARE(wind->customPlot()->graph(3)->pen().style(), Qt::DashLine);
    // Every series of every plot, as the tooltip lists them: a name of words (not "p", "ro")
    // and a unit in brackets; and the y axis says the unit.
    for (LivePlot* p : plots.plots()) {
      const QStringList lines = p->legendText().split(QLatin1Char('\n'));
      QCOMPARE(lines.size(), p->customPlot()->graphCount());
      for (const QString& line : lines)
        QVERIFY2(line.contains(QRegularExpression(QStringLiteral("^[a-z]{3,}.* \\[[^\\]]+\\]( \\(dashed\\))?$"))),
                 qPrintable(line));
      QVERIFY2(p->customPlot()->yAxis->label().startsWith(QLatin1Char('[')), qPrintable(p->title()));
    }
    // The calm-wind case: autoscale keeps at least 1 m/s on show.
    QCOMPARE(wind->minimumYSpan(), 1.0);
  }
};

QTEST_MAIN(TelemetryPlotsTest)
#include "telemetry_plots_test.moc"
