// GeometryWriter: gives a Vayu vehicle its airframe's rotor geometry — the
// CA_ROTOR* parameters and MIXER 1 of vsim::geometryParams (flight/flight_runner.h), from which
// the firmware builds its allocation. The station gives it when a vehicle is given an airframe:
// SITL started with one, new mass properties flown (the centre of mass moves, so do the rotors
// about it), HIL started on a board. Once the vehicle's parameter list is read, only the values
// that differ are written, through ParamSetWriter (checked whole first, each one confirmed):
// MIXER 0 first when the vehicle allocates from a geometry now, so that no half-written
// geometry is ever in force, then the rotors, then MIXER 1.
// Thread contract: GUI thread, as the links' ParamClients.
#pragma once

#include "app/core/param_set_writer.h"
#include "app/link/vehicle_link.h"
#include "sim/vehicle/vehicle_model.h"

#include <QList>
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>

namespace navigator {

class GeometryWriter : public QObject {
  Q_OBJECT
 public:
  explicit GeometryWriter(QObject* parent = nullptr);

  // The writes that give `client`'s vehicle `model`'s geometry, in order (empty: it has it).
  static QList<ParamWrite> writesFor(const ParamClient& client, const vsim::VehicleModel& model);

  // Gives `link`'s vehicle `model`'s geometry: now when its parameters are read, else when they
  // are. Replaces a geometry given before and not yet written.
  void give(VehicleLink* link, const vsim::VehicleModel& model);
  // Waiting for the vehicle's parameters, or writing.
  bool pending() const { return !link_.isNull() || writer_.isWriting(); }

 signals:
  void logLine(const QString& text);
  // The write ended: the vehicle has the geometry (ok), or it was refused (the message says which).
  void finished(bool ok, const QString& message);

 private:
  void writeNow();

  QPointer<VehicleLink> link_;
  vsim::VehicleModel model_;
  QMetaObject::Connection waiting_;
  ParamSetWriter writer_;
};

}  // namespace navigator
