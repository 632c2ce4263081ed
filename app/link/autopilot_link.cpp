#include "app/link/autopilot_link.h"

#include "app/link/serial_transport.h"
#include "app/link/tcp_transport.h"
#include "app/link/udp_transport.h"
#include "firmware/protocol/vayu_protocol.h"

namespace navigator {

LinkEndpoint LinkEndpoint::px4Udp() { return {Kind::Udp, {}, UdpTransport::kDefaultPort}; }

LinkEndpoint LinkEndpoint::ardupilotTcp() {
  return {Kind::Tcp, QStringLiteral("127.0.0.1"), TcpTransport::kArduPilotSitlPort};
}

namespace {

// "PATH" or "PATH:BAUD" after "serial:" (a path with a colon of its own keeps it when what
// follows the last colon is not a number).
std::optional<LinkEndpoint> parseSerial(const QString& text, const QString& body, QString* error) {
  const auto fail = [&](const QString& why) -> std::optional<LinkEndpoint> {
    if (error) *error = why;
    return std::nullopt;
  };
  QString path = body;
  qint32 baud = 0;
  const qsizetype colon = body.lastIndexOf(QLatin1Char(':'));
  if (colon >= 0) {
    const QString tail = body.mid(colon + 1);
    bool number = !tail.isEmpty();
    for (const QChar c : tail) number = number && c.isDigit();
    if (number) {
      path = body.left(colon);
      const qint64 rate = tail.toLongLong();
      if (rate < 1 || rate > LinkEndpoint::kMaxBaud)
        return fail(AutopilotLink::tr("\"%1\": %2 is no baud rate (1 to %3; leave it out to have it detected)")
                        .arg(text, tail)
                        .arg(LinkEndpoint::kMaxBaud));
      baud = qint32(rate);
    }
  }
  if (path.isEmpty())
    return fail(AutopilotLink::tr("\"%1\": a serial link needs a device, as in serial:/dev/ttyACM0 or "
                                  "serial:/dev/ttyUSB0:57600")
                    .arg(text));
  LinkEndpoint e{LinkEndpoint::Kind::Serial, path, 0};
  e.baud = baud;
  return e;
}

}  // namespace

std::optional<LinkEndpoint> LinkEndpoint::parse(const QString& text, QString* error) {
  const auto fail = [&](const QString& why) -> std::optional<LinkEndpoint> {
    if (error) *error = why;
    return std::nullopt;
  };
  QString rest = text.trimmed();
  if (rest.startsWith(QLatin1String("serial:"), Qt::CaseInsensitive)) return parseSerial(rest, rest.mid(7), error);
  if (rest.startsWith(QLatin1Char('/'))) return parseSerial(rest, rest, error);
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
    return fail(AutopilotLink::tr("\"%1\" is no address: write udp:PORT to listen (PX4: udp:14550), "
                                  "tcp:HOST:PORT to connect (ArduPilot SITL: tcp:127.0.0.1:5760) or "
                                  "serial:DEVICE[:BAUD] for a serial port (serial:/dev/ttyACM0)")
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
  if (kind == Kind::Serial)
    return baud > 0 ? QStringLiteral("serial:%1:%2").arg(host).arg(baud) : QStringLiteral("serial:%1").arg(host);
  return kind == Kind::Udp ? QStringLiteral("udp:%1").arg(port) : QStringLiteral("tcp:%1:%2").arg(host).arg(port);
}

namespace {
constexpr int kVersionAttempts = 3;  // REQUEST_MESSAGE twice, then REQUEST_AUTOPILOT_CAPABILITIES
}

AutopilotLink::AutopilotLink(const LinkTimings& timings, QObject* parent)
    : QObject(parent), timings_(timings), roster_(&connection_, timings) {
  qRegisterMetaType<RawFrame>();
  version_timer_.setInterval(timings_.command_retry_ms);
  connect(&version_timer_, &QTimer::timeout, this, &AutopilotLink::onVersionTimer);
  connect(&roster_, &VehicleRoster::vehicleAdded, this, &AutopilotLink::onVehicleAdded);
  beat_timer_.setInterval(VehicleRoster::kGcsHeartbeatPeriodMs);
  connect(&beat_timer_, &QTimer::timeout, this, &AutopilotLink::beat);
}

// The roster beats once it has vehicles; until then (a stream link with a peer) the link does.
void AutopilotLink::beat() {
  if (!isOpen() || !roster_.vehicles().isEmpty() || endpoint_->kind == LinkEndpoint::Kind::Udp) return;
  mavlink_heartbeat_t h{};
  h.type = MAV_TYPE_GCS;
  h.autopilot = MAV_AUTOPILOT_INVALID;
  h.system_status = MAV_STATE_ACTIVE;
  h.mavlink_version = 3;
  connection_.send(h);
}

std::unique_ptr<MavlinkTransport> AutopilotLink::makeTransport(const LinkEndpoint& endpoint) {
  switch (endpoint.kind) {
    case LinkEndpoint::Kind::Udp:
      return std::make_unique<UdpTransport>(endpoint.port);
    case LinkEndpoint::Kind::Tcp:
      return std::make_unique<TcpTransport>(endpoint.host, endpoint.port);
    case LinkEndpoint::Kind::Serial:
      break;
  }
  // On this (the GUI) thread, as UDP and TCP: an autopilot's telemetry is a few kB/s.
  return std::make_unique<SerialTransport>(endpoint.host,
                                           endpoint.baud > 0 ? endpoint.baud : SerialTransport::kDefaultBaudRate);
}

// A serial device lost and back, and the baud rate found: told; the link and its vehicles stay.
void AutopilotLink::watchSerial(const LinkEndpoint& endpoint) {
  auto* serial = qobject_cast<SerialTransport*>(transport_.get());
  if (!serial) return;
  connect(serial, &SerialTransport::deviceLost, this, [this](const QString& message) {
    emit stateChanged(false, message);
    emit problem(message + QLatin1Char(' ') +
                 tr("The vehicles, their parameters and modes are kept meanwhile (%n vehicle(s)).", nullptr,
                    int(roster_.vehicles().size())));
  });
  connect(serial, &SerialTransport::deviceReconnected, this, [this](const QString& message) {
    emit note(message);
    emit stateChanged(true, description());
    beat();
  });
  connect(serial, &SerialTransport::baudRateDetected, this, [this](qint32, const QString& message) {
    emit note(message);
    emit stateChanged(true, description());
  });
  connect(serial, &SerialTransport::baudDetectionFailed, this, &AutopilotLink::problem);
  if (endpoint.baud <= 0) serial->startBaudDetection();
}

void AutopilotLink::onVehicleAdded(VehicleLink* vehicle) {
  const std::uint8_t system = vehicle->vehicle().system_id;
  ParamClient* params = vehicle->params();
  connect(params, &ParamClient::encodingChanged, this, [this, system](ParamEncoding, const QString& reason) {
    emit note(tr("Vehicle %1 parameters: %2").arg(system).arg(reason));
  });
  connect(params, &ParamClient::paramProblem, this, [this, system](const QString&, const QString& message) {
    emit note(tr("Vehicle %1: %2").arg(system).arg(message));
  });
  // The HEARTBEAT that added it went by before its ParamClient listened: tell it the autopilot.
  params->setAutopilot(vehicle->vehicle().autopilot);
  emit note(tr("Vehicle %1 parameters: %2").arg(system).arg(params->encodingReason()));
  requestVersion(system, 1);
}

void AutopilotLink::requestVersion(std::uint8_t system_id, int attempt) {
  version_attempts_[system_id] = attempt;
  mavlink_command_long_t c{};
  c.target_system = system_id;
  c.target_component = mav::kCompAutopilot1;
  if (attempt < kVersionAttempts) {
    c.command = mav::kCmdRequestMessage;
    c.param1 = float(mav::kMsgIdAutopilotVersion);
  } else {
    c.command = mav::kCmdRequestAutopilotCapabilities;
    c.param1 = 1;
  }
  c.confirmation = std::uint8_t(attempt - 1);
  connection_.send(c);
  if (!version_timer_.isActive()) version_timer_.start();
}

void AutopilotLink::onVersionTimer() {
  const QList<std::uint8_t> systems = version_attempts_.keys();
  for (const std::uint8_t system : systems) {
    const int sent = version_attempts_.value(system);
    if (sent < kVersionAttempts) {
      requestVersion(system, sent + 1);
      continue;
    }
    version_attempts_.remove(system);
    VehicleLink* vehicle = roster_.vehicle(system);
    emit note(tr("Vehicle %1 did not answer the AUTOPILOT_VERSION request (%n tries): parameters %2", nullptr,
                 kVersionAttempts)
                  .arg(system)
                  .arg(vehicle ? vehicle->params()->encodingReason() : QString()));
  }
  if (version_attempts_.isEmpty()) version_timer_.stop();
}

void AutopilotLink::onBytes(const QByteArray& bytes) {
  for (const RawFrame& frame : scanner_.feed(bytes)) {
    if (frame.msgid == mav::kMsgIdAutopilotVersion && frame.checked) {
      version_attempts_.remove(frame.sysid);
      if (VehicleLink* vehicle = roster_.vehicle(frame.sysid))
        if (frame.compid == mav::kCompAutopilot1 || frame.compid == vehicle->vehicle().component_id)
          vehicle->params()->setDeclaredCapabilities(autopilotVersionCapabilities(frame.payload));
    }
    emit rawFrameReceived(frame);
  }
}

AutopilotLink::~AutopilotLink() { dropTransport(); }

bool AutopilotLink::open(const LinkEndpoint& endpoint) {
  close();
  endpoint_ = endpoint;
  connection_.resetStats();
  scanner_.reset();
  transport_ = makeTransport(endpoint);
  MavlinkTransport* t = transport_.get();
  connected_ = false;
  connect(t, &MavlinkTransport::opened, this, [this] {
    connected_ = true;
    emit stateChanged(true, description());
    beat();  // at once: the vehicle need not wait a second to hear a ground station
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
  // After the connection: the codec's frames (a vehicle, its HEARTBEAT) come first.
  connect(t, &MavlinkTransport::bytesReceived, this, &AutopilotLink::onBytes);
  if (!t->open()) {
    dropTransport();
    return false;
  }
  watchSerial(endpoint);
  beat_timer_.start();
  return true;
}

void AutopilotLink::close() {
  const bool was_active = isActive();
  roster_.clear();
  version_attempts_.clear();
  version_timer_.stop();
  beat_timer_.stop();
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
  if (const auto* serial = qobject_cast<const SerialTransport*>(transport_.get()))
    return serial->state() == SerialTransport::State::Lost;
  const auto* tcp = qobject_cast<const TcpTransport*>(transport_.get());
  return tcp && tcp->connecting();
}

QString AutopilotLink::description() const {
  if (!transport_) return tr("not connected");
  return transport_->description();
}

}  // namespace navigator
