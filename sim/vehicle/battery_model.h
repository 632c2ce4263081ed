// The flight pack: `cells` lithium-polymer cells in series feeding the motors (through their
// speed controllers) and the avionics. Per cell, the open-circuit voltage follows the state of
// charge; the pack's series resistance makes the voltage sag under load; the charge goes down by
// the current drawn. The motors' speed at full duty follows the pack's voltage, so a draining
// pack needs more throttle to hover and gives less at the top.
//
//   V_oc(s)   = cells · (−1.031·e^(−35·s) + 3.685 + 0.2156·s − 0.1178·s² + 0.3201·s³)
//               (the open-circuit voltage of a lithium-polymer cell against its state of charge
//               s ∈ [0, 1]: M. Chen and G. A. Rincón-Mora, "Accurate electrical battery model
//               capable of predicting runtime and I–V performance", IEEE Transactions on Energy
//               Conversion 21(2), 2006: their fit for a polymer lithium-ion cell; 4.10 V full,
//               3.80 V at half, 2.65 V empty)
//   P_shaft   = Σ bias·k_q·ω²·|ω|       (each rotor's aerodynamic torque times its speed)
//   P         = P_shaft / efficiency     (motor and speed controller together)
//   V         = V_oc − R·I,  V·(I − I_avionics) = P
//             → I − I_av = (V' − √(V'² − 4·R·P)) / (2·R),  V' = V_oc − R·I_av
//   ds/dt     = −I / capacity
//   ω_max     = max_speed_radps · V / speed_reference_V   (a motor's no-load speed is Kv·V)
// When the load asks more than the pack can give (V'² < 4·R·P) the pack gives its most,
// I − I_av = V'/(2·R) at V' / 2, and says it was overloaded.
// Not modelled: the cell's transient (its RC pairs), temperature, ageing, the resistance's
// dependence on the charge, the speed controllers' own losses apart from the efficiency. An
// empty pack (s = 0) keeps giving V_oc(0); the firmware's battery failsafe is what should act
// long before.
#pragma once

#include <array>
#include <string>

namespace vsim {

struct RotorModel;
struct VehicleModel;

struct BatteryModel {
  int cells = 0;                         // 0: no pack modelled (the default): the motors' full speed never changes
  double capacity_mAh = 0.0;             // > 0 with a pack
  double internal_resistance_ohm = 0.0;  // the whole pack's series resistance, ≥ 0
  double initial_charge = 1.0;           // the state of charge at reset, (0, 1]
  double efficiency = 0.75;              // shaft power / electrical power of motor and controller, (0, 1]
  double avionics_current_A = 0.3;       // flight controller, receiver, GPS and the rest, ≥ 0
  double speed_reference_V = 0.0;        // the pack voltage at which max_speed_radps holds; 0: 3.7 V per cell
  bool present() const { return cells > 0; }
  double referenceVoltage_V() const { return speed_reference_V > 0.0 ? speed_reference_V : 3.7 * cells; }
};

// The pack now.
struct BatteryState {
  double charge = 1.0;        // state of charge, [0, 1]
  double consumed_mAh = 0.0;  // since the reset
  double voltage_V = 0.0;     // at the terminals, under the present load
  double current_A = 0.0;     // drawn from the pack
  bool overloaded = false;    // the load asked more power than the pack can give
};

// What is wrong with `model` ("" when nothing): cells 0 (no pack) or 1..14 (BATTERY_STATUS's
// cell voltages), and with a pack a positive capacity, a resistance ≥ 0, a charge in (0, 1], an
// efficiency in (0, 1], an avionics current ≥ 0 and a speed reference ≥ 0, all finite.
std::string batteryProblem(const BatteryModel& model);

// One cell's open-circuit voltage at state of charge `charge` (clamped to [0, 1]).
double openCircuitCellVoltage_V(double charge);

// The rotors' shaft power: Σ bias·k_q·ω²·|ω| over the rotors.
double shaftPower_W(const VehicleModel& model, const std::array<double, 8>& rotor_speed_radps);

// The pack of `model` as plugged in: charge initial_charge, the avionics' current only.
BatteryState restingBattery(const BatteryModel& model);

// The current and terminal voltage for a shaft power `shaft_power_W` (≥ 0) at the present charge.
void loadBattery(const BatteryModel& model, double shaft_power_W, BatteryState& state);

// The charge drawn over `dt_s` at the present current.
void drainBattery(const BatteryModel& model, double dt_s, BatteryState& state);

// What the pack's voltage does to the motors' full speed: V / speed reference (1 without a pack).
double supplySpeedScale(const BatteryModel& model, const BatteryState& state);

}  // namespace vsim
