// BoardPanel: connecting to a flight controller on a serial port — the ports the system lists
// (known boards labelled), a path typed by hand (pseudo-terminals and odd devices the list
// cannot show), the baud rate or "detect", Connect / Disconnect, what the port is doing, the
// link's statistics and the HIL sensor rate the baud rate allows; and the vehicle's sensors —
// gyroscope, accelerometer, magnetometer, barometer, GPS, radio receiver, battery — each present,
// enabled and healthy or not (in words, the colour only beside them) with the firmware's last
// message about it, and the battery's volts, amps and charge. Plain values in, plain requests
// out. GUI thread only.
#pragma once

#include <QStringList>
#include <QWidget>

class QComboBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QTableWidget;

namespace navigator {

struct BoardPortChoice {
  QString label;  // "STM32 virtual COM port (flight controller) — /dev/ttyACM0"
  QString path;   // what to open
  bool usable = true;
};

// One row of the sensor table.
struct BoardSensorRow {
  QString sensor;         // "Gyroscope"
  bool reported = false;  // a SYS_STATUS has come: present/enabled/healthy mean something
  bool present = false, enabled = false, healthy = false;
  QString message;    // the firmware's last STATUSTEXT about it; empty: none yet
  int severity = -1;  // its MAV_SEVERITY (0 emergency .. 7 debug)
};

class BoardPanel : public QWidget {
  Q_OBJECT
 public:
  explicit BoardPanel(QWidget* parent = nullptr);

  void setPorts(const QList<BoardPortChoice>& ports);
  void setConnected(bool connected);
  void setStateText(const QString& text);
  void setStatisticsText(const QString& text);
  void setHilRateText(const QString& text);
  // Whether HIL can start (a vehicle answers on the port) and whether it runs.
  void setHilState(bool available, bool running);

  QString chosenPath() const;
  qint32 chosenBaud() const;  // 0: detect
  QComboBox* pathChoice() const { return path_; }

  // Whose sensors the table shows ("The SITL firmware", "The board on /dev/ttyACM0"), its rows
  // (any count; the vehicle's order), and the battery's line.
  void setSensorSource(const QString& text);
  void setSensorRows(const QList<BoardSensorRow>& rows);
  void setBatteryText(const QString& text);
  QTableWidget* sensorTable() const { return sensors_; }
  QLabel* batteryLabel() const { return battery_; }
  // The words of a row's health cell: "healthy", "FAULT", "not present", "disabled", "unknown".
  static QString healthWords(const BoardSensorRow& row);

 signals:
  void connectRequested(const QString& path, qint32 baud);
  void disconnectRequested();
  void refreshRequested();
  void baudChosen(qint32 baud);  // 0: detect
  void hilRequested(bool run);
  void flashRequested(const QString& path);  // open the flash dialog for this port (may be empty)   // fly the
                                             // station's simulator through the board, or stop

 private:
  void addSensorTable(QFormLayout* form);

  QComboBox* path_ = nullptr;
  QComboBox* baud_ = nullptr;
  QPushButton* connect_ = nullptr;
  QPushButton* disconnect_ = nullptr;
  QLabel* state_ = nullptr;
  QLabel* statistics_ = nullptr;
  QLabel* hil_rate_ = nullptr;
  QPushButton* hil_ = nullptr;
  QLabel* sensor_source_ = nullptr;
  QTableWidget* sensors_ = nullptr;
  QLabel* battery_ = nullptr;
};

}  // namespace navigator
