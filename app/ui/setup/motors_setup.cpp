#include "app/ui/setup/motors_setup.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace navigator {

MotorsSetup::MotorsSetup(QWidget* parent) : QWidget(parent) {
  layout_view_ = new RotorLayoutView;
  motor_ = new QSpinBox;
  motor_->setRange(1, 1);
  throttle_ = new QDoubleSpinBox;
  throttle_->setRange(0, 100);
  throttle_->setDecimals(0);
  throttle_->setSuffix(QStringLiteral(" %"));
  throttle_->setValue(10);  // enough to see a motor start, little enough on a bench
  seconds_ = new QDoubleSpinBox;
  seconds_->setRange(0.1, MotorTest::kMaxSeconds);
  seconds_->setDecimals(1);
  seconds_->setSuffix(QStringLiteral(" s"));
  seconds_->setValue(2);
  props_off_ = new QCheckBox(tr("The propellers are off"));
  spin_ = new QPushButton(tr("Spin"));
  connect(spin_, &QPushButton::clicked, this, &MotorsSetup::spin);
  result_ = new QLabel;
  result_->setWordWrap(true);
  numbering_ = new QLabel;
  numbering_->setWordWrap(true);
  auto* form = new QFormLayout;
  form->addRow(tr("Motor"), motor_);
  form->addRow(tr("Throttle"), throttle_);
  form->addRow(tr("For"), seconds_);
  auto* warning =
      new QLabel(tr("A motor test spins a motor of a disarmed vehicle. Take the propellers off first: "
                    "the vehicle does not hold itself down."));
  warning->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(layout_view_, 1);
  layout->addWidget(warning);
  layout->addLayout(form);
  layout->addWidget(numbering_);
  layout->addWidget(props_off_);
  layout->addWidget(spin_);
  layout->addWidget(result_);
  spin_->setEnabled(false);  // until a vehicle with motors is set
}

void MotorsSetup::setMotorTest(MotorTest* test, int motor_count) {
  if (test == test_ && motor_count == motor_count_) return;  // what was said stays
  disconnect(finished_);
  test_ = test;
  motor_count_ = motor_count;
  motor_->setRange(1, std::max(1, motor_count));
  seconds_->setMaximum(test_ ? test_->maxSeconds() : MotorTest::kMaxSeconds);
  numbering_->setText(test_ ? test_->numbering() : QString());
  spin_->setEnabled(test_ != nullptr && motor_count > 0);
  result_->clear();
  if (test_)
    finished_ = connect(test_, &MotorTest::finished, this, [this](bool accepted, const QString& message) {
      result_->setText(accepted ? tr("Motor %1 spins: %2").arg(motor_->value()).arg(message) : message);
    });
}

void MotorsSetup::setRotors(const QVector<RotorMark>& rotors, const QString& caption) {
  layout_view_->setRotors(rotors, caption);
}

QString MotorsSetup::resultText() const { return result_->text(); }

void MotorsSetup::spin() {
  if (!test_) return;
  MotorTestRequest r;
  r.motor = motor_->value();
  r.throttle_pct = throttle_->value();
  r.duration_s = seconds_->value();
  r.props_off_confirmed = props_off_->isChecked();
  QString why;
  if (!test_->run(r, motor_count_, &why))
    result_->setText(tr("Motor %1 not tested: %2").arg(r.motor).arg(why));
  else
    result_->setText(tr("Motor %1: asking the vehicle…").arg(r.motor));
}

}  // namespace navigator
