#include "sim/tools/vsim_d_autopilot.h"

#include "cli/cli_util.h"
#include "sim/config/airframe_file.h"
#include "sim/config/world_file.h"
#include "sim/service/sockets.h"

#include <cmath>
#include <cstdio>

namespace vsim_d {
namespace {

void printStatus(const vsim::AutopilotWorldStatus& s) {
  char head[96];
  std::snprintf(head, sizeof head, "vsim_d: t=%.3f s  rtf=%.3f%s", s.sim_time_s, s.realtime_factor,
                s.paused ? " (paused: an autopilot is silent)" : "");
  std::string line = head;
  for (const vsim::AutopilotStatus& a : s.autopilots) {
    const char* state = a.in_lockstep ? "lockstep" : a.connected ? "connected" : "waiting";
    line += "  | " + a.name + " " + state + (a.armed ? " armed" : "") + " in=" + std::to_string(a.answers_in);
    if (a.rejected_in > 0) line += " rejected=" + std::to_string(a.rejected_in);
  }
  std::fprintf(stderr, "%s\n", line.c_str());
}

}  // namespace

vsim::Result<VehicleSpec> parseVehicleSpec(const std::string& text) {
  VehicleSpec spec;
  const std::string where = "--vehicle '" + text + "'";
  for (const std::string& item : navigator::cli::splitCommas(text)) {
    if (item.empty()) continue;
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos) return vsim::Error{where + ": '" + item + "' is not KEY=VALUE"};
    const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
    if (key == "airframe") {
      if (value.empty()) return vsim::Error{where + ": airframe needs a name or a file"};
      spec.airframe = value;
      continue;
    }
    const auto number = navigator::cli::parseNumber(value);
    if (key == "seed") {
      if (!number || *number < 0 || *number != std::floor(*number) || *number > 9e18)
        return vsim::Error{where + ": seed must be a whole number >= 0, got '" + value + "'"};
      spec.seed = (long long)*number;
    } else if (key == "north" || key == "east" || key == "yaw") {
      if (!number) return vsim::Error{where + ": " + key + " must be a number, got '" + value + "'"};
      (key == "north" ? spec.north_m : key == "east" ? spec.east_m : spec.yaw_deg) = *number;
    } else {
      return vsim::Error{where + ": unknown key '" + key + "' (expected airframe, seed, north, east, yaw)"};
    }
  }
  return spec;
}

int runAutopilotWorld(const AutopilotRunOptions& options, const char* argv0, const std::atomic<bool>& stop) {
  vsim::SimulatorConfig config;
  config.imu_rate_hz = options.imu_rate_hz;
  config.physics_rate_hz = 8000;  // 8 kHz RK4, whatever the IMU rate (which must divide it)
  auto loaded = vsim::worldFromArgument(navigator::cli::worldPath(options.world_file, argv0));
  if (!loaded) {
    std::fprintf(stderr, "vsim_d: %s\n", loaded.error().message.c_str());
    return 1;
  }
  config.world = std::move(loaded).value();

  std::vector<VehicleSpec> specs = options.specs;
  if (specs.empty())
    for (int i = 0; i < options.vehicles; ++i) {
      VehicleSpec spec;
      spec.east_m = options.spacing_m * i;
      specs.push_back(spec);
    }
  std::vector<vsim::WorldVehicle> vehicles;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const VehicleSpec& spec = specs[i];
    const std::string airframe = spec.airframe.empty() ? options.airframe : spec.airframe;
    auto model = vsim::loadAirframe(navigator::cli::airframePath(airframe, argv0));
    if (!model) {
      std::fprintf(stderr, "vsim_d: vehicle %zu: %s\n", i + 1, model.error().message.c_str());
      return 1;
    }
    vsim::VehicleModel m = std::move(model).value();
    if (options.home) {
      m.gps.home_latitude_deg = (*options.home)[0];
      m.gps.home_longitude_deg = (*options.home)[1];
      m.baro.home_altitude_m = (*options.home)[2];
    }
    // The magnetometers read the World Magnetic Model at the home on the day the run starts,
    // as PX4's EKF2 checks it against its own WMM table before arming.
    auto vehicle = vsim::autopilotVehicle(std::move(m), config.world,
                                          std::uint64_t(spec.seed ? *spec.seed : options.seed + (long long)i),
                                          spec.north_m, spec.east_m, spec.yaw_deg, options.world.utc_start_us);
    if (!vehicle) {
      std::fprintf(stderr, "vsim_d: %s\n", vehicle.error().message.c_str());
      return 1;
    }
    vehicles.push_back(std::move(vehicle).value());
  }
  const Eigen::Vector3d field = vehicles.front().model.mag.field_NED_gauss;
  auto world = vsim::AutopilotWorld::create(std::move(vehicles), config, options.world);
  if (!world) {
    std::fprintf(stderr, "vsim_d: %s\n", world.error().message.c_str());
    return 1;
  }
  std::fprintf(stderr,
               "vsim_d: %d vehicle(s) for %s, IMU %d Hz, magnetic field N %.4f E %.4f D %.4f gauss (WMM at home)\n",
               (*world)->vehicleCount(), vsim::autopilotKindName(options.world.autopilot), options.imu_rate_hz,
               field.x(), field.y(), field.z());
  std::fprintf(
      stderr, "vsim_d: listening on %s%s\n", vsim::describeListenAddress(options.world.listen_address).c_str(),
      vsim::isLoopbackAddress(options.world.listen_address) ? "; --listen ADDRESS opens the ports to a network" : "");
  for (int i = 0; i < (*world)->vehicleCount(); ++i)
    std::fprintf(stderr, "vsim_d:   %s waits for its autopilot\n", (*world)->backend(i).name().c_str());
  vsim::AutopilotWorld::Callbacks callbacks;
  if (!options.quiet) callbacks.on_status = printStatus;
  callbacks.on_event = [](const std::string& event) { std::fprintf(stderr, "vsim_d: %s\n", event.c_str()); };
  (*world)->run(stop, callbacks);
  printStatus((*world)->status());
  std::fprintf(stderr, "vsim_d: stopped\n");
  return 0;
}

}  // namespace vsim_d
