#include "app/vehicle/ardupilot_calibration.h"

#include "app/link/command_sender.h"
#include "app/vehicle/sensor_calibration.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace navigator {

namespace ardupilot_cal {

namespace {
// ACCELCAL_VEHICLE_POS 1..6 in order: level, left, right, nose down, nose up, back.
constexpr std::array kPositionSides{CalSide::Down,  CalSide::Left, CalSide::Right,
                                    CalSide::Front, CalSide::Back, CalSide::Up};
}  // namespace

std::optional<CalSide> sideOfPosition(std::int32_t position) {
  if (position < 1 || position > std::int32_t(kPositionSides.size())) return std::nullopt;
  return kPositionSides[std::size_t(position - 1)];
}

std::int32_t positionOf(CalSide side) {
  const auto it = std::find(kPositionSides.begin(), kPositionSides.end(), side);
  return std::int32_t(it - kPositionSides.begin()) + 1;
}

QString magCalStatusText(int status) {
  switch (MagCalStatus(status)) {
    case MagCalStatus::NotStarted:
      return QCoreApplication::translate("navigator::SensorCalibration", "not started");
    case MagCalStatus::WaitingToStart:
      return QCoreApplication::translate("navigator::SensorCalibration", "waiting to start");
    case MagCalStatus::RunningStepOne:
    case MagCalStatus::RunningStepTwo:
      return QCoreApplication::translate("navigator::SensorCalibration", "running");
    case MagCalStatus::Success:
      return QCoreApplication::translate("navigator::SensorCalibration", "succeeded");
    case MagCalStatus::Failed:
      return QCoreApplication::translate(
          "navigator::SensorCalibration",
          "failed: the fit did not converge (turn it round every axis, away from metal)");
    case MagCalStatus::BadOrientation:
      return QCoreApplication::translate(
          "navigator::SensorCalibration",
          "bad orientation: the compass is not mounted as its orientation parameter says");
    case MagCalStatus::BadRadius:
      return QCoreApplication::translate(
          "navigator::SensorCalibration",
          "bad radius: the field measured is too strong or too weak (metal or currents nearby?)");
  }
  return QCoreApplication::translate("navigator::SensorCalibration", "unknown status %1").arg(status);
}

std::array<float, 7> startMagCalParams() { return {0, 0, 0, 0, 0, 0, 0}; }

}  // namespace ardupilot_cal

using namespace ardupilot_cal;

void SensorCalibration::onFrame(const mavlink_frame_t& frame) {
  if (!state_.ardupilot || !state_.running() || frame.sysid != link_->vehicle().system_id) return;
  mavlink_command_long_t c;
  mavlink_mag_cal_progress_t progress;
  mavlink_mag_cal_report_t report;
  if (mavlink_command_long_decode(&frame, &c)) {
    if (c.command == kAccelcalVehiclePos && state_.sensor == CalSensor::Accel)
      onVehiclePosition(std::int32_t(c.param1));
  } else if (state_.sensor != CalSensor::Mag) {
    return;
  } else if (mavlink_mag_cal_progress_decode(&frame, &progress)) {
    onMagProgress(progress);
  } else if (mavlink_mag_cal_report_decode(&frame, &report)) {
    onMagReport(report);
  }
}

void SensorCalibration::onVehiclePosition(std::int32_t position) {
  if (state_.measuring) {  // asking for the next side (or ending) says the one measured is done
    const auto i = std::size_t(*state_.measuring);
    state_.done[i] = true;
    state_.pending[i] = false;
    state_.measuring.reset();
  }
  if (position == kPosSuccess) {
    state_.progress_pct = 100;
    end(CalibrationState::Phase::Done, {});
    return;
  }
  if (position == kPosFailed) {
    if (cancel_asked_) {
      end(CalibrationState::Phase::Cancelled, {});
      return;
    }
    end(CalibrationState::Phase::Failed,
        state_.log.isEmpty() ? tr("the vehicle reported the calibration failed") : state_.log.back());
    return;
  }
  const auto side = sideOfPosition(position);
  if (!side) {
    state_.log.push_back(tr("The vehicle asked for an unknown position %1: ignored").arg(position));
    emit changed(state_);
    return;
  }
  if (std::none_of(state_.pending.begin(), state_.pending.end(), [](bool p) { return p; }) &&
      std::none_of(state_.done.begin(), state_.done.end(), [](bool d) { return d; }))
    state_.pending.fill(true);  // ArduPilot measures all six sides, one after the other
  state_.phase = CalibrationState::Phase::Running;
  state_.asked = side;
  const auto done = std::count(state_.done.begin(), state_.done.end(), true);
  state_.progress_pct = int(done) * 100 / int(kCalSides.size());
  emit changed(state_);
}

bool SensorCalibration::confirmPlaced() {
  if (!state_.ardupilot || !state_.running() || !state_.asked) return false;
  const CalSide side = *state_.asked;
  state_.measuring = side;
  state_.asked.reset();
  link_->commands()->send(tr("Vehicle placed (%1)").arg(calSideWord(side)), kAccelcalVehiclePos,
                          {float(positionOf(side)), 0, 0, 0, 0, 0, 0});
  emit changed(state_);
  return true;
}

void SensorCalibration::onMagProgress(const mavlink_mag_cal_progress_t& progress) {
  if (progress.compass_id >= compass_pct_.size()) return;
  compass_pct_[progress.compass_id] = std::min<int>(progress.completion_pct, 100);
  int least = 100;
  for (int pct : compass_pct_)
    if (pct >= 0) least = std::min(least, pct);
  state_.phase = CalibrationState::Phase::Running;
  state_.progress_pct = least;  // the slowest compass
  emit changed(state_);
}

void SensorCalibration::onMagReport(const mavlink_mag_cal_report_t& r) {
  if (!std::isfinite(r.fitness) || !std::isfinite(r.ofs_x) || !std::isfinite(r.ofs_y) || !std::isfinite(r.ofs_z)) {
    state_.log.push_back(tr("Compass %1's report carried a value that is not a number: ignored").arg(r.compass_id));
    emit changed(state_);
    return;
  }
  CompassReport report{r.compass_id, r.cal_status, r.fitness, {r.ofs_x, r.ofs_y, r.ofs_z}, r.autosaved != 0};
  auto& reports = state_.compass_reports;
  const auto same = std::find_if(reports.begin(), reports.end(),
                                 [&](const CompassReport& c) { return c.compass_id == report.compass_id; });
  if (same != reports.end())
    *same = report;
  else
    reports.push_back(report);
  // Every compass of the mask reported (mask 0 from an old vehicle: the one that did).
  for (int id = 0; id < 8; ++id)
    if ((r.cal_mask >> id) & 1u)
      if (std::none_of(reports.begin(), reports.end(), [id](const CompassReport& c) { return c.compass_id == id; }))
        return emit changed(state_);
  QStringList failures;
  for (const CompassReport& c : reports)
    if (c.status != int(MagCalStatus::Success))
      failures << tr("compass %1 %2 (fitness %3 mGauss)")
                      .arg(c.compass_id)
                      .arg(magCalStatusText(c.status))
                      .arg(double(c.fitness_mgauss), 0, 'f', 1);
  if (!failures.isEmpty()) return end(CalibrationState::Phase::Failed, failures.join(QStringLiteral("; ")));
  state_.progress_pct = 100;
  if (std::all_of(reports.begin(), reports.end(), [](const CompassReport& c) { return c.autosaved; }))
    return end(CalibrationState::Phase::Done, {});
  state_.awaiting_accept = true;
  emit changed(state_);
}

bool SensorCalibration::acceptCompass() {
  if (!state_.ardupilot || !state_.running() || !state_.awaiting_accept) return false;
  link_->commands()->send(tr("Accept compass calibration"), kDoAcceptMagCal, std::array<float, 7>{});
  return true;
}

void SensorCalibration::cancelArduPilot() {
  cancel_asked_ = true;
  if (state_.sensor == CalSensor::Mag)
    link_->commands()->send(tr("Cancel calibration"), kDoCancelMagCal, std::array<float, 7>{});
  else if (state_.sensor == CalSensor::Accel)
    link_->commands()->send(tr("Cancel calibration"), kAccelcalVehiclePos, {float(kPosFailed), 0, 0, 0, 0, 0, 0});
  // Gyroscope and level run inside the command itself: nothing to stop, its answer follows.
}

bool SensorCalibration::onArduPilotCommandFinished(const CommandResult& result) {
  const QString why = result.reason.isEmpty() ? result.message : result.reason;
  const bool starting = state_.phase == CalibrationState::Phase::Starting;
  if ((result.command == kPreflightCalibration || result.command == kDoStartMagCal) && starting) {
    if (!result.accepted())
      end(CalibrationState::Phase::Failed, why);
    else if (state_.sensor == CalSensor::Gyro || state_.sensor == CalSensor::Level)
      end(CalibrationState::Phase::Done, {});  // ArduPilot answers once it has calibrated them
    else {
      state_.phase = CalibrationState::Phase::Running;
      emit changed(state_);
    }
    return true;
  }
  if (!state_.running()) return false;
  const bool stop = result.command == kDoCancelMagCal || (result.command == kAccelcalVehiclePos && cancel_asked_);
  if (stop && result.accepted()) {
    end(CalibrationState::Phase::Cancelled, {});
  } else if (result.command == kDoAcceptMagCal) {
    end(result.accepted() ? CalibrationState::Phase::Done : CalibrationState::Phase::Failed, why);
  } else if (result.command == kAccelcalVehiclePos && !result.accepted() && !cancel_asked_) {
    state_.asked = state_.measuring;  // not taken: the side is still asked
    state_.measuring.reset();
    state_.log.push_back(why);
    emit changed(state_);
  } else if (stop) {
    state_.log.push_back(why);
    emit changed(state_);
  } else {
    return false;
  }
  return true;
}

}  // namespace navigator
