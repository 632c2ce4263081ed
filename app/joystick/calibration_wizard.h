// CalibrationWizard: the joystick calibration as a small state machine over raw samples, with
// no Qt objects, timers or SDL, so it is tested on scripted values.
// Steps, each completed by next() (which says why not when it cannot):
//   Centre    let go of every stick: the mean of the samples is each axis's centre (refused
//             if an axis wandered more than kCentreWander of the full raw range meanwhile);
//   Range     move every stick to its limits: min/max per axis (axes that did not move
//             keep the full raw range; refused if none moved);
//   Throttle, Roll, Pitch, Yaw
//             move that stick fully up / right / FORWARD (nose down) / right (clockwise):
//             the not-yet-used axis that moved furthest from its centre (as a fraction of its
//             half-range, at least kDetectFraction) gets the role; moving toward raw min
//             means the axis is reversed;
//   Arm, Disarm, Acro, Angle, AltHold
//             press the button for that action: the press assigns it (and takes it from any
//             other action) and moves on; next() keeps the current assignment;
//   Review    deadband and expo per stick (setShaping), then next() finishes;
//   Done      result() holds the new calibration.
// Thread contract: owned by one thread (the GUI thread, fed by JoystickManager's polls).
#pragma once

#include "app/joystick/joystick_mapping.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace navigator::joystick {

class CalibrationWizard {
  Q_DECLARE_TR_FUNCTIONS(CalibrationWizard)

 public:
  enum class Step { Centre = 0, Range, Throttle, Roll, Pitch, Yaw, Arm, Disarm, Acro, Angle, AltHold, Review, Done };
  static constexpr int kStepCount = int(Step::Done) + 1;
  static constexpr double kCentreWander = 0.10;
  static constexpr double kDetectFraction = 0.5;
  static constexpr int kMinRangeMove = 8192;  // raw units an axis must span to count as moved

  // `previous` supplies the deadband/expo per role and the current button assignments; it
  // must have `axis_count` axes.
  CalibrationWizard(int axis_count, int button_count, const JoystickCalibration& previous);

  Step step() const { return step_; }
  // One poll's raw values (sizes as the device's counts; shorter lists are ignored).
  void feed(const QList<int>& axes, const QList<bool>& buttons);
  // Completes the current step; empty on success, otherwise why not (the step stays).
  QString next();

  // For the page: the step's title and instructions (translated), and what it has seen.
  static QString title(Step s);
  QString instructions() const;
  // In a stick step, the axis that would be taken now and whether it is reversed; -1 if none
  // has moved far enough yet.
  int candidateAxis(bool* reversed = nullptr) const;
  // Sets a stick's deadband and expo (Review step, or any time before Done); empty on success.
  QString setShaping(StickRole role, double deadband, double expo);
  double deadband(StickRole role) const { return shaping_[std::size_t(role)].first; }
  double expo(StickRole role) const { return shaping_[std::size_t(role)].second; }

  // The calibration built so far (complete once step() == Done).
  const JoystickCalibration& result() const { return result_; }

 private:
  static bool isStickStep(Step s) { return s >= Step::Throttle && s <= Step::Yaw; }
  static bool isButtonStep(Step s) { return s >= Step::Arm && s <= Step::AltHold; }
  static StickRole roleOf(Step s) {
    // The wizard asks for the throttle first (its step order is not StickRole's order).
    static constexpr StickRole roles[] = {StickRole::Throttle, StickRole::Roll, StickRole::Pitch, StickRole::Yaw};
    return roles[int(s) - int(Step::Throttle)];
  }
  static PilotAction actionOf(Step s) { return PilotAction(int(s) - int(Step::Arm)); }
  void enter(Step s);
  double deflection(int axis, int raw) const;  // signed fraction of the half-range

  int axis_count_, button_count_;
  Step step_ = Step::Centre;
  JoystickCalibration result_;
  std::array<std::pair<double, double>, kStickRoleCount> shaping_{};  // (deadband, expo) per role
  // Centre: sums and spread; Range: extremes; stick steps: peak signed deflection per axis.
  QList<qint64> sum_;
  qint64 samples_ = 0;
  QList<int> seen_min_, seen_max_;
  QList<double> peak_;
  QList<bool> buttons_held_;
  bool buttons_seen_ = false;
};

}  // namespace navigator::joystick
