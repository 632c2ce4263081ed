// PilotInputSource: the one place pilot input comes from — the joystick (through a
// JoystickManager), the keyboard, or the on-screen virtual sticks — sent on as MANUAL_CONTROL
// values at a STEADY kRateHz while enabled (a precise timer, every period whether anything
// changed or not, as the firmware's failsafe expects a stream). Joystick button actions are
// passed on as arm/disarm/mode requests on their press edge, only while the joystick is the
// source. The joystick's own rules apply: neutral (sticks centred, throttle 0) and no
// actions while it calibrates or after it vanished.
// A change of source (or of the keyboard's throttle mode) while the vehicle is armed hands
// over without a jump (stick_handover.h), meeting the new source where it is: a joystick's or
// the on-screen sticks' throttle is held until the pilot brings it to the held value; the
// keyboard in Ramp mode takes over the throttle where it was, so it agrees at once; the
// keyboard's centred throttle (which the keys cannot bring anywhere else) is met by moving the
// throttle to it at a bounded rate. The other axes move over at a bounded rate.
// The periods come from a TickClock: its own SteadyTickClock (a precise 20 ms timer) unless a
// test gives it a ManualTickClock to drive (setClock).
// Thread contract: GUI thread; signals are emitted there.
#pragma once

#include "app/joystick/joystick_manager.h"
#include "app/joystick/keyboard_sticks.h"
#include "app/joystick/stick_handover.h"
#include "app/clock/tick_clock.h"
#include "app/joystick/manual_control.h"

#include <QObject>
#include <QPointer>

namespace navigator::joystick {

class PilotInputSource : public QObject {
  Q_OBJECT

 public:
  enum class Source { Joystick = 0, Keyboard, VirtualSticks };
  Q_ENUM(Source)
  static constexpr int kRateHz = 50;

  explicit PilotInputSource(QObject* parent = nullptr);

  // The joystick source (may be null: the joystick then gives neutral). Not owned.
  void setJoystick(JoystickManager* joystick);
  void setSource(Source s);
  Source source() const { return source_; }
  // W / S ramp the throttle (ACRO, ANGLE), spring it to the centre (ALT_HOLD), or follow the
  // vehicle's flight mode (the default).
  void setKeyboardThrottle(KeyboardThrottle mode);
  KeyboardThrottle keyboardThrottle() const { return keyboard_mode_; }
  KeyboardThrottle keyboardThrottleInForce() const {
    return effectiveKeyboardThrottle(keyboard_mode_, climb_rate_throttle_);
  }
  // Whether the vehicle flown is armed (a source change then hands over without a jump).
  void setVehicleArmed(bool armed);
  // The thrust the vehicle reports it is putting out (VFR_HUD.throttle, 0..1).
  void setVehicleThrust(double thrust);
  // Whether the vehicle's flight mode takes the throttle stick as a climb rate (ALT_HOLD) or as
  // thrust (ACRO, ANGLE) — throttleIsClimbRate(). When it changes in flight, the keyboard's
  // throttle does not jump to a stored value: in a thrust mode it ramps on from the thrust the
  // vehicle was putting out, in a climb-rate mode from the centre (hold the height).
  void setVehicleThrottleIsClimbRate(bool climb_rate);

  // The throttle still held at the last source's value, waiting for the new source's.
  bool throttleHeld() const { return handover_.throttle_held; }
  double heldThrottle() const { return handover_.held_throttle; }
  // The held throttle moves to the new source's rather than waiting for it (the keyboard's
  // centred throttle, which rests where it is).
  bool throttleSlews() const { return handover_.throttle_held && newThrottleRests(); }

  // Starts (true) or stops sending; manualControl() then fires once per clock tick, kRateHz
  // times a second on the real clock.
  void setEnabled(bool enabled);
  bool enabled() const { return enabled_; }
  // The clock whose ticks are the periods (not owned; null: back to the real one).
  void setClock(TickClock* clock);

  // A key press or release (Qt::Key) from the window with the focus; auto-repeats are
  // ignored. Returns whether the key is a flying key (for the caller's event filter).
  bool keyEvent(int qt_key, bool pressed, bool auto_repeat = false);
  // Every flying key let go (the direction sticks spring back; the throttle stays where it is):
  // for when the keys' window loses the focus and their releases may never arrive.
  void releaseAllKeys();
  // The flying keys held now.
  const KeyState& heldKeys() const { return keys_; }
  // The virtual sticks' position (PilotSticks conventions: pitch +1 forward, throttle 0..1).
  void setVirtualSticks(double roll, double pitch, double yaw, double throttle);

  // The sticks of the last period sent (or of now, before the first one).
  PilotSticks lastSticks() const { return last_; }

 signals:
  void manualControl(const navigator::joystick::ManualControlValues& values);  // kRateHz
  void armRequested();
  void disarmRequested();
  void modeRequested(int firmware_mode);  // vayu_mode_t: 0 ACRO, 1 ANGLE, 2 ALT_HOLD
  // The throttle began or ended being held for a hand-over (throttleHeld(), heldThrottle()).
  void throttleHoldChanged(bool held);

 private:
  void tick();
  void beginHandover();
  bool newThrottleRests() const;  // the source's throttle cannot be brought to a held value
  PilotSticks freshSticks(double dt_s, std::uint16_t* buttons);
  void onButtonAction(PilotAction action);

  QPointer<JoystickManager> joystick_;
  QMetaObject::Connection joystick_connection_;
  Source source_ = Source::Joystick;
  SteadyTickClock steady_clock_{1000 / kRateHz};
  TickClock* clock_ = &steady_clock_;
  QMetaObject::Connection tick_connection_;
  bool enabled_ = false;
  std::int64_t last_tick_ms_ = 0;
  KeyState keys_;
  double keyboard_throttle_ = 0.0;
  KeyboardThrottle keyboard_mode_ = KeyboardThrottle::FollowMode;
  bool climb_rate_throttle_ = false;  // the vehicle's mode takes the stick as a climb rate
  double vehicle_thrust_ = 0.0;       // the thrust it reports putting out, 0..1
  bool armed_ = false;
  StickHandover handover_;
  PilotSticks virtual_;
  PilotSticks last_;
};

}  // namespace navigator::joystick
