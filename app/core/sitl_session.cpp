#include "app/core/sitl_session.h"

#include "sim/service/control_command.h"
#include "sim/service/fifo.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QUdpSocket>

#include <csignal>

namespace navigator {

SitlSession::SitlSession(QObject* parent) : QObject(parent), link_(&connection_) {
  connection_.attachTransport(&transport_);
  connect(&worker_, &SimulationWorker::problem, this, &SitlSession::problem, Qt::QueuedConnection);
  connect(&worker_, &SimulationWorker::scheduling, this, &SitlSession::problem, Qt::QueuedConnection);
  connect(&autopilots_, &AutopilotWorldWorker::event, this, &SitlSession::problem, Qt::QueuedConnection);
  connect(&firmware_, &SitlProcess::crashed, this, &SitlSession::problem);
  connect(&firmware_, &SitlProcess::errorOccurred, this, &SitlSession::problem);
  connect(&transport_, &UdpTransport::foreignSource, this,
          [this](const QHostAddress& address, quint16 port, const QList<int>& systems) {
            QStringList ids;
            for (const int s : systems) ids << QString::number(s);
            const QString text =
                tr("Another MAVLink source is sending to UDP %1 from %2:%3%4 — not this station's SITL firmware: kept "
                   "out of its "
                   "link (it cannot be armed or flown from here).")
                    .arg(transport_.localPort())
                    .arg(address.toString())
                    .arg(port)
                    .arg(ids.isEmpty() ? QString() : tr(" (system %1)").arg(ids.join(QStringLiteral(", "))));
            emit problem(text);
            emit foreignSource(text);
            emit foreignVehicle(QStringLiteral("%1:%2").arg(address.toString()).arg(port) +
                                (ids.isEmpty() ? QString() : tr(", system %1").arg(ids.join(QStringLiteral(", ")))));
          });
}

SitlSession::~SitlSession() { stop(); }

int SitlSession::freeLoopbackUdpPort() {
  QUdpSocket probe;
  if (!probe.bind(QHostAddress(QHostAddress::LocalHost), 0)) return 0;  // 0: the firmware picks one, nothing filtered
  return probe.localPort();
}

QString SitlSession::openUdp(quint16 port) {
  transport_.setLocalPort(port);
  QString udp_error;
  const auto catcher =
      connect(&transport_, &MavlinkTransport::errorOccurred, this, [&udp_error](const QString& e) { udp_error = e; });
  const bool udp_open = transport_.isOpen() || transport_.open();
  disconnect(catcher);
  return udp_open ? QString() : udp_error;
}

QString SitlSession::start(vsim::VehicleModel model, vsim::SimulatorConfig config, const SitlSessionOptions& options) {
  if (running()) return tr("The simulation is already running.");
  pipe_dir_ = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/navigator-sitl-XXXXXX"));
  if (!pipe_dir_->isValid())
    return tr("Cannot create a folder for the simulator's pipes: %1").arg(pipe_dir_->errorString());
  seed_ = options.seed;
  model_ = model;

  if (QString udp_error = openUdp(options.gcs_port); !udp_error.isEmpty()) {
    pipe_dir_.reset();
    return udp_error;
  }
  vsim::ServiceOptions service;
  service.dir = pipe_dir_->path().toStdString();
  service.mode = vsim::PacingMode::Realtime;
  service.seed = options.seed;
  QString error = worker_.start(std::move(model), std::move(config), service, options.realtime_priority);
  if (!error.isEmpty()) {
    transport_.close();
    pipe_dir_.reset();
    return error;
  }
  if (options.start_firmware) {
    if (!options.firmware_executable.isEmpty()) firmware_.setExecutable(options.firmware_executable);
    SitlOptions sitl;
    sitl.pipe_dir = pipe_dir_->path();
    sitl.gcs_port = transport_.localPort();
    // A free port chosen here (a second station on this machine must not collide), so that the
    // link knows its own firmware by where it sends from and keeps any other sender out.
    sitl.local_port = freeLoopbackUdpPort();
    if (sitl.local_port > 0)
      transport_.setOnlySource({QHostAddress(QHostAddress::LocalHost), quint16(sitl.local_port)});
    sitl.params_file = options.params_file;
    sitl.mag_declination_deg = model_.mag.declination_deg();  // so the estimate reads true heading
    sitl.realtime_priority = options.realtime_priority;       // its loop keeps pace beside a busy machine
    sitl.extra_arguments = options.firmware_arguments;
    if (options.receiver) {
      if (!sitl.extra_arguments.contains(QStringLiteral("--sensors")))
        sitl.extra_arguments << QStringLiteral("--sensors") << QStringLiteral("chips");
      sitl.extra_arguments << QStringLiteral("--chip-fault") << QStringLiteral("crsf:none");
    }
    if (!options.params_file.isEmpty()) QDir().mkpath(QFileInfo(options.params_file).absolutePath());
    firmware_.setOptions(sitl);
    if (!firmware_.start()) {
      QString why = tr("The SITL firmware did not start: %1").arg(firmware_.executable());
      stop();
      return why;
    }
  }
  return {};
}

QString SitlSession::attach(vsim::VehicleModel model, const QString& dir, quint16 gcs_port) {
  if (running() || attached()) return tr("The simulation is already running.");
  model_ = std::move(model);
  if (QString udp_error = openUdp(gcs_port); !udp_error.isEmpty()) return udp_error;
  std::signal(SIGPIPE, SIG_IGN);  // a vsim_d that leaves while a command goes down vsim_ctl: EPIPE, not death
  // The pose pipe as vsim_d itself makes it, so the station may wait for a vsim_d not started yet.
  QString error;
  if (auto fifo = vsim::ensureFifo(QFile::encodeName(dir + QStringLiteral("/vsim_pose")).toStdString()); !fifo)
    error = QString::fromStdString(fifo.error().message);
  if (error.isEmpty()) error = pose_.open(dir);
  if (!error.isEmpty()) transport_.close();
  return error;
}

QString SitlSession::startAutopilots(const vsim::VehicleModel& model, vsim::SimulatorConfig config,
                                     const AutopilotSessionOptions& options) {
  if (running() || attached()) return tr("The simulation is already running.");
  std::int64_t utc_us = options.utc_start_us;
  if (utc_us == 0) utc_us = QDateTime::currentMSecsSinceEpoch() * 1000;
  config.imu_rate_hz = options.imu_rate_hz > 0 ? options.imu_rate_hz : vsim::defaultImuRateHz(options.autopilot);
  std::vector<vsim::WorldVehicle> vehicles;
  for (int i = 0; i < options.vehicles; ++i) {
    auto vehicle = vsim::autopilotVehicle(model, config.world, options.seed + std::uint64_t(i), 0.0,
                                          options.spacing_m * i, 0.0, utc_us);
    if (!vehicle) return QString::fromStdString(vehicle.error().message);
    vehicles.push_back(std::move(vehicle).value());
  }
  seed_ = options.seed;
  model_ = vehicles.front().model;  // with the field flown
  vsim::AutopilotWorldOptions world;
  world.autopilot = options.autopilot;
  world.utc_start_us = utc_us;
  world.base_port = options.base_port;
  world.listen_address = options.listen_address;
  autopilot_kind_ = options.autopilot;
  return autopilots_.start(std::move(vehicles), config, world);
}

void SitlSession::stop() {
  firmware_.stop();
  worker_.stop();
  autopilots_.stop();
  pose_.close();
  transport_.close();
  transport_.setOnlySource({});
  pipe_dir_.reset();
  setHeldByHand(false);
}

void SitlSession::flyModel(vsim::VehicleModel model) {
  if (flyingAutopilots()) {
    emit problem(tr("New mass properties take effect when the PX4 or ArduPilot world is started again."));
    return;
  }
  if (attached()) {
    emit problem(tr("New mass properties are flown by this station's own simulator only; the attached one in %1 "
                    "keeps the airframe it was started with.")
                     .arg(pose_.dir()));
    return;
  }
  model_ = model;
  setHeldByHand(false);  // a new airframe starts out of the hand
  worker_.post(vsim::GeometryCommand{std::move(model)});
}

void SitlSession::sendControlLine(const std::string& line) {
  vsim::FifoWriter control(QFile::encodeName(pose_.dir() + QStringLiteral("/vsim_ctl")).toStdString());
  const std::string framed = line + '\n';
  const auto outcome = control.write(reinterpret_cast<const std::uint8_t*>(framed.data()), framed.size());
  if (outcome != vsim::FifoWriter::Outcome::Written)
    emit problem(
        tr("%1/vsim_ctl: %2; not sent: %3")
            .arg(pose_.dir(),
                 outcome == vsim::FifoWriter::Outcome::NoReader ? tr("no simulator reads it") : tr("the pipe is full"),
                 QString::fromStdString(line)));
}

void SitlSession::setWind(const Eigen::Vector3d& wind_NED_mps, double turbulence_sigma_mps) {
  if (attached()) {
    sendControlLine(QStringLiteral(R"({"command": "world", "wind_NED_mps": [%1, %2, %3], "turbulence_sigma_mps": %4})")
                        .arg(wind_NED_mps.x(), 0, 'g', 17)
                        .arg(wind_NED_mps.y(), 0, 'g', 17)
                        .arg(wind_NED_mps.z(), 0, 'g', 17)
                        .arg(turbulence_sigma_mps, 0, 'g', 17)
                        .toStdString());
    return;
  }
  if (flyingAutopilots()) {
    vsim::WindSettings wind;
    wind.steady_NED_mps = wind_NED_mps;
    wind.turbulence_sigma_mps = turbulence_sigma_mps;
    autopilots_.setWind(wind);
    return;
  }
  vsim::WorldCommand command;
  command.wind_NED_mps = wind_NED_mps;
  command.turbulence_sigma_mps = turbulence_sigma_mps;
  worker_.post(command);
}

void SitlSession::resetVehicle() {
  setHeldByHand(false);  // a reset lets go (or, for the autopilots, nothing was held)
  if (flyingAutopilots()) {
    emit problem(
        tr("The vehicles flown by PX4 or ArduPilot are reset by stopping and starting the simulation "
           "(the autopilots keep their own state)."));
    return;
  }
  if (attached()) {
    sendControlLine(QStringLiteral(R"({"command": "reset", "seed": %1})").arg(seed_).toStdString());
    return;
  }
  vsim::ResetCommand reset;
  reset.seed = seed_;
  worker_.post(reset);
}

bool SitlSession::sendHandCommand(const std::string& line) {
  if (flyingAutopilots()) {  // the vehicle shown, as a person holds the one on the bench
    auto command = vsim::parseControlCommand(line, {});
    if (!command) {
      emit problem(QString::fromStdString(command.error().message));
      return false;
    }
    const auto* hold = std::get_if<vsim::HoldCommand>(&*command);
    return autopilots_.setHand(autopilots_.selectedVehicle(),
                               hold ? std::optional<vsim::HandGrip>(hold->grip) : std::nullopt);
  }
  return sendWorldCommand(line, {}, tr("No simulation runs: start one to hold its vehicle by hand."));
}

bool SitlSession::sendWorldCommand(const std::string& line, const QString& not_for_autopilots,
                                   const QString& not_running) {
  if (flyingAutopilots()) {
    emit problem(not_for_autopilots);
    return false;
  }
  if (attached()) {
    sendControlLine(line);
    return true;
  }
  if (!worker_.running()) {
    emit problem(not_running);
    return false;
  }
  // The same parser as vsim_ctl's, so the station and the daemon accept the same commands.
  auto command = vsim::parseControlCommand(line, {});
  if (!command) {
    emit problem(QString::fromStdString(command.error().message));
    return false;
  }
  worker_.post(std::move(command).value());
  return true;
}

bool SitlSession::setTransmitter(const std::vector<int>& channels_us) {
  QString line = QStringLiteral(R"({"command": "transmitter", )");
  if (channels_us.empty()) {
    line += QStringLiteral(R"("on": false})");
  } else {
    QStringList pulses;
    for (int us : channels_us) pulses << QString::number(us);
    line += QStringLiteral(R"("channels_us": [%1]})").arg(pulses.join(QStringLiteral(", ")));
  }
  return sendWorldCommand(
      line.toStdString(),
      tr("The transmitter flies this station's own simulated receiver only; PX4 and ArduPilot have none here."),
      tr("No simulation runs: start one for its receiver to hear the transmitter."));
}

bool SitlSession::holdByHand(const std::optional<Eigen::Vector3d>& attitude_rpy_deg, const Eigen::Vector3d& turn_dps,
                             bool turn_in_world) {
  QString line = QStringLiteral(R"({"command": "hold")");
  const auto triple = [](const Eigen::Vector3d& v) {
    return QStringLiteral("[%1, %2, %3]").arg(v.x(), 0, 'g', 17).arg(v.y(), 0, 'g', 17).arg(v.z(), 0, 'g', 17);
  };
  if (attitude_rpy_deg) line += QStringLiteral(R"(, "attitude_rpy_deg": )") + triple(*attitude_rpy_deg);
  line += QStringLiteral(R"(, "turn_dps": %1, "turn_axes": "%2"})")
              .arg(triple(turn_dps), turn_in_world ? QStringLiteral("world") : QStringLiteral("body"));
  if (!sendHandCommand(line.toStdString())) return false;
  setHeldByHand(true);
  return true;
}

void SitlSession::releaseHand() {
  if (sendHandCommand(R"({"command": "release"})")) setHeldByHand(false);
}

void SitlSession::setHeldByHand(bool held) {
  if (held == held_by_hand_) return;
  held_by_hand_ = held;
  emit handChanged(held);
}

}  // namespace navigator
