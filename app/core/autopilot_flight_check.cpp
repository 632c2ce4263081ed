#include "app/core/autopilot_flight_check.h"

#include "app/link/autopilot_dialect.h"

#include <algorithm>

namespace navigator {

QString FlightCheckResult::summary() const {
  QString s = passed ? QStringLiteral("passed") : QStringLiteral("FAILED: %1").arg(failure);
  if (armed_after_s >= 0) s += QStringLiteral("; armed %1 s after its position").arg(armed_after_s, 0, 'f', 1);
  if (refusals > 0) s += QStringLiteral(" (%1 refusals before, the last: \"%2\")").arg(refusals).arg(last_refusal);
  if (hold_max_m > 0) s += QStringLiteral("; held %1–%2 m").arg(hold_min_m, 0, 'f', 2).arg(hold_max_m, 0, 'f', 2);
  if (disarmed_after_s >= 0) s += QStringLiteral("; disarmed %1 s after Land").arg(disarmed_after_s, 0, 'f', 1);
  return s;
}

AutopilotFlightCheck::AutopilotFlightCheck(VehicleLink* link, TickClock* clock, const FlightCheckOptions& options,
                                           QObject* parent)
    : QObject(parent), link_(link), clock_(clock), options_(options) {
  qRegisterMetaType<FlightCheckResult>();
}

void AutopilotFlightCheck::start() {
  connect(clock_, &TickClock::tick, this, &AutopilotFlightCheck::onTick);
  connect(link_, &VehicleLink::commandFinished, this, &AutopilotFlightCheck::onCommand);
  connect(link_, &VehicleLink::globalPositionUpdated, this, &AutopilotFlightCheck::onPosition);
  connect(link_, &QObject::destroyed, this, [this] { fail(QStringLiteral("the vehicle's link went away")); });
  phase_start_s_ = seconds();
  emit progress(QStringLiteral("waiting for a position"));
}

void AutopilotFlightCheck::onPosition(const GlobalPositionSample& p) {
  if (phase_ == Phase::Done) return;
  altitude_m_ = p.altitude_rel_m;
  if (phase_ == Phase::WaitPosition && (p.lat_deg != 0.0 || p.lon_deg != 0.0)) {
    position_s_ = seconds();
    phase_ = Phase::TakingOff;
    phase_start_s_ = position_s_;
    emit progress(QStringLiteral("position known: taking off to %1 m").arg(options_.altitude_m, 0, 'f', 1));
    requestTakeoff();
    return;
  }
  if (phase_ == Phase::Holding) {
    result_.hold_min_m = std::min(result_.hold_min_m, altitude_m_);
    result_.hold_max_m = std::max(result_.hold_max_m, altitude_m_);
  }
}

void AutopilotFlightCheck::requestTakeoff() {
  takeoff_pending_ = true;
  link_->takeoff(float(options_.altitude_m));
}

void AutopilotFlightCheck::onCommand(const CommandResult& r) {
  if (phase_ == Phase::TakingOff && takeoff_pending_) {
    if (r.accepted() && r.command != mav::kCmdNavTakeoff) return;  // a step of the take-off (mode, arm)
    takeoff_pending_ = false;
    if (r.accepted()) {
      result_.armed_after_s = seconds() - position_s_;
      phase_ = Phase::Climbing;
      phase_start_s_ = seconds();
      emit progress(QStringLiteral("take-off accepted"));
      return;
    }
    ++result_.refusals;
    result_.last_refusal = r.message;
    next_try_s_ = seconds() + options_.retry_s;
    return;
  }
  if (phase_ == Phase::Landing && land_pending_ && r.command == mav::kCmdNavLand) {
    land_pending_ = false;
    if (r.accepted())
      land_s_ = seconds();
    else
      fail(QStringLiteral("Land refused: %1").arg(r.message));
  }
}

void AutopilotFlightCheck::onTick() {
  if (phase_ == Phase::Done || !link_) return;
  const double now = seconds(), in_phase = now - phase_start_s_;
  switch (phase_) {
    case Phase::WaitPosition:
      if (in_phase > options_.arm_timeout_s)
        fail(QStringLiteral("no position from the autopilot in %1 s").arg(in_phase, 0, 'f', 0));
      break;
    case Phase::TakingOff:
      if (in_phase > options_.arm_timeout_s) {
        fail(QStringLiteral("not taking off %1 s after its position (last refusal: %2)")
                 .arg(in_phase, 0, 'f', 0)
                 .arg(result_.last_refusal.isEmpty() ? QStringLiteral("none") : result_.last_refusal));
      } else if (!takeoff_pending_ && now >= next_try_s_) {
        requestTakeoff();
      }
      break;
    case Phase::Climbing:
      if (altitude_m_ >= options_.altitude_m - options_.tolerance_m) {
        phase_ = Phase::Settling;
        phase_start_s_ = now;
        emit progress(
            QStringLiteral("at %1 m: settling %2 s").arg(altitude_m_, 0, 'f', 2).arg(options_.settle_s, 0, 'f', 0));
      } else if (in_phase > options_.climb_timeout_s) {
        fail(QStringLiteral("climbed only to %1 m in %2 s").arg(altitude_m_, 0, 'f', 2).arg(in_phase, 0, 'f', 0));
      }
      break;
    case Phase::Settling:
      if (in_phase >= options_.settle_s) {
        phase_ = Phase::Holding;
        phase_start_s_ = now;
        result_.hold_min_m = result_.hold_max_m = altitude_m_;
        emit progress(QStringLiteral("holding from %1 m").arg(altitude_m_, 0, 'f', 2));
      }
      break;
    case Phase::Holding:
      if (in_phase >= options_.hold_s) {
        phase_ = Phase::Landing;
        phase_start_s_ = now;
        land_pending_ = true;
        emit progress(QStringLiteral("held %1–%2 m: landing")
                          .arg(result_.hold_min_m, 0, 'f', 2)
                          .arg(result_.hold_max_m, 0, 'f', 2));
        link_->land();
      }
      break;
    case Phase::Landing:
      if (!land_pending_ && land_s_ > 0 && !link_->vehicle().armed) {
        result_.disarmed_after_s = now - land_s_;
        finish();
      } else if (in_phase > options_.land_timeout_s) {
        fail(QStringLiteral("still armed %1 s after Land, at %2 m")
                 .arg(in_phase, 0, 'f', 0)
                 .arg(altitude_m_, 0, 'f', 2));
      }
      break;
    case Phase::Done:
      break;
  }
}

void AutopilotFlightCheck::fail(const QString& why) {
  if (phase_ == Phase::Done) return;
  result_.failure = why;
  finish();
}

void AutopilotFlightCheck::finish() {
  if (result_.failure.isEmpty()) {
    const double low = options_.altitude_m - options_.tolerance_m, high = options_.altitude_m + options_.tolerance_m;
    if (result_.hold_min_m < low || result_.hold_max_m > high)
      result_.failure = QStringLiteral("the hold left %1 ± %2 m")
                            .arg(options_.altitude_m, 0, 'f', 1)
                            .arg(options_.tolerance_m, 0, 'f', 1);
  }
  result_.passed = result_.failure.isEmpty();
  phase_ = Phase::Done;
  emit finished(result_);
}

}  // namespace navigator
