// BoardPanel: connecting to a flight controller on a serial port — the ports the system lists
// (known boards labelled), a path typed by hand (pseudo-terminals and odd devices the list
// cannot show), the baud rate or "detect", Connect / Disconnect, what the port is doing, the
// link's statistics and the HIL sensor rate the baud rate allows. Plain values in, plain
// requests out. GUI thread only.
#pragma once

#include <QStringList>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace navigator {

struct BoardPortChoice {
  QString label;  // "STM32 virtual COM port (flight controller) — /dev/ttyACM0"
  QString path;   // what to open
  bool usable = true;
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

 signals:
  void connectRequested(const QString& path, qint32 baud);
  void disconnectRequested();
  void refreshRequested();
  void baudChosen(qint32 baud);  // 0: detect
  void hilRequested(bool run);
  void flashRequested(const QString& path);  // open the flash dialog for this port (may be empty)   // fly the
                                             // station's simulator through the board, or stop

 private:
  QComboBox* path_ = nullptr;
  QComboBox* baud_ = nullptr;
  QPushButton* connect_ = nullptr;
  QPushButton* disconnect_ = nullptr;
  QLabel* state_ = nullptr;
  QLabel* statistics_ = nullptr;
  QLabel* hil_rate_ = nullptr;
  QPushButton* hil_ = nullptr;
};

}  // namespace navigator
