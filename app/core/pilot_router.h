// PilotRouter: where the pilot's input goes — the sticks (MANUAL_CONTROL), arm, disarm and the
// pad's mode buttons go to the vehicle on show (VehicleManager::shown), and the steady
// MANUAL_CONTROL stream runs only while that vehicle answers and the pad the input comes from
// has not vanished (without the stream, the firmware's own lost-pilot failsafe acts).
// Thread contract: GUI thread.
#pragma once

#include "app/joystick/pilot_input_source.h"
#include "app/vehicle/vehicle_manager.h"

#include <QObject>
#include <QPointer>

namespace navigator {

class PilotRouter : public QObject {
  Q_OBJECT
 public:
  explicit PilotRouter(VehicleManager* vehicles, QObject* parent = nullptr);

  // The pilot input routed (not owned; null: none).
  void setPilotInput(joystick::PilotInputSource* pilot);
  // The joystick the pilot input reads from vanished (true) or is back (false).
  void setJoystickLost(bool lost);
  // Decides again whether the stream runs (after the input's source or the vehicle on show changed).
  void refresh();
  // Stops the stream until the next refresh (the simulation stopped).
  void pause();

 signals:
  void streamChanged(bool enabled);
  // A request the vehicle on show cannot take (Vayu's mode buttons on another autopilot).
  void notice(const QString& text);

 private:
  void followShown(Vehicle* vehicle);  // its link state decides the stream
  void requestMode(int mode);

  VehicleManager* vehicles_;
  QPointer<joystick::PilotInputSource> pilot_;  // the page that made it may go first
  bool joystick_lost_ = false;
  QMetaObject::Connection shown_state_;
};

}  // namespace navigator
