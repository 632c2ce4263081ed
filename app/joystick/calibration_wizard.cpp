#include "app/joystick/calibration_wizard.h"

#include <cmath>

namespace navigator::joystick {

CalibrationWizard::CalibrationWizard(int axis_count, int button_count, const JoystickCalibration& previous)
    : axis_count_(qMax(axis_count, 0)), button_count_(qMax(button_count, 0)), result_(previous) {
  result_.axes.resize(axis_count_);
  for (int r = 0; r < kStickRoleCount; ++r) {
    const int a = previous.mapping.axis[std::size_t(r)];
    const bool stick = StickRole(r) != StickRole::Throttle;
    shaping_[std::size_t(r)] = a >= 0 && a < previous.axes.size()
                                   ? std::pair{previous.axes[a].deadband, previous.axes[a].expo}
                                   : std::pair{stick ? kDefaultStickDeadband : 0.0, 0.0};
    result_.mapping.axis[std::size_t(r)] = -1;  // every stick is assigned afresh
  }
  for (int& b : result_.mapping.button)
    if (b >= button_count_) b = -1;
  enter(Step::Centre);
}

void CalibrationWizard::enter(Step s) {
  step_ = s;
  sum_ = QList<qint64>(axis_count_, 0);
  samples_ = 0;
  seen_min_.clear();
  seen_max_.clear();
  for (int a = 0; a < axis_count_; ++a) {
    // Range starts from the centre just sampled, so the centre is always inside min..max.
    const int start = s == Step::Range ? result_.axes[a].raw_centre : 0;
    seen_min_ << (s == Step::Range ? start : kRawAxisMax);
    seen_max_ << (s == Step::Range ? start : kRawAxisMin);
  }
  peak_ = QList<double>(axis_count_, 0.0);
  buttons_seen_ = false;
}

double CalibrationWizard::deflection(int axis, int raw) const {
  const AxisCalibration& c = result_.axes[axis];
  if (raw > c.raw_centre && c.raw_max > c.raw_centre)
    return double(raw - c.raw_centre) / double(c.raw_max - c.raw_centre);
  if (raw < c.raw_centre && c.raw_min < c.raw_centre)
    return double(raw - c.raw_centre) / double(c.raw_centre - c.raw_min);
  return 0.0;
}

void CalibrationWizard::feed(const QList<int>& axes, const QList<bool>& buttons) {
  if (axes.size() < axis_count_ || buttons.size() < button_count_) return;
  if (step_ == Step::Centre || step_ == Step::Range) {
    for (int a = 0; a < axis_count_; ++a) {
      sum_[a] += axes[a];
      seen_min_[a] = qMin(seen_min_[a], axes[a]);
      seen_max_[a] = qMax(seen_max_[a], axes[a]);
    }
    ++samples_;
  } else if (isStickStep(step_)) {
    for (int a = 0; a < axis_count_; ++a) {
      if (result_.mapping.axis[std::size_t(StickRole::Roll)] == a ||
          result_.mapping.axis[std::size_t(StickRole::Pitch)] == a ||
          result_.mapping.axis[std::size_t(StickRole::Yaw)] == a ||
          result_.mapping.axis[std::size_t(StickRole::Throttle)] == a)
        continue;
      const double d = deflection(a, axes[a]);
      if (std::abs(d) > std::abs(peak_[a])) peak_[a] = d;
    }
  } else if (isButtonStep(step_)) {
    if (!buttons_seen_) {  // a button held when the step began is not a choice
      buttons_held_ = buttons;
      buttons_seen_ = true;
      return;
    }
    for (int b = 0; b < button_count_; ++b) {
      if (!buttons[b] || buttons_held_[b]) continue;
      for (int& other : result_.mapping.button)
        if (other == b) other = -1;
      result_.mapping.button[std::size_t(actionOf(step_))] = b;
      enter(Step(int(step_) + 1));
      return;
    }
    buttons_held_ = buttons;
  }
}

int CalibrationWizard::candidateAxis(bool* reversed) const {
  if (!isStickStep(step_)) return -1;
  int best = -1;
  for (int a = 0; a < axis_count_; ++a)
    if (std::abs(peak_[a]) >= kDetectFraction && (best < 0 || std::abs(peak_[a]) > std::abs(peak_[best]))) best = a;
  if (reversed) *reversed = best >= 0 && peak_[best] < 0;
  return best;
}

QString CalibrationWizard::next() {
  switch (step_) {
    case Step::Centre: {
      if (samples_ == 0) return tr("No values from the joystick yet; is it still connected?");
      for (int a = 0; a < axis_count_; ++a) {
        const double wander = double(seen_max_[a] - seen_min_[a]) / double(kRawAxisMax - kRawAxisMin);
        if (wander > kCentreWander) {
          enter(Step::Centre);
          return tr("Axis %1 moved while centring (%2 % of its range). Let go of every stick and press Next again.")
              .arg(a)
              .arg(std::lround(wander * 100.0));
        }
      }
      for (int a = 0; a < axis_count_; ++a) {
        result_.axes[a].raw_centre = int(std::lround(double(sum_[a]) / double(samples_)));
        result_.axes[a].raw_min = kRawAxisMin;
        result_.axes[a].raw_max = kRawAxisMax;
      }
      enter(Step::Range);
      return {};
    }
    case Step::Range: {
      bool any = false;
      for (int a = 0; a < axis_count_; ++a) {
        if (seen_max_[a] - seen_min_[a] < kMinRangeMove) continue;  // unused axis: full range
        result_.axes[a].raw_min = seen_min_[a];
        result_.axes[a].raw_max = seen_max_[a];
        any = true;
      }
      if (!any) return tr("No stick moved. Move every stick to all its limits, then press Next.");
      enter(Step::Throttle);
      return {};
    }
    case Step::Throttle:
    case Step::Roll:
    case Step::Pitch:
    case Step::Yaw: {
      bool reversed = false;
      const int a = candidateAxis(&reversed);
      if (a < 0) return tr("No unused stick moved far enough yet. %1").arg(instructions());
      result_.mapping.axis[std::size_t(roleOf(step_))] = a;
      result_.axes[a].reversed = reversed;
      enter(Step(int(step_) + 1));
      return {};
    }
    case Step::Arm:
    case Step::Disarm:
    case Step::Acro:
    case Step::Angle:
    case Step::AltHold:
      enter(Step(int(step_) + 1));  // keeps the current assignment
      return {};
    case Step::Review: {
      for (int r = 0; r < kStickRoleCount; ++r)
        if (const int a = result_.mapping.axis[std::size_t(r)]; a >= 0) {
          result_.axes[a].deadband = shaping_[std::size_t(r)].first;
          result_.axes[a].expo = shaping_[std::size_t(r)].second;
        }
      QStringList problems = validate(result_.mapping, axis_count_, button_count_);
      for (int a = 0; a < axis_count_; ++a)
        if (const QString why = validate(result_.axes[a]); !why.isEmpty())
          problems << tr("axis %1: %2").arg(a).arg(why);
      if (!problems.isEmpty()) return problems.join(QLatin1Char('\n'));
      enter(Step::Done);
      return {};
    }
    case Step::Done:
      return tr("The calibration is already finished.");
  }
  return {};
}

QString CalibrationWizard::setShaping(StickRole role, double deadband, double expo) {
  if (step_ == Step::Done) return tr("The calibration is already finished.");
  if (!std::isfinite(deadband) || deadband < 0.0 || deadband > kMaxDeadband)
    return tr("%1 deadband %2 is outside 0..%3").arg(roleName(role)).arg(deadband).arg(kMaxDeadband);
  if (!std::isfinite(expo) || expo < 0.0 || expo > 1.0)
    return tr("%1 expo %2 is outside 0..1").arg(roleName(role)).arg(expo);
  shaping_[std::size_t(role)] = {deadband, expo};
  return {};
}

QString CalibrationWizard::title(Step s) {
  switch (s) {
    case Step::Centre:
      return tr("Centre the sticks");
    case Step::Range:
      return tr("Stick limits");
    case Step::Throttle:
      return tr("Throttle");
    case Step::Roll:
      return tr("Roll");
    case Step::Pitch:
      return tr("Pitch");
    case Step::Yaw:
      return tr("Yaw");
    case Step::Arm:
      return tr("Arm button");
    case Step::Disarm:
      return tr("Disarm button");
    case Step::Acro:
      return tr("ACRO mode button");
    case Step::Angle:
      return tr("ANGLE mode button");
    case Step::AltHold:
      return tr("ALT_HOLD mode button");
    case Step::Review:
      return tr("Deadband and expo");
    case Step::Done:
      return tr("Calibration complete");
  }
  return {};
}

QString CalibrationWizard::instructions() const {
  const auto current = [this] {
    const int b = result_.mapping.button[std::size_t(actionOf(step_))];
    return b >= 0 ? tr("Now: button %1. Next keeps it.").arg(b) : tr("Now: no button. Next keeps none.");
  };
  switch (step_) {
    case Step::Centre:
      return tr("Let go of every stick (the throttle at its lowest if it is not sprung), then press Next.");
    case Step::Range:
      return tr("Move every stick slowly to all its limits, round and round, then press Next.");
    case Step::Throttle:
      return tr("Move the THROTTLE stick fully up, hold it there and press Next.");
    case Step::Roll:
      return tr("Move the ROLL stick fully right, hold it there and press Next.");
    case Step::Pitch:
      return tr("Push the PITCH stick fully forward (away from you, nose down), hold it there and press Next.");
    case Step::Yaw:
      return tr("Move the YAW stick fully right (clockwise), hold it there and press Next.");
    case Step::Arm:
      return tr("Press the button that should ARM the vehicle. %1").arg(current());
    case Step::Disarm:
      return tr("Press the button that should DISARM the vehicle. %1").arg(current());
    case Step::Acro:
      return tr("Press the button for ACRO mode. %1").arg(current());
    case Step::Angle:
      return tr("Press the button for ANGLE mode. %1").arg(current());
    case Step::AltHold:
      return tr("Press the button for ALT_HOLD mode. %1").arg(current());
    case Step::Review:
      return tr("Set the deadband and expo of each stick, then press Finish to save the calibration.");
    case Step::Done:
      return tr("The calibration is saved for this joystick.");
  }
  return {};
}

}  // namespace navigator::joystick
