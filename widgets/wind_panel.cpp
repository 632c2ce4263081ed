#include "widgets/wind_panel.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>

#include <cmath>
#include <numbers>

namespace navigator {

std::array<double, 3> windFromBearing(double speed_mps, double from_deg, double updraft_mps) {
  const double towards_rad = (from_deg + 180.0) * std::numbers::pi / 180.0;
  return {speed_mps * std::cos(towards_rad), speed_mps * std::sin(towards_rad), -updraft_mps};
}

double windFromBearing_deg(const std::array<double, 3>& wind_NED_mps) {
  // The bearing it blows from is opposite to where it goes.
  const double from = std::atan2(-wind_NED_mps[1], -wind_NED_mps[0]) * 180.0 / std::numbers::pi;
  return from < 0 ? from + 360.0 : from;
}

namespace {

QDoubleSpinBox* spin(double min, double max, double step, int decimals, const QString& suffix, bool wraps = false) {
  auto* s = new QDoubleSpinBox;
  s->setRange(min, max);
  s->setSingleStep(step);
  s->setDecimals(decimals);
  s->setSuffix(suffix);
  s->setWrapping(wraps);
  s->setKeyboardTracking(false);  // apply on Enter, arrows or focus change, not per keystroke
  return s;
}

}  // namespace

WindPanel::WindPanel(QWidget* parent) : QWidget(parent) {
  speed_ = spin(0.0, 40.0, 0.5, 1, tr(" m/s"));
  from_ = spin(0.0, 359.0, 5.0, 0, tr("°"), true);
  updraft_ = spin(-10.0, 10.0, 0.1, 1, tr(" m/s"));
  sigma_ = spin(0.0, 10.0, 0.1, 2, tr(" m/s"));
  speed_->setToolTip(tr("Steady horizontal wind speed over the ground"));
  from_->setToolTip(tr("Compass bearing the wind blows from (0 north, 90 east)"));
  updraft_->setToolTip(tr("Steady vertical wind, up positive"));
  sigma_->setToolTip(tr("Turbulence intensity: the RMS of the Dryden gusts on each axis"));
  vector_ = new QLabel;
  vector_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* calm = new QPushButton(tr("Calm"));
  calm->setToolTip(tr("No wind and no turbulence"));

  notice_ = new QLabel;
  notice_->setWordWrap(true);
  notice_->setStyleSheet(QStringLiteral("color: #c06000; font-weight: bold"));
  notice_->hide();
  auto* form = new QFormLayout(this);
  form->addRow(notice_);
  form->addRow(tr("Speed"), speed_);
  form->addRow(tr("From"), from_);
  form->addRow(tr("Updraft"), updraft_);
  form->addRow(tr("Turbulence σ"), sigma_);
  form->addRow(tr("NED vector"), vector_);
  form->addRow(calm);

  for (QDoubleSpinBox* s : {speed_, from_, updraft_, sigma_})
    connect(s, &QDoubleSpinBox::valueChanged, this, &WindPanel::changed);
  connect(calm, &QPushButton::clicked, this, [this] {
    quiet_ = true;
    speed_->setValue(0.0);
    updraft_->setValue(0.0);
    sigma_->setValue(0.0);
    quiet_ = false;
    changed();
  });
  changed();
}

WindSetting WindPanel::setting() const {
  WindSetting s;
  s.wind_NED_mps = windFromBearing(speed_->value(), from_->value(), updraft_->value());
  s.turbulence_sigma_mps = sigma_->value();
  return s;
}

void WindPanel::setSetting(const WindSetting& s) {
  quiet_ = true;
  const double speed = std::hypot(s.wind_NED_mps[0], s.wind_NED_mps[1]);
  speed_->setValue(speed);
  if (speed > 1e-9) {
    const double from = windFromBearing_deg(s.wind_NED_mps);
    from_->setValue(std::round(from) >= 360.0 ? 0.0 : from);
  }
  updraft_->setValue(-s.wind_NED_mps[2]);
  sigma_->setValue(s.turbulence_sigma_mps);
  quiet_ = false;
  showVector(setting());
}

void WindPanel::showVector(const WindSetting& s) {
  vector_->setText(tr("N %L1, E %L2, D %L3 m/s")
                       .arg(s.wind_NED_mps[0], 0, 'f', 2)
                       .arg(s.wind_NED_mps[1], 0, 'f', 2)
                       .arg(s.wind_NED_mps[2], 0, 'f', 2));
}

void WindPanel::setNotice(const QString& text) {
  notice_->setText(text);
  notice_->setVisible(!text.isEmpty());
}

QString WindPanel::notice() const { return notice_->isHidden() ? QString() : notice_->text(); }

void WindPanel::changed() {
  if (quiet_) return;
  setNotice({});  // the user's own wind now
  const WindSetting s = setting();
  showVector(s);
  emit settingChanged(s);
}

}  // namespace navigator
