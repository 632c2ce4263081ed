#include "widgets/joystick/calibration_page.h"

#include "widgets/joystick/joystick_axes_view.h"

#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace navigator {

JoystickCalibrationPage::JoystickCalibrationPage(QWidget* parent)
    : QWidget(parent),
      title_(new QLabel(this)),
      instructions_(new QLabel(this)),
      progress_(new QLabel(this)),
      detected_(new QLabel(this)),
      message_(new QLabel(this)),
      axes_(new JoystickAxesView(this)),
      shaping_box_(new QWidget(this)),
      next_(new QPushButton(tr("Next"), this)) {
  QFont bold = title_->font();
  bold.setBold(true);
  bold.setPointSizeF(bold.pointSizeF() * 1.2);
  title_->setFont(bold);
  instructions_->setWordWrap(true);
  message_->setWordWrap(true);
  message_->setStyleSheet(QStringLiteral("color: #c0392b"));
  detected_->hide();
  message_->hide();

  auto* grid = new QGridLayout(shaping_box_);
  grid->addWidget(new QLabel(tr("Deadband"), shaping_box_), 0, 1);
  grid->addWidget(new QLabel(tr("Expo"), shaping_box_), 0, 2);
  const QString names[kShapedRoles] = {tr("Roll"), tr("Pitch"), tr("Yaw")};
  for (int r = 0; r < kShapedRoles; ++r) {
    grid->addWidget(new QLabel(names[r], shaping_box_), r + 1, 0);
    deadband_[std::size_t(r)] = new QDoubleSpinBox(shaping_box_);
    deadband_[std::size_t(r)]->setRange(0.0, 0.5);
    deadband_[std::size_t(r)]->setSingleStep(0.01);
    deadband_[std::size_t(r)]->setToolTip(tr("Fraction of the stick's half travel that reads as centre"));
    expo_[std::size_t(r)] = new QDoubleSpinBox(shaping_box_);
    expo_[std::size_t(r)]->setRange(0.0, 1.0);
    expo_[std::size_t(r)]->setSingleStep(0.05);
    expo_[std::size_t(r)]->setToolTip(tr("0 linear, 1 cubic: softer around centre, full at the ends"));
    grid->addWidget(deadband_[std::size_t(r)], r + 1, 1);
    grid->addWidget(expo_[std::size_t(r)], r + 1, 2);
    const auto changed = [this, r] {
      if (!updating_) emit shapingChanged(r, deadband_[std::size_t(r)]->value(), expo_[std::size_t(r)]->value());
    };
    connect(deadband_[std::size_t(r)], &QDoubleSpinBox::valueChanged, this, changed);
    connect(expo_[std::size_t(r)], &QDoubleSpinBox::valueChanged, this, changed);
  }
  shaping_box_->hide();

  auto* cancel = new QPushButton(tr("Cancel"), this);
  connect(cancel, &QPushButton::clicked, this, &JoystickCalibrationPage::cancelClicked);
  connect(next_, &QPushButton::clicked, this, &JoystickCalibrationPage::nextClicked);
  next_->setDefault(true);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(progress_);
  buttons->addStretch();
  buttons->addWidget(cancel);
  buttons->addWidget(next_);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(title_);
  layout->addWidget(instructions_);
  layout->addWidget(axes_);
  layout->addWidget(detected_);
  layout->addWidget(shaping_box_);
  layout->addWidget(message_);
  layout->addStretch();
  layout->addLayout(buttons);
}

void JoystickCalibrationPage::setStep(const QString& title, const QString& instructions, int step_index, int step_count,
                                      bool review) {
  title_->setText(title);
  instructions_->setText(instructions);
  progress_->setText(tr("Step %1 of %2").arg(step_index + 1).arg(step_count));
  shaping_box_->setVisible(review);
  next_->setText(review ? tr("Finish") : tr("Next"));
  setMessage({});
}

void JoystickCalibrationPage::setLiveValues(const QList<int>& axes, const QList<bool>& buttons) {
  axes_->setValues(axes, buttons);
}

void JoystickCalibrationPage::setAxisLabels(const QStringList& labels) { axes_->setAxisLabels(labels); }

void JoystickCalibrationPage::setDetected(const QString& text) {
  detected_->setText(text);
  detected_->setVisible(!text.isEmpty());
}

void JoystickCalibrationPage::setMessage(const QString& text) {
  message_->setText(text);
  message_->setVisible(!text.isEmpty());
}

void JoystickCalibrationPage::setShaping(int role, double deadband, double expo) {
  if (role < 0 || role >= kShapedRoles) return;
  updating_ = true;
  deadband_[std::size_t(role)]->setValue(deadband);
  expo_[std::size_t(role)]->setValue(expo);
  updating_ = false;
}

}  // namespace navigator
