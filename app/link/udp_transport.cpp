#include "app/link/udp_transport.h"

#include "firmware/mavlink/mavlink_codec.h"

#include <QNetworkDatagram>

namespace navigator {
namespace {

// True when the datagram holds at least one complete, valid MAVLink frame.
bool holdsFrame(const QByteArray& bytes) {
  mavlink_parser_t parser;
  mavlink_parser_init(&parser);
  return mavlink_parse_all(&parser, reinterpret_cast<const std::uint8_t*>(bytes.constData()),
                           std::size_t(bytes.size()), [](void*, const mavlink_frame_t*) {}, nullptr) > 0;
}

}  // namespace

UdpTransport::UdpTransport(quint16 local_port, QObject* parent)
    : MavlinkTransport(parent), socket_(this), requested_port_(local_port) {
  connect(&socket_, &QUdpSocket::readyRead, this, &UdpTransport::readPending);
}

void UdpTransport::setPeer(const QHostAddress& address, quint16 port) {
  peer_address_ = address;
  peer_port_ = port;
  emit peerChanged(address, port);
}

bool UdpTransport::open() {
  if (isOpen()) return true;
  // DontShareAddress: on Linux the default (SO_REUSEADDR) would let two ground stations bind
  // the same port and silently split the vehicle's datagrams between them.
  if (!socket_.bind(QHostAddress::AnyIPv4, requested_port_, QAbstractSocket::DontShareAddress)) {
    const QString why = socket_.error() == QAbstractSocket::AddressInUseError
                            ? tr("UDP port %1 is already in use (another ground station or a second Navigator?)")
                                  .arg(requested_port_)
                            : tr("cannot listen on UDP port %1: %2").arg(requested_port_).arg(socket_.errorString());
    emit errorOccurred(why);
    return false;
  }
  emit opened();
  return true;
}

void UdpTransport::close() {
  if (!isOpen()) return;
  socket_.close();
  emit closed();
}

bool UdpTransport::isOpen() const { return socket_.state() == QAbstractSocket::BoundState; }

quint16 UdpTransport::localPort() const { return socket_.localPort(); }

QString UdpTransport::description() const {
  if (!isOpen()) return tr("UDP port %1 (closed)").arg(requested_port_);
  if (!hasPeer()) return tr("UDP port %1, waiting for a vehicle").arg(localPort());
  return tr("UDP port %1 ⇄ %2:%3").arg(localPort()).arg(peer_address_.toString()).arg(peer_port_);
}

void UdpTransport::write(const QByteArray& bytes) {
  if (!isOpen() || !hasPeer()) {
    emit droppedWrite(bytes.size());
    return;
  }
  if (socket_.writeDatagram(bytes, peer_address_, peer_port_) != bytes.size()) emit droppedWrite(bytes.size());
}

void UdpTransport::readPending() {
  while (socket_.hasPendingDatagrams()) {
    const QNetworkDatagram d = socket_.receiveDatagram();
    if (!d.isValid()) break;
    const QByteArray bytes = d.data();
    const bool from_peer = hasPeer() && d.senderAddress().isEqual(peer_address_, QHostAddress::TolerantConversion) &&
                           quint16(d.senderPort()) == peer_port_;
    if (!from_peer && d.senderPort() > 0 && holdsFrame(bytes)) setPeer(d.senderAddress(), quint16(d.senderPort()));
    emit bytesReceived(bytes);
  }
}

}  // namespace navigator
