// MotorTest: one motor spun at a throttle for a time while the vehicle is disarmed, as
// QGroundControl's Motors page and Mission Planner's Motor Test do it, in the vehicle's own
// command:
//   - ArduPilot and Navigator's firmware: MAV_CMD_DO_MOTOR_TEST (common.xml, 209): param1 the
//     motor (1-based), param2 MOTOR_TEST_THROTTLE_PERCENT (0), param3 the throttle in %, param4
//     the time in s, param5 the number of motors (1: this one), param6 MOTOR_TEST_ORDER_BOARD
//     (2: param1 is the output's number on the board, as the station's layout numbers them).
//     Navigator's firmware reads param1 so; ArduCopter ignores param6 and always reads param1 as
//     its own test order (numbering()): A = 1 the front-right motor, then clockwise seen from
//     above, as Mission Planner's buttons A, B, C … (ArduCopter's GCS_MAVLink_Copter.cpp,
//     AP_MotorsMatrix::output_test_seq);
//   - PX4: MAV_CMD_ACTUATOR_TEST (310; PX4's commander answers 209 "unsupported"): param1 the
//     output's value 0-1, param2 the time in s, param5 ACTUATOR_OUTPUT_FUNCTION_MOTORn (n: motor
//     n as PX4's actuator setup numbers them). PX4 ends one test after 3 s at most, so a longer
//     time is refused here (kPx4MaxSeconds).
//
// Refused here, before anything is sent, with the reason: no vehicle, armed, the user has not
// confirmed the propellers are off, a motor the airframe does not have, a throttle outside
// 0-100 % or a time outside 0.1-kMaxSeconds. The vehicle's own refusal comes back as its
// COMMAND_ACK with its reason (finished()).
// Thread contract: GUI thread (the link's).
#pragma once

#include "app/link/vehicle_link.h"

#include <QObject>
#include <QString>

namespace navigator {

struct MotorTestRequest {
  int motor = 1;             // 1..motor count, the board's output number
  double throttle_pct = 10;  // 0..100
  double duration_s = 2;     // 0.1..MotorTest::kMaxSeconds
  bool props_off_confirmed = false;
};

class MotorTest : public QObject {
  Q_OBJECT

 public:
  // ArduPilot's limit for one test (its motor test's timeout is at most 10 s; PX4 takes less
  // per command, and the firmware stops the motor itself when the time is up).
  static constexpr double kMaxSeconds = 10.0;
  static constexpr std::uint16_t kDoMotorTest = 209;   // MAV_CMD_DO_MOTOR_TEST
  static constexpr std::uint16_t kActuatorTest = 310;  // MAV_CMD_ACTUATOR_TEST
  static constexpr double kPx4MaxSeconds = 3.0;        // PX4's commander holds one test at most this long

  explicit MotorTest(VehicleLink* link, QObject* parent = nullptr);

  // Sends the test; false with the reason when refused here. `motor_count`: the airframe's.
  bool run(const MotorTestRequest& request, int motor_count, QString* why);
  // What "motor n" means to this vehicle's autopilot, in words for the user.
  QString numbering() const;
  // The longest test this vehicle's autopilot runs (PX4: kPx4MaxSeconds; else kMaxSeconds).
  double maxSeconds() const;
  static std::array<float, 7> commandParams(const MotorTestRequest& request);       // DO_MOTOR_TEST's
  static std::array<float, 7> actuatorTestParams(const MotorTestRequest& request);  // PX4's ACTUATOR_TEST

 signals:
  // The vehicle's answer: accepted (the motor spins) or refused with its reason.
  void finished(bool accepted, const QString& message);

 private:
  VehicleLink* link_;
};

}  // namespace navigator
