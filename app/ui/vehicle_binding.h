// VehicleBinding: ties one vehicle's link to the Fly page's panels — the flight panel (link
// state, armed, mode by name and the modes of its autopilot, GPS and position, messages; arm,
// disarm, mode requests), the parameter editor, the estimated attitude in the plots, and the
// vehicle's armed state to the pilot input (the sticks themselves go through the Station's PilotRouter,
// to the vehicle on show). The page binds
// the SITL firmware's link, a board's, or a vehicle of the autopilot link (PX4, ArduPilot),
// and can switch between them: the panels then speak to, and show, only the bound vehicle.
// GUI thread only.
#pragma once

#include "app/link/vehicle_link.h"

#include <QList>
#include <QObject>
#include <QPointer>

#include <vector>

namespace navigator {

class FlightPanel;
class ParameterEditor;
class ParamMetadataBinding;
class TelemetryPlots;
namespace joystick {
class PilotInputSource;
}

class VehicleBinding : public QObject {
  Q_OBJECT
 public:
  VehicleBinding(FlightPanel* flight, ParameterEditor* parameters, TelemetryPlots* plots,
                 joystick::PilotInputSource* pilot, QObject* parent = nullptr);

  // Shows and commands `link` from now on (the previous one is let go); null binds nothing.
  void bind(VehicleLink* link);
  VehicleLink* link() const { return link_; }
  LinkState linkState() const { return link_ ? link_->linkState() : LinkState::NoVehicle; }

 signals:
  void logLine(const QString& line);
  void linkStateChanged(navigator::LinkState state);
  // The bound vehicle's STICK_MAP as read from it; -1: not known.
  void stickMappingChanged(int stick_map);

 private:
  void bindTelemetry(VehicleLink* link);     // its state and telemetry to the panels, plots and pilot input
  void bindParameters(ParamClient* params);  // its parameter protocol to the parameter editor
  void showLinkState();
  void showParameters();
  void showMode();  // the bound vehicle's modes offered and the one it is in
  void showNavigation();
  void showStickMapping();
  // A refusal the vehicle said (an error STATUSTEXT, a refused command) stays on the panel until
  // something else is shown; when the vehicle's SYS_STATUS then says its pre-arm checks pass
  // (MAV_SYS_STATUS_PREARM_CHECK turning healthy: PX4 sets it when it may arm in the mode it is
  // in, ArduPilot when its pre-arm checks pass), that is said instead, so an old "Preflight
  // Fail" PX4 sends while it starts is not taken for the state now.
  void showPrearmPassed(const SysStatusSample& s);

  FlightPanel* flight_;
  ParameterEditor* parameters_;
  TelemetryPlots* plots_;
  joystick::PilotInputSource* pilot_;
  QPointer<VehicleLink> link_;
  QList<QMetaObject::Connection> bound_;  // from the bound link to the panels
  std::vector<FlightModeEntry> modes_;    // what the flight panel offers, in its order
  std::optional<GpsSample> gps_;
  std::optional<GlobalPositionSample> position_;
  int gps_sensor_state_ = 0;                  // SYS_STATUS's GPS bit: 0 not present, 1 present, 2 present and healthy
  ParamMetadataBinding* metadata_ = nullptr;  // which metadata, from where
  QString vehicle_refusal_;                   // the vehicle's refusal on show, if it still is
  bool prearm_passed_ = false;                // SYS_STATUS's pre-arm bit as last heard
};

}  // namespace navigator
