#include "sim/service/control_command.h"

#include "sim/config/airframe_file.h"
#include "sim/config/world_file.h"
#include "sim/config/yaml_reader.h"

#include <filesystem>

namespace vsim {
namespace {

std::string resolve(const std::string& path, const std::string& folder) {
  const std::filesystem::path p(path);
  return p.is_absolute() || folder.empty() ? path : (std::filesystem::path(folder) / p).string();
}

template <class T>
T orFail(Result<T> r) {
  if (!r) throw ConfigError(r.error().message);
  return std::move(r).value();
}

ResetCommand readReset(const YamlReader& r) {
  r.allowOnly({"command", "seed", "position_NED_m", "attitude_rpy_deg", "velocity_NED_mps", "rate_B_radps"});
  ResetCommand c;
  const YAML::Node seed = r.child("seed").node();
  std::int64_t as_signed = 0;
  if (!seed.IsScalar() || !YAML::convert<std::int64_t>::decode(seed, as_signed)) {
    std::uint64_t big = 0;
    if (!seed.IsScalar() || !YAML::convert<std::uint64_t>::decode(seed, big))
      r.fail("seed", "must be a whole number from 0 to 2^64-1, got " +
                         (seed.IsScalar() ? seed.Scalar() : std::string("a list or map")));
    c.seed = big;
  } else {
    if (as_signed < 0) r.fail("seed", "must be a whole number from 0 to 2^64-1, got " + seed.Scalar());
    c.seed = std::uint64_t(as_signed);
  }
  if (r.has("position_NED_m")) c.pose.p_W_m = r.vector3("position_NED_m");
  if (r.has("attitude_rpy_deg")) c.pose.attitude_rpy_deg = r.vector3("attitude_rpy_deg");
  c.pose.v_W_mps = r.vector3("velocity_NED_mps", Eigen::Vector3d::Zero());
  c.pose.omega_B_radps = r.vector3("rate_B_radps", Eigen::Vector3d::Zero());
  return c;
}

GeometryCommand readGeometry(const YamlReader& r, const std::string& folder) {
  r.allowOnly({"command", "airframe", "airframe_file"});
  if (r.has("airframe") == r.has("airframe_file")) r.fail("", "needs exactly one of 'airframe' or 'airframe_file'");
  if (r.has("airframe_file")) return {orFail(loadAirframe(resolve(r.text("airframe_file"), folder)))};
  const YamlReader doc = r.child("airframe");
  if (!doc.node().IsMap()) doc.fail("", "must be an airframe document (a mapping)");
  return {orFail(airframeFromDocument(YamlReader(doc.node(), ""), folder, "geometry.airframe"))};
}

WorldCommand readWorld(const YamlReader& r, const std::string& folder) {
  r.allowOnly({"command", "wind_NED_mps", "turbulence_sigma_mps", "world", "world_file"});
  WorldCommand c;
  if (r.has("wind_NED_mps")) c.wind_NED_mps = r.vector3("wind_NED_mps");
  if (r.has("turbulence_sigma_mps")) {
    const double sigma = r.number("turbulence_sigma_mps");
    if (sigma < 0.0) r.fail("turbulence_sigma_mps", "must not be negative");
    c.turbulence_sigma_mps = sigma;
  }
  if (r.has("world") && r.has("world_file")) r.fail("", "give 'world' or 'world_file', not both");
  if (r.has("world_file")) c.world = orFail(loadWorld(resolve(r.text("world_file"), folder)));
  if (r.has("world")) {
    const YamlReader doc = r.child("world");
    if (doc.node().IsScalar() && isWorldKeyword(doc.node().Scalar())) {
      c.world = orFail(worldFromArgument(doc.node().Scalar()));  // "none" (or "ground")
    } else {
      if (!doc.node().IsMap()) doc.fail("", "must be a world document (a mapping) or \"none\"");
      c.world = orFail(worldFromDocument(YamlReader(doc.node(), ""), folder, "world.world"));
    }
  }
  return c;
}

HoldCommand readHold(const YamlReader& r) {
  r.allowOnly({"command", "attitude_rpy_deg", "turn_dps", "turn_axes"});
  HoldCommand c;
  if (r.has("attitude_rpy_deg")) c.grip.q_WB = r.rotationRpyDeg("attitude_rpy_deg");
  const Eigen::Vector3d turn_dps = r.vector3("turn_dps", Eigen::Vector3d::Zero());
  if (turn_dps.norm() > kMaxHandTurn_dps)
    r.fail("turn_dps", "a hand turns at most " + std::to_string(int(kMaxHandTurn_dps)) + " deg/s, got " +
                           std::to_string(turn_dps.norm()));
  c.grip.turn_radps = turn_dps * (M_PI / 180.0);
  const std::string axes = r.text("turn_axes", "body");
  if (axes != "body" && axes != "world") r.fail("turn_axes", "must be body or world, got '" + axes + "'");
  c.grip.turn_in_world = axes == "world";
  return c;
}

TransmitterCommand readTransmitter(const YamlReader& r) {
  r.allowOnly({"command", "channels_us", "on"});
  TransmitterCommand c;
  if (r.has("on")) {
    if (r.text("on") != "false") r.fail("on", "only false (the transmitter off); channels_us switches it on");
    if (r.has("channels_us")) r.fail("channels_us", "not with on: false");
    c.on = false;
    return c;
  }
  const YamlReader channels = r.child("channels_us");
  const std::size_t count = channels.sequenceSize(1, kTransmitterChannels, "channels");
  for (std::size_t i = 0; i < count; ++i) {
    const YamlReader ch = channels.item(i);
    double us = 0;
    try {
      us = ch.node().as<double>();
    } catch (const std::exception&) {
      ch.fail("", "must be a pulse width in µs");
    }
    if (!(us >= 800.0 && us <= 2200.0)) ch.fail("", "must be 800..2200 µs, got " + std::to_string(us));
    c.channels_us[i] = std::uint16_t(std::lround(us));
  }
  c.channel_count = int(count);
  return c;
}

}  // namespace

const char* pacingModeName(PacingMode mode) {
  switch (mode) {
    case PacingMode::Realtime:
      return "realtime";
    case PacingMode::Lockstep:
      return "lockstep";
    case PacingMode::Fast:
      return "fast";
  }
  return "?";
}

std::optional<PacingMode> pacingModeFromName(const std::string& name) {
  for (PacingMode m : {PacingMode::Realtime, PacingMode::Lockstep, PacingMode::Fast})
    if (name == pacingModeName(m)) return m;
  return std::nullopt;
}

Result<ControlCommand> parseControlCommand(const std::string& line, const std::string& folder) {
  try {
    const YamlReader r = YamlReader::parse(line);
    const std::string name = r.text("command");
    if (name == "reset") return ControlCommand{readReset(r)};
    if (name == "geometry") return ControlCommand{readGeometry(r, folder)};
    if (name == "world") return ControlCommand{readWorld(r, folder)};
    if (name == "hold") return ControlCommand{readHold(r)};
    if (name == "transmitter") return ControlCommand{readTransmitter(r)};
    if (name == "release") {
      r.allowOnly({"command"});
      return ControlCommand{ReleaseCommand{}};
    }
    if (name == "pause" || name == "resume") {
      r.allowOnly({"command"});
      return ControlCommand{PauseCommand{name == "pause"}};
    }
    if (name == "mode") {
      r.allowOnly({"command", "mode"});
      const auto mode = pacingModeFromName(r.text("mode"));
      if (!mode) r.fail("mode", "must be realtime, lockstep or fast, got '" + r.text("mode") + "'");
      return ControlCommand{ModeCommand{*mode}};
    }
    r.fail("command", "unknown command '" + name +
                          "' (expected reset, geometry, world, hold, release, transmitter, pause, resume or mode)");
  } catch (const ConfigError& e) {
    return Error{e.what()};
  } catch (const YAML::Exception& e) {
    return Error{printableText(e.what())};
  }
}

}  // namespace vsim
