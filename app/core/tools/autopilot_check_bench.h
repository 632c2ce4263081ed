// What navigator-autopilot-check does on the bench instead of a flight (--calibrate,
// --motor-test), to vehicle 1 of a PX4 or ArduPilot world, through the station's own code:
//   - calibration: each sensor asked, in order, by SensorCalibration (the Vehicle Setup page's
//     engine) in the autopilot's own protocol, with the simulator's hand doing what the vehicle
//     asks (BenchHand); then every parameter whose value the calibrations changed, before and
//     after, as the station read them (PARAM_REQUEST_LIST before and after);
//   - motor test: one motor at a throttle for a time (MotorTest, the Motors section's engine, the
//     propellers confirmed off), and what the simulator's truth shows: which rotors were given a
//     duty, for how long, and how fast they turned.
// It says what it did on stdout, each step's progress on stderr, then emits done(); ok() is
// whether every calibration ended done and the motor test turned the rotor asked for the time
// asked, and no other.
#pragma once

#include "app/core/bench_hand.h"
#include "app/core/station.h"
#include "app/vehicle/motor_test.h"
#include "app/vehicle/sensor_calibration.h"

#include <QMap>
#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>
#include <string>
#include <vector>

namespace navigator {

struct BenchRequest {
  std::vector<CalSensor> calibrate;            // in this order
  std::optional<MotorTestRequest> motor_test;  // after the calibrations
  bool empty() const { return calibrate.empty() && !motor_test; }
};

// "gyro,accel,mag,level" (any of them, in the order to run); an error names the word refused.
std::optional<std::vector<CalSensor>> parseCalSensors(const std::string& text, std::string* why);
// "MOTOR:THROTTLE_PCT:SECONDS" (3:10:2); the propellers are taken as off (the world's rotors).
std::optional<MotorTestRequest> parseMotorTest(const std::string& text, std::string* why);

// The airframe's rotor (0-based) the vehicle spins when a motor test asks for `motor`, or -1:
// ArduCopter reads the number as its test order (the first rotor clockwise from straight ahead,
// seen from above, then clockwise: MotorTest::numbering); PX4's none_iris (Motor n on output n)
// and Navigator's firmware as the autopilot's output n, which the world gives the rotor
// vsim::quadXOutputMap names.
int rotorTested(const vsim::VehicleModel& model, Autopilot autopilot, int motor);

// The rotors' time with a duty and their top speed, from the simulator's truth.
struct RotorRun {
  std::int64_t first_us = -1, last_us = -1;  // the first and last sample with a duty above zero
  double peak_radps = 0;
  double seconds() const { return first_us < 0 ? 0.0 : double(last_us - first_us) * 1e-6; }
};

class BenchCheck : public QObject {
  Q_OBJECT

 public:
  static constexpr int kCalibrationTimeoutMs = 300'000;  // one sensor, the hand's moves included
  static constexpr double kMotorTimeTolerance_s = 0.2;   // the duty's time against the time asked

  BenchCheck(Station* station, VehicleLink* link, BenchRequest request, const vsim::VehicleModel& model,
             QObject* parent = nullptr);
  void start();
  bool ok() const { return ok_; }

 signals:
  void done();

 private:
  void readParameters(bool after);
  void calibrateNext();
  void runMotorTest();
  void judgeMotorTest();
  void drainTruth();
  void finish(bool ok);
  QString rotorName(int rotor) const;

  Station* station_;
  VehicleLink* link_;
  BenchRequest request_;
  vsim::VehicleModel model_;
  SensorCalibration calibration_;
  BenchHand hand_;
  MotorTest motor_test_;
  QTimer truth_timer_, timeout_;
  QMap<QString, QString> before_;  // every parameter before the calibrations, as text
  std::size_t next_sensor_ = 0;
  bool ok_ = true, finished_ = false, watching_motors_ = false, reading_after_ = false;
  std::vector<RotorRun> rotors_;
};

}  // namespace navigator
