// JoystickManager: the joysticks and gamepads SDL2 sees, polled on the GUI thread. It keeps
// the device list current through hot-plug, opens the selected device, loads its calibration
// per GUID (CalibrationStore), turns its raw axes into pilot sticks, detects button press
// edges for arm/disarm/mode, and runs the calibration wizard — while calibrating, and whenever
// no device is open, the sticks are neutral (centred, throttle 0) and no button acts.
// SDL is initialised with SDL_INIT_JOYSTICK | SDL_INIT_GAMECONTROLLER (reference-counted, so
// several managers may coexist) with background events allowed and SDL's built-in
// game-controller database plus an optional mappings file (gamecontrollerdb.txt format).
// poll() drains SDL's whole event queue: nothing else in the process may rely on SDL events.
// Thread contract: construct, call and destroy on the GUI thread; signals are emitted there.
#pragma once

#include "app/joystick/calibration_store.h"
#include "app/joystick/calibration_wizard.h"
#include "app/joystick/joystick_mapping.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QSettings>
#include <QString>
#include <QTimer>

#include <SDL_gamecontroller.h>  // the handles held: SDL_GameController, SDL_Joystick
#include <SDL_joystick.h>

#include <memory>

namespace navigator::joystick {

struct JoystickDeviceInfo {
  int instance_id = -1;  // SDL_JoystickID: unique while plugged in; -1 = no device
  QString name;
  QString guid;  // SDL_JoystickGetGUIDString: the calibration key
  int axes = 0, buttons = 0, hats = 0;
  bool game_controller = false;  // known to SDL's game-controller database
  bool operator==(const JoystickDeviceInfo&) const = default;
};

class JoystickManager : public QObject {
  Q_OBJECT

 public:
  static constexpr int kPollIntervalMs = 4;  // 250 Hz

  // `settings` (outliving the manager) holds the calibrations; `mappings_file`, when given,
  // adds game-controller mappings to SDL's built-in ones. Problems (SDL not starting, a bad
  // mappings file) are in initProblems(). The device list fills on the first poll: connect
  // the signals, then start() (or poll()).
  explicit JoystickManager(QSettings& settings, const QString& mappings_file = {}, QObject* parent = nullptr);
  ~JoystickManager() override;

  QStringList initProblems() const { return init_problems_; }
  bool available() const { return sdl_up_; }
  void start() {
    if (sdl_up_) timer_.start();
  }
  void stop() { timer_.stop(); }
  // One poll: SDL events (hot-plug), raw values, sticks, button edges, the wizard. The timer
  // calls it every kPollIntervalMs; tests call it directly.
  void poll();

  QList<JoystickDeviceInfo> devices() const { return devices_; }
  // Opens a listed device and loads its calibration; false (and problem()) if it is gone.
  bool selectDevice(int instance_id);
  void deselect();
  JoystickDeviceInfo selectedDevice() const { return selected_; }  // instance_id -1 if none

  const JoystickCalibration& calibration() const { return calibration_; }
  // Replaces the selected device's calibration and saves it; empty on success, otherwise why
  // (nothing changes).
  QString setCalibration(const JoystickCalibration& c);

  QList<int> rawAxes() const { return raw_axes_; }  // SDL raw, -32768..32767
  QList<bool> rawButtons() const { return raw_buttons_; }
  PilotSticks sticks() const { return sticks_; }  // neutral unless flying a device

  // The wizard: begin (needs a selected device), advance, cancel. Finishing saves the result.
  bool beginCalibration();
  QString calibrationNext();  // as CalibrationWizard::next(); at Done the calibration applies
  void cancelCalibration();
  bool calibrating() const { return wizard_ != nullptr; }
  const CalibrationWizard* wizard() const { return wizard_.get(); }
  QString setCalibrationShaping(StickRole role, double deadband, double expo);

 signals:
  void devicesChanged(const QList<navigator::joystick::JoystickDeviceInfo>& devices);
  void deviceSelected(const navigator::joystick::JoystickDeviceInfo& device);  // instance_id -1: none
  // The selected device vanished: output is neutral from now on.
  void deviceLost(const QString& name);
  void rawValuesChanged(const QList<int>& axes, const QList<bool>& buttons);  // on change only
  void buttonAction(navigator::joystick::PilotAction action);                 // press edges
  void calibratingChanged(bool calibrating);
  void calibrationStepChanged();  // the wizard moved on (or its live candidate changed)
  void calibrationChanged(const navigator::joystick::JoystickCalibration& c);
  void problem(const QString& text);  // store refusals, SDL errors: for the log or status bar

 private:
  void refreshDevices(bool may_select);
  void closeDevice();
  void readDevice();

  CalibrationStore store_;
  bool sdl_up_ = false;
  bool listed_ = false;
  QStringList init_problems_;
  QTimer timer_;
  QList<JoystickDeviceInfo> devices_;
  JoystickDeviceInfo selected_;
  SDL_Joystick* joystick_ = nullptr;
  SDL_GameController* controller_ = nullptr;
  JoystickCalibration calibration_;
  QList<int> raw_axes_;
  QList<bool> raw_buttons_;
  PilotSticks sticks_;
  ButtonEdgeDetector edges_;
  std::unique_ptr<CalibrationWizard> wizard_;
  int wizard_candidate_ = -1;
};

}  // namespace navigator::joystick

Q_DECLARE_METATYPE(navigator::joystick::JoystickDeviceInfo)
Q_DECLARE_METATYPE(navigator::joystick::PilotAction)
Q_DECLARE_METATYPE(navigator::joystick::JoystickCalibration)
