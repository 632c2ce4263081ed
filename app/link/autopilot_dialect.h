// Autopilot dialects: what a ground station must know of the flight stack behind a HEARTBEAT to
// name its flight modes and to ask for one — Vayu (this project's firmware), PX4 and ArduPilot.
// Plain tables and functions, no Qt: the numbers are the autopilots' published ones, each
// table citing its source, and the tests check them against those sources.
//   - Recognition: HEARTBEAT.autopilot (MAV_AUTOPILOT: 0 GENERIC is Vayu, 3 ARDUPILOTMEGA,
//     12 PX4) and HEARTBEAT.type (MAV_TYPE: ArduPilot's mode numbers depend on the vehicle).
//   - Modes: HEARTBEAT.custom_mode. Vayu and ArduCopter: the mode number itself. PX4: a
//     union of main mode (bits 16–23) and sub mode (bits 24–31), px4_custom_mode.h.
//   - Asking for a mode: MAV_CMD_DO_SET_MODE with param1 = MAV_MODE_FLAG_CUSTOM_MODE_ENABLED,
//     param2 = the custom mode (Vayu, ArduPilot) or PX4's main mode, param3 = PX4's sub mode.
// Any thread (constant tables).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace navigator {

// MAVLink numbers the dialects need beyond firmware/protocol/vayu_protocol.h (common.xml).
namespace mav {
constexpr std::uint8_t kAutopilotGeneric = 0;        // MAV_AUTOPILOT_GENERIC: Vayu reports this
constexpr std::uint8_t kAutopilotArduPilotMega = 3;  // MAV_AUTOPILOT_ARDUPILOTMEGA
constexpr std::uint8_t kAutopilotPx4 = 12;           // MAV_AUTOPILOT_PX4
constexpr std::uint8_t kCompAutopilot1 = 1;          // MAV_COMP_ID_AUTOPILOT1
// MAV_TYPE values named in the vehicle list.
constexpr std::uint8_t kTypeFixedWing = 1, kTypeQuadrotor = 2, kTypeCoaxial = 3, kTypeHelicopter = 4,
                       kTypeGroundRover = 10, kTypeSurfaceBoat = 11, kTypeSubmarine = 12, kTypeHexarotor = 13,
                       kTypeOctorotor = 14, kTypeTricopter = 15, kTypeRocket = 9, kTypeVtolTailsitterDuo = 19,
                       kTypeVtolTailsitterQuad = 20, kTypeVtolTiltrotor = 21, kTypeVtolFixedrotor = 22,
                       kTypeVtolTailsitter = 23, kTypeVtolTiltwing = 24, kTypeDodecarotor = 29, kTypeDecarotor = 35;
// MAV_DATA_STREAM_ALL: REQUEST_DATA_STREAM for every stream (ArduPilot streams nothing on a
// port until a ground station asks: ArduCopter's SRn_* rates default to 0).
constexpr std::uint8_t kDataStreamAll = 0;
constexpr std::uint8_t kGpsFix2d = 2, kGpsFix3d = 3;  // GPS_FIX_TYPE
// MAV_CMD of the guided actions (Takeoff, Land, Return) PX4 and ArduPilot carry out.
constexpr std::uint16_t kCmdNavReturnToLaunch = 20, kCmdNavLand = 21, kCmdNavTakeoff = 22;
// MAV_PROTOCOL_CAPABILITY bits of AUTOPILOT_VERSION.capabilities that say how integer
// parameters travel in PARAM_VALUE/PARAM_SET's float field (common.xml): BYTEWISE — the
// integer's bytes in the float's place (PX4); C_CAST — the number converted to float
// (ArduPilot). PARAM_FLOAT (bit 1) is deprecated "replaced by PARAM_ENCODE_C_CAST": ArduPilot
// declared it before the C_CAST bit existed.
constexpr std::uint64_t kCapabilityParamFloat = 1ull << 1;
constexpr std::uint64_t kCapabilityParamEncodeBytewise = 1ull << 4;
constexpr std::uint64_t kCapabilityParamEncodeCCast = 1ull << 17;
constexpr std::uint64_t kCapabilityMissionFloat = 1ull << 0, kCapabilityMissionInt = 1ull << 2,
                        kCapabilityCommandInt = 1ull << 3, kCapabilityFtp = 1ull << 5,
                        kCapabilitySetAttitudeTarget = 1ull << 6, kCapabilitySetPositionTargetLocalNed = 1ull << 7,
                        kCapabilitySetPositionTargetGlobalInt = 1ull << 8, kCapabilityFlightTermination = 1ull << 11,
                        kCapabilityMavlink2 = 1ull << 13;
}  // namespace mav

enum class Autopilot { Unknown, Vayu, Px4, ArduPilot };

// One flight mode a vehicle can be asked for: its name as the autopilot's own ground station
// shows it and the HEARTBEAT.custom_mode that means it.
struct FlightModeEntry {
  std::string name;
  std::uint32_t custom_mode = 0;
};

// MAV_CMD_DO_SET_MODE's parameters 1..3 for one mode.
struct DoSetModeParams {
  float param1 = 0, param2 = 0, param3 = 0;
};

// PX4's custom_mode of a main and sub mode (px4_custom_mode.h: union { uint16 reserved;
// uint8 main_mode; uint8 sub_mode; }, little-endian).
constexpr std::uint32_t px4CustomMode(std::uint8_t main_mode, std::uint8_t sub_mode = 0) {
  return (std::uint32_t(main_mode) << 16) | (std::uint32_t(sub_mode) << 24);
}
constexpr std::uint8_t px4MainMode(std::uint32_t custom_mode) { return std::uint8_t(custom_mode >> 16); }
constexpr std::uint8_t px4SubMode(std::uint32_t custom_mode) { return std::uint8_t(custom_mode >> 24); }

// PX4's main and AUTO sub modes (src/modules/commander/px4_custom_mode.h).
enum Px4MainMode : std::uint8_t {
  kPx4Manual = 1,
  kPx4Altctl = 2,
  kPx4Posctl = 3,
  kPx4Auto = 4,
  kPx4Acro = 5,
  kPx4Offboard = 6,
  kPx4Stabilized = 7,
  kPx4Rattitude = 8,
  kPx4Simple = 9,
  kPx4Termination = 10,
  kPx4AltitudeCruise = 11
};
enum Px4AutoSubMode : std::uint8_t {
  kPx4AutoReady = 1,
  kPx4AutoTakeoff = 2,
  kPx4AutoLoiter = 3,
  kPx4AutoMission = 4,
  kPx4AutoRtl = 5,
  kPx4AutoLand = 6,
  kPx4AutoRtgs = 7,
  kPx4AutoFollowTarget = 8,
  kPx4AutoPrecland = 9,
  kPx4AutoVtolTakeoff = 10
};
enum Px4PosctlSubMode : std::uint8_t { kPx4PosctlPosctl = 0, kPx4PosctlOrbit = 1, kPx4PosctlSlow = 2 };

Autopilot autopilotOf(std::uint8_t mav_autopilot);
// "Vayu", "PX4", "ArduCopter" (ArduPilot by vehicle: ArduCopter, ArduPlane, ArduRover, ArduSub,
// or "ArduPilot" for another type); empty for Unknown. Product names, never translated.
std::string autopilotName(Autopilot autopilot, std::uint8_t mav_type);
// A multirotor or helicopter (ArduCopter's airframes).
bool isCopterType(std::uint8_t mav_type);

// The modes a pilot may ask for, in the order a menu shows them; empty when the dialect has no
// table for this autopilot and vehicle type (ArduPlane, ArduRover: not done).
std::vector<FlightModeEntry> flightModes(Autopilot autopilot, std::uint8_t mav_type);
// The name of a reported custom_mode, including modes a pilot cannot ask for (PX4's
// Termination, ArduCopter's AUTO_RTL); nullopt for a number the dialect does not know.
std::optional<std::string> flightModeName(Autopilot autopilot, std::uint8_t mav_type, std::uint32_t custom_mode);
DoSetModeParams doSetModeParams(Autopilot autopilot, std::uint32_t custom_mode);
// Whether the mode takes the throttle stick as a climb rate (centre: hold the height) rather
// than as thrust: Vayu's ALT_HOLD (firmware/core/stage_setpoints.c); PX4's Altitude, Position
// and Altitude Cruise (docs.px4.io, "Altitude Mode", "Position Mode": the throttle stick sets
// the climb rate); ArduCopter's ALT_HOLD, LOITER, SPORT, POSHOLD and FLOWHOLD
// (ardupilot.org/copter, "Flight Modes": their throttle controls the climb rate, centre holds).
bool throttleIsClimbRate(Autopilot autopilot, std::uint8_t mav_type, std::uint32_t custom_mode);
// The component commands and parameter requests go to: the autopilot (1) for PX4 and
// ArduPilot whatever component the heartbeat came from; otherwise the heartbeat's.
std::uint8_t commandComponent(Autopilot autopilot, std::uint8_t heartbeat_component);

}  // namespace navigator
