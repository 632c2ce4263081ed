#include "sim/vehicle/battery_model.h"

#include "sim/vehicle/vehicle_model.h"

#include <algorithm>
#include <cmath>

namespace vsim {

std::string batteryProblem(const BatteryModel& m) {
  if (m.cells < 0 || m.cells > 14) return "battery: cells must be from 1 to 14, got " + std::to_string(m.cells);
  if (!m.present()) return "";
  const auto finite = [](double v) { return std::isfinite(v); };
  if (!(finite(m.capacity_mAh) && m.capacity_mAh > 0.0)) return "battery: capacity must be a positive number of mAh";
  if (!(finite(m.internal_resistance_ohm) && m.internal_resistance_ohm >= 0.0))
    return "battery: internal resistance must be zero or a positive number of ohms";
  if (!(finite(m.initial_charge) && m.initial_charge > 0.0 && m.initial_charge <= 1.0))
    return "battery: the charge at the start must be in (0, 1]";
  if (!(finite(m.efficiency) && m.efficiency > 0.0 && m.efficiency <= 1.0))
    return "battery: the drive's efficiency must be in (0, 1]";
  if (!(finite(m.avionics_current_A) && m.avionics_current_A >= 0.0))
    return "battery: the avionics current must be zero or positive";
  if (!(finite(m.speed_reference_V) && m.speed_reference_V >= 0.0))
    return "battery: the speed reference voltage must be zero (3.7 V per cell) or positive";
  return "";
}

double openCircuitCellVoltage_V(double charge) {
  const double s = std::clamp(charge, 0.0, 1.0);
  return -1.031 * std::exp(-35.0 * s) + 3.685 + 0.2156 * s - 0.1178 * s * s + 0.3201 * s * s * s;
}

double shaftPower_W(const VehicleModel& model, const std::array<double, 8>& rotor_speed_radps) {
  static_assert(kMaxRotors == 8);
  double power_W = 0.0;
  for (int i = 0; i < model.rotor_count; ++i) {
    const RotorModel& r = model.rotors[std::size_t(i)];
    const double w = rotor_speed_radps[std::size_t(i)];
    power_W += r.bias * r.k_q_Nm_per_radps2 * w * w * std::abs(w);
  }
  return power_W;
}

BatteryState restingBattery(const BatteryModel& model) {
  BatteryState s;
  s.charge = model.initial_charge;
  loadBattery(model, 0.0, s);  // the avionics are on whenever the pack is plugged in
  return s;
}

void loadBattery(const BatteryModel& model, double shaft_power_W, BatteryState& state) {
  const double v_oc = model.cells * openCircuitCellVoltage_V(state.charge);
  const double r = model.internal_resistance_ohm;
  const double p = std::max(0.0, shaft_power_W) / model.efficiency;
  const double v_prime = v_oc - r * model.avionics_current_A;
  double motors_A = 0.0;
  state.overloaded = false;
  if (r <= 0.0) {
    motors_A = v_prime > 0.0 ? p / v_prime : 0.0;
  } else {
    const double discriminant = v_prime * v_prime - 4.0 * r * p;
    state.overloaded = discriminant < 0.0;
    // The smaller root: the working point on the pack's side of its maximum power.
    motors_A = state.overloaded ? v_prime / (2.0 * r) : (v_prime - std::sqrt(discriminant)) / (2.0 * r);
  }
  state.current_A = motors_A + model.avionics_current_A;
  state.voltage_V = std::max(0.0, v_oc - r * state.current_A);
}

void drainBattery(const BatteryModel& model, double dt_s, BatteryState& state) {
  const double drawn_mAh = state.current_A * dt_s / 3.6;  // 1 mAh = 3.6 C
  state.consumed_mAh += drawn_mAh;
  state.charge = std::max(0.0, state.charge - drawn_mAh / model.capacity_mAh);
}

double supplySpeedScale(const BatteryModel& model, const BatteryState& state) {
  return model.present() ? state.voltage_V / model.referenceVoltage_V() : 1.0;
}

}  // namespace vsim
