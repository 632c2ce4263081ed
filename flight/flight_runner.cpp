#include "flight/flight_runner.h"

#include "sim/base/frames.h"
#include "sim/world/initial_state.h"
#include "sim/config/world_file.h"
#include "sim/config/yaml_reader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace vsim {
namespace {

constexpr std::int64_t kManualControlPeriodUs = 20'000;  // 50 Hz, as a ground station sends it

std::optional<vayu_mode_t> modeFromName(const std::string& name) {
  if (name == "acro") return VAYU_MODE_ACRO;
  if (name == "angle") return VAYU_MODE_ANGLE;
  if (name == "alt_hold") return VAYU_MODE_ALT_HOLD;
  return std::nullopt;
}

vayu_mode_t readMode(const YamlReader& r, const std::string& key) {
  const auto m = modeFromName(r.text(key));
  if (!m) r.fail(key, "must be acro, angle or alt_hold, got '" + r.text(key) + "'");
  return *m;
}

std::vector<std::pair<std::string, double>> readParams(const YamlReader& r) {
  std::vector<std::pair<std::string, double>> out;
  if (!r.node().IsMap()) r.fail("", "must be a mapping of parameter names to values");
  for (const auto& kv : r.node()) {
    const std::string name = kv.first.as<std::string>();
    if (fc_param_find(name.c_str()) < 0) r.fail(name, "unknown parameter");
    out.emplace_back(name, r.number(name));
  }
  return out;
}

ScenarioEvent readEvent(const YamlReader& e) {
  e.allowOnly({"t_s", "sticks", "arm", "mode", "manual_control", "wind_NED_mps", "turbulence_sigma_mps", "torque_B_Nm", "params"});
  ScenarioEvent ev;
  ev.t_s = e.number("t_s");
  if (ev.t_s < 0) e.fail("t_s", "must not be negative");
  if (e.has("sticks")) {
    const YamlReader s = e.child("sticks");
    s.allowOnly({"roll", "pitch", "yaw", "throttle"});
    fc_sticks_t st{float(s.number("roll", 0.0)), float(s.number("pitch", 0.0)), float(s.number("yaw", 0.0)),
                   float(s.number("throttle", 0.0))};
    for (const char* k : {"roll", "pitch", "yaw"})
      if (std::abs(s.number(k, 0.0)) > 1.0) s.fail(k, "must be within -1..1");
    if (st.throttle < 0 || st.throttle > 1) s.fail("throttle", "must be within 0..1");
    ev.sticks = st;
  }
  if (e.has("arm")) ev.arm = e.node()["arm"].as<bool>();
  if (e.has("mode")) ev.mode = readMode(e, "mode");
  if (e.has("manual_control")) ev.manual_control = e.node()["manual_control"].as<bool>();
  if (e.has("wind_NED_mps")) ev.wind_NED_mps = e.vector3("wind_NED_mps");
  if (e.has("turbulence_sigma_mps")) {
    ev.turbulence_sigma_mps = e.number("turbulence_sigma_mps");
    if (*ev.turbulence_sigma_mps < 0) e.fail("turbulence_sigma_mps", "must not be negative");
  }
  if (e.has("torque_B_Nm")) ev.torque_B_Nm = e.vector3("torque_B_Nm");
  if (e.has("params")) ev.params = readParams(e.child("params"));
  return ev;
}

}  // namespace

Result<Scenario> loadScenario(const std::string& path) {
  return readChecked<Scenario>(path, [&]() -> Result<Scenario> {
    const YamlReader r = YamlReader::loadFile(path);
    r.allowOnly({"duration_s", "mode", "world", "initial", "airborne", "gyro_bias_radps", "params", "timeline"});
    Scenario s;
    s.duration_s = r.positive("duration_s");
    if (r.has("mode")) s.mode = readMode(r, "mode");
    s.world = r.text("world", "ground");
    if (s.world != "ground" && s.world != "none" && std::filesystem::path(s.world).is_relative())
      s.world = (std::filesystem::path(path).parent_path() / s.world).string();
    if (r.has("initial")) {
      const YamlReader i = r.child("initial");
      i.allowOnly({"position_NED_m", "attitude_rpy_deg", "velocity_NED_mps", "rate_B_radps"});
      if (i.has("position_NED_m")) s.initial.p_W_m = i.vector3("position_NED_m");
      if (i.has("attitude_rpy_deg")) s.initial.attitude_rpy_deg = i.vector3("attitude_rpy_deg");
      s.initial.v_W_mps = i.vector3("velocity_NED_mps", Eigen::Vector3d::Zero());
      s.initial.omega_B_radps = i.vector3("rate_B_radps", Eigen::Vector3d::Zero());
    }
    if (r.has("airborne")) s.airborne = r.node()["airborne"].as<bool>();
    s.gyro_bias_radps = r.vector3("gyro_bias_radps", Eigen::Vector3d::Zero());
    if (r.has("params")) s.params = readParams(r.child("params"));
    if (r.has("timeline")) {
      const YamlReader t = r.child("timeline");
      const std::size_t n = t.sequenceSize();
      for (std::size_t i = 0; i < n; ++i) s.timeline.push_back(readEvent(t.item(i)));
      std::stable_sort(s.timeline.begin(), s.timeline.end(), [](const auto& a, const auto& b) { return a.t_s < b.t_s; });
    }
    return s;
  });
}

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
  const fc_mixer_table_t mixer = mixerFromModel(model);
  fc_init(&fc, &mixer);
  auto setParams = [&](const std::vector<std::pair<std::string, double>>& params) -> std::optional<Error> {
    for (const auto& [name, value] : params) {
      const fc_param_result_t r = fc_param_set(&fc.config.params, fc_param_find(name.c_str()), float(value));
      if (r != FC_PARAM_OK) return Error{"parameter " + name + ": " + fc_param_result_text(r)};
    }
    return std::nullopt;
  };
  // The hover thrust of this airframe, as a tuned vehicle would have it, unless the scenario says.
  fc_param_set(&fc.config.params, FC_PARAM_HOVER_THRUST, float(hover_duty * hover_duty));
  if (auto e = setParams(scenario.params)) return *e;
  fc.state.mode = scenario.mode;

  fc_sticks_t sticks{0, 0, 0, 0};
  if (scenario.airborne) sticks.throttle = float(scenario.mode == VAYU_MODE_ALT_HOLD ? 0.5 : hover_duty * hover_duty);
  bool manual_control = true;
  std::int64_t next_manual_us = 0;
  std::size_t next_event = 0;
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
    fc_sensors_t s{};
    s.time_us = std::uint64_t(f.time_us);
    const Eigen::Vector3d gyro = f.imu.gyro_S_radps + scenario.gyro_bias_radps;
    s.gyro_radps = {float(gyro.x()), float(gyro.y()), float(gyro.z())};
    s.accel_mps2 = {float(f.imu.accel_S_mps2.x()), float(f.imu.accel_S_mps2.y()), float(f.imu.accel_S_mps2.z())};
    s.mag = {float(f.mag.field_S_gauss.x()), float(f.mag.field_S_gauss.y()), float(f.mag.field_S_gauss.z())};
    s.baro_alt_m = float(f.baro.altitude_m);
    s.mag_valid = s.baro_valid = true;
    s.reset = k == 0;
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
    on_sample(sample);
    if (k < periods) sim.advanceImuPeriod();
  }
  return sim.counters();
}

}  // namespace vsim
