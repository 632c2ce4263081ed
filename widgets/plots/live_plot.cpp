#include "widgets/plots/live_plot.h"

#include "widgets/plots/time_series_csv.h"

#include <QAction>
#include <QDateTime>
#include <QHBoxLayout>
#include <QStyle>
#include <QToolButton>
#include <QDoubleSpinBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace navigator {
namespace {

constexpr double kYMargin = 0.05;  // of the data's span, above and below

}  // namespace

QColor plotColour(int index) {
  // Okabe–Ito, distinguishable with the common colour-vision deficiencies
  static const QColor kPalette[] = {QColor(0xd5, 0x5e, 0x00), QColor(0x00, 0x9e, 0x73), QColor(0x00, 0x72, 0xb2),
                                    QColor(0xe6, 0x9f, 0x00), QColor(0xcc, 0x79, 0xa7), QColor(0x56, 0xb4, 0xe9),
                                    QColor(0x00, 0x00, 0x00), QColor(0xf0, 0xe4, 0x42)};
  return kPalette[index % 8];
}

QList<PlotChannel> xyzChannels(const QString& prefix, const QString& unit) {
  return {{prefix + QStringLiteral("x"), unit, QColor(0xd6, 0x27, 0x28)},
          {prefix + QStringLiteral("y"), unit, QColor(0x2c, 0xa0, 0x2c)},
          {prefix + QStringLiteral("z"), unit, QColor(0x1f, 0x77, 0xb4)}};
}

LivePlot::LivePlot(const QString& title, const QList<PlotChannel>& channels, QWidget* parent)
    : QWidget(parent), title_(title), channels_(channels), buffer_(int(std::max<qsizetype>(channels.size(), 1))) {
  buildPlot();
  QAction* export_action = buildActions();
  buildHeader(export_action);
  plot_->setContextMenuPolicy(Qt::ActionsContextMenu);
  plot_->addActions({pause_action_, autoscale_action_, export_action});

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addLayout(title_row_);
  layout->addLayout(header_);
  layout->addWidget(plot_, 1);

  replot_timer_ = new QTimer(this);
  replot_timer_->setSingleShot(true);
  replot_timer_->setTimerType(Qt::PreciseTimer);  // a coarse timer may fire early, breaking the 60 Hz cap
  connect(replot_timer_, &QTimer::timeout, this, &LivePlot::onReplotTimer);
  monotonic_.start();
  last_replot_ns_ = nowNs();
  updateInteractions();
  plot_->setToolTip(legendHtml());
}

// The plot: a graph per channel, the y axis's unit when they share one, the legend in its own
// row above the axes.
void LivePlot::buildPlot() {
  plot_ = new QCustomPlot(this);
  // not phFastPolylines: with 1 px pens the raster engine's polyline is ~25 % faster (bench_plots)
  plot_->setPlottingHints(QCP::phCacheLabels);
  plot_->setNoAntialiasingOnDrag(true);
  plot_->xAxis->setLabel(tr("time [s]"));
  // Time ticks spaced so their labels never run together (fitTimeTicks).
  QSharedPointer<QCPAxisTickerFixed> time_ticker(new QCPAxisTickerFixed);
  time_ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
  plot_->xAxis->setTicker(time_ticker);
  plot_->xAxis->setNumberFormat(QStringLiteral("g"));
  plot_->xAxis->setNumberPrecision(6);
  QStringList units;
  for (const PlotChannel& ch : channels_)
    if (!units.contains(ch.unit)) units << ch.unit;
  // One unit for all: the y axis says it ("[m/s]") and the legend keeps to the names.
  const bool legend_units = units.size() > 1;
  for (int c = 0; c < channels_.size(); ++c) {
    const PlotChannel& ch = channels_[c];
    QCPGraph* g = plot_->addGraph();
    g->setName(legend_units ? seriesName(ch) : ch.name);
    g->setPen(QPen(ch.colour.isValid() ? ch.colour : plotColour(c), 1.0, ch.style));
    g->setAntialiased(false);  // 1 px lines redrawn at 60 Hz: antialiasing costs more than it shows
  }
  if (units.size() == 1 && !units.front().isEmpty()) plot_->yAxis->setLabel(QStringLiteral("[%1]").arg(units.front()));
  // The legend in its own row above the axes, as many entries to a line as fit (fitLegend):
  // inside the axes it hides the newest data of a small plot.
  plot_->legend->setVisible(true);
  QFont legend_font = font();
  legend_font.setPointSizeF(legend_font.pointSizeF() * 0.85);
  plot_->legend->setFont(legend_font);
  plot_->legend->setIconSize(24, 10);
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->legend->setBrush(Qt::NoBrush);
  plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  plot_->legend->setRowSpacing(0);
  plot_->legend->setColumnSpacing(6);
  plot_->axisRect()->insetLayout()->take(plot_->legend);
  plot_->plotLayout()->insertRow(0);
  plot_->plotLayout()->addElement(0, 0, plot_->legend);
  plot_->plotLayout()->setRowStretchFactor(0, 0.001);
  plot_->plotLayout()->setRowSpacing(0);
  plot_->setMinimumSize(160, 120);  // (else the legend row's width becomes the plot's minimum)
  plot_->xAxis->setRange(0, buffer_.window_s());
  connect(plot_->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &LivePlot::onUserRangeChange);
}

// Pause, Autoscale Y and Export CSV as actions (the buttons' and the context menu's); returns
// the export action.
QAction* LivePlot::buildActions() {
  pause_action_ = new QAction(style()->standardIcon(QStyle::SP_MediaPause), tr("Pause"), this);
  pause_action_->setCheckable(true);
  pause_action_->setToolTip(
      tr("Pause: freeze the samples on show (recording goes on); then zoom with the wheel "
         "and pan by dragging. Resume jumps back to live."));
  connect(pause_action_, &QAction::toggled, this, &LivePlot::setPaused);
  autoscale_action_ = new QAction(tr("Autoscale Y"), this);
  autoscale_action_->setIconText(tr("Y↕"));
  autoscale_action_->setCheckable(true);
  autoscale_action_->setChecked(true);
  autoscale_action_->setToolTip(tr("Fit the y range to the data on show"));
  connect(autoscale_action_, &QAction::toggled, this, &LivePlot::setAutoscaleY);
  auto* export_action = new QAction(style()->standardIcon(QStyle::SP_DialogSaveButton), tr("Export CSV…"), this);
  export_action->setIconText(tr("CSV"));
  export_action->setToolTip(tr("Export the samples in the visible time range as CSV"));
  connect(export_action, &QAction::triggered, this, &LivePlot::exportWithDialog);
  return export_action;
}

// The header row: the title, elided when narrow, then the (i) and the buttons, compact so they
// never leave the row; and the empty row above it the title moves to when it does not fit.
void LivePlot::buildHeader(QAction* export_action) {
  title_label_ = new QLabel(QStringLiteral("<b>%1</b>").arg(title_.toHtmlEscaped()));
  title_label_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  title_label_->setObjectName(QStringLiteral("plotTitle"));
  title_label_->setToolTip(QStringLiteral("<b>%1</b><br>").arg(title_.toHtmlEscaped()) + legendHtml());
  legend_hint_ = new QLabel;
  legend_hint_->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxInformation).pixmap(14, 14));
  legend_hint_->setToolTip(legendHtml());
  legend_hint_->hide();
  auto button = [](QAction* action, Qt::ToolButtonStyle style) {
    auto* b = new QToolButton;
    b->setDefaultAction(action);
    b->setToolButtonStyle(style);
    b->setAutoRaise(true);
    b->setIconSize(QSize(14, 14));
    return b;
  };
  pause_button_ = button(pause_action_, Qt::ToolButtonIconOnly);
  autoscale_button_ = button(autoscale_action_, Qt::ToolButtonTextOnly);
  export_button_ = button(export_action, Qt::ToolButtonTextBesideIcon);
  window_box_ = new QDoubleSpinBox;
  window_box_->setRange(TimeSeriesBuffer::kMinWindow_s, TimeSeriesBuffer::kMaxWindow_s);
  window_box_->setDecimals(0);
  window_box_->setSuffix(tr(" s"));
  window_box_->setValue(buffer_.window_s());
  window_box_->setButtonSymbols(QAbstractSpinBox::NoButtons);
  window_box_->setToolTip(tr("Window length: how much history is kept and shown"));
  connect(window_box_, &QDoubleSpinBox::valueChanged, this, &LivePlot::setWindow);
  header_ = new QHBoxLayout;
  header_->setContentsMargins(4, 0, 0, 0);
  header_->setSpacing(0);
  header_->addWidget(title_label_, 1);
  header_->addWidget(legend_hint_);
  for (QWidget* w : std::initializer_list<QWidget*>{pause_button_, autoscale_button_, window_box_, export_button_})
    header_->addWidget(w);
  title_row_ = new QHBoxLayout;
  title_row_->setContentsMargins(4, 0, 0, 0);
}

LivePlot::~LivePlot() = default;

void LivePlot::append(double time_s, std::span<const double> values) {
  if (buffer_.append(time_s, values) == TimeSeriesBuffer::Append::Stored && !frozen_) markDirty();
}

void LivePlot::append(double time_s, std::initializer_list<double> values) {
  append(time_s, std::span<const double>(values.begin(), values.size()));
}

void LivePlot::appendBatch(std::span<const double> times_s, std::span<const double> values) {
  if (buffer_.appendBatch(times_s, values) > 0 && !frozen_) markDirty();
}

void LivePlot::setPaused(bool paused) {
  if (paused == paused_) return;
  paused_ = paused;
  if (paused) {
    syncGraphs();  // the graphs hold what is frozen, and stay so
    frozen_ = buffer_;
  } else {
    frozen_.reset();  // the next sync catches up with what was recorded meanwhile
  }
  pause_action_->setChecked(paused);
  pause_action_->setText(paused ? tr("Resume") : tr("Pause"));
  pause_action_->setIcon(style()->standardIcon(paused ? QStyle::SP_MediaPlay : QStyle::SP_MediaPause));
  updateInteractions();
  markDirty();
  emit pausedChanged(paused);
}

void LivePlot::setAutoscaleY(bool on) {
  if (on == autoscale_y_) return;
  autoscale_y_ = on;
  autoscale_action_->setChecked(on);
  updateInteractions();
  markDirty();
  emit autoscaleYChanged(on);
}

void LivePlot::setMinimumYSpan(double span) {
  min_y_span_ = std::isfinite(span) && span > 0 ? span : 1e-3;
  markDirty();
}

void LivePlot::setWindow(double window_s) {
  const double before = buffer_.window_s();
  const double used = buffer_.setWindow(window_s);
  if (window_box_->value() != used) window_box_->setValue(used);  // re-enters with the same value: no-op
  if (used == before) return;
  markDirty();
  emit windowChanged(used);
}

void LivePlot::clear() {
  buffer_.clear();
  if (frozen_) frozen_->clear();
  for (int c = 0; c < plot_->graphCount(); ++c) plot_->graph(c)->data()->clear();
  synced_sequence_ = buffer_.counters().stored;
  markDirty();
}

double LivePlot::visibleFrom_s() const { return plot_->xAxis->range().lower; }
double LivePlot::visibleTo_s() const { return plot_->xAxis->range().upper; }
double LivePlot::visibleYLower() const { return plot_->yAxis->range().lower; }
double LivePlot::visibleYUpper() const { return plot_->yAxis->range().upper; }

void LivePlot::setVisibleTimeRange(double from_s, double to_s) {
  setPaused(true);
  setting_ranges_ = true;
  plot_->xAxis->setRange(from_s, to_s);
  setting_ranges_ = false;
  markDirty();
}

QString LivePlot::csvColumnName(const PlotChannel& channel) {
  QString name = channel.unit.isEmpty() ? channel.name : channel.name + QLatin1Char('_') + channel.unit;
  for (QChar& ch : name)
    if (ch.isSpace() || ch == QLatin1Char(',') || ch == QLatin1Char('"')) ch = QLatin1Char('_');
  return name;
}

CsvExportResult LivePlot::exportCsv(const QString& path) const {
  std::vector<std::string> columns;
  for (const PlotChannel& ch : channels_) columns.push_back(csvColumnName(ch).toStdString());
  std::size_t rows = 0;
  // Live, what is on show is the window up to the newest sample, whether or not the axis has
  // been redrawn since it came; paused, the range the user looks at.
  double from_s = visibleFrom_s(), to_s = visibleTo_s();
  if (!paused_ && !buffer_.empty()) {
    to_s = buffer_.newestTime_s();
    from_s = to_s - buffer_.window_s();
  }
  const std::string text = timeSeriesCsv(shownSamples(), columns, from_s, to_s, &rows);
  CsvExportResult result;
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly)) {
    result.error = tr("Cannot write %1: %2").arg(path, file.errorString());
    return result;
  }
  if (file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit()) {
    result.error = tr("Cannot write %1: %2").arg(path, file.errorString());
    return result;
  }
  result.ok = true;
  result.rows = qsizetype(rows);
  return result;
}

QString LivePlot::defaultCsvFileName(const QString& title, const QDateTime& when) {
  QString name;
  for (QChar c : title.toLower()) {
    const bool keep =
        (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('0') && c <= QLatin1Char('9'));
    if (keep)
      name += c;
    else if (!name.isEmpty() && !name.endsWith(QLatin1Char('_')))
      name += QLatin1Char('_');
  }
  while (name.endsWith(QLatin1Char('_'))) name.chop(1);
  if (name.isEmpty()) name = QStringLiteral("plot");
  return name + QLatin1Char('_') + when.toString(QStringLiteral("yyyy-MM-dd_HH-mm-ss")) + QStringLiteral(".csv");
}

QString LivePlot::seriesName(const PlotChannel& ch) const {
  return ch.unit.isEmpty() ? ch.name : QStringLiteral("%1 [%2]").arg(ch.name, ch.unit);
}

QString LivePlot::legendText() const {
  QStringList lines;
  for (const PlotChannel& ch : channels_)
    lines << (ch.style == Qt::SolidLine ? seriesName(ch) : tr("%1 (dashed)").arg(seriesName(ch)));
  return lines.join(QLatin1Char('\n'));
}

QString LivePlot::legendHtml() const {
  QStringList lines;
  for (const PlotChannel& ch : channels_) {
    // A swatch drawn in the series' colour: a solid bar, or a dashed one.
    const QString swatch = ch.style == Qt::SolidLine ? QStringLiteral("━━━") : QStringLiteral("╍╍╍");
    lines << QStringLiteral("<span style=\"color:%1\">%2</span>&nbsp;%3")
                 .arg(ch.colour.name(), swatch,
                      (ch.style == Qt::SolidLine ? seriesName(ch) : tr("%1 (dashed)").arg(seriesName(ch)))
                          .toHtmlEscaped());
  }
  return QStringLiteral("<p style=\"white-space:pre\">") + lines.join(QStringLiteral("<br>")) + QStringLiteral("</p>");
}

bool LivePlot::legendShown() const { return legend_in_layout_; }

void LivePlot::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitLegend();  // (and the title beside it: fitLegend ends with fitTitle)
}

void LivePlot::fitTitle() {
  // The title whole beside the (i) and the buttons, or on its own line above them: elided, it
  // read "Accelerometer (sen…", and at 1280 px the Wind title hid under its (i).
  int buttons = legend_hint_->isVisibleTo(this) ? legend_hint_->sizeHint().width() : 0;
  for (QWidget* w : std::initializer_list<QWidget*>{pause_button_, autoscale_button_, window_box_, export_button_})
    buttons += w->sizeHint().width();
  QFont bold = title_label_->font();
  bold.setBold(true);
  const int title = QFontMetrics(bold).horizontalAdvance(title_) + 8;
  const bool own_line = title + buttons > width();
  if (own_line == title_own_line_) return;
  title_own_line_ = own_line;
  if (own_line) {
    header_->removeWidget(title_label_);
    title_row_->addWidget(title_label_, 1);
    title_label_->setWordWrap(true);  // and on as many lines as it takes
    header_->insertStretch(0, 1);
  } else {
    title_row_->removeWidget(title_label_);
    title_label_->setWordWrap(false);
    delete header_->takeAt(0);  // the stretch
    header_->insertWidget(0, title_label_, 1);
  }
}

void LivePlot::fitLegend() {
  // As many entries to a line as the widest fits; more than two lines would squeeze the axes
  // of a small plot, so the legend then leaves for the tooltip (which always has it).
  const QFontMetrics metrics(plot_->legend->font());
  int widest = 0;
  for (int c = 0; c < plot_->graphCount(); ++c)
    widest = std::max(widest, metrics.horizontalAdvance(plot_->graph(c)->name()));
  // An entry: icon, padding, text, the item's own margins (QCustomPlot: 8 a side) and the
  // column spacing; the row: the widget's width less the legend's margins (QCustomPlot: 7 a
  // side). On the widget's width, not the plot's, which may not be laid out yet.
  const int entry_px = widest + plot_->legend->iconSize().width() + plot_->legend->iconTextPadding() + 16 +
                       plot_->legend->columnSpacing() + 2;
  const int columns = std::max(1, (width() - 14 - 8) / std::max(entry_px, 1));
  const int rows = int((channels_.size() + columns - 1) / columns);
  const bool fits = rows <= 2;
  if (fits && plot_->legend->wrap() != columns) {
    plot_->legend->setWrap(columns);
    // (setWrap alone leaves the entries where they were: a row cut at the plot's edge.)
    plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
  }
  if (fits != legend_in_layout_) {
    if (fits) {
      plot_->plotLayout()->insertRow(0);
      plot_->plotLayout()->addElement(0, 0, plot_->legend);
      plot_->plotLayout()->setRowStretchFactor(0, 0.001);
    } else {
      plot_->plotLayout()->take(plot_->legend);
      plot_->plotLayout()->simplify();
    }
    plot_->legend->setVisible(fits);
    legend_in_layout_ = fits;
  }
  legend_hint_->setVisible(!fits);  // an (i): the legend is in the tooltip
  fitTitle();                       // (the (i) takes room beside the title)
  markDirty();
}

QString LivePlot::csvFolder() {
  QString saved = QSettings().value(QStringLiteral("plots/csvFolder")).toString();
  if (!saved.isEmpty() && QFileInfo(saved).isDir()) return saved;
  const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
  return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

void LivePlot::exportWithDialog() {
  // In the folder used last (at first the user's documents), not the process's working
  // directory (wherever the station happened to be started); once written, the plot says where
  // and how much.
  auto* dialog = new QFileDialog(this, tr("Export %1 as CSV").arg(title_),
                                 QDir(csvFolder()).filePath(defaultCsvFileName(title_, QDateTime::currentDateTime())),
                                 tr("CSV files (*.csv)"));
  dialog->setObjectName(QStringLiteral("csvExportDialog"));
  dialog->setAcceptMode(QFileDialog::AcceptSave);
  dialog->setDefaultSuffix(QStringLiteral("csv"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) {
    const CsvExportResult r = exportCsv(path);
    if (!r.ok) {
      QMessageBox::warning(this, tr("Export CSV"), r.error);
      return;
    }
    QSettings().setValue(QStringLiteral("plots/csvFolder"), QFileInfo(path).absolutePath());
    const QString said = tr("Saved %n rows to %1", nullptr, int(r.rows)).arg(QDir::toNativeSeparators(path));
    export_button_->setToolTip(said);
    QToolTip::showText(export_button_->mapToGlobal(QPoint(0, export_button_->height())), said, export_button_);
    emit exported(path, r.rows);
  });
  dialog->open();
}

void LivePlot::setMaxReplotRate(double rate_hz) {
  max_replot_rate_hz_ = std::isfinite(rate_hz) ? std::clamp(rate_hz, 1.0, kMaxReplotRate_hz) : kMaxReplotRate_hz;
  min_replot_interval_ns_ = qint64(1e9 / max_replot_rate_hz_);
}

void LivePlot::setClock(std::function<qint64()> now_ns) {
  clock_ns_ = std::move(now_ns);
  last_replot_ns_ = nowNs();
}

qint64 LivePlot::nowNs() const { return clock_ns_ ? clock_ns_() : monotonic_.nsecsElapsed(); }

void LivePlot::markDirty() {
  dirty_ = true;
  if (!isVisible()) return;  // a hidden plot catches up when shown
  const qint64 wait_ns = min_replot_interval_ns_ - (nowNs() - last_replot_ns_);
  if (wait_ns <= 0) {
    // Due now: at the event loop's next pass. A redraw already waiting for that pass is left be:
    // restarted at every append, it was pushed behind the appending timer at each pass of a busy
    // event loop and never came (the plots froze until the page was shown again).
    if (!(replot_timer_->isActive() && replot_timer_->interval() == 0)) replot_timer_->start(0);
  } else if (!replot_timer_->isActive()) {
    replot_timer_->start(int((wait_ns + 999'999) / 1'000'000));  // round up: never early
  }
}

void LivePlot::onReplotTimer() {
  if (!dirty_ || !isVisible()) return;
  // Due by the clock the cap is kept on, else the timer woke early: wait out the rest.
  if (nowNs() - last_replot_ns_ >= min_replot_interval_ns_) {
    replotNow();
  } else {
    markDirty();
  }
}

void LivePlot::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (dirty_) markDirty();
}

void LivePlot::replotNow() {
  last_replot_ns_ = nowNs();  // from the start, so the pacing period is not 16.7 ms + the draw time
  dirty_ = false;
  syncGraphs();
  applyRanges();
  plot_->replot(QCustomPlot::rpQueuedRefresh);
  ++replot_count_;
}

void LivePlot::syncGraphs() {
  if (frozen_) return;  // paused: the graphs keep the frozen samples
  const std::uint64_t next = buffer_.counters().stored;
  const std::size_t n = buffer_.size();
  if (n == 0) {
    for (int c = 0; c < plot_->graphCount(); ++c) plot_->graph(c)->data()->clear();
    synced_sequence_ = next;
    return;
  }
  // samples stored and already dropped again since the last sync never reach the graphs
  const std::uint64_t first = std::max(synced_sequence_, buffer_.sequence(0));
  const std::size_t from = std::size_t(first - buffer_.sequence(0));
  const double oldest_s = buffer_.oldestTime_s();
  for (int c = 0; c < plot_->graphCount(); ++c) {
    scratch_.resize(qsizetype(n - from));
    for (std::size_t i = from; i < n; ++i)
      scratch_[qsizetype(i - from)] = QCPGraphData(buffer_.time_s(i), buffer_.value(i, c));
    QCPGraphDataContainer& data = *plot_->graph(c)->data();
    data.add(scratch_, true);
    data.removeBefore(oldest_s);
  }
  synced_sequence_ = next;
}

void LivePlot::applyRanges() {
  setting_ranges_ = true;
  if (!paused_ && !buffer_.empty()) {
    const double newest = buffer_.newestTime_s();
    plot_->xAxis->setRange(newest - buffer_.window_s(), newest);
  }
  fitTimeTicks();
  if (autoscale_y_) {
    const TimeSeriesBuffer& shown = shownSamples();
    const std::size_t begin = shown.lowerBound(visibleFrom_s());
    const std::size_t end = shown.upperBound(visibleTo_s());
    double lo = std::numeric_limits<double>::infinity(), hi = -std::numeric_limits<double>::infinity();
    for (std::size_t i = begin; i < end; ++i)
      for (int c = 0; c < shown.channelCount(); ++c) {
        const double v = shown.value(i, c);  // NaN fails both comparisons: gaps are skipped
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    if (lo <= hi) {
      const double pad = kYMargin * (hi - lo);
      double lower = lo - pad, upper = hi + pad;
      if (upper - lower < min_y_span_) {  // around the data's middle
        const double middle = 0.5 * (lo + hi);
        lower = middle - 0.5 * min_y_span_;
        upper = middle + 0.5 * min_y_span_;
      }
      plot_->yAxis->setRange(lower, upper);
    }
  }
  setting_ranges_ = false;
}

double LivePlot::timeTickStep_s(const QCPRange& range, int axis_px, const QFontMetrics& metrics,
                                const QLocale& locale) {
  // The smallest step of 1, 2 or 5 × 10ⁿ s whose labels, as the axis writes them (QCustomPlot's
  // 'g' format, 6 digits), each fit in the room between two ticks with a space either side.
  const double span = range.size();
  if (!(span > 0) || !std::isfinite(span) || axis_px <= 0) return 1.0;
  const int gap_px = metrics.horizontalAdvance(QStringLiteral("  "));
  double decade = std::pow(10.0, std::floor(std::log10(span / 50.0)));
  for (int tries = 0; tries < 40; ++tries, decade *= 10.0) {
    for (double mantissa : {1.0, 2.0, 5.0}) {
      const double step = mantissa * decade;
      if (span / step > 50.0) continue;
      int widest = 0;
      for (double k = std::ceil(range.lower / step); k * step <= range.upper; k += 1.0)
        widest = std::max(widest, metrics.horizontalAdvance(locale.toString(k * step, 'g', 6)));
      if (step / span * axis_px >= widest + gap_px) return step;
    }
  }
  return span;
}

void LivePlot::fitTimeTicks() {
  auto* ticker = dynamic_cast<QCPAxisTickerFixed*>(plot_->xAxis->ticker().data());
  if (!ticker) return;
  const int axis_px = plot_->axisRect()->width() > 0 ? plot_->axisRect()->width() : plot_->width();
  ticker->setTickStep(
      timeTickStep_s(plot_->xAxis->range(), axis_px, QFontMetrics(plot_->xAxis->tickLabelFont()), plot_->locale()));
}

void LivePlot::onUserRangeChange() {
  // a user pan or zoom in x (paused): autoscale refits y to what is now on show
  if (!setting_ranges_) markDirty();
}

void LivePlot::updateInteractions() {
  // live, x follows the newest sample; with autoscale on, y is the autoscaler's
  Qt::Orientations o;
  if (paused_) o |= Qt::Horizontal;
  if (!autoscale_y_) o |= Qt::Vertical;
  plot_->setInteractions(o ? QCP::Interactions(QCP::iRangeDrag | QCP::iRangeZoom) : QCP::Interactions());
  plot_->axisRect()->setRangeDrag(o);
  plot_->axisRect()->setRangeZoom(o);
}

}  // namespace navigator
