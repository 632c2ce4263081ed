// MainWindow: the composition root of the ground station's window. It owns the Station (the
// core objects: vehicle sources, vehicles, pilot routing, the flight feed and recorder) and the
// pages, hands each page the parts it shows, and wires their plain-value signals together.
// GUI thread only.
#pragma once

#include "app/core/station.h"

#include <QMainWindow>
#include <QRect>

#include <functional>
#include <optional>

class QAction;
class QLabel;
class QProgressBar;
class QTabWidget;
class QToolButton;

namespace navigator {

class AirframeChooser;
class FlashDialog;
class HelpDialog;
class UserGuideWindow;
class FlyPage;
class InertiaInspector;
class LogsPage;
class MeshLoader;
class MeshView3D;
class TunePage;
class VehicleSetupPage;
struct LoadedMesh;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Reads and analyses a mesh file off the GUI thread; the result or the error shows in the
  // Inertia Inspector.
  void openMesh(const QString& path);
  // Shows the Logs page and replays the flight log at `path` (read off the GUI thread).
  void openLog(const QString& path);

  // Where the sample S500 frame is installed (beside the executable's share/ folder).
  static QString sampleFramePath();
  // The airframe flown when none is chosen: the S500 beside the sample frame.
  static QString defaultAirframePath();
  // The airframe chosen in the airframe chooser (kept in the settings), or the default when none
  // was or its file is gone (`note` then says so, for the status bar).
  static QString chosenAirframePath(QString* note = nullptr);

  // File → Choose Airframe… (and the airframe button beside the tabs): non-modal, one per window.
  AirframeChooser* showAirframeChooser();
  // Flies the airframe in the file at `path` from now on, as the chooser does: the simulation
  // (this station's, or a PX4/ArduPilot world) stopped and started again with it, on the ground,
  // in the same world, once the last firmware has exited (a moment later); with none running, the
  // airframe HIL would fly, at once. Kept as the choice for the next start once it flies; one
  // that does not start gives way to the airframe flown before. Refused, nothing changed, while
  // a vehicle is armed, HIL runs or the simulator is attached; a file that does not load changes
  // nothing either. The reason, in words, or empty.
  QString flyAirframe(const QString& path);
  // Why the airframe cannot be changed now, or empty.
  QString airframeChangeRefusal();
  // The airframe file flown (or the one the next start flies).
  QString airframePath() const { return airframe_path_; }

  // Loads the airframe (and world, when a path is given) and starts the simulator, the SITL
  // firmware and the link on the Fly page. The error, if any, is shown and returned.
  QString startSimulation(const QString& airframe_path, const QString& world_path, const SitlSessionOptions& options);
  // Several vehicles of the airframe flown by PX4 or ArduPilot (Station::startAutopilotWorld).
  QString startAutopilotWorld(const QString& airframe_path, const QString& world_path,
                              const AutopilotSessionOptions& options);
  // Or flies with the vsim_d serving `dir` (scripts/sitl.sh's), started elsewhere with the same
  // airframe and world; its firmware's MAVLink on UDP options.gcs_port.
  QString attachSimulator(const QString& airframe_path, const QString& world_path, const QString& dir,
                          const SitlSessionOptions& options);

  InertiaInspector* inspector() const { return inspector_; }
  MeshView3D* meshView() const { return view_; }
  MeshLoader* meshLoader() const { return loader_; }
  FlyPage* flyPage() const { return fly_; }
  Station* station() { return &station_; }
  TunePage* tunePage() const { return tune_; }
  LogsPage* logsPage() const { return logs_; }
  VehicleSetupPage* setupPage() const { return setup_; }
  QTabWidget* tabs() const { return tabs_; }
  // The flash dialog (non-modal, one per window), opened for `port` when one is given.
  FlashDialog* openFlashDialog(const QString& port = {});
  // Help → Keyboard and Mouse (F1): non-modal, one per window.
  HelpDialog* showHelp();
  // Help → User Guide: the user guide (docs/) read inside the station (user_guide_window.h).
  UserGuideWindow* showUserGuide();

  // The window's client rectangle as it was last closed (restored from the settings), if any:
  // main.cpp opens it there only where it fits the screen (window_fit.h).
  std::optional<QRect> savedGeometry() const { return saved_geometry_; }

 protected:
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;
  void closeEvent(QCloseEvent* event) override;

 private:
  // The airframe and world (flat ground when no path) the Fly page flies; the error, or empty.
  static QString loadFlight(const QString& airframe_path, const QString& world_path, vsim::VehicleModel& model,
                            vsim::SimulatorConfig& config);
  void createMenus();
  void createAirframeButton();
  void createLogsAndSetupPages();
  void showSetupAirframe();
  void showLoaded(const std::shared_ptr<const LoadedMesh>& mesh);
  void chooseMesh();
  void setBusy(bool busy);
  void restoreSettings();
  void flyMassProperties(const vsim::MassProperties& body_FRD, const QVector<float>& corners_FLU_m);
  void showAirframeName(const QString& name);
  // `then` once this station's SITL firmware has exited (at once when it is not running).
  void whenFirmwareStopped(const std::function<void()>& then);
  // Before this station's SITL starts again: its link's parameters are read again from the new firmware.
  void forgetFirmwareParameters();
  // `path` is the airframe flown from now on: kept for the next start, said in the status bar.
  void keepAirframe(const QString& path, const vsim::VehicleModel& model);

  // How the flying was started, so that another airframe is started the same way.
  enum class FlightKind { None, Sitl, Autopilots, Attached };
  struct FlightStart {
    FlightKind kind = FlightKind::None;
    QString world_path;
    SitlSessionOptions sitl;
    AutopilotSessionOptions autopilots;
  };

  Station station_;  // before the pages, which it outlives
  MeshLoader* loader_ = nullptr;
  QTabWidget* tabs_ = nullptr;
  FlyPage* fly_ = nullptr;
  TunePage* tune_ = nullptr;
  LogsPage* logs_ = nullptr;
  VehicleSetupPage* setup_ = nullptr;
  FlashDialog* flash_dialog_ = nullptr;
  HelpDialog* help_dialog_ = nullptr;
  UserGuideWindow* user_guide_ = nullptr;
  MeshView3D* view_ = nullptr;
  InertiaInspector* inspector_ = nullptr;
  QProgressBar* progress_ = nullptr;
  QToolButton* cancel_ = nullptr;
  QString requested_path_;                  // the last file asked for, shown or not
  QAction* airframe_mass_ = nullptr;        // Tools → back to the airframe's own mass properties
  QToolButton* airframe_button_ = nullptr;  // beside the tabs: the airframe's name, opens the chooser
  AirframeChooser* airframe_chooser_ = nullptr;
  QString airframe_path_ = chosenAirframePath();
  FlightStart flight_start_;
  bool restarting_ = false;  // another airframe waits for the last firmware to exit
  std::optional<QRect> saved_geometry_;
};

}  // namespace navigator
