#include "widgets/plots/series_plot.h"

#include "widgets/plots/live_plot.h"

#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace navigator {

SeriesPlot::SeriesPlot(const QString& title, QWidget* parent) : QWidget(parent) {
  title_ = new QLabel;
  title_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  title_->setWordWrap(true);  // a long title (or a longer language) takes a second line, never cut
  title_->setObjectName(QStringLiteral("seriesPlotTitle"));
  plot_ = new QCustomPlot(this);
  plot_->setPlottingHints(QCP::phCacheLabels);
  plot_->setMinimumSize(200, 140);
  // The legend in a row of its own above the axes, entries side by side.
  plot_->legend->setVisible(true);
  QFont legend_font = font();
  legend_font.setPointSizeF(legend_font.pointSizeF() * 0.9);
  plot_->legend->setFont(legend_font);
  plot_->legend->setIconSize(24, 10);
  plot_->legend->setBorderPen(Qt::NoPen);
  plot_->legend->setBrush(Qt::NoBrush);
  plot_->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
  plot_->legend->setColumnSpacing(10);
  plot_->legend->setWrap(4);
  plot_->axisRect()->insetLayout()->take(plot_->legend);
  plot_->plotLayout()->setRowSpacing(0);
  plot_->legend->setVisible(false);  // (placed by placeLegend once there is a series)

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);
  layout->addWidget(title_);
  layout->addWidget(plot_, 1);
  setTitle(title);
}

SeriesPlot::~SeriesPlot() = default;

void SeriesPlot::setTitle(const QString& title) {
  title_->setText(QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped()));
  title_->setToolTip(title);
  title_->setAccessibleName(title);
}

QString SeriesPlot::title() const { return title_->accessibleName(); }

void SeriesPlot::setAxisLabels(const QString& x_label, const QString& y_label) {
  plot_->xAxis->setLabel(x_label);
  plot_->yAxis->setLabel(y_label);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

QString SeriesPlot::yLabel() const { return plot_->yAxis->label(); }

void SeriesPlot::setLogY(bool on) {
  log_y_ = on;
  plot_->yAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  if (on) {
    QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
    ticker->setSubTickCount(8);
    plot_->yAxis->setTicker(ticker);
    plot_->yAxis->setNumberFormat(QStringLiteral("gb"));
  } else {
    plot_->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    plot_->yAxis->setNumberFormat(QStringLiteral("g"));
  }
  fit();
}

void SeriesPlot::clear() {
  plot_->clearGraphs();
  placeLegend();
  fit();
}

void SeriesPlot::placeLegend() {
  // The legend's row only while it has entries: an empty legend in the layout leaves the axes
  // at their smallest, in a corner.
  const bool want = plot_->graphCount() > 0;
  if (want == plot_->legend->visible()) return;
  if (want) {
    plot_->plotLayout()->insertRow(0);
    plot_->plotLayout()->addElement(0, 0, plot_->legend);
    plot_->plotLayout()->setRowStretchFactor(0, 0.001);
  } else {
    plot_->plotLayout()->take(plot_->legend);
    plot_->plotLayout()->simplify();
  }
  plot_->legend->setVisible(want);
}

int SeriesPlot::addSeries(const SeriesStyle& style) {
  QCPGraph* g = plot_->addGraph();
  const int index = plot_->graphCount() - 1;
  g->setName(style.name);
  g->setPen(QPen(style.colour.isValid() ? style.colour : plotColour(index), style.width_px, style.style));
  g->setLineStyle(style.steps ? QCPGraph::lsStepLeft : QCPGraph::lsLine);
  placeLegend();
  plot_->replot(QCustomPlot::rpQueuedReplot);
  return index;
}

void SeriesPlot::setData(int series, const QVector<double>& x, const QVector<double>& y) {
  if (series < 0 || series >= plot_->graphCount()) return;
  const qsizetype n = std::min(x.size(), y.size());
  plot_->graph(series)->setData(x.first(n), y.first(n), true);
  fit();
}

void SeriesPlot::append(int series, double x, double y) {
  if (series < 0 || series >= plot_->graphCount()) return;
  plot_->graph(series)->addData(x, y);
  fit();
}

int SeriesPlot::seriesCount() const { return plot_->graphCount(); }

QString SeriesPlot::seriesName(int series) const {
  return series >= 0 && series < plot_->graphCount() ? plot_->graph(series)->name() : QString();
}

int SeriesPlot::pointCount(int series) const {
  return series >= 0 && series < plot_->graphCount() ? plot_->graph(series)->dataCount() : 0;
}

QVector<double> SeriesPlot::xValues(int series) const {
  QVector<double> out;
  if (series < 0 || series >= plot_->graphCount()) return out;
  for (const QCPGraphData& d : *plot_->graph(series)->data()) out.append(d.key);
  return out;
}

QVector<double> SeriesPlot::yValues(int series) const {
  QVector<double> out;
  if (series < 0 || series >= plot_->graphCount()) return out;
  for (const QCPGraphData& d : *plot_->graph(series)->data()) out.append(d.value);
  return out;
}

double SeriesPlot::xLower() const { return plot_->xAxis->range().lower; }
double SeriesPlot::xUpper() const { return plot_->xAxis->range().upper; }

void SeriesPlot::fit() {
  // Both axes to every point on show, with a margin above and below (a decade's tenth on a
  // log axis), and a span that never collapses to nothing.
  double x_lo = std::numeric_limits<double>::infinity(), x_hi = -x_lo, y_lo = x_lo, y_hi = -x_lo;
  for (int g = 0; g < plot_->graphCount(); ++g)
    for (const QCPGraphData& d : *plot_->graph(g)->data()) {
      if (!std::isfinite(d.key) || !std::isfinite(d.value) || (log_y_ && d.value <= 0)) continue;
      x_lo = std::min(x_lo, d.key);
      x_hi = std::max(x_hi, d.key);
      y_lo = std::min(y_lo, d.value);
      y_hi = std::max(y_hi, d.value);
    }
  if (x_lo > x_hi) {
    plot_->xAxis->setRange(0, 1);
    plot_->yAxis->setRange(log_y_ ? 1 : 0, log_y_ ? 10 : 1);
  } else {
    plot_->xAxis->setRange(x_lo, x_hi > x_lo ? x_hi : x_lo + 1);
    if (log_y_) {
      const double factor = std::pow(y_hi / y_lo, 0.05) * 1.05;
      plot_->yAxis->setRange(y_lo / factor, y_hi * factor);
    } else {
      const double span = std::max(y_hi - y_lo, 1e-9 + 1e-6 * std::abs(y_hi));
      plot_->yAxis->setRange(y_lo - 0.05 * span, y_hi + 0.05 * span);
    }
  }
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace navigator
