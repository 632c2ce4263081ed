#include "widgets/flight_panel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QKeyEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QVBoxLayout>

namespace navigator {
namespace {

void setBadge(QLabel* label, const QString& text, const char* colour) {
  label->setText(text);
  label->setStyleSheet(QStringLiteral("QLabel { font-weight: bold; color: %1; }").arg(QLatin1String(colour)));
}

}  // namespace

FlightPanel::FlightPanel(const QStringList& mode_names, QWidget* parent) : QWidget(parent) {
  QGroupBox* vehicle = buildVehicleBox(mode_names);
  QGroupBox* sitl = buildSitlBox();
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(vehicle);
  layout->addWidget(sitl);
  layout->addStretch();

  connect(arm_, &QPushButton::clicked, this, &FlightPanel::armRequested);
  connect(disarm_, &QPushButton::clicked, this, &FlightPanel::disarmRequested);
  connect(takeoff_, &QPushButton::clicked, this, [this] { emit takeoffRequested(takeoff_altitude_->value()); });
  connect(land_, &QPushButton::clicked, this, &FlightPanel::landRequested);
  connect(return_, &QPushButton::clicked, this, &FlightPanel::returnRequested);
  connect(mode_, &QComboBox::activated, this, [this](int index) {
    if (!quiet_) emit modeRequested(index);
  });
  connect(start_, &QPushButton::clicked, this, &FlightPanel::startFirmwareRequested);
  connect(stop_, &QPushButton::clicked, this, &FlightPanel::stopFirmwareRequested);
  connect(restart_, &QPushButton::clicked, this, &FlightPanel::restartFirmwareRequested);
  connect(signing_button_, &QPushButton::clicked, this, [this] { emit signingRequested(!signing_on_); });
  setSigning(Signing::NotOffered, {}, false);

  setLinkState(LinkState::NoVehicle, tr("waiting for a heartbeat"));
  setArmed(false);
  setNavigationText({});
  setFirmwareRunning(false, tr("not started"));
}

// The "Vehicle" box: link, state, mode switch, GPS, signing, Arm and Disarm, the guided
// actions, and the last message.
QGroupBox* FlightPanel::buildVehicleBox(const QStringList& mode_names) {
  link_ = new QLabel;
  armed_label_ = new QLabel;
  firmware_ = new QLabel;
  message_ = new QLabel;
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  navigation_ = new QLabel;  // (two short lines; a wrapping label's height lags in a form layout)
  signing_ = new QLabel;
  signing_->setObjectName(QStringLiteral("signingState"));
  signing_->setWordWrap(true);
  signing_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  signing_button_ = new QPushButton(tr("Sign this link"));
  signing_button_->setObjectName(QStringLiteral("signingButton"));
  signing_button_->setFocusPolicy(Qt::TabFocus);
  mode_ = new QComboBox;
  mode_->addItems(mode_names);
  mode_->setObjectName(QStringLiteral("modeSwitch"));
  mode_->setFocusPolicy(Qt::TabFocus);  // a click opens the list without taking the flying keys' focus
  mode_->installEventFilter(this);
  arm_ = new QPushButton(tr("Arm"));
  disarm_ = new QPushButton(tr("Disarm"));
  arm_tooltip_ = tr("Arm the motors (the firmware checks sensors, attitude, pilot input and throttle first)");
  arm_->setToolTip(arm_tooltip_);
  buildGuided();

  auto* vehicle = new QGroupBox(tr("Vehicle"));
  auto* form = new QFormLayout(vehicle);
  form->addRow(tr("Link"), link_);
  form->addRow(tr("State"), armed_label_);
  form->addRow(tr("Mode"), mode_);
  form->addRow(tr("GPS"), navigation_);
  form->addRow(tr("Signing"), signing_);
  form->addRow(QString(), signing_button_);
  auto* buttons = new QGridLayout;
  buttons->addWidget(arm_, 0, 0);
  buttons->addWidget(disarm_, 0, 1);
  form->addRow(buttons);
  form->addRow(guided_);
  form->addRow(message_);
  return vehicle;
}

// The guided actions, hidden until the vehicle's autopilot has them: Takeoff to an altitude,
// Land, Return.
void FlightPanel::buildGuided() {
  takeoff_ = new QPushButton(tr("Takeoff"));
  takeoff_->setObjectName(QStringLiteral("takeoffButton"));
  takeoff_->setToolTip(tr("Arm and climb to the altitude beside it, in the autopilot's own take-off mode"));
  takeoff_altitude_ = new QDoubleSpinBox;
  takeoff_altitude_->setObjectName(QStringLiteral("takeoffAltitude"));
  takeoff_altitude_->setRange(1.0, 120.0);
  takeoff_altitude_->setDecimals(1);
  takeoff_altitude_->setValue(5.0);
  takeoff_altitude_->setSuffix(tr(" m"));
  takeoff_altitude_->setToolTip(tr("Take-off altitude above home"));
  land_ = new QPushButton(tr("Land"));
  land_->setObjectName(QStringLiteral("landButton"));
  land_->setToolTip(tr("Land where it is, in the autopilot's own landing mode"));
  return_ = new QPushButton(tr("Return"));
  return_->setObjectName(QStringLiteral("returnButton"));
  return_->setToolTip(tr("Return to the launch point and land (the autopilot's RTL)"));
  for (QPushButton* b : {takeoff_, land_, return_})
    b->setFocusPolicy(Qt::TabFocus);  // a click leaves the flying keys theirs
  guided_ = new QWidget;
  auto* guided = new QGridLayout(guided_);
  guided->setContentsMargins(0, 0, 0, 0);
  guided->addWidget(takeoff_, 0, 0);
  guided->addWidget(takeoff_altitude_, 0, 1);
  guided->addWidget(land_, 1, 0);
  guided->addWidget(return_, 1, 1);
  guided_->setVisible(false);
}

// The "SITL firmware" box: its state, Start, Stop, Restart and Reset vehicle.
QGroupBox* FlightPanel::buildSitlBox() {
  start_ = new QPushButton(tr("Start"));
  stop_ = new QPushButton(tr("Stop"));
  restart_ = new QPushButton(tr("Restart"));
  auto* reset = new QPushButton(tr("Reset vehicle"));
  reset->setToolTip(tr("Put the simulated vehicle back on the ground at the origin, motors stopped"));
  connect(reset, &QPushButton::clicked, this, &FlightPanel::resetVehicleRequested);
  auto* sitl = new QGroupBox(tr("SITL firmware"));
  auto* sitl_layout = new QGridLayout(sitl);
  sitl_layout->addWidget(firmware_, 0, 0, 1, 3);
  sitl_layout->addWidget(start_, 1, 0);
  sitl_layout->addWidget(stop_, 1, 1);
  sitl_layout->addWidget(restart_, 1, 2);
  sitl_layout->addWidget(reset, 2, 0, 1, 3);
  sitl_layout->addWidget(buildHand(), 3, 0, 1, 3);
  transmitter_ = new QCheckBox(tr("Transmitter on"));
  transmitter_->setObjectName(QStringLiteral("transmitterOn"));
  transmitter_->setToolTip(
      tr("The pilot input reaches the simulated vehicle's radio receiver as a transmitter's channels (CRSF), decoded "
         "by the firmware's own receiver driver. Switch it off to see the radio failsafe."));
  transmitter_->setChecked(true);
  transmitter_->setVisible(false);
  connect(transmitter_, &QCheckBox::toggled, this, &FlightPanel::transmitterSwitched);
  sitl_layout->addWidget(transmitter_, 4, 0, 1, 3);
  return sitl;
}

// "Hold by hand…": the simulator's hand (sim/world/hand.h) holds the vehicle still in one of
// six orientations, turns it slowly about an axis, or lets it go — the moves of a bench
// calibration. Turning: about the body's roll, pitch or yaw axis, or the world's vertical.
QWidget* FlightPanel::buildHand() {
  hand_ = new QPushButton(tr("Hold by hand…"));
  hand_->setObjectName(QStringLiteral("holdByHand"));
  hand_->setToolTip(
      tr("Hold the simulated vehicle still in an orientation, or turn it slowly, as on the bench for a "
         "calibration"));
  auto* menu = new QMenu(hand_);
  menu->setObjectName(QStringLiteral("handMenu"));
  struct Preset {
    const char* text;
    double roll_deg, pitch_deg;
  };
  static constexpr Preset kPresets[] = {
      {QT_TR_NOOP("Level"), 0, 0},    {QT_TR_NOOP("Upside down"), 180, 0},    {QT_TR_NOOP("Nose down"), 0, -90},
      {QT_TR_NOOP("Nose up"), 0, 90}, {QT_TR_NOOP("Left side down"), -90, 0}, {QT_TR_NOOP("Right side down"), 90, 0}};
  for (const Preset& p : kPresets) {
    QAction* a = menu->addAction(tr(p.text));
    const double roll = p.roll_deg, pitch = p.pitch_deg;
    connect(a, &QAction::triggered, this, [this, roll, pitch] { emit holdRequested(roll, pitch, 0.0); });
    hand_holds_ << a;
  }
  menu->addSeparator();
  constexpr double kSlow_dps = 30.0;  // a slow, steady turn by hand
  struct Turn {
    const char* text;
    double x, y, z;
    bool world;
  };
  static constexpr Turn kTurns[] = {{QT_TR_NOOP("Turn slowly about the roll axis (30°/s)"), 1, 0, 0, false},
                                    {QT_TR_NOOP("Turn slowly about the pitch axis (30°/s)"), 0, 1, 0, false},
                                    {QT_TR_NOOP("Turn slowly about the yaw axis (30°/s)"), 0, 0, 1, false},
                                    {QT_TR_NOOP("Turn slowly about the vertical (30°/s)"), 0, 0, 1, true}};
  for (const Turn& t : kTurns) {
    QAction* a = menu->addAction(tr(t.text));
    connect(a, &QAction::triggered, this,
            [this, t] { emit turnRequested(t.x * kSlow_dps, t.y * kSlow_dps, t.z * kSlow_dps, t.world); });
    hand_holds_ << a;
  }
  menu->addSeparator();
  QAction* release = menu->addAction(tr("Release"));
  connect(release, &QAction::triggered, this, &FlightPanel::releaseRequested);
  hand_->setMenu(menu);
  hand_note_ = new QLabel;
  hand_note_->setObjectName(QStringLiteral("handNote"));
  hand_note_->setWordWrap(true);
  auto* box = new QWidget;
  auto* layout = new QVBoxLayout(box);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(hand_);
  layout->addWidget(hand_note_);
  updateHand();
  return box;
}

void FlightPanel::setHeldByHand(bool held) {
  held_by_hand_ = held;
  updateHand();
}

void FlightPanel::setTransmitterFitted(bool fitted) { transmitter_->setVisible(fitted); }

QString FlightPanel::handNote() const { return hand_note_->isHidden() ? QString() : hand_note_->text(); }

// Hold and turn only while disarmed: an armed vehicle may be flying, and the hand would stop its
// motors where it is. Release stays offered, so a vehicle armed in the hand can be let go.
void FlightPanel::updateHand() {
  if (!hand_note_) return;  // (setArmed while the panel is being built)
  for (QAction* a : hand_holds_) a->setEnabled(!armed_);
  if (armed_)
    hand_note_->setText(tr("Disarm to hold by hand: an armed vehicle may be flying, and the hand stops its motors."));
  else if (held_by_hand_)
    hand_note_->setText(tr("Held by hand: still, motors stopped. Release lets it go at rest."));
  hand_note_->setVisible(armed_ || held_by_hand_);
}

bool FlightPanel::eventFilter(QObject* watched, QEvent* event) {
  if (watched != mode_) return QWidget::eventFilter(watched, event);
  // On the closed switch, only the keys that open its list pass (Space, F4, Alt+↓, Enter:
  // Qt's own); arrows, page keys, Home/End and letters would step the mode without a look.
  if (event->type() == QEvent::Wheel) return true;
  if (event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride) {
    const auto* key = static_cast<QKeyEvent*>(event);
    const bool opens = key->key() == Qt::Key_Space || key->key() == Qt::Key_F4 || key->key() == Qt::Key_Return ||
                       key->key() == Qt::Key_Enter ||
                       (key->key() == Qt::Key_Down && (key->modifiers() & Qt::AltModifier));
    const bool moves_focus = key->key() == Qt::Key_Tab || key->key() == Qt::Key_Backtab;
    if (event->type() == QEvent::KeyPress && !opens && !moves_focus) return true;
  }
  return QWidget::eventFilter(watched, event);
}

void FlightPanel::setLinkState(LinkState state, const QString& detail) {
  link_state_ = state;
  switch (state) {
    case LinkState::NoVehicle:
      setBadge(link_, tr("No vehicle (%1)").arg(detail), "gray");
      break;
    case LinkState::Connected:
      setBadge(link_, tr("Connected (%1)").arg(detail), "green");
      break;
    case LinkState::Lost:
      setBadge(link_, tr("LOST (%1)").arg(detail), "red");
      break;
  }
  updateButtons();
}

void FlightPanel::setArmed(bool armed) {
  armed_ = armed;
  updateHand();
  if (armed)
    setBadge(armed_label_, tr("ARMED"), "red");
  else
    setBadge(armed_label_, tr("Disarmed"), "green");
  updateButtons();
}

void FlightPanel::setModes(const QStringList& mode_names) {
  quiet_ = true;
  mode_->clear();
  mode_->addItems(mode_names);
  mode_->setCurrentIndex(-1);
  quiet_ = false;
}

QStringList FlightPanel::modes() const {
  QStringList out;
  for (int i = 0; i < mode_->count(); ++i) out << mode_->itemText(i);
  return out;
}

void FlightPanel::setMode(int mode, const QString& reported) {
  quiet_ = true;
  if (mode >= 0 && mode < mode_->count()) {
    mode_->setCurrentIndex(mode);
    mode_->setToolTip(QString());
  } else {
    // Shown in the closed box, not offered: the vehicle may be in a mode the pilot cannot ask for.
    mode_->setCurrentIndex(-1);
    mode_->setPlaceholderText(reported);
    mode_->setToolTip(reported.isEmpty() ? tr("The vehicle reports mode %1, which this station does not know").arg(mode)
                                         : tr("The vehicle reports %1, a mode this list does not offer").arg(reported));
  }
  quiet_ = false;
}

QString FlightPanel::modeShown() const {
  return mode_->currentIndex() >= 0 ? mode_->currentText() : mode_->placeholderText();
}

void FlightPanel::setNavigationText(const QString& text) {
  navigation_->setText(text.isEmpty() ? tr("none reported") : text);
}

QString FlightPanel::navigationText() const { return navigation_->text(); }

void FlightPanel::setSigning(Signing state, const QString& detail, bool can_switch) {
  signing_on_ = state == Signing::Signed || state == Signing::Refusing;
  switch (state) {
    case Signing::Unsigned:
      setBadge(signing_, detail, "#b36b00");
      break;
    case Signing::Signed:
      setBadge(signing_, detail, "#1a7f37");
      break;
    case Signing::Refusing:
      setBadge(signing_, detail, "#c62828");
      break;
    case Signing::NotOffered:
      signing_->setStyleSheet({});
      signing_->setText(detail.isEmpty() ? tr("not offered for this vehicle") : detail);
      break;
  }
  signing_button_->setText(signing_on_ ? tr("Stop signing") : tr("Sign this link"));
  signing_button_->setToolTip(signing_on_
                                  ? tr("Turn MAVLink signing off on the vehicle and forget its key")
                                  : tr("Make a new key, keep it, and set it on the vehicle over its USB/serial link: "
                                       "from then on it takes only frames signed with it"));
  signing_button_->setEnabled(can_switch);
  signing_button_->setVisible(state != Signing::NotOffered);
}

QString FlightPanel::signingText() const { return signing_->text(); }

void FlightPanel::setFirmwareRunning(bool running, const QString& detail) {
  firmware_running_ = running;
  firmware_elsewhere_ = false;
  if (running)
    setBadge(firmware_, tr("Running (%1)").arg(detail), "green");
  else
    setBadge(firmware_, tr("Stopped (%1)").arg(detail), "gray");
  updateButtons();
}

void FlightPanel::setFirmwareElsewhere(const QString& detail) {
  firmware_elsewhere_ = true;
  setBadge(firmware_, tr("Run elsewhere (%1)").arg(detail), "gray");
  updateButtons();
}

void FlightPanel::showMessage(const QString& text, MessageLevel level) {
  message_->setText(text);
  const char* colour = level == MessageLevel::Error ? "red" : (level == MessageLevel::Warning ? "darkorange" : "black");
  message_->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(QLatin1String(colour)));
}

QString FlightPanel::messageText() const { return message_->text(); }

void FlightPanel::setGuidedActionsAvailable(bool available) {
  guided_available_ = available;
  guided_->setVisible(available);
  updateButtons();
}

void FlightPanel::setArmOffered(bool offered, const QString& why_not) {
  arm_offered_ = offered;
  arm_->setToolTip(offered || why_not.isEmpty() ? arm_tooltip_ : why_not);
  updateButtons();
}

void FlightPanel::updateButtons() {
  const bool linked = link_state_ == LinkState::Connected;
  takeoff_->setEnabled(linked && guided_available_);
  land_->setEnabled(linked && guided_available_);
  return_->setEnabled(linked && guided_available_);
  arm_->setEnabled(linked && !armed_ && arm_offered_);
  disarm_->setEnabled(linked);  // never greyed out while a vehicle answers: a stale "disarmed" must not block it
  mode_->setEnabled(linked);
  start_->setEnabled(!firmware_elsewhere_ && !firmware_running_);
  stop_->setEnabled(!firmware_elsewhere_ && firmware_running_);
  restart_->setEnabled(!firmware_elsewhere_ && firmware_running_);
}

}  // namespace navigator
