#include "app/core/pilot_router.h"

namespace navigator {

PilotRouter::PilotRouter(VehicleManager* vehicles, QObject* parent) : QObject(parent), vehicles_(vehicles) {
  connect(vehicles_, &VehicleManager::shownChanged, this, [this](Vehicle* vehicle) {
    followShown(vehicle);
    restartCount();  // another vehicle: its own stream
    refresh();
  });
  followShown(vehicles_->shown());
}

void PilotRouter::followShown(Vehicle* vehicle) {
  disconnect(shown_state_);
  if (vehicle) shown_state_ = connect(vehicle->link(), &VehicleLink::linkStateChanged, this, &PilotRouter::refresh);
}

void PilotRouter::setPilotInput(joystick::PilotInputSource* pilot) {
  if (pilot_) disconnect(pilot_, nullptr, this, nullptr);
  pilot_ = pilot;
  if (pilot_) {
    // The sticks go to the vehicle on show only: MANUAL_CONTROL's target is its system id.
    connect(pilot_, &joystick::PilotInputSource::manualControl, this, [this](const joystick::ManualControlValues& v) {
      Vehicle* shown = vehicles_->shown();
      if (!shown) return;
      shown->link()->sendManualControl(v.x, v.y, v.z, v.r, v.buttons);
      if (periods_sent_ < kPeriodsBeforeArm && ++periods_sent_ == kPeriodsBeforeArm) emit streamRunningChanged(true);
    });
    connect(pilot_, &joystick::PilotInputSource::armRequested, this, [this] {
      if (Vehicle* shown = vehicles_->shown()) shown->link()->arm();
    });
    connect(pilot_, &joystick::PilotInputSource::disarmRequested, this, [this] {
      if (Vehicle* shown = vehicles_->shown()) shown->link()->disarm();
    });
    connect(pilot_, &joystick::PilotInputSource::modeRequested, this, &PilotRouter::requestMode);
  }
  refresh();
}

void PilotRouter::requestMode(int mode) {
  Vehicle* shown = vehicles_->shown();
  if (!shown) return;
  VehicleLink* link = shown->link();
  // The pad's mode buttons are Vayu's three modes; another autopilot's are in the Mode list.
  if (link->autopilot() == Autopilot::Vayu || link->autopilot() == Autopilot::Unknown) {
    link->setMode(vayu_mode_t(mode));
    return;
  }
  emit notice(tr("The mode buttons choose Vayu's modes; pick %1's in the Mode list.")
                  .arg(QString::fromStdString(autopilotName(link->autopilot(), link->vehicle().mav_type))));
}

void PilotRouter::setJoystickLost(bool lost) {
  joystick_lost_ = lost;
  refresh();
}

void PilotRouter::pause() {
  if (pilot_) pilot_->setEnabled(false);
  restartCount();
}

void PilotRouter::restartCount() {
  const bool was_running = streamRunning();
  periods_sent_ = 0;
  if (was_running) emit streamRunningChanged(false);
}

void PilotRouter::refresh() {
  if (!pilot_) return;
  // A steady stream while there is someone to hear it and something to send.
  const bool lost = joystick_lost_ && pilot_->source() == joystick::PilotInputSource::Source::Joystick;
  Vehicle* shown = vehicles_->shown();
  const bool enabled = shown && shown->link()->linkState() == LinkState::Connected && !lost;
  pilot_->setEnabled(enabled);
  if (!enabled) restartCount();
  emit streamChanged(enabled);
}

}  // namespace navigator
