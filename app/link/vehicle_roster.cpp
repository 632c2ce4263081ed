#include "app/link/vehicle_roster.h"

#include "firmware/protocol/vayu_protocol.h"

#include <utility>

namespace navigator {

VehicleRoster::VehicleRoster(MavlinkConnection* connection, const LinkTimings& timings, QObject* parent)
    : QObject(parent), connection_(connection), timings_(timings) {
  setClock(nullptr);
  connect(connection_, &MavlinkConnection::frameReceived, this, &VehicleRoster::onFrame);
}

void VehicleRoster::setClock(TickClock* clock) {
  if (clock_) clock_->stop();
  disconnect(tick_connection_);
  clock_ = clock ? clock : &steady_clock_;
  tick_connection_ = connect(clock_, &TickClock::tick, this, &VehicleRoster::onTick);
  clock_->start();
  for (VehicleLink* link : vehicles_) link->setClock(clock);
}

VehicleLink* VehicleRoster::vehicle(std::uint8_t system_id) const {
  for (VehicleLink* link : vehicles_)
    if (link->pinnedSystem() == system_id) return link;
  return nullptr;
}

void VehicleRoster::select(std::uint8_t system_id) {
  VehicleLink* link = vehicle(system_id);
  if (!link || link == selected_) return;
  selected_ = link;
  emit selectedChanged(link);
}

void VehicleRoster::clear() {
  if (vehicles_.isEmpty()) return;
  selected_ = nullptr;
  emit selectedChanged(nullptr);
  const QList<VehicleLink*> gone = std::exchange(vehicles_, {});
  for (VehicleLink* link : gone) delete link;
}

QString VehicleRoster::typeName(std::uint8_t t) {
  switch (t) {
    case mav::kTypeFixedWing:
      return tr("fixed wing");
    case mav::kTypeQuadrotor:
      return tr("quadrotor");
    case mav::kTypeCoaxial:
      return tr("coaxial helicopter");
    case mav::kTypeHelicopter:
      return tr("helicopter");
    case mav::kTypeGroundRover:
      return tr("rover");
    case mav::kTypeSurfaceBoat:
      return tr("boat");
    case mav::kTypeSubmarine:
      return tr("submarine");
    case mav::kTypeHexarotor:
      return tr("hexarotor");
    case mav::kTypeOctorotor:
      return tr("octorotor");
    case mav::kTypeRocket:
      return tr("rocket");
    case mav::kTypeTricopter:
      return tr("tricopter");
    case mav::kTypeDodecarotor:
      return tr("dodecarotor");
    case mav::kTypeDecarotor:
      return tr("decarotor");
    case mav::kTypeVtolTailsitterDuo:
    case mav::kTypeVtolTailsitterQuad:
    case mav::kTypeVtolTiltrotor:
    case mav::kTypeVtolFixedrotor:
    case mav::kTypeVtolTailsitter:
    case mav::kTypeVtolTiltwing:
      return tr("VTOL");
    default:
      return tr("type %1").arg(t);
  }
}

QString VehicleRoster::describe(const VehicleStatus& v) {
  const Autopilot autopilot = v.autopilotKind();
  const QString name = QString::fromStdString(autopilotName(autopilot, v.mav_type));
  // ArduPilot's program names the airframe already ("ArduCopter"); the others do not.
  if (autopilot == Autopilot::ArduPilot && name != QLatin1String("ArduPilot"))
    return QStringLiteral("%1 %2").arg(v.system_id).arg(name);
  if (name.isEmpty()) return tr("%1 autopilot %2 %3").arg(v.system_id).arg(v.autopilot).arg(typeName(v.mav_type));
  return QStringLiteral("%1 %2 %3").arg(v.system_id).arg(name, typeName(v.mav_type));
}

void VehicleRoster::onFrame(const mavlink_frame_t& frame) {
  if (frame.msgid != MAVLINK_MSG_ID_HEARTBEAT || frame.sysid == 0 || vehicle(frame.sysid)) return;
  mavlink_heartbeat_t h;
  mavlink_heartbeat_decode(&frame, &h);
  if (h.type == MAV_TYPE_GCS || h.autopilot == MAV_AUTOPILOT_INVALID) return;  // a ground station, a camera
  auto* link = new VehicleLink(connection_, timings_, this);
  link->pinSystem(frame.sysid);
  if (clock_ != &steady_clock_) link->setClock(clock_);
  // Connected after this emission began: the link did not see this heartbeat itself.
  link->receiveFrame(frame);
  vehicles_.append(link);
  connect(link, &VehicleLink::vehicleChanged, this, [this, link] { emit vehicleChanged(link); });
  connect(link, &VehicleLink::linkStateChanged, this, [this, link] { emit vehicleChanged(link); });
  const bool first = vehicles_.size() == 1;
  if (first) next_heartbeat_ms_ = clock_->nowMs();
  emit vehicleAdded(link);
  if (first) {
    sendHeartbeat();
    select(frame.sysid);
  }
}

void VehicleRoster::onTick() {
  if (vehicles_.isEmpty() || clock_->nowMs() < next_heartbeat_ms_) return;
  sendHeartbeat();
}

void VehicleRoster::sendHeartbeat() {
  next_heartbeat_ms_ = clock_->nowMs() + kGcsHeartbeatPeriodMs;
  mavlink_heartbeat_t h{};
  h.type = MAV_TYPE_GCS;
  h.autopilot = MAV_AUTOPILOT_INVALID;
  h.system_status = MAV_STATE_ACTIVE;
  h.mavlink_version = 3;
  connection_->send(h);
}

}  // namespace navigator
