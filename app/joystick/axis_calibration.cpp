#include "app/joystick/axis_calibration.h"

#include <algorithm>
#include <cmath>

namespace navigator::joystick {

QString validate(const AxisCalibration& c) {
  if (c.raw_min < kRawAxisMin || c.raw_max > kRawAxisMax)
    return QStringLiteral("min/max (%1/%2) outside the raw range %3..%4")
        .arg(c.raw_min)
        .arg(c.raw_max)
        .arg(kRawAxisMin)
        .arg(kRawAxisMax);
  if (c.raw_min >= c.raw_max) return QStringLiteral("min (%1) is not below max (%2)").arg(c.raw_min).arg(c.raw_max);
  if (c.raw_centre < c.raw_min || c.raw_centre > c.raw_max)
    return QStringLiteral("centre (%1) is outside min..max (%2..%3)").arg(c.raw_centre).arg(c.raw_min).arg(c.raw_max);
  if (!std::isfinite(c.deadband) || c.deadband < 0.0 || c.deadband > kMaxDeadband)
    return QStringLiteral("deadband (%1) is outside 0..%2").arg(c.deadband).arg(kMaxDeadband);
  if (!std::isfinite(c.expo) || c.expo < 0.0 || c.expo > 1.0)
    return QStringLiteral("expo (%1) is outside 0..1").arg(c.expo);
  return {};
}

double shapeStick(double x, double deadband, double expo) {
  if (!std::isfinite(x)) return 0.0;
  x = std::clamp(x, -1.0, 1.0);
  const double magnitude = std::abs(x);
  if (magnitude <= deadband) return 0.0;
  // Rescaled past the band so the output starts at 0 on its edge and still reaches 1.
  x = std::copysign((magnitude - deadband) / (1.0 - deadband), x);
  return (1.0 - expo) * x + expo * x * x * x;
}

double stickFromRaw(const AxisCalibration& c, int raw) {
  raw = std::clamp(raw, c.raw_min, c.raw_max);
  // After the clamp a side with zero half-range is never entered, so no division by zero.
  double x = 0.0;
  if (raw > c.raw_centre)
    x = double(raw - c.raw_centre) / double(c.raw_max - c.raw_centre);
  else if (raw < c.raw_centre)
    x = double(raw - c.raw_centre) / double(c.raw_centre - c.raw_min);
  if (c.reversed) x = -x;
  return shapeStick(x, c.deadband, c.expo);
}

double throttleFromRaw(const AxisCalibration& c, int raw) {
  raw = std::clamp(raw, c.raw_min, c.raw_max);
  const double t = double(raw - c.raw_min) / double(c.raw_max - c.raw_min);
  return c.reversed ? 1.0 - t : t;
}

}  // namespace navigator::joystick
