// PilotInputPanel: where the pilot's sticks come from — a joystick (device list with hot-plug,
// live axes and buttons, the calibration wizard), the keyboard, or the on-screen sticks — over
// one PilotInputSource and its JoystickManager. The panel is composition only: the joystick
// logic lives in app/joystick, the drawing in widgets/joystick. GUI thread only.
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
  QPushButton* calibrate_ = nullptr;
  JoystickAxesView* axes_ = nullptr;
  JoystickCalibrationPage* wizard_ = nullptr;
  VirtualSticks* sticks_ = nullptr;
  QStackedWidget* pages_ = nullptr;
};

}  // namespace navigator
