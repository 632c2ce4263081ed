#include "flight/scenario_file.h"

#include "sim/config/yaml_reader.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace vsim {
namespace {

std::optional<vayu_mode_t> modeFromName(const std::string& name) {
  if (name == "acro") return VAYU_MODE_ACRO;
  if (name == "angle") return VAYU_MODE_ANGLE;
  if (name == "alt_hold") return VAYU_MODE_ALT_HOLD;
  if (name == "position") return VAYU_MODE_POSITION;
  return std::nullopt;
}

vayu_mode_t readMode(const YamlReader& r, const std::string& key) {
  const auto m = modeFromName(r.text(key));
  if (!m) r.fail(key, "must be acro, angle, alt_hold or position, got '" + r.text(key) + "'");
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
  e.allowOnly({"t_s", "sticks", "arm", "mode", "manual_control", "wind_NED_mps", "turbulence_sigma_mps", "torque_B_Nm",
               "params"});
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
      std::stable_sort(s.timeline.begin(), s.timeline.end(),
                       [](const auto& a, const auto& b) { return a.t_s < b.t_s; });
    }
    return s;
  });
}

}  // namespace vsim
