// Simulator: one vehicle flying in its world at three rates (000 §1): physics steps at
// physics_rate_hz, sensors and wind at imu_rate_hz. Owns every source of randomness and
// every accumulator, so reset(seed) makes a run a pure function of the seed and the inputs
// (000 §5). Single-threaded: one thread owns it.
#pragma once

#include "sim/world/contact.h"
#include "sim/vehicle/dynamics.h"
#include "sim/base/result.h"
#include "sim/vehicle/sensor_models.h"
#include "sim/vehicle/vehicle_model.h"
#include "sim/vehicle/wind_model.h"
#include "sim/world/world.h"

#include <cstdint>
#include <functional>
#include <random>
#include <span>
#include <vector>

namespace vsim {

struct SimulatorConfig {
  int physics_rate_hz = 8000;  // RK4 steps per second; a multiple of imu_rate_hz
  int imu_rate_hz = 1000;      // sensor frames per second (the firmware's loop rate)
  WindSettings wind;
  bool gravity = true;
  double motor_jitter = 0.0;   // ±fraction of uniform noise on each motor command (003 §2.3: 0.01)
  World world = emptyWorld();  // what the footprint can touch; nothing by default
  ContactSettings contact;

  static World emptyWorld() {
    World w;
    w.has_ground = false;
    return w;
  }
};

// Everything the sensors reported at the end of one IMU period.
struct SensorFrame {
  std::int64_t time_us = 0;
  ImuSample imu;
  MagSample mag;
  BaroSample baro;
  GpsSample gps;  // the latest fix (updated at the GPS rate, reported after its latency)
  Eigen::Vector3d wind_NED_mps = Eigen::Vector3d::Zero();       // steady + turbulence
  Eigen::Vector3d turbulence_NED_mps = Eigen::Vector3d::Zero();
  double airspeed_mps = 0.0;
};

struct SimulatorCounters {
  std::int64_t rejected_duties = 0;    // non-finite duties refused at ingest (000 §7)
  std::int64_t sanitiser_resets = 0;   // non-finite states replaced by a resting pose
  std::int64_t gyro_saturations = 0;   // IMU frames whose true rate exceeded the gyro range
  std::int64_t contact_steps = 0;      // physics steps with the footprint touching the world
};

class Simulator {
 public:
  // Checks the model (finalizeModel), the rates (physics a whole multiple of the IMU rate,
  // its period a whole number of nanoseconds), the wind and GPS settings, and builds the
  // step constants.
  static Result<Simulator> create(VehicleModel model, SimulatorConfig config);

  // Restarts at `initial` with every generator reseeded from `seed`, every distribution's
  // cache cleared and every accumulator (bias walks, turbulence, GPS history) zeroed.
  void reset(std::uint64_t seed, const VehicleState& initial);

  // Motor duties for the next IMU period, one per rotor, clamped to [0, 1]. A non-finite duty
  // is refused (that motor gets 0) and counted: clamping cannot remove a NaN (000 §7).
  // Returns how many were refused.
  int setDuties(std::span<const double> duties);

  // Advances one IMU period: wind and motor jitter are drawn, the physics steps, the
  // sanitiser checks every step, then the sensors sample the new state.
  void advanceImuPeriod();
  // The same, calling `before_each_physics_step` before every physics step, where a caller
  // may drain its inputs and call setDuties (the service drains its pipes there, 000 §1).
  void advanceImuPeriod(const std::function<void()>& before_each_physics_step);

  // Live changes to the world: wind and turbulence, and what the footprint can touch.
  void setWind(const WindSettings& wind) { config_.wind = wind; }
  void setWorld(World world) { config_.world = std::move(world); }
  // A torque from outside acting on the body until changed [N·m, body axes] (a scripted push).
  void setDisturbanceTorque(const Eigen::Vector3d& torque_B_Nm) { inputs_.disturbance_torque_B_Nm = torque_B_Nm; }

  const VehicleModel& model() const { return model_; }
  const SimulatorConfig& config() const { return config_; }
  const VehicleState& state() const { return state_; }
  const SensorFrame& frame() const { return frame_; }
  const StepInputs& inputs() const { return inputs_; }  // the duties and wind of the period just stepped
  const SimulatorCounters& counters() const { return counters_; }
  std::int64_t timeNs() const { return time_ns_; }
  std::int64_t imuPeriodNs() const { return imu_period_ns_; }

 private:
  Simulator(VehicleModel model, SimulatorConfig config);
  void sampleSensors();
  Eigen::Vector3d noisy(const NoiseModel& noise, double dt_s, Eigen::Vector3d& bias);
  Eigen::Vector3d normals(std::mt19937_64& engine, std::normal_distribution<double>& dist);

  VehicleModel model_;
  SimulatorConfig config_;
  StepConstants step_;
  int substeps_ = 8;
  std::int64_t imu_period_ns_ = 1'000'000;
  std::int64_t time_ns_ = 0;
  VehicleState state_;
  StepInputs inputs_;
  SensorFrame frame_;
  SimulatorCounters counters_;

  // Separate engines, each salted from the master seed, so that turning wind or jitter on
  // does not change the sensor-noise sequence (DESIGN.md §3).
  std::mt19937_64 sensor_rng_, wind_rng_, actuator_rng_;
  std::normal_distribution<double> sensor_normal_, wind_normal_;
  std::uniform_real_distribution<double> jitter_uniform_{-1.0, 1.0};
  Eigen::Vector3d gyro_bias_ = Eigen::Vector3d::Zero(), accel_bias_ = Eigen::Vector3d::Zero(),
                  mag_bias_ = Eigen::Vector3d::Zero();
  Eigen::Vector3d turbulence_ = Eigen::Vector3d::Zero();
  // Velocity changes the contact made during the current IMU period (for the accelerometer).
  Eigen::Vector3d contact_dv_W_mps_ = Eigen::Vector3d::Zero(), contact_domega_B_radps_ = Eigen::Vector3d::Zero();
  // Past (position, velocity) at the IMU rate, for the GPS latency; a ring, sized at create.
  struct Past {
    Eigen::Vector3d p_W_m, v_W_mps;
    std::int64_t time_us;
  };
  std::vector<Past> history_;
  std::int64_t imu_count_ = 0;
  int gps_every_ = 100, gps_delay_ = 100;
};

// Salts that derive each generator's seed from the master seed (golden-ratio constants).
inline constexpr std::uint64_t kWindSeedSalt = 0x9E3779B97F4A7C15ULL;
inline constexpr std::uint64_t kActuatorSeedSalt = 0x3C6EF372FE94F82AULL;  // 2× the golden ratio, mod 2^64

}  // namespace vsim
