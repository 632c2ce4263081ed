// LivePlot: a QCustomPlot of one group of channels against time (s) over a sliding window,
// with a title, legend and a row of buttons that is never hidden (pause, autoscale y, window
// length, CSV export; the same in the plot's context menu). The legend wraps to the plot's
// width; when it would take more than two lines it moves into the tooltip of the plot and of an
// (i) beside the title, which
// always names every series with its unit and line style.
// The owner appends batches of samples as often as it likes; every sample is kept in a
// TimeSeriesBuffer and the plot redraws at most 60 Hz, and only when something changed.
// Takes plain values, knows nothing of where they come from. GUI thread only.
#pragma once

#include "widgets/plots/time_series_buffer.h"

#include <QColor>
#include <QElapsedTimer>

#include <functional>
#include <QList>
#include <QString>
#include <QVector>
#include <QWidget>

#include <initializer_list>
#include <optional>
#include <span>

class QAction;
class QDateTime;
class QCustomPlot;
class QToolButton;
class QCPGraphData;
class QCPRange;
class QFontMetrics;
class QLocale;
class QHBoxLayout;
class QLabel;
class QDoubleSpinBox;
class QTimer;

namespace navigator {

// One plotted quantity: its name ("accel x", "wind north"), SI unit ("m/s²"; may be empty),
// colour, and line style (an estimate dashed beside the solid truth it estimates).
struct PlotChannel {
  QString name;
  QString unit;
  QColor colour;
  Qt::PenStyle style = Qt::SolidLine;
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

  // Paused: frozen. The samples in the window when pausing stay on show (and are what an
  // export writes) however long recording goes on; the user zooms with the wheel and pans by
  // dragging in x (and in y when autoscale is off) over them. Samples are still recorded into
  // buffer() meanwhile, and resuming jumps back to live with them.
  void setPaused(bool paused);
  bool isPaused() const { return paused_; }
  // What is on show: the frozen samples while paused, buffer() when live.
  const TimeSeriesBuffer& shownSamples() const { return frozen_ ? *frozen_ : buffer_; }

  // Autoscale y (default on): the y range fits the visible data with a 5 % margin, NaN gaps
  // skipped, and spans at least minimumYSpan() around the data's middle (so the noise of a
  // constant is not blown up to fill the plot). Off keeps the current range and lets the user
  // zoom and pan in y (live or paused).
  void setAutoscaleY(bool on);
  bool autoscaleY() const { return autoscale_y_; }
  // The smallest y span autoscale shows, in the channels' unit (default 1e-3).
  void setMinimumYSpan(double span);
  double minimumYSpan() const { return min_y_span_; }

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
  // The export dialog's suggested file name: the title and the local time `when`, in letters,
  // digits, '-' and '_' only (no ':' or '/', which some file systems refuse), ".csv".
  static QString defaultCsvFileName(const QString& title, const QDateTime& when);
  // Where the export dialog opens: the folder of the last export, else the user's documents
  // (their home when they have no documents folder) — never the working directory.
  static QString csvFolder();

  // The buttons (never moved into an overflow menu) and the legend's state, for tests.
  QToolButton* pauseButton() const { return pause_button_; }
  QToolButton* exportButton() const { return export_button_; }
  QToolButton* autoscaleButton() const { return autoscale_button_; }
  bool legendShown() const;
  // Every series as the tooltip names it: "<name> [<unit>]", one per line. (The legend's entries
  // leave the unit to the y axis's label when every series has the same.)
  QString legendText() const;
  // The same as rich text with each series' colour and line style as a swatch (the tooltips).
  QString legendHtml() const;
  // Whether the title has a line of its own above the buttons (it did not fit beside them).
  bool titleOnItsOwnLine() const { return title_own_line_; }

  // Caps the redraw rate [Hz], clamped to [1, 60] (default 60): a knob for the GUI thread's
  // CPU when many plots are on show. Samples are never dropped whatever the rate.
  void setMaxReplotRate(double rate_hz);
  // The clock the cap is kept on [ns]; empty: the monotonic clock. A redraw is due once the
  // interval has passed on it since the last; the event loop's timer only wakes the plot.
  void setClock(std::function<qint64()> now_ns);
  double maxReplotRate_hz() const { return max_replot_rate_hz_; }

  // Brings the graphs up to date with the buffer and redraws now, outside the 60 Hz pacing
  // (benchmarks, tests, grabbing an image).
  void replotNow();
  // Redraws done so far (the pacing's, and replotNow's).
  qint64 replotCount() const { return replot_count_; }

  // The time axis's tick step [s] for `range` over `axis_px` pixels: the smallest of 1, 2 or 5
  // × 10ⁿ whose labels (written in `locale` as the axis writes them) each fit between two ticks
  // in `metrics` with two spaces to spare.
  static double timeTickStep_s(const QCPRange& range, int axis_px, const QFontMetrics& metrics, const QLocale& locale);

  const TimeSeriesBuffer& buffer() const { return buffer_; }
  QCustomPlot* customPlot() const { return plot_; }

 signals:
  void pausedChanged(bool paused);
  void autoscaleYChanged(bool on);
  void windowChanged(double window_s);
  // A CSV export through the dialog was written: where, and its sample lines.
  void exported(const QString& path, qsizetype rows);

 protected:
  void showEvent(QShowEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void buildPlot();
  QAction* buildActions();
  void buildHeader(QAction* export_action);
  void markDirty();
  qint64 nowNs() const;
  void onReplotTimer();
  void syncGraphs();
  void applyRanges();
  void fitTimeTicks();  // the time axis's step for its range and width (timeTickStep_s)
  void onUserRangeChange();
  void exportWithDialog();
  void updateInteractions();
  void fitLegend();
  void fitTitle();  // beside the buttons when it fits whole, else on a line of its own
  QString seriesName(const PlotChannel& channel) const;

  QString title_;
  QList<PlotChannel> channels_;
  TimeSeriesBuffer buffer_;
  std::optional<TimeSeriesBuffer> frozen_;  // the samples on show while paused
  QCustomPlot* plot_ = nullptr;
  QLabel* title_label_ = nullptr;
  QHBoxLayout* header_ = nullptr;     // title (when it fits), the (i), the buttons
  QHBoxLayout* title_row_ = nullptr;  // the title when it does not fit beside them
  bool title_own_line_ = false;
  QAction* pause_action_ = nullptr;
  QAction* autoscale_action_ = nullptr;
  QToolButton* pause_button_ = nullptr;
  QToolButton* autoscale_button_ = nullptr;
  QToolButton* export_button_ = nullptr;
  QLabel* legend_hint_ = nullptr;  // an (i) with the legend as its tooltip, while the legend is hidden
  bool legend_in_layout_ = true;
  double min_y_span_ = 1e-3;
  QDoubleSpinBox* window_box_ = nullptr;
  QTimer* replot_timer_ = nullptr;  // single-shot, started when dirty: wakes the plot
  QElapsedTimer monotonic_;         // the clock when no other is set
  std::function<qint64()> clock_ns_;
  qint64 last_replot_ns_ = 0;      // on that clock
  QVector<QCPGraphData> scratch_;  // reused per channel per sync: no allocation once warm
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
