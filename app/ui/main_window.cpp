#include "app/ui/main_window.h"

#include "app/core/mesh_loader.h"
#include "app/core/tune_job.h"
#include "app/ui/airframe_chooser.h"
#include "app/ui/flash_dialog.h"
#include "app/ui/fly_page.h"
#include "app/ui/help_dialog.h"
#include "app/ui/inertia_inspector.h"
#include "app/ui/logs_page.h"
#include "app/ui/mavlink_inspector.h"
#include "app/ui/rotor_marks.h"
#include "app/ui/tune_page.h"
#include "app/ui/user_guide_window.h"
#include "app/ui/vehicle_setup_page.h"
#include "sim/config/airframe_file.h"
#include "sim/config/world_file.h"
#include "widgets/mesh_view_3d.h"

#include <QApplication>
#include <QLocale>
#include <QCloseEvent>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QStatusBar>
#include <QToolButton>
#include <QUrl>

#include <cmath>

namespace navigator {
namespace {

// A change of the vehicle flown refused (armed, or outside the hard limits), said beside the
// page without blocking it.
void showMassChangeRefused(QWidget* parent, const QString& reason) {
  auto* box = new QMessageBox(QMessageBox::Warning, MainWindow::tr("Fly with these mass properties"), reason,
                              QMessageBox::Close, parent);
  box->setObjectName(QStringLiteral("massChangeRefused"));
  box->setAttribute(Qt::WA_DeleteOnClose);
  box->open();
}

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setWindowTitle(tr("Navigator"));
  setAcceptDrops(true);
  loader_ = new MeshLoader(this);
  view_ = new MeshView3D;
  inspector_ = new InertiaInspector;
  auto* inertia_page = new QSplitter;
  inertia_page->addWidget(view_);
  inertia_page->addWidget(inspector_);
  inertia_page->setStretchFactor(0, 3);
  inertia_page->setStretchFactor(1, 2);
  fly_ = new FlyPage(&station_);
  connect(fly_, &FlyPage::flashRequested, this, [this](const QString& port) { openFlashDialog(port); });
  tabs_ = new QTabWidget;
  tabs_->setDocumentMode(true);
  tabs_->addTab(fly_, tr("Fly"));
  tabs_->addTab(inertia_page, tr("Inertia Inspector"));
  // The Tune page takes the airframe flying, or the inspector's mass properties on it (on the
  // S500 when nothing flies), and writes to whichever vehicle the Fly page commands.
  tune_ = new TunePage;
  tune_->setAirframeSources({[this]() -> std::optional<vsim::VehicleModel> {
                               const FlownAirframe& flown = station_.airframe();
                               return flown.set ? std::optional(flown.model) : std::nullopt;
                             },
                             [this] { return inspector_->bodyMassProperties(); }, defaultAirframePath()});
  tune_->setVehicleLink(station_.vehicles()->active()->link());
  connect(station_.vehicles(), &VehicleManager::activeChanged, tune_,
          [this](Vehicle* vehicle) { tune_->setVehicleLink(vehicle->link()); });
  tabs_->addTab(tune_, tr("Tune"));
  createLogsAndSetupPages();
  createAirframeButton();
  setCentralWidget(tabs_);
  statusBar()->addPermanentWidget(fly_->statusLabel());
  if (!fly_->restoredSettingsText().isEmpty()) statusBar()->showMessage(fly_->restoredSettingsText(), 60000);

  progress_ = new QProgressBar;
  progress_->setRange(0, 1000);
  progress_->setMaximumWidth(220);
  cancel_ = new QToolButton;
  cancel_->setText(tr("Cancel"));
  statusBar()->addPermanentWidget(progress_);
  statusBar()->addPermanentWidget(cancel_);
  setBusy(false);

  createMenus();
  connect(cancel_, &QToolButton::clicked, loader_, &MeshLoader::cancel);
  connect(loader_, &MeshLoader::progressChanged, this, [this](int permille, const QString& stage) {
    progress_->setValue(permille);
    statusBar()->showMessage(stage);
  });
  connect(loader_, &MeshLoader::loaded, this, &MainWindow::showLoaded);
  connect(loader_, &MeshLoader::failed, this, [this](const QString&, const QString& message) {
    setBusy(false);
    inspector_->showError(message);
    statusBar()->showMessage(tr("Could not open the mesh"), 8000);
  });
  connect(loader_, &MeshLoader::cancelled, this, [this](const QString& path) {
    setBusy(loader_->isBusy());
    statusBar()->showMessage(tr("Cancelled reading %1").arg(QFileInfo(path).fileName()), 5000);
  });
  connect(inspector_, &InertiaInspector::allowOpenChanged, this, [this] {
    if (!requested_path_.isEmpty()) openMesh(requested_path_);
  });
  connect(inspector_, &InertiaInspector::flyRequested, this, &MainWindow::flyMassProperties);
  connect(inspector_, &InertiaInspector::massSpecChanged, this, [this] {
    const vsim::MassSpec spec = inspector_->massSpec();
    QSettings settings;
    settings.setValue("inspector/unit", int(spec.unit));
    settings.setValue("inspector/basis", int(spec.basis));
    settings.setValue("inspector/value", spec.value);
  });
  restoreSettings();
}

// The Logs page (every flight recorded, any ULog replayed in the Fly page's plots and 3-D view)
// and Vehicle Setup (calibration, radio, power, motor test and failsafes for the vehicle on show).
void MainWindow::createLogsAndSetupPages() {
  logs_ = new LogsPage;
  tabs_->addTab(logs_, tr("Logs"));
  logs_->setVehicle(station_.vehicles()->shown());
  connect(station_.vehicles(), &VehicleManager::shownChanged, logs_, &LogsPage::setVehicle);
  setup_ = new VehicleSetupPage;
  setup_->setVehicle(station_.vehicles()->shown());
  connect(station_.vehicles(), &VehicleManager::shownChanged, setup_, &VehicleSetupPage::setVehicle);
  tabs_->addTab(setup_, tr("Vehicle Setup"));
  fly_->setKeysAlsoFlyOn(setup_->radio());  // the sticks' end points recorded from the keyboard too
  // Each as it is now whenever it comes on show (a flight may have been recorded, another
  // airframe flown).
  connect(tabs_, &QTabWidget::currentChanged, this, [this] {
    if (tabs_->currentWidget() == logs_) logs_->refresh();
    if (tabs_->currentWidget() == setup_) showSetupAirframe();
  });
}

// The station's own airframe, read whenever the page comes on show (the airframe flown may have
// changed since).
void MainWindow::showSetupAirframe() {
  const FlownAirframe& flown = station_.airframe();
  if (!flown.set) {
    setup_->setOwnAirframe({}, 0, {});
    return;
  }
  setup_->setOwnAirframe(rotorMarks(flown.model), flown.model.rotor_count,
                         tr("%1: %2 rotors, numbered as the firmware's motor outputs")
                             .arg(QString::fromStdString(flown.model.name))
                             .arg(flown.model.rotor_count));
}

MainWindow::~MainWindow() {
  // The pages go before the station whose parts they show.
  delete takeCentralWidget();
}

// The airframe flown, by name, beside the tabs on every page: it opens the chooser.
void MainWindow::createAirframeButton() {
  airframe_button_ = new QToolButton;
  airframe_button_->setObjectName(QStringLiteral("airframeButton"));
  airframe_button_->setToolTip(tr("The airframe the simulation flies: click to choose another"));
  connect(airframe_button_, &QToolButton::clicked, this, [this] { showAirframeChooser(); });
  tabs_->setCornerWidget(airframe_button_, Qt::TopRightCorner);
  showAirframeName(QFileInfo(airframe_path_).completeBaseName());
  connect(&station_, &Station::airframeChanged, this,
          [this](const vsim::VehicleModel& model) { showAirframeName(QString::fromStdString(model.name)); });
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* open = file->addAction(tr("&Open Mesh…"), this, &MainWindow::chooseMesh);
  open->setShortcut(QKeySequence::Open);
  QAction* sample = file->addAction(tr("Open &Sample S500 Frame (drawn in mm)"), this, [this] {
    vsim::MassSpec spec = inspector_->massSpec();
    spec.unit = vsim::LengthUnit::Millimetre;  // the sample is known to be drawn in mm
    inspector_->setMassSpec(spec);
    openMesh(sampleFramePath());
  });
  sample->setEnabled(QFileInfo::exists(sampleFramePath()));
  file->addSeparator();
  file->addAction(tr("Choose &Airframe…"), this, [this] { showAirframeChooser(); })
      ->setObjectName(QStringLiteral("chooseAirframe"));
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* tools = menuBar()->addMenu(tr("&Tools"));
  tools->addAction(tr("&Flash Firmware…"), this, [this] { openFlashDialog(); });
  tools->addAction(tr("&MAVLink Inspector"), this, [this] { MavlinkInspector::showFor(&station_, this); })
      ->setObjectName(QStringLiteral("mavlinkInspector"));
  airframe_mass_ = tools->addAction(tr("Fly the &Airframe's Own Mass Properties"), this, [this] {
    if (const QString refused = station_.flyAirframeMassProperties(); !refused.isEmpty())
      return showMassChangeRefused(this, refused);
    fly_->showVehicleMesh({});
    airframe_mass_->setEnabled(false);
    statusBar()->showMessage(tr("Flying the airframe's own mass properties (%1 kg)")
                                 .arg(QLocale().toString(station_.airframe().model.mass_kg, 'g', 6)),
                             8000);
  });
  airframe_mass_->setObjectName(QStringLiteral("flyAirframeMass"));
  airframe_mass_->setEnabled(false);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  QAction* keys = help->addAction(tr("&Keyboard and Mouse"), this, [this] { showHelp(); });
  keys->setShortcut(QKeySequence::HelpContents);
  help->addAction(tr("&User Guide"), this, [this] { showUserGuide(); });
  help->addSeparator();
  help->addAction(tr("&About Navigator"), this, [this] {
    QMessageBox::about(this, tr("About Navigator"),
                       tr("<b>Navigator %1</b><p>Ground station with an embedded multirotor simulator.</p>"
                          "<p>Keys and mouse: Help → Keyboard and Mouse (F1). The user guide: Help → User Guide "
                          "(%2).</p>")
                           .arg(QCoreApplication::applicationVersion(), HelpDialog::userGuidePath().toHtmlEscaped()));
  });
}

UserGuideWindow* MainWindow::showUserGuide() {
  if (!user_guide_) user_guide_ = new UserGuideWindow(HelpDialog::userGuidePath(), this);
  user_guide_->show();
  user_guide_->raise();
  user_guide_->activateWindow();
  return user_guide_;
}

HelpDialog* MainWindow::showHelp() {
  if (!help_dialog_) {
    help_dialog_ = new HelpDialog(this);
    connect(help_dialog_, &HelpDialog::userGuideRequested, this, [this] { showUserGuide(); });
  }
  help_dialog_->show();
  help_dialog_->raise();
  return help_dialog_;
}

FlashDialog* MainWindow::openFlashDialog(const QString& port) {
  if (!flash_dialog_) {
    flash_dialog_ = new FlashDialog(this);
    connect(flash_dialog_, &FlashDialog::portWanted, &station_, &Station::releasePort);
  }
  if (!port.isEmpty() && !flash_dialog_->isFlashing()) flash_dialog_->setPort(port);
  flash_dialog_->show();
  flash_dialog_->raise();
  flash_dialog_->activateWindow();
  return flash_dialog_;
}

QString MainWindow::sampleFramePath() {
  return QDir(QCoreApplication::applicationDirPath()).filePath("../share/navigator/meshes/s500_frame.stl");
}

QString MainWindow::defaultAirframePath() {
  return QDir(QCoreApplication::applicationDirPath()).filePath("../share/navigator/airframes/s500.yaml");
}

QString MainWindow::chosenAirframePath(QString* note) {
  QString chosen = QSettings().value(QStringLiteral("fly/airframe")).toString();
  if (chosen.isEmpty()) return defaultAirframePath();
  if (QFileInfo(chosen).isFile()) return chosen;
  if (note) *note = tr("The airframe chosen last, %1, is gone: flying the S500 instead.").arg(chosen);
  return defaultAirframePath();
}

void MainWindow::showAirframeName(const QString& name) {
  airframe_button_->setText(tr("Airframe: %1").arg(name.isEmpty() ? tr("unnamed") : name));
}

AirframeChooser* MainWindow::showAirframeChooser() {
  if (!airframe_chooser_) {
    airframe_chooser_ = new AirframeChooser(
        shippedAirframes(), airframe_path_, [this](const QString& path) { return flyAirframe(path); }, this);
    // A new one each time it is opened: the airframe flying then is the one checked.
    airframe_chooser_->setAttribute(Qt::WA_DeleteOnClose);
    connect(airframe_chooser_, &QObject::destroyed, this, [this] { airframe_chooser_ = nullptr; });
  }
  airframe_chooser_->show();
  airframe_chooser_->raise();
  airframe_chooser_->activateWindow();
  return airframe_chooser_;
}

QString MainWindow::airframeChangeRefusal() {
  QList<Vehicle*> vehicles = station_.vehicles()->heard();
  vehicles << station_.vehicles()->own(VehicleOrigin::Sitl) << station_.vehicles()->own(VehicleOrigin::Board);
  for (const Vehicle* vehicle : vehicles)
    if (vehicle && vehicle->link()->linkState() == LinkState::Connected && vehicle->link()->vehicle().armed)
      return tr(
          "The vehicle is armed. Land and disarm it first: another airframe starts the simulation again, on "
          "the ground with its motors stopped.");
  if (station_.hil()->running()) return tr("HIL flies the airframe on the board: stop HIL first.");
  if (restarting_) return tr("The simulation is starting again with the airframe chosen a moment ago.");
  if (flight_start_.kind == FlightKind::Attached)
    return tr("The attached simulator in %1 flies the airframe it was started with; start it again with the other "
              "airframe (scripts/sitl.sh --airframe), or start Navigator without --attach.")
        .arg(station_.sitl()->pipeDir());
  return {};
}

QString MainWindow::flyAirframe(const QString& path) {
  if (QString refusal = airframeChangeRefusal(); !refusal.isEmpty()) return refusal;
  vsim::VehicleModel model;
  vsim::SimulatorConfig config;
  if (QString error = loadFlight(path, flight_start_.world_path, model, config); !error.isEmpty()) return error;
  const QString chosen = QFileInfo(path).absoluteFilePath();
  if (flight_start_.kind == FlightKind::None) {
    station_.setAirframe(model, config);  // what HIL flies, and the Motors tab shows
    keepAirframe(chosen, model);
    return {};
  }
  station_.stopSimulation();
  restarting_ = true;
  // The firmware of the last run is told to stop and exits within milliseconds; a new one
  // started before then would find it still running.
  whenFirmwareStopped([this, model, config, chosen, previous = airframe_path_, start = flight_start_] {
    restarting_ = false;
    if (start.kind == FlightKind::Sitl) forgetFirmwareParameters();
    const QString error = start.kind == FlightKind::Sitl
                              ? station_.startSimulation(model, config, start.sitl)
                              : station_.startAutopilotWorld(model, config, start.autopilots);
    if (error.isEmpty()) return keepAirframe(chosen, model);
    // The airframe flown before flies again: nothing the user had is lost.
    if (start.kind == FlightKind::Sitl)
      startSimulation(previous, start.world_path, start.sitl);
    else
      startAutopilotWorld(previous, start.world_path, start.autopilots);
    statusBar()->showMessage(tr("%1 did not start (%2): flying %3 again")
                                 .arg(QFileInfo(chosen).fileName(), error, QFileInfo(previous).fileName()));
  });
  return {};
}

void MainWindow::whenFirmwareStopped(const std::function<void()>& then) {
  SitlProcess* firmware = station_.sitl()->firmware();
  if (firmware->state() == SitlProcess::State::Stopped) return then();
  auto connection = std::make_shared<QMetaObject::Connection>();
  *connection = connect(firmware, &SitlProcess::stateChanged, this, [connection, then](SitlProcess::State state) {
    if (state != SitlProcess::State::Stopped) return;
    QObject::disconnect(*connection);
    then();
  });
}

void MainWindow::forgetFirmwareParameters() {
  // The SITL link's parameters are the last firmware's, and its geometry would be written against
  // them: asked for again (to no one yet, the new firmware not started: the list stays incomplete,
  // so the geometry waits for it), and asked again if that ask has given up by the new firmware's
  // first attitude, or gives up after it.
  VehicleLink* link = station_.sitl()->link();
  if (!link->params()->complete()) return;
  link->params()->requestAll();
  auto once = std::make_shared<QList<QMetaObject::Connection>>();
  auto again = [link, once] {
    if (link->params()->downloading()) return;  // (its answer, or its failure, comes)
    for (const auto& c : *once) QObject::disconnect(c);
    if (!link->params()->complete()) link->params()->requestAll();
  };
  *once << connect(link, &VehicleLink::attitudeUpdated, this, again)
        << connect(link->params(), &ParamClient::listFailed, this, again);
}

void MainWindow::keepAirframe(const QString& path, const vsim::VehicleModel& model) {
  airframe_path_ = path;
  QSettings().setValue(QStringLiteral("fly/airframe"), path);
  statusBar()->showMessage(tr("Flying %1 (%2), on the ground, disarmed")
                               .arg(QString::fromStdString(model.name), QDir::toNativeSeparators(path)),
                           10000);
}

QString MainWindow::loadFlight(const QString& airframe_path, const QString& world_path, vsim::VehicleModel& model,
                               vsim::SimulatorConfig& config) {
  auto loaded = vsim::loadAirframe(QFile::encodeName(airframe_path).toStdString());
  if (!loaded) return QString::fromStdString(loaded.error().message);
  model = std::move(loaded).value();
  // Flat ground unless the command line named a world file or "none".
  auto world = vsim::worldFromArgument(world_path.isEmpty() ? "ground" : QFile::encodeName(world_path).toStdString());
  if (!world) return QString::fromStdString(world.error().message);
  config.world = std::move(world).value();
  return {};
}

QString MainWindow::startSimulation(const QString& airframe_path, const QString& world_path,
                                    const SitlSessionOptions& options) {
  vsim::VehicleModel model;
  vsim::SimulatorConfig config;
  QString error = loadFlight(airframe_path, world_path, model, config);
  flight_start_ = {FlightKind::Sitl, world_path, options, {}};
  airframe_path_ = QFileInfo(airframe_path).absoluteFilePath();
  if (error.isEmpty()) error = station_.startSimulation(model, config, options);
  if (!error.isEmpty()) statusBar()->showMessage(tr("The simulation did not start: %1").arg(error));
  return error;
}

QString MainWindow::startAutopilotWorld(const QString& airframe_path, const QString& world_path,
                                        const AutopilotSessionOptions& options) {
  vsim::VehicleModel model;
  vsim::SimulatorConfig config;
  QString error = loadFlight(airframe_path, world_path, model, config);
  flight_start_ = {FlightKind::Autopilots, world_path, {}, options};
  airframe_path_ = QFileInfo(airframe_path).absoluteFilePath();
  if (error.isEmpty()) error = station_.startAutopilotWorld(model, config, options);
  if (!error.isEmpty()) statusBar()->showMessage(tr("The simulation did not start: %1").arg(error));
  return error;
}

QString MainWindow::attachSimulator(const QString& airframe_path, const QString& world_path, const QString& dir,
                                    const SitlSessionOptions& options) {
  vsim::VehicleModel model;
  vsim::SimulatorConfig config;
  QString error = loadFlight(airframe_path, world_path, model, config);
  flight_start_ = {FlightKind::Attached, world_path, options, {}};
  airframe_path_ = QFileInfo(airframe_path).absoluteFilePath();
  if (error.isEmpty()) error = station_.attachSimulator(model, config, dir, options.gcs_port);
  if (error.isEmpty()) station_.transmitter()->setFitted(options.receiver);  // as that firmware was started
  if (!error.isEmpty()) statusBar()->showMessage(tr("Cannot attach to the simulator in %1: %2").arg(dir, error));
  return error;
}

void MainWindow::flyMassProperties(const vsim::MassProperties& body_FRD, const QVector<float>& corners_FLU_m) {
  SitlSession* sitl = station_.sitl();
  if (sitl->attached()) {
    statusBar()->showMessage(tr("The attached simulator in %1 keeps the airframe it was started with; start Navigator "
                                "without --attach to fly these mass properties.")
                                 .arg(sitl->pipeDir()),
                             10000);
    return;
  }
  if (!sitl->running()) {
    statusBar()->showMessage(tr("Nothing to fly: the simulation is not running (started without it, or it failed)."),
                             10000);
    return;
  }
  if (const QString refused = station_.vehicleChangeRefusal(); !refused.isEmpty())
    return showMassChangeRefused(this, refused);
  const auto model = vsim::withMassProperties(sitl->model(), body_FRD);
  if (!model) {
    // Not modal: the user may want to change the mass and try again with the dialog open.
    auto* box = new QMessageBox(
        QMessageBox::Warning, tr("Fly with these mass properties"),
        tr("The vehicle cannot fly with these mass properties:\n%1").arg(QString::fromStdString(model.error().message)),
        QMessageBox::Close, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return;
  }
  // Refused when the simulator cannot fly it as a vehicle (a mesh drawn in millimetres and read
  // as metres flew as 1e9 kg and ended under the ground).
  const std::vector<std::string> problems = station_.flightProblems(model.value());
  const QString suggestion = inspector_->unitSuggestion();
  if (!problems.empty()) {
    QStringList lines;
    for (const std::string& p : problems) lines << QStringLiteral("• ") + QString::fromStdString(p);
    auto* box =
        new QMessageBox(QMessageBox::Warning, tr("Fly with these mass properties"),
                        tr("Navigator will not fly these mass properties (%1 kg):\n%2")
                                .arg(QLocale().toString(body_FRD.mass_kg, 'g', 4), lines.join(QLatin1Char('\n'))) +
                            (suggestion.isEmpty() ? QString() : QStringLiteral("\n\n") + suggestion),
                        QMessageBox::Close, this);
    box->setObjectName(QStringLiteral("massRefused"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return;
  }
  // Flyable, but the inspector doubts the unit: asked first.
  if (!suggestion.isEmpty() &&
      QMessageBox::question(this, tr("Fly with these mass properties"),
                            tr("%1\n\nFly %2 kg anyway?").arg(suggestion, QLocale().toString(body_FRD.mass_kg, 'g', 4)),
                            QMessageBox::Yes | QMessageBox::No, QMessageBox::No) != QMessageBox::Yes)
    return;
  // (Not translated: it is written into the flight log, which is read anywhere.)
  const QString source =
      QStringLiteral("mesh %1: %2 kg")
          .arg(QFileInfo(requested_path_).fileName(), QLocale::c().toString(body_FRD.mass_kg, 'g', 6));
  if (const QString refused = station_.flyModel(model.value(), source); !refused.isEmpty())
    return showMassChangeRefused(this, refused);  // (armed while the question was open)
  fly_->showVehicleMesh(corners_FLU_m);
  airframe_mass_->setEnabled(true);
  tabs_->setCurrentWidget(fly_);
  statusBar()->showMessage(tr("Flying %1 kg with the inspector's inertia tensor (Tools → Fly the Airframe's Own Mass "
                              "Properties goes back)")
                               .arg(QLocale().toString(body_FRD.mass_kg, 'g', 6)),
                           8000);
}

void MainWindow::openMesh(const QString& path) {
  requested_path_ = path;
  setBusy(true);
  progress_->setValue(0);
  loader_->load(path, inspector_->allowOpen());
}

void MainWindow::openLog(const QString& path) {
  tabs_->setCurrentWidget(logs_);
  logs_->openLog(path);
}

void MainWindow::showLoaded(const std::shared_ptr<const LoadedMesh>& mesh) {
  setBusy(false);
  tabs_->setCurrentIndex(1);  // the Inertia Inspector
  inspector_->showMesh(mesh);
  view_->setTriangles(mesh->corners_xyz);
  const vsim::SolidGeometry& solid = mesh->analysis.solid;
  const vsim::PrincipalAxes principal = vsim::principalAxes(solid.inertia_per_density_L5);
  std::array<QVector3D, 3> axes;
  for (int k = 0; k < 3; ++k)
    axes[k] = QVector3D(float(principal.R_BP(0, k)), float(principal.R_BP(1, k)), float(principal.R_BP(2, k)));
  view_->setMassMarkers(
      QVector3D(float(solid.centroid_L.x()), float(solid.centroid_L.y()), float(solid.centroid_L.z())), axes);
  setWindowTitle(tr("%1 — Navigator").arg(QFileInfo(mesh->path).fileName()));
  statusBar()->showMessage(tr("Read %1").arg(mesh->path), 5000);
  QSettings().setValue("inspector/lastDirectory", QFileInfo(mesh->path).absolutePath());
}

void MainWindow::chooseMesh() {
  const QString dir = QSettings().value("inspector/lastDirectory", QDir::homePath()).toString();
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open Mesh"), dir, tr("Meshes (*.stl *.obj *.ply *.gltf *.glb *.off *.3mf *.dae *.fbx);;All files (*)"));
  if (!path.isEmpty()) openMesh(path);
}

void MainWindow::setBusy(bool busy) {
  progress_->setVisible(busy);
  cancel_->setVisible(busy);
}

void MainWindow::restoreSettings() {
  QSettings settings;
  if (restoreGeometry(settings.value("window/geometry").toByteArray())) saved_geometry_ = geometry();
  restoreState(settings.value("window/state").toByteArray());
  // Remembered unit and density or mass; anything out of range (a hand-edited file) is ignored.
  const int unit = settings.value("inspector/unit", -1).toInt();
  const int basis = settings.value("inspector/basis", -1).toInt();
  const double value = settings.value("inspector/value", 0.0).toDouble();
  if (unit >= 0 && unit <= int(vsim::LengthUnit::Inch) && (basis == 0 || basis == 1) && std::isfinite(value) &&
      value > 0) {
    vsim::MassSpec spec;
    spec.unit = vsim::LengthUnit(unit);
    spec.basis = vsim::MassSpec::Basis(basis);
    spec.value = value;
    inspector_->setMassSpec(spec);
  }
}

void MainWindow::closeEvent(QCloseEvent* event) {
  QSettings settings;
  settings.setValue("window/geometry", saveGeometry());
  settings.setValue("window/state", saveState());
  loader_->cancel();
  tune_->cancelTune();
  station_.stopSimulation();
  event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const auto urls = event->mimeData()->urls();
  if (!urls.isEmpty() && urls.first().isLocalFile()) event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const auto urls = event->mimeData()->urls();
  if (urls.isEmpty() || !urls.first().isLocalFile()) return;
  openMesh(urls.first().toLocalFile());
  event->acceptProposedAction();
}

}  // namespace navigator
