#include "app/joystick/joystick_mapping.h"

#include "firmware/protocol/vayu_protocol.h"

namespace navigator::joystick {

int firmwareMode(PilotAction action) {
  switch (action) {
    case PilotAction::ModeAcro:
      return VAYU_MODE_ACRO;
    case PilotAction::ModeAngle:
      return VAYU_MODE_ANGLE;
    case PilotAction::ModeAltHold:
      return VAYU_MODE_ALT_HOLD;
    case PilotAction::Arm:
    case PilotAction::Disarm:
      return -1;
  }
  return -1;
}

QString roleName(StickRole role) {
  static const char* const names[kStickRoleCount] = {"roll", "pitch", "yaw", "throttle"};
  return QString::fromLatin1(names[int(role)]);
}

QString actionName(PilotAction action) {
  static const char* const names[kPilotActionCount] = {"arm", "disarm", "acro", "angle", "alt_hold"};
  return QString::fromLatin1(names[int(action)]);
}

QStringList validate(const JoystickMapping& m, int axis_count, int button_count) {
  QStringList problems;
  for (int r = 0; r < kStickRoleCount; ++r) {
    const int a = m.axis[std::size_t(r)];
    const QString name = roleName(StickRole(r));
    if (a < -1 || a >= axis_count) {
      problems
          << QStringLiteral("%1: axis %2 does not exist (the device has %3 axes)").arg(name).arg(a).arg(axis_count);
      continue;
    }
    for (int other = 0; other < r && a >= 0; ++other)
      if (m.axis[std::size_t(other)] == a)
        problems << QStringLiteral("%1: axis %2 is already %3").arg(name).arg(a).arg(roleName(StickRole(other)));
  }
  for (int i = 0; i < kPilotActionCount; ++i) {
    const int b = m.button[std::size_t(i)];
    const QString name = actionName(PilotAction(i));
    if (b < -1 || b >= button_count) {
      problems << QStringLiteral("%1: button %2 does not exist (the device has %3 buttons)")
                      .arg(name)
                      .arg(b)
                      .arg(button_count);
      continue;
    }
    for (int other = 0; other < i && b >= 0; ++other)
      if (m.button[std::size_t(other)] == b)
        problems << QStringLiteral("%1: button %2 is already %3").arg(name).arg(b).arg(actionName(PilotAction(other)));
  }
  return problems;
}

GamepadLayout GamepadLayout::rawDefault() {
  GamepadLayout l;
  l.left_x = 0;
  l.left_y = 1;
  l.right_x = 2;
  l.right_y = 3;
  l.button_a = 0;
  l.button_x = 2;
  l.button_y = 3;
  l.button_back = 6;
  l.button_start = 7;
  return l;
}

JoystickCalibration defaultCalibration(int axis_count, int button_count, const GamepadLayout& layout) {
  JoystickCalibration c;
  c.axes = QList<AxisCalibration>(qMax(axis_count, 0));
  const auto axis = [&](int index) { return index >= 0 && index < axis_count ? index : -1; };
  const auto button = [&](int index) { return index >= 0 && index < button_count ? index : -1; };
  JoystickMapping& m = c.mapping;
  m.axis[std::size_t(StickRole::Roll)] = axis(layout.right_x);
  m.axis[std::size_t(StickRole::Pitch)] = axis(layout.right_y);
  m.axis[std::size_t(StickRole::Yaw)] = axis(layout.left_x);
  m.axis[std::size_t(StickRole::Throttle)] = axis(layout.left_y);
  m.button[std::size_t(PilotAction::Arm)] = button(layout.button_start);
  m.button[std::size_t(PilotAction::Disarm)] = button(layout.button_back);
  m.button[std::size_t(PilotAction::ModeAcro)] = button(layout.button_x);
  m.button[std::size_t(PilotAction::ModeAngle)] = button(layout.button_a);
  m.button[std::size_t(PilotAction::ModeAltHold)] = button(layout.button_y);
  for (StickRole r : {StickRole::Roll, StickRole::Pitch, StickRole::Yaw})
    if (const int a = m.axisFor(r); a >= 0) c.axes[a].deadband = kDefaultStickDeadband;
  for (StickRole r : {StickRole::Pitch, StickRole::Throttle})
    if (const int a = m.axisFor(r); a >= 0) c.axes[a].reversed = true;
  return c;
}

PilotSticks sticksFromRaw(const JoystickCalibration& c, const QList<int>& raw_axes) {
  const auto value = [&](StickRole role, bool throttle) {
    const int a = c.mapping.axisFor(role);
    if (a < 0 || a >= raw_axes.size() || a >= c.axes.size()) return 0.0;
    return throttle ? throttleFromRaw(c.axes[a], raw_axes[a]) : stickFromRaw(c.axes[a], raw_axes[a]);
  };
  PilotSticks s;
  s.roll = value(StickRole::Roll, false);
  s.pitch = value(StickRole::Pitch, false);
  s.yaw = value(StickRole::Yaw, false);
  s.throttle = value(StickRole::Throttle, true);
  return s;
}

QList<PilotAction> ButtonEdgeDetector::update(const QList<bool>& buttons, const JoystickMapping& m) {
  QList<PilotAction> actions;
  for (int i = 0; i < kPilotActionCount; ++i) {
    const int b = m.button[std::size_t(i)];
    if (b < 0 || b >= buttons.size()) continue;
    // A button the detector has not seen before counts as held, so it cannot fire at once.
    const bool was = b < previous_.size() ? previous_[b] : true;
    if (buttons[b] && !was) actions << PilotAction(i);
  }
  previous_ = buttons;
  return actions;
}

}  // namespace navigator::joystick
