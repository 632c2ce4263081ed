// UdpTransport: MAVLink over UDP the way QGroundControl listens for autopilots. It binds a
// local port (14550 by default, where vayu_sitl, PX4 and other autopilots send) and learns each
// vehicle's address from the datagrams that hold valid MAVLink frames: one address per system
// id, so several vehicles sending to the one port (PX4 instance i sends from 18570+i as
// system 1+i) are each answered where they send from. A later valid datagram of a system from
// another address (a restarted vayu_sitl on a new port) moves that system's address;
// datagrams that hold no valid frame are passed on (the connection counts them as dropped
// bytes) but never move an address.
// Sending routes by the frame's target system, as MAVLink routers do: a message addressed to
// a known system goes only to its address; a broadcast (target 0, or a message without a
// target such as HEARTBEAT) or a target not heard yet goes to every known address.
// Given a source (setOnlySource: the station's own SITL firmware, from the port it was told to
// send from), datagrams from anywhere else are kept out — counted, and each new sender named
// once (foreignSource) — so another autopilot sending to the same port can neither be taken
// for the station's vehicle nor receive its commands (a PX4 sending to the
// SITL port was once listed as the station's own vehicle).
// Thread contract: as MavlinkTransport — one thread with an event loop owns it.
#pragma once

#include "app/link/mavlink_transport.h"

#include <QHostAddress>
#include <QList>
#include <QUdpSocket>

#include <cstdint>
#include <map>

namespace navigator {

class UdpTransport : public MavlinkTransport {
  Q_OBJECT

 public:
  static constexpr quint16 kDefaultPort = 14550;

  struct Endpoint {
    QHostAddress address;
    quint16 port = 0;
    bool operator==(const Endpoint& o) const {
      return port == o.port && address.isEqual(o.address, QHostAddress::TolerantConversion);
    }
  };

  // `local_port` 0 binds an ephemeral port (tests); read it back with localPort().
  explicit UdpTransport(quint16 local_port = kDefaultPort, QObject* parent = nullptr);

  void setLocalPort(quint16 port) { requested_port_ = port; }  // before open()
  // Sends to this address until a vehicle is heard (e.g. a known board on the network).
  void setPeer(const QHostAddress& address, quint16 port);
  // Only datagrams from `source` are taken (and only it is written to); an empty endpoint
  // (port 0) takes everyone again.
  void setOnlySource(const Endpoint& source);
  // Datagrams kept out by setOnlySource, and the senders seen.
  std::uint64_t foreignDatagrams() const { return foreign_datagrams_; }

  bool open() override;
  void close() override;
  bool isOpen() const override;
  QString description() const override;

  quint16 localPort() const;
  bool hasPeer() const { return peer_port_ != 0; }
  // The address heard from last (or set by setPeer).
  QHostAddress peerAddress() const { return peer_address_; }
  quint16 peerPort() const { return peer_port_; }
  // Where each system id heard sends from.
  const std::map<std::uint8_t, Endpoint>& systemPeers() const { return systems_; }

  // The target system of an outgoing MAVLink frame (the message's target_system field, or
  // MANUAL_CONTROL's target); 0 for a broadcast or a message that names no target.
  static std::uint8_t frameTargetSystem(const QByteArray& frame);

 public slots:
  void write(const QByteArray& bytes) override;

 signals:
  void peerChanged(const QHostAddress& address, quint16 port);
  // A sender other than the only source, the first time it is heard, with the MAVLink systems
  // in its datagram (empty when it held no valid frame).
  void foreignSource(const QHostAddress& address, quint16 port, const QList<int>& systems);

 private:
  void readPending();
  void sendTo(const Endpoint& to, const QByteArray& bytes);

  QUdpSocket socket_;
  quint16 requested_port_;
  QHostAddress peer_address_;
  quint16 peer_port_ = 0;
  std::map<std::uint8_t, Endpoint> systems_;
  Endpoint only_source_;  // port 0: anyone
  std::uint64_t foreign_datagrams_ = 0;
  QList<Endpoint> foreign_seen_;
};

}  // namespace navigator
