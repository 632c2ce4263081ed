// LivePlot: a QCustomPlot of one group of channels against time (s) over a sliding window,
// with a title, legend and a small toolbar (pause, autoscale y, window length, CSV export).
// The owner appends batches of samples as often as it likes; every sample is kept in a
// TimeSeriesBuffer and the plot redraws at most 60 Hz, and only when something changed.
// Takes plain values, knows nothing of where they come from. GUI thread only.
#pragma once

#include "widgets/plots/time_series_buffer.h"

#include <QColor>
#include <QElapsedTimer>
#include <QList>
#include <QString>
#include <QVector>
#include <QWidget>

#include <initializer_list>
#include <span>

class QAction;
class QCustomPlot;
class QCPGraphData;
class QLabel;
class QDoubleSpinBox;
class QTimer;

namespace navigator {

// One plotted quantity: its name ("x", "steady north"), SI unit ("m/s²"; may be empty) and colour.
struct PlotChannel {
  QString name;
  QString unit;
  QColor colour;
};

// Three channels "<prefix>x", "<prefix>y", "<prefix>z" in `unit`, drawn red, green, blue.
QList<PlotChannel> xyzChannels(const QString& prefix, const QString& unit);

// A distinct colour for channel `index` (a qualitative palette of 8, repeating).
QColor plotColour(int index);

// The outcome of a CSV export: ok, or an error naming the path and the reason.
struct CsvExportResult {
  bool ok = false;
  qsizetype rows = 0;  // sample lines written
  QString error;       // empty when ok
};

class LivePlot : public QWidget {
  Q_OBJECT
 public:
  // The redraw rate cap [Hz] by default, and the highest settable.
  static constexpr double kMaxReplotRate_hz = 60.0;

  LivePlot(const QString& title, const QList<PlotChannel>& channels, QWidget* parent = nullptr);
  ~LivePlot() override;

  QString title() const { return title_; }
  const QList<PlotChannel>& channels() const { return channels_; }

  // Appends one sample: time [s] and one value per channel, in channel order. Samples must
  // come in time order; refused ones are counted in buffer().counters().
  void append(double time_s, std::span<const double> values);
  void append(double time_s, std::initializer_list<double> values);
  // Appends times_s.size() samples; `values` is sample-major (times_s.size() × channels).
  void appendBatch(std::span<const double> times_s, std::span<const double> values);

  // Paused: the view stops following the newest sample (the user may zoom with the wheel and
  // pan by dragging in x, and in y when autoscale is off) while samples are still recorded,
  // up to the window's memory: what falls out of the window is gone, from the buffer and the
  // view alike. Resuming jumps back to live.
  void setPaused(bool paused);
  bool isPaused() const { return paused_; }

  // Autoscale y (default on): the y range fits the visible data with a 5 % margin, NaN gaps
  // skipped. Off keeps the current range and lets the user zoom and pan in y (live or paused).
  void setAutoscaleY(bool on);
  bool autoscaleY() const { return autoscale_y_; }

  // Window length [s], clamped to [1, 120]: how much history is kept and, when live, shown.
  void setWindow(double window_s);
  double window_s() const { return buffer_.window_s(); }

  // Drops every sample (the refusal counters keep counting).
  void clear();

  // The x (time, s) range on show. Setting it pauses the view (as a user pan would).
  double visibleFrom_s() const;
  double visibleTo_s() const;
  void setVisibleTimeRange(double from_s, double to_s);
  // The y range on show, in the channels' unit.
  double visibleYLower() const;
  double visibleYUpper() const;

  // Writes the samples of every channel whose time lies in the visible x range to `path` as
  // CSV (header "time_s,<name>_<unit>,...", full precision, see timeSeriesCsv), atomically:
  // the file is replaced whole or not at all.
  CsvExportResult exportCsv(const QString& path) const;
  // The CSV header's column name for a channel: "<name>_<unit>", spaces, commas and quotes
  // turned into '_'.
  static QString csvColumnName(const PlotChannel& channel);

  // Caps the redraw rate [Hz], clamped to [1, 60] (default 60): a knob for the GUI thread's
  // CPU when many plots are on show. Samples are never dropped whatever the rate.
  void setMaxReplotRate(double rate_hz);
  double maxReplotRate_hz() const { return max_replot_rate_hz_; }

  // Brings the graphs up to date with the buffer and redraws now, outside the 60 Hz pacing
  // (benchmarks, tests, grabbing an image).
  void replotNow();
  // Redraws done so far (the pacing's, and replotNow's).
  qint64 replotCount() const { return replot_count_; }

  const TimeSeriesBuffer& buffer() const { return buffer_; }
  QCustomPlot* customPlot() const { return plot_; }

 signals:
  void pausedChanged(bool paused);
  void autoscaleYChanged(bool on);
  void windowChanged(double window_s);

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void markDirty();
  void onReplotTimer();
  void syncGraphs();
  void applyRanges();
  void onUserRangeChange();
  void exportWithDialog();
  void updateInteractions();

  QString title_;
  QList<PlotChannel> channels_;
  TimeSeriesBuffer buffer_;
  QCustomPlot* plot_ = nullptr;
  QLabel* title_label_ = nullptr;
  QAction* pause_action_ = nullptr;
  QAction* autoscale_action_ = nullptr;
  QDoubleSpinBox* window_box_ = nullptr;
  QTimer* replot_timer_ = nullptr;     // single-shot, started when dirty
  QElapsedTimer since_replot_;
  QVector<QCPGraphData> scratch_;      // reused per channel per sync: no allocation once warm
  double max_replot_rate_hz_ = kMaxReplotRate_hz;
  qint64 min_replot_interval_ns_ = qint64(1e9 / kMaxReplotRate_hz);  // rounded down: 16,666,666 ns
  std::uint64_t synced_sequence_ = 0;  // buffer sequence up to which the graphs hold the data
  qint64 replot_count_ = 0;
  bool dirty_ = false;
  bool paused_ = false;
  bool autoscale_y_ = true;
  bool setting_ranges_ = false;  // our own range changes are not the user's
};

}  // namespace navigator
