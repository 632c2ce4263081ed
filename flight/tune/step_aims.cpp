#include "flight/tune/step_aims.h"

#include "flight/flight_runner.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numbers>

namespace vsim::tune {

double settlingFloorS(double step_rad, double band_rad, double accel_radps2, double lag_s, double delay_s) {
  if (!(accel_radps2 > 0.0) || !std::isfinite(accel_radps2)) return std::numeric_limits<double>::infinity();
  const double turn_s = 2.0 * std::sqrt(step_rad / accel_radps2);
  if (!(lag_s > 0.0)) return delay_s + turn_s;
  const double shortfall = 1.0 - std::exp(-turn_s / (2.0 * lag_s));
  const double residual_rad = accel_radps2 * lag_s * lag_s * shortfall * shortfall;
  return delay_s + turn_s + lag_s * std::max(0.0, std::log(residual_rad / band_rad));
}

AxisReach axisReachOf(const VehicleModel& model, int axis) {
  fc_t fc;
  initCore(fc, model);
  constexpr float kThrust = 0.5f, kCommand = 0.05f;  // a command the mixer fits without clipping
  float level[FC_MAX_MOTORS], turned[FC_MAX_MOTORS];
  fc_mix(&fc.config.mixer, kThrust, 0.0f, 0.0f, 0.0f, level);
  fc_mix(&fc.config.mixer, kThrust, axis == 0 ? kCommand : 0.0f, axis == 1 ? kCommand : 0.0f, 0.0f, turned);
  const int n = std::min(model.rotor_count, int(FC_MAX_MOTORS));
  double lift_per_thrust = 0.0;  // Σ of each rotor's upward share of its thrust
  for (int i = 0; i < n; ++i) lift_per_thrust += std::max(0.0, -model.rotors[std::size_t(i)].axis_B.z());
  const double hover_N = lift_per_thrust > 0.0 ? model.mass_kg * model.gravity_mps2 / lift_per_thrust : 0.0;
  Eigen::Vector3d torque_per_unit_Nm = Eigen::Vector3d::Zero();
  double command_max = std::numeric_limits<double>::infinity(), lag_sum_s = 0.0;
  for (int i = 0; i < n; ++i) {
    const RotorModel& r = model.rotors[std::size_t(i)];
    const double max_thrust_N = r.k_f_N_per_radps2 * r.bias * r.max_speed_radps * r.max_speed_radps;
    const double per_unit = double(turned[i] - level[i]) / double(kCommand);  // of full thrust
    torque_per_unit_Nm += r.position_B_m.cross(per_unit * max_thrust_N * r.axis_B);
    const double hover = max_thrust_N > 0.0 ? std::min(1.0, hover_N / max_thrust_N) : 1.0;
    if (std::abs(per_unit) > 1e-9)
      command_max = std::min(command_max, (per_unit > 0 ? 1.0 - hover : hover) / std::abs(per_unit));
    lag_sum_s += 0.5 * (r.spin_up_s + r.spin_down_s);
  }
  AxisReach out;
  out.lag_s = n > 0 ? lag_sum_s / n : 0.0;
  out.delay_s = 1.5 * kControlPeriodS;
  const double per_unit_Nm = torque_per_unit_Nm.norm();
  if (per_unit_Nm > 0.0 && std::isfinite(command_max)) {
    const Eigen::Vector3d u = torque_per_unit_Nm / per_unit_Nm;
    out.inertia_kgm2 = u.dot(model.inertia_kgm2 * u);
    out.torque_Nm = per_unit_Nm * command_max;
    out.accel_radps2 = out.inertia_kgm2 > 0.0 ? out.torque_Nm / out.inertia_kgm2 : 0.0;
  }
  const double step_rad = kStepDeg * std::numbers::pi / 180.0, band_rad = kStepBandDeg * std::numbers::pi / 180.0;
  out.turn_s =
      out.accel_radps2 > 0.0 ? 2.0 * std::sqrt(step_rad / out.accel_radps2) : std::numeric_limits<double>::infinity();
  out.floor_s = settlingFloorS(step_rad, band_rad, out.accel_radps2, out.lag_s, out.delay_s);
  return out;
}

StepAims stepAimsOf(const VehicleModel& model) {
  StepAims aims;
  aims.roll = axisReachOf(model, 0);
  aims.pitch = axisReachOf(model, 1);
  const AxisReach& slower = aims.roll.floor_s >= aims.pitch.floor_s ? aims.roll : aims.pitch;
  const char* slower_name = &slower == &aims.roll ? "roll" : "pitch";
  const double derived_s = kSettlingMargin * slower.floor_s;
  char text[400];
  if (std::isfinite(derived_s) && derived_s > kStandingSettlingS) {
    aims.settling_s = derived_s;
    std::snprintf(text, sizeof text,
                  "from the airframe: %.2f × the %s floor %.3f s (torque %.2f N·m / inertia %.4f kg·m² = %.0f rad/s², "
                  "motor lag %.0f ms, loop %.1f ms)",
                  kSettlingMargin, slower_name, slower.floor_s, slower.torque_Nm, slower.inertia_kgm2,
                  slower.accel_radps2, 1e3 * slower.lag_s, 1e3 * slower.delay_s);
  } else {
    std::snprintf(text, sizeof text,
                  "the standing %.2f s (the airframe reaches it: %.2f × its %s floor %.3f s = %.3f s)",
                  kStandingSettlingS, kSettlingMargin, slower_name, slower.floor_s, derived_s);
  }
  aims.settling_source = text;
  aims.overshoot_source =
      "the standing 5 % (no physical floor: any airframe can step without overshoot, settling slower)";
  return aims;
}

}  // namespace vsim::tune
