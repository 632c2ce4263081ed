#include "sim/simulator.h"

#include <algorithm>
#include <cmath>

namespace vsim {

Result<Simulator> Simulator::create(VehicleModel model, SimulatorConfig config) {
  if (config.imu_rate_hz <= 0 || config.physics_rate_hz <= 0)
    return Error{"physics and IMU rates must be positive"};
  if (config.physics_rate_hz % config.imu_rate_hz != 0)
    return Error{"the physics rate (" + std::to_string(config.physics_rate_hz) + " Hz) must be a whole multiple of the IMU rate (" +
                 std::to_string(config.imu_rate_hz) + " Hz)"};
  if (1'000'000'000 % config.physics_rate_hz != 0)
    return Error{"the physics rate must divide one second into whole nanoseconds"};
  if (!(config.motor_jitter >= 0.0 && config.motor_jitter < 0.5)) return Error{"motor jitter must be in [0, 0.5)"};
  if (!config.wind.steady_NED_mps.allFinite() || !(config.wind.turbulence_sigma_mps >= 0.0) ||
      !(config.wind.length_scale_m.minCoeff() > 0.0))
    return Error{"wind settings must be finite, with σ ≥ 0 and positive scale lengths"};
  if (!(model.gps.rate_hz > 0.0 && model.gps.rate_hz <= config.imu_rate_hz && model.gps.latency_s >= 0.0))
    return Error{"GPS rate must be in (0, IMU rate] and its latency ≥ 0"};
  auto checked = finalizeModel(std::move(model));  // also refreshes the cached I⁻¹
  if (!checked) return checked.error();
  return Simulator(std::move(checked).value(), config);
}

Simulator::Simulator(VehicleModel model, SimulatorConfig config) : model_(std::move(model)), config_(config) {
  substeps_ = config_.physics_rate_hz / config_.imu_rate_hz;
  imu_period_ns_ = 1'000'000'000LL / config_.imu_rate_hz;
  step_ = makeStepConstants(model_, 1.0 / config_.physics_rate_hz);
  inputs_.gravity = config_.gravity;
  gps_every_ = std::max(1, int(std::lround(config_.imu_rate_hz / model_.gps.rate_hz)));
  gps_delay_ = int(std::lround(model_.gps.latency_s * config_.imu_rate_hz));
  history_.resize(std::size_t(gps_delay_) + 1);
  reset(0, restingState(model_));
}

void Simulator::reset(std::uint64_t seed, const VehicleState& initial) {
  // The three leaks of 000 §5: the seed, the distributions' cached values, the accumulators.
  sensor_rng_.seed(seed);
  wind_rng_.seed(seed ^ kWindSeedSalt);
  actuator_rng_.seed(seed ^ kActuatorSeedSalt);
  sensor_normal_.reset();
  wind_normal_.reset();
  jitter_uniform_.reset();
  gyro_bias_.setZero();
  accel_bias_.setZero();
  mag_bias_.setZero();
  turbulence_.setZero();
  contact_dv_W_mps_.setZero();
  contact_domega_B_radps_.setZero();
  counters_ = SimulatorCounters{};
  state_ = initial;
  if (sanitiseState(model_, state_)) ++counters_.sanitiser_resets;  // a poisoned start never flies
  inputs_.duty.fill(0.0);
  inputs_.command_gain.fill(1.0);
  inputs_.wind_W_mps = config_.wind.steady_NED_mps;
  inputs_.disturbance_torque_B_Nm.setZero();
  time_ns_ = 0;
  imu_count_ = 0;
  frame_ = SensorFrame{};
  for (Past& p : history_) p = Past{initial.p_W_m, initial.v_W_mps, 0};
  // The first frame must feel the ground a resting vehicle stands on: probe one physics step
  // on a copy and take the contact's velocity change as if it acted over the whole period.
  if (!config_.world.empty()) {
    VehicleState probe = state_;
    stepVehicle(model_, step_, inputs_, probe);
    const Eigen::Vector3d v_before = probe.v_W_mps, omega_before = probe.omega_B_radps;
    if (resolveContacts(model_, config_.world, config_.contact, step_.dt_s, config_.gravity, probe).touching > 0) {
      contact_dv_W_mps_ = (probe.v_W_mps - v_before) * double(substeps_);
      contact_domega_B_radps_ = (probe.omega_B_radps - omega_before) * double(substeps_);
    }
  }
  sampleSensors();
}

int Simulator::setDuties(std::span<const double> duties) {
  int refused = 0;
  for (int i = 0; i < model_.rotor_count; ++i) {
    const double d = i < int(duties.size()) ? duties[i] : 0.0;
    if (!std::isfinite(d)) {
      ++refused;
      inputs_.duty[i] = 0.0;
    } else {
      inputs_.duty[i] = std::clamp(d, 0.0, 1.0);
    }
  }
  counters_.rejected_duties += refused;
  return refused;
}

Eigen::Vector3d Simulator::normals(std::mt19937_64& engine, std::normal_distribution<double>& dist) {
  const double x = dist(engine), y = dist(engine), z = dist(engine);  // named: argument order is unspecified
  return {x, y, z};
}

void Simulator::advanceImuPeriod() { advanceImuPeriod(nullptr); }

void Simulator::advanceImuPeriod(const std::function<void()>& before_each_physics_step) {
  const double dt_imu_s = double(imu_period_ns_) * 1e-9;
  // Wind at the IMU rate: turbulence bandwidth (V/L ≲ 1 Hz) is far below it.
  const Eigen::Vector3d air_relative = state_.v_W_mps - inputs_.wind_W_mps;
  stepDryden(config_.wind, air_relative.norm(), dt_imu_s, normals(wind_rng_, wind_normal_), turbulence_);
  inputs_.wind_W_mps = config_.wind.steady_NED_mps + turbulence_;
  // Command jitter, a new draw per motor command (one command per IMU period).
  if (config_.motor_jitter > 0.0)
    for (int i = 0; i < model_.rotor_count; ++i)
      inputs_.command_gain[i] = 1.0 + config_.motor_jitter * jitter_uniform_(actuator_rng_);

  contact_dv_W_mps_.setZero();
  contact_domega_B_radps_.setZero();
  for (int s = 0; s < substeps_; ++s) {
    if (before_each_physics_step) before_each_physics_step();
    stepVehicle(model_, step_, inputs_, state_);
    if (!config_.world.empty()) {
      const Eigen::Vector3d v_before = state_.v_W_mps, omega_before = state_.omega_B_radps;
      if (resolveContacts(model_, config_.world, config_.contact, step_.dt_s, config_.gravity, state_).touching > 0) {
        ++counters_.contact_steps;
        // What the contact did to the motion: the accelerometer feels it (a vehicle resting
        // on the ground reads −g, not the free fall the flight dynamics alone would give).
        contact_dv_W_mps_ += state_.v_W_mps - v_before;
        contact_domega_B_radps_ += state_.omega_B_radps - omega_before;
      }
    }
    if (sanitiseState(model_, state_)) {
      ++counters_.sanitiser_resets;
      contact_dv_W_mps_.setZero();
      contact_domega_B_radps_.setZero();
    }
  }
  time_ns_ += imu_period_ns_;
  ++imu_count_;
  sampleSensors();
}

Eigen::Vector3d Simulator::noisy(const NoiseModel& noise, double dt_s, Eigen::Vector3d& bias) {
  // Bias random walk, clamped (000 §5's second leak lives here: reset zeroes it).
  bias += noise.random_walk * std::sqrt(dt_s) * normals(sensor_rng_, sensor_normal_);
  bias = bias.cwiseMax(-noise.bias_limit).cwiseMin(noise.bias_limit);
  return bias + noise.noise_density / std::sqrt(dt_s) * normals(sensor_rng_, sensor_normal_);
}

void Simulator::sampleSensors() {
  const double dt_s = double(imu_period_ns_) * 1e-9;
  frame_.time_us = time_ns_ / 1000;
  frame_.wind_NED_mps = inputs_.wind_W_mps;
  frame_.turbulence_NED_mps = turbulence_;
  frame_.airspeed_mps = (state_.v_W_mps - inputs_.wind_W_mps).norm();

  // IMU: true specific force and rate at the mounting point, in sensor axes.
  // Acceleration: the flight dynamics now, plus the contact's mean over the IMU period.
  Wrench wrench = rotorWrench(model_, state_);
  wrench.torque_B_Nm += inputs_.disturbance_torque_B_Nm;
  const RigidDerivative d = rigidDerivative(model_, state_.v_W_mps, state_.q_WB, state_.omega_B_radps, wrench, inputs_);
  const Eigen::Vector3d a_W = d.v_dot_W_mps2 + contact_dv_W_mps_ / dt_s;
  const Eigen::Vector3d omega_dot_B = d.omega_dot_B_radps2 + contact_domega_B_radps_ / dt_s;
  const Eigen::Matrix3d R_SB = model_.imu.R_BS.transpose();
  const Eigen::Vector3d accel_true_S =
      R_SB * specificForceAtImu_B(model_, state_.q_WB, state_.omega_B_radps, omega_dot_B, a_W, config_.gravity);
  const Eigen::Vector3d gyro_true_S = R_SB * state_.omega_B_radps;
  ImuSample& imu = frame_.imu;
  imu.gyro_saturated = gyro_true_S.cwiseAbs().maxCoeff() > model_.imu.gyro_range_radps;
  imu.accel_saturated = accel_true_S.cwiseAbs().maxCoeff() > model_.imu.accel_range_mps2;
  if (imu.gyro_saturated) ++counters_.gyro_saturations;
  const double g_range = model_.imu.gyro_range_radps, a_range = model_.imu.accel_range_mps2;
  imu.gyro_S_radps = (gyro_true_S + noisy(model_.imu.gyro, dt_s, gyro_bias_)).cwiseMax(-g_range).cwiseMin(g_range);
  imu.accel_S_mps2 = (accel_true_S + noisy(model_.imu.accel, dt_s, accel_bias_)).cwiseMax(-a_range).cwiseMin(a_range);

  // Magnetometer: the world field seen in sensor axes.
  frame_.mag.field_S_gauss =
      R_SB * (state_.q_WB.conjugate() * model_.mag.field_NED_gauss) + noisy(model_.mag.noise, dt_s, mag_bias_);

  // Barometer: ISA pressure at the altitude, white noise, altitude read back from it.
  const double altitude_m = model_.baro.home_altitude_m - state_.p_W_m.z();
  frame_.baro.pressure_pa = isaPressure_Pa(altitude_m) + model_.baro.noise_pa * sensor_normal_(sensor_rng_);
  frame_.baro.temperature_degc = isaTemperature_K(altitude_m) - 273.15;
  frame_.baro.altitude_m = 288.15 / 0.0065 * (1.0 - std::pow(frame_.baro.pressure_pa / 101325.0, 1.0 / 5.25588));

  // GPS: at its rate, from the state `latency` ago, with noise.
  history_[std::size_t(imu_count_ % std::int64_t(history_.size()))] = Past{state_.p_W_m, state_.v_W_mps, frame_.time_us};
  if (imu_count_ % gps_every_ == 0 && imu_count_ >= gps_delay_) {
    const Past& then = history_[std::size_t((imu_count_ - gps_delay_) % std::int64_t(history_.size()))];
    const GpsModel& g = model_.gps;
    const Eigen::Vector3d n = normals(sensor_rng_, sensor_normal_);
    const Eigen::Vector3d p_noisy = then.p_W_m + Eigen::Vector3d(g.noise_horizontal_m * n.x(), g.noise_horizontal_m * n.y(),
                                                                 g.noise_vertical_m * n.z());
    frame_.gps.time_us = then.time_us;
    nedToGeodetic(g, model_.baro.home_altitude_m, p_noisy, frame_.gps.latitude_deg, frame_.gps.longitude_deg,
                  frame_.gps.altitude_m);
    frame_.gps.v_NED_mps = then.v_W_mps + g.noise_velocity_mps * normals(sensor_rng_, sensor_normal_);
  }
}

}  // namespace vsim
