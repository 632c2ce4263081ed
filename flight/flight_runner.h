// The in-process SITL runner: the simulator and the flight core in one process, in lockstep
// (one control step per IMU sample), driven by a scenario timeline. This folder is the one
// place where sim/ and firmware/core meet; vsim-fly is its command-line front end.
#pragma once

#include "firmware/core/flight.h"
#include "sim/world/initial_state.h"
#include "sim/base/result.h"
#include "sim/simulator.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace vsim {

// One thing that happens at t_s in a scenario (any subset of the fields).
struct ScenarioEvent {
  double t_s = 0.0;
  std::optional<fc_sticks_t> sticks;
  std::optional<bool> arm;
  std::optional<vayu_mode_t> mode;
  std::optional<bool> manual_control;        // false: the pilot link goes silent
  std::optional<Eigen::Vector3d> wind_NED_mps;
  std::optional<double> turbulence_sigma_mps;
  std::optional<Eigen::Vector3d> torque_B_Nm;  // a disturbance, held until changed
  std::vector<std::pair<std::string, double>> params;
};

struct Scenario {
  double duration_s = 10.0;
  vayu_mode_t mode = VAYU_MODE_ANGLE;
  std::string world = "ground";                // ground, none, or a world file
  InitialPose initial;
  bool airborne = false;                       // start hovering: motors at hover, armed
  Eigen::Vector3d gyro_bias_radps = Eigen::Vector3d::Zero();  // added to the firmware's gyro
  std::vector<std::pair<std::string, double>> params;
  std::vector<ScenarioEvent> timeline;         // sorted by t_s
};

// Reads a scenario file (format: flight/README.md). Errors name the file, key and line.
Result<Scenario> loadScenario(const std::string& path);

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
};

// The quad-X allocation from the model's rotor geometry and spin (roll share −y, pitch
// share +x, yaw share by spin direction, normalised).
fc_mixer_table_t mixerFromModel(const VehicleModel& model);

// Flies a scenario and calls `on_sample` after every control step. Fails on a bad parameter
// name or value in the scenario.
Result<SimulatorCounters> runScenario(const VehicleModel& model, const Scenario& scenario, std::uint64_t seed,
                                      const std::function<void(const FlightSample&)>& on_sample);

}  // namespace vsim
