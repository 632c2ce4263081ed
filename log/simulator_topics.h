// The simulator's state and sensor frame as flight topics (flight_topics.h): what vsim-run,
// vsim-fly and the station's SITL log every IMU period.
#pragma once

#include "log/flight_log.h"
#include "sim/simulator.h"

#include <cstdint>
#include <optional>
#include <span>

namespace navigator::ulog {

NavigatorTruth truthOf(std::uint64_t t_us, const vsim::VehicleState& state, int rotor_count);
SensorCombined imuOf(std::uint64_t t_us, const vsim::ImuSample& imu, std::uint32_t period_us);
NavigatorWind windOf(std::uint64_t t_us, const vsim::SensorFrame& frame);
ActuatorMotors motorsOf(std::uint64_t t_us, std::span<const double> duties);
VehicleMagnetometer magnetometerOf(std::uint64_t t_us, const vsim::MagSample& mag);
VehicleAirData airDataOf(std::uint64_t t_us, const vsim::BaroSample& baro);
SensorGps gpsOf(std::uint64_t t_us, const vsim::GpsSample& gps);

// Logs a simulator period by period: truth, IMU, wind and motor duties every period; the
// magnetometer, barometer and GPS when their reading changed (the GPS runs slower than the IMU;
// the magnetometer and barometer are sampled every IMU period today, so each period is logged).
class SimulatorLogger {
 public:
  // Everything the simulator shows after its last advanceImuPeriod(); `t_us` on the flight clock.
  void write(FlightLog& log, std::uint64_t t_us, const vsim::Simulator& sim);

 private:
  std::optional<vsim::MagSample> last_mag_;
  std::optional<vsim::BaroSample> last_baro_;
  std::int64_t last_gps_time_us_ = -1;
};

}  // namespace navigator::ulog
