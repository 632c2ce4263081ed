// TcpTransport: MAVLink over a TCP client connection — ArduPilot's SITL serves its first
// serial port (SERIAL0) as a TCP server on 5760+10·i, as Mission Planner and MAVProxy connect
// to it. open() starts connecting and returns at once; opened() follows when the connection
// stands. Nothing listening (refused), a host that cannot be found, no answer within the
// connect timeout, and a peer that goes away later are each an errorOccurred naming host and
// port, followed by closed() (never a crash, never a silent hang). Nothing reconnects by itself:
// open() again (the user's Connect) tries anew. Writes while not connected are dropped and
// reported through droppedWrite.
// Thread contract: as MavlinkTransport — one thread with an event loop owns it.
#pragma once

#include "app/link/mavlink_transport.h"

#include <QTcpSocket>
#include <QTimer>

namespace navigator {

class TcpTransport : public MavlinkTransport {
  Q_OBJECT

 public:
  static constexpr quint16 kArduPilotSitlPort = 5760;  // SERIAL0 of ArduPilot SITL instance 0
  static constexpr int kDefaultConnectTimeoutMs = 5000;

  TcpTransport(const QString& host, quint16 port, QObject* parent = nullptr);

  void setEndpoint(const QString& host, quint16 port);  // before open()
  void setConnectTimeoutMs(int ms) { connect_timeout_ms_ = ms; }
  QString host() const { return host_; }
  quint16 port() const { return port_; }

  // Starts connecting; false (with errorOccurred) only when there is nothing to connect to
  // (no host, port 0). Already connected or connecting: true, nothing changes.
  bool open() override;
  void close() override;
  bool isOpen() const override;  // connected
  bool connecting() const;
  QString description() const override;

 public slots:
  void write(const QByteArray& bytes) override;

 private:
  void onError(QAbstractSocket::SocketError error);
  void fail(const QString& message);  // an error ends the attempt or the connection

  QTcpSocket socket_;
  QTimer connect_timer_;
  QString host_;
  quint16 port_;
  int connect_timeout_ms_ = kDefaultConnectTimeoutMs;
  bool was_connected_ = false;
};

}  // namespace navigator
