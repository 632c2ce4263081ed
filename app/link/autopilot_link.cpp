#include "app/link/autopilot_link.h"

#include "app/link/tcp_transport.h"
#include "app/link/udp_transport.h"

namespace navigator {

LinkEndpoint LinkEndpoint::px4Udp() { return {Kind::Udp, {}, UdpTransport::kDefaultPort}; }

LinkEndpoint LinkEndpoint::ardupilotTcp() {
  return {Kind::Tcp, QStringLiteral("127.0.0.1"), TcpTransport::kArduPilotSitlPort};
}

std::optional<LinkEndpoint> LinkEndpoint::parse(const QString& text, QString* error) {
  const auto fail = [&](const QString& why) -> std::optional<LinkEndpoint> {
    if (error) *error = why;
    return std::nullopt;
  };
  QString rest = text.trimmed();
  std::optional<Kind> kind;
  if (rest.startsWith(QLatin1String("udp:"), Qt::CaseInsensitive)) {
    kind = Kind::Udp;
    rest = rest.mid(4);
  } else if (rest.startsWith(QLatin1String("tcp:"), Qt::CaseInsensitive)) {
    kind = Kind::Tcp;
    rest = rest.mid(4);
  }
  QString host;
  const qsizetype colon = rest.lastIndexOf(QLatin1Char(':'));
  if (colon >= 0) {
    host = rest.left(colon);
    rest = rest.mid(colon + 1);
  }
  if (!kind) kind = host.isEmpty() ? Kind::Udp : Kind::Tcp;
  bool ok = false;
  const uint port = rest.toUInt(&ok);
  if (!ok || port == 0 || port > 65535)
    return fail(AutopilotLink::tr("\"%1\" is no address: write udp:PORT to listen (PX4: udp:14550) or "
                                  "tcp:HOST:PORT to connect (ArduPilot SITL: tcp:127.0.0.1:5760)")
                    .arg(text.trimmed()));
  if (*kind == Kind::Tcp && host.isEmpty())
    return fail(
        AutopilotLink::tr("\"%1\": a TCP connection needs a host, as in tcp:127.0.0.1:5760").arg(text.trimmed()));
  if (*kind == Kind::Udp && !host.isEmpty())
    return fail(
        AutopilotLink::tr("\"%1\": UDP listens on a port of this computer; write udp:%2").arg(text.trimmed(), rest));
  return LinkEndpoint{*kind, host, quint16(port)};
}

QString LinkEndpoint::text() const {
  return kind == Kind::Udp ? QStringLiteral("udp:%1").arg(port) : QStringLiteral("tcp:%1:%2").arg(host).arg(port);
}

AutopilotLink::AutopilotLink(const LinkTimings& timings, QObject* parent)
    : QObject(parent), timings_(timings), roster_(&connection_, timings) {}

AutopilotLink::~AutopilotLink() { dropTransport(); }

bool AutopilotLink::open(const LinkEndpoint& endpoint) {
  close();
  endpoint_ = endpoint;
  connection_.resetStats();
  if (endpoint.kind == LinkEndpoint::Kind::Udp)
    transport_ = std::make_unique<UdpTransport>(endpoint.port);
  else
    transport_ = std::make_unique<TcpTransport>(endpoint.host, endpoint.port);
  MavlinkTransport* t = transport_.get();
  connected_ = false;
  connect(t, &MavlinkTransport::opened, this, [this] {
    connected_ = true;
    emit stateChanged(true, description());
  });
  connect(t, &MavlinkTransport::errorOccurred, this, [this](const QString& message) {
    QString text = message;
    // Nobody at the far end of a TCP link: say what usually listens there.
    if (endpoint_ && endpoint_->kind == LinkEndpoint::Kind::Tcp && !connected_)
      text += QLatin1Char(' ') + tr("(Is the autopilot running? ArduPilot's SITL serves SERIAL0 on TCP 5760, "
                                    "5770, … for instances 0, 1, …)");
    emit stateChanged(false, text);
    emit problem(text);
  });
  connection_.attachTransport(t);
  if (!t->open()) {
    dropTransport();
    return false;
  }
  return true;
}

void AutopilotLink::close() {
  const bool was_active = isActive();
  roster_.clear();
  dropTransport();
  endpoint_.reset();
  if (was_active) emit stateChanged(false, tr("Disconnected"));
}

void AutopilotLink::dropTransport() {
  if (!transport_) return;
  connection_.detachTransport();
  transport_->disconnect(this);
  transport_->close();
  transport_.reset();
}

bool AutopilotLink::isOpen() const { return transport_ && transport_->isOpen(); }

bool AutopilotLink::isActive() const {
  if (!transport_) return false;
  if (transport_->isOpen()) return true;
  const auto* tcp = qobject_cast<const TcpTransport*>(transport_.get());
  return tcp && tcp->connecting();
}

QString AutopilotLink::description() const {
  if (!transport_) return tr("not connected");
  return transport_->description();
}

}  // namespace navigator
