// JoystickCalibrationPage: the calibration wizard's face — the step's title and instructions
// (given already translated by the caller), its number, the live raw axes and buttons, what
// the step has detected, an error line, and in the review step a deadband and expo per
// stick. Emits plain signals; the wizard logic lives elsewhere (app/joystick).
// Roles are numbered as the app's StickRole: 0 roll, 1 pitch, 2 yaw.
// Thread contract: GUI thread.
#pragma once

#include <QList>
#include <QWidget>

#include <array>

class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace navigator {

class JoystickAxesView;

class JoystickCalibrationPage : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kShapedRoles = 3;  // roll, pitch, yaw

  explicit JoystickCalibrationPage(QWidget* parent = nullptr);

  // step_index counts from 0 of step_count; `review` shows the deadband/expo editors and
  // turns Next into Finish.
  void setStep(const QString& title, const QString& instructions, int step_index, int step_count, bool review);
  void setLiveValues(const QList<int>& axes, const QList<bool>& buttons);
  void setAxisLabels(const QStringList& labels);
  void setDetected(const QString& text);  // e.g. "Detected: axis 3 (reversed)"; empty hides
  void setMessage(const QString& text);   // why Next was refused; empty hides
  // Shows a role's values without emitting shapingChanged (deadband 0..0.5, expo 0..1).
  void setShaping(int role, double deadband, double expo);

 signals:
  void nextClicked();
  void cancelClicked();
  void shapingChanged(int role, double deadband, double expo);

 private:
  QLabel* title_;
  QLabel* instructions_;
  QLabel* progress_;
  QLabel* detected_;
  QLabel* message_;
  JoystickAxesView* axes_;
  QWidget* shaping_box_;
  std::array<QDoubleSpinBox*, kShapedRoles> deadband_{};
  std::array<QDoubleSpinBox*, kShapedRoles> expo_{};
  QPushButton* next_;
  bool updating_ = false;
};

}  // namespace navigator
