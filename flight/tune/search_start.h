// Where the search starts for the parameters whose default switches a feature off: the stick
// shaping (ANG_RP_TC) and its acceleration feedforward (RATE_RP_FF). Their defaults (0) keep
// the firmware flying as it did; the search needs a value inside its log-scaled box, and the
// model gives one.
#pragma once

#include "flight/param_file.h"
#include "sim/vehicle/vehicle_model.h"

#include <string>
#include <vector>

namespace vsim::tune {

// RATE_RP_FF from the model [normalised torque per rad/s²]: for the roll and for the pitch
// command in turn, the body torque the firmware's allocation makes of a unit command (from each
// rotor's thrust change at its position; reaction torques left out, they act about the rotor
// axes) and the inertia about that torque's axis, inertia / torque; the geometric mean of the two
// (the firmware has one gain for both). 0 when the allocation makes no such torque.
double accelerationFeedforwardOf(const VehicleModel& model);

// The shaping time constant the search starts from when the vehicle has none [s]: 0.03 s
// settles a step to 5 % in 0.19 s (6.30 time constants of the three poles), within the aim's
// quarter second with room for the loop's own lag.
inline constexpr double kShapingStartS = 0.03;

// `values` (the tuned parameters as the search has them) with ANG_RP_TC and RATE_RP_FF, where
// they are among `searched` and 0 (off), started from kShapingStartS and
// accelerationFeedforwardOf; the rest as given (a stage that does not search them flies them off).
ParamList searchStart(const ParamList& values, const VehicleModel& model, const std::vector<std::string>& searched);

}  // namespace vsim::tune
