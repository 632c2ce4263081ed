// SeriesPlot: a QCustomPlot of a few named series of (x, y) points that are all kept — a result
// shown whole (a step response against time) or one that grows point by point (a search's best
// cost per evaluation). Unlike LivePlot there is no time window and no pause: every point
// stays, and the axes fit the data. A title above, the legend in its own row above the axes
// (never over the data), axis labels with their units. Appending redraws at most once per
// event-loop pass (a queued replot), however many points arrive. Takes plain values, knows
// nothing of where they come from. GUI thread only.
#pragma once

#include <QColor>
#include <QString>
#include <QVector>
#include <QWidget>

class QCustomPlot;
class QLabel;

namespace navigator {

// How one series is drawn.
struct SeriesStyle {
  QString name;   // in the legend
  QColor colour;  // invalid: the palette's (plotColour)
  Qt::PenStyle style = Qt::SolidLine;
  double width_px = 1.5;
  bool steps = false;  // a staircase (each value holds until the next x), not a polyline
};

class SeriesPlot : public QWidget {
  Q_OBJECT
 public:
  explicit SeriesPlot(const QString& title, QWidget* parent = nullptr);
  ~SeriesPlot() override;

  void setTitle(const QString& title);
  QString title() const;
  void setAxisLabels(const QString& x_label, const QString& y_label);
  QString yLabel() const;
  // A logarithmic y axis (for costs spanning decades); points with y ≤ 0 are then not drawn.
  void setLogY(bool on);
  bool logY() const { return log_y_; }

  // Removes every series.
  void clear();
  // Adds an empty series; its index.
  int addSeries(const SeriesStyle& style);
  // Replaces a series' points (x ascending). Sizes must match; extra values are ignored.
  void setData(int series, const QVector<double>& x, const QVector<double>& y);
  // Appends one point (x at or after the series' last).
  void append(int series, double x, double y);

  int seriesCount() const;
  QString seriesName(int series) const;
  int pointCount(int series) const;
  QVector<double> xValues(int series) const;
  QVector<double> yValues(int series) const;
  double xLower() const;
  double xUpper() const;

  QCustomPlot* customPlot() const { return plot_; }

 private:
  void fit();
  void placeLegend();

  QLabel* title_ = nullptr;
  QCustomPlot* plot_ = nullptr;
  bool log_y_ = false;
};

}  // namespace navigator
