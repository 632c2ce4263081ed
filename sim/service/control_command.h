// Commands on the control pipe vsim_ctl: one JSON object per line,
// {"command": NAME, ...}. Documented in sim/service/README.md.
#pragma once

#include "sim/world/hand.h"
#include "sim/world/initial_state.h"
#include "sim/base/result.h"
#include "sim/vehicle/vehicle_model.h"
#include "sim/world/world.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>

namespace vsim {

enum class PacingMode { Realtime, Lockstep, Fast };
const char* pacingModeName(PacingMode mode);
std::optional<PacingMode> pacingModeFromName(const std::string& name);

// {"command": "reset", "seed": N, "position_NED_m": [..], "attitude_rpy_deg": [..],
//  "velocity_NED_mps": [..], "rate_B_radps": [..]}: restart the run, reseeded.
struct ResetCommand {
  std::uint64_t seed = 0;
  InitialPose pose;
};
// {"command": "geometry", "airframe": {an airframe document} | "airframe_file": PATH}: a
// new vehicle (how the ground station pushes mass properties computed from a mesh); the run
// continues from the current pose and velocity, motors stopped.
struct GeometryCommand {
  VehicleModel model;
};
// {"command": "world", "wind_NED_mps": [..], "turbulence_sigma_mps": S,
//  "world": {a world document} | "none", "world_file": PATH}: any subset, applied live.
struct WorldCommand {
  std::optional<Eigen::Vector3d> wind_NED_mps;
  std::optional<double> turbulence_sigma_mps;
  std::optional<World> world;
};
// {"command": "pause"} / {"command": "resume"}
struct PauseCommand {
  bool paused = true;
};
// {"command": "mode", "mode": "realtime" | "lockstep" | "fast"}
struct ModeCommand {
  PacingMode mode = PacingMode::Realtime;
};

// {"command": "hold", "attitude_rpy_deg": [r, p, y], "turn_dps": [x, y, z], "turn_axes": "body" | "world"}:
// the hand (sim/world/hand.h) holds the vehicle still at that attitude (z-y-x; without it, as
// it is now), turning at turn_dps (default none, at most kMaxHandTurn_dps) about the body's or
// the world's (NED) axes (default body). Again while held: a new grip at the same place.
struct HoldCommand {
  HandGrip grip;
};
// {"command": "release"}: the hand lets go, the vehicle at rest where it was held.
struct ReleaseCommand {};
inline constexpr double kMaxHandTurn_dps = 360.0;  // a hand turns a vehicle slowly

// {"command": "transmitter", "channels_us": [1500, 1500, 1000, 1500, ...]}: the pilot's
// transmitter on, sending these channels (1 to 16, each 800..2200 µs), held until changed;
// {"command": "transmitter", "on": false}: switched off (the receiver loses its link). vsim_d
// passes it to the firmware's receiver model as RC_CHANNELS on the sensor pipe.
inline constexpr int kTransmitterChannels = 16;
struct TransmitterCommand {
  bool on = true;
  int channel_count = 0;
  std::array<std::uint16_t, kTransmitterChannels> channels_us{};
};

using ControlCommand = std::variant<ResetCommand, GeometryCommand, WorldCommand, PauseCommand, ModeCommand, HoldCommand,
                                    ReleaseCommand, TransmitterCommand>;

// Parses one line. Relative file paths are resolved against `folder`. An error names the key
// and what is wrong ("reset.seed: must be a whole number from 0 to 2^64-1, got -3").
Result<ControlCommand> parseControlCommand(const std::string& line, const std::string& folder);

}  // namespace vsim
