// BatchSimulator: N vehicles of one airframe stepped together, each with its own
// variation (vehicle_variation.h) — the same equations as Simulator, in structure-of-arrays
// form on SIMD lanes (batch_kernel.cpp) and spread over the cores (worker_pool.h).
//
// What it shares with Simulator, to the operation: the motors, the rotor wrench, the RK4 step
// with the wrench held, renormalisation, drag on the air-relative velocity, the Dryden filter,
// the motor jitter, the sanitiser and — through the single-vehicle functions themselves — the
// contact (resolveContacts) and the reset of a non-finite state (sanitiseState). What differs:
// each vehicle's noise comes from a counter-based generator (Philox, philox-inl.h) instead of
// Simulator's std::mt19937_64 streams, with the same distributions; the GPS gives velocity
// only (batch_gps.h); there is no scripted disturbance torque.
//
// Determinism: a vehicle's trajectory is a function of its variation, its initial state and its
// duties only — not of N, its index or the thread count (same seed ⇒ the same bits).
#pragma once

#include "sim/batch/aligned_array.h"
#include "sim/batch/batch_gps.h"
#include "sim/batch/batch_layout.h"
#include "sim/batch/vehicle_variation.h"
#include "sim/simulator.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

namespace vsim::batch {

class WorkerPool;

struct BatchConfig {
  int physics_rate_hz = 8000;  // RK4 steps per second, a multiple of imu_rate_hz
  int imu_rate_hz = 1000;      // periods per second: duties held, sensors sampled
  bool gravity = true;
  double motor_jitter = 0.0;  // ±fraction of uniform noise on each motor command (0.01: ±1 %, see "Motors" in
                              // docs/design/physics-and-numerics.md)
  bool sensors = true;        // sample IMU, magnetometer and barometer every period, GPS velocity at its rate
  bool sensor_noise = true;   // ... with their white noise and bias walks
  Eigen::Vector3d turbulence_length_scale_m{200.0, 200.0, 50.0};  // Dryden, as WindSettings
  double min_airspeed_mps = 1.0;
  World world = SimulatorConfig::emptyWorld();
  ContactSettings contact;
  int threads = 0;  // worker threads, the caller's included; 0: every usable core (usableCores: the CPU affinity)
};

class BatchSimulator {
 public:
  // Checks the model (finalizeModel), the rates and the count (≥ 1), and allocates.
  static Result<BatchSimulator> create(VehicleModel model, BatchConfig config, std::size_t count);
  BatchSimulator(BatchSimulator&&) noexcept;
  BatchSimulator& operator=(BatchSimulator&&) noexcept;
  ~BatchSimulator();

  // Restarts every vehicle: `variations` and `initial` hold one entry per vehicle, or one for
  // all. As Simulator::reset: noise streams restarted, bias walks and turbulence zeroed, a
  // non-finite start sanitised and counted, the first frame sampled (feeling the ground a
  // resting vehicle stands on). The error names the vehicle and the factor.
  Result<bool> reset(std::span<const VehicleVariation> variations, std::span<const VehicleState> initial);

  // As Simulator::setDuties, for one vehicle: clamped to [0, 1], a non-finite duty refused
  // (that motor gets 0) and counted for that vehicle only. Returns how many were refused.
  int setDuties(std::size_t vehicle, std::span<const double> duties);

  // Advances every vehicle one IMU period, spread over the worker threads.
  void advanceImuPeriod();
  // The same, calling before_each_part(first_block, end_block) on the part's thread before the
  // part's vehicles step: where a caller runs per-vehicle work of its own each period (flight
  // cores reading the frames and setting the duties of vehicles [first·kBlock, end·kBlock)).
  void advanceImuPeriod(const std::function<void(std::size_t first_block, std::size_t end_block)>& before_each_part);

  std::size_t count() const { return count_; }
  std::size_t blockCount() const { return stride_ / kBlock; }
  const VehicleModel& model() const { return model_; }
  const BatchConfig& config() const { return config_; }

  VehicleState state(std::size_t vehicle) const;
  // The rigid body's part of state() alone (no rotors, no contact warm starts): what an observer
  // reads every period, without copying the rest.
  struct Kinematics {
    Eigen::Vector3d p_W_m, v_W_mps;
    Eigen::Quaterniond q_WB;
    Eigen::Vector3d omega_B_radps;
  };
  Kinematics kinematics(std::size_t vehicle) const;
  // Replaces a vehicle's state as it is: checked by the sanitiser after the next physics step.
  void setState(std::size_t vehicle, const VehicleState& state);
  // A scripted disturbance in flight, from the next period on: a vehicle's steady wind (a gust
  // step), and one motor's bias on ω² (airframe × variation × a fault: a motor losing thrust).
  // The variation's values come back with the next reset.
  void setSteadyWind(std::size_t vehicle, const Eigen::Vector3d& wind_NED_mps);
  void setMotorBias(std::size_t vehicle, int rotor, double bias);
  double motorBias(std::size_t vehicle, int rotor) const;
  SensorFrame frame(std::size_t vehicle) const;  // GPS: velocity and time only (batch_gps.h)
  SimulatorCounters counters(std::size_t vehicle) const;
  // The sensors' bias random walks where they are now (sensor axes).
  struct SensorBiases {
    Eigen::Vector3d gyro_radps, accel_mps2, mag_gauss;
  };
  SensorBiases sensorBiases(std::size_t vehicle) const;
  std::int64_t timeNs(std::size_t vehicle) const { return std::int64_t(period_[vehicle]) * imu_period_ns_; }
  std::int64_t imuPeriodNs() const { return imu_period_ns_; }

  // The SIMD target the kernel runs on ("AVX3", "AVX2", …) and the worker threads.
  static const char* simdTarget();
  int threads() const;
  // Memory each vehicle takes, padding and contact warm starts included [bytes].
  std::size_t bytesPerVehicle() const;

 private:
  struct HookContext;
  BatchSimulator(VehicleModel model, BatchConfig config, std::size_t count);
  KernelView view(HookContext* context) const;
  void runParts(const std::function<void(int part, std::size_t first_block, std::size_t end_block)>& job);
  VehicleState gather(std::size_t vehicle) const;
  void scatter(std::size_t vehicle, const VehicleState& s);
  static void contactHook(void* context, std::size_t first, std::uint32_t lanes);
  static void sanitiseHook(void* context, std::size_t first, std::uint32_t lanes);
  void resetVehicle(std::size_t vehicle, const VehicleVariation& variation, const VehicleState& initial);
  void sampleGps(std::size_t first, std::size_t end);  // vehicles [first, end) at their period

  VehicleModel model_;
  BatchConfig config_;
  std::size_t count_ = 0, stride_ = 0;
  int substeps_ = 8;
  std::int64_t imu_period_ns_ = 1'000'000;
  std::unique_ptr<KernelConstants> constants_;
  AlignedArray<double> fields_;          // kFieldCount arrays of stride_
  AlignedArray<std::int64_t> counters_;  // kCounterCount arrays of stride_
  AlignedArray<std::uint64_t> seed_, period_;
  std::vector<double> mass_kg_;             // each vehicle's mass, for the contact
  std::vector<double> contact_impulse_Ns_;  // warm starts, contact_count per vehicle (contact only)
  std::vector<std::uint8_t> contact_warm_;
  BatchGps gps_;
  std::unique_ptr<WorkerPool> pool_;
  std::vector<std::unique_ptr<HookContext>> hook_contexts_;  // one per thread: a scratch model
};

}  // namespace vsim::batch
