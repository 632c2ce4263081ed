#include "flight/tools/flight_ulog.h"

#include <cstring>

namespace vsim::tools {

namespace ul = navigator::ulog;

ul::VehicleAttitude attitudeOf(std::uint64_t t_us, const fc_t& fc) {
  ul::VehicleAttitude m{};
  m.timestamp = m.timestamp_sample = t_us;
  const fc_quat_t& q = fc.state.att.q_WB;
  m.q[0] = q.w;
  m.q[1] = q.x;
  m.q[2] = q.y;
  m.q[3] = q.z;
  return m;
}

ul::VehicleLocalPosition localPositionOf(std::uint64_t t_us, const fc_t& fc) {
  ul::VehicleLocalPosition m{};  // Vayu estimates height and climb only: x, y and v_xy are not valid
  m.timestamp = m.timestamp_sample = t_us;
  m.z_valid = m.v_z_valid = true;
  m.z = -fc.state.height.height_m;
  m.vz = -fc.state.height.climb_mps;
  m.heading = fc_quat_to_euler(fc.state.att.q_WB).z;
  return m;
}

ul::VehicleAttitudeSetpoint attitudeSetpointOf(std::uint64_t t_us, const fc_t& fc) {
  ul::VehicleAttitudeSetpoint m{};
  m.timestamp = t_us;
  const fc_quat_t& q = fc.state.out.q_sp_WB;
  const fc_vec3_t rpy = fc_quat_to_euler(q);
  m.roll_body = rpy.x;
  m.pitch_body = rpy.y;
  m.yaw_body = rpy.z;
  m.q_d[0] = q.w;
  m.q_d[1] = q.x;
  m.q_d[2] = q.y;
  m.q_d[3] = q.z;
  m.thrust_body[2] = -fc.state.out.thrust_sp;  // PX4: normalised thrust along body z, negative up
  return m;
}

ul::VehicleRatesSetpoint ratesSetpointOf(std::uint64_t t_us, const fc_t& fc) {
  ul::VehicleRatesSetpoint m{};
  m.timestamp = t_us;
  m.roll = fc.state.out.rate_sp_B.x;
  m.pitch = fc.state.out.rate_sp_B.y;
  m.yaw = fc.state.out.rate_sp_B.z;
  m.thrust_body[2] = -fc.state.out.thrust_sp;
  return m;
}

ul::EstimatorSensorBias sensorBiasOf(std::uint64_t t_us, const fc_t& fc) {
  ul::EstimatorSensorBias m{};
  m.timestamp = t_us;
  m.gyro_bias[0] = fc.state.att.gyro_bias_B.x;
  m.gyro_bias[1] = fc.state.att.gyro_bias_B.y;
  m.gyro_bias[2] = fc.state.att.gyro_bias_B.z;
  return m;
}

ul::VehicleStatus statusOf(std::uint64_t t_us, const fc_t& fc) {
  return ul::vehicleStatusOf(t_us, fc.state.armed, std::uint32_t(fc.state.mode), fc.state.failsafe);
}

bool FlightUlog::write(const FlightSample& s) {
  if (error_) return false;
  if (s.sim == nullptr || s.fc == nullptr) return false;
  const std::uint64_t t_us = std::uint64_t(s.sim->frame().time_us);
  if (!log_) {
    identity_.start_us = t_us;
    identity_.float_params.clear();
    identity_.int_params.clear();
    for (int id = 0; id < FC_PARAM_COUNT; ++id) {
      const fc_param_info_t* info = fc_param_info(id);
      const float v = s.fc->config.params.value[id];
      if (info->type == FC_PARAM_TYPE_INT)
        identity_.int_params.emplace_back(info->name, std::int32_t(v));
      else
        identity_.float_params.emplace_back(info->name, v);
    }
    ul::RecorderOptions options;
    options.wait_when_full = true;  // a scripted flight runs faster than the clock: keep every message
    auto created = ul::FlightLog::create(path_, identity_, options);
    if (!created) {
      error_ = created.error();
      return false;
    }
    log_ = std::move(created).value();
  }
  ul::FlightLog& log = *log_;
  sim_logger_.write(log, t_us, *s.sim);
  log.write(attitudeOf(t_us, *s.fc));
  log.write(localPositionOf(t_us, *s.fc));
  log.write(attitudeSetpointOf(t_us, *s.fc));
  log.write(ratesSetpointOf(t_us, *s.fc));
  log.write(sensorBiasOf(t_us, *s.fc));
  const ul::VehicleStatus status = statusOf(t_us, *s.fc);
  if (!last_status_ || last_status_->arming_state != status.arming_state ||
      last_status_->vayu_mode != status.vayu_mode || last_status_->failsafe != status.failsafe) {
    log.write(status);
    if (last_status_ && last_status_->arming_state != status.arming_state)
      log.log(ul::LogLevel::Info, t_us, status.arming_state == ul::kArmingStateArmed ? "Armed" : "Disarmed");
    if (!last_status_ || last_status_->vayu_mode != status.vayu_mode)
      log.log(ul::LogLevel::Info, t_us, std::string("Mode ") + vayu_mode_name(vayu_mode_t(status.vayu_mode)));
    if (last_status_ && status.failsafe && !last_status_->failsafe)
      log.log(ul::LogLevel::Warning, t_us, "Failsafe: pilot input lost");
    last_status_ = status;
  }
  return true;
}

Result<bool> FlightUlog::close() {
  if (error_) return *error_;
  if (!log_) return Error{path_ + ": nothing was flown, no log written"};
  return log_->close();
}

}  // namespace vsim::tools
