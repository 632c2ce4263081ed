// Whether the ground station may fly a body: the simulator's own limits (flyabilityProblems,
// sim/vehicle/vehicle_model.h) and the flight firmware's (its parameter table, its allocation).
// Every change of the vehicle the station flies passes here first; nothing it refuses reaches
// the simulator or the firmware, whatever the user answered to a question before.
#pragma once

#include "sim/vehicle/vehicle_model.h"

#include <string>
#include <vector>

namespace vsim {

// The thrust-to-weight ratios (full thrust along the first rotor's axis over the weight,
// thrustToWeight) the flight firmware can fly `model` at:
//  - lowest: 1/HOVER_THRUST's maximum in the firmware's parameter table (0.9: TW 1.11). The
//    station writes the hover thrust 1/TW (airframeParams), and the firmware refuses a value
//    beyond its range, so above that the vehicle would fly on the old one; it also leaves
//    ALT_HOLD's climb-rate loop a tenth of full thrust to climb and correct with;
//  - highest: 1/HOVER_THRUST's minimum (0.05: TW 20), and below 1/MOT_IDLE² (the airframe's
//    MOT_IDLE, else the table's default): armed at zero throttle the motors turn at duty
//    MOT_IDLE, whose thrust is MOT_IDLE² of full (thrust ∝ ω² ∝ duty²), and a vehicle that
//    idle lifts can never come down.
struct ThrustToWeightRange {
  double lowest = 0.0, highest = 0.0;
};
ThrustToWeightRange firmwareThrustToWeightRange(const VehicleModel& model);

// Everything that keeps `model` from flying in the station's SITL, in words for a user (empty:
// nothing): flyabilityProblems (lift, centre of mass, the physics step's limits on mass and
// inertia for `steps`), a thrust-to-weight outside firmwareThrustToWeightRange, and what the
// firmware's allocation refuses (checkAllocation).
std::vector<std::string> flightProblems(const VehicleModel& model, const SimulationSteps& steps = {});

}  // namespace vsim
