#include "app/ui/pilot_input_panel.h"

#include "app/joystick/calibration_wizard.h"
#include "app/joystick/joystick_manager.h"
#include "app/joystick/pilot_input_source.h"
#include "widgets/joystick/calibration_page.h"
#include "widgets/joystick/joystick_axes_view.h"
#include "widgets/joystick/virtual_sticks.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace navigator {

using joystick::CalibrationWizard;
using joystick::JoystickManager;
using joystick::PilotInputSource;

PilotInputPanel::PilotInputPanel(JoystickManager* joystick, PilotInputSource* pilot, QWidget* parent)
    : QWidget(parent), joystick_(joystick), pilot_(pilot) {
  source_ = new QComboBox;
  source_->addItem(tr("Joystick"), int(PilotInputSource::Source::Joystick));
  source_->addItem(tr("Keyboard"), int(PilotInputSource::Source::Keyboard));
  source_->addItem(tr("On-screen sticks"), int(PilotInputSource::Source::VirtualSticks));
  wizard_ = new JoystickCalibrationPage;
  sticks_ = new VirtualSticks;
  handover_ = new QLabel;
  handover_->setWordWrap(true);
  handover_->setStyleSheet(QStringLiteral("color: #c06000; font-weight: bold"));
  handover_->hide();
  QWidget* keyboard_page = buildKeyboardPage();
  QWidget* joystick_page = buildJoystickPage();
  pages_ = new QStackedWidget;
  pages_->addWidget(joystick_page);  // (the order of Source)
  pages_->addWidget(keyboard_page);
  pages_->addWidget(sticks_);
  pages_->addWidget(wizard_);

  auto* layout = new QVBoxLayout(this);
  auto* top = new QFormLayout;
  top->addRow(tr("Sticks from"), source_);
  source_note_ = new QLabel(tr("No joystick plugged in: the keyboard flies. A joystick plugged in takes over."));
  source_note_->setObjectName(QStringLiteral("stickSourceNote"));
  source_note_->setWordWrap(true);
  source_note_->hide();
  top->addRow(QString(), source_note_);
  mapping_ = new QLabel;
  mapping_->setObjectName(QStringLiteral("stickMapping"));
  mapping_->setWordWrap(true);
  top->addRow(tr("Mapping"), mapping_);
  setStickMapping(std::nullopt);
  layout->addLayout(top);
  layout->addWidget(handover_);
  layout->addWidget(pages_, 1);

  connect(source_, &QComboBox::currentIndexChanged, this, &PilotInputPanel::setSource);
  connect(source_, &QComboBox::activated, this, &PilotInputPanel::chooseSource);
  connectJoystick();
  connect(sticks_, &VirtualSticks::sticksChanged, pilot_, &PilotInputSource::setVirtualSticks);
  connect(pilot_, &PilotInputSource::throttleHoldChanged, this, &PilotInputPanel::showThrottleHold);
  connect(keyboard_throttle_, &QComboBox::currentIndexChanged, this, [this](int index) {
    const int mode = keyboard_throttle_->itemData(index).toInt();
    pilot_->setKeyboardThrottle(joystick::KeyboardThrottle(mode));
    QSettings().setValue("fly/keyboardThrottleKeys", mode);
  });
  listDevices();
  restoreChoices();
}

// The keyboard's page: what the throttle keys do, and which key does what.
QWidget* PilotInputPanel::buildKeyboardPage() {
  keys_ =
      new QLabel(tr("<table cellspacing=4>"
                    "<tr><td><b>W</b> / <b>S</b></td><td>throttle up / down (see below)</td></tr>"
                    "<tr><td><b>A</b> / <b>D</b></td><td>yaw left / right, while held</td></tr>"
                    "<tr><td><b>↑</b> / <b>↓</b></td><td>pitch forward (nose down) / back, while held</td></tr>"
                    "<tr><td><b>←</b> / <b>→</b></td><td>roll left / right, while held</td></tr></table>"
                    "<p>Held keys give half deflection; let go, they spring back to centre.</p>"
                    "<p>The keys fly only while this window has the focus and no text field, number box, "
                    "list, drop-down or dialog has it: click the 3-D view to fly again after typing.</p>"));
  keys_->setWordWrap(true);
  keys_->setTextFormat(Qt::RichText);
  keyboard_throttle_ = new QComboBox;
  keyboard_throttle_->addItem(tr("Follow the flight mode"), int(joystick::KeyboardThrottle::FollowMode));
  keyboard_throttle_->addItem(tr("Ramps, stays where left (ACRO, ANGLE)"), int(joystick::KeyboardThrottle::Ramp));
  keyboard_throttle_->addItem(tr("Springs to centre (ALT_HOLD, POSITION)"), int(joystick::KeyboardThrottle::Centred));
  keyboard_throttle_->setToolTip(tr("Follow the flight mode: springs to centre where the mode reads the throttle as a "
                                    "climb rate (ALT_HOLD), ramps where it reads it as thrust (ACRO, ANGLE); a mode "
                                    "change in flight carries on from the thrust the vehicle was putting out.\n"
                                    "Ramps: W and S move the throttle by %1 % a second (idle to full in %2 s); it "
                                    "stays where you leave it.\nSprings to centre: the throttle rests at 50 %, which "
                                    "ALT_HOLD reads as \"hold this height\"; W climbs and S descends while held.")
                                     .arg(joystick::kKeyboardThrottleRate_per_s * 100, 0, 'f', 0)
                                     .arg(1.0 / joystick::kKeyboardThrottleRate_per_s, 0, 'f', 0));
  auto* keyboard_page = new QWidget;
  auto* keyboard_layout = new QVBoxLayout(keyboard_page);
  keyboard_layout->setContentsMargins(0, 0, 0, 0);
  auto* keyboard_form = new QFormLayout;
  keyboard_form->addRow(tr("Throttle keys"), keyboard_throttle_);
  keyboard_layout->addLayout(keyboard_form);
  keyboard_layout->addWidget(keys_);
  keyboard_layout->addStretch(1);
  return keyboard_page;
}

// The joystick's page: the device, its state, its live axes and buttons, Calibrate.
QWidget* PilotInputPanel::buildJoystickPage() {
  device_ = new QComboBox;
  device_state_ = new QLabel;
  device_state_->setWordWrap(true);
  calibrate_ = new QPushButton(tr("Calibrate…"));
  axes_ = new JoystickAxesView;
  auto* joystick_page = new QWidget;
  auto* joystick_layout = new QVBoxLayout(joystick_page);
  joystick_layout->setContentsMargins(0, 0, 0, 0);
  auto* form = new QFormLayout;
  form->addRow(tr("Device"), device_);
  joystick_layout->addLayout(form);
  joystick_layout->addWidget(device_state_);
  joystick_layout->addWidget(axes_, 1);
  joystick_layout->addWidget(calibrate_, 0, Qt::AlignLeft);
  return joystick_page;
}

// The joystick manager to the page: devices coming and going, the choice of one, its live
// values, and the calibration wizard's steps.
void PilotInputPanel::connectJoystick() {
  connect(joystick_, &JoystickManager::devicesChanged, this, &PilotInputPanel::listDevices);
  connect(joystick_, &JoystickManager::deviceSelected, this, &PilotInputPanel::listDevices);
  // Plugged in (at start the first poll finds what is already there): the chosen joystick
  // takes over from the keyboard. Gone, it stays the source: in flight the stream then stops
  // and the firmware's failsafe acts, rather than the keys' throttle taking over unasked.
  connect(joystick_, &JoystickManager::deviceSelected, this, [this](const joystick::JoystickDeviceInfo& d) {
    if (d.instance_id >= 0) followJoystick();
  });
  connect(joystick_, &JoystickManager::deviceLost, this, [this](const QString& name) {
    device_state_->setText(tr("\"%1\" vanished: sticks centred, throttle 0. Plug it back in to fly on.").arg(name));
  });
  connect(device_, &QComboBox::activated, this, [this](int index) {
    const int id = device_->itemData(index).toInt();
    if (id >= 0) joystick_->selectDevice(id);
  });
  connect(joystick_, &JoystickManager::rawValuesChanged, this,
          [this](const QList<int>& axes, const QList<bool>& buttons) {
            axes_->setValues(axes, buttons);
            if (joystick_->calibrating()) wizard_->setLiveValues(axes, buttons);
          });
  connect(calibrate_, &QPushButton::clicked, this, [this] {
    if (!joystick_->beginCalibration()) {
      device_state_->setText(tr("Choose a joystick first."));
      return;
    }
    pages_->setCurrentWidget(wizard_);
    showCalibrationStep();
  });
  connect(joystick_, &JoystickManager::calibrationStepChanged, this, &PilotInputPanel::showCalibrationStep);
  connect(wizard_, &JoystickCalibrationPage::nextClicked, this, [this] {
    wizard_->setMessage(joystick_->calibrationNext());
    if (!joystick_->calibrating())
      setSource(source_->currentIndex());
    else
      showCalibrationStep();
  });
  connect(wizard_, &JoystickCalibrationPage::cancelClicked, this, [this] {
    joystick_->cancelCalibration();
    setSource(source_->currentIndex());
  });
  connect(wizard_, &JoystickCalibrationPage::shapingChanged, this, [this](int role, double deadband, double expo) {
    wizard_->setMessage(joystick_->setCalibrationShaping(joystick::StickRole(role), deadband, expo));
  });
}

// The source and the throttle keys as chosen last time (the joystick, following the mode, at
// first); a chosen joystick that is not plugged in has the keyboard fly meanwhile.
void PilotInputPanel::restoreChoices() {
  QSettings settings;
  const int saved =
      source_->findData(settings.value("fly/stickSource", int(PilotInputSource::Source::Joystick)).toInt());
  joystick_chosen_ =
      saved < 0 || PilotInputSource::Source(source_->itemData(saved).toInt()) == PilotInputSource::Source::Joystick;
  if (joystick_chosen_) {
    followJoystick();
  } else {
    source_->setCurrentIndex(saved);
    setSource(saved);
  }
  // (A new key: "fly/keyboardThrottle" held Ramp for everyone who never chose, from before
  // the keys could follow the flight mode.)
  const int throttle_mode = keyboard_throttle_->findData(
      settings.value("fly/keyboardThrottleKeys", int(joystick::KeyboardThrottle::FollowMode)).toInt());
  keyboard_throttle_->setCurrentIndex(throttle_mode < 0 ? 0 : throttle_mode);
}

void PilotInputPanel::showThrottleHold(bool held) {
  // Said while it lasts: the pilot must bring the new source's throttle to the held value.
  handover_->setVisible(held);
  if (held && pilot_->throttleSlews())
    handover_->setText(tr("Armed: the throttle moves from %1 % to the keyboard's at %2 % a second; the other sticks "
                          "follow within half a second.")
                           .arg(pilot_->heldThrottle() * 100, 0, 'f', 0)
                           .arg(joystick::kThrottleSlew_per_s * 100, 0, 'f', 0));
  else if (held)
    handover_->setText(tr("Armed: the throttle is held at %1 % until the new source's throttle comes to it "
                          "(move it there, or press W / S on the keyboard); the other sticks follow within half a "
                          "second.")
                           .arg(pilot_->heldThrottle() * 100, 0, 'f', 0));
}

void PilotInputPanel::setSource(int index) {
  const auto source = PilotInputSource::Source(source_->itemData(index).toInt());
  pilot_->setSource(source);
  if (source == PilotInputSource::Source::VirtualSticks)  // the sticks as drawn, not as last sent
    pilot_->setVirtualSticks(sticks_->roll(), sticks_->pitch(), sticks_->yaw(), sticks_->throttle());
  if (!joystick_->calibrating()) pages_->setCurrentIndex(index);
  source_note_->setVisible(joystick_chosen_ && source == PilotInputSource::Source::Keyboard);
  emit sourceChanged();
}

void PilotInputPanel::chooseSource(int index) {
  const auto source = PilotInputSource::Source(source_->itemData(index).toInt());
  joystick_chosen_ = source == PilotInputSource::Source::Joystick;
  QSettings().setValue("fly/stickSource", int(source));
  source_note_->setVisible(false);  // the pilot's own choice, even a joystick not plugged in
}

void PilotInputPanel::followJoystick() {
  if (!joystick_chosen_) return;
  const bool plugged = joystick_->selectedDevice().instance_id >= 0;
  const int index =
      source_->findData(int(plugged ? PilotInputSource::Source::Joystick : PilotInputSource::Source::Keyboard));
  if (index == source_->currentIndex()) {
    setSource(index);  // (the first time: the combo already shows it)
    return;
  }
  source_->setCurrentIndex(index);  // setSource through currentIndexChanged
}

void PilotInputPanel::listDevices() {
  device_->clear();
  const auto devices = joystick_->devices();
  const int selected = joystick_->selectedDevice().instance_id;
  for (const auto& d : devices) {
    device_->addItem(d.game_controller ? tr("%1 (game controller)").arg(d.name) : d.name, d.instance_id);
    if (d.instance_id == selected) device_->setCurrentIndex(device_->count() - 1);
  }
  if (devices.isEmpty()) {
    device_->addItem(tr("No joystick found"), -1);
    device_state_->setText(
        joystick_->available()
            ? tr("Plug in a joystick or gamepad, or fly with the keyboard or "
                 "the on-screen sticks.")
            : tr("Joysticks are unavailable: %1").arg(joystick_->initProblems().join(QStringLiteral("; "))));
  } else if (selected >= 0) {
    const auto d = joystick_->selectedDevice();
    device_state_->setText(tr("%1 axes, %2 buttons · GUID %3").arg(d.axes).arg(d.buttons).arg(d.guid));
  }
  calibrate_->setEnabled(selected >= 0);
}

void PilotInputPanel::showCalibrationStep() {
  const CalibrationWizard* w = joystick_->wizard();
  if (!w) return;
  const auto step = w->step();
  wizard_->setStep(CalibrationWizard::title(step), w->instructions(), int(step), CalibrationWizard::kStepCount - 1,
                   step == CalibrationWizard::Step::Review);
  bool reversed = false;
  const int axis = w->candidateAxis(&reversed);
  wizard_->setDetected(
      axis < 0 ? QString()
               : (reversed ? tr("Detected: axis %1 (reversed)").arg(axis) : tr("Detected: axis %1").arg(axis)));
  for (int role = 0; role < JoystickCalibrationPage::kShapedRoles; ++role)
    wizard_->setShaping(role, w->deadband(joystick::StickRole(role)), w->expo(joystick::StickRole(role)));
}

void PilotInputPanel::setStickMapping(std::optional<int> stick_map) {
  QString text;
  if (!stick_map)
    text = tr("the vehicle's (not read from it yet)");
  else if (*stick_map == 0)
    text = tr("the vehicle's axes: roll and pitch tilt about them, yaw turns");
  else if (*stick_map == 1)
    text =
        tr("a lander's, the pilot facing between the axes: pitch = Y + X, yaw = −Y + X about the body (one axis only "
           "on a diagonal), twist turns and the heading holds when centred");
  else if (*stick_map == 2)
    text =
        tr("a lander's, the twist an angle: pitch = Y + X, yaw = −Y + X about the body, twist an angle from the "
           "heading at arming");
  else
    text = tr("STICK_MAP %1, which this station does not know").arg(*stick_map);
  mapping_->setText(text);
}

}  // namespace navigator
