// What the 3-D view is given, in its frames — ENU world (x East, y North, z Up), FLU body — from
// the simulator's and the link's NED/FRD, through the one conversion header (sim/base/frames.h).
// Plain values (floats, as the view takes them): the pages copy them into the
// view's types and decide nothing about frames. The live Fly page and the Logs page's replay
// both go through here. Any thread.
#pragma once

#include "app/core/autopilot_world_worker.h"
#include "app/core/simulation_worker.h"
#include "sim/world/world.h"

#include <array>
#include <optional>
#include <vector>

namespace navigator {

// A pose in the view: position [m, ENU] and attitude q_ENU_FLU (w, x, y, z).
struct ScenePose {
  std::array<float, 3> p_ENU_m{};
  std::array<float, 4> q_ENU_FLU_wxyz{1, 0, 0, 0};
};

// A primitive obstacle as vsim::Obstacle, placed in ENU: q_ENU_O = q_ENU_NED ⊗ q_NED_O (the
// obstacle keeps its own axes: no FRD↔FLU flip, a cylinder's axis stays its own z).
struct SceneObstacle {
  enum class Shape { Box, Sphere, Cylinder };
  Shape shape = Shape::Box;
  std::array<float, 3> half_size_m{};  // box: half edges along its own x, y, z
  float radius_m = 0, half_length_m = 0;
  std::array<float, 3> centre_ENU_m{};
  std::array<float, 4> q_ENU_O_wxyz{1, 0, 0, 0};
};

// A world as the view draws it.
struct SceneWorld {
  std::vector<SceneObstacle> obstacles;
  std::vector<float> mesh_corners_ENU_m;  // 9 per triangle, counter-clockwise seen from outside
  float ground_up_m = 0;                  // the ground's height (ENU z); 0 without ground
};

// The sample's position in ENU; a position not known (not finite) is the origin.
std::array<float, 3> positionEnu(const TelemetrySample& s);
// The sample's pose; none when it carries no usable attitude (not finite, or far from unit).
std::optional<ScenePose> samplePose(const TelemetrySample& s);
// The sample's wind [m/s, ENU]; none when not known.
std::optional<std::array<float, 3>> sampleWindEnu(const TelemetrySample& s);
// An attitude alone (a board's own estimate: at the origin).
ScenePose attitudePose(const std::array<float, 4>& q_NED_FRD_wxyz);
// Every vehicle of a PX4/ArduPilot world but `selected` (the one the samples pose).
std::vector<ScenePose> otherVehiclePoses(const std::vector<WorldVehiclePose>& vehicles, int selected);
// The world's obstacles, mesh and ground.
SceneWorld sceneWorld(const vsim::World& world);

}  // namespace navigator
