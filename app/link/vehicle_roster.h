// VehicleRoster: the vehicles heard on one MavlinkConnection, one VehicleLink per system id —
// PX4's SITL instances all send to the station's UDP port 14550, each as its own system (1+i).
// A HEARTBEAT from a system id not seen before (from a vehicle, not a ground station) adds a
// link pinned to that id; a vehicle that falls silent stays listed, its link Lost. One vehicle
// is selected (the first heard, until the user picks another): the Fly page's panels, plots
// and instruments follow it and the pilot's MANUAL_CONTROL goes to it.
// The roster also beats for the station: a HEARTBEAT (MAV_TYPE_GCS) once a second while it has
// vehicles, as QGroundControl does — PX4's and ArduPilot's ground-station-loss failsafes and
// their "is a ground station there" checks watch for it.
// Thread contract: lives on its connection's thread (the GUI thread); all calls there.
#pragma once

#include "app/clock/tick_clock.h"
#include "app/link/link_timings.h"
#include "app/link/vehicle_link.h"

#include <QList>
#include <QObject>
#include <QPointer>

namespace navigator {

class VehicleRoster : public QObject {
  Q_OBJECT

 public:
  static constexpr int kGcsHeartbeatPeriodMs = 1000;

  explicit VehicleRoster(MavlinkConnection* connection, const LinkTimings& timings = {}, QObject* parent = nullptr);
  // The clock heartbeat timeouts and the station's own heartbeat go by (not owned; null: the
  // real one). Vehicles added later get it too.
  void setClock(TickClock* clock);

  // In the order they were first heard.
  const QList<VehicleLink*>& vehicles() const { return vehicles_; }
  VehicleLink* vehicle(std::uint8_t system_id) const;
  VehicleLink* selected() const { return selected_; }
  // Makes system `system_id` the selected vehicle (an unknown id changes nothing).
  void select(std::uint8_t system_id);
  // Forgets every vehicle (the link was closed): selectedChanged(nullptr), then they are deleted.
  void clear();

  // One line naming a vehicle by system id, autopilot and airframe: "1 PX4 quadrotor",
  // "2 ArduCopter", "3 Vayu quadrotor".
  static QString describe(const VehicleStatus& vehicle);
  static QString typeName(std::uint8_t mav_type);  // "quadrotor", "fixed wing", or "type 42"

  MavlinkConnection* connection() const { return connection_; }

 signals:
  void vehicleAdded(navigator::VehicleLink* link);
  void vehicleChanged(navigator::VehicleLink* link);  // its identity, mode, armed or link state changed
  void selectedChanged(navigator::VehicleLink* link);

 private:
  void onFrame(const mavlink_frame_t& frame);
  void onTick();
  void sendHeartbeat();

  MavlinkConnection* connection_;
  LinkTimings timings_;
  QList<VehicleLink*> vehicles_;
  QPointer<VehicleLink> selected_;
  SteadyTickClock steady_clock_{250};
  TickClock* clock_ = nullptr;
  QMetaObject::Connection tick_connection_;
  std::int64_t next_heartbeat_ms_ = 0;
};

}  // namespace navigator
