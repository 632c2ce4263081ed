// Simulator: one vehicle flying in its world at three rates: physics steps at
// physics_rate_hz, sensors and wind at imu_rate_hz. As MuJoCo's mjModel and mjData: a constant
// SimulatorModel (the vehicle, its step constants, the configuration) apart from a changing
// SimulatorData (state, generators, accumulators, counters), and every step a plain function of
// both — advanceImuPeriod(model, data). The data holds every source of randomness and every
// accumulator, so resetSimulator(seed) makes a run a pure function of the seed and the inputs
// (docs/design/physics-and-numerics.md, "Determinism and seeds"). The class Simulator owns one of each for the
// callers that fly one vehicle.
// Single-threaded: one thread owns a SimulatorData.
#pragma once

#include "sim/world/contact.h"
#include "sim/world/hand.h"
#include "sim/vehicle/dynamics.h"
#include "sim/base/result.h"
#include "sim/vehicle/sensor_models.h"
#include "sim/vehicle/vehicle_model.h"
#include "sim/vehicle/wind_model.h"
#include "sim/world/world.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <span>
#include <vector>

namespace vsim {

struct SimulatorConfig {
  int physics_rate_hz = 8000;  // RK4 steps per second; a multiple of imu_rate_hz
  int imu_rate_hz = 1000;      // sensor frames per second (the firmware's loop rate)
  WindSettings wind;
  bool gravity = true;
  double motor_jitter = 0.0;   // ±fraction of uniform noise on each motor command (0.01: ±1 %, see "Motors" in
                               // docs/design/physics-and-numerics.md)
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
  Eigen::Vector3d wind_NED_mps = Eigen::Vector3d::Zero();  // steady + turbulence
  Eigen::Vector3d turbulence_NED_mps = Eigen::Vector3d::Zero();
  double airspeed_mps = 0.0;
  BatteryState battery;  // the pack at the end of the period (voltage 0 without one: battery_model.h)
};

struct SimulatorCounters {
  std::int64_t rejected_duties = 0;   // non-finite duties refused at ingest
  std::int64_t sanitiser_resets = 0;  // non-finite states replaced by a resting pose
  std::int64_t gyro_saturations = 0;  // IMU frames whose true rate exceeded the gyro range
  std::int64_t contact_steps = 0;     // physics steps with the footprint touching the world
};

// The constant part of a run: what the step reads and never changes.
struct SimulatorModel {
  VehicleModel vehicle;    // checked (finalizeModel), I⁻¹ cached
  SimulatorConfig config;  // rates, wind, world, contact (wind and world may change between periods)
  StepConstants step;      // of the physics step
  int substeps = 8;        // physics steps per IMU period
  std::int64_t imu_period_ns = 1'000'000;
  int gps_every = 100;                // IMU periods between GPS fixes
  int gps_delay = 100;                // IMU periods of GPS latency
  double gps_drift_phi = 1.0;         // exp(−fix period / τ): the wander's memory from fix to fix
  double gps_drift_innovation = 0.0;  // √(1 − φ²): keeps its spread at σ
};

// Checks the model (finalizeModel), the rates (physics a whole multiple of the IMU rate, its
// period a whole number of nanoseconds), the wind and GPS settings, and builds the constants.
Result<SimulatorModel> makeSimulatorModel(VehicleModel model, SimulatorConfig config);

// The changing part of a run.
struct SimulatorData {
  std::int64_t time_ns = 0;
  std::int64_t imu_count = 0;  // IMU periods since the reset
  VehicleState state;
  StepInputs inputs;  // the duties and wind of the period being (or just) stepped
  SensorFrame frame;  // the sensors at the end of the last period
  SimulatorCounters counters;
  // Separate engines, each salted from the master seed, so that turning wind or jitter on
  // does not change the sensor-noise sequence a baseline run was compared against.
  std::mt19937_64 sensor_rng, wind_rng, actuator_rng, gps_rng;
  std::normal_distribution<double> sensor_normal, wind_normal, gps_normal;
  std::uniform_real_distribution<double> jitter_uniform{-1.0, 1.0};
  Eigen::Vector3d gyro_bias = Eigen::Vector3d::Zero(), accel_bias = Eigen::Vector3d::Zero(),
                  mag_bias = Eigen::Vector3d::Zero();
  Eigen::Vector3d turbulence_NED_mps = Eigen::Vector3d::Zero();
  Eigen::Vector3d gps_drift_NED_m = Eigen::Vector3d::Zero();  // the receiver's wandering error (GpsModel)
  // Velocity changes the contact made during the current IMU period (for the accelerometer).
  Eigen::Vector3d contact_dv_W_mps = Eigen::Vector3d::Zero(), contact_domega_B_radps = Eigen::Vector3d::Zero();
  // Past (position, velocity) at the IMU rate, for the GPS latency; a ring of gps_delay + 1.
  struct Past {
    Eigen::Vector3d p_W_m, v_W_mps;
    std::int64_t time_us;
  };
  std::vector<Past> history;
  BatteryState battery;  // the flight pack, when the vehicle has one (battery_model.h)
  // Held by the hand (sim/world/hand.h): the state is kinematic until let go; a reset lets go.
  std::optional<HandHold> hand;
};

// Data for `model`, reset to its resting state with seed 0.
SimulatorData makeSimulatorData(const SimulatorModel& model);

// Restarts at `initial` with every generator reseeded from `seed`, every distribution's cache
// cleared and every accumulator (bias walks, turbulence, GPS history) zeroed.
void resetSimulator(const SimulatorModel& model, SimulatorData& data, std::uint64_t seed, const VehicleState& initial);

// Motor duties for the next IMU period, one per rotor, clamped to [0, 1]. A non-finite duty is
// refused (that motor gets 0) and counted: std::clamp(NaN, lo, hi) is NaN, so clamping cannot
// remove one. Returns how
// many were refused.
int setSimulatorDuties(const SimulatorModel& model, SimulatorData& data, std::span<const double> duties);

// Advances one IMU period: wind and motor jitter are drawn, the pack (when the vehicle has one)
// takes the rotors' load and sets the motors' full speed by its voltage, the physics steps (calling
// `before_each_physics_step`, when given, before every one: a caller may drain its inputs and
// set duties there, as the service drains its pipes), the sanitiser checks every step,
// then the sensors sample the new state.
void advanceImuPeriod(const SimulatorModel& model, SimulatorData& data,
                      const std::function<void()>& before_each_physics_step = nullptr);

// The hand takes the vehicle (or changes its grip): from the next physics step the state is
// kinematic (hand.h); the next IMU period's frame is the first to show it.
void holdSimulator(const SimulatorModel& model, SimulatorData& data, const HandGrip& grip);
// The hand lets go: the vehicle at rest where it was held, the physics in charge again.
void releaseSimulator(SimulatorData& data);

class Simulator {
 public:
  // makeSimulatorModel, then data at rest with seed 0.
  static Result<Simulator> create(VehicleModel model, SimulatorConfig config);

  // resetSimulator on this simulator's data.
  void reset(std::uint64_t seed, const VehicleState& initial) { resetSimulator(m_, d_, seed, initial); }
  // setSimulatorDuties on this simulator's data.
  int setDuties(std::span<const double> duties) { return setSimulatorDuties(m_, d_, duties); }
  // advanceImuPeriod on this simulator's data.
  void advanceImuPeriod() { vsim::advanceImuPeriod(m_, d_); }
  void advanceImuPeriod(const std::function<void()>& before_each_physics_step) {
    vsim::advanceImuPeriod(m_, d_, before_each_physics_step);
  }

  // Live changes to the world: wind and turbulence, and what the footprint can touch. A new
  // turbulence σ rescales the turbulence blowing now (the Dryden state is σ times a unit
  // process, wind_model.h), so calm (σ 0) is calm at once — not after the filter's time
  // constant L/V, 200 s for a hovering vehicle — and a stronger σ is stronger at once.
  void setWind(const WindSettings& wind) {
    const double old_sigma = m_.config.wind.turbulence_sigma_mps;
    d_.turbulence_NED_mps *= old_sigma > 0.0 ? wind.turbulence_sigma_mps / old_sigma : 0.0;
    m_.config.wind = wind;
  }
  void setWorld(World world) { m_.config.world = std::move(world); }
  // holdSimulator / releaseSimulator on this simulator's data.
  void hold(const HandGrip& grip) { holdSimulator(m_, d_, grip); }
  void release() { releaseSimulator(d_); }
  bool held() const { return d_.hand.has_value(); }
  // A torque from outside acting on the body until changed [N·m, body axes] (a scripted push).
  void setDisturbanceTorque(const Eigen::Vector3d& torque_B_Nm) { d_.inputs.disturbance_torque_B_Nm = torque_B_Nm; }

  const SimulatorModel& simulatorModel() const { return m_; }
  const SimulatorData& data() const { return d_; }
  const VehicleModel& model() const { return m_.vehicle; }
  const SimulatorConfig& config() const { return m_.config; }
  const VehicleState& state() const { return d_.state; }
  const SensorFrame& frame() const { return d_.frame; }
  const StepInputs& inputs() const { return d_.inputs; }  // the duties and wind of the period just stepped
  const SimulatorCounters& counters() const { return d_.counters; }
  std::int64_t timeNs() const { return d_.time_ns; }
  std::int64_t imuPeriodNs() const { return m_.imu_period_ns; }

 private:
  Simulator(SimulatorModel m, SimulatorData d) : m_(std::move(m)), d_(std::move(d)) {}
  SimulatorModel m_;
  SimulatorData d_;
};

// Salts that derive each generator's seed from the master seed (golden-ratio constants).
inline constexpr std::uint64_t kWindSeedSalt = 0x9E3779B97F4A7C15ULL;
inline constexpr std::uint64_t kActuatorSeedSalt = 0x3C6EF372FE94F82AULL;  // 2× the golden ratio, mod 2^64
inline constexpr std::uint64_t kGpsSeedSalt = 0xDAA66D2C7DDF743FULL;       // 3× the golden ratio, mod 2^64

}  // namespace vsim
