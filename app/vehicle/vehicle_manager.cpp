#include "app/vehicle/vehicle_manager.h"

namespace navigator {

VehicleManager::VehicleManager(QObject* parent) : QObject(parent) {}

void VehicleManager::addOwn(Vehicle* vehicle) {
  own_ << vehicle;
  if (!active_) active_ = vehicle;
}

Vehicle* VehicleManager::own(VehicleOrigin origin) const {
  for (Vehicle* v : own_)
    if (v->origin() == origin) return v;
  return nullptr;
}

void VehicleManager::watch(VehicleRoster* roster) {
  roster_ = roster;
  connect(roster, &VehicleRoster::vehicleAdded, this, [this](VehicleLink* link) {
    auto* vehicle = new Vehicle(link, VehicleOrigin::AutopilotLink);
    // The one on show went with its link (the autopilot link closed): the active one is shown.
    connect(vehicle, &QObject::destroyed, this, [this, vehicle] {
      if (vehicle != chosen_) return;
      chosen_ = nullptr;
      emit shownChanged(active_);
    });
    emit vehicleHeard(vehicle);
  });
}

QList<Vehicle*> VehicleManager::heard() const {
  QList<Vehicle*> out;
  if (!roster_) return out;
  for (VehicleLink* link : roster_->vehicles())
    if (Vehicle* v = Vehicle::of(link)) out << v;
  return out;
}

void VehicleManager::setActive(Vehicle* vehicle) {
  if (vehicle == active_) return;
  active_ = vehicle;
  emit activeChanged(vehicle);
  if (!chosen_) emit shownChanged(vehicle);
}

void VehicleManager::choose(Vehicle* vehicle) {
  Vehicle* before = shown();
  chosen_ = vehicle;
  if (shown() != before) emit shownChanged(shown());
}

}  // namespace navigator
