// ArduPilot's sensor calibration protocol, as MAVLink's common.xml and ardupilotmega.xml define
// it and ArduPilot's own ground stations drive it (the numbers below are those files' values):
//  - Accelerometer: MAV_CMD_PREFLIGHT_CALIBRATION param5 = 1 starts it; the vehicle then asks
//    for each side with a COMMAND_LONG MAV_CMD_ACCELCAL_VEHICLE_POS (42429) whose param1 is an
//    ACCELCAL_VEHICLE_POS (1 level, 2 left side down, 3 right side down, 4 nose down, 5 nose up,
//    6 on its back), and says how it ended with the same command and 16777215 (SUCCESS) or
//    16777216 (FAILED). Once the user has placed the vehicle, the station answers with its own
//    COMMAND_LONG MAV_CMD_ACCELCAL_VEHICLE_POS naming the side asked; the station's FAILED
//    stops it (cancel).
//  - Compass: MAV_CMD_DO_START_MAG_CAL (42424: param1 compass mask, 0 = all; param2 retry on
//    failure; param3 autosave; param4 delay [s]; param5 reboot after), MAG_CAL_PROGRESS (191,
//    completion_pct per compass) and MAG_CAL_REPORT (192: cal_status MAG_CAL_STATUS, fitness
//    [mGauss], offsets), MAV_CMD_DO_ACCEPT_MAG_CAL (42425) keeps the result,
//    MAV_CMD_DO_CANCEL_MAG_CAL (42426) stops it.
//  - Gyroscope (param1 = 1) and level (param5 = 2): MAV_CMD_PREFLIGHT_CALIBRATION, done when
//    the vehicle accepts the command (ArduPilot runs them before it answers).
#pragma once

#include "app/vehicle/calibration_messages.h"

#include <QString>

#include <array>
#include <cstdint>
#include <optional>

namespace navigator::ardupilot_cal {

inline constexpr std::uint16_t kAccelcalVehiclePos = 42429;  // ardupilotmega.xml MAV_CMD
inline constexpr std::uint16_t kDoStartMagCal = 42424;       // common.xml MAV_CMD
inline constexpr std::uint16_t kDoAcceptMagCal = 42425;
inline constexpr std::uint16_t kDoCancelMagCal = 42426;
inline constexpr std::int32_t kPosSuccess = 16777215;  // ACCELCAL_VEHICLE_POS_SUCCESS
inline constexpr std::int32_t kPosFailed = 16777216;   // ACCELCAL_VEHICLE_POS_FAILED

// common.xml MAG_CAL_STATUS.
enum class MagCalStatus : std::uint8_t {
  NotStarted = 0,
  WaitingToStart = 1,
  RunningStepOne = 2,
  RunningStepTwo = 3,
  Success = 4,
  Failed = 5,
  BadOrientation = 6,
  BadRadius = 7
};

// ACCELCAL_VEHICLE_POS 1..6 as the station's side (nullopt: not a side, e.g. SUCCESS), and back.
std::optional<CalSide> sideOfPosition(std::int32_t position);
std::int32_t positionOf(CalSide side);

// MAG_CAL_STATUS in words for the user ("bad radius: …"); an unknown number says its number.
QString magCalStatusText(int status);

// MAV_CMD_DO_START_MAG_CAL's parameters: every compass, no retry (a failure ends it and is
// shown), no autosave (the user accepts the result), no delay, no reboot.
std::array<float, 7> startMagCalParams();

// One compass's MAG_CAL_REPORT.
struct CompassReport {
  int compass_id = 0;
  int status = 0;  // MAG_CAL_STATUS
  float fitness_mgauss = 0;
  std::array<float, 3> offsets_mgauss{};  // x, y, z
  bool autosaved = false;
};

}  // namespace navigator::ardupilot_cal
