#include "app/joystick/joystick_manager.h"

#include <SDL.h>

namespace navigator::joystick {
namespace {

constexpr Uint32 kSdlSystems = SDL_INIT_JOYSTICK | SDL_INIT_GAMECONTROLLER;

QString sdlError() { return QString::fromUtf8(SDL_GetError()); }

JoystickDeviceInfo infoAt(int index) {
  JoystickDeviceInfo d;
  d.instance_id = SDL_JoystickGetDeviceInstanceID(index);
  const char* name = SDL_JoystickNameForIndex(index);
  d.name = name ? QString::fromUtf8(name) : QStringLiteral("Joystick %1").arg(index);
  char guid[33] = {};
  SDL_JoystickGetGUIDString(SDL_JoystickGetDeviceGUID(index), guid, sizeof guid);
  d.guid = QString::fromLatin1(guid);
  d.game_controller = SDL_IsGameController(index) == SDL_TRUE;
  // The counts need the device open; SDL reference-counts opens, so this is harmless for
  // the selected device too.
  if (SDL_Joystick* j = SDL_JoystickOpen(index)) {
    d.axes = SDL_JoystickNumAxes(j);
    d.buttons = SDL_JoystickNumButtons(j);
    d.hats = SDL_JoystickNumHats(j);
    SDL_JoystickClose(j);
  }
  return d;
}

int deviceIndexOf(int instance_id) {
  for (int i = 0; i < SDL_NumJoysticks(); ++i)
    if (SDL_JoystickGetDeviceInstanceID(i) == instance_id) return i;
  return -1;
}

// Where SDL's game-controller mapping puts a pad's standard controls among the raw ones.
GamepadLayout layoutOf(SDL_GameController* gc) {
  if (!gc) return GamepadLayout::rawDefault();
  const auto axis = [gc](SDL_GameControllerAxis a) {
    const SDL_GameControllerButtonBind b = SDL_GameControllerGetBindForAxis(gc, a);
    return b.bindType == SDL_CONTROLLER_BINDTYPE_AXIS ? b.value.axis : -1;
  };
  const auto button = [gc](SDL_GameControllerButton a) {
    const SDL_GameControllerButtonBind b = SDL_GameControllerGetBindForButton(gc, a);
    return b.bindType == SDL_CONTROLLER_BINDTYPE_BUTTON ? b.value.button : -1;
  };
  GamepadLayout l;
  l.left_x = axis(SDL_CONTROLLER_AXIS_LEFTX);
  l.left_y = axis(SDL_CONTROLLER_AXIS_LEFTY);
  l.right_x = axis(SDL_CONTROLLER_AXIS_RIGHTX);
  l.right_y = axis(SDL_CONTROLLER_AXIS_RIGHTY);
  l.button_a = button(SDL_CONTROLLER_BUTTON_A);
  l.button_x = button(SDL_CONTROLLER_BUTTON_X);
  l.button_y = button(SDL_CONTROLLER_BUTTON_Y);
  l.button_back = button(SDL_CONTROLLER_BUTTON_BACK);
  l.button_start = button(SDL_CONTROLLER_BUTTON_START);
  return l;
}

}  // namespace

JoystickManager::JoystickManager(QSettings& settings, const QString& mappings_file, QObject* parent)
    : QObject(parent), store_(settings) {
  // Keep reading the sticks while another window (or none, under a test) has the focus.
  SDL_SetHint(SDL_HINT_JOYSTICK_ALLOW_BACKGROUND_EVENTS, "1");
  if (SDL_InitSubSystem(kSdlSystems) != 0) {
    init_problems_ << tr("The joystick system (SDL) did not start: %1").arg(sdlError());
    return;
  }
  sdl_up_ = true;
  if (!mappings_file.isEmpty() && SDL_GameControllerAddMappingsFromFile(mappings_file.toLocal8Bit().constData()) < 0)
    init_problems_ << tr("Game-controller mappings %1 not read: %2").arg(mappings_file, sdlError());
  timer_.setTimerType(Qt::PreciseTimer);
  timer_.setInterval(kPollIntervalMs);
  connect(&timer_, &QTimer::timeout, this, &JoystickManager::poll);
}

JoystickManager::~JoystickManager() {
  timer_.stop();
  closeDevice();
  if (sdl_up_) SDL_QuitSubSystem(kSdlSystems);
}

void JoystickManager::poll() {
  if (!sdl_up_) return;
  SDL_PumpEvents();  // also updates joystick state (virtual ones included)
  // The first poll lists what is already plugged in (SDL also queues ADDED events for it).
  bool added = !listed_, removed = false;
  listed_ = true;
  int lost_instance = -1;
  SDL_Event e;
  while (SDL_PollEvent(&e) == 1) {
    if (e.type == SDL_JOYDEVICEADDED) added = true;
    if (e.type == SDL_JOYDEVICEREMOVED) {
      removed = true;
      if (e.jdevice.which == selected_.instance_id) lost_instance = e.jdevice.which;
    }
  }
  if (joystick_ && (lost_instance >= 0 || SDL_JoystickGetAttached(joystick_) != SDL_TRUE)) {
    const QString name = selected_.name;
    if (wizard_) cancelCalibration();
    closeDevice();
    emit deviceLost(name);
    emit deviceSelected(selected_);
  }
  if (added || removed) refreshDevices(added);
  if (joystick_) readDevice();
}

void JoystickManager::readDevice() {
  QList<int> axes(selected_.axes);
  QList<bool> buttons(selected_.buttons);
  for (int i = 0; i < axes.size(); ++i) axes[i] = SDL_JoystickGetAxis(joystick_, i);
  for (int i = 0; i < buttons.size(); ++i) buttons[i] = SDL_JoystickGetButton(joystick_, i) != 0;
  const bool changed = axes != raw_axes_ || buttons != raw_buttons_;
  raw_axes_ = axes;
  raw_buttons_ = buttons;
  if (changed) emit rawValuesChanged(raw_axes_, raw_buttons_);
  if (wizard_) {
    // Calibrating: the sticks stay neutral and the buttons only answer the wizard.
    sticks_ = {};
    const auto step = wizard_->step();
    wizard_->feed(raw_axes_, raw_buttons_);
    const int candidate = wizard_->candidateAxis();
    if (wizard_->step() != step || candidate != wizard_candidate_) {
      wizard_candidate_ = candidate;
      emit calibrationStepChanged();
    }
    return;
  }
  sticks_ = sticksFromRaw(calibration_, raw_axes_);
  for (PilotAction a : edges_.update(raw_buttons_, calibration_.mapping)) emit buttonAction(a);
}

void JoystickManager::refreshDevices(bool may_select) {
  QList<JoystickDeviceInfo> list;
  for (int i = 0; i < SDL_NumJoysticks(); ++i) list << infoAt(i);
  if (list != devices_) {
    devices_ = list;
    emit devicesChanged(devices_);
  }
  if (!may_select || joystick_ || devices_.isEmpty()) return;
  // A device arrived and none is open: take the one chosen last time if it is here, else the
  // first, so a pad plugged in (or back in) just works. Never after a mere removal: losing
  // one pad in flight must not hand the sticks to another that lies somewhere untouched.
  const QString preferred = store_.preferredDevice();
  int pick = devices_.first().instance_id;
  for (const JoystickDeviceInfo& d : devices_)
    if (d.guid == preferred) pick = d.instance_id;
  selectDevice(pick);
}

bool JoystickManager::selectDevice(int instance_id) {
  if (instance_id == selected_.instance_id && joystick_) return true;
  if (wizard_) cancelCalibration();
  closeDevice();
  const int index = deviceIndexOf(instance_id);
  if (index < 0) {
    emit problem(tr("Joystick %1 is no longer connected.").arg(instance_id));
    emit deviceSelected(selected_);
    return false;
  }
  joystick_ = SDL_JoystickOpen(index);
  if (!joystick_) {
    emit problem(tr("Joystick %1 could not be opened: %2").arg(instance_id).arg(sdlError()));
    emit deviceSelected(selected_);
    return false;
  }
  if (SDL_IsGameController(index)) controller_ = SDL_GameControllerOpen(index);
  selected_ = infoAt(index);
  const JoystickCalibration defaults = defaultCalibration(selected_.axes, selected_.buttons, layoutOf(controller_));
  const CalibrationLoad loaded = store_.load(selected_.guid, selected_.axes, selected_.buttons, defaults);
  calibration_ = loaded.calibration;
  for (const QString& p : loaded.problems)
    emit problem(tr("Joystick %1 (%2): stored calibration refused: %3").arg(selected_.name, selected_.guid, p));
  store_.setPreferredDevice(selected_.guid);
  readDevice();
  edges_.reset(raw_buttons_);  // a button held while selecting does not act
  emit deviceSelected(selected_);
  emit calibrationChanged(calibration_);
  return true;
}

void JoystickManager::deselect() {
  if (wizard_) cancelCalibration();
  closeDevice();
  emit deviceSelected(selected_);
}

void JoystickManager::closeDevice() {
  if (controller_) SDL_GameControllerClose(controller_);
  if (joystick_) SDL_JoystickClose(joystick_);
  controller_ = nullptr;
  joystick_ = nullptr;
  selected_ = {};
  raw_axes_.clear();
  raw_buttons_.clear();
  sticks_ = {};
  calibration_ = {};
}

QString JoystickManager::setCalibration(const JoystickCalibration& c) {
  if (!joystick_) return tr("No joystick is selected.");
  if (c.axes.size() != selected_.axes)
    return tr("The calibration has %1 axes; %2 has %3.").arg(c.axes.size()).arg(selected_.name).arg(selected_.axes);
  QStringList problems = validate(c.mapping, selected_.axes, selected_.buttons);
  for (int a = 0; a < c.axes.size(); ++a)
    if (const QString why = validate(c.axes[a]); !why.isEmpty()) problems << tr("axis %1: %2").arg(a).arg(why);
  if (!problems.isEmpty()) return problems.join(QLatin1Char('\n'));
  calibration_ = c;
  store_.save(selected_.guid, calibration_);
  emit calibrationChanged(calibration_);
  return {};
}

bool JoystickManager::beginCalibration() {
  if (!joystick_) return false;
  wizard_ = std::make_unique<CalibrationWizard>(selected_.axes, selected_.buttons, calibration_);
  wizard_candidate_ = -1;
  sticks_ = {};
  emit calibratingChanged(true);
  emit calibrationStepChanged();
  return true;
}

QString JoystickManager::calibrationNext() {
  if (!wizard_) return tr("No calibration is running.");
  QString why = wizard_->next();
  if (!why.isEmpty()) return why;
  if (wizard_->step() == CalibrationWizard::Step::Done) {
    QString rejected = setCalibration(wizard_->result());
    wizard_.reset();
    edges_.reset(raw_buttons_);  // the button pressed for the last step does not act now
    emit calibratingChanged(false);
    return rejected;
  }
  emit calibrationStepChanged();
  return {};
}

void JoystickManager::cancelCalibration() {
  if (!wizard_) return;
  wizard_.reset();
  edges_.reset(raw_buttons_);
  emit calibratingChanged(false);
}

QString JoystickManager::setCalibrationShaping(StickRole role, double deadband, double expo) {
  if (!wizard_) return tr("No calibration is running.");
  return wizard_->setShaping(role, deadband, expo);
}

}  // namespace navigator::joystick
