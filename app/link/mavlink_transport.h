// MavlinkTransport: the one byte-pipe interface every ground-station link implements (UDP for
// SITL, the serial port for a board). It moves raw bytes;
// framing, parsing and statistics belong to MavlinkConnection, which attaches to it.
// Thread contract: a transport lives on one thread (its own for a serial port, any thread with
// an event loop for UDP); open(), close(), write() and the getters are called on that thread —
// from elsewhere through queued signals or QMetaObject::invokeMethod. Its signals may be
// connected across threads (MavlinkConnection::attachTransport does so with AutoConnection).
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

namespace navigator {

class MavlinkTransport : public QObject {
  Q_OBJECT

 public:
  using QObject::QObject;

  // Opens the device or socket; on failure emits errorOccurred with a message that names what
  // (port, device) and why, and returns false.
  virtual bool open() = 0;
  virtual void close() = 0;
  virtual bool isOpen() const = 0;
  // One line for a status bar: what this transport is connected to ("UDP :14550 ⇄ 127.0.0.1:14580").
  virtual QString description() const = 0;

 public slots:
  // Sends bytes (whole MAVLink frames) to the peer. Bytes written while there is no peer yet
  // are dropped and reported through droppedWrite (MavlinkConnection counts them).
  virtual void write(const QByteArray& bytes) = 0;

 signals:
  void bytesReceived(const QByteArray& bytes);
  void errorOccurred(const QString& message);
  void opened();
  void closed();
  // Bytes that could not be sent (no peer yet, device gone).
  void droppedWrite(qint64 bytes);
};

}  // namespace navigator
