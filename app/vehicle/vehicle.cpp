#include "app/vehicle/vehicle.h"

namespace navigator {

Vehicle::Vehicle(VehicleLink* link, VehicleOrigin origin)
    : QObject(link),
      link_(link),
      origin_(origin),
      calibration_(new SensorCalibration(link, this)),
      motor_test_(new MotorTest(link, this)),
      logs_(new LogDownload(link, this)) {}

Vehicle::Vehicle(VehicleLink* link, VehicleOrigin origin, SigningKeyStore* keys,
                 VehicleSigning::PrivateLink private_link)
    : Vehicle(link, origin) {
  signing_ = new VehicleSigning(link->connection(), keys, this);
  signing_->setPrivateLink(std::move(private_link));
  // A vehicle heard with a stored key signs again.
  connect(link, &VehicleLink::vehicleChanged, signing_,
          [signing = signing_](const VehicleStatus& v) { signing->vehicleHeard(v.system_id); });
  connect(signing_, &VehicleSigning::problem, this, &Vehicle::logLine);
}

Vehicle* Vehicle::of(const VehicleLink* link) {
  return link ? link->findChild<Vehicle*>(QString(), Qt::FindDirectChildrenOnly) : nullptr;
}

std::pair<bool, QString> Vehicle::switchSigning(bool on) {
  if (!signing_) return {false, tr("Signing is offered for Vayu vehicles only (the SITL firmware and boards).")};
  const std::uint8_t system = status().system_id;
  const QString why = on ? signing_->enable(system) : signing_->disable(system);
  if (!why.isEmpty()) return {false, why};
  const QString done = on ? tr("Signing on for system %1: its key is kept in %2 and set on the vehicle; "
                               "it now takes only frames signed with it.")
                                .arg(system)
                                .arg(signing_->store()->location())
                          : tr("Signing off for system %1: its key is forgotten.").arg(system);
  emit logLine(done);
  return {true, done};
}

}  // namespace navigator
