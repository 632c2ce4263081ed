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
  if (joystick)
    joystick_connection_ = connect(joystick, &JoystickManager::buttonAction, this, &PilotInputSource::onButtonAction);
}

void PilotInputSource::setSource(Source s) {
  if (s == source_) return;
  source_ = s;
  keys_ = {};  // keys held while switching would otherwise stick
  // The keyboard's ramped throttle starts where the throttle was: it agrees at once.
  if (s == Source::Keyboard) keyboard_throttle_ = last_.throttle;
  beginHandover();
}

void PilotInputSource::setKeyboardThrottle(KeyboardThrottle mode) {
  if (mode == keyboard_mode_) return;
  keyboard_mode_ = mode;
  keyboard_throttle_ = last_.throttle;
  if (source_ == Source::Keyboard) beginHandover();
}

void PilotInputSource::setVehicleThrust(double thrust) {
  vehicle_thrust_ = std::isfinite(thrust) ? std::clamp(thrust, 0.0, 1.0) : 0.0;
}

void PilotInputSource::setVehicleThrottleIsClimbRate(bool climb_rate) {
  if (climb_rate == climb_rate_throttle_) return;
  climb_rate_throttle_ = climb_rate;
  // The stick's meaning changed with the mode: a ramped throttle left where it was would now
  // mean something else (0 % held for a descent in ALT_HOLD is a free fall in ANGLE). It goes
  // on from what keeps the vehicle as it is: the centre in a climb-rate mode, the thrust put
  // out now in a thrust mode (none on the ground, where arming wants the throttle low).
  if (climb_rate)
    keyboard_throttle_ = 0.5;
  else
    keyboard_throttle_ = armed_ ? vehicle_thrust_ : 0.0;
}

void PilotInputSource::setVehicleArmed(bool armed) {
  armed_ = armed;
  if (!armed && handover_.active()) {  // on the ground nothing can dip: the new source has it all
    const bool was_held = handover_.throttle_held;
    handover_ = {};
    if (was_held) emit throttleHoldChanged(false);
  }
}

void PilotInputSource::beginHandover() {
  if (!armed_) return;
  const bool was_held = handover_.throttle_held;
  handover_ = joystick::beginHandover(last_);
  handover_.throttle_slews = newThrottleRests();
  if (!was_held) emit throttleHoldChanged(true);
}

bool PilotInputSource::newThrottleRests() const {
  return source_ == Source::Keyboard && keyboardThrottleInForce() == KeyboardThrottle::Centred;
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
  const PilotSticks fresh = freshSticks(dt_s, &buttons);
  if (handover_.active()) {
    const bool was_held = handover_.throttle_held;
    handover_.throttle_slews = newThrottleRests();  // (the vehicle's mode may have changed)
    last_ = stepHandover(handover_, last_, fresh, dt_s);
    if (was_held && !handover_.throttle_held) emit throttleHoldChanged(false);
  } else {
    last_ = fresh;
  }
  emit manualControl(manualControlFromSticks(last_, buttons));
}

PilotSticks PilotInputSource::freshSticks(double dt_s, std::uint16_t* buttons) {
  switch (source_) {
    case Source::Joystick:
      if (joystick_ && !joystick_->calibrating()) *buttons = buttonBits(joystick_->rawButtons());
      return joystick_ ? joystick_->sticks() : PilotSticks{};
    case Source::Keyboard: {
      const PilotSticks s = keyboardSticks(keys_, keyboard_throttle_, dt_s, keyboardThrottleInForce());
      keyboard_throttle_ = s.throttle;
      return s;
    }
    case Source::VirtualSticks:
      return virtual_;
  }
  return {};
}

void PilotInputSource::onButtonAction(PilotAction action) {
  if (!enabled_ || source_ != Source::Joystick) return;
  switch (action) {
    case PilotAction::Arm:
      emit armRequested();
      return;
    case PilotAction::Disarm:
      emit disarmRequested();
      return;
    case PilotAction::ModeAcro:
    case PilotAction::ModeAngle:
    case PilotAction::ModeAltHold:
      emit modeRequested(firmwareMode(action));
      return;
  }
}

}  // namespace navigator::joystick
