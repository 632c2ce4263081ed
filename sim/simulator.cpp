#include "sim/simulator.h"

#include <algorithm>
#include <cmath>

namespace vsim {
namespace {

Eigen::Vector3d normals(std::mt19937_64& engine, std::normal_distribution<double>& dist) {
  const double x = dist(engine), y = dist(engine), z = dist(engine);  // named: argument order is unspecified
  return {x, y, z};
}

// Bias random walk, clamped, then white noise. The walk is an accumulator: reset zeroes it, or a
// run with the same seed would start from wherever the last one drifted.
Eigen::Vector3d noisy(SimulatorData& d, const NoiseModel& noise, double dt_s, Eigen::Vector3d& bias) {
  bias += noise.random_walk * std::sqrt(dt_s) * normals(d.sensor_rng, d.sensor_normal);
  bias = bias.cwiseMax(-noise.bias_limit).cwiseMin(noise.bias_limit);
  return bias + noise.noise_density / std::sqrt(dt_s) * normals(d.sensor_rng, d.sensor_normal);
}

void sampleSensors(const SimulatorModel& m, SimulatorData& d) {
  const VehicleModel& model = m.vehicle;
  const VehicleState& state = d.state;
  SensorFrame& frame = d.frame;
  const double dt_s = double(m.imu_period_ns) * 1e-9;
  frame.time_us = d.time_ns / 1000;
  frame.wind_NED_mps = d.inputs.wind_W_mps;
  frame.turbulence_NED_mps = d.turbulence_NED_mps;
  frame.airspeed_mps = (state.v_W_mps - d.inputs.wind_W_mps).norm();
  frame.battery = d.battery;

  // IMU: true specific force and rate at the mounting point, in sensor axes.
  // Acceleration: the flight dynamics now, plus the contact's mean over the IMU period.
  Wrench wrench = rotorWrench(model, m.step, state);
  wrench.torque_B_Nm += d.inputs.disturbance_torque_B_Nm;
  const RigidDerivative rd =
      rigidDerivative(model, m.step, state.v_W_mps, state.q_WB, state.omega_B_radps, wrench, d.inputs);
  // Held by the hand: the centre of mass still, the rate constant (hand.h).
  const bool held = d.hand.has_value();
  const Eigen::Vector3d a_W =
      held ? Eigen::Vector3d::Zero() : Eigen::Vector3d(rd.v_dot_W_mps2 + d.contact_dv_W_mps / dt_s);
  const Eigen::Vector3d omega_dot_B =
      held ? Eigen::Vector3d::Zero() : Eigen::Vector3d(rd.omega_dot_B_radps2 + d.contact_domega_B_radps / dt_s);
  const Eigen::Matrix3d R_SB = model.imu.R_BS.transpose();
  // True values through the bench errors (sensor_models.h: withAxisErrors), before noise.
  const Eigen::Vector3d accel_true_S = withAxisErrors(
      model.imu.accel_errors, model.imu.R_mount,
      R_SB * specificForceAtImu_B(model, state.q_WB, state.omega_B_radps, omega_dot_B, a_W, m.config.gravity));
  const Eigen::Vector3d gyro_true_S =
      withAxisErrors(model.imu.gyro_errors, model.imu.R_mount, R_SB * state.omega_B_radps);
  ImuSample& imu = frame.imu;
  imu.gyro_saturated = gyro_true_S.cwiseAbs().maxCoeff() > model.imu.gyro_range_radps;
  imu.accel_saturated = accel_true_S.cwiseAbs().maxCoeff() > model.imu.accel_range_mps2;
  if (imu.gyro_saturated) ++d.counters.gyro_saturations;
  const double g_range = model.imu.gyro_range_radps, a_range = model.imu.accel_range_mps2;
  imu.gyro_S_radps = (gyro_true_S + noisy(d, model.imu.gyro, dt_s, d.gyro_bias)).cwiseMax(-g_range).cwiseMin(g_range);
  imu.accel_S_mps2 =
      (accel_true_S + noisy(d, model.imu.accel, dt_s, d.accel_bias)).cwiseMax(-a_range).cwiseMin(a_range);

  // Magnetometer: the world field seen in sensor axes.
  frame.mag.field_S_gauss =
      withMagErrors(model.mag, model.imu.R_mount, R_SB * (state.q_WB.conjugate() * model.mag.field_NED_gauss),
                    motorCurrent_A(model, state.rotor_speed_radps)) +
      noisy(d, model.mag.noise, dt_s, d.mag_bias);

  // Barometer: ISA pressure at the altitude, white noise, altitude read back from it.
  const double altitude_m = model.baro.home_altitude_m - state.p_W_m.z();
  frame.baro.pressure_pa = isaPressure_Pa(altitude_m) + model.baro.noise_pa * d.sensor_normal(d.sensor_rng);
  frame.baro.temperature_degc = isaTemperature_K(altitude_m) - 273.15;
  frame.baro.altitude_m = 288.15 / 0.0065 * (1.0 - std::pow(frame.baro.pressure_pa / 101325.0, 1.0 / 5.25588));

  // GPS: at its rate, from the state `latency` ago, with the receiver's error (GpsModel): the
  // wandering part steps once per fix, then white noise on position and velocity. Its own
  // generator, so the GPS never changes the other sensors' noise.
  const std::int64_t ring = std::int64_t(d.history.size());
  d.history[std::size_t(d.imu_count % ring)] = SimulatorData::Past{state.p_W_m, state.v_W_mps, frame.time_us};
  if (d.imu_count % m.gps_every == 0 && d.imu_count >= m.gps_delay) {
    const SimulatorData::Past& then = d.history[std::size_t((d.imu_count - m.gps_delay) % ring)];
    const GpsModel& g = model.gps;
    const Eigen::Vector3d sigma_drift(g.drift_horizontal_m, g.drift_horizontal_m, g.drift_vertical_m);
    const Eigen::Vector3d sigma_white(g.noise_horizontal_m, g.noise_horizontal_m, g.noise_vertical_m);
    const Eigen::Vector3d n_drift = normals(d.gps_rng, d.gps_normal);
    const Eigen::Vector3d n_white = normals(d.gps_rng, d.gps_normal);
    const Eigen::Vector3d n_velocity = normals(d.gps_rng, d.gps_normal);
    if (d.imu_count < m.gps_every + m.gps_delay) {
      d.gps_drift_NED_m = sigma_drift.cwiseProduct(n_drift);  // the first fix: the process at rest in its spread
    } else {
      d.gps_drift_NED_m =
          m.gps_drift_phi * d.gps_drift_NED_m + m.gps_drift_innovation * sigma_drift.cwiseProduct(n_drift);
    }
    const Eigen::Vector3d p_measured = then.p_W_m + d.gps_drift_NED_m + sigma_white.cwiseProduct(n_white);
    frame.gps.time_us = then.time_us;
    nedToGeodetic(g, model.baro.home_altitude_m, p_measured, frame.gps.latitude_deg, frame.gps.longitude_deg,
                  frame.gps.altitude_m);
    frame.gps.v_NED_mps = then.v_W_mps + g.noise_velocity_mps * n_velocity;
  }
}

}  // namespace

Result<SimulatorModel> makeSimulatorModel(VehicleModel model, SimulatorConfig config) {
  if (config.imu_rate_hz <= 0 || config.physics_rate_hz <= 0) return Error{"physics and IMU rates must be positive"};
  if (config.physics_rate_hz % config.imu_rate_hz != 0)
    return Error{"the physics rate (" + std::to_string(config.physics_rate_hz) +
                 " Hz) must be a whole multiple of the IMU rate (" + std::to_string(config.imu_rate_hz) + " Hz)"};
  if (1'000'000'000 % config.physics_rate_hz != 0)
    return Error{"the physics rate must divide one second into whole nanoseconds"};
  if (!(config.motor_jitter >= 0.0 && config.motor_jitter < 0.5)) return Error{"motor jitter must be in [0, 0.5)"};
  if (!config.wind.steady_NED_mps.allFinite() || !(config.wind.turbulence_sigma_mps >= 0.0) ||
      !(config.wind.length_scale_m.minCoeff() > 0.0))
    return Error{"wind settings must be finite, with σ ≥ 0 and positive scale lengths"};
  if (!(model.gps.rate_hz > 0.0 && model.gps.rate_hz <= config.imu_rate_hz && model.gps.latency_s >= 0.0))
    return Error{"GPS rate must be in (0, IMU rate] and its latency ≥ 0"};
  const GpsModel& g = model.gps;
  if (!(g.drift_horizontal_m >= 0.0 && g.drift_vertical_m >= 0.0 && g.noise_horizontal_m >= 0.0 &&
        g.noise_vertical_m >= 0.0 && g.noise_velocity_mps >= 0.0 && g.drift_time_constant_s > 0.0 &&
        std::isfinite(g.drift_time_constant_s)))
    return Error{"GPS errors must be finite and ≥ 0, and the drift's time constant > 0"};
  auto checked = finalizeModel(std::move(model));  // also refreshes the cached I⁻¹
  if (!checked) return checked.error();
  SimulatorModel m;
  m.vehicle = std::move(checked).value();
  m.config = std::move(config);
  m.substeps = m.config.physics_rate_hz / m.config.imu_rate_hz;
  m.imu_period_ns = 1'000'000'000LL / m.config.imu_rate_hz;
  m.step = makeStepConstants(m.vehicle, 1.0 / m.config.physics_rate_hz);
  m.gps_every = std::max(1, int(std::lround(m.config.imu_rate_hz / m.vehicle.gps.rate_hz)));
  m.gps_delay = int(std::lround(m.vehicle.gps.latency_s * m.config.imu_rate_hz));
  const double fix_period_s = double(m.gps_every) / double(m.config.imu_rate_hz);
  m.gps_drift_phi = std::exp(-fix_period_s / m.vehicle.gps.drift_time_constant_s);
  m.gps_drift_innovation = std::sqrt(1.0 - m.gps_drift_phi * m.gps_drift_phi);
  return m;
}

SimulatorData makeSimulatorData(const SimulatorModel& model) {
  SimulatorData d;
  d.history.resize(std::size_t(model.gps_delay) + 1);
  resetSimulator(model, d, 0, restingState(model.vehicle));
  return d;
}

Result<Simulator> Simulator::create(VehicleModel model, SimulatorConfig config) {
  auto m = makeSimulatorModel(std::move(model), std::move(config));
  if (!m) return m.error();
  SimulatorData d = makeSimulatorData(*m);
  return Simulator(std::move(m).value(), std::move(d));
}

void resetSimulator(const SimulatorModel& m, SimulatorData& d, std::uint64_t seed, const VehicleState& initial) {
  // Determinism has three places to leak, all restored here: the engines' seeds, the
  // distributions' cached values (std::normal_distribution keeps the second of each pair it
  // draws), and the accumulators (bias walks, filter states).
  d.sensor_rng.seed(seed);
  d.wind_rng.seed(seed ^ kWindSeedSalt);
  d.actuator_rng.seed(seed ^ kActuatorSeedSalt);
  d.gps_rng.seed(seed ^ kGpsSeedSalt);
  d.gps_normal.reset();
  d.gps_drift_NED_m.setZero();
  d.sensor_normal.reset();
  d.wind_normal.reset();
  d.jitter_uniform.reset();
  d.gyro_bias.setZero();
  d.accel_bias.setZero();
  d.mag_bias.setZero();
  d.turbulence_NED_mps.setZero();
  d.contact_dv_W_mps.setZero();
  d.contact_domega_B_radps.setZero();
  d.counters = SimulatorCounters{};
  d.hand.reset();
  d.battery = m.vehicle.battery.present() ? restingBattery(m.vehicle.battery) : BatteryState{};
  d.state = initial;
  if (sanitiseState(m.vehicle, d.state)) ++d.counters.sanitiser_resets;  // a poisoned start never flies
  d.inputs.gravity = m.config.gravity;
  d.inputs.duty.fill(0.0);
  d.inputs.command_gain.fill(1.0);
  d.inputs.wind_W_mps = m.config.wind.steady_NED_mps;
  d.inputs.disturbance_torque_B_Nm.setZero();
  d.time_ns = 0;
  d.imu_count = 0;
  d.frame = SensorFrame{};
  for (SimulatorData::Past& p : d.history) p = SimulatorData::Past{initial.p_W_m, initial.v_W_mps, 0};
  // The first frame must feel the ground a resting vehicle stands on: probe one physics step
  // on a copy and take the contact's velocity change as if it acted over the whole period.
  if (!m.config.world.empty()) {
    VehicleState probe = d.state;
    stepVehicle(m.vehicle, m.step, d.inputs, probe);
    const Eigen::Vector3d v_before = probe.v_W_mps, omega_before = probe.omega_B_radps;
    if (resolveContacts(m.vehicle, m.config.world, m.config.contact, m.step.dt_s, m.config.gravity, probe).touching >
        0) {
      d.contact_dv_W_mps = (probe.v_W_mps - v_before) * double(m.substeps);
      d.contact_domega_B_radps = (probe.omega_B_radps - omega_before) * double(m.substeps);
    }
  }
  sampleSensors(m, d);
}

void holdSimulator(const SimulatorModel& m, SimulatorData& d, const HandGrip& grip) {
  d.hand = takeHold(m.vehicle, !m.config.world.empty(), d.hand, grip, d.state);
  d.contact_dv_W_mps.setZero();
  d.contact_domega_B_radps.setZero();
}

void releaseSimulator(SimulatorData& d) {
  if (!d.hand) return;
  d.hand.reset();
  letGo(d.state);
}

int setSimulatorDuties(const SimulatorModel& m, SimulatorData& d, std::span<const double> duties) {
  int refused = 0;
  for (int i = 0; i < m.vehicle.rotor_count; ++i) {
    const double duty = i < int(duties.size()) ? duties[std::size_t(i)] : 0.0;
    if (!std::isfinite(duty)) {
      ++refused;
      d.inputs.duty[std::size_t(i)] = 0.0;
    } else {
      d.inputs.duty[std::size_t(i)] = std::clamp(duty, 0.0, 1.0);
    }
  }
  d.counters.rejected_duties += refused;
  return refused;
}

void advanceImuPeriod(const SimulatorModel& m, SimulatorData& d,
                      const std::function<void()>& before_each_physics_step) {
  const double dt_imu_s = double(m.imu_period_ns) * 1e-9;
  // Wind at the IMU rate: turbulence bandwidth (V/L ≲ 1 Hz) is far below it.
  const Eigen::Vector3d air_relative = d.state.v_W_mps - d.inputs.wind_W_mps;
  stepDryden(m.config.wind, air_relative.norm(), dt_imu_s, normals(d.wind_rng, d.wind_normal), d.turbulence_NED_mps);
  d.inputs.wind_W_mps = m.config.wind.steady_NED_mps + d.turbulence_NED_mps;
  // Command jitter, a new draw per motor command (one command per IMU period).
  if (m.config.motor_jitter > 0.0)
    for (int i = 0; i < m.vehicle.rotor_count; ++i)
      d.inputs.command_gain[std::size_t(i)] = 1.0 + m.config.motor_jitter * d.jitter_uniform(d.actuator_rng);
  // The pack: the rotors' load now sets its current and voltage, the voltage the motors' full
  // speed over this period, and the current drains it (battery_model.h).
  const BatteryModel& pack = m.vehicle.battery;
  if (pack.present()) {
    loadBattery(pack, shaftPower_W(m.vehicle, d.state.rotor_speed_radps), d.battery);
    const double supply = supplySpeedScale(pack, d.battery);
    for (int i = 0; i < m.vehicle.rotor_count; ++i)
      d.inputs.command_gain[std::size_t(i)] =
          (m.config.motor_jitter > 0.0 ? d.inputs.command_gain[std::size_t(i)] : 1.0) * supply;
    drainBattery(pack, dt_imu_s, d.battery);
  }

  d.contact_dv_W_mps.setZero();
  d.contact_domega_B_radps.setZero();
  for (int s = 0; s < m.substeps; ++s) {
    if (before_each_physics_step) before_each_physics_step();
    if (d.hand) {  // kinematic in the hand: no forces, no contact
      stepHeld(*d.hand, m.step.dt_s, d.state);
      continue;
    }
    stepVehicle(m.vehicle, m.step, d.inputs, d.state);
    if (!m.config.world.empty()) {
      const Eigen::Vector3d v_before = d.state.v_W_mps, omega_before = d.state.omega_B_radps;
      if (resolveContacts(m.vehicle, m.config.world, m.config.contact, m.step.dt_s, m.config.gravity, d.state)
              .touching > 0) {
        ++d.counters.contact_steps;
        // What the contact did to the motion: the accelerometer feels it (a vehicle resting
        // on the ground reads −g, not the free fall the flight dynamics alone would give).
        d.contact_dv_W_mps += d.state.v_W_mps - v_before;
        d.contact_domega_B_radps += d.state.omega_B_radps - omega_before;
      }
    }
    if (sanitiseState(m.vehicle, d.state)) {
      ++d.counters.sanitiser_resets;
      d.contact_dv_W_mps.setZero();
      d.contact_domega_B_radps.setZero();
    }
  }
  d.time_ns += m.imu_period_ns;
  ++d.imu_count;
  sampleSensors(m, d);
}

}  // namespace vsim
