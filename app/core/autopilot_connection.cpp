#include "app/core/autopilot_connection.h"

namespace navigator {

AutopilotConnection::AutopilotConnection(QObject* parent) : QObject(parent) {
  retry_.setInterval(1000);
  connect(&retry_, &QTimer::timeout, this, [this] {
    if (world_running_ && !world_running_()) {
      retry_.stop();
      return;
    }
    if (!link_.isActive()) link_.open(LinkEndpoint::ardupilotTcp());
  });
  connect(&link_, &AutopilotLink::stateChanged, this, [this](bool open) {
    if (open) retry_.stop();  // it stood: a later loss is the user's to reconnect
  });
  connect(&link_, &AutopilotLink::problem, this, &AutopilotConnection::onProblem);
  connect(&link_, &AutopilotLink::note, this, &AutopilotConnection::logLine);
}

void AutopilotConnection::openForWorld(vsim::AutopilotKind kind, int vehicles) {
  const bool px4 = kind == vsim::AutopilotKind::Px4;
  const bool one_ardupilot = !px4 && vehicles == 1;
  const LinkEndpoint endpoint = one_ardupilot ? LinkEndpoint::ardupilotTcp() : LinkEndpoint::px4Udp();
  if (!px4 && !one_ardupilot)
    emit logLine(
        tr("Start ArduPilot instance i with -I i --sysid 1+i --serial0 udpclient:127.0.0.1:14550: "
           "the station hears them all on UDP 14550."));
  emit logLine(tr("Connecting to autopilots on %1…").arg(endpoint.text()));
  if (one_ardupilot) retry_.start();  // ArduPilot's SERIAL0 listens once it runs
  link_.open(endpoint);
}

QString AutopilotConnection::open(const QString& address) {
  retry_.stop();  // the user's address from now on
  QString error;
  const std::optional<LinkEndpoint> endpoint = LinkEndpoint::parse(address, &error);
  if (!endpoint) return error;
  emit logLine(tr("Connecting to autopilots on %1…").arg(endpoint->text()));
  link_.open(*endpoint);
  return {};
}

void AutopilotConnection::onProblem(const QString& text) {
  if (retry_.isActive()) return;  // (not yet listening: tried again in a second)
  QString said = text;
  const std::optional<LinkEndpoint> at = link_.endpoint();
  const std::optional<quint16> own = own_udp_port_ ? own_udp_port_() : std::nullopt;
  if (at && at->kind == LinkEndpoint::Kind::Udp && own && *own == at->port)
    said += QLatin1Char(' ') + tr("This station's own SITL link listens there: start Navigator with --no-sim, or its "
                                  "simulation with another --gcs-port.");
  emit problem(said);
}

}  // namespace navigator
