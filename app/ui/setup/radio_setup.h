// The Radio section of Vehicle Setup, as QGroundControl's Radio setup does it: the receiver's
// channels live (RC_CHANNELS, as the vehicle reports them), the end points recorded while the
// pilot moves every stick and switch to its limits and written as RCn_MIN / RCn_MAX / RCn_TRIM,
// and the vehicle's radio parameters (which channel is which stick, which one is reversed, the
// flight-mode switch) in a ParamSection (setup_tables.h radioTable).
// End points are written only for channels that moved at least kMinTravelUs, each value
// checked against 800-2200 µs (every autopilot's range for them) before anything is sent; the
// trim is the pulse when *Save* is pressed (sticks centred), the throttle's its low end.
// GUI thread only.
#pragma once

#include "app/ui/setup/param_section.h"

#include <QPointer>
#include <QWidget>

#include <array>

class QLabel;
class QProgressBar;
class QPushButton;

namespace navigator {

class RadioSetup : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kChannels = 8;       // the sticks and four switches
  static constexpr int kMinTravelUs = 300;  // a channel that moved less was not touched
  static constexpr int kPulseMinUs = 800, kPulseMaxUs = 2200;

  explicit RadioSetup(QWidget* parent = nullptr);

  void setVehicle(Vehicle* vehicle);

  // The latest pulse of channel `n` (1-based) [µs]; 0: none received.
  int pulse(int n) const { return pulses_[std::size_t(n - 1)]; }
  QString pulseText(int channel) const;  // what its bar says: "1500 µs", or "no pulse"
  QPushButton* recordButton() const { return record_; }
  ParamSection* parameters() const { return params_; }
  QString resultText() const;
  // What Save would write now: name → value (the end points of every channel that moved).
  QMap<QString, double> endPoints() const;

 private:
  void onFrame(const mavlink_frame_t& frame);
  void showPulse(int channel, int us);
  void toggleRecording();
  int throttleChannel() const;

  QPointer<Vehicle> vehicle_;
  QMetaObject::Connection frames_;
  std::array<int, kChannels> pulses_{};
  std::array<int, kChannels> low_{}, high_{};
  bool recording_ = false;
  std::array<QProgressBar*, kChannels> bars_{};
  QLabel* receiver_ = nullptr;
  QPushButton* record_ = nullptr;
  QLabel* result_ = nullptr;
  ParamSection* params_ = nullptr;
};

}  // namespace navigator
