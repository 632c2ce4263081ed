#include "app/core/sitl_session.h"

#include <QDir>
#include <QFileInfo>

namespace navigator {

SitlSession::SitlSession(QObject* parent) : QObject(parent), link_(&connection_) {
  connection_.attachTransport(&transport_);
  connect(&worker_, &SimulationWorker::problem, this, &SitlSession::problem, Qt::QueuedConnection);
  connect(&firmware_, &SitlProcess::crashed, this, &SitlSession::problem);
  connect(&firmware_, &SitlProcess::errorOccurred, this, &SitlSession::problem);
}

SitlSession::~SitlSession() { stop(); }

QString SitlSession::start(vsim::VehicleModel model, vsim::SimulatorConfig config, const SitlSessionOptions& options) {
  if (running()) return tr("The simulation is already running.");
  pipe_dir_ = std::make_unique<QTemporaryDir>(QDir::tempPath() + QStringLiteral("/navigator-sitl-XXXXXX"));
  if (!pipe_dir_->isValid()) return tr("Cannot create a folder for the simulator's pipes: %1").arg(pipe_dir_->errorString());
  seed_ = options.seed;
  model_ = model;

  transport_.setLocalPort(options.gcs_port);
  QString udp_error;
  const auto catcher = connect(&transport_, &MavlinkTransport::errorOccurred, this, [&udp_error](const QString& e) { udp_error = e; });
  const bool udp_open = transport_.isOpen() || transport_.open();
  disconnect(catcher);
  if (!udp_open) {
    pipe_dir_.reset();
    return udp_error;
  }
  vsim::ServiceOptions service;
  service.dir = pipe_dir_->path().toStdString();
  service.mode = vsim::PacingMode::Realtime;
  service.seed = options.seed;
  const QString error = worker_.start(std::move(model), std::move(config), service, options.realtime_priority);
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
    sitl.local_port = 0;  // any free port: a second station on this machine must not collide
    sitl.params_file = options.params_file;
    if (!options.params_file.isEmpty()) QDir().mkpath(QFileInfo(options.params_file).absolutePath());
    firmware_.setOptions(sitl);
    if (!firmware_.start()) {
      const QString why = tr("The SITL firmware did not start: %1").arg(firmware_.executable());
      stop();
      return why;
    }
  }
  return {};
}

void SitlSession::stop() {
  firmware_.stop();
  worker_.stop();
  transport_.close();
  pipe_dir_.reset();
}

void SitlSession::flyModel(vsim::VehicleModel model) {
  model_ = model;
  worker_.post(vsim::GeometryCommand{std::move(model)});
}

void SitlSession::setWind(const Eigen::Vector3d& wind_NED_mps, double turbulence_sigma_mps) {
  vsim::WorldCommand command;
  command.wind_NED_mps = wind_NED_mps;
  command.turbulence_sigma_mps = turbulence_sigma_mps;
  worker_.post(command);
}

void SitlSession::resetVehicle() {
  vsim::ResetCommand reset;
  reset.seed = seed_;
  worker_.post(reset);
}

}  // namespace navigator
