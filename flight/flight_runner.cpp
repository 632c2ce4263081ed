#include "flight/flight_runner.h"

#include "flight/core_sensors.h"

#include "sim/base/frames.h"
#include "sim/world/initial_state.h"
#include "sim/config/world_file.h"
#include "sim/config/yaml_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numbers>

namespace vsim {
fc_mixer_table_t mixerFromModel(const VehicleModel& model) {
  fc_mixer_table_t t{};
  t.motor_count = std::min(model.rotor_count, int(FC_MAX_MOTORS));
  double max_x = 1e-9, max_y = 1e-9;
  for (int i = 0; i < t.motor_count; ++i) {
    max_x = std::max(max_x, std::abs(model.rotors[i].position_B_m.x()));
    max_y = std::max(max_y, std::abs(model.rotors[i].position_B_m.y()));
  }
  for (int i = 0; i < t.motor_count; ++i) {
    const RotorModel& r = model.rotors[i];
    t.roll[i] = float(-r.position_B_m.y() / max_y);
    t.pitch[i] = float(r.position_B_m.x() / max_x);
    // A rotor spinning counter-clockwise seen from above pushes the body clockwise: +yaw.
    // (reaction torque −spin·k_q·ω²·axis, DESIGN.md §3: its body-z part is −spin·axis_z).
    t.yaw[i] = -r.spin * r.axis_B.z() > 0 ? 1.0f : -1.0f;
    t.thrust[i] = 1.0f;
  }
  return t;
}

Result<bool> checkMixerCanFly(const VehicleModel& model) {
  const std::string who = model.name.empty() ? std::string("the airframe") : model.name;
  if (model.rotor_count != 4)
    return Error{who + " has " + std::to_string(model.rotor_count) +
                 " rotors; the flight core's mixer (MIXER 0) flies a quad X of 4"};
  const fc_mixer_table_t t = mixerFromModel(model);
  bool roll_pos = false, roll_neg = false, pitch_pos = false, pitch_neg = false, yaw_pos = false, yaw_neg = false;
  for (int i = 0; i < 4; ++i) {
    const RotorModel& r = model.rotors[std::size_t(i)];
    const std::string rotor = "rotor " + std::to_string(i);
    if (!(r.axis_B.z() <= -std::cos(30.0 * std::numbers::pi / 180.0))) {
      char axis[96];
      std::snprintf(axis, sizeof axis, "(%.3g, %.3g, %.3g)", r.axis_B.x(), r.axis_B.y(), r.axis_B.z());
      return Error{who + ": " + rotor + " thrusts along " + axis +
                   "; the flight core's mixer needs every rotor within 30° of body −z (up)"};
    }
    if (!(r.k_q_Nm_per_radps2 > 0.0))
      return Error{who + ": " + rotor + " has no reaction torque (k_q 0); the flight core yaws by reaction torque"};
    roll_pos |= t.roll[i] > 0.1f, roll_neg |= t.roll[i] < -0.1f;
    pitch_pos |= t.pitch[i] > 0.1f, pitch_neg |= t.pitch[i] < -0.1f;
    yaw_pos |= t.yaw[i] > 0.0f, yaw_neg |= t.yaw[i] < 0.0f;
  }
  if (!(roll_pos && roll_neg)) return Error{who + ": no rotors on both sides of body x; the mixer cannot roll it"};
  if (!(pitch_pos && pitch_neg)) return Error{who + ": no rotors on both sides of body y; the mixer cannot pitch it"};
  if (!(yaw_pos && yaw_neg)) return Error{who + ": every rotor spins the same way; the mixer cannot yaw it"};
  return true;
}

void initCore(fc_t& fc, const VehicleModel& model) {
  const fc_mixer_table_t mixer = mixerFromModel(model);
  fc_init(&fc, &mixer);
  // The hover thrust of this airframe, as a tuned vehicle would have it, and the declination of
  // the simulated field, as a vehicle set up for its home would have it.
  const double hover_duty = hoverDuty(model);
  fc_param_set(&fc.config.params, FC_PARAM_HOVER_THRUST, float(hover_duty * hover_duty));
  fc_param_set(&fc.config.params, FC_PARAM_MAG_DECL_DEG, float(model.mag.declination_deg()));
}

Result<SimulatorCounters> runScenario(const VehicleModel& model, const Scenario& scenario, std::uint64_t seed,
                                      const std::function<void(const FlightSample&)>& on_sample) {
  SimulatorConfig config;
  if (scenario.world == "ground") {
    config.world = World{};
  } else if (scenario.world != "none") {
    auto w = loadWorld(scenario.world);
    if (!w) return w.error();
    config.world = std::move(w).value();
  }
  auto created = Simulator::create(model, config);
  if (!created) return created.error();
  Simulator& sim = created.value();

  VehicleState start = initialState(model, config.world, scenario.initial);
  const double hover_duty = hoverDuty(model);
  if (scenario.airborne)
    for (int i = 0; i < model.rotor_count; ++i) start.rotor_speed_radps[i] = hover_duty * model.rotors[i].max_speed_radps;
  sim.reset(seed, start);

  fc_t fc{};
  initCore(fc, model);
  auto setParams = [&](const std::vector<std::pair<std::string, double>>& params) -> std::optional<Error> {
    for (const auto& [name, value] : params) {
      const fc_param_result_t r = fc_param_set(&fc.config.params, fc_param_find(name.c_str()), float(value));
      if (r != FC_PARAM_OK) return Error{"parameter " + name + ": " + fc_param_result_text(r)};
    }
    return std::nullopt;
  };
  if (auto e = setParams(scenario.params)) return *e;
  fc.state.mode = scenario.mode;

  fc_sticks_t sticks{0, 0, 0, 0};
  if (scenario.airborne) sticks.throttle = float(scenario.mode == VAYU_MODE_ALT_HOLD ? 0.5 : hover_duty * hover_duty);
  bool manual_control = true;
  std::int64_t next_manual_us = 0;
  std::size_t next_event = 0;
  std::int64_t last_gps_time_us = -1;
  WindSettings wind = config.wind;
  const std::int64_t periods = std::llround(scenario.duration_s * 1e9 / double(sim.imuPeriodNs()));
  FlightSample sample;
  sample.duty.resize(std::size_t(model.rotor_count));
  sample.raw_duty.resize(std::size_t(model.rotor_count));

  for (std::int64_t k = 0; k <= periods; ++k) {
    const SensorFrame& f = sim.frame();
    const double t_s = double(f.time_us) * 1e-6;
    while (next_event < scenario.timeline.size() && scenario.timeline[next_event].t_s <= t_s + 1e-9) {
      const ScenarioEvent& ev = scenario.timeline[next_event++];
      if (ev.sticks) sticks = *ev.sticks;
      if (ev.manual_control) manual_control = *ev.manual_control;
      if (ev.mode) fc_set_mode(&fc, *ev.mode);
      if (ev.arm) fc_arm(&fc, *ev.arm, false);
      if (ev.wind_NED_mps) wind.steady_NED_mps = *ev.wind_NED_mps;
      if (ev.turbulence_sigma_mps) wind.turbulence_sigma_mps = *ev.turbulence_sigma_mps;
      if (ev.wind_NED_mps || ev.turbulence_sigma_mps) sim.setWind(wind);
      if (ev.torque_B_Nm) sim.setDisturbanceTorque(*ev.torque_B_Nm);
      if (auto e = setParams(ev.params)) return *e;
    }
    if (manual_control && f.time_us >= next_manual_us) {
      fc_set_sticks(&fc, &sticks);
      next_manual_us = f.time_us + kManualControlPeriodUs;
    }
    const fc_sensors_t s = coreSensors(f, scenario.gyro_bias_radps, k == 0, last_gps_time_us);
    fc_step(&fc, &s);
    if (k == 0 && scenario.airborne) {  // armed from the first sample on (its own output: motors off for 1 ms)
      fc_set_sticks(&fc, &sticks);
      fc_arm(&fc, true, true);
    }
    std::vector<double> duties(std::size_t(model.rotor_count));
    for (int i = 0; i < model.rotor_count; ++i) {
      sample.raw_duty[std::size_t(i)] = fc.state.out.duty[i];
      duties[std::size_t(i)] = double(fc.state.out.duty[i]);
    }
    sim.setDuties(duties);

    sample.t_s = t_s;
    sample.truth = sim.state();
    const frames::EulerAngles truth = frames::eulerFromQuaternion(sim.state().q_WB);
    sample.truth_rpy_rad = {truth.roll_rad, truth.pitch_rad, truth.yaw_rad};
    const fc_vec3_t est = fc_quat_to_euler(fc.state.att.q_WB), sp = fc_quat_to_euler(fc.state.out.q_sp_WB);
    sample.estimate_rpy_rad = {est.x, est.y, est.z};
    sample.setpoint_rpy_rad = {sp.x, sp.y, sp.z};
    sample.rate_sp_B_radps = {fc.state.out.rate_sp_B.x, fc.state.out.rate_sp_B.y, fc.state.out.rate_sp_B.z};
    sample.est_gyro_bias_radps = {fc.state.att.gyro_bias_B.x, fc.state.att.gyro_bias_B.y, fc.state.att.gyro_bias_B.z};
    sample.est_height_m = fc.state.height.height_m;
    sample.est_climb_mps = fc.state.height.climb_mps;
    sample.thrust_sp = fc.state.out.thrust_sp;
    sample.mode = fc.state.mode;
    sample.armed = fc.state.armed;
    sample.failsafe = fc.state.failsafe;
    sample.duty = duties;
    sample.sim = &sim;
    sample.fc = &fc;
    on_sample(sample);
    if (k < periods) sim.advanceImuPeriod();
  }
  return sim.counters();
}

}  // namespace vsim
