#include "app/core/transmitter_feed.h"

#include "app/joystick/transmitter_channels.h"

namespace navigator {

TransmitterFeed::TransmitterFeed(SitlSession* sitl, QObject* parent) : QObject(parent), sitl_(sitl) {}

void TransmitterFeed::setPilotInput(joystick::PilotInputSource* pilot) {
  if (pilot_) disconnect(pilot_, nullptr, this, nullptr);
  pilot_ = pilot;
  if (pilot_) connect(pilot_, &joystick::PilotInputSource::manualControl, this, &TransmitterFeed::onPeriod);
}

void TransmitterFeed::setFitted(bool fitted) {
  const bool changed = fitted != fitted_;
  fitted_ = fitted;
  update();
  if (changed) emit fittedChanged(fitted);
}

void TransmitterFeed::setOn(bool on) {
  on_ = on;
  update();
}

void TransmitterFeed::setJoystickLost(bool lost) {
  joystick_lost_ = lost;
  update();
}

bool TransmitterFeed::transmitting() const {
  const bool own_simulation = (sitl_->running() && !sitl_->flyingAutopilots()) || sitl_->attached();
  const bool pad_gone = joystick_lost_ && pilot_ && pilot_->source() == joystick::PilotInputSource::Source::Joystick;
  return fitted_ && on_ && !pad_gone && own_simulation;
}

void TransmitterFeed::onPeriod(const joystick::ManualControlValues& values) {
  update();
  if (!transmitting()) return;
  const auto pulses = joystick::transmitterChannels(values);
  std::vector<int> channels(pulses.begin(), pulses.end());
  if (channels == sent_ && ++unchanged_periods_ < kRefreshPeriods) return;
  unchanged_periods_ = 0;
  if (sitl_->setTransmitter(channels)) sent_ = std::move(channels);
}

void TransmitterFeed::update() {
  const bool now = transmitting();
  if (now == was_transmitting_) return;
  was_transmitting_ = now;
  // Switched off (or its pad gone) while the simulation runs: the receiver hears nothing more.
  if (!now && !sent_.empty() && ((sitl_->running() && !sitl_->flyingAutopilots()) || sitl_->attached()))
    sitl_->setTransmitter({});
  sent_.clear();
  unchanged_periods_ = 0;
  emit transmittingChanged(now);
}

}  // namespace navigator
