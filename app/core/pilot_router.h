// PilotRouter: where the pilot's input goes — the sticks (MANUAL_CONTROL), arm, disarm and the
// pad's mode buttons go to the vehicle on show (VehicleManager::shown), and the steady
// MANUAL_CONTROL stream runs only while that vehicle answers and the pad the input comes from
// has not vanished (without the stream, the firmware's own lost-pilot failsafe acts).
// Arm is for offering once the stream runs (streamRunning): it has sent kPeriodsBeforeArm periods
// to the vehicle on show since it started, since that vehicle came on show, or since the vehicle's
// clock started again (restartCount: HIL began or ended), so the firmware's arming check, which
// asks for fresh pilot input, finds it.
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
  // The periods the stream must have sent before Arm is offered: 100 ms at the input's 50 Hz,
  // five chances for a MANUAL_CONTROL to reach the firmware before its check (FS_TIMEOUT_S 0.5 s).
  static constexpr int kPeriodsBeforeArm = 5;
  bool streamRunning() const { return periods_sent_ >= kPeriodsBeforeArm; }
  // The vehicle's clock starts again (HIL began or ended): the stream counts from zero.
  void restartCount();

 signals:
  void streamChanged(bool enabled);
  void streamRunningChanged(bool running);  // streamRunning() changed: offer Arm, or stop offering it
  // A request the vehicle on show cannot take (Vayu's mode buttons on another autopilot).
  void notice(const QString& text);

 private:
  void followShown(Vehicle* vehicle);  // its link state decides the stream
  void requestMode(int mode);

  VehicleManager* vehicles_;
  QPointer<joystick::PilotInputSource> pilot_;  // the page that made it may go first
  bool joystick_lost_ = false;
  int periods_sent_ = 0;  // MANUAL_CONTROL periods sent since the count (re)started, up to kPeriodsBeforeArm
  QMetaObject::Connection shown_state_;
};

}  // namespace navigator
