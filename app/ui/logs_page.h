// LogsPage: the station's flight logs. A table of the flights in the log folder
// (date, airframe, duration, size, source) with Open, Open file… (any ULog, PX4's too), Rename…,
// Delete… (asks first), Export CSV… and the folder's setting; under it the LogReplayView, where
// the log opened plays (and Overlay… puts a second log against it). A file the reader refuses
// is said with the reader's message, and what was on show stays. The page lays out and wires:
// the list is a LogLibrary, the playback the replay view's LogReplay. Beside the list, "On the
// vehicle" (VehicleLogsPanel) downloads the logs the selected vehicle keeps on board into the folder.
// GUI thread only.
#pragma once

#include "app/core/log_library.h"
#include "app/core/log_replay.h"

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QToolButton;

namespace navigator {

class LogReplayView;
class Vehicle;
class VehicleLogsPanel;

class LogsPage : public QWidget {
  Q_OBJECT
 public:
  enum Column { kName, kDate, kAirframe, kDuration, kSize, kSource, kColumnCount };

  explicit LogsPage(QWidget* parent = nullptr);
  ~LogsPage() override;

  // Lists the log folder again (after a flight was recorded, say).
  void refresh();
  // Opens `path` for replay in the background; the page says how it went.
  void openLog(const QString& path);
  // Opens `path` in the background and overlays it on the log open.
  void overlayLog(const QString& path);

  LogLibrary* library() { return &library_; }
  // The vehicle whose on-board logs "On the vehicle" shows (null: none).
  void setVehicle(Vehicle* vehicle);
  VehicleLogsPanel* vehicleLogs() const { return vehicle_logs_; }
  // The selected row's log (empty when none).
  QString selectedPath() const;

 protected:
  void hideEvent(QHideEvent* event) override;  // a replay pauses when its page goes out of sight

 private:
  QWidget* buildList();
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
  void setBusy(bool busy);

  LogLibrary library_;
  QTableWidget* table_ = nullptr;
  QPushButton *open_ = nullptr, *open_file_ = nullptr, *rename_ = nullptr, *delete_ = nullptr, *export_ = nullptr,
              *overlay_ = nullptr, *folder_button_ = nullptr;
  QLabel* folder_label_ = nullptr;
  QLabel* message_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QToolButton* cancel_ = nullptr;
  LogReplayView* replay_view_ = nullptr;
  VehicleLogsPanel* vehicle_logs_ = nullptr;
};

}  // namespace navigator
