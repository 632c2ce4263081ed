// BoardHealthView: the Board tab's sensor table fed from a vehicle link — the board's while its
// serial port is open, otherwise the station's SITL firmware (its drivers read chip models with
// vayu_sitl --sensors chips) — from SYS_STATUS's sensor bits, the last STATUSTEXT about each
// sensor and BATTERY_STATUS (VehicleLink keeps them). GUI thread.
#pragma once

#include "app/link/telemetry_decode.h"

#include <QList>
#include <QObject>
#include <QPointer>

namespace navigator {

class BoardPanel;
class BoardSession;
class VehicleLink;
struct BoardSensorRow;

class BoardHealthView : public QObject {
  Q_OBJECT
 public:
  BoardHealthView(BoardPanel* panel, BoardSession* board, VehicleLink* sitl, QObject* parent = nullptr);

  // The link shown now.
  VehicleLink* shown() const { return shown_; }

  // The table's rows for `link` (kBoardSensors' order) and the battery's line: plain functions of
  // what the link last heard.
  static QList<BoardSensorRow> rows(const VehicleLink& link);
  static QString batteryText(const VehicleLink& link);
  static QString sensorName(BoardSensor sensor);

 private:
  void follow(VehicleLink* link);
  void refresh();

  BoardPanel* panel_;
  BoardSession* board_;
  VehicleLink* sitl_;
  QPointer<VehicleLink> shown_;
  QList<QMetaObject::Connection> connections_;
};

}  // namespace navigator
