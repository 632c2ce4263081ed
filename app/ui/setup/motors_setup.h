// The Motors section of Vehicle Setup, as QGroundControl's Motors page and Betaflight
// Configurator's Motors tab do it: the rotor layout (numbered as the board's outputs), a motor,
// a throttle and a time, a box the user ticks to say the propellers are off, and Spin — one
// motor at a time through the vehicle's MotorTest (MAV_CMD_DO_MOTOR_TEST), refused while armed.
// What happened, the vehicle's answer included, is written under the button.
// GUI thread only.
#pragma once

#include "app/vehicle/motor_test.h"
#include "widgets/rotor_layout_view.h"

#include <QPointer>
#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace navigator {

class MotorsSetup : public QWidget {
  Q_OBJECT
 public:
  explicit MotorsSetup(QWidget* parent = nullptr);

  // The test to drive (null: no vehicle) and how many motors the airframe has.
  void setMotorTest(MotorTest* test, int motor_count);
  // The rotors to draw (empty: the layout is not known, as for an autopilot heard on a link).
  void setRotors(const QVector<RotorMark>& rotors, const QString& caption);

  QSpinBox* motorBox() const { return motor_; }
  QDoubleSpinBox* throttleBox() const { return throttle_; }
  QDoubleSpinBox* secondsBox() const { return seconds_; }
  QCheckBox* propsOffBox() const { return props_off_; }
  QPushButton* spinButton() const { return spin_; }
  QString resultText() const;

 private:
  void spin();

  QPointer<MotorTest> test_;
  QMetaObject::Connection finished_;
  int motor_count_ = 0;
  RotorLayoutView* layout_view_ = nullptr;
  QSpinBox* motor_ = nullptr;
  QDoubleSpinBox* throttle_ = nullptr;
  QDoubleSpinBox* seconds_ = nullptr;
  QCheckBox* props_off_ = nullptr;
  QPushButton* spin_ = nullptr;
  QLabel* result_ = nullptr;
  QLabel* numbering_ = nullptr;  // what "motor n" means to this vehicle's autopilot
};

}  // namespace navigator
