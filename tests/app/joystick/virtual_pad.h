// VirtualPad: an SDL virtual joystick for the joystick tests (SDL_JoystickAttachVirtual works
// headless). The test holds its own open handle to set axes and buttons; the values reach
// whoever reads the device at its next SDL_PumpEvents (JoystickManager::poll).
#pragma once

#include <SDL.h>

#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

namespace navigator::joystick::test {

// Headless SDL for a test process; call before the first JoystickManager or VirtualPad.
inline void useHeadlessSdl() {
  qputenv("SDL_VIDEODRIVER", "dummy");
  qputenv("SDL_AUDIODRIVER", "dummy");
}

// The joystick tests' settings: a QSettings file of its own for every test function (renew() in
// init()), in a temporary folder, so calibrations stored by one function never reach the next.
class SettingsPerFunction {
 public:
  bool isValid() const { return dir_.isValid(); }
  void renew() {
    settings_ = std::make_unique<QSettings>(dir_.filePath(QStringLiteral("%1.ini").arg(QTest::currentTestFunction())),
                                            QSettings::IniFormat);
  }
  QSettings& operator*() { return *settings_; }
  QSettings* operator->() { return settings_.get(); }

 private:
  QTemporaryDir dir_;
  std::unique_ptr<QSettings> settings_;
};

class VirtualPad {
 public:
  // A game-controller-type pad (SDL gives it the standard mapping: left X/Y, right X/Y,
  // triggers as axes 0..5; A B X Y back guide start ... as buttons 0..).
  VirtualPad(int axes = 6, int buttons = 15, SDL_JoystickType type = SDL_JOYSTICK_TYPE_GAMECONTROLLER) {
    if (SDL_InitSubSystem(SDL_INIT_JOYSTICK) != 0) qFatal("SDL joystick init: %s", SDL_GetError());
    const int index = SDL_JoystickAttachVirtual(type, axes, buttons, 0);
    if (index < 0) qFatal("SDL_JoystickAttachVirtual: %s", SDL_GetError());
    handle_ = SDL_JoystickOpen(index);
    if (!handle_) qFatal("SDL_JoystickOpen(virtual): %s", SDL_GetError());
    id_ = SDL_JoystickInstanceID(handle_);
  }
  ~VirtualPad() {
    detach();
    SDL_QuitSubSystem(SDL_INIT_JOYSTICK);
  }
  VirtualPad(const VirtualPad&) = delete;
  VirtualPad& operator=(const VirtualPad&) = delete;

  int instanceId() const { return id_; }
  void axis(int i, int value) { QCOMPARE(SDL_JoystickSetVirtualAxis(handle_, i, Sint16(value)), 0); }
  void button(int i, bool down) { QCOMPARE(SDL_JoystickSetVirtualButton(handle_, i, down ? 1 : 0), 0); }
  void axes(std::initializer_list<int> values) {
    int i = 0;
    for (int v : values) axis(i++, v);
  }

  // Unplugs the pad (SDL queues SDL_JOYDEVICEREMOVED).
  void detach() {
    if (!handle_) return;
    SDL_JoystickClose(handle_);
    handle_ = nullptr;
    for (int i = 0; i < SDL_NumJoysticks(); ++i)
      if (SDL_JoystickGetDeviceInstanceID(i) == id_) SDL_JoystickDetachVirtual(i);
  }

 private:
  SDL_Joystick* handle_ = nullptr;
  SDL_JoystickID id_ = -1;
};

}  // namespace navigator::joystick::test
