// FlightPanel: what the pilot needs between the sticks and the vehicle — the link state, armed
// or not, the flight mode, Arm / Disarm, Takeoff / Land / Return for an autopilot that has them,
// a mode switch (the modes of the vehicle's autopilot),
// its GPS and position when it reports them, the SITL firmware's process (start, stop,
// restart) and the vehicle's last message. Plain values in, plain requests out; the
// owner decides what they do. GUI thread only.
// The mode switch changes the mode only by a deliberate choice in its list: a click does not
// give it the keyboard focus (the flying keys keep theirs), and keys or the wheel on the
// closed switch never step the mode (↑ meant to pitch once chose ANGLE in flight).
#pragma once

#include <QList>
#include <QStringList>
#include <QWidget>

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QPushButton;

namespace navigator {

class FlightPanel : public QWidget {
  Q_OBJECT
 public:
  enum class LinkState { NoVehicle, Connected, Lost };
  // How a message is shown: red, orange or plain.
  enum class MessageLevel { Error, Warning, Info };

  // `mode_names`: the modes offered, in menu order (modeRequested gives the index).
  explicit FlightPanel(const QStringList& mode_names, QWidget* parent = nullptr);

  void setLinkState(LinkState state, const QString& detail);
  void setArmed(bool armed);
  // Whether Arm is offered at all (besides a vehicle answering and not armed): not while the
  // pilot input does not reach the vehicle yet; `why_not` is then Arm's tooltip.
  void setArmOffered(bool offered, const QString& why_not = {});
  bool armOffered() const { return arm_offered_; }
  // Takeoff (to the altitude beside it), Land and Return, QGroundControl's guided actions: shown
  // for a vehicle whose autopilot carries them out (PX4, ArduPilot), hidden otherwise.
  void setGuidedActionsAvailable(bool available);
  bool guidedActionsAvailable() const { return guided_available_; }
  // The modes offered from now on (another autopilot); nothing is shown as chosen until setMode.
  void setModes(const QStringList& mode_names);
  QStringList modes() const;
  // Shows the vehicle's mode by its index in the list; -1 (a mode not offered) shows
  // `reported`, the vehicle's name for it, or the index itself when there is none.
  void setMode(int mode, const QString& reported = {});
  QString modeShown() const;
  // GPS and position as the vehicle reports them (one or two lines), or that it reports none.
  void setNavigationText(const QString& text);
  QString navigationText() const;
  // MAVLink signing on the link to the vehicle on show: 0 unsigned, 1 signed, 2 refusing frames
  // (shown green, plain, red), with its counts in `detail`; whether it can be switched here
  // (a Vayu vehicle with a private link or a signed one) and which way the button goes.
  enum class Signing { Unsigned, Signed, Refusing, NotOffered };
  void setSigning(Signing state, const QString& detail, bool can_switch);
  QString signingText() const;
  void setFirmwareRunning(bool running, const QString& detail);
  // The firmware is not this station's to start or stop (it flies an attached simulator, run by
  // someone else): its buttons are greyed out and `detail` says whose it is.
  void setFirmwareElsewhere(const QString& detail);
  // The vehicle's or the station's latest message.
  void showMessage(const QString& text, MessageLevel level);
  // Whether the simulator's hand holds the vehicle (shown under "Hold by hand…").
  void setHeldByHand(bool held);
  bool heldByHand() const { return held_by_hand_; }
  // What the hand's box says: why it is refused (armed) or that it holds the vehicle; empty
  // otherwise.
  QString handNote() const;
  // The pilot's radio transmitter's power switch, shown while a receiver is fitted to the
  // simulated vehicle (checked: on, the default).
  void setTransmitterFitted(bool fitted);
  QCheckBox* transmitterSwitch() const { return transmitter_; }

  LinkState linkState() const { return link_state_; }
  bool armed() const { return armed_; }
  QString messageText() const;

 signals:
  void armRequested();
  void disarmRequested();
  void modeRequested(int mode);
  void takeoffRequested(double altitude_rel_m);  // above home
  void landRequested();
  void returnRequested();
  void startFirmwareRequested();
  void stopFirmwareRequested();
  void restartFirmwareRequested();
  void resetVehicleRequested();    // put the simulated vehicle back on the ground at the origin
  void signingRequested(bool on);  // "Sign this link" / "Stop signing"
  // "Hold by hand…": hold still at this attitude (z-y-x, degrees); turn slowly at this rate
  // [°/s] about the body's axes (or the world's), keeping the attitude it has; let go. Hold and
  // turn are offered only while disarmed.
  void holdRequested(double roll_deg, double pitch_deg, double yaw_deg);
  void turnRequested(double x_dps, double y_dps, double z_dps, bool about_world);
  void releaseRequested();
  void transmitterSwitched(bool on);  // the pilot switched the transmitter on or off

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;  // the mode switch's keys and wheel

 private:
  QGroupBox* buildVehicleBox(const QStringList& mode_names);
  void buildGuided();
  QGroupBox* buildSitlBox();
  QWidget* buildHand();
  void updateHand();
  void updateButtons();

  QLabel* link_ = nullptr;
  QLabel* armed_label_ = nullptr;
  QLabel* firmware_ = nullptr;
  QLabel* message_ = nullptr;
  QLabel* navigation_ = nullptr;
  QLabel* signing_ = nullptr;
  QPushButton* signing_button_ = nullptr;
  bool signing_on_ = false;
  QComboBox* mode_ = nullptr;
  QPushButton* arm_ = nullptr;
  QPushButton* disarm_ = nullptr;
  QWidget* guided_ = nullptr;  // Takeoff, its altitude, Land, Return
  QPushButton* takeoff_ = nullptr;
  QDoubleSpinBox* takeoff_altitude_ = nullptr;
  QPushButton* land_ = nullptr;
  QPushButton* return_ = nullptr;
  bool guided_available_ = false;
  QPushButton* start_ = nullptr;
  QPushButton* stop_ = nullptr;
  QPushButton* restart_ = nullptr;
  LinkState link_state_ = LinkState::NoVehicle;
  bool armed_ = false;
  bool arm_offered_ = true;
  QString arm_tooltip_;
  bool firmware_running_ = false;
  bool firmware_elsewhere_ = false;
  bool quiet_ = false;
  QPushButton* hand_ = nullptr;  // "Hold by hand…", with its menu
  QList<QAction*> hand_holds_;   // the presets and the turns: disabled while armed
  QLabel* hand_note_ = nullptr;
  bool held_by_hand_ = false;
  QCheckBox* transmitter_ = nullptr;
};

}  // namespace navigator
