#include "app/vehicle/motor_test.h"

#include "app/link/command_sender.h"

#include <cmath>

namespace navigator {

MotorTest::MotorTest(VehicleLink* link, QObject* parent) : QObject(parent), link_(link) {
  connect(link_, &VehicleLink::commandFinished, this, [this](const CommandResult& r) {
    if (r.command != kDoMotorTest && r.command != kActuatorTest) return;
    emit finished(r.accepted(), r.reason.isEmpty() ? r.message : tr("%1 (%2)").arg(r.message, r.reason));
  });
}

std::array<float, 7> MotorTest::commandParams(const MotorTestRequest& request) {
  constexpr float kThrottlePercent = 0;  // MOTOR_TEST_THROTTLE_PERCENT
  constexpr float kOrderBoard = 2;       // MOTOR_TEST_ORDER_BOARD
  return {float(request.motor),
          kThrottlePercent,
          float(request.throttle_pct),
          float(request.duration_s),
          1,
          kOrderBoard,
          0};
}

std::array<float, 7> MotorTest::actuatorTestParams(const MotorTestRequest& request) {
  // ACTUATOR_OUTPUT_FUNCTION_MOTOR1 is 1 (common.xml), so motor n is function n.
  return {float(request.throttle_pct / 100.0), float(request.duration_s), 0, 0, float(request.motor), 0, 0};
}

QString MotorTest::numbering() const {
  switch (link_->autopilot()) {
    case Autopilot::ArduPilot:
      return tr(
          "ArduPilot numbers the motors in its test order: 1 (A) is the front-right motor, then "
          "clockwise seen from above, whatever output each is on.");
    case Autopilot::Px4:
      return tr("PX4 numbers the motors as its actuator setup does (Motor 1, Motor 2, …).");
    default:
      return tr("Motors are numbered by the board's outputs, as in the layout above.");
  }
}

double MotorTest::maxSeconds() const { return link_->autopilot() == Autopilot::Px4 ? kPx4MaxSeconds : kMaxSeconds; }

bool MotorTest::run(const MotorTestRequest& request, int motor_count, QString* why) {
  const VehicleStatus& v = link_->vehicle();
  QString refusal;
  if (v.system_id == 0)
    refusal = tr("no vehicle is connected");
  else if (v.armed)
    refusal = tr("the vehicle is armed: a motor test runs only disarmed");
  else if (!request.props_off_confirmed)
    refusal = tr("confirm the propellers are off first");
  else if (request.motor < 1 || request.motor > motor_count)
    refusal = tr("motor %1 does not exist: this airframe has motors 1 to %2").arg(request.motor).arg(motor_count);
  else if (!std::isfinite(request.throttle_pct) || request.throttle_pct < 0 || request.throttle_pct > 100)
    refusal = tr("throttle %1 % is outside 0-100 %").arg(request.throttle_pct);
  else if (!std::isfinite(request.duration_s) || request.duration_s < 0.1 || request.duration_s > kMaxSeconds)
    refusal = tr("%1 s is outside 0.1-%2 s").arg(request.duration_s).arg(kMaxSeconds);
  else if (request.duration_s > maxSeconds())
    refusal = tr("PX4 runs one motor test for %1 s at most").arg(kPx4MaxSeconds);
  if (!refusal.isEmpty()) {
    if (why) *why = refusal;
    return false;
  }
  if (link_->autopilot() == Autopilot::Px4)
    link_->commands()->send(tr("Motor %1 test").arg(request.motor), kActuatorTest, actuatorTestParams(request));
  else
    link_->commands()->send(tr("Motor %1 test").arg(request.motor), kDoMotorTest, commandParams(request));
  return true;
}

}  // namespace navigator
