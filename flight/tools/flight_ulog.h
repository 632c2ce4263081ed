// A scripted flight (runScenario's samples) as a ULog flight log: the simulator's truth, sensor
// frame, wind and duties (SimulatorLogger), and the flight core's estimate, setpoints, gyro
// bias and status, every 1 kHz control step; arming, disarming and mode changes as LOGGING
// messages. What vsim-fly --ulog writes.
#pragma once

#include "log/flight_log.h"
#include "log/simulator_topics.h"
#include "flight/flight_runner.h"

#include <memory>
#include <optional>
#include <string>

namespace vsim::tools {

class FlightUlog {
 public:
  // The file is created at the first sample, with the core's parameters as they are then.
  FlightUlog(std::string path, navigator::ulog::FlightIdentity identity)
      : path_(std::move(path)), identity_(std::move(identity)) {}
  // False once the log could not be created (close() returns why); samples are then ignored.
  bool write(const FlightSample& sample);
  // Closes the file: the first problem met, if any.
  Result<bool> close();
  std::uint64_t messagesDropped() const { return log_ ? log_->recorder().messagesDropped() : 0; }

 private:
  std::string path_;
  navigator::ulog::FlightIdentity identity_;
  std::unique_ptr<navigator::ulog::FlightLog> log_;
  std::optional<Error> error_;
  navigator::ulog::SimulatorLogger sim_logger_;
  std::optional<navigator::ulog::VehicleStatus> last_status_;
};

// The flight core's view of a step as PX4's topics.
navigator::ulog::VehicleAttitude attitudeOf(std::uint64_t t_us, const fc_t& fc);
navigator::ulog::VehicleLocalPosition localPositionOf(std::uint64_t t_us, const fc_t& fc);
navigator::ulog::VehicleAttitudeSetpoint attitudeSetpointOf(std::uint64_t t_us, const fc_t& fc);
navigator::ulog::VehicleRatesSetpoint ratesSetpointOf(std::uint64_t t_us, const fc_t& fc);
navigator::ulog::EstimatorSensorBias sensorBiasOf(std::uint64_t t_us, const fc_t& fc);
navigator::ulog::VehicleStatus statusOf(std::uint64_t t_us, const fc_t& fc);

}  // namespace vsim::tools
