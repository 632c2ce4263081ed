#include "app/vehicle/sensor_calibration.h"

#include "app/link/command_sender.h"

namespace navigator {

SensorCalibration::SensorCalibration(VehicleLink* link, QObject* parent) : QObject(parent), link_(link) {
  qRegisterMetaType<navigator::CalibrationState>();
  connect(link_, &VehicleLink::statusText, this, &SensorCalibration::onStatusText);
  connect(link_, &VehicleLink::commandFinished, this, &SensorCalibration::onCommandFinished);
  if (link_->connection())
    connect(link_->connection(), &MavlinkConnection::frameReceived, this, &SensorCalibration::onFrame);
}

QString SensorCalibration::sensorName(CalSensor sensor) {
  switch (sensor) {
    case CalSensor::Gyro:
      return tr("Gyroscope");
    case CalSensor::Accel:
      return tr("Accelerometer");
    case CalSensor::Level:
      return tr("Level horizon");
    case CalSensor::Mag:
      return tr("Compass");
  }
  return {};
}

std::array<float, 7> SensorCalibration::commandParams(CalSensor sensor) {
  std::array<float, 7> p{};
  switch (sensor) {
    case CalSensor::Gyro:
      p[0] = 1;
      break;
    case CalSensor::Mag:
      p[1] = 1;
      break;
    case CalSensor::Accel:
      p[4] = 1;
      break;
    case CalSensor::Level:
      p[4] = 2;
      break;
  }
  return p;
}

bool SensorCalibration::start(CalSensor sensor, QString* why) {
  const VehicleStatus& v = link_->vehicle();
  QString refusal;
  if (v.system_id == 0)
    refusal = tr("no vehicle is connected");
  else if (v.armed)
    refusal = tr("the vehicle is armed: disarm it first");
  else if (state_.running())
    refusal = tr("a calibration is running: finish or cancel it first");
  if (!refusal.isEmpty()) {
    if (why) *why = refusal;
    return false;
  }
  state_ = CalibrationState{};
  state_.phase = CalibrationState::Phase::Starting;
  state_.sensor = sensor;
  state_.ardupilot = link_->autopilot() == Autopilot::ArduPilot;
  cancel_asked_ = false;
  compass_pct_.fill(-1);
  const QString label = tr("Calibrate %1").arg(sensorName(sensor));
  if (state_.ardupilot && sensor == CalSensor::Mag)
    link_->commands()->send(label, ardupilot_cal::kDoStartMagCal, ardupilot_cal::startMagCalParams());
  else
    link_->commands()->send(label, kPreflightCalibration, commandParams(sensor));
  emit changed(state_);
  return true;
}

void SensorCalibration::cancel() {
  if (!state_.running()) return;
  if (state_.ardupilot) {
    cancelArduPilot();
    return;
  }
  link_->commands()->send(tr("Cancel calibration"), kPreflightCalibration, std::array<float, 7>{});
}

void SensorCalibration::onCommandFinished(const CommandResult& result) {
  if (state_.ardupilot && onArduPilotCommandFinished(result)) return;
  if (result.command != kPreflightCalibration || state_.phase != CalibrationState::Phase::Starting) return;
  // Every parameter 0 is the cancel: its own ACK says nothing about the calibration.
  if (result.accepted()) {
    state_.phase = CalibrationState::Phase::Running;
    emit changed(state_);
    return;
  }
  end(CalibrationState::Phase::Failed, result.reason.isEmpty() ? result.message : result.reason);
}

void SensorCalibration::onStatusText(int /*severity*/, const QString& text) {
  if (state_.ardupilot) {  // its texts are the instructions and figures: all of them shown
    if (!state_.running()) return;
    state_.log.push_back(text.trimmed());
    emit changed(state_);
    return;
  }
  const auto m = parseCalMessage(text);
  if (!m || !state_.running()) return;
  state_.log.push_back(m->text);
  apply(*m);
}

void SensorCalibration::apply(const CalMessage& m) {
  using Kind = CalMessage::Kind;
  const auto side = static_cast<std::size_t>(m.side);
  switch (m.kind) {
    case Kind::Started:
      state_.phase = CalibrationState::Phase::Running;  // the text may come before the ACK
      break;
    case Kind::Pending:
      state_.pending = m.sides;
      break;
    case Kind::OrientationDetected:
      state_.measuring = m.side;
      break;
    case Kind::SideDone:
      state_.done[side] = true;
      state_.pending[side] = false;
      state_.measuring.reset();
      break;
    case Kind::SideAlreadyDone:
      state_.measuring.reset();
      break;
    case Kind::Progress:
      state_.progress_pct = m.percent;
      break;
    case Kind::Done:
      state_.progress_pct = 100;
      end(CalibrationState::Phase::Done, {});
      return;
    case Kind::Failed:
      end(CalibrationState::Phase::Failed, m.text);
      return;
    case Kind::Cancelled:
      end(CalibrationState::Phase::Cancelled, {});
      return;
    case Kind::Info:
      break;
  }
  emit changed(state_);
}

void SensorCalibration::end(CalibrationState::Phase phase, const QString& reason) {
  state_.phase = phase;
  state_.reason = reason;
  state_.measuring.reset();
  state_.asked.reset();
  state_.awaiting_accept = false;
  emit changed(state_);
  const QString name = sensorName(state_.sensor);
  switch (phase) {
    case CalibrationState::Phase::Done:
      emit finished(true, tr("%1 calibrated: the vehicle keeps the new values").arg(name));
      break;
    case CalibrationState::Phase::Cancelled:
      emit finished(false, tr("%1 calibration cancelled: the previous values stay").arg(name));
      break;
    default:
      emit finished(false, tr("%1 calibration failed: %2").arg(name, reason));
      break;
  }
}

}  // namespace navigator
