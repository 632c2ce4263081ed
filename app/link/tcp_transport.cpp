#include "app/link/tcp_transport.h"

namespace navigator {

TcpTransport::TcpTransport(const QString& host, quint16 port, QObject* parent)
    : MavlinkTransport(parent), socket_(this), connect_timer_(this), host_(host), port_(port) {
  connect_timer_.setSingleShot(true);
  connect(&connect_timer_, &QTimer::timeout, this, [this] {
    fail(tr("No answer from %1:%2 over TCP within %3 s").arg(host_).arg(port_).arg(connect_timeout_ms_ / 1000.0));
  });
  connect(&socket_, &QTcpSocket::connected, this, [this] {
    connect_timer_.stop();
    was_connected_ = true;
    emit opened();
  });
  connect(&socket_, &QTcpSocket::readyRead, this, [this] { emit bytesReceived(socket_.readAll()); });
  connect(&socket_, &QTcpSocket::errorOccurred, this, &TcpTransport::onError);
}

void TcpTransport::setEndpoint(const QString& host, quint16 port) {
  host_ = host;
  port_ = port;
}

bool TcpTransport::open() {
  if (socket_.state() != QAbstractSocket::UnconnectedState) return true;
  if (host_.isEmpty() || port_ == 0) {
    emit errorOccurred(tr("No TCP address to connect to (host \"%1\", port %2)").arg(host_).arg(port_));
    return false;
  }
  was_connected_ = false;
  connect_timer_.start(connect_timeout_ms_);
  socket_.connectToHost(host_, port_);
  return true;
}

void TcpTransport::close() {
  connect_timer_.stop();
  if (socket_.state() == QAbstractSocket::UnconnectedState) return;
  const bool was_open = isOpen();
  socket_.abort();
  if (was_open) emit closed();
}

bool TcpTransport::isOpen() const { return socket_.state() == QAbstractSocket::ConnectedState; }

bool TcpTransport::connecting() const {
  return socket_.state() == QAbstractSocket::HostLookupState || socket_.state() == QAbstractSocket::ConnectingState;
}

QString TcpTransport::description() const {
  if (isOpen()) return tr("TCP %1:%2").arg(host_).arg(port_);
  if (connecting()) return tr("TCP %1:%2, connecting").arg(host_).arg(port_);
  return tr("TCP %1:%2 (closed)").arg(host_).arg(port_);
}

void TcpTransport::write(const QByteArray& bytes) {
  if (!isOpen() || socket_.write(bytes) != bytes.size()) emit droppedWrite(bytes.size());
}

void TcpTransport::onError(QAbstractSocket::SocketError error) {
  const QString where = QStringLiteral("%1:%2").arg(host_).arg(port_);
  switch (error) {
    case QAbstractSocket::ConnectionRefusedError:
      fail(tr("Connection to %1 refused: nothing listens there over TCP").arg(where));
      return;
    case QAbstractSocket::RemoteHostClosedError:
      fail(tr("The vehicle at %1 closed the TCP connection").arg(where));
      return;
    case QAbstractSocket::HostNotFoundError:
      fail(tr("Host \"%1\" not found").arg(host_));
      return;
    default:
      fail(was_connected_ ? tr("TCP connection to %1 lost: %2").arg(where, socket_.errorString())
                          : tr("Cannot connect to %1 over TCP: %2").arg(where, socket_.errorString()));
  }
}

void TcpTransport::fail(const QString& message) {
  connect_timer_.stop();
  const bool was_connected = was_connected_;
  was_connected_ = false;
  socket_.abort();
  emit errorOccurred(message);
  if (was_connected) emit closed();
}

}  // namespace navigator
