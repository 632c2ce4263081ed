// The in-process SITL runner: the simulator and the flight core in one process, in lockstep
// (one control step per IMU sample), driven by a scenario timeline. This folder is the one
// place where sim/ and firmware/core meet; vsim-fly is its command-line front end.
#pragma once

#include "firmware/core/flight.h"
#include "flight/scenario_file.h"
#include "sim/world/initial_state.h"
#include "sim/base/result.h"
#include "sim/simulator.h"

#include <functional>
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

// The quad-X allocation from the model's rotor geometry and spin (roll share −y, pitch
// share +x, yaw share by spin direction, normalised).
fc_mixer_table_t mixerFromModel(const VehicleModel& model);

// Whether that mixer can fly the airframe: four rotors (MIXER 0 is a quad X), each thrusting
// within 30° of body −z, on both sides of both body axes, with reaction torque in both senses
// for yaw. The error names the airframe and the rotor or axis at fault.
Result<bool> checkMixerCanFly(const VehicleModel& model);

// A flight core for this airframe: its mixer, its hover thrust and the simulated field's
// declination (what a vehicle set up for its home would have); a scenario's parameters follow.
void initCore(fc_t& fc, const VehicleModel& model);

// Flies a scenario and calls `on_sample` after every control step. Fails on a bad parameter
// name or value in the scenario.
Result<SimulatorCounters> runScenario(const VehicleModel& model, const Scenario& scenario, std::uint64_t seed,
                                      const std::function<void(const FlightSample&)>& on_sample);

}  // namespace vsim
