// vsim_d --autopilot px4|ardupilot: the world of several vehicles, each flown by its own PX4 or
// ArduPilot instance (sim/service/autopilot_world.h), from the command line.
#pragma once

#include "sim/service/autopilot_world.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace vsim_d {

// One --vehicle: "airframe=NAME|FILE,seed=N,north=M,east=M,yaw=DEG" (every key optional).
struct VehicleSpec {
  std::string airframe;           // empty: --airframe's
  std::optional<long long> seed;  // empty: --seed + the vehicle's index
  double north_m = 0.0, east_m = 0.0, yaw_deg = 0.0;
};
// Parses one spec; an error names the key ("--vehicle 'seed=x': seed must be a whole number >= 0").
vsim::Result<VehicleSpec> parseVehicleSpec(const std::string& text);

struct AutopilotRunOptions {
  vsim::AutopilotWorldOptions world;
  std::string airframe = "s500", world_file = "ground";
  long long seed = 1;
  int vehicles = 1;                           // without --vehicle: this many of --airframe
  double spacing_m = 2.0;                     // ... placed this far apart, east of each other
  std::vector<VehicleSpec> specs;             // --vehicle, in order (instance i is the i-th)
  int imu_rate_hz = 250;                      // PX4's SITL scripts' IMU rate (4 ms)
  std::optional<std::array<double, 3>> home;  // latitude, longitude [deg], altitude [m AMSL]
  bool quiet = false;
};

// Builds the world and runs it until `stop` or the duration; messages on stderr. Returns the
// exit code (1 on a bad airframe, world or port).
int runAutopilotWorld(const AutopilotRunOptions& options, const char* argv0, const std::atomic<bool>& stop);

}  // namespace vsim_d
