// The in-process SITL runner: the simulator and the flight core in one process, in lockstep
// (one control step per IMU sample), driven by a scenario timeline. This folder is the one
// place where sim/ and firmware/core meet; vsim-fly is its command-line front end.
#pragma once

#include "firmware/core/flight.h"
#include "flight/chip_sensors_path.h"
#include "flight/scenario_file.h"
#include "sim/world/initial_state.h"
#include "sim/base/result.h"
#include "sim/simulator.h"

#include <functional>
#include <utility>
#include <optional>
#include <string>
#include <vector>

namespace vsim {

// What one control step saw and did.
struct FlightSample {
  double t_s;
  VehicleState truth;
  Eigen::Vector3d truth_rpy_rad, estimate_rpy_rad, setpoint_rpy_rad, rate_sp_B_radps;
  Eigen::Vector3d est_gyro_bias_radps;
  double est_height_m, est_climb_mps, thrust_sp;
  vayu_mode_t mode;
  bool armed, failsafe;
  std::vector<double> duty;
  std::vector<float> raw_duty;  // exactly what the core output (for the NaN test)
  // The simulator (its sensor frame as the core was sent it, the duties it was given) and the
  // flight core (estimate, setpoints, parameters) of this step; valid during the callback only.
  const Simulator* sim = nullptr;
  const fc_t* fc = nullptr;
};

// The rotor geometry as the firmware's CA_ROTOR* parameters hold it (firmware/core/allocation.h):
// VEH_UP, CA_ROTOR_COUNT, each rotor's position from the centre of mass, unit thrust axis and
// KM = spin·k_q/k_f, and MIXER 1 — what a station writes to a vehicle given this airframe
// The rotors' in parameter order, MIXER last.
std::vector<std::pair<std::string, double>> geometryParams(const VehicleModel& model);

// What the firmware is told of the airframe besides its rotor geometry: the gyro's full scale
// (GYRO_RANGE_DPS, for its "range exceeded" warning), how its pilot's sticks map (STICK_MAP,
// the airframe file's pilot.sticks), the thrust that hovers it (HOVER_THRUST, from
// the model) and the file's firmware_params (its gains), in that order: what vsim-fly, the batch
// and the tuner fly and what the station writes to a simulated vehicle alike. Written with the
// geometry, outside MIXER's switch; checkAllocation refuses a name or value the firmware does not
// take.
std::vector<std::pair<std::string, double>> airframeParams(const VehicleModel& model);

// The vehicle's up at rest as the firmware's VEH_UP gives it (flight_axes.h): 0 when the body's
// −z points up at launch (rest_attitude_WB, within 10°), 1 when its +x does (a vertical
// lander), −1 otherwise (no such setting). And the rotation from the flight axes the core flies
// in to the body's: q_WF = q_WB · flightAxes_BF (identity for VEH_UP 0).
int vehicleUp(const VehicleModel& model);
Eigen::Quaterniond flightAxes_BF(const VehicleModel& model);

// Sets a core's parameters in order (fc_set_param: the allocation follows MIXER, VEH_UP and
// CA_*); the first refusal names the parameter.
Result<bool> setCoreParams(fc_t& fc, const std::vector<std::pair<std::string, double>>& params);

// Whether the firmware's allocation can fly the airframe: 4 to 8 rotors of equal maximum thrust
// (the core's motor outputs are fractions of it), and the firmware's own check of the geometry
// (allocation from its pseudo-inverse: roll, pitch, yaw and lift all controllable, with lift
// along body −z). The error names the airframe and what is wrong.
Result<bool> checkAllocation(const VehicleModel& model);

// A flight core for this airframe: its allocation (geometryParams, applied), airframeParams, its hover thrust and the
// simulated field's declination (what a vehicle set up for its home would have); a scenario's parameters follow.
void initCore(fc_t& fc, const VehicleModel& model);

// Flies a scenario and calls `on_sample` after every control step. Fails on a bad parameter
// name or value in the scenario. `sensors` says how the core gets its sensor values: directly
// (the default) or through the chip models and the firmware's drivers (chip_sensors_path.h), in
// which case `chips_summary`, when given, receives its summary line at the end.
Result<SimulatorCounters> runScenario(const VehicleModel& model, const Scenario& scenario, std::uint64_t seed,
                                      const std::function<void(const FlightSample&)>& on_sample,
                                      SensorPath sensors = SensorPath::Direct, std::string* chips_summary = nullptr);

}  // namespace vsim
