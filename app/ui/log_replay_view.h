// LogReplayView: a flight log replayed — the Fly page's own plots and 3-D view
// (TelemetryPlots, FlightView3D) under a timeline (play, pause, seek, speed, span), what the
// log is in a line above them, and an Overlay tab that sets a second log against it
// (LogOverlayView). It lays out and wires a LogReplay (app/core/log_replay.h), which does the
// reading and the timing; the Logs page puts it under its list. GUI thread only.
#pragma once

#include "app/core/log_library.h"
#include "app/core/log_replay.h"

#include <QWidget>

class QLabel;
class QTabWidget;

namespace navigator {

class FlightView3D;
class LogOverlayView;
class TelemetryPlots;
class TimelineBar;

// "31.0 s", "4:05", "1:02:03".
QString logDurationText(double s);
// A log's problems in a line (the first five, then how many more).
QString logProblemsText(const QStringList& problems);

class LogReplayView : public QWidget {
  Q_OBJECT
 public:
  // The 3-D view's trail: the plots' longest window (120 s) at its 60 Hz pose rate.
  static constexpr int kTrailPoints = 60 * 120;

  explicit LogReplayView(QWidget* parent = nullptr);
  ~LogReplayView() override;

  // Opens `path` for replay in the background (opened, openFailed, openCancelled tell how).
  void open(const QString& path);
  // Opens `path` in the background and overlays it on the log open; false (nothing started)
  // when no log is open.
  bool overlay(const QString& path);
  void cancelOpen();
  bool isOpening() const;

  LogReplay* replay() { return &replay_; }

 signals:
  void opened(const QString& path, const navigator::LogSummary& summary);  // on show now
  void overlaid(const QString& file_name);
  void openProgress(double fraction);
  void openFailed(const QString& message);
  void openCancelled();

 private:
  void connectReplay();
  void showLog();
  void showOpened(const QString& path);
  void showSamples(const std::vector<TelemetrySample>& samples, const std::vector<AttitudeWxyz>& estimates);
  void appendAttitude(const std::vector<TelemetrySample>& samples, const std::vector<AttitudeWxyz>& estimates);
  void refill(std::int64_t position_us);
  void showOverlay();

  LogReplay replay_;
  LogReplay overlay_replay_;  // only opens the overlay's log
  std::shared_ptr<const ReplayLog> overlay_log_;
  QString overlay_name_;
  QTabWidget* view_tabs_ = nullptr;
  FlightView3D* view_ = nullptr;
  TelemetryPlots* plots_ = nullptr;
  TimelineBar* timeline_ = nullptr;
  LogOverlayView* overlay_view_ = nullptr;
  QLabel* opened_label_ = nullptr;
  std::vector<TelemetrySample> refill_;
  std::vector<AttitudeWxyz> refill_estimates_;
  std::vector<double> times_, values_;  // the attitude plot's batch, reused
};

}  // namespace navigator
