// LivePlot on the offscreen platform: pause keeps recording and freezes the x range, resume
// follows again, the graphs stay in step with the buffer, CSV export of a known visible range,
// export errors, the 60 Hz replot cap under 1 kHz appends, no replot when idle.
#include "widgets/plots/live_plot.h"

#include <QTemporaryDir>
#include <QLabel>
#include <QFileDialog>
#include <QSettings>
#include <QStandardPaths>
#include <QSignalSpy>
#include <QTimer>
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <limits>
#include <memory>

using navigator::LivePlot;

namespace {

// Time of sample k at 100 Hz: k / 100.0 is correctly rounded, so 1.0 and 2.0 are exact.
double t100(int k) { return k / 100.0; }

}  // namespace

class LivePlotTest : public QObject {
  Q_OBJECT
 private slots:
  void init();
  void cleanup();
  void liveFollowsTheNewestSample();
  void pauseKeepsRecordingAndFreezesX();
  void resumeFollowsAgain();
  void graphsFollowTheBufferIncrementally();
  void autoscaleFitsVisibleData();
  void windowAndClear();
  void csvOfVisibleRange();
  void csvToUnwritablePathNamesIt();
  void replotCappedAt60Hz();
  void noReplotWhenIdleOrHidden();
  void refusedSamplesAreCounted();
  void pauseFreezesTheSamplesOnShow();
  void autoscaleKeepsAMinimumSpan();
  void legendWrapsOrMovesIntoTheTooltip();
  void titlesAndLegendsAreNeverCut();
  void csvExportOpensInTheDocumentsAndSaysWhereItWrote();
  void buttonsStayInTheRowWhenNarrow();
  void exportFileNameIsSafe();
  void redrawsKeepUpWithABusyAppendingTimer();
  void csvWhileLiveWritesTheWindowOnShow();
  void timeLabelsNeverRunTogether();

 private:
  void appendRamp(int from_k, int to_k);  // samples k in [from_k, to_k) at 100 Hz: (t, 2t)

  std::unique_ptr<LivePlot> plot_;
};

void LivePlotTest::init() {
  plot_ = std::make_unique<LivePlot>(QStringLiteral("Test"),
                                     QList<navigator::PlotChannel>{{"a", "m", Qt::red}, {"b", "m/s", Qt::blue}});
  plot_->resize(800, 300);
  plot_->show();
  QVERIFY(QTest::qWaitForWindowExposed(plot_.get()));
}

void LivePlotTest::cleanup() { plot_.reset(); }

void LivePlotTest::appendRamp(int from_k, int to_k) {
  for (int k = from_k; k < to_k; ++k) plot_->append(t100(k), {t100(k), 2 * t100(k)});
}

void LivePlotTest::liveFollowsTheNewestSample() {
  appendRamp(0, 1501);  // 0 … 15 s
  plot_->replotNow();
  QCOMPARE(plot_->visibleTo_s(), 15.0);
  QCOMPARE(plot_->visibleFrom_s(), 5.0);
}

void LivePlotTest::pauseKeepsRecordingAndFreezesX() {
  appendRamp(0, 501);  // 0 … 5 s
  plot_->replotNow();
  plot_->setPaused(true);
  QVERIFY(plot_->isPaused());
  const double from = plot_->visibleFrom_s(), to = plot_->visibleTo_s();
  QCOMPARE(to, 5.0);
  appendRamp(501, 801);  // to 8 s
  const qint64 redraws = plot_->replotCount();
  QTRY_VERIFY(plot_->replotCount() > redraws);  // the pacing's own redraw of the new samples
  QCOMPARE(plot_->visibleFrom_s(), from);
  QCOMPARE(plot_->visibleTo_s(), to);
  QCOMPARE(plot_->buffer().size(), std::size_t(801));
  QCOMPARE(plot_->buffer().newestTime_s(), 8.0);
  // paused, the x axis is the user's: drag and zoom act on it
  QVERIFY(plot_->customPlot()->axisRect()->rangeDrag().testFlag(Qt::Horizontal));
}

void LivePlotTest::resumeFollowsAgain() {
  appendRamp(0, 501);
  plot_->setVisibleTimeRange(1.0, 2.0);  // a user pan: pauses
  QVERIFY(plot_->isPaused());
  plot_->replotNow();
  QCOMPARE(plot_->visibleFrom_s(), 1.0);
  appendRamp(501, 1201);  // to 12 s: samples before 2 s leave the 10 s window
  plot_->setPaused(false);
  plot_->replotNow();
  QCOMPARE(plot_->visibleTo_s(), 12.0);
  QCOMPARE(plot_->visibleFrom_s(), 2.0);
  QVERIFY(!plot_->customPlot()->axisRect()->rangeDrag().testFlag(Qt::Horizontal));
  appendRamp(1201, 1301);
  QTRY_COMPARE(plot_->visibleTo_s(), 13.0);  // the pacing timer, not replotNow
}

void LivePlotTest::graphsFollowTheBufferIncrementally() {
  // batches of various sizes, some replots skipped, the window overtaking unsynced samples
  int k = 0;
  for (int batch : {1, 7, 300, 1, 1500, 20, 2000}) {
    appendRamp(k, k + batch);
    k += batch;
    if (batch != 1500) plot_->replotNow();
  }
  const auto& b = plot_->buffer();
  for (int c = 0; c < 2; ++c) {
    const QCPGraphDataContainer& data = *plot_->customPlot()->graph(c)->data();
    QCOMPARE(std::size_t(data.size()), b.size());
    QCOMPARE(data.constBegin()->key, b.oldestTime_s());
    QCOMPARE((data.constEnd() - 1)->key, b.newestTime_s());
    QCOMPARE((data.constEnd() - 1)->value, b.value(b.size() - 1, c));
  }
  QCOMPARE(b.size(), std::size_t(1001));  // 10 s at 100 Hz, closed window
}

void LivePlotTest::autoscaleFitsVisibleData() {
  QVERIFY(plot_->autoscaleY());
  appendRamp(0, 1501);  // visible 5 … 15 s: values 5 … 30
  plot_->replotNow();
  // 5 % of the 25 span as margin
  QCOMPARE_LT(std::abs(plot_->visibleYLower() - (5 - 1.25)), 1e-9);
  QCOMPARE_LT(std::abs(plot_->visibleYUpper() - (30 + 1.25)), 1e-9);
  plot_->setAutoscaleY(false);
  QVERIFY(plot_->customPlot()->axisRect()->rangeDrag().testFlag(Qt::Vertical));
  appendRamp(1501, 2001);
  plot_->replotNow();
  QCOMPARE_LT(std::abs(plot_->visibleYUpper() - 31.25), 1e-9);  // the range stays
}

void LivePlotTest::windowAndClear() {
  QSignalSpy changed(plot_.get(), &LivePlot::windowChanged);
  appendRamp(0, 1501);
  plot_->setWindow(3.0);
  QCOMPARE(changed.count(), 1);
  plot_->replotNow();
  QCOMPARE(plot_->buffer().size(), std::size_t(301));
  QCOMPARE(plot_->customPlot()->graph(0)->data()->size(), 301);
  QCOMPARE(plot_->visibleFrom_s(), 12.0);
  plot_->setWindow(500.0);
  QCOMPARE(plot_->window_s(), 120.0);
  plot_->clear();
  plot_->replotNow();
  QVERIFY(plot_->buffer().empty());
  QCOMPARE(plot_->customPlot()->graph(1)->data()->size(), 0);
  plot_->append(0.5, {1.0, 2.0});  // a new run may start at an earlier time
  QCOMPARE(plot_->buffer().size(), std::size_t(1));
}

void LivePlotTest::csvOfVisibleRange() {
  appendRamp(0, 501);
  plot_->append(t100(501), {std::numeric_limits<double>::quiet_NaN(), 1.0});
  plot_->setVisibleTimeRange(1.0, 2.0);
  QTemporaryDir dir;
  const QString path = dir.filePath("shown.csv");
  const navigator::CsvExportResult r = plot_->exportCsv(path);
  QVERIFY2(r.ok, qPrintable(r.error));
  QCOMPARE(r.rows, qsizetype(101));  // 1.00, 1.01, … 2.00: the closed visible range at 100 Hz
  QFile f(path);
  QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
  const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), 102);
  QCOMPARE(lines[0], QStringLiteral("time_s,a_m,b_m/s"));
  QCOMPARE(lines[1], QStringLiteral("1,1,2"));
  QCOMPARE(lines[101], QStringLiteral("2,2,4"));
  for (int i = 1; i <= 101; ++i) {
    const QStringList f = lines[i].split(',');
    QCOMPARE(f.size(), 3);
    const double t = t100(99 + i);
    QCOMPARE(f[0].toDouble(), t);  // shortest round-trip text reads back exactly
    QCOMPARE(f[1].toDouble(), t);
    QCOMPARE(f[2].toDouble(), 2 * t);
  }
  // the NaN gap is written as "nan"
  plot_->setVisibleTimeRange(5.0, 5.01);
  QVERIFY(plot_->exportCsv(path).ok);
  f.close();
  QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
  QCOMPARE(QString::fromUtf8(f.readAll()), QStringLiteral("time_s,a_m,b_m/s\n5,5,10\n5.01,nan,1\n"));
  QCOMPARE(LivePlot::csvColumnName({"steady north", "m/s", {}}), QStringLiteral("steady_north_m/s"));
  QCOMPARE(LivePlot::csvColumnName({"a,b\"c", "", {}}), QStringLiteral("a_b_c"));
}

void LivePlotTest::csvToUnwritablePathNamesIt() {
  appendRamp(0, 10);
  const QString path = QStringLiteral("/nonexistent-navigator-dir/plot.csv");
  const navigator::CsvExportResult r = plot_->exportCsv(path);
  QVERIFY(!r.ok);
  QVERIFY2(r.error.contains(path), qPrintable(r.error));
  QVERIFY(r.error.size() > path.size() + 16);  // and a reason
  // an existing file is left whole when the export cannot replace it (a directory, here)
  QTemporaryDir dir;
  const navigator::CsvExportResult d = plot_->exportCsv(dir.path());
  QVERIFY(!d.ok);
  QVERIFY(d.error.contains(dir.path()));
}

void LivePlotTest::replotCappedAt60Hz() {
  // 1 kHz appends for 2 s of a clock the test drives, the event loop running between them as the
  // GUI's would. A redraw is due 16,666,666 ns (1/60 s, rounded down) after the last, so on a
  // 1 ms grid the redraws fall every 17 ms from the clock's start: at 17, 34, …, 1989 ms — 117.
  qint64 now_ns = 0;
  plot_->setClock([&now_ns] { return now_ns; });
  const qint64 before = plot_->replotCount();
  auto pump = [] {
    QCoreApplication::processEvents(QEventLoop::AllEvents);
    QCoreApplication::processEvents(QEventLoop::AllEvents);  // a timer started in the first pass fires in the second
  };
  int k = 0;
  for (; k < 2000; ++k) {
    now_ns = qint64(k) * 1'000'000;
    plot_->append(k / 1000.0, {std::sin(k / 100.0), std::cos(k / 100.0)});
    pump();
  }
  QCOMPARE(plot_->buffer().counters().stored, std::uint64_t(k));
  QCOMPARE(plot_->replotCount() - before, qint64(117));

  // A lower cap holds the same way: at 20 Hz (50 ms) from the last redraw at 1989 ms, the
  // next 1000 ms of appends (2000 … 2999 ms) redraw at 2039, 2089, …, 2989 ms — 20.
  plot_->setMaxReplotRate(20.0);
  QCOMPARE(plot_->maxReplotRate_hz(), 20.0);
  const qint64 before20 = plot_->replotCount();
  for (; k < 3000; ++k) {
    now_ns = qint64(k) * 1'000'000;
    plot_->append(k / 1000.0, {0.0, 1.0});
    pump();
  }
  QCOMPARE(plot_->replotCount() - before20, qint64(20));
  plot_->setMaxReplotRate(1000.0);
  QCOMPARE(plot_->maxReplotRate_hz(), 60.0);
}

void LivePlotTest::noReplotWhenIdleOrHidden() {
  qint64 now_ns = 0;
  plot_->setClock([&now_ns] { return now_ns; });
  appendRamp(0, 10);
  now_ns += 20'000'000;  // past one interval: the redraw is due
  plot_->append(t100(10), {t100(10), 2 * t100(10)});
  QTRY_VERIFY(plot_->replotCount() > 0);
  const qint64 idle = plot_->replotCount();
  now_ns += 10'000'000'000;  // ten seconds later, nothing new
  QCoreApplication::processEvents();
  QCOMPARE(plot_->replotCount(), idle);  // nothing changed: nothing drawn
  plot_->hide();
  appendRamp(11, 20);
  now_ns += 1'000'000'000;
  QCoreApplication::processEvents();
  QCOMPARE(plot_->replotCount(), idle);  // hidden: the data waits in the buffer
  plot_->show();
  QTRY_COMPARE(plot_->replotCount(), idle + 1);
  QCOMPARE(plot_->customPlot()->graph(0)->data()->size(), 20);
}

void LivePlotTest::refusedSamplesAreCounted() {
  plot_->append(1.0, {1.0, 1.0});
  plot_->append(0.5, {1.0, 1.0});
  plot_->append(std::numeric_limits<double>::quiet_NaN(), {1.0, 1.0});
  plot_->append(2.0, {1.0});
  const auto& c = plot_->buffer().counters();
  QCOMPARE(c.stored, std::uint64_t(1));
  QCOMPARE(c.refused_out_of_order, std::uint64_t(1));
  QCOMPARE(c.refused_non_finite_time, std::uint64_t(1));
  QCOMPARE(c.refused_wrong_width, std::uint64_t(1));
}

void LivePlotTest::pauseFreezesTheSamplesOnShow() {
  // Seen before: a paused plot emptied within one window length while recording went on. Paused,
  // the 501 samples on show (0 … 5 s) stay — in the graphs, the autoscale and an export — while
  // 25 s more are recorded (the 10 s window of the buffer has long dropped them).
  appendRamp(0, 501);
  plot_->replotNow();
  plot_->setPaused(true);
  appendRamp(501, 3001);  // to 30 s
  plot_->replotNow();
  QCOMPARE(plot_->buffer().oldestTime_s(), 20.0);  // recording went on, its window moved
  QCOMPARE(plot_->shownSamples().size(), std::size_t(501));
  QCOMPARE(plot_->shownSamples().newestTime_s(), 5.0);
  for (int c = 0; c < 2; ++c) {
    const QCPGraphDataContainer& data = *plot_->customPlot()->graph(c)->data();
    QCOMPARE(data.size(), 501);
    QCOMPARE(data.constBegin()->key, 0.0);
    QCOMPARE((data.constEnd() - 1)->key, 5.0);
  }
  // y fits the frozen data, 0 … 10 (channel b = 2t) with 5 % margin, not the live 40 … 60.
  QCOMPARE_LT(std::abs(plot_->visibleYUpper() - 10.5), 1e-9);
  // Zoom into the frozen samples, and export them.
  plot_->setVisibleTimeRange(1.0, 2.0);
  plot_->replotNow();
  QCOMPARE_LT(std::abs(plot_->visibleYUpper() - (4.0 + 0.15)), 1e-9);  // a, b over 1 … 2 s: 1 … 4, 5 % of 3
  QTemporaryDir dir;
  const navigator::CsvExportResult r = plot_->exportCsv(dir.filePath("frozen.csv"));
  QVERIFY2(r.ok, qPrintable(r.error));
  QCOMPARE(r.rows, qsizetype(101));
  // Resume: live again, with what was recorded meanwhile.
  plot_->setPaused(false);
  plot_->replotNow();
  QCOMPARE(plot_->visibleTo_s(), 30.0);
  QCOMPARE(plot_->customPlot()->graph(0)->data()->size(), 1001);
  QCOMPARE(plot_->customPlot()->graph(0)->data()->constBegin()->key, 20.0);
}

void LivePlotTest::autoscaleKeepsAMinimumSpan() {
  // Seen before: a calm wind (2·10⁻¹⁸ m/s of round-off) was autoscaled to fill the plot. With a
  // minimum span of 1 the range is 1 wide around the data's middle.
  plot_->setMinimumYSpan(1.0);
  for (int k = 0; k < 100; ++k) plot_->append(t100(k), {(k % 2 ? 2e-18 : -2e-18), 0.0});
  plot_->replotNow();
  QCOMPARE_LT(std::abs(plot_->visibleYLower() + 0.5), 1e-12);
  QCOMPARE_LT(std::abs(plot_->visibleYUpper() - 0.5), 1e-12);
  // Data wider than the minimum is fitted as before (5 % margin).
  plot_->clear();
  appendRamp(0, 1001);  // b: 0 … 20
  plot_->replotNow();
  QCOMPARE_LT(std::abs(plot_->visibleYUpper() - 21.0), 1e-9);
}

void LivePlotTest::legendWrapsOrMovesIntoTheTooltip() {
  // Seven series (the wind plot): at 900 px they fit on two legend lines; at 220 px they would
  // take four, so the legend moves into the tooltip and the title says so. The tooltip always
  // names every series with its unit, and a dashed one as dashed.
  QList<navigator::PlotChannel> channels;
  for (int i = 0; i < 6; ++i)
    channels.append({QStringLiteral("series %1").arg(i), QStringLiteral("m/s"), navigator::plotColour(i),
                     i >= 3 ? Qt::DashLine : Qt::SolidLine});
  channels.append({QStringLiteral("airspeed"), QStringLiteral("m/s"), Qt::black});
  LivePlot wide(QStringLiteral("Wind"), channels);
  wide.resize(900, 300);
  wide.show();
  QVERIFY(QTest::qWaitForWindowExposed(&wide));
  QVERIFY(wide.legendShown());
  QCOMPARE_GE(wide.customPlot()->legend->wrap(), 4);
  QCOMPARE(wide.customPlot()->graph(3)->pen().style(), Qt::DashLine);
  wide.resize(220, 300);
  QTRY_VERIFY(!wide.legendShown());
  const QString tip = wide.customPlot()->toolTip();
  QVERIFY2(tip.contains(QStringLiteral("series 0 [m/s]")) && tip.contains(QStringLiteral("series 5 [m/s] (dashed)")) &&
               tip.contains(QStringLiteral("airspeed [m/s]")),
           qPrintable(tip));
  wide.resize(900, 300);
  QTRY_VERIFY(wide.legendShown());  // and back when there is room
}

void LivePlotTest::titlesAndLegendsAreNeverCut() {
  // Seen before: at 1280×800 (plots about 205 px wide) titles were cut ("Accelerometer (sen",
  // the Wind title under its (i)) and legend entries too ("ro", "pit", "ya"): the legend's
  // columns were set but its entries not rearranged. Now, at 205 and 420 px, in English and in
  // German's longer words: every legend entry on show lies whole inside the plot, a title that
  // does not fit beside the buttons has a line (or two) of its own, and the tooltip's legend
  // has a swatch in each series' colour.
  const QList<navigator::PlotChannel> attitude = {
      {QStringLiteral("roll true"), QStringLiteral("deg"), navigator::plotColour(0)},
      {QStringLiteral("pitch true"), QStringLiteral("deg"), navigator::plotColour(1)},
      {QStringLiteral("yaw true"), QStringLiteral("deg"), navigator::plotColour(2)},
      {QStringLiteral("roll est."), QStringLiteral("deg"), navigator::plotColour(0), Qt::DashLine},
      {QStringLiteral("pitch est."), QStringLiteral("deg"), navigator::plotColour(1), Qt::DashLine},
      {QStringLiteral("yaw est."), QStringLiteral("deg"), navigator::plotColour(2), Qt::DashLine}};
  for (const QString& title :
       {QStringLiteral("Attitude: true vs estimated"), QStringLiteral("Beschleunigungsmesser (Sensorachsen)")})
    for (const int width : {205, 420}) {
      LivePlot p(title, attitude);
      p.resize(width, 260);
      p.show();
      QVERIFY(QTest::qWaitForWindowExposed(&p));
      p.replotNow();
      QCustomPlot* cp = p.customPlot();
      if (p.legendShown()) {
        for (int i = 0; i < cp->legend->itemCount(); ++i) {
          const QRect r = cp->legend->item(i)->outerRect();
          QVERIFY2(r.left() >= 0 && r.right() <= cp->width(),
                   qPrintable(QStringLiteral("%1 at %2 px: entry %3 at %4…%5 of %6")
                                  .arg(title)
                                  .arg(width)
                                  .arg(i)
                                  .arg(r.left())
                                  .arg(r.right())
                                  .arg(cp->width())));
          auto* entry = qobject_cast<QCPPlottableLegendItem*>(cp->legend->item(i));
          QVERIFY(entry);
          const int text = QFontMetrics(cp->legend->font()).horizontalAdvance(entry->plottable()->name());
          QCOMPARE_GE(r.width(), text + cp->legend->iconSize().width());
        }
      }
      auto* label = p.findChild<QLabel*>(QStringLiteral("plotTitle"));
      QVERIFY(label);
      QFont bold = label->font();
      bold.setBold(true);
      if (!p.titleOnItsOwnLine()) {
        QCOMPARE_GE(label->width(), QFontMetrics(bold).horizontalAdvance(title));
      } else {
        QVERIFY(label->wordWrap());
        QTRY_VERIFY(label->height() >= label->heightForWidth(label->width()));
      }
    }
  LivePlot p(QStringLiteral("Attitude"), attitude);
  const QString html = p.legendHtml();
  for (const navigator::PlotChannel& ch : attitude)
    QVERIFY2(html.contains(QStringLiteral("color:") + ch.colour.name()), qPrintable(html));
  QVERIFY(html.contains(QStringLiteral("roll est. [deg] (dashed)")));
}

void LivePlotTest::csvExportOpensInTheDocumentsAndSaysWhereItWrote() {
  // Seen before: the export dialog opened in the process's working directory and nothing was
  // said after saving. It opens in the user's documents (QStandardPaths' test location here),
  // then in the folder used last; once written, the plot says where and how many rows.
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
  QSettings().remove(QStringLiteral("plots/csvFolder"));
  QTemporaryDir out;
  appendRamp(0, 101);
  plot_->replotNow();
  QSignalSpy exported(plot_.get(), &LivePlot::exported);
  plot_->exportButton()->click();
  QFileDialog* dialog = nullptr;
  QTRY_VERIFY((dialog = plot_->findChild<QFileDialog*>(QStringLiteral("csvExportDialog"))) && dialog->isVisible());
  const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  const QString expected = QFileInfo(documents).isDir() ? documents : QDir::homePath();  // (no Documents here: home)
  QCOMPARE(QDir(dialog->directory()).absolutePath(), QDir(expected).absolutePath());
  QVERIFY(QDir(dialog->directory()).absolutePath() != QDir::currentPath());
  const QString path = out.filePath(QStringLiteral("ramp.csv"));
  dialog->selectFile(path);
  static_cast<QDialog*>(dialog)->accept();  // public in QDialog: as Save does (QFileDialog::accept checks the name)
  QTRY_COMPARE(exported.count(), 1);
  QCOMPARE(exported.at(0).at(0).toString(), path);
  const qsizetype rows = exported.at(0).at(1).value<qsizetype>();
  QCOMPARE(rows, qsizetype(101));  // the 101 samples on show (0 … 1 s at 100 Hz)
  QVERIFY(QFileInfo::exists(path));
  QCOMPARE(plot_->exportButton()->toolTip(),
           QStringLiteral("Saved 101 rows to %1").arg(QDir::toNativeSeparators(path)));
  // The next export opens where this one went.
  QCOMPARE(LivePlot::csvFolder(), out.path());
}

void LivePlotTest::buttonsStayInTheRowWhenNarrow() {
  // At 1280×800 a plot is about 220 px wide, and Pause and Export once went into a "»"
  // menu. Now they are buttons that stay in the row, whole, whatever the title's length.
  LivePlot narrow(QStringLiteral("Accelerometer (sensor axes) with a long title"),
                  navigator::xyzChannels("a ", "m/s²"));
  narrow.resize(210, 200);
  narrow.show();
  QVERIFY(QTest::qWaitForWindowExposed(&narrow));
  for (QWidget* b : {static_cast<QWidget*>(narrow.pauseButton()), static_cast<QWidget*>(narrow.autoscaleButton()),
                     static_cast<QWidget*>(narrow.exportButton())}) {
    QVERIFY(b->isVisible());
    const QRect r(b->mapTo(&narrow, QPoint(0, 0)), b->size());
    QVERIFY2(narrow.rect().contains(r), qPrintable(QStringLiteral("%1 at %2,%3 %4×%5")
                                                       .arg(b->objectName())
                                                       .arg(r.x())
                                                       .arg(r.y())
                                                       .arg(r.width())
                                                       .arg(r.height())));
    QCOMPARE_GE(r.width(), b->sizeHint().width());
  }
  QCOMPARE(narrow.exportButton()->text(), QStringLiteral("CSV"));
  QCOMPARE(narrow.exportButton()->toolButtonStyle(), Qt::ToolButtonTextBesideIcon);
  QTest::mouseClick(narrow.pauseButton(), Qt::LeftButton);
  QVERIFY(narrow.isPaused());
  QTest::mouseClick(narrow.pauseButton(), Qt::LeftButton);
  QVERIFY(!narrow.isPaused());
}

void LivePlotTest::exportFileNameIsSafe() {
  // The suggested name once had a colon ("Attitude: true vs estimated.csv").
  const QDateTime when(QDate(2026, 11, 25), QTime(14, 3, 9));
  QCOMPARE(LivePlot::defaultCsvFileName(QStringLiteral("Attitude: true vs estimated"), when),
           QStringLiteral("attitude_true_vs_estimated_2026-11-25_14-03-09.csv"));
  QCOMPARE(LivePlot::defaultCsvFileName(QStringLiteral("Wind (NED)"), when),
           QStringLiteral("wind_ned_2026-11-25_14-03-09.csv"));
  QCOMPARE(LivePlot::defaultCsvFileName(QStringLiteral("/:*?"), when), QStringLiteral("plot_2026-11-25_14-03-09.csv"));
}

void LivePlotTest::redrawsKeepUpWithABusyAppendingTimer() {
  // A loaded GUI thread: the timer that appends is always overdue (here a 0 ms repeating one, due
  // at every pass of the event loop), and every append finds a redraw due (the test's clock
  // moves 20 ms per append, more than the 60 Hz interval). Each pass runs the appending timer
  // first; a redraw asked for in one pass comes in the next (a timer started while timers are
  // being run waits for the next pass), so the plot redraws every other append: 50 of 100. A
  // redraw timer restarted at every append was pushed behind the appender for ever: 0.
  qint64 now_ns = 0;
  plot_->setClock([&now_ns] { return now_ns; });
  const qint64 before = plot_->replotCount();
  int appends = 0;
  QTimer appender;
  appender.setInterval(0);
  QObject::connect(&appender, &QTimer::timeout, [&] {
    now_ns += 20'000'000;
    plot_->append(appends / 100.0, {1.0, 2.0});
    if (++appends == 100) appender.stop();
  });
  appender.start();
  QVERIFY(QTest::qWaitFor([&] { return appends == 100; }, 10000));  // (bounds a hang only)
  QCoreApplication::processEvents();
  QCOMPARE_GE(plot_->replotCount() - before, qint64(49));  // (the last may come after the loop's end)
  QCOMPARE(plot_->visibleTo_s(), 0.99);                    // the newest sample is on show
}

void LivePlotTest::csvWhileLiveWritesTheWindowOnShow() {
  // Live, the window up to the newest sample is what is on show, even when the axis has not been
  // redrawn since (a busy GUI): 15 s at 100 Hz with a 10 s window is 5.00 … 15.00 s, 1001 rows.
  plot_->hide();  // no redraw at all: the axis still shows 0 … 10 s
  appendRamp(0, 1501);
  QTemporaryDir dir;
  const navigator::CsvExportResult r = plot_->exportCsv(dir.filePath("live.csv"));
  QVERIFY2(r.ok, qPrintable(r.error));
  QCOMPARE(r.rows, qsizetype(1001));
  QFile f(dir.filePath("live.csv"));
  QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
  const QStringList lines = QString::fromUtf8(f.readAll()).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.value(1), QStringLiteral("5,5,10"));
  QCOMPARE(lines.value(1001), QStringLiteral("15,15,30"));
}

void LivePlotTest::timeLabelsNeverRunTogether() {
  // The Fly page's plots are a quarter of the window wide, less the side panel: from about 160 px
  // (their minimum) up to a full-width plot. At each width, on the simulated clock's hundreds of
  // seconds (where "210212214216218" once ran together) and far beyond, the labels the axis draws
  // do not touch: each pair of neighbours is at least its half widths apart, plus one space.
  for (const double newest_s : {15.0, 218.0, 4321.5, 123456.0}) {
    for (const int width : {160, 200, 240, 280, 320, 400, 640, 1200}) {
      LivePlot plot(QStringLiteral("Ticks"), {{"a", "m", Qt::red}});
      plot.resize(width, 200);
      plot.show();
      QVERIFY(QTest::qWaitForWindowExposed(&plot));
      for (int k = 0; k <= 1000; ++k) plot.append(newest_s - 10.0 + k / 100.0, {0.0});
      plot.replotNow();
      plot.replotNow();  // (the axis rect's width is laid out by the first)
      QCustomPlot* cp = plot.customPlot();
      const QFontMetrics metrics(cp->xAxis->tickLabelFont());
      const QVector<double> ticks = cp->xAxis->tickVector();
      const QVector<QString> labels = cp->xAxis->tickVectorLabels();
      // At least one label: the narrowest plot's axis (about 70 px beside the y labels) holds
      // one time of four digits or more; a wide one a label every second or two.
      QVERIFY2(!ticks.isEmpty(), qPrintable(QStringLiteral("%1 px at %2 s: no tick").arg(width).arg(newest_s)));
      if (width >= 640) QCOMPARE_GE(ticks.size(), 5);
      const int space = metrics.horizontalAdvance(QLatin1Char(' '));
      for (int i = 1; i < ticks.size(); ++i) {
        const double apart_px = cp->xAxis->coordToPixel(ticks[i]) - cp->xAxis->coordToPixel(ticks[i - 1]);
        const double needed_px =
            0.5 * (metrics.horizontalAdvance(labels[i - 1]) + metrics.horizontalAdvance(labels[i])) + space;
        QVERIFY2(apart_px >= needed_px, qPrintable(QStringLiteral("%1 px at %2 s: '%3' and '%4' %5 px apart, need %6")
                                                       .arg(width)
                                                       .arg(newest_s)
                                                       .arg(labels[i - 1], labels[i])
                                                       .arg(apart_px)
                                                       .arg(needed_px)));
      }
    }
  }
}

QTEST_MAIN(LivePlotTest)
#include "live_plot_test.moc"
