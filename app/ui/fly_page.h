// FlyPage: the ground station's flying screen — the 3-D view over the live plots, and beside
// them the vehicle selector and the autopilot link (PX4, ArduPilot), the flight panel (link,
// arm, mode, SITL firmware), pilot input, wind, parameters, the board and the firmware's log.
// It lays these out and wires them to the Station it is given (which vehicle flies, whose
// samples are on show, the autopilot link and the vehicles heard there, where the sticks go,
// the figures): on a 60 Hz timer it hands the drained samples to the view and the
// plots, once a second it shows the figures with the GUI's own (3-D frame rate, GUI-thread
// CPU) and publishes them (figuresUpdated). It keeps no getters for its parts: tests find them
// as a user does, by kind or by text (tests/support/widget_lookup.h). GUI thread only.
#pragma once

#include "app/core/firmware_starvation.h"
#include "app/core/station.h"

#include <QElapsedTimer>
#include <QPointer>
#include <QSettings>
#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTimer;

namespace navigator {

class BoardPanel;
class FlightPanel;
class FlightView3D;
class InstrumentFeed;
class PrimaryFlightDisplay;
class ParameterEditor;
class PilotInputPanel;
class TelemetryPlots;
class VehicleBinding;
class VehicleLinkPanel;
class WindPanel;
class RotorLayoutView;
struct WindSetting;
namespace joystick {
class JoystickManager;
class PilotInputSource;
}  // namespace joystick

// Once-a-second figures of the fly page.
struct FlyFigures {
  double realtime_factor = 0;
  std::int64_t overruns = 0, nan_resets = 0;
  std::uint64_t samples_lost = 0, samples_plotted = 0;
  double gui_frames_per_s = 0;     // 3-D frames rendered over the last second
  double gui_cpu_percent = 0;      // GUI thread CPU time over the last second of wall time
  double hil_exchanges_per_s = 0;  // while HIL runs: the board's loop (realtime_factor is then its own)
};

class FlyPage : public QWidget {
  Q_OBJECT
 public:
  // Lays out what `station` flies (not owned; it outlives the page).
  explicit FlyPage(Station* station, QWidget* parent = nullptr);
  ~FlyPage() override;

  // Shows `corners_FLU_m` as the vehicle in the 3-D view (a mesh's mass properties flown; empty:
  // the airframe's own look).
  void showVehicleMesh(const QVector<float>& corners_FLU_m);
  QLabel* statusLabel() const { return status_; }  // the main window's status bar shows it
  // The warning that the SITL firmware is starved (FirmwareStarvation), above the side tabs;
  // hidden while there is nothing to say.
  QLabel* starvationLabel() const { return starvation_label_; }
  // What the page found restored from the last session that changes the flight (a non-calm
  // wind), in a sentence for the status bar; empty when nothing was.
  QString restoredSettingsText() const { return restored_wind_text_; }
  // The keyboard's flying keys also fly while `page` is on show (the Vehicle Setup page's Radio
  // section, where a transmitter's end points are recorded), under the same rule
  // (keyboard_focus.h); null: only while this page is.
  void setKeysAlsoFlyOn(QWidget* page) { keys_also_on_ = page; }

 signals:
  void figuresUpdated(const navigator::FlyFigures& figures);
  void flashRequested(const QString& port);  // the Board tab's Flash Firmware… button

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;  // flying keys, wherever the focus is

 private:
  QPointer<QWidget> keys_also_on_;  // setKeysAlsoFlyOn
  void updateSigning();             // the Flight tab's signing line, for the vehicle on show
  QWidget* buildSide();
  void connectSession();   // the page's parts to the station, one group each below
  void connectStation();   // its messages, airframe, sources starting and stopping
  void connectRecorder();  // the flight logs said in the log
  void connectFirmware();  // the SITL firmware's process and its buttons
  void connectPilot();
  void connectTransmitter();  // the sticks and the joystick to the pilot router
  void connectHand();         // "Hold by hand…" to the simulator's hand
  void connectBoard();
  void connectAutopilots();
  void showVehicle(VehicleLink* link);  // an autopilot-link vehicle on show (null: the station's own)
  void showChosenVehicle();             // binds the panels and instruments to the vehicle on show
  void showAirframe(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config);
  void showMassProperties(const vsim::VehicleModel& model, bool own);
  void onSimulationStarted(const QString& elsewhere);
  void listVehicles();  // the selector's entries as the vehicles are now
  void drainSamples();
  void updateFigures();
  void takeStarvation();                                   // the simulator's counters into the SITL firmware's watch
  void updateStarvation();                                 // the warning, from the watch
  QString takeHilFigures(FlightFigures& f, double now_s);  // HIL running: its own pace into `f`, the status's prefix
  void appendLog(const QString& line);
  void setHil(bool run);
  void restoreSettings();
  void applyWind(const WindSetting& setting);

  QSettings settings_;  // (the joystick calibrations live here; before the manager that uses it)
  Station* station_;
  joystick::JoystickManager* joystick_ = nullptr;
  joystick::PilotInputSource* pilot_ = nullptr;
  FlightView3D* view_ = nullptr;
  TelemetryPlots* plots_ = nullptr;
  FlightPanel* flight_panel_ = nullptr;
  WindPanel* wind_panel_ = nullptr;
  RotorLayoutView* rotors_view_ = nullptr;  // the Motors tab: the airframe's rotors from above
  void showRotors(const vsim::VehicleModel& model, const QString& state);
  PilotInputPanel* input_panel_ = nullptr;
  VehicleBinding* binding_ = nullptr;
  BoardPanel* board_panel_ = nullptr;
  VehicleLinkPanel* vehicles_panel_ = nullptr;
  ParameterEditor* parameters_ = nullptr;
  PrimaryFlightDisplay* pfd_ = nullptr;
  InstrumentFeed* instruments_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  QPlainTextEdit* log_ = nullptr;
  QLabel* status_ = nullptr;
  QLabel* starvation_label_ = nullptr;
  FirmwareStarvation starvation_;
  HilRate hil_rate_;
  QElapsedTimer page_clock_;  // the clock the figures are taken on
  QTimer* drain_timer_ = nullptr;
  QTimer* figures_timer_ = nullptr;
  FlyFigures figures_;
  QString restored_wind_text_;
  QElapsedTimer figures_clock_;
  quint64 frames_at_last_ = 0;
  double cpu_s_at_last_ = 0;
};

}  // namespace navigator
