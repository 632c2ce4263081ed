// LogsPage: the station's flight logs (issue 21). A table of the flights in the log folder
// (date, airframe, duration, size, source) with Open, Open file… (any ULog, PX4's too), Rename…,
// Delete… (asks first), Export CSV… and the folder's setting; the log opened plays in the Fly
// page's own plots and 3-D view (TelemetryPlots, FlightView3D) with a timeline under them
// (play, pause, seek, speed, span); Overlay… puts a second log against it (LogOverlayView).
// A file the reader refuses is said with the reader's message, and what was on show stays.
// The page lays out and wires: the list is a LogLibrary, the playback a LogReplay.
// GUI thread only.
#pragma once

#include "app/core/log_library.h"
#include "app/core/log_replay.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QTabWidget;
class QToolButton;

namespace navigator {

class FlightView3D;
class LogOverlayView;
class TelemetryPlots;
class TimelineBar;

class LogsPage : public QWidget {
  Q_OBJECT
 public:
  enum Column { kName, kDate, kAirframe, kDuration, kSize, kSource, kColumnCount };
  // The 3-D view's trail: the plots' longest window (120 s) at its 60 Hz pose rate.
  static constexpr int kTrailPoints = 60 * 120;

  explicit LogsPage(QWidget* parent = nullptr);
  ~LogsPage() override;

  // Lists the log folder again (after a flight was recorded, say).
  void refresh();
  // Opens `path` for replay in the background; the page says how it went.
  void openLog(const QString& path);
  // Opens `path` in the background and overlays it on the log open.
  void overlayLog(const QString& path);

  LogLibrary* library() { return &library_; }
  LogReplay* replay() { return &replay_; }
  QTableWidget* table() const { return table_; }
  QPushButton* openButton() const { return open_; }
  QPushButton* openFileButton() const { return open_file_; }
  QPushButton* renameButton() const { return rename_; }
  QPushButton* deleteButton() const { return delete_; }
  QPushButton* exportButton() const { return export_; }
  QPushButton* overlayButton() const { return overlay_; }
  QPushButton* folderButton() const { return folder_button_; }
  QLabel* folderLabel() const { return folder_label_; }
  QLabel* messageLabel() const { return message_; }
  QLabel* openedLabel() const { return opened_label_; }
  QProgressBar* progressBar() const { return progress_; }
  QToolButton* cancelButton() const { return cancel_; }
  TimelineBar* timeline() const { return timeline_; }
  TelemetryPlots* plots() const { return plots_; }
  FlightView3D* view() const { return view_; }
  LogOverlayView* overlay() const { return overlay_view_; }
  QTabWidget* viewTabs() const { return view_tabs_; }
  // The selected row's log (empty when none).
  QString selectedPath() const;

 protected:
  void hideEvent(QHideEvent* event) override;  // a replay pauses when its page goes out of sight

 private:
  QWidget* buildList();
  QWidget* buildReplay();
  void connectReplay();
  void fillTable();
  void fillRow(int row);
  void updateButtons();
  void say(const QString& text, bool error = false);
  void chooseFile();
  void chooseOverlay();
  void renameSelected();
  void deleteSelected();
  void exportSelected();
  void chooseFolder();
  void showLog();
  void showOpened(const QString& path);
  void showSamples(const std::vector<TelemetrySample>& samples, const std::vector<AttitudeWxyz>& estimates);
  void appendAttitude(const std::vector<TelemetrySample>& samples, const std::vector<AttitudeWxyz>& estimates);
  void refill(std::int64_t position_us);
  void showOverlay();
  void setBusy(bool busy);

  LogLibrary library_;
  LogReplay replay_;
  LogReplay overlay_replay_;  // only opens the overlay's log
  std::shared_ptr<const ReplayLog> overlay_log_;
  QString overlay_name_;
  QTableWidget* table_ = nullptr;
  QPushButton *open_ = nullptr, *open_file_ = nullptr, *rename_ = nullptr, *delete_ = nullptr, *export_ = nullptr,
              *overlay_ = nullptr, *folder_button_ = nullptr;
  QLabel* folder_label_ = nullptr;
  QLabel* message_ = nullptr;
  QLabel* opened_label_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QToolButton* cancel_ = nullptr;
  QTabWidget* view_tabs_ = nullptr;
  FlightView3D* view_ = nullptr;
  TelemetryPlots* plots_ = nullptr;
  TimelineBar* timeline_ = nullptr;
  LogOverlayView* overlay_view_ = nullptr;
  std::vector<TelemetrySample> refill_;
  std::vector<AttitudeWxyz> refill_estimates_;
  std::vector<double> times_, values_;  // the attitude plot's batch, reused
};

}  // namespace navigator
