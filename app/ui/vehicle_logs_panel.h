// VehicleLogsPanel: the Logs page's "On the vehicle" part — the logs the selected vehicle keeps
// on board (PX4, ArduPilot), listed over MAVLink (id, date, size), one downloaded with a
// progress bar and its speed, Cancel and Resume. A finished log lands in the page's log folder
// (downloaded()), where the page lists and opens it as any log. A stall, a vehicle lying about a
// size or a link lost is said in the panel's message line, and what arrived stays in the .part
// file to resume from. The work is the vehicle's LogDownload (app/vehicle/log_download.h).
// GUI thread only.
#pragma once

#include "app/vehicle/vehicle.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace navigator {

class VehicleLogsPanel : public QWidget {
  Q_OBJECT
 public:
  enum Column { kId, kDate, kSize, kColumnCount };

  explicit VehicleLogsPanel(QWidget* parent = nullptr);

  // The vehicle whose logs are shown (null: none).
  void setVehicle(Vehicle* vehicle);
  // Where downloads land (the page's log folder).
  void setFolder(const QString& folder) { folder_ = folder; }
  // The selected row's log id (-1: none).
  int selectedId() const;

 signals:
  void downloaded(const QString& path);

 private:
  void showVehicle();  // who it is: "ArduCopter, system 1"
  void list();
  void download();
  void fillTable();
  void onState();
  void onProgress(std::uint64_t received_bytes, std::uint32_t size_bytes, double speed_bytes_per_s);
  void updateButtons();
  void say(const QString& text, bool error = false);

  QPointer<Vehicle> vehicle_;
  QString folder_;
  QLabel *vehicle_label_ = nullptr, *speed_ = nullptr, *message_ = nullptr;
  QTableWidget* table_ = nullptr;
  QPushButton *list_ = nullptr, *download_ = nullptr, *cancel_ = nullptr, *resume_ = nullptr;
  QProgressBar* progress_ = nullptr;
};

}  // namespace navigator
