// PilotInputPanel: where the pilot's sticks come from — a joystick (device list with hot-plug,
// live axes and buttons, the calibration wizard), the keyboard, or the on-screen sticks — over
// one PilotInputSource and its JoystickManager. The panel is composition only: the joystick
// logic lives in app/joystick, the drawing in widgets/joystick. GUI thread only.
// Which source flies: the pilot's choice (kept across restarts; the joystick at first). While a
// joystick is chosen but none is plugged in, the keyboard flies instead (said under the choice),
// and a joystick plugged in later takes over (a hand-over, as any change of source).
#pragma once

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QStackedWidget;

namespace navigator {

class JoystickAxesView;
class JoystickCalibrationPage;
class VirtualSticks;
namespace joystick {
class JoystickManager;
class PilotInputSource;
}  // namespace joystick

class PilotInputPanel : public QWidget {
  Q_OBJECT
 public:
  PilotInputPanel(joystick::JoystickManager* joystick, joystick::PilotInputSource* pilot, QWidget* parent = nullptr);

  VirtualSticks* virtualSticks() const { return sticks_; }
  QComboBox* sourceChoice() const { return source_; }
  QComboBox* deviceChoice() const { return device_; }
  QComboBox* keyboardThrottleChoice() const { return keyboard_throttle_; }
  QLabel* handoverLabel() const { return handover_; }
  QLabel* stickMappingLabel() const { return mapping_; }
  // Said while the keyboard flies in place of a chosen joystick that is not plugged in.
  QLabel* sourceNote() const { return source_note_; }
  // The vehicle's STICK_MAP (fc_params.h), said in words under the source; nullopt: not known
  // (not read yet, or a vehicle without it).
  void setStickMapping(std::optional<int> stick_map);

 signals:
  void sourceChanged();

 private:
  QWidget* buildKeyboardPage();
  QWidget* buildJoystickPage();
  void connectJoystick();
  void restoreChoices();
  void listDevices();
  void showCalibrationStep();
  void setSource(int index);
  void chooseSource(int index);  // the pilot's own choice
  void followJoystick();         // the joystick if chosen and plugged in, else the keyboard
  void showThrottleHold(bool held);

  joystick::JoystickManager* joystick_;
  joystick::PilotInputSource* pilot_;
  QComboBox* source_ = nullptr;
  QComboBox* device_ = nullptr;
  QLabel* device_state_ = nullptr;
  QLabel* keys_ = nullptr;
  QComboBox* keyboard_throttle_ = nullptr;
  QLabel* handover_ = nullptr;
  QLabel* mapping_ = nullptr;
  QLabel* source_note_ = nullptr;
  bool joystick_chosen_ = true;  // the pilot's choice is the joystick (the keyboard stands in)
  QPushButton* calibrate_ = nullptr;
  JoystickAxesView* axes_ = nullptr;
  JoystickCalibrationPage* wizard_ = nullptr;
  VirtualSticks* sticks_ = nullptr;
  QStackedWidget* pages_ = nullptr;
};

}  // namespace navigator
