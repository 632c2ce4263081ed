// libFuzzer target for the configuration a user or a program hands the simulator: airframe
// files (sim/config/airframe_file.cpp), world files (world_file.cpp), scenario files
// (flight/scenario_file.cpp) and the JSON lines of the control pipe vsim_ctl
// (sim/service/control_command.cpp), all through the YAML reader (yaml_reader.cpp) and, behind
// them, mesh import, finalizeModel and the simulator they feed.
//
// Input layout: byte 0 (mod 4) chooses what the rest is — 0 an airframe file, 1 a world file,
// 2 a scenario file, 3 control-pipe text (cut into lines at '\n' as vsim_d cuts it). Files are
// written into a scratch copy of resources/ (airframes/, worlds/, scenarios/, meshes/), so the
// shipped files are seeds as they are and their relative references resolve.
//
// Checks, each a __builtin_trap() when it fails:
//  - a refused file's error names the file (starts with its path); a refused control line's
//    error is not empty;
//  - an accepted airframe (from a file or a geometry command) builds a Simulator, whose state
//    stays finite over two IMU periods at hover duty on flat ground;
//  - an accepted world (file or world command) answers contactAt with a finite depth and normal,
//    and the generic quad flies two IMU periods in it with a finite state;
//  - an accepted scenario has a positive finite duration, finite non-negative event times in
//    order, sticks within their ranges;
//  - an accepted reset command's initial state is finite.
#include "flight/scenario_file.h"
#include "sim/config/airframe_file.h"
#include "sim/config/world_file.h"
#include "sim/service/control_command.h"
#include "sim/simulator.h"
#include "sim/world/initial_state.h"
#include "tests/fuzz/fuzz_support.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// A scratch copy of the shipped resources, made once per process.
const fs::path& scratch() {
  static const fs::path& dir = []() -> const fs::path& {
    const fs::path& d = fuzz::scratchDirectory("config");
    for (const char* sub : {"airframes", "worlds", "scenarios", "meshes"})
      fs::copy(fs::path(NAVIGATOR_SOURCE_DIR) / "resources" / sub, d / sub, fs::copy_options::recursive);
    return d;
  }();
  return dir;
}

std::string writeInput(const char* folder, const std::uint8_t* data, std::size_t size) {
  const fs::path path = scratch() / folder / "fuzz_input.yaml";
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), std::streamsize(size));
  return path.string();
}

bool finite(const vsim::VehicleState& s) {
  return s.p_W_m.allFinite() && s.v_W_mps.allFinite() && s.q_WB.coeffs().allFinite() && s.omega_B_radps.allFinite();
}

const vsim::VehicleModel& genericQuad() {
  static const vsim::VehicleModel model = [] {
    auto m = vsim::loadAirframe((scratch() / "airframes" / "generic_quad.yaml").string());
    CHECK(m.ok());
    return m.value();
  }();
  return model;
}

// Two IMU periods of `model` in `world` at hover duty (capped at 1), from rest on the ground.
void flyBriefly(const vsim::VehicleModel& model, const vsim::World& world) {
  vsim::SimulatorConfig config;
  config.world = world;
  auto sim = vsim::Simulator::create(model, config);
  if (!sim.ok()) {
    CHECK(!sim.error().message.empty());
    return;
  }
  const vsim::VehicleState start = vsim::initialState(sim.value().model(), world, {});
  CHECK(finite(start));
  sim.value().reset(1, start);
  const double duty = std::min(vsim::hoverDuty(sim.value().model()), 1.0);
  CHECK(std::isfinite(duty));
  const std::vector<double> duties(std::size_t(sim.value().model().rotor_count), duty);
  for (int period = 0; period < 2; ++period) {
    sim.value().setDuties(duties);
    sim.value().advanceImuPeriod();
    CHECK(finite(sim.value().state()));
  }
}

void checkModel(const vsim::VehicleModel& model) {
  CHECK(std::isfinite(model.mass_kg) && model.mass_kg > 0.0);
  CHECK(model.inertia_kgm2.allFinite() && model.inertia_kgm2.isApprox(model.inertia_kgm2.transpose()));
  CHECK(model.rotor_count >= 1 && model.rotor_count <= vsim::kMaxRotors);
  flyBriefly(model, vsim::World{});
}

void checkWorld(const vsim::World& world) {
  const vsim::PointContact c = world.contactAt(Eigen::Vector3d(0.0, 0.0, 0.1));
  CHECK(std::isfinite(c.depth_m) && c.normal_W.allFinite());
  flyBriefly(genericQuad(), world);
}

void checkScenario(const vsim::Scenario& s) {
  CHECK(std::isfinite(s.duration_s) && s.duration_s > 0.0);
  double last = 0.0;
  for (const vsim::ScenarioEvent& e : s.timeline) {
    CHECK(std::isfinite(e.t_s) && e.t_s >= 0.0 && e.t_s >= last);
    last = e.t_s;
    if (e.sticks) CHECK(e.sticks->throttle >= 0.0f && e.sticks->throttle <= 1.0f && std::abs(e.sticks->roll) <= 1.0f);
  }
}

void checkCommand(const vsim::ControlCommand& command) {
  if (const auto* geometry = std::get_if<vsim::GeometryCommand>(&command)) checkModel(geometry->model);
  if (const auto* world = std::get_if<vsim::WorldCommand>(&command)) {
    if (world->wind_NED_mps) CHECK(world->wind_NED_mps->allFinite());
    if (world->turbulence_sigma_mps)
      CHECK(std::isfinite(*world->turbulence_sigma_mps) && *world->turbulence_sigma_mps >= 0.0);
    if (world->world) checkWorld(*world->world);
  }
  if (const auto* reset = std::get_if<vsim::ResetCommand>(&command))
    CHECK(finite(vsim::initialState(genericQuad(), vsim::World{}, reset->pose)));
}

// The input as a file in `folder`, read by `load`: a refusal names the file, and what is
// accepted passes `check`.
template <class Load, class Check>
int checkFile(const char* folder, const std::uint8_t* data, std::size_t size, Load load, Check check) {
  const std::string path = writeInput(folder, data, size);
  const auto result = load(path);
  if (!result.ok())
    CHECK(result.error().message.rfind(path + ": ", 0) == 0);
  else
    check(result.value());
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t* body = data + 1;
  const std::size_t n = size - 1;
  switch (data[0] % 4) {
    case 0:
      return checkFile("airframes", body, n, vsim::loadAirframe, checkModel);
    case 1:
      return checkFile("worlds", body, n, vsim::loadWorld, checkWorld);
    case 2:
      return checkFile("scenarios", body, n, vsim::loadScenario, checkScenario);
    default: {
      const std::string text(reinterpret_cast<const char*>(body), n);
      std::size_t begin = 0;
      while (begin <= text.size()) {
        const std::size_t end = std::min(text.find('\n', begin), text.size());
        const std::string line = text.substr(begin, end - begin);
        begin = end + 1;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        const auto command = vsim::parseControlCommand(line, (scratch() / "airframes").string());
        if (!command.ok()) {
          CHECK(!command.error().message.empty());
          continue;
        }
        checkCommand(command.value());
      }
      break;
    }
  }
  return 0;
}
