#include "app/link/udp_transport.h"

#include "firmware/mavlink/mavlink_codec.h"

#include <QNetworkDatagram>

#include <algorithm>
#include <cstring>
#include <set>
#include <vector>

namespace navigator {
namespace {

// The system ids of the complete, valid MAVLink frames a datagram holds (none: not MAVLink).
std::set<std::uint8_t> systemsIn(const QByteArray& bytes) {
  mavlink_parser_t parser;
  mavlink_parser_init(&parser);
  std::set<std::uint8_t> systems;
  mavlink_parse_all(
      &parser, reinterpret_cast<const std::uint8_t*>(bytes.constData()), std::size_t(bytes.size()),
      [](void* out, const mavlink_frame_t* f) { static_cast<std::set<std::uint8_t>*>(out)->insert(f->sysid); },
      &systems);
  return systems;
}

}  // namespace

std::uint8_t UdpTransport::frameTargetSystem(const QByteArray& frame) {
  const auto* b = reinterpret_cast<const std::uint8_t*>(frame.constData());
  const std::size_t n = std::size_t(frame.size());
  std::size_t header = 0;
  std::uint32_t msgid = 0;
  if (n >= MAVLINK_V2_HEADER_LEN && b[0] == MAVLINK_STX_V2) {
    header = MAVLINK_V2_HEADER_LEN;
    msgid = std::uint32_t(b[7]) | std::uint32_t(b[8]) << 8 | std::uint32_t(b[9]) << 16;
  } else if (n >= MAVLINK_V1_HEADER_LEN && b[0] == MAVLINK_STX_V1) {
    header = MAVLINK_V1_HEADER_LEN;
    msgid = b[5];
  } else {
    return 0;
  }
  const std::size_t payload_length = b[1];
  const mavlink_message_info_t* info = mavlink_message_info(msgid);
  if (!info) return 0;
  // The field's offset in wire order, as MAVLink's routing tables hold it (target_system_ofs).
  std::size_t offset = 0;
  for (std::size_t i = 0; i < info->field_count; ++i) {
    const mavlink_field_info_t& f = info->fields[i];
    if (f.array_length == 0 && (std::strcmp(f.name, "target_system") == 0 || std::strcmp(f.name, "target") == 0))
      // A MAVLink 2 payload cut before the field (trailing zeros are not sent) carries 0 there.
      return offset < payload_length && header + offset < n ? b[header + offset] : 0;
    offset += mavlink_type_size(f.type) * std::max<std::size_t>(1, f.array_length);
  }
  return 0;
}

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
    const QString why =
        socket_.error() == QAbstractSocket::AddressInUseError
            ? tr("UDP port %1 is already in use (another ground station or a second Navigator?)").arg(requested_port_)
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
  systems_.clear();
  foreign_seen_.clear();
  emit closed();
}

bool UdpTransport::isOpen() const { return socket_.state() == QAbstractSocket::BoundState; }

quint16 UdpTransport::localPort() const { return socket_.localPort(); }

QString UdpTransport::description() const {
  if (!isOpen()) return tr("UDP port %1 (closed)").arg(requested_port_);
  if (!hasPeer()) return tr("UDP port %1, waiting for a vehicle").arg(localPort());
  if (systems_.size() > 1) return tr("UDP port %1 ⇄ %n vehicles", nullptr, int(systems_.size())).arg(localPort());
  return tr("UDP port %1 ⇄ %2:%3").arg(localPort()).arg(peer_address_.toString()).arg(peer_port_);
}

void UdpTransport::write(const QByteArray& bytes) {
  if (!isOpen() || !hasPeer()) {
    emit droppedWrite(bytes.size());
    return;
  }
  const std::uint8_t target = frameTargetSystem(bytes);
  if (const auto it = systems_.find(target); target != 0 && it != systems_.end()) {
    sendTo(it->second, bytes);
    return;
  }
  // A broadcast, or a system not heard yet: every address once.
  std::vector<Endpoint> all;
  for (const auto& [system, endpoint] : systems_)
    if (std::find(all.begin(), all.end(), endpoint) == all.end()) all.push_back(endpoint);
  if (all.empty()) all.push_back({peer_address_, peer_port_});  // set by setPeer, nobody heard yet
  for (const Endpoint& e : all) sendTo(e, bytes);
}

void UdpTransport::sendTo(const Endpoint& to, const QByteArray& bytes) {
  if (socket_.writeDatagram(bytes, to.address, to.port) != bytes.size()) emit droppedWrite(bytes.size());
}

void UdpTransport::setOnlySource(const Endpoint& source) {
  only_source_ = source;
  if (source.port == 0) return;
  systems_.clear();
  setPeer(source.address, source.port);
}

void UdpTransport::readPending() {
  while (socket_.hasPendingDatagrams()) {
    const QNetworkDatagram d = socket_.receiveDatagram();
    if (!d.isValid()) break;
    const QByteArray bytes = d.data();
    const Endpoint from{d.senderAddress(), quint16(std::max(0, d.senderPort()))};
    if (only_source_.port != 0 && !(from == only_source_)) {
      ++foreign_datagrams_;
      if (!foreign_seen_.contains(from)) {
        foreign_seen_.append(from);
        QList<int> systems;
        for (const std::uint8_t s : systemsIn(bytes)) systems.append(int(s));
        emit foreignSource(from.address, from.port, systems);
      }
      continue;
    }
    if (from.port > 0) {
      // A system heard first, or from a new address, makes that address the latest peer;
      // two vehicles taking turns do not.
      bool moved = false;
      for (const std::uint8_t system : systemsIn(bytes)) {
        const auto it = systems_.find(system);
        if (it != systems_.end() && it->second == from) continue;
        systems_[system] = from;
        moved = true;
      }
      if (moved) setPeer(from.address, from.port);
    }
    emit bytesReceived(bytes);
  }
}

}  // namespace navigator
