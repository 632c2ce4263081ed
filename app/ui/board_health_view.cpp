#include "app/ui/board_health_view.h"

#include "app/core/board_session.h"
#include "app/link/vehicle_link.h"
#include "widgets/board_panel.h"

#include <cmath>

namespace navigator {

BoardHealthView::BoardHealthView(BoardPanel* panel, BoardSession* board, VehicleLink* sitl, QObject* parent)
    : QObject(parent), panel_(panel), board_(board), sitl_(sitl) {
  connect(board_, &BoardSession::stateChanged, this,
          [this](bool open, const QString&) { follow(open ? board_->link() : sitl_); });
  follow(board_->connected() ? board_->link() : sitl_);
}

void BoardHealthView::follow(VehicleLink* link) {
  if (link == shown_ && !connections_.isEmpty()) {
    refresh();
    return;
  }
  for (const auto& c : connections_) disconnect(c);
  connections_.clear();
  shown_ = link;
  connections_ << connect(link, &VehicleLink::boardHealthUpdated, this, &BoardHealthView::refresh)
               << connect(link, &VehicleLink::batteryStatusUpdated, this, &BoardHealthView::refresh)
               << connect(link, &VehicleLink::sensorMessage, this, &BoardHealthView::refresh)
               << connect(link, &VehicleLink::linkStateChanged, this, &BoardHealthView::refresh)
               << connect(link, &VehicleLink::vehicleChanged, this, &BoardHealthView::refresh);
  refresh();
}

void BoardHealthView::refresh() {
  if (!shown_) return;
  const VehicleLink& link = *shown_;
  const QString whose =
      shown_ == sitl_ ? tr("The SITL firmware (vayu_sitl)") : tr("The board on %1").arg(board_->path());
  panel_->setSensorSource(
      link.linkState() == LinkState::Connected
          ? whose
          : tr("%1: %2 (the last values heard)").arg(whose, VehicleLink::linkStateName(link.linkState())));
  panel_->setSensorRows(rows(link));
  panel_->setBatteryText(batteryText(link));
}

QString BoardHealthView::sensorName(BoardSensor sensor) {
  switch (sensor) {
    case BoardSensor::Gyroscope:
      return tr("Gyroscope");
    case BoardSensor::Accelerometer:
      return tr("Accelerometer");
    case BoardSensor::Magnetometer:
      return tr("Magnetometer");
    case BoardSensor::Barometer:
      return tr("Barometer");
    case BoardSensor::Gps:
      return tr("GPS");
    case BoardSensor::RadioReceiver:
      return tr("Radio receiver");
    case BoardSensor::Battery:
      return tr("Battery");
  }
  return {};
}

QList<BoardSensorRow> BoardHealthView::rows(const VehicleLink& link) {
  QList<BoardSensorRow> out;
  const std::optional<SysStatusSample>& status = link.lastSysStatus();
  const auto health = sensorHealth(status.value_or(SysStatusSample{}));
  for (std::size_t i = 0; i < kBoardSensors.size(); ++i) {
    BoardSensorRow row;
    row.sensor = sensorName(kBoardSensors[i]);
    row.reported = status.has_value();
    row.present = health[i].present;
    row.enabled = health[i].enabled;
    row.healthy = health[i].healthy;
    if (const auto& text = link.sensorText(kBoardSensors[i])) {
      row.message = text->text;
      row.severity = text->severity;
    }
    out << row;
  }
  return out;
}

namespace {

// MAV_BATTERY_CHARGE_STATE (common.xml) in words.
QString chargeStateName(int state) {
  switch (state) {
    case 1:
      return BoardHealthView::tr("charge ok");
    case 2:
      return BoardHealthView::tr("charge LOW");
    case 3:
      return BoardHealthView::tr("charge CRITICAL");
    case 4:
      return BoardHealthView::tr("charge EMERGENCY");
    case 5:
      return BoardHealthView::tr("battery FAILED");
    case 6:
      return BoardHealthView::tr("battery UNHEALTHY");
    default:
      return BoardHealthView::tr("charge state not reported");
  }
}

}  // namespace

QString BoardHealthView::batteryText(const VehicleLink& link) {
  const QString unknown = tr("not measured");
  if (const auto& b = link.lastBatteryStatus()) {
    const QString volts = b->voltage_V ? tr("%1 V").arg(double(*b->voltage_V), 0, 'f', 2) : unknown;
    const QString amps = b->current_A ? tr("%1 A").arg(double(*b->current_A), 0, 'f', 2) : tr("current not measured");
    const QString left = b->remaining_pct ? tr("%1 % remaining").arg(*b->remaining_pct) : tr("remaining not known");
    const QString used = b->consumed_mAh ? tr(", %1 mAh used").arg(double(*b->consumed_mAh), 0, 'f', 0) : QString();
    return tr("%1 · %2 · %3%4 · %5").arg(volts, amps, left, used, chargeStateName(b->charge_state));
  }
  if (const auto& s = link.lastSysStatus(); s && s->voltage_V >= 0) {
    const QString amps =
        s->current_A >= 0 ? tr("%1 A").arg(double(s->current_A), 0, 'f', 2) : tr("current not measured");
    const QString left =
        s->battery_remaining_pct >= 0 ? tr("%1 % remaining").arg(s->battery_remaining_pct) : tr("remaining not known");
    return tr("%1 V · %2 · %3 (SYS_STATUS)").arg(s->voltage_V, 0, 'f', 2).arg(amps, left);
  }
  return link.lastSysStatus() ? unknown : tr("nothing heard yet");
}

}  // namespace navigator
