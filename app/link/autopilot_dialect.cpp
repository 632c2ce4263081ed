#include "app/link/autopilot_dialect.h"

#include "firmware/protocol/vayu_protocol.h"

#include <array>

namespace navigator {
namespace {

struct ModeRow {
  const char* name;
  std::uint32_t custom_mode;
  bool settable;  // offered in the menu (others are only named when reported)
};

// PX4, src/modules/commander/px4_custom_mode.h for the numbers; names as QGroundControl's
// PX4FirmwarePlugin shows them ("Position", "Hold", "Return", …). Settable: the modes a
// multicopter pilot switches to from a ground station.
constexpr std::array kPx4Modes{
    ModeRow{"Manual", px4CustomMode(kPx4Manual), true},
    ModeRow{"Stabilized", px4CustomMode(kPx4Stabilized), true},
    ModeRow{"Acro", px4CustomMode(kPx4Acro), true},
    ModeRow{"Altitude", px4CustomMode(kPx4Altctl), true},
    ModeRow{"Position", px4CustomMode(kPx4Posctl, kPx4PosctlPosctl), true},
    ModeRow{"Orbit", px4CustomMode(kPx4Posctl, kPx4PosctlOrbit), false},
    ModeRow{"Position Slow", px4CustomMode(kPx4Posctl, kPx4PosctlSlow), false},
    ModeRow{"Offboard", px4CustomMode(kPx4Offboard), true},
    ModeRow{"Hold", px4CustomMode(kPx4Auto, kPx4AutoLoiter), true},
    ModeRow{"Mission", px4CustomMode(kPx4Auto, kPx4AutoMission), true},
    ModeRow{"Return", px4CustomMode(kPx4Auto, kPx4AutoRtl), true},
    ModeRow{"Land", px4CustomMode(kPx4Auto, kPx4AutoLand), true},
    ModeRow{"Precision Land", px4CustomMode(kPx4Auto, kPx4AutoPrecland), true},
    ModeRow{"Takeoff", px4CustomMode(kPx4Auto, kPx4AutoTakeoff), true},
    ModeRow{"Follow Me", px4CustomMode(kPx4Auto, kPx4AutoFollowTarget), true},
    ModeRow{"Ready", px4CustomMode(kPx4Auto, kPx4AutoReady), false},
    ModeRow{"Return to Groundstation", px4CustomMode(kPx4Auto, kPx4AutoRtgs), false},
    ModeRow{"VTOL Takeoff", px4CustomMode(kPx4Auto, kPx4AutoVtolTakeoff), false},
    ModeRow{"Rattitude", px4CustomMode(kPx4Rattitude), false},
    ModeRow{"Simple", px4CustomMode(kPx4Simple), false},
    ModeRow{"Termination", px4CustomMode(kPx4Termination), false},
    ModeRow{"Altitude Cruise", px4CustomMode(kPx4AltitudeCruise), false},
};

// ArduCopter, ArduCopter/mode.h (enum class Mode::Number), names as the enum spells them.
// AUTO_RTL is AUTO reporting a DO_LAND_START landing, AVOID_ADSB is entered by the avoidance
// library and AUTOROTATE by a helicopter's failsafe: named, not offered.
constexpr std::array kArduCopterModes{
    ModeRow{"STABILIZE", 0, true},  ModeRow{"ACRO", 1, true},         ModeRow{"ALT_HOLD", 2, true},
    ModeRow{"AUTO", 3, true},       ModeRow{"GUIDED", 4, true},       ModeRow{"LOITER", 5, true},
    ModeRow{"RTL", 6, true},        ModeRow{"CIRCLE", 7, true},       ModeRow{"LAND", 9, true},
    ModeRow{"DRIFT", 11, true},     ModeRow{"SPORT", 13, true},       ModeRow{"FLIP", 14, true},
    ModeRow{"AUTOTUNE", 15, true},  ModeRow{"POSHOLD", 16, true},     ModeRow{"BRAKE", 17, true},
    ModeRow{"THROW", 18, true},     ModeRow{"AVOID_ADSB", 19, false}, ModeRow{"GUIDED_NOGPS", 20, true},
    ModeRow{"SMART_RTL", 21, true}, ModeRow{"FLOWHOLD", 22, true},    ModeRow{"FOLLOW", 23, true},
    ModeRow{"ZIGZAG", 24, true},    ModeRow{"SYSTEMID", 25, true},    ModeRow{"AUTOROTATE", 26, false},
    ModeRow{"AUTO_RTL", 27, false}, ModeRow{"TURTLE", 28, true},
};

template <std::size_t N>
std::vector<FlightModeEntry> settable(const std::array<ModeRow, N>& rows) {
  std::vector<FlightModeEntry> out;
  for (const ModeRow& r : rows)
    if (r.settable) out.push_back({r.name, r.custom_mode});
  return out;
}

template <std::size_t N>
std::optional<std::string> nameIn(const std::array<ModeRow, N>& rows, std::uint32_t custom_mode) {
  for (const ModeRow& r : rows)
    if (r.custom_mode == custom_mode) return std::string(r.name);
  return std::nullopt;
}

std::optional<std::string> px4ModeName(std::uint32_t custom_mode) {
  // The low 16 bits are reserved: only main and sub mode identify a mode, and a main mode
  // other than AUTO and POSCTL has no sub modes (PX4 leaves the byte as it was).
  const std::uint8_t main = px4MainMode(custom_mode);
  const std::uint8_t sub = main == kPx4Auto || main == kPx4Posctl ? px4SubMode(custom_mode) : 0;
  return nameIn(kPx4Modes, px4CustomMode(main, sub));
}

bool isFixedWingType(std::uint8_t t) { return t == mav::kTypeFixedWing || (t >= 19 && t <= 25); }

}  // namespace

Autopilot autopilotOf(std::uint8_t mav_autopilot) {
  switch (mav_autopilot) {
    case mav::kAutopilotGeneric:
      return Autopilot::Vayu;
    case mav::kAutopilotPx4:
      return Autopilot::Px4;
    case mav::kAutopilotArduPilotMega:
      return Autopilot::ArduPilot;
    default:
      return Autopilot::Unknown;
  }
}

bool isCopterType(std::uint8_t t) {
  switch (t) {
    case mav::kTypeQuadrotor:
    case mav::kTypeCoaxial:
    case mav::kTypeHelicopter:
    case mav::kTypeHexarotor:
    case mav::kTypeOctorotor:
    case mav::kTypeTricopter:
    case mav::kTypeDodecarotor:
    case mav::kTypeDecarotor:
      return true;
    default:
      return false;
  }
}

std::string autopilotName(Autopilot autopilot, std::uint8_t mav_type) {
  switch (autopilot) {
    case Autopilot::Vayu:
      return "Vayu";
    case Autopilot::Px4:
      return "PX4";
    case Autopilot::ArduPilot:
      if (isCopterType(mav_type)) return "ArduCopter";
      if (isFixedWingType(mav_type)) return "ArduPlane";
      if (mav_type == mav::kTypeGroundRover || mav_type == mav::kTypeSurfaceBoat) return "ArduRover";
      if (mav_type == mav::kTypeSubmarine) return "ArduSub";
      return "ArduPilot";
    case Autopilot::Unknown:
      break;
  }
  return {};
}

std::vector<FlightModeEntry> flightModes(Autopilot autopilot, std::uint8_t mav_type) {
  switch (autopilot) {
    case Autopilot::Vayu: {
      std::vector<FlightModeEntry> out;
      out.reserve(std::size_t(VAYU_MODE_COUNT));
      for (int m = 0; m < VAYU_MODE_COUNT; ++m) out.push_back({vayu_mode_name(m), std::uint32_t(m)});
      return out;
    }
    case Autopilot::Px4:
      return settable(kPx4Modes);
    case Autopilot::ArduPilot:
      return isCopterType(mav_type) ? settable(kArduCopterModes) : std::vector<FlightModeEntry>{};
    case Autopilot::Unknown:
      break;
  }
  return {};
}

std::optional<std::string> flightModeName(Autopilot autopilot, std::uint8_t mav_type, std::uint32_t custom_mode) {
  switch (autopilot) {
    case Autopilot::Vayu: {
      const char* name = custom_mode < std::uint32_t(VAYU_MODE_COUNT) ? vayu_mode_name(int(custom_mode)) : nullptr;
      return name ? std::optional<std::string>(name) : std::nullopt;
    }
    case Autopilot::Px4:
      return px4ModeName(custom_mode);
    case Autopilot::ArduPilot:
      return isCopterType(mav_type) ? nameIn(kArduCopterModes, custom_mode) : std::nullopt;
    case Autopilot::Unknown:
      break;
  }
  return std::nullopt;
}

DoSetModeParams doSetModeParams(Autopilot autopilot, std::uint32_t custom_mode) {
  DoSetModeParams p;
  p.param1 = float(MAV_MODE_FLAG_CUSTOM_MODE_ENABLED);
  if (autopilot == Autopilot::Px4) {
    p.param2 = float(px4MainMode(custom_mode));
    p.param3 = float(px4SubMode(custom_mode));
  } else {
    p.param2 = float(custom_mode);
  }
  return p;
}

std::uint8_t commandComponent(Autopilot autopilot, std::uint8_t heartbeat_component) {
  return autopilot == Autopilot::Px4 || autopilot == Autopilot::ArduPilot ? mav::kCompAutopilot1 : heartbeat_component;
}

bool throttleIsClimbRate(Autopilot autopilot, std::uint8_t mav_type, std::uint32_t custom_mode) {
  switch (autopilot) {
    case Autopilot::Vayu:
      return vayu_mode_climb_rate_throttle(int(custom_mode));
    case Autopilot::Px4: {
      const std::uint8_t main = px4MainMode(custom_mode);
      return main == kPx4Altctl || main == kPx4Posctl || main == kPx4AltitudeCruise;
    }
    case Autopilot::ArduPilot:
      if (!isCopterType(mav_type)) return false;
      return custom_mode == 2 || custom_mode == 5 || custom_mode == 13 || custom_mode == 16 || custom_mode == 22;
    case Autopilot::Unknown:
      break;
  }
  return false;
}

}  // namespace navigator
