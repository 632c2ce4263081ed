#include "flight/tune/search_start.h"

#include "flight/flight_runner.h"

#include <algorithm>
#include <cmath>

namespace vsim::tune {

double accelerationFeedforwardOf(const VehicleModel& model) {
  fc_t fc;
  initCore(fc, model);
  constexpr float kThrust = 0.5f, kCommand = 0.05f;  // mid thrust, a command the mixer fits
  float level[FC_MAX_MOTORS], turned[FC_MAX_MOTORS];
  fc_mix(&fc.config.mixer, kThrust, 0.0f, 0.0f, 0.0f, level);
  double product = 1.0;
  for (int axis = 0; axis < 2; ++axis) {
    fc_mix(&fc.config.mixer, kThrust, axis == 0 ? kCommand : 0.0f, axis == 1 ? kCommand : 0.0f, 0.0f, turned);
    Eigen::Vector3d torque_Nm = Eigen::Vector3d::Zero();
    for (int i = 0; i < model.rotor_count && i < FC_MAX_MOTORS; ++i) {
      const RotorModel& r = model.rotors[std::size_t(i)];
      const double max_thrust_N = r.k_f_N_per_radps2 * r.bias * r.max_speed_radps * r.max_speed_radps;
      const double change_N = double(turned[i] - level[i]) * max_thrust_N;
      torque_Nm += r.position_B_m.cross(change_N * r.axis_B);
    }
    const double per_unit_Nm = torque_Nm.norm() / double(kCommand);
    if (!(per_unit_Nm > 0.0) || !std::isfinite(per_unit_Nm)) return 0.0;
    const Eigen::Vector3d u = torque_Nm.normalized();
    product *= u.dot(model.inertia_kgm2 * u) / per_unit_Nm;
  }
  return std::sqrt(product);
}

ParamList searchStart(const ParamList& values, const VehicleModel& model, const std::vector<std::string>& searched) {
  ParamList out = values;
  for (auto& [name, value] : out) {
    if (value > 0.0 || std::find(searched.begin(), searched.end(), name) == searched.end()) continue;
    if (name == "ANG_RP_TC")
      value = kShapingStartS;
    else if (name == "RATE_RP_FF")
      value = double(float(accelerationFeedforwardOf(model)));
  }
  return out;
}

}  // namespace vsim::tune
