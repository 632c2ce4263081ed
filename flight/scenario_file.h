// Scenario files: what a scripted flight does and when (format: flight/README.md). Read here,
// flown by flight_runner.h.
#pragma once

#include "firmware/core/flight.h"
#include "sim/base/result.h"
#include "sim/world/initial_state.h"

#include <Eigen/Core>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace vsim {

// One thing that happens at t_s in a scenario (any subset of the fields).
struct ScenarioEvent {
  double t_s = 0.0;
  std::optional<fc_sticks_t> sticks;
  std::optional<bool> arm;
  std::optional<vayu_mode_t> mode;
  std::optional<bool> manual_control;  // false: the pilot link goes silent
  std::optional<Eigen::Vector3d> wind_NED_mps;
  std::optional<double> turbulence_sigma_mps;
  std::optional<Eigen::Vector3d> torque_B_Nm;  // a disturbance, held until changed
  std::vector<std::pair<std::string, double>> params;
};

struct Scenario {
  double duration_s = 10.0;
  vayu_mode_t mode = VAYU_MODE_ANGLE;
  std::string world = "ground";  // ground, none, or a world file
  InitialPose initial;
  bool airborne = false;                                      // start hovering: motors at hover, armed
  Eigen::Vector3d gyro_bias_radps = Eigen::Vector3d::Zero();  // added to the firmware's gyro
  std::vector<std::pair<std::string, double>> params;
  std::vector<ScenarioEvent> timeline;  // sorted by t_s
};

// Reads a scenario file (format: flight/README.md). Errors name the file, key and line.
Result<Scenario> loadScenario(const std::string& path);

}  // namespace vsim
