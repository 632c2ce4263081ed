// TransmitterFeed: the pilot's input as a radio transmitter for the simulated vehicle's
// receiver. While the station's own SITL firmware runs with a CRSF receiver model fitted
// (vayu_sitl --sensors chips --chip-fault crsf:none: the station's --transmitter), each period
// of the pilot input (joystick, keyboard or on-screen sticks) becomes a transmitter's channels
// (joystick/transmitter_channels.h) and goes to the simulator (SitlSession::setTransmitter),
// which sends them to the receiver model; the firmware decodes them with its own CRSF driver, as
// a board's receiver would, and reports them back as RC_CHANNELS (the Radio setup's bars).
// The pilot's switch (setOn) and a vanished joystick switch the transmitter off: the receiver
// then falls silent and the firmware's radio failsafe acts, as with a real transmitter.
// The channels are sent when they change, and once a second besides (a simulator started again
// hears them without a stick moving).
// Thread contract: GUI thread.
#pragma once

#include "app/core/sitl_session.h"
#include "app/joystick/pilot_input_source.h"

#include <QObject>
#include <QPointer>

#include <vector>

namespace navigator {

class TransmitterFeed : public QObject {
  Q_OBJECT
 public:
  static constexpr int kRefreshPeriods = 50;  // a resend after this many unchanged input periods (1 s)

  explicit TransmitterFeed(SitlSession* sitl, QObject* parent = nullptr);

  void setPilotInput(joystick::PilotInputSource* pilot);  // not owned; null: none
  // The SITL firmware has a receiver model to hear it (set at the start, from its arguments).
  void setFitted(bool fitted);
  bool fitted() const { return fitted_; }
  // The pilot's power switch on the transmitter.
  void setOn(bool on);
  bool on() const { return on_; }
  void setJoystickLost(bool lost);  // the pad the input reads from vanished (true) or is back
  // Fitted, on, its pad present, and a simulation of the station's own running: sending.
  bool transmitting() const;
  // The channels last sent [µs]; empty before the first or after switching off.
  const std::vector<int>& lastSent() const { return sent_; }

 signals:
  void transmittingChanged(bool transmitting);
  void fittedChanged(bool fitted);

 private:
  void onPeriod(const joystick::ManualControlValues& values);
  void update();  // transmitting() may have changed: off said once, the state told

  SitlSession* sitl_;
  QPointer<joystick::PilotInputSource> pilot_;
  bool fitted_ = false, on_ = true, joystick_lost_ = false;
  bool was_transmitting_ = false;
  std::vector<int> sent_;
  int unchanged_periods_ = 0;
};

}  // namespace navigator
