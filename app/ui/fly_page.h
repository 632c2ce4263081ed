// FlyPage: the ground station's flying screen — the 3-D view over the live plots, and beside
// them the flight panel (link, arm, mode, SITL firmware), pilot input, wind, parameters and the
// firmware's log. It owns the SitlSession and the pilot input, drains the simulator's samples
// on a 60 Hz timer into the view and the plots, and turns panel requests into link commands.
// The figures it shows (real-time factor, overruns, NaN resets, samples lost, GUI frame rate,
// GUI-thread CPU) are also readable for tests and benchmarks. GUI thread only.
#pragma once

#include "app/core/board_session.h"
#include "app/core/sitl_session.h"

#include <QElapsedTimer>
#include <QSettings>
#include <QWidget>

#include <optional>

class QLabel;
class QPlainTextEdit;
class QTabWidget;
class QTimer;

namespace navigator {

class BoardPanel;
class HilBridge;
class FlightPanel;
class FlightView3D;
class ParameterEditor;
class PilotInputPanel;
class TelemetryPlots;
class VehicleBinding;
class WindPanel;
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
  double gui_frames_per_s = 0;   // 3-D frames rendered over the last second
  double gui_cpu_percent = 0;    // GUI thread CPU time over the last second of wall time
};

class FlyPage : public QWidget {
  Q_OBJECT
 public:
  explicit FlyPage(QWidget* parent = nullptr);
  ~FlyPage() override;

  // Starts the simulator, the link and the firmware with `model`; the error, if any, is shown
  // on the page and returned.
  QString startSimulation(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                          const SitlSessionOptions& options);
  void stopSimulation();
  // Lets go of a serial port the flasher wants: the board is disconnected when it is on `path`.
  void releasePort(const QString& path);
  // The airframe and world flown — by SITL (startSimulation sets them) and by HIL on a board.
  void setAirframe(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config);

  // Flies new mass properties (and shows `corners_FLU_m` as the vehicle, when given).
  void flyModel(const vsim::VehicleModel& model, const QVector<float>& corners_FLU_m);

  SitlSession* session() { return &session_; }
  BoardSession* board() { return &board_; }
  BoardPanel* boardPanel() const { return board_panel_; }
  HilBridge* hil() const { return hil_; }
  joystick::PilotInputSource* pilotInput() const { return pilot_; }
  joystick::JoystickManager* joystickManager() const { return joystick_; }
  FlightView3D* view() const { return view_; }
  TelemetryPlots* plots() const { return plots_; }
  FlightPanel* flightPanel() const { return flight_panel_; }
  WindPanel* windPanel() const { return wind_panel_; }
  ParameterEditor* parameterEditor() const { return parameters_; }
  PilotInputPanel* inputPanel() const { return input_panel_; }
  QLabel* statusLabel() const { return status_; }
  const FlyFigures& figures() const { return figures_; }
  // The latest true position of the vehicle [m, NED] (for tests: is it climbing?).
  std::array<float, 3> truePosition_NED_m() const { return last_position_NED_m_; }

 signals:
  void figuresUpdated(const navigator::FlyFigures& figures);
  void flashRequested(const QString& port);  // the Board tab's Flash Firmware… button

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;  // flying keys, wherever the focus is

 private:
  QWidget* buildSide();
  void connectSession();
  void drainSamples();
  void updateFigures();
  void appendLog(const QString& line);
  void updatePilotStream();
  void connectBoard();
  void setHil(bool run);
  void restoreSettings();
  void applyWind(const WindSetting& setting);
  void showWorld(const vsim::World& world);

  QSettings settings_;  // (the joystick calibrations live here; before the manager that uses it)
  SitlSession session_;
  BoardSession board_;
  joystick::JoystickManager* joystick_ = nullptr;
  joystick::PilotInputSource* pilot_ = nullptr;
  FlightView3D* view_ = nullptr;
  TelemetryPlots* plots_ = nullptr;
  FlightPanel* flight_panel_ = nullptr;
  WindPanel* wind_panel_ = nullptr;
  PilotInputPanel* input_panel_ = nullptr;
  VehicleBinding* binding_ = nullptr;
  BoardPanel* board_panel_ = nullptr;
  HilBridge* hil_ = nullptr;              // while the board flies the simulator
  vsim::VehicleModel model_;              // the airframe flown (SITL and HIL)
  vsim::SimulatorConfig config_;          // the world flown
  bool airframe_set_ = false;
  std::vector<TelemetrySample> hil_samples_;    // HIL steps since the last drain
  std::vector<TelemetrySample> board_samples_;  // a board's own IMU reports (no HIL)
  std::optional<AttitudeSample> board_attitude_;  // its latest estimate, for the 3-D view
  ParameterEditor* parameters_ = nullptr;
  QPlainTextEdit* log_ = nullptr;
  QLabel* status_ = nullptr;
  QTimer* drain_timer_ = nullptr;
  QTimer* figures_timer_ = nullptr;
  std::vector<TelemetrySample> scratch_;
  std::array<float, 3> last_position_NED_m_{};
  FlyFigures figures_;
  bool joystick_lost_ = false;
  QElapsedTimer figures_clock_;
  quint64 frames_at_last_ = 0;
  double cpu_s_at_last_ = 0;
};

}  // namespace navigator
