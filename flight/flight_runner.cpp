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
#include <optional>

namespace vsim {
std::vector<std::pair<std::string, double>> geometryParams(const VehicleModel& model) {
  std::vector<std::pair<std::string, double>> out;
  out.push_back({"VEH_UP", double(std::max(0, vehicleUp(model)))});
  out.push_back({"CA_ROTOR_COUNT", double(model.rotor_count)});
  const char* suffix[FC_ROTOR_PARAM_COUNT] = {"PX", "PY", "PZ", "AX", "AY", "AZ", "KM"};
  for (int i = 0; i < std::min(model.rotor_count, int(FC_MAX_MOTORS)); ++i) {
    const RotorModel& r = model.rotors[std::size_t(i)];
    const double km = r.k_f_N_per_radps2 > 0.0 ? r.spin * r.k_q_Nm_per_radps2 / r.k_f_N_per_radps2 : 0.0;
    const double values[FC_ROTOR_PARAM_COUNT] = {
        r.position_B_m.x(), r.position_B_m.y(), r.position_B_m.z(), r.axis_B.x(), r.axis_B.y(), r.axis_B.z(), km};
    for (int k = 0; k < FC_ROTOR_PARAM_COUNT; ++k)
      out.push_back({"CA_ROTOR" + std::to_string(i) + "_" + suffix[k], values[k]});
  }
  out.push_back({"MIXER", 1.0});
  return out;
}

std::vector<std::pair<std::string, double>> airframeParams(const VehicleModel& model) {
  std::vector<std::pair<std::string, double>> out = {
      {"GYRO_RANGE_DPS", std::min(4000.0, model.imu.gyro_range_radps * 180.0 / std::numbers::pi)},
      {"STICK_MAP", double(model.stick_map)}};
  // The thrust that hovers it, as a tuned vehicle has it (the firmware learns it in ALT_HOLD
  // from its 0.4 default; the lander, lander_004, needs 0.63 and, started from 0.4 in the station,
  // climbed at 0.3 m/s on a full stick and sank when it was centred).
  const double hover_duty = hoverDuty(model);
  out.push_back({"HOVER_THRUST", hover_duty * hover_duty});
  out.insert(out.end(), model.firmware_params.begin(), model.firmware_params.end());
  return out;
}

Result<bool> setCoreParams(fc_t& fc, const std::vector<std::pair<std::string, double>>& params) {
  for (const auto& [name, value] : params) {
    const fc_param_result_t r = fc_set_param(&fc, fc_param_find(name.c_str()), float(value));
    if (r != FC_PARAM_OK) return Error{"parameter " + name + ": " + fc_param_result_text(r)};
  }
  return true;
}

int vehicleUp(const VehicleModel& model) {
  const Eigen::Vector3d up_B = model.rest_attitude_WB.conjugate() * Eigen::Vector3d(0, 0, -1);
  const double within = std::cos(10.0 * std::numbers::pi / 180.0);
  if (up_B.dot(Eigen::Vector3d(0, 0, -1)) > within) return 0;
  if (up_B.dot(Eigen::Vector3d(1, 0, 0)) > within) return 1;
  return -1;
}

Eigen::Quaterniond flightAxes_BF(const VehicleModel& model) {
  if (vehicleUp(model) != 1) return Eigen::Quaterniond::Identity();
  // v_F = (v_B.z, v_B.y, −v_B.x) (flight_axes.h): R_BF's columns are the flight axes in the body.
  Eigen::Matrix3d R_BF;
  R_BF << 0, 0, -1, 0, 1, 0, 1, 0, 0;
  return Eigen::Quaterniond(R_BF);
}

Result<bool> checkAllocation(const VehicleModel& model) {
  const std::string who = model.name.empty() ? std::string("the airframe") : model.name;
  if (vehicleUp(model) < 0)
    return Error{who + ": up at launch is neither body −z nor body +x; the flight core flies those two (VEH_UP)"};
  if (model.rotor_count < 4 || model.rotor_count > int(FC_MAX_MOTORS))
    return Error{who + " has " + std::to_string(model.rotor_count) + " rotors; the flight core allocates 4 to " +
                 std::to_string(int(FC_MAX_MOTORS))};
  auto max_thrust = [](const RotorModel& r) { return r.k_f_N_per_radps2 * r.max_speed_radps * r.max_speed_radps; };
  for (int i = 1; i < model.rotor_count; ++i)
    if (std::abs(max_thrust(model.rotors[std::size_t(i)]) / max_thrust(model.rotors[0]) - 1.0) > 0.01)
      return Error{who + ": rotor " + std::to_string(i) +
                   " has another maximum thrust than rotor 0; the flight core's "
                   "motor outputs are fractions of one maximum"};
  fc_t fc;
  fc_mixer_table_t quad_x;
  fc_mixer_quad_x(&quad_x);
  fc_init(&fc, &quad_x);
  if (auto refused = setCoreParams(fc, geometryParams(model)); !refused)
    return Error{who + ": the rotor geometry: " + refused.error().message};
  if (const char* problem = fc.config.allocation_problem)
    return Error{who + ": the flight core cannot allocate its rotors: " + problem};
  if (auto refused = setCoreParams(fc, airframeParams(model)); !refused)
    return Error{who + ": firmware_params: " + refused.error().message};
  if (const char* problem = fc.config.allocation_problem)
    return Error{who + ": firmware_params: the allocation: " + problem};
  return true;
}

void initCore(fc_t& fc, const VehicleModel& model) {
  fc_mixer_table_t quad_x;
  fc_mixer_quad_x(&quad_x);
  fc_init(&fc, &quad_x);
  (void)setCoreParams(fc, geometryParams(model));  // checkAllocation refuses what does not apply
  // The declination of the simulated field, as a vehicle set up for its home would have it.
  fc_param_set(&fc.config.params, FC_PARAM_MAG_DECL_DEG, float(model.mag.declination_deg()));
  (void)setCoreParams(fc, airframeParams(model));  // its hover thrust, then the file's own settings
}

namespace {

// The simulator's configuration for a scenario: its world (none, flat ground, or a world file).
Result<SimulatorConfig> scenarioConfig(const Scenario& scenario) {
  SimulatorConfig config;
  if (scenario.world == "ground") {
    config.world = World{};
  } else if (scenario.world != "none") {
    auto w = loadWorld(scenario.world);
    if (!w) return w.error();
    config.world = std::move(w).value();
  }
  return config;
}

// Sets the core's parameters from a scenario or one of its events; what the core refused, or
// why it cannot allocate its rotors with them.
std::optional<Error> setScenarioParams(fc_t& fc, const std::vector<std::pair<std::string, double>>& params) {
  if (auto set = setCoreParams(fc, params); !set) return set.error();
  if (const char* problem = fc.config.allocation_problem)
    return Error{std::string("parameters: the allocation: ") + problem};
  return std::nullopt;
}

// What the scenario's pilot and weather are at a time: the sticks, whether they are sent, the wind.
struct ScenarioPilot {
  fc_sticks_t sticks{0, 0, 0, 0};
  bool manual_control = true;
  WindSettings wind;
};

// One event of the timeline, applied to the core, the simulator and the pilot.
std::optional<Error> applyEvent(const ScenarioEvent& ev, fc_t& fc, Simulator& sim, ScenarioPilot& pilot) {
  if (ev.sticks) pilot.sticks = *ev.sticks;
  if (ev.manual_control) pilot.manual_control = *ev.manual_control;
  if (ev.mode) fc_set_mode(&fc, *ev.mode);
  if (ev.arm) fc_arm(&fc, *ev.arm, false);
  if (ev.wind_NED_mps) pilot.wind.steady_NED_mps = *ev.wind_NED_mps;
  if (ev.turbulence_sigma_mps) pilot.wind.turbulence_sigma_mps = *ev.turbulence_sigma_mps;
  if (ev.wind_NED_mps || ev.turbulence_sigma_mps) sim.setWind(pilot.wind);
  if (ev.torque_B_Nm) sim.setDisturbanceTorque(*ev.torque_B_Nm);
  return setScenarioParams(fc, ev.params);
}

// The sample of one period once the duties are set: the truth, the core's estimate, setpoints
// and outputs.
void fillSample(FlightSample& sample, const Simulator& sim, const fc_t& fc, const Eigen::Quaterniond& q_BF, double t_s,
                const std::vector<double>& duties) {
  sample.t_s = t_s;
  sample.truth = sim.state();
  const frames::EulerAngles truth = frames::eulerFromQuaternion(sim.state().q_WB * q_BF);  // in the flight axes
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
}

}  // namespace

Result<SimulatorCounters> runScenario(const VehicleModel& model, const Scenario& scenario, std::uint64_t seed,
                                      const std::function<void(const FlightSample&)>& on_sample, SensorPath sensors,
                                      std::string* chips_summary) {
  auto configured = scenarioConfig(scenario);
  if (!configured) return configured.error();
  const SimulatorConfig& config = *configured;
  auto created = Simulator::create(model, config);
  if (!created) return created.error();
  Simulator& sim = created.value();

  VehicleState start = initialState(model, config.world, scenario.initial);
  const double hover_duty = hoverDuty(model);
  if (scenario.airborne)
    for (int i = 0; i < model.rotor_count; ++i)
      start.rotor_speed_radps[i] = hover_duty * model.rotors[i].max_speed_radps;
  sim.reset(seed, start);
  std::unique_ptr<ChipSensorsPath> chips;
  if (sensors == SensorPath::Chips) {
    auto created_chips = ChipSensorsPath::create(model, sim.imuPeriodNs());
    if (!created_chips) return created_chips.error();
    chips = std::move(created_chips).value();
  }

  fc_t fc{};
  initCore(fc, model);
  if (auto e = setScenarioParams(fc, scenario.params)) return *e;
  fc.state.mode = scenario.mode;

  ScenarioPilot pilot;
  if (scenario.airborne)
    pilot.sticks.throttle = float(vayu_mode_climb_rate_throttle(scenario.mode) ? 0.5 : hover_duty * hover_duty);
  pilot.wind = config.wind;
  std::int64_t next_manual_us = 0;
  std::size_t next_event = 0;
  std::int64_t last_gps_time_us = -1;
  const Eigen::Quaterniond q_BF = flightAxes_BF(model);
  const std::int64_t periods = std::llround(scenario.duration_s * 1e9 / double(sim.imuPeriodNs()));
  FlightSample sample;
  sample.duty.resize(std::size_t(model.rotor_count));
  sample.raw_duty.resize(std::size_t(model.rotor_count));

  for (std::int64_t k = 0; k <= periods; ++k) {
    const SensorFrame& f = sim.frame();
    const double t_s = double(f.time_us) * 1e-6;
    while (next_event < scenario.timeline.size() && scenario.timeline[next_event].t_s <= t_s + 1e-9)
      if (auto e = applyEvent(scenario.timeline[next_event++], fc, sim, pilot)) return *e;
    if (pilot.manual_control && f.time_us >= next_manual_us) {
      fc_set_sticks(&fc, &pilot.sticks);
      next_manual_us = f.time_us + kManualControlPeriodUs;
    }
    fc_sensors_t s = coreSensors(f, scenario.gyro_bias_radps, k == 0, last_gps_time_us);
    if (chips) s = chips->sensors(f, scenario.gyro_bias_radps, s);
    fc_step(&fc, &s);
    if (k == 0 && scenario.airborne) {  // armed from the first sample on (its own output: motors off for 1 ms)
      fc_set_sticks(&fc, &pilot.sticks);
      fc_arm(&fc, true, true);
    }
    std::vector<double> duties(std::size_t(model.rotor_count));
    for (int i = 0; i < model.rotor_count; ++i) {
      sample.raw_duty[std::size_t(i)] = fc.state.out.duty[i];
      duties[std::size_t(i)] = double(fc.state.out.duty[i]);
    }
    sim.setDuties(duties);
    fillSample(sample, sim, fc, q_BF, t_s, duties);
    sample.sim = &sim;
    sample.fc = &fc;
    on_sample(sample);
    if (k < periods) sim.advanceImuPeriod();
  }
  if (chips && chips_summary) *chips_summary = chips->summary();
  return sim.counters();
}

}  // namespace vsim
