// The angle steps' aims (aimsOf, the search's aim penalty) from the airframe's own physics: what
// the airframe can reach, derived from its model, so that a slow, heavy airframe is judged by
// what it could do and a quick one keeps the project's standing aims (5 %, 0.25 s).
//
// The settling floor of an angle step of θ (10°) to a band b (±0.5°), per axis, in closed form:
// the quickest rest-to-rest turn has the whole torque authority α (angular acceleration) on for
// T/2 and reversed for T/2, T = 2·√(θ/α); the motors deliver torque through a first-order lag τ
// (the mean of spin-up and spin-down: one side speeds up while the other slows), so the attitude
// arrives as θ(t) = θ − α·τ²·(1 − e^(−T/2τ))²·e^(−(t−T)/τ) after T (the lag's response to the
// three torque edges, summed), and stays within b from
//   t_floor = d + T + τ·max(0, ln(α·τ²·(1 − e^(−T/2τ))² / b)),
// d the loop's dead time (a control period from the gyro sample to the duty, plus half a period
// of the duty held). No gains can settle sooner: the floor is a lower bound, and the aim is
// kSettlingMargin times it, but never stricter than kStandingSettlingS. The margin stands for
// what a tune cannot spend on the step (torque for the hover and the other axes; the varied
// vehicles lag up to ×1.5): the shipped multirotors' default tunes settled at 1.01 to 1.31 times
// their floors (hex_550 0.218 s over 0.215 s, s500 0.197 over 0.159, generic_quad 0.188 over
// 0.113, heavy_650 0.228 over 0.191, racer_5in 0.111 over 0.085; docs/figures.md, the floors
// from test_tune stepAimsFromThePhysics), and 1.15 keeps every one of them at the standing
// 0.25 s (hex_550: 1.15 × 0.215 = 0.248 s).
#pragma once

#include "sim/vehicle/vehicle_model.h"

#include <string>

namespace vsim::tune {

// The project's standing aims for an angle step: overshoot ≤ 5 %, settled to ±0.5° in 0.25 s.
inline constexpr double kStandingOvershoot = 0.05, kStandingSettlingS = 0.25;
// The step the aims judge and its band (manoeuvres.h: roll_step, pitch_step).
inline constexpr double kStepDeg = 10.0, kStepBandDeg = 0.5;
// The aim over the floor.
inline constexpr double kSettlingMargin = 1.15;
// The flight core's control period (1 kHz, the batch's IMU rate) [s].
inline constexpr double kControlPeriodS = 1e-3;

// One axis's reach: what the model gives and the floor derived from it.
struct AxisReach {
  double inertia_kgm2 = 0.0;  // about the torque's axis
  double torque_Nm = 0.0;     // the allocation's largest torque about it from the hover
  double accel_radps2 = 0.0;  // torque / inertia
  double lag_s = 0.0;         // the motors' mean time constant
  double delay_s = 0.0;       // the loop's dead time
  double turn_s = 0.0;        // T, the bang-bang turn
  double floor_s = 0.0;       // t_floor
};

// The angle steps' aims and where they came from.
struct StepAims {
  double overshoot = kStandingOvershoot;
  double settling_s = kStandingSettlingS;
  AxisReach roll, pitch;
  std::string overshoot_source, settling_source;  // for the report
};

// t_floor (above) for a step of `step_rad` to a band of `band_rad` [s]; infinity when α ≤ 0.
double settlingFloorS(double step_rad, double band_rad, double accel_radps2, double lag_s, double delay_s);

// The reach of the roll (axis 0) or pitch (axis 1) command: the firmware's own allocation of a
// unit command (fc_mix), scaled up until a motor reaches 0 or full thrust from an equal share of
// the hover, each rotor's thrust change at its position making the torque (reaction torques act
// about the rotor axes and are left out); the inertia about that torque's direction.
AxisReach axisReachOf(const VehicleModel& model, int axis);

// The aims for `model`: the settling aim max(kStandingSettlingS, kSettlingMargin × the slower
// axis's floor); the overshoot aim the standing 5 % (any airframe can step without overshoot by
// settling more slowly, so the physics sets no floor on it).
StepAims stepAimsOf(const VehicleModel& model);

}  // namespace vsim::tune
