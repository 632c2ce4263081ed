#include "app/ui/setup/radio_setup.h"

#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace navigator {

RadioSetup::RadioSetup(QWidget* parent) : QWidget(parent) {
  receiver_ = new QLabel;
  auto* grid = new QGridLayout;
  for (int i = 0; i < kChannels; ++i) {
    auto* bar = new QProgressBar;
    bar->setRange(kPulseMinUs, kPulseMaxUs);
    bars_[std::size_t(i)] = bar;
    showPulse(i, 0);
    grid->addWidget(new QLabel(tr("Channel %1").arg(i + 1)), i, 0);
    grid->addWidget(bar, i, 1);
  }
  record_ = new QPushButton(tr("Record end points"));
  connect(record_, &QPushButton::clicked, this, &RadioSetup::toggleRecording);
  result_ = new QLabel;
  result_->setWordWrap(true);
  params_ =
      new ParamSection(tr("Which channel is which stick, which are reversed, and the flight-mode switch."), radioTable);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(receiver_);
  layout->addLayout(grid);
  layout->addWidget(record_, 0, Qt::AlignLeft);
  layout->addWidget(result_);
  layout->addWidget(params_, 1);
  setVehicle(nullptr);
}

void RadioSetup::setVehicle(Vehicle* vehicle) {
  disconnect(frames_);
  vehicle_ = vehicle;
  pulses_ = {};
  for (int i = 0; i < kChannels; ++i) showPulse(i, 0);
  recording_ = false;
  record_->setText(tr("Record end points"));
  record_->setEnabled(vehicle_ != nullptr);
  result_->clear();
  receiver_->setText(vehicle_ ? tr("No RC_CHANNELS from the vehicle yet: is a receiver bound and powered?")
                              : tr("No vehicle is connected."));
  if (vehicle_)
    frames_ = connect(vehicle_->link()->connection(), &MavlinkConnection::frameReceived, this, &RadioSetup::onFrame);
  params_->setVehicle(vehicle);
}

void RadioSetup::onFrame(const mavlink_frame_t& frame) {
  mavlink_rc_channels_t rc;
  if (!vehicle_ || frame.sysid != vehicle_->status().system_id || !mavlink_rc_channels_decode(&frame, &rc)) return;
  const std::array<std::uint16_t, kChannels> raw{rc.chan1_raw, rc.chan2_raw, rc.chan3_raw, rc.chan4_raw,
                                                 rc.chan5_raw, rc.chan6_raw, rc.chan7_raw, rc.chan8_raw};
  for (std::size_t i = 0; i < raw.size(); ++i) {
    // UINT16_MAX (and 0) is "not used" in RC_CHANNELS; anything else is a pulse in µs.
    const int us = raw[i] == UINT16_MAX || int(i) >= rc.chancount ? 0 : raw[i];
    pulses_[i] = us;
    showPulse(int(i), us);
    if (recording_ && us > 0) {
      low_[i] = low_[i] == 0 ? us : std::min(low_[i], us);
      high_[i] = std::max(high_[i], us);
    }
  }
  receiver_->setText(rc.rssi == UINT8_MAX ? tr("%1 channels").arg(rc.chancount)
                                          : tr("%1 channels, signal %2 %").arg(rc.chancount).arg(rc.rssi * 100 / 254));
}

QString RadioSetup::pulseText(int channel) const {
  return channel >= 1 && channel <= kChannels ? bars_[std::size_t(channel - 1)]->text() : QString();
}

// A channel's bar: its pulse, or "no pulse" (greyed) while the vehicle reports none for it.
void RadioSetup::showPulse(int channel, int us) {
  QProgressBar* bar = bars_[std::size_t(channel)];
  bar->setValue(us > 0 ? std::clamp(us, kPulseMinUs, kPulseMaxUs) : kPulseMinUs);
  bar->setFormat(us > 0 ? tr("%v µs") : tr("no pulse"));
  bar->setEnabled(us > 0);
}

int RadioSetup::throttleChannel() const {
  for (const char* name : {"RC_MAP_THROTTLE", "RCMAP_THROTTLE"}) {
    if (!vehicle_) break;
    const auto p = vehicle_->parameters()->param(QString::fromLatin1(name));
    if (p && p->value >= 1 && p->value <= kChannels) return int(p->value);
  }
  return 3;  // the usual (AETR) throttle channel, and every autopilot's default
}

QMap<QString, double> RadioSetup::endPoints() const {
  QMap<QString, double> out;
  for (int n = 1; n <= kChannels; ++n) {
    const auto i = std::size_t(n - 1);
    if (high_[i] - low_[i] < kMinTravelUs || low_[i] == 0) continue;
    const int trim = n == throttleChannel() ? low_[i] : std::clamp(pulses_[i], low_[i], high_[i]);
    out[QStringLiteral("RC%1_MIN").arg(n)] = low_[i];
    out[QStringLiteral("RC%1_MAX").arg(n)] = high_[i];
    out[QStringLiteral("RC%1_TRIM").arg(n)] = trim;
  }
  return out;
}

void RadioSetup::toggleRecording() {
  if (!vehicle_) return;
  if (!recording_) {
    low_ = {};
    high_ = {};
    recording_ = true;
    record_->setText(tr("Save end points"));
    result_->setText(
        tr("Move every stick and switch to both ends, then centre the sticks (throttle down) "
           "and press Save."));
    return;
  }
  recording_ = false;
  record_->setText(tr("Record end points"));
  const QMap<QString, double> values = endPoints();
  if (values.isEmpty()) {
    result_->setText(tr("Nothing saved: no channel moved %1 µs or more.").arg(kMinTravelUs));
    return;
  }
  QStringList problems;
  for (auto it = values.begin(); it != values.end(); ++it) {
    if (!vehicle_->parameters()->param(it.key()))
      problems << tr("%1 is not a parameter of this vehicle").arg(it.key());
    else if (it.value() < kPulseMinUs || it.value() > kPulseMaxUs)
      problems << tr("%1 = %2 µs is outside %3-%4 µs").arg(it.key()).arg(it.value()).arg(kPulseMinUs).arg(kPulseMaxUs);
  }
  if (!problems.isEmpty()) {
    result_->setText(tr("Nothing saved: %1").arg(problems.join(QStringLiteral("; "))));
    return;
  }
  for (auto it = values.begin(); it != values.end(); ++it) vehicle_->parameters()->setParam(it.key(), it.value());
  result_->setText(tr("End points sent for %n channel(s).", nullptr, int(values.size() / 3)));
}

QString RadioSetup::resultText() const { return result_->text(); }

}  // namespace navigator
