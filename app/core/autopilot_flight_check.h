// AutopilotFlightCheck: flies one PX4 or ArduPilot vehicle through what a pilot does from the
// station — wait for its position, Takeoff (the station's own guided action: arm, NAV_TAKEOFF;
// ArduCopter GUIDED first), climb to the take-off altitude, hold it, Land, and wait until the
// autopilot disarms by itself — on the station's VehicleLink, and says how it went with the
// figures a user compares: seconds from the first position to armed, the height band held,
// seconds from Land to disarmed. A refusal before arming is retried (an autopilot refuses
// until its estimator is ready: PX4 "Arming denied: Resolve system health failures first",
// ArduCopter "Arm: Need Position Estimate") and the last one is kept for the verdict.
// Heights are GLOBAL_POSITION_INT's relative altitude (above home), as the autopilot
// estimates it. Time is read on a TickClock (a test drives a ManualTickClock).
// Thread contract: the link's thread (the GUI thread).
#pragma once

#include "app/clock/tick_clock.h"
#include "app/link/vehicle_link.h"

#include <QObject>
#include <QPointer>
#include <QString>

namespace navigator {

struct FlightCheckOptions {
  double altitude_m = 5.0;       // take-off altitude above home
  double tolerance_m = 1.0;      // the hold passes inside altitude ± tolerance
  double settle_s = 3.0;         // after first reaching the band, before the hold is measured
  double hold_s = 10.0;          // seconds held (measured) after settling
  double arm_timeout_s = 180.0;  // from the first position: armed and taking off by then
  double climb_timeout_s = 40.0;
  double land_timeout_s = 90.0;  // from Land accepted to disarmed
  double retry_s = 2.0;          // between refused take-offs
};

struct FlightCheckResult {
  bool passed = false;
  QString failure;            // what failed, in words; empty when it passed
  double armed_after_s = -1;  // from the first position to the take-off accepted
  double hold_min_m = 0, hold_max_m = 0;
  double disarmed_after_s = -1;  // from Land accepted to the autopilot disarmed
  int refusals = 0;              // take-offs refused before one was accepted
  QString last_refusal;          // the autopilot's words
  QString summary() const;       // one line
};

class AutopilotFlightCheck : public QObject {
  Q_OBJECT
 public:
  AutopilotFlightCheck(VehicleLink* link, TickClock* clock, const FlightCheckOptions& options,
                       QObject* parent = nullptr);
  void start();
  bool done() const { return phase_ == Phase::Done; }
  const FlightCheckResult& result() const { return result_; }

 signals:
  void progress(const QString& text);
  void finished(const navigator::FlightCheckResult& result);

 private:
  enum class Phase { WaitPosition, TakingOff, Climbing, Settling, Holding, Landing, Done };
  void onTick();
  void onCommand(const CommandResult& r);
  void onPosition(const GlobalPositionSample& p);
  void requestTakeoff();
  void fail(const QString& why);
  void finish();
  double seconds() const { return double(clock_->nowMs()) * 1e-3; }

  QPointer<VehicleLink> link_;
  TickClock* clock_;
  FlightCheckOptions options_;
  FlightCheckResult result_;
  Phase phase_ = Phase::WaitPosition;
  double phase_start_s_ = 0, position_s_ = 0, next_try_s_ = 0, land_s_ = 0;
  double altitude_m_ = 0;
  bool takeoff_pending_ = false, land_pending_ = false;
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::FlightCheckResult)
