// UdpTransport: MAVLink over UDP the way QGroundControl listens for autopilots. It binds a
// local port (14550 by default, where vayu_sitl and other autopilots send), learns the
// vehicle's address from the first datagram that holds a valid MAVLink frame, and sends there.
// A later valid datagram from another address (a restarted vayu_sitl on a new port) moves the
// peer; datagrams that hold no valid frame are passed on (the connection counts them as
// dropped bytes) but never move the peer.
// Thread contract: as MavlinkTransport — one thread with an event loop owns it.
#pragma once

#include "app/link/mavlink_transport.h"

#include <QHostAddress>
#include <QUdpSocket>

namespace navigator {

class UdpTransport : public MavlinkTransport {
  Q_OBJECT

 public:
  static constexpr quint16 kDefaultPort = 14550;

  // `local_port` 0 binds an ephemeral port (tests); read it back with localPort().
  explicit UdpTransport(quint16 local_port = kDefaultPort, QObject* parent = nullptr);

  void setLocalPort(quint16 port) { requested_port_ = port; }  // before open()
  // Sends to this address until a vehicle is heard (e.g. a known board on the network).
  void setPeer(const QHostAddress& address, quint16 port);

  bool open() override;
  void close() override;
  bool isOpen() const override;
  QString description() const override;

  quint16 localPort() const;
  bool hasPeer() const { return peer_port_ != 0; }
  QHostAddress peerAddress() const { return peer_address_; }
  quint16 peerPort() const { return peer_port_; }

 public slots:
  void write(const QByteArray& bytes) override;

 signals:
  void peerChanged(const QHostAddress& address, quint16 port);

 private:
  void readPending();

  QUdpSocket socket_;
  quint16 requested_port_;
  QHostAddress peer_address_;
  quint16 peer_port_ = 0;
};

}  // namespace navigator
