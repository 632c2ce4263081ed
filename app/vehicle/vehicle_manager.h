// VehicleManager: the vehicles the station knows and which of them the pages show — the role
// QGroundControl's MultiVehicleManager plays, without flying anything itself.
//   - own(origin): the station's own vehicles, one per source (the SITL firmware's, a board's);
//   - active():    the own vehicle the panels command: the board's while its port is open,
//                  else the SITL firmware's (the station's sources set it);
//   - heard():     every vehicle heard on the autopilot link, in the order first heard, each a
//                  Vehicle made here (origin AutopilotLink) that lives as long as its link;
//   - shown():     the vehicle the pages show and the pilot's sticks go to: the heard one the
//                  user chose, or else the active one.
// Thread contract: GUI thread.
#pragma once

#include "app/link/vehicle_roster.h"
#include "app/vehicle/vehicle.h"

#include <QList>
#include <QObject>
#include <QPointer>

namespace navigator {

class VehicleManager : public QObject {
  Q_OBJECT
 public:
  explicit VehicleManager(QObject* parent = nullptr);

  // A vehicle of the station's own (origin Sitl or Board; not owned: its link's child). The
  // first one added is the active one until setActive says otherwise.
  void addOwn(Vehicle* vehicle);
  Vehicle* own(VehicleOrigin origin) const;
  // Every vehicle `roster` hears from now on becomes a Vehicle of origin AutopilotLink.
  void watch(VehicleRoster* roster);
  // The heard vehicles, in the order first heard (empty without a roster).
  QList<Vehicle*> heard() const;

  Vehicle* active() const { return active_; }
  void setActive(Vehicle* vehicle);
  // The heard vehicle on show instead of the active one (null: the active one is on show).
  Vehicle* chosen() const { return chosen_; }
  void choose(Vehicle* vehicle);
  Vehicle* shown() const { return chosen_ ? chosen_ : active_; }

 signals:
  void activeChanged(navigator::Vehicle* vehicle);
  void shownChanged(navigator::Vehicle* vehicle);
  void vehicleHeard(navigator::Vehicle* vehicle);  // a new vehicle on the autopilot link

 private:
  QList<Vehicle*> own_;
  Vehicle* active_ = nullptr;
  Vehicle* chosen_ = nullptr;  // cleared when it is destroyed (with its link)
  QPointer<VehicleRoster> roster_;
};

}  // namespace navigator
