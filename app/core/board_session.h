// BoardSession: a flight controller on a serial port — the SerialTransport and the
// MavlinkConnection on the serial link's own thread (the GUI never blocks on a
// device; HIL answers there too), the VehicleLink on the GUI thread (frames reach it queued). Opens a path at a baud
// rate or finds the rate by listening for valid MAVLink, survives the device vanishing and coming back, and says what
// it does in words. Thread contract: GUI thread; the transport's thread is hidden inside.
#pragma once

#include "app/link/mavlink_connection.h"
#include "app/link/vehicle_link.h"

#include <QObject>
#include <QThread>

namespace navigator {

class SerialTransport;

class BoardSession : public QObject {
  Q_OBJECT
 public:
  explicit BoardSession(QObject* parent = nullptr);
  ~BoardSession() override;

  // Opens `path` at `baud` (0: detect it, trying the usual rates). The result arrives as
  // stateChanged; a path that cannot be opened is an error naming it.
  void connectTo(const QString& path, qint32 baud);
  void disconnectFrom();
  bool connected() const { return open_; }
  QString path() const { return path_; }
  qint32 baudRate() const { return baud_; }

  // Lives on the serial link's thread: send() and stats() from anywhere, the rest there.
  MavlinkConnection* connection() { return &connection_; }
  VehicleLink* link() { return &link_; }

 signals:
  // What the port is doing, for the panel: opened, detecting, detected, lost, back, closed.
  void stateChanged(bool open, const QString& text);

 private:
  QThread thread_;
  SerialTransport* transport_ = nullptr;  // lives on thread_
  MavlinkConnection connection_;
  VehicleLink link_;
  QString path_;
  qint32 baud_ = 0;
  bool open_ = false;
};

}  // namespace navigator
