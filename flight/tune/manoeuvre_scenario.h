// A tuning manoeuvre as a scenario (flight/scenario_file.h) the single-vehicle runner flies:
// hovering 50 m up with no ground, armed in the manoeuvre's mode, its turbulence, the pilot's
// sticks every 20 ms as sticksAt gives them. What vsim-tune --ulog flies to log the nominal
// manoeuvres before and after a tune with every sample (flight_runner's path, not the batch's:
// the same equations, its own noise).
#pragma once

#include "flight/param_file.h"
#include "flight/scenario_file.h"
#include "flight/tune/manoeuvres.h"
#include "sim/vehicle/vehicle_model.h"

namespace vsim::tune {

// Errors: a parameter the core refuses (named).
Result<Scenario> scenarioOf(const VehicleModel& model, const Manoeuvre& manoeuvre, const ParamList& params);

}  // namespace vsim::tune
