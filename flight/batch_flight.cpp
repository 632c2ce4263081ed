#include "flight/batch_flight.h"

#include "flight/core_sensors.h"
#include "flight/flight_runner.h"
#include "firmware/core/stages.h"
#include "sim/vehicle/sensor_models.h"

#include <algorithm>

namespace vsim {

Result<BatchFlight> BatchFlight::create(const VehicleModel& model, batch::BatchConfig config, std::size_t count) {
  auto created = batch::BatchSimulator::create(model, std::move(config), count);
  if (!created) return created.error();
  if (created->model().rotor_count > FC_MAX_MOTORS)
    return Error{"the flight core drives at most " + std::to_string(FC_MAX_MOTORS) + " motors; " +
                 created->model().name + " has " + std::to_string(created->model().rotor_count)};
  VehicleModel finalised = created->model();
  return BatchFlight(std::move(finalised), std::move(created).value());
}

BatchFlight::BatchFlight(VehicleModel model, batch::BatchSimulator batch)
    : model_(std::move(model)),
      batch_(std::move(batch)),
      cores_(batch_.count()),
      next_sticks_us_(batch_.count(), 0),
      last_gps_time_us_(batch_.count(), -1),
      first_(batch_.count(), 1) {}

Result<bool> BatchFlight::reset(std::span<const batch::VehicleVariation> variations,
                                std::span<const VehicleState> starts, std::span<const vayu_mode_t> modes,
                                const std::vector<std::pair<std::string, double>>& params) {
  if (modes.size() != 1 && modes.size() != count())
    return Error{"BatchFlight::reset: " + std::to_string(modes.size()) + " modes for " + std::to_string(count()) +
                 " vehicles (give one, or one each)"};
  if (starts.size() != 1 && starts.size() != count())
    return Error{"BatchFlight::reset: " + std::to_string(starts.size()) + " start states for " +
                 std::to_string(count()) + " vehicles (give one, or one each)"};
  std::vector<VehicleState> hovering(starts.begin(), starts.end());
  const double hover_duty = hoverDuty(model_);
  for (VehicleState& h : hovering)
    for (int i = 0; i < model_.rotor_count; ++i)
      h.rotor_speed_radps[std::size_t(i)] = hover_duty * model_.rotors[std::size_t(i)].max_speed_radps;
  auto r = batch_.reset(variations, hovering);
  if (!r) return r.error();
  for (std::size_t i = 0; i < count(); ++i) {
    initCore(cores_[i], model_);
    for (const auto& [name, value] : params)
      if (auto set = setParam(i, name, value); !set) return set.error();
    cores_[i].state.mode = modes[modes.size() == 1 ? 0 : i];
    next_sticks_us_[i] = 0;
    last_gps_time_us_[i] = -1;
    first_[i] = 1;
  }
  return true;
}

Result<bool> BatchFlight::setParam(std::size_t vehicle, const std::string& name, double value) {
  if (auto set = setCoreParams(cores_[vehicle], {{name, value}}); !set) return set.error();
  if (const char* problem = cores_[vehicle].config.allocation_problem)
    return Error{"parameter " + name + ": the allocation: " + problem};
  return true;
}

void BatchFlight::alignAtRest(std::size_t vehicle) {
  fc_t& fc = cores_[vehicle];
  const VehicleState state = batch_.state(vehicle);
  // At rest: no rate, no acceleration, gravity felt (the simulator's own sensor models).
  const Eigen::Matrix3d R_SB = model_.imu.R_BS.transpose();
  const Eigen::Vector3d zero = Eigen::Vector3d::Zero();
  const Eigen::Vector3d f_S = R_SB * specificForceAtImu_B(model_, state.q_WB, zero, zero, zero, true);
  const Eigen::Vector3d m_S = R_SB * (state.q_WB.conjugate() * model_.mag.field_NED_gauss);
  fc_sensors_t at_rest{};
  at_rest.accel_mps2 = {float(f_S.x()), float(f_S.y()), float(f_S.z())};
  at_rest.mag = {float(m_S.x()), float(m_S.y()), float(m_S.z())};
  const fc_params_t* p = &fc.config.params;
  const fc_sensors_t flight_axes = fc_stage_sensor_remap(p, &at_rest);
  fc_attitude_init(&fc.state.att, flight_axes.accel_mps2, flight_axes.mag, true,
                   fc_param(p, FC_PARAM_MAG_DECL_DEG) * FC_DEG2RAD);
}

void BatchFlight::stepVehicle(std::size_t i, const Sticks& sticks, const Observer& observe) {
  fc_t& fc = cores_[i];
  const SensorFrame f = batch_.frame(i);
  const bool first = first_[i] != 0;
  if (f.time_us >= next_sticks_us_[i]) {
    const fc_sticks_t s = sticks(i, f.time_us);
    fc_set_sticks(&fc, &s);
    next_sticks_us_[i] = f.time_us + kManualControlPeriodUs;
  }
  const fc_sensors_t s = coreSensors(f, Eigen::Vector3d::Zero(), first, last_gps_time_us_[i]);
  fc_step(&fc, &s);
  if (first) {  // armed from the first sample on, as flight_runner's airborne start
    const fc_sticks_t now = sticks(i, f.time_us);
    fc_set_sticks(&fc, &now);
    fc_arm(&fc, true, true);
    first_[i] = 0;
  }
  double duties[FC_MAX_MOTORS];
  for (int m = 0; m < model_.rotor_count; ++m) duties[m] = double(fc.state.out.duty[m]);
  batch_.setDuties(i, std::span<const double>(duties, std::size_t(model_.rotor_count)));
  if (observe) observe(i, f.time_us);
}

void BatchFlight::step(const Sticks& sticks, const Observer& observe) {
  batch_.advanceImuPeriod([&](std::size_t first_block, std::size_t end_block) {
    const std::size_t end = std::min(end_block * batch::kBlock, count());
    for (std::size_t i = first_block * batch::kBlock; i < end; ++i) stepVehicle(i, sticks, observe);
  });
}

}  // namespace vsim
