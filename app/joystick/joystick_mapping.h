// Pilot sticks, the mapping of raw axes and buttons to pilot roles, one device's calibration
// (every axis plus the mapping), and the plain functions between raw device values and
// pilot values: sticksFromRaw, the default calibration from a gamepad layout, and press-edge
// detection for the button actions.
//
// Sign conventions at each stage, for a Mode-2 gamepad's right stick pushed AWAY from the
// pilot (pitch forward, nose down):
//   SDL raw axis: NEGATIVE (SDL reports up/forward as negative, pulled back as positive);
//   AxisCalibration of the pitch axis: reversed = true, so stickFromRaw gives +1;
//   PilotSticks::pitch = +1 (forward); MANUAL_CONTROL x = +1000; firmware fc_sticks_t
//   pitch = +1 ("+1 forward (nose down)", firmware/core/flight.h).
// Roll right, yaw right (clockwise seen from above) and throttle up are +; throttle is 0..1.
// The left stick's Y (throttle) is likewise reversed on a gamepad: up is raw negative.
// Thread contract: plain values and pure functions; any thread. ButtonEdgeDetector is owned by
// one thread.
#pragma once

#include "app/joystick/axis_calibration.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <array>

namespace navigator::joystick {

// Pilot input as the firmware takes it: roll +1 right, pitch +1 forward (nose down), yaw +1
// clockwise, throttle 0..1. Neutral is sticks centred and throttle 0.
struct PilotSticks {
  double roll = 0.0, pitch = 0.0, yaw = 0.0, throttle = 0.0;
  bool operator==(const PilotSticks&) const = default;
};

enum class StickRole { Roll = 0, Pitch, Yaw, Throttle };
inline constexpr int kStickRoleCount = 4;

// What a mapped button does, on its press edge.
enum class PilotAction { Arm = 0, Disarm, ModeAcro, ModeAngle, ModeAltHold };
inline constexpr int kPilotActionCount = 5;

// The firmware's mode number for a mode action (vayu_mode_t in firmware/protocol/vayu_protocol.h: ACRO 0,
// ANGLE 1, ALT_HOLD 2; the joystick tests check they agree); -1 for arm/disarm.
int firmwareMode(PilotAction action);

QString roleName(StickRole role);        // "roll", "pitch", ... (settings keys, messages)
QString actionName(PilotAction action);  // "arm", "disarm", "acro", "angle", "alt_hold"

struct JoystickMapping {
  std::array<int, kStickRoleCount> axis{-1, -1, -1, -1};          // raw axis index per StickRole, -1 none
  std::array<int, kPilotActionCount> button{-1, -1, -1, -1, -1};  // raw button per PilotAction, -1 none

  int axisFor(StickRole r) const { return axis[std::size_t(r)]; }
  int buttonFor(PilotAction a) const { return button[std::size_t(a)]; }
  bool operator==(const JoystickMapping&) const = default;
};

// Empty when every mapped index exists on a device with these counts and no axis or button
// serves two roles; otherwise one message per problem, e.g. "pitch: axis 7 does not exist
// (the device has 4 axes)".
QStringList validate(const JoystickMapping& m, int axis_count, int button_count);

// One device's calibration: one AxisCalibration per raw axis, and the mapping.
struct JoystickCalibration {
  QList<AxisCalibration> axes;
  JoystickMapping mapping;
  bool operator==(const JoystickCalibration&) const = default;
};

// Where a gamepad's standard controls sit among the raw axes and buttons (SDL's
// game-controller database tells for known pads); -1 when unknown.
struct GamepadLayout {
  int left_x = -1, left_y = -1, right_x = -1, right_y = -1;
  int button_a = -1, button_x = -1, button_y = -1, button_back = -1, button_start = -1;
  // The usual raw order of a pad SDL does not know (left X/Y, right X/Y; A B X Y, back, start
  // as buttons 0, 2, 3, 6, 7 after xpad).
  static GamepadLayout rawDefault();
};

inline constexpr double kDefaultStickDeadband = 0.05;  // hides a worn pad's centre drift

// Mode 2 on the given layout: yaw = left X, throttle = left Y (reversed: up is raw negative),
// roll = right X, pitch = right Y (reversed); arm = start, disarm = back, ACRO = X,
// ANGLE = A, ALT_HOLD = Y. Full raw range per axis, centre 0, kDefaultStickDeadband on the
// stick roles, no expo. Layout entries missing from the device stay unmapped.
JoystickCalibration defaultCalibration(int axis_count, int button_count, const GamepadLayout& layout);

// The pilot sticks for the raw axes of a device. Unmapped roles, and mapped axes missing
// from `raw_axes` or `c.axes`, give neutral (0, throttle 0). Precondition: c's axes validate.
PilotSticks sticksFromRaw(const JoystickCalibration& c, const QList<int>& raw_axes);

// Turns raw button states into actions on the PRESS edge only. A button already held when
// the detector is reset (or first sees it) does not fire until released and pressed again.
class ButtonEdgeDetector {
 public:
  void reset(const QList<bool>& held) { previous_ = held; }
  QList<PilotAction> update(const QList<bool>& buttons, const JoystickMapping& m);

 private:
  QList<bool> previous_;
};

}  // namespace navigator::joystick
