#include "app/core/station.h"

#include "flight/flyability.h"
#include "sim/service/sockets.h"

#include <QFileInfo>
#include <QTimer>

namespace navigator {

Station::Station(QObject* parent) : QObject(parent) { wire(); }

Station::~Station() {
  // Every source stopped while every part is whole (a board's port closing is told to
  // onBoardState, which reaches the vehicles, the feed and the router)...
  hil_.stop();
  disconnectBoard();
  sitl_.stop();
  // ...and nothing a part says as it goes reaches this station: the parts are destroyed in
  // reverse order of declaration, before this object's own connections are cut.
  const std::initializer_list<QObject*> parts = {&sitl_,
                                                 &board_,
                                                 &geometry_,
                                                 &hil_,
                                                 &autopilots_,
                                                 sitl_.poseReader(),
                                                 vehicles_.own(VehicleOrigin::Sitl),
                                                 vehicles_.own(VehicleOrigin::Board)};
  for (QObject* part : parts) disconnect(part, nullptr, this, nullptr);
}

bool Station::addOwnVehicles() {
  auto* sitl = new Vehicle(sitl_.link(), VehicleOrigin::Sitl, &signing_keys_,
                           [this](const QByteArray& frames) { return sitl_.firmware()->writePrivate(frames); });
  auto* board = new Vehicle(board_.link(), VehicleOrigin::Board, &signing_keys_, [this](const QByteArray& frames) {
    if (!board_.connected()) return false;
    board_.connection()->sendRaw(frames);
    return true;
  });
  vehicles_.addOwn(sitl);  // the active one until a board's port opens
  vehicles_.addOwn(board);
  return true;
}

void Station::wire() {
  connect(&sitl_, &SitlSession::problem, this, &Station::logLine);
  connect(&geometry_, &GeometryWriter::logLine, this, &Station::logLine);
  connect(&hil_, &HilSession::logLine, this, &Station::logLine);
  connect(&autopilots_, &AutopilotConnection::logLine, this, &Station::logLine);
  connect(&sitl_, &SitlSession::foreignSource, this, &Station::notice);
  connect(&sitl_, &SitlSession::foreignVehicle, this, [this](const QString& label) {
    other_sources_ << label;
    emit otherSourcesChanged();
  });
  connect(&board_, &BoardSession::stateChanged, this, &Station::onBoardState);
  connect(&hil_, &HilSession::stateChanged, this, &Station::onHilState);
  for (VehicleOrigin origin : {VehicleOrigin::Sitl, VehicleOrigin::Board})
    connect(vehicles_.own(origin), &Vehicle::logLine, this, &Station::logLine);
  // The signing keys read once (a damaged store is said, and signs nothing).
  const QString store_problem = signing_keys_.load();
  if (!store_problem.isEmpty()) QTimer::singleShot(0, this, [this, store_problem] { emit logLine(store_problem); });
  connect(sitl_.poseReader(), &PosePipeReader::stateChanged, this,
          [this](PosePipeReader::State state, const QString& text) {
            emit simulatorStateChanged(state, text);
            emit logLine(text);
          });
  vehicles_.watch(autopilots_.link()->roster());
  autopilots_.setWorldRunning([this] { return sitl_.running(); });
  autopilots_.setOwnUdpPort([this]() -> std::optional<quint16> {
    if (!sitl_.transport()->isOpen()) return std::nullopt;
    return sitl_.gcsPort();
  });
}

QString Station::startSource(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                             std::optional<std::uint64_t> seed, const std::function<QString()>& start) {
  setAirframe(model, config);
  recorder_.finish();
  airframe_.seed = seed;
  QString error = start();
  if (!error.isEmpty()) {
    emit firmwareProblem(error);
    emit logLine(error);
  }
  return error;
}

QString Station::startSimulation(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                                 const SitlSessionOptions& options) {
  QString error = startSource(model, config, options.seed, [&] { return sitl_.start(model, config, options); });
  transmitter_.setFitted(error.isEmpty() && options.receiver && options.start_firmware);
  if (!error.isEmpty()) return error;
  emit logLine(
      tr("Simulation started: pipes in %1, MAVLink on UDP port %2.").arg(sitl_.pipeDir()).arg(sitl_.gcsPort()));
  if (options.start_firmware) geometry_.give(sitl_.link(), model);
  emit simulationStarted({});
  return {};
}

QString Station::startAutopilotWorld(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                                     const AutopilotSessionOptions& options) {
  QString error =
      startSource(model, config, options.seed, [&] { return sitl_.startAutopilots(model, config, options); });
  if (!error.isEmpty()) return error;
  const bool px4 = options.autopilot == vsim::AutopilotKind::Px4;
  const bool loopback = vsim::isLoopbackAddress(options.listen_address);
  emit logLine(tr("%1 vehicle(s) wait for %2 on %3 %4:%5 and up (one instance each; Help → User Guide, Vehicles).")
                   .arg(options.vehicles)
                   .arg(px4 ? QStringLiteral("PX4") : QStringLiteral("ArduPilot"))
                   .arg(px4 ? QStringLiteral("TCP") : QStringLiteral("UDP"))
                   .arg(QString::fromStdString(options.listen_address))
                   .arg(px4 ? QStringLiteral("4560") : QStringLiteral("9002 (+10 per instance)")));
  emit logLine(loopback
                   ? tr("The simulator's ports listen on this machine only; navigator --listen ADDRESS opens them to a "
                        "network (for an autopilot in a container or on another machine).")
                   : tr("The simulator's ports are open to the network on %1: anyone who reaches them can drive "
                        "the vehicles' motors.")
                         .arg(QString::fromStdString(options.listen_address)));
  autopilots_.openForWorld(options.autopilot, options.vehicles);
  // Their autopilots fly these vehicles: this station's own firmware has nothing to fly here.
  const QString who = QString::fromLatin1(vsim::autopilotKindName(options.autopilot));
  emit simulationStarted(options.vehicles == 1 ? tr("%1 flies the vehicle").arg(who)
                                               : tr("%1 flies each of the %2 vehicles").arg(who).arg(options.vehicles));
  return {};
}

QString Station::attachSimulator(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                                 const QString& dir, quint16 gcs_port) {
  feed_.restartAttachedTimeline();
  // The attached simulator's seed is not ours to know.
  QString error = startSource(model, config, std::nullopt, [&] { return sitl_.attach(model, dir, gcs_port); });
  if (!error.isEmpty()) return error;
  emit logLine(tr("Attached to the simulator in %1 (vsim_d, e.g. scripts/sitl.sh); MAVLink on UDP port %2.")
                   .arg(dir)
                   .arg(sitl_.gcsPort()));
  emit simulationStarted(tr("flies the simulator in %1").arg(dir));
  return {};
}

void Station::stopSimulation() {
  if (!other_sources_.isEmpty()) {
    other_sources_.clear();
    emit otherSourcesChanged();
  }
  const bool world = sitl_.flyingAutopilots();
  pilot_.pause();
  if (feed_.source() == FlightSource::Sitl) recorder_.finish();
  autopilots_.stopRetrying();
  vehicles_.own(VehicleOrigin::Sitl)->signing()->forget();
  transmitter_.setFitted(false);  // switched off while the simulator still hears it
  sitl_.stop();
  emit simulationStopped(world);
}

void Station::setAirframe(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config) {
  airframe_.model = model;
  airframe_.airframe_model = model;
  airframe_.mass_source.clear();
  airframe_.config = config;
  airframe_.set = true;
  emit airframeChanged(model, config);
}

QString Station::vehicleChangeRefusal() const {
  if (sitl_.running() && !sitl_.flyingAutopilots() && sitl_.link()->vehicle().armed)
    return tr(
        "The vehicle is armed. Land and disarm it first: a changed vehicle starts with its motors stopped and "
        "the firmware disarmed, which in the air is a free fall.");
  return {};
}

std::vector<std::string> Station::flightProblems(const vsim::VehicleModel& model) const {
  const vsim::SimulatorConfig& config = airframe_.config;  // (the simulator's defaults before a start)
  return vsim::flightProblems(model, {1.0 / config.physics_rate_hz, 1.0 / config.imu_rate_hz});
}

QString Station::flyModel(const vsim::VehicleModel& model, const QString& mass_source) {
  if (QString refusal = vehicleChangeRefusal(); !refusal.isEmpty()) {
    emit logLine(tr("New mass properties refused: %1").arg(refusal));
    return refusal;
  }
  // The hard limits, checked here whatever the page asked: the physics step's and the firmware's.
  if (const std::vector<std::string> problems = flightProblems(model); !problems.empty()) {
    QStringList lines;
    for (const std::string& p : problems) lines << QString::fromStdString(p);
    QString refusal = tr("Navigator will not fly %1 kg: %2").arg(model.mass_kg, 0, 'g', 4).arg(lines.join("; "));
    emit logLine(refusal);
    return refusal;
  }
  applyModel(model, mass_source);
  return {};
}

QString Station::flyAirframeMassProperties() {
  if (!airframe_.set) return tr("No airframe to fly: start the simulation (or give --airframe) first.");
  if (QString refusal = vehicleChangeRefusal(); !refusal.isEmpty()) {
    emit logLine(tr("New mass properties refused: %1").arg(refusal));
    return refusal;
  }
  // (The airframe the simulation was started with: back to it, whatever the bounds say of it.)
  applyModel(airframe_.airframe_model, {});
  return {};
}

void Station::applyModel(const vsim::VehicleModel& model, const QString& mass_source) {
  sitl_.flyModel(model);
  if (sitl_.attached()) return;  // (it said why not)
  airframe_.model = model;
  airframe_.mass_source = mass_source;
  recorder_.finish();  // a new log for the new vehicle (the next drain gives it the new identity)
  emit logLine(tr("Flying new mass properties: %1 kg.").arg(model.mass_kg, 0, 'g', 6));
  if (sitl_.running() && !sitl_.flyingAutopilots()) geometry_.give(sitl_.link(), model);
  emit massPropertiesFlown(model, mass_source.isEmpty());
}

void Station::connectBoard(const QString& path, qint32 baud) { board_.connectTo(path, baud); }

void Station::disconnectBoard() {
  hil_.stop();
  board_.disconnectFrom();
}

bool Station::releasePort(const QString& path) {
  if (board_.path().isEmpty() || QFileInfo(board_.path()).canonicalFilePath() != QFileInfo(path).canonicalFilePath())
    return false;
  emit logLine(tr("Disconnecting the board from %1: the flasher needs the port").arg(path));
  disconnectBoard();
  return true;
}

QString Station::startHil() {
  if (hil_.running()) return {};
  if (!airframe_.set) return tr("No airframe to fly: start the simulation (or give --airframe) first.");
  return hil_.start(airframe_.model, airframe_.config);
}

void Station::onHilState(bool running) {
  // A HIL flight is a log of its own; the board's own reports stop while it runs.
  recorder_.finish();
  if (running) feed_.forgetBoardSamples();
}

void Station::onBoardState(bool open, const QString& text) {
  emit boardStateChanged(open, text);
  emit logLine(text);
  if (!open) {
    vehicles_.own(VehicleOrigin::Board)->signing()->forget();
    if (feed_.source() != FlightSource::Sitl || hil_.running()) recorder_.finish();
    hil_.stop();
    feed_.forgetBoardSamples();
  }
  // While a board's port is open, the panels show and command the board; otherwise SITL.
  vehicles_.setActive(vehicles_.own(open ? VehicleOrigin::Board : VehicleOrigin::Sitl));
  pilot_.refresh();
}

}  // namespace navigator
