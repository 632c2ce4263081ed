#include "app/joystick/pilot_input_source.h"

#include <algorithm>
#include <cmath>

namespace navigator::joystick {

PilotInputSource::PilotInputSource(QObject* parent) : QObject(parent) { setClock(nullptr); }

void PilotInputSource::setClock(TickClock* clock) {
  if (enabled_) clock_->stop();
  disconnect(tick_connection_);
  clock_ = clock ? clock : &steady_clock_;
  tick_connection_ = connect(clock_, &TickClock::tick, this, &PilotInputSource::tick);
  last_tick_ms_ = clock_->nowMs();
  if (enabled_) clock_->start();
}

void PilotInputSource::setJoystick(JoystickManager* joystick) {
  disconnect(joystick_connection_);
  joystick_ = joystick;
  if (joystick) joystick_connection_ = connect(joystick, &JoystickManager::buttonAction, this, &PilotInputSource::onButtonAction);
}

void PilotInputSource::setSource(Source s) {
  source_ = s;
  keys_ = {};  // keys held while switching would otherwise stick
}

void PilotInputSource::setEnabled(bool enabled) {
  if (enabled == enabled_) return;
  enabled_ = enabled;
  if (enabled) {
    last_tick_ms_ = clock_->nowMs();
    clock_->start();
  } else {
    clock_->stop();
  }
}

bool PilotInputSource::keyEvent(int qt_key, bool pressed, bool auto_repeat) {
  KeyState probe = keys_;
  if (!applyKey(probe, qt_key, pressed)) return false;
  if (!auto_repeat) keys_ = probe;
  return true;
}

void PilotInputSource::releaseAllKeys() { keys_ = KeyState{}; }

void PilotInputSource::setVirtualSticks(double roll, double pitch, double yaw, double throttle) {
  // The same clamps (and NaN handling) the MANUAL_CONTROL conversion applies, kept here too so
  // lastSticks() never shows a value that is not sent.
  const auto stick = [](double v) { return std::isfinite(v) ? std::clamp(v, -1.0, 1.0) : 0.0; };
  virtual_ = {stick(roll), stick(pitch), stick(yaw), std::isfinite(throttle) ? std::clamp(throttle, 0.0, 1.0) : 0.0};
}

void PilotInputSource::tick() {
  if (!enabled_) return;
  // The clock's time since the last period, so the keyboard throttle ramps at its rate even
  // when a period comes late; capped so a stall does not jump the throttle.
  const std::int64_t now_ms = clock_->nowMs();
  const double dt_s = std::min(double(now_ms - last_tick_ms_) / 1000.0, 0.1);
  last_tick_ms_ = now_ms;
  std::uint16_t buttons = 0;
  switch (source_) {
    case Source::Joystick:
      last_ = joystick_ ? joystick_->sticks() : PilotSticks{};
      if (joystick_ && !joystick_->calibrating()) buttons = buttonBits(joystick_->rawButtons());
      break;
    case Source::Keyboard:
      last_ = keyboardSticks(keys_, keyboard_throttle_, dt_s);
      keyboard_throttle_ = last_.throttle;
      break;
    case Source::VirtualSticks:
      last_ = virtual_;
      break;
  }
  emit manualControl(manualControlFromSticks(last_, buttons));
}

void PilotInputSource::onButtonAction(PilotAction action) {
  if (!enabled_ || source_ != Source::Joystick) return;
  switch (action) {
    case PilotAction::Arm: emit armRequested(); return;
    case PilotAction::Disarm: emit disarmRequested(); return;
    case PilotAction::ModeAcro:
    case PilotAction::ModeAngle:
    case PilotAction::ModeAltHold: emit modeRequested(firmwareMode(action)); return;
  }
}

}  // namespace navigator::joystick
