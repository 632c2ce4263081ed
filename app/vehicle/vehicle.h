// Vehicle: one system the station knows — its own SITL firmware, a board on a serial port, or a
// vehicle heard on an autopilot link (PX4, ArduPilot, any MAVLink system) — and the managers
// that each own one protocol with it, as QGroundControl's per-vehicle managers and MAVSDK's
// plugins do:
//   - link():       its MAVLink state, telemetry and the pilot's actions (arm, modes, guided
//                   actions), over one MavlinkConnection;
//   - commands():   COMMAND_LONG with ACK, retries and chains: the pilot's actions go through
//                   it, and any other command a page or a manager sends;
//   - parameters(): the parameter protocol (PARAM_REQUEST_LIST/READ/SET with retries), in the
//                   encoding and with the metadata of the vehicle's dialect;
//   - signing():    MAVLink 2 signing, offered for a Vayu vehicle on a private link (the SITL
//                   firmware's standard input, a board's serial port); null elsewhere;
//   - calibration(): sensor calibration in PX4's protocol (sensor_calibration.h);
//   - motorTest():  one motor spun while disarmed (motor_test.h);
//   - logs():       the logs kept on board, listed and downloaded (log_download.h).
// Missions join these as a manager of its own.
// A Vehicle lives exactly as long as its link: it is the link's child (Vehicle::of finds it).
// Thread contract: GUI thread.
#pragma once

#include "app/link/signing_key_store.h"
#include "app/link/vehicle_link.h"
#include "app/vehicle/log_download.h"
#include "app/vehicle/motor_test.h"
#include "app/vehicle/sensor_calibration.h"
#include "app/vehicle/vehicle_signing.h"

#include <QObject>
#include <QString>

#include <utility>

namespace navigator {

// Where the station knows a vehicle from.
enum class VehicleOrigin {
  Sitl,           // the firmware of this station's own simulation (or the one it attached to)
  Board,          // a flight controller on a serial port
  AutopilotLink,  // heard on the link to autopilots the station did not start (PX4, ArduPilot, …)
};

class Vehicle : public QObject {
  Q_OBJECT
 public:
  // A vehicle heard on an autopilot link: no private link, so no signing.
  Vehicle(VehicleLink* link, VehicleOrigin origin);
  // The station's own vehicle, with signing whose keys live in `keys` and which can be set
  // over `private_link`.
  Vehicle(VehicleLink* link, VehicleOrigin origin, SigningKeyStore* keys, VehicleSigning::PrivateLink private_link);

  // The Vehicle made for `link` (null: none was).
  static Vehicle* of(const VehicleLink* link);

  VehicleOrigin origin() const { return origin_; }
  VehicleLink* link() const { return link_; }
  const VehicleStatus& status() const { return link_->vehicle(); }
  ParamClient* parameters() const { return link_->params(); }
  CommandSender* commands() const { return link_->commands(); }
  VehicleSigning* signing() const { return signing_; }  // null: not offered for this vehicle
  SensorCalibration* calibration() const { return calibration_; }
  MotorTest* motorTest() const { return motor_test_; }
  LogDownload* logs() const { return logs_; }

  // Signing on (a new key, set over the private link) or off; what happened in words, and
  // whether it worked.
  std::pair<bool, QString> switchSigning(bool on);

 signals:
  void logLine(const QString& line);

 private:
  VehicleLink* link_;
  VehicleOrigin origin_;
  VehicleSigning* signing_ = nullptr;  // a child
  SensorCalibration* calibration_;     // a child
  MotorTest* motor_test_;              // a child
  LogDownload* logs_;                  // a child
};

}  // namespace navigator
