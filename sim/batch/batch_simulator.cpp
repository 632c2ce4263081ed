#include "sim/batch/batch_simulator.h"

#include "sim/base/parallel.h"

#include "sim/batch/worker_pool.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <thread>

namespace vsim::batch {

// What a worker's hook needs: the batch, and a model to hand the single-vehicle functions with
// this vehicle's mass and inertia written in (they read nothing else a variation changes).
struct BatchSimulator::HookContext {
  BatchSimulator* batch = nullptr;
  VehicleModel scratch;
};

namespace {

NoiseConstants noiseConstants(const NoiseModel& n, double dt_s) {
  // Simulator::noisy: walk·√dt per step of the bias, density/√dt per white sample.
  return NoiseConstants{n.noise_density / std::sqrt(dt_s), n.random_walk * std::sqrt(dt_s), n.bias_limit};
}

}  // namespace

Result<BatchSimulator> BatchSimulator::create(VehicleModel model, BatchConfig config, std::size_t count) {
  if (count < 1) return Error{"a batch needs at least one vehicle"};
  if (model.battery.present())
    return Error{
        "the batch simulator does not model a flight pack: remove the airframe's battery section to step it "
        "in a batch (the single-vehicle simulator flies it)"};
  SimulatorConfig single;  // the rates, jitter and wind scales are checked as Simulator checks them
  single.physics_rate_hz = config.physics_rate_hz;
  single.imu_rate_hz = config.imu_rate_hz;
  single.motor_jitter = config.motor_jitter;
  single.wind.length_scale_m = config.turbulence_length_scale_m;
  single.wind.min_airspeed_mps = config.min_airspeed_mps;
  auto checked = Simulator::create(std::move(model), single);
  if (!checked) return checked.error();
  if (!(config.min_airspeed_mps > 0.0)) return Error{"the turbulence's minimum airspeed must be positive"};
  if (config.threads < 0) return Error{"threads must be 0 (every hardware thread) or more"};
  return BatchSimulator(checked->model(), std::move(config), count);
}

BatchSimulator::BatchSimulator(VehicleModel model, BatchConfig config, std::size_t count)
    : model_(std::move(model)), config_(std::move(config)), count_(count) {
  stride_ = (count + kBlock - 1) / kBlock * kBlock;
  substeps_ = config_.physics_rate_hz / config_.imu_rate_hz;
  imu_period_ns_ = 1'000'000'000LL / config_.imu_rate_hz;
  fields_ = AlignedArray<double>(std::size_t(kFieldCount) * stride_);
  counters_ = AlignedArray<std::int64_t>(std::size_t(kCounterCount) * stride_);
  seed_ = AlignedArray<std::uint64_t>(stride_);
  period_ = AlignedArray<std::uint64_t>(stride_);
  mass_kg_.assign(stride_, model_.mass_kg);
  if (!config_.world.empty()) {
    contact_impulse_Ns_.assign(stride_ * std::size_t(model_.contact_count), 0.0);
    contact_warm_.assign(stride_, 0);
  }

  auto k = std::make_unique<KernelConstants>();
  const double dt_s = 1.0 / config_.physics_rate_hz;
  static_cast<RigidBodyConstants&>(*k) = makeRigidBodyConstants(model_, dt_s);  // as Simulator's step has them
  for (int a = 0; a < 3; ++a) {
    k->length_scale_m[a] = config_.turbulence_length_scale_m[a];
    k->imu_position_B_m[a] = model_.imu.position_B_m[a];
    k->mag_field_NED_gauss[a] = model_.mag.field_NED_gauss[a];
  }
  k->gravity_mps2 = config_.gravity ? model_.gravity_mps2 : 0.0;
  k->substeps = substeps_;
  k->imu_dt_s = double(imu_period_ns_) * 1e-9;
  k->motor_jitter = config_.motor_jitter;
  k->turbulence = false;
  k->thrust_offset = false;
  k->min_airspeed_mps = config_.min_airspeed_mps;
  k->contact = !config_.world.empty();
  k->ground_only = config_.world.has_ground && config_.world.obstacles.empty() && !config_.world.mesh;
  k->ground_down_m = config_.world.ground_down_m;
  k->contact_radius_m = model_.contact_radius_m;
  k->sensors = config_.sensors;
  k->sensor_noise = config_.sensor_noise;
  const Eigen::Matrix3d R_SB = model_.imu.R_BS.transpose();
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 3; ++col) k->R_SB[3 * row + col] = R_SB(row, col);
  k->gyro = noiseConstants(model_.imu.gyro, k->imu_dt_s);
  k->accel = noiseConstants(model_.imu.accel, k->imu_dt_s);
  k->mag = noiseConstants(model_.mag.noise, k->imu_dt_s);
  k->baro_noise_pa = model_.baro.noise_pa;
  k->home_altitude_m = model_.baro.home_altitude_m;
  k->gyro_range_radps = model_.imu.gyro_range_radps;
  k->accel_range_mps2 = model_.imu.accel_range_mps2;
  constants_ = std::move(k);
  if (config_.sensors)
    gps_ = BatchGps(model_.gps, config_.imu_rate_hz, imu_period_ns_ / 1000, config_.sensor_noise, count_);

  const int threads =
      std::clamp(config_.threads > 0 ? config_.threads : usableCores(), 1, int(std::max<std::size_t>(1, blockCount())));
  pool_ = std::make_unique<WorkerPool>(threads);
  for (int t = 0; t < threads; ++t)
    hook_contexts_.push_back(std::make_unique<HookContext>(HookContext{nullptr, model_}));

  const VehicleVariation nominal;
  const VehicleState rest = restingState(model_);
  (void)reset(std::span<const VehicleVariation>(&nominal, 1), std::span<const VehicleState>(&rest, 1));
}

BatchSimulator::BatchSimulator(BatchSimulator&&) noexcept = default;
BatchSimulator& BatchSimulator::operator=(BatchSimulator&&) noexcept = default;
BatchSimulator::~BatchSimulator() = default;

int BatchSimulator::threads() const { return pool_->threads(); }

const char* BatchSimulator::simdTarget() { return simdTargetName(); }

std::size_t BatchSimulator::bytesPerVehicle() const {
  const std::size_t per_slot = std::size_t(kFieldCount) * sizeof(double) +
                               std::size_t(kCounterCount) * sizeof(std::int64_t) + 2 * sizeof(std::uint64_t) +
                               sizeof(double) +
                               (config_.world.empty() ? 0 : std::size_t(model_.contact_count) * sizeof(double) + 1);
  const std::size_t gps =
      config_.sensors ? (std::size_t(gps_.delay() + 1) * 3 + 3) * sizeof(double) + sizeof(std::int64_t) : 0;
  return per_slot * stride_ / count_ + gps;
}

KernelView BatchSimulator::view(HookContext* context) const {
  KernelView v;
  v.field = const_cast<double*>(fields_.data());
  v.counter = const_cast<std::int64_t*>(counters_.data());
  v.seed = seed_.data();
  v.period = const_cast<std::uint64_t*>(period_.data());
  v.stride = stride_;
  v.vehicles = count_;
  v.k = constants_.get();
  v.hooks = ScalarHooks{context, &BatchSimulator::contactHook, &BatchSimulator::sanitiseHook};
  return v;
}

VehicleState BatchSimulator::gather(std::size_t i) const {
  auto f = [&](int field) { return fields_[std::size_t(field) * stride_ + i]; };
  VehicleState s;
  s.p_W_m = {f(kPx), f(kPy), f(kPz)};
  s.v_W_mps = {f(kVx), f(kVy), f(kVz)};
  s.q_WB = Eigen::Quaterniond(f(kQw), f(kQx), f(kQy), f(kQz));
  s.omega_B_radps = {f(kWx), f(kWy), f(kWz)};
  for (int r = 0; r < model_.rotor_count; ++r) s.rotor_speed_radps[std::size_t(r)] = f(kRotorSpeed0 + r);
  if (!contact_warm_.empty()) {
    const std::size_t n = std::size_t(model_.contact_count);
    std::copy_n(contact_impulse_Ns_.begin() + std::ptrdiff_t(i * n), n, s.contact_impulse_Ns.begin());
    s.contact_warm = contact_warm_[i] != 0;
  }
  return s;
}

void BatchSimulator::scatter(std::size_t i, const VehicleState& s) {
  auto f = [&](int field) -> double& { return fields_[std::size_t(field) * stride_ + i]; };
  f(kPx) = s.p_W_m.x(), f(kPy) = s.p_W_m.y(), f(kPz) = s.p_W_m.z();
  f(kVx) = s.v_W_mps.x(), f(kVy) = s.v_W_mps.y(), f(kVz) = s.v_W_mps.z();
  f(kQw) = s.q_WB.w(), f(kQx) = s.q_WB.x(), f(kQy) = s.q_WB.y(), f(kQz) = s.q_WB.z();
  f(kWx) = s.omega_B_radps.x(), f(kWy) = s.omega_B_radps.y(), f(kWz) = s.omega_B_radps.z();
  for (int r = 0; r < model_.rotor_count; ++r) f(kRotorSpeed0 + r) = s.rotor_speed_radps[std::size_t(r)];
  if (!contact_warm_.empty()) {
    const std::size_t n = std::size_t(model_.contact_count);
    std::copy_n(s.contact_impulse_Ns.begin(), n, contact_impulse_Ns_.begin() + std::ptrdiff_t(i * n));
    contact_warm_[i] = s.contact_warm ? 1 : 0;
  }
}

void BatchSimulator::contactHook(void* context, std::size_t first, std::uint32_t lanes) {
  HookContext& c = *static_cast<HookContext*>(context);
  BatchSimulator& b = *c.batch;
  for (std::size_t lane = 0; lanes >> lane; ++lane) {
    const std::size_t i = first + lane;
    if (!(lanes >> lane & 1u) || i >= b.count_) continue;
    auto f = [&](int field) -> double& { return b.fields_[std::size_t(field) * b.stride_ + i]; };
    c.scratch.mass_kg = b.mass_kg_[i];
    for (int j = 0; j < 9; ++j) {
      c.scratch.inertia_kgm2(j / 3, j % 3) = f(kInertia00 + j);
      c.scratch.inertia_inv_per_kgm2(j / 3, j % 3) = f(kInertiaInv00 + j);
    }
    // The rotors (their propeller discs) where this vehicle has them, as variedModel moves them
    // (only when some vehicle of the batch is displaced: otherwise the scratch's are the model's).
    if (b.constants_->thrust_offset) {
      const Eigen::Vector3d offset(f(kThrustOffsetX), f(kThrustOffsetY), f(kThrustOffsetZ));
      for (std::size_t r = 0; r < std::size_t(b.model_.rotor_count); ++r)
        c.scratch.rotors[r].position_B_m = b.model_.rotors[r].position_B_m + offset;
    }
    VehicleState s = b.gather(i);
    const Eigen::Vector3d v_before = s.v_W_mps, omega_before = s.omega_B_radps;
    if (resolveContacts(c.scratch, b.config_.world, b.config_.contact, b.constants_->dt_s, b.config_.gravity, s)
            .touching > 0) {
      ++b.counters_[std::size_t(kContactSteps) * b.stride_ + i];
      const Eigen::Vector3d dv = s.v_W_mps - v_before, domega = s.omega_B_radps - omega_before;
      for (int a = 0; a < 3; ++a) {
        f(kContactDvX + a) += dv[a];
        f(kContactDomegaX + a) += domega[a];
      }
    }
    b.scatter(i, s);
  }
}

void BatchSimulator::sanitiseHook(void* context, std::size_t first, std::uint32_t lanes) {
  BatchSimulator& b = *static_cast<HookContext*>(context)->batch;
  for (std::size_t lane = 0; lanes >> lane; ++lane) {
    const std::size_t i = first + lane;
    if (!(lanes >> lane & 1u) || i >= b.count_) continue;
    VehicleState s = b.gather(i);
    if (sanitiseState(b.model_, s)) {
      ++b.counters_[std::size_t(kSanitiserResets) * b.stride_ + i];
      for (int field = kContactDvX; field <= kContactDomegaZ; ++field)
        b.fields_[std::size_t(field) * b.stride_ + i] = 0.0;
    }
    b.scatter(i, s);
  }
}

void BatchSimulator::resetVehicle(std::size_t i, const VehicleVariation& v, const VehicleState& initial) {
  auto f = [&](int field) -> double& { return fields_[std::size_t(field) * stride_ + i]; };
  for (int field = 0; field < kFieldCount; ++field) f(field) = 0.0;
  for (int c = 0; c < kCounterCount; ++c) counters_[std::size_t(c) * stride_ + i] = 0;
  seed_[i] = v.seed;
  period_[i] = 0;
  f(kActive) = i < count_ ? 1.0 : 0.0;
  // The varied constants, those variedModel gives the single-vehicle reference.
  const VariedConstants varied = variedConstants(model_, v);
  mass_kg_[i] = varied.mass_kg;
  f(kInvMass) = 1.0 / varied.mass_kg;
  for (int j = 0; j < 9; ++j) {
    f(kInertia00 + j) = varied.inertia_kgm2(j / 3, j % 3);
    f(kInertiaInv00 + j) = varied.inertia_inv_per_kgm2(j / 3, j % 3);
  }
  for (int r = 0; r < model_.rotor_count; ++r) {
    f(kBias0 + r) = varied.bias[std::size_t(r)];
    // makeStepConstants' gains on the varied time constants.
    f(kSpinUpGain0 + r) = 1.0 - std::exp(-constants_->dt_s / varied.spin_up_s[std::size_t(r)]);
    f(kSpinDownGain0 + r) = 1.0 - std::exp(-constants_->dt_s / varied.spin_down_s[std::size_t(r)]);
    f(kCommandGain0 + r) = 1.0;
  }
  f(kNoiseScale) = v.noise_scale;
  for (int a = 0; a < 3; ++a) {
    f(kSteadyWindX + a) = v.steady_wind_NED_mps[a];
    f(kWindX + a) = v.steady_wind_NED_mps[a];
  }
  f(kTurbulenceSigma) = v.turbulence_sigma_mps;
  for (int a = 0; a < 3; ++a) f(kThrustOffsetX + a) = v.thrust_offset_B_m[a];
  if (!contact_warm_.empty()) {
    std::fill_n(contact_impulse_Ns_.begin() + std::ptrdiff_t(i * std::size_t(model_.contact_count)),
                model_.contact_count, 0.0);
    contact_warm_[i] = 0;
  }
  VehicleState s = initial;
  if (sanitiseState(model_, s)) ++counters_[std::size_t(kSanitiserResets) * stride_ + i];
  scatter(i, s);
  // Simulator::reset: the first frame feels the ground a resting vehicle stands on — one
  // physics step on a copy, the contact's velocity change taken as acting over the period.
  if (!config_.world.empty() && i < count_) {
    const VehicleModel varied = variedModel(model_, v);
    StepInputs in;
    in.wind_W_mps = v.steady_wind_NED_mps;
    in.gravity = config_.gravity;
    VehicleState probe = s;
    stepVehicle(varied, makeStepConstants(varied, constants_->dt_s), in, probe);
    const Eigen::Vector3d v_before = probe.v_W_mps, omega_before = probe.omega_B_radps;
    if (resolveContacts(varied, config_.world, config_.contact, constants_->dt_s, config_.gravity, probe).touching > 0)
      for (int a = 0; a < 3; ++a) {
        f(kContactDvX + a) = (probe.v_W_mps[a] - v_before[a]) * double(substeps_);
        f(kContactDomegaX + a) = (probe.omega_B_radps[a] - omega_before[a]) * double(substeps_);
      }
  }
}

Result<bool> BatchSimulator::reset(std::span<const VehicleVariation> variations,
                                   std::span<const VehicleState> initial) {
  auto one_or_all = [&](std::size_t n, const char* what) -> std::optional<Error> {
    if (n == 1 || n == count_) return std::nullopt;
    return Error{std::string(what) + ": expected 1 or " + std::to_string(count_) + " entries, got " +
                 std::to_string(n)};
  };
  if (auto e = one_or_all(variations.size(), "variations")) return *e;
  if (auto e = one_or_all(initial.size(), "initial states")) return *e;
  for (std::size_t i = 0; i < variations.size(); ++i)
    if (auto checked = checkedVariation(variations[i], model_); !checked)
      return Error{"vehicle " + std::to_string(i) + ": " + checked.error().message};
  bool turbulence = false, thrust_offset = false;
  for (std::size_t i = 0; i < stride_; ++i) {
    const std::size_t source = std::min(i, count_ - 1);
    const VehicleVariation& v = variations[variations.size() == 1 ? 0 : source];
    const VehicleState& s = i < count_ ? initial[initial.size() == 1 ? 0 : i] : restingState(model_);
    resetVehicle(i, v, s);
    turbulence = turbulence || v.turbulence_sigma_mps > 0.0;
    thrust_offset = thrust_offset || v.thrust_offset_B_m != Eigen::Vector3d::Zero();
  }
  constants_->turbulence = turbulence;
  constants_->thrust_offset = thrust_offset;
  // The contact hook moves its scratch model's rotors only while some vehicle is displaced:
  // without, they are the model's again.
  if (!thrust_offset)
    for (auto& context : hook_contexts_) context->scratch.rotors = model_.rotors;
  if (config_.sensors) {
    HookContext* c = hook_contexts_[0].get();
    c->batch = this;
    sampleSensors(view(c), 0, stride_);
    sampleGps(0, count_);
  }
  return true;
}

int BatchSimulator::setDuties(std::size_t vehicle, std::span<const double> duties) {
  int refused = 0;
  for (int r = 0; r < model_.rotor_count; ++r) {
    const double d = r < int(duties.size()) ? duties[std::size_t(r)] : 0.0;
    double& slot = fields_[std::size_t(kDuty0 + r) * stride_ + vehicle];
    if (!std::isfinite(d)) {
      ++refused;
      slot = 0.0;
    } else {
      slot = std::clamp(d, 0.0, 1.0);
    }
  }
  counters_[std::size_t(kRejectedDuties) * stride_ + vehicle] += refused;
  return refused;
}

void BatchSimulator::runParts(
    const std::function<void(int part, std::size_t first_block, std::size_t end_block)>& job) {
  // Waking a worker costs some microseconds: a part is at least kBlocksPerPart blocks (256
  // vehicles, a few hundred microseconds of stepping), so small batches stay on one thread.
  constexpr std::size_t kBlocksPerPart = 16;
  const std::size_t blocks = blockCount();
  const int parts = int(std::clamp<std::size_t>(blocks / kBlocksPerPart, 1, std::size_t(pool_->threads())));
  pool_->run(parts, [&](int part) {
    const std::size_t first = blocks * std::size_t(part) / std::size_t(parts),
                      end = blocks * std::size_t(part + 1) / std::size_t(parts);
    if (first < end) job(part, first, end);
  });
}

void BatchSimulator::advanceImuPeriod() { advanceImuPeriod(nullptr); }

void BatchSimulator::advanceImuPeriod(const std::function<void(std::size_t, std::size_t)>& before_each_part) {
  for (auto& c : hook_contexts_) c->batch = this;
  runParts([&](int part, std::size_t first, std::size_t end) {
    if (before_each_part) before_each_part(first, end);
    batch::advanceImuPeriod(view(hook_contexts_[std::size_t(part)].get()), first * kBlock, end * kBlock);
    if (config_.sensors) sampleGps(first * kBlock, std::min(end * kBlock, count_));
  });
}

void BatchSimulator::sampleGps(std::size_t first, std::size_t end) {
  for (std::size_t i = first; i < end; ++i) {
    const double v[3] = {fields_[std::size_t(kVx) * stride_ + i], fields_[std::size_t(kVy) * stride_ + i],
                         fields_[std::size_t(kVz) * stride_ + i]};
    gps_.sample(i, seed_[i], period_[i], v, fields_[std::size_t(kNoiseScale) * stride_ + i]);
  }
}

VehicleState BatchSimulator::state(std::size_t vehicle) const { return gather(vehicle); }

BatchSimulator::Kinematics BatchSimulator::kinematics(std::size_t i) const {
  auto f = [&](int field) { return fields_[std::size_t(field) * stride_ + i]; };
  return {{f(kPx), f(kPy), f(kPz)},
          {f(kVx), f(kVy), f(kVz)},
          Eigen::Quaterniond(f(kQw), f(kQx), f(kQy), f(kQz)),
          {f(kWx), f(kWy), f(kWz)}};
}

void BatchSimulator::setState(std::size_t vehicle, const VehicleState& s) { scatter(vehicle, s); }

void BatchSimulator::setSteadyWind(std::size_t i, const Eigen::Vector3d& wind_NED_mps) {
  auto f = [&](int field) -> double& { return fields_[std::size_t(field) * stride_ + i]; };
  for (int a = 0; a < 3; ++a) {
    f(kSteadyWindX + a) = wind_NED_mps[a];
    // The held wind, as the kernel forms it (steady + turbulence; turbulence 0 in calm air).
    f(kWindX + a) = wind_NED_mps[a] + f(kTurbulenceX + a);
  }
}

void BatchSimulator::setMotorBias(std::size_t i, int rotor, double bias) {
  fields_[std::size_t(kBias0 + rotor) * stride_ + i] = bias;
}

double BatchSimulator::motorBias(std::size_t i, int rotor) const {
  return fields_[std::size_t(kBias0 + rotor) * stride_ + i];
}

SensorFrame BatchSimulator::frame(std::size_t i) const {
  auto f = [&](int field) { return fields_[std::size_t(field) * stride_ + i]; };
  SensorFrame fr;
  fr.time_us = timeNs(i) / 1000;
  fr.imu.accel_S_mps2 = {f(kAccelX), f(kAccelY), f(kAccelZ)};
  fr.imu.gyro_S_radps = {f(kGyroX), f(kGyroY), f(kGyroZ)};
  fr.imu.gyro_saturated = f(kGyroSaturated) != 0.0;
  fr.imu.accel_saturated = f(kAccelSaturated) != 0.0;
  fr.mag.field_S_gauss = {f(kMagX), f(kMagY), f(kMagZ)};
  fr.baro.pressure_pa = f(kBaroPressure);
  fr.baro.altitude_m = f(kBaroAltitude);
  fr.baro.temperature_degc = f(kBaroTemperature);
  fr.wind_NED_mps = {f(kWindX), f(kWindY), f(kWindZ)};
  fr.turbulence_NED_mps = {f(kTurbulenceX), f(kTurbulenceY), f(kTurbulenceZ)};
  fr.airspeed_mps = (Eigen::Vector3d(f(kVx), f(kVy), f(kVz)) - fr.wind_NED_mps).norm();
  if (config_.sensors) fr.gps = gps_.fix(i);
  return fr;
}

BatchSimulator::SensorBiases BatchSimulator::sensorBiases(std::size_t i) const {
  auto f = [&](int field) { return fields_[std::size_t(field) * stride_ + i]; };
  return SensorBiases{{f(kGyroBiasX), f(kGyroBiasY), f(kGyroBiasZ)},
                      {f(kAccelBiasX), f(kAccelBiasY), f(kAccelBiasZ)},
                      {f(kMagBiasX), f(kMagBiasY), f(kMagBiasZ)}};
}

SimulatorCounters BatchSimulator::counters(std::size_t i) const {
  SimulatorCounters c;
  c.rejected_duties = counters_[std::size_t(kRejectedDuties) * stride_ + i];
  c.sanitiser_resets = counters_[std::size_t(kSanitiserResets) * stride_ + i];
  c.gyro_saturations = counters_[std::size_t(kGyroSaturations) * stride_ + i];
  c.contact_steps = counters_[std::size_t(kContactSteps) * stride_ + i];
  return c;
}

}  // namespace vsim::batch
