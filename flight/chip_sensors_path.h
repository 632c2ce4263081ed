// The flight core's sensor input through the chips (`--sensors chips`): the simulator's IMU,
// magnetometer, barometer and GPS values feed the BMX160/BMM150, BMP388 and u-blox models, the
// firmware's own drivers read them over the bus callbacks, and what the drivers return goes to the
// core where coreSensors would put the simulator's values (firmware/chips/chip_sensors.h).
#pragma once

#include "firmware/chips/chip_sensors.h"
#include "firmware/core/flight.h"
#include "sim/base/result.h"
#include "sim/simulator.h"

#include <memory>
#include <string>

namespace vsim {

// Where the flight core's sensor values come from.
enum class SensorPath {
  Direct,  // the simulator's values, converted to float (coreSensors)
  Chips,   // through the chip models and the firmware's drivers
};

// "direct" / "chips"; the parse fails on anything else.
const char* sensorPathName(SensorPath path);
bool parseSensorPath(const std::string& text, SensorPath& path);

class ChipSensorsPath {
 public:
  // Runs the drivers' start-up against fresh models, the chips' ranges covering the airframe's
  // (its gyroscope and accelerometer ranges); an error naming the chip when one cannot.
  static Result<std::unique_ptr<ChipSensorsPath>> create(const VehicleModel& model, std::int64_t imu_period_ns);

  // `direct` (coreSensors of the same frame: its time and reset) with the IMU, magnetometer,
  // barometer and GPS replaced by the drivers' output for `frame`; `extra_gyro_bias_radps` is added to
  // the rate the gyroscope feels, as coreSensors adds it.
  fc_sensors_t sensors(const SensorFrame& frame, const Eigen::Vector3d& extra_gyro_bias_radps,
                       const fc_sensors_t& direct);

  const chip_sensors_t& bench() const { return bench_; }
  // One line on the run: samples read and flagged, and each driver's health now.
  std::string summary() const;

 private:
  ChipSensorsPath() = default;
  chip_sensors_t bench_{};
};

}  // namespace vsim
