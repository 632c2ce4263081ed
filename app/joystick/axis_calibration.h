// AxisCalibration: how one raw joystick axis becomes a pilot stick value, and the plain
// functions that apply it. Raw values are SDL's (-32768..32767, SDL_JoystickGetAxis);
// calibrated values are dimensionless: a stick in [-1, 1], a throttle in [0, 1].
//
// Stick (roll, pitch, yaw): the raw value is clamped to [min, max], scaled by the half-range
// on its side of the centre to x in [-1, 1] (+1 at raw max), negated when reversed, then
//   deadband d (fraction of the half-range): |x| <= d gives 0, beyond it x is rescaled to
//     sign(x)·(|x| - d)/(1 - d), so the output is continuous at the deadband edge and still
//     reaches ±1 at the limits;
//   expo e in [0, 1]: out = (1 - e)·x + e·x³ (the usual cubic blend; slope 1 - e at centre).
// Throttle: the FULL raw range maps linearly to [0, 1] (raw min → 0, raw max → 1, swapped
// when reversed); centre, deadband and expo do not apply. A spring-centred gamepad stick
// therefore rests at 0.5, which the firmware's ALT_HOLD reads as "hold height".
// Thread contract: plain values and pure functions; any thread.
#pragma once

#include <QString>

namespace navigator::joystick {

inline constexpr int kRawAxisMin = -32768;
inline constexpr int kRawAxisMax = 32767;
inline constexpr double kMaxDeadband = 0.5;  // of the half-range; more leaves too little stick

struct AxisCalibration {
  int raw_min = kRawAxisMin;
  int raw_centre = 0;
  int raw_max = kRawAxisMax;
  double deadband = 0.0;  // fraction of the half-range, [0, kMaxDeadband]
  double expo = 0.0;      // [0, 1]
  bool reversed = false;

  bool operator==(const AxisCalibration&) const = default;
};

// Empty when the calibration is usable; otherwise what is wrong with which field, e.g.
// "min (100) is not below max (-5)". Requires kRawAxisMin <= min < max <= kRawAxisMax,
// min <= centre <= max, finite deadband in [0, kMaxDeadband], finite expo in [0, 1].
QString validate(const AxisCalibration& c);

// The shaping alone: deadband then expo applied to x in [-1, 1] (clamped first; NaN → 0).
double shapeStick(double x, double deadband, double expo);

// Raw → stick in [-1, 1] as described above. Precondition: validate(c) is empty.
double stickFromRaw(const AxisCalibration& c, int raw);

// Raw → throttle in [0, 1] as described above. Precondition: validate(c) is empty.
double throttleFromRaw(const AxisCalibration& c, int raw);

}  // namespace navigator::joystick
