#include "app/core/flight_session.h"

#include "app/core/hil_bridge.h"
#include "app/joystick/pilot_input_source.h"
#include "sim/service/sockets.h"

#include <QDir>
#include <QFileInfo>

#include <limits>

namespace navigator {

FlightSession::FlightSession(QObject* parent) : QObject(parent) {
  active_link_ = sitl_.link();
  connect(&sitl_, &SitlSession::problem, this, &FlightSession::logLine);
  connect(&geometry_, &GeometryWriter::logLine, this, &FlightSession::logLine);
  connect(&sitl_, &SitlSession::foreignSource, this, &FlightSession::pilotNotice);
  connect(&sitl_, &SitlSession::foreignVehicle, this, [this](const QString& label) {
    other_sources_ << label;
    emit otherSourcesChanged();
  });
  connect(&board_, &BoardSession::stateChanged, this, &FlightSession::onBoardState);
  // Signing: the store read once (a damaged one is said, and signs nothing); the private links;
  // a vehicle heard with a stored key signs again.
  const QString store_problem = signing_keys_.load();
  if (!store_problem.isEmpty()) QTimer::singleShot(0, this, [this, store_problem] { emit logLine(store_problem); });
  sitl_signing_.setPrivateLink([this](const QByteArray& frames) { return sitl_.firmware()->writePrivate(frames); });
  board_signing_.setPrivateLink([this](const QByteArray& frames) {
    if (!board_.connected()) return false;
    board_.connection()->sendRaw(frames);
    return true;
  });
  for (auto [link, signing] : {std::pair{sitl_.link(), &sitl_signing_}, std::pair{board_.link(), &board_signing_}}) {
    connect(link, &VehicleLink::vehicleChanged, signing,
            [signing](const VehicleStatus& v) { signing->vehicleHeard(v.system_id); });
    connect(signing, &VehicleSigning::problem, this, &FlightSession::logLine);
  }
  // A board flying its own sensors: its IMU reports go to the plots (what it does not report —
  // wind, motors, the true attitude and position — is a gap, not a zero) and its attitude
  // estimate to the view.
  connect(board_.link(), &VehicleLink::imuUpdated, this, [this](const ImuSample& m) {
    if (hil_ || !board_.connected()) return;
    const float nan = std::numeric_limits<float>::quiet_NaN();
    TelemetrySample t;
    t.time_us = std::int64_t(m.time_us);
    t.accel_S_mps2 = m.accel_mps2;
    t.gyro_S_radps = m.gyro_radps;
    t.mag_S_gauss = m.mag_gauss;
    t.wind_NED_mps = t.turbulence_NED_mps = {nan, nan, nan};
    t.airspeed_mps = nan;
    t.attitude_WB_wxyz = {nan, nan, nan, nan};
    t.p_W_m = {nan, nan, nan};
    board_samples_.push_back(t);
  });
  connect(board_.link(), &VehicleLink::attitudeUpdated, this, [this](const AttitudeSample& a) {
    if (!hil_ && board_.connected()) board_attitude_ = a.q_WB_wxyz;
  });
  connect(sitl_.poseReader(), &PosePipeReader::stateChanged, this,
          [this](PosePipeReader::State state, const QString& text) {
            emit simulatorStateChanged(state, text);
            emit logLine(text);
          });
  for (VehicleLink* link : {sitl_.link(), board_.link()}) followLink(link);
  autopilot_retry_.setInterval(1000);
  connect(&autopilot_retry_, &QTimer::timeout, this, [this] {
    if (!sitl_.running()) {
      autopilot_retry_.stop();
      return;
    }
    if (!autopilots_.isActive()) autopilots_.open(LinkEndpoint::ardupilotTcp());
  });
  connect(&autopilots_, &AutopilotLink::stateChanged, this, [this](bool open) {
    if (open) autopilot_retry_.stop();  // it stood: a later loss is the user's to reconnect
  });
  connect(&autopilots_, &AutopilotLink::problem, this, [this](const QString& text) {
    if (autopilot_retry_.isActive()) return;  // (not yet listening: tried again in a second)
    QString said = text;
    // The station's own SITL link already listens on the port PX4 sends to.
    const std::optional<LinkEndpoint> at = autopilots_.endpoint();
    if (at && at->kind == LinkEndpoint::Kind::Udp && sitl_.transport()->isOpen() && sitl_.gcsPort() == at->port)
      said += QLatin1Char(' ') + tr("This station's own SITL link listens there: start Navigator with --no-sim, or its "
                                    "simulation with another --gcs-port.");
    emit autopilotLinkProblem(said);
  });
  recorder_.setParameterSource([this] {
    std::vector<std::pair<QString, float>> out;
    for (const ParamValue& p : recordedLink()->params()->params()) out.emplace_back(p.name, float(p.value));
    return out;
  });
}

void FlightSession::followLink(VehicleLink* link) {
  if (followed_links_.contains(link)) return;
  followed_links_.insert(link);
  // An autopilot link's vehicle goes with its link; the session's own links go with the session.
  if (link != sitl_.link() && link != board_.link())
    connect(link, &QObject::destroyed, this, [this, link] { followed_links_.remove(link); });
  connect(link, &VehicleLink::linkStateChanged, this, [this, link] {
    if (link == shownLink()) refreshPilotStream();
  });
  connect(link, &VehicleLink::vehicleChanged, this, [this, link](const VehicleStatus& v) {
    if (link == recordedLink()) recorder_.addVehicle(v);
  });
  connect(link, &VehicleLink::attitudeUpdated, this, [this, link](const AttitudeSample& a) {
    if (link == recordedLink()) recorder_.addAttitude(a);
  });
  connect(link, &VehicleLink::statusText, this, [this, link](int severity, const QString& text) {
    if (link == recordedLink()) recorder_.addStatusText(severity, text);
  });
}

void FlightSession::showLinkVehicle(VehicleLink* link) {
  VehicleLink* recorded = recordedLink();
  shown_external_ = link;
  if (link) {
    followLink(link);
    if (isWorldVehicle(link)) sitl_.autopilots()->setSelectedVehicle(int(link->vehicle().system_id) - 1);
  }
  // A flight is one vehicle's: another one recorded from now on ends the one being written.
  if (recordedLink() != recorded) recorder_.finish();
  recorder_.setIdentity(recordedIdentity());
  refreshPilotStream();
}

VehicleLink* FlightSession::shownLink() { return shown_external_ ? shown_external_.data() : active_link_; }

bool FlightSession::isWorldVehicle(const VehicleLink* link) {
  // PX4's and ArduPilot's SITL instance i is MAVLink system 1 + i.
  if (!link || !sitl_.flyingAutopilots()) return false;
  const int system_id = link->vehicle().system_id;
  return system_id >= 1 && system_id <= sitl_.autopilots()->vehicleCount();
}

VehicleLink* FlightSession::recordedLink() {
  return isWorldVehicle(shown_external_) ? shown_external_.data() : active_link_;
}

FlightSession::~FlightSession() {
  stopHil();
  sitl_.stop();
}

QString FlightSession::startSimulation(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                                       const SitlSessionOptions& options) {
  setAirframe(model, config);
  recorder_.finish();
  sitl_seed_ = options.seed;
  const QString error = sitl_.start(model, config, options);
  if (!error.isEmpty()) {
    emit firmwareProblem(error);
    emit logLine(error);
    return error;
  }
  emit logLine(
      tr("Simulation started: pipes in %1, MAVLink on UDP port %2.").arg(sitl_.pipeDir()).arg(sitl_.gcsPort()));
  if (options.start_firmware) geometry_.give(sitl_.link(), model);
  return {};
}

QString FlightSession::startAutopilotWorld(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                                           const AutopilotSessionOptions& options) {
  setAirframe(model, config);
  recorder_.finish();
  sitl_seed_ = options.seed;
  const QString error = sitl_.startAutopilots(model, config, options);
  if (!error.isEmpty()) {
    emit firmwareProblem(error);
    emit logLine(error);
    return error;
  }
  const bool px4 = options.autopilot == vsim::AutopilotKind::Px4;
  const bool loopback = vsim::isLoopbackAddress(options.listen_address);
  emit logLine(tr("%1 vehicle(s) wait for %2 on %3 %4:%5 and up (one instance each; see the README).")
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
  // Where their MAVLink talks: PX4 sends to UDP 14550; one ArduPilot SITL serves TCP 5760 (its
  // SERIAL0 by default); several ArduPilot instances, each its own system id, send to UDP 14550
  // as PX4's do (`--sysid 1+i --serial0 udpclient:127.0.0.1:14550`).
  const bool one_ardupilot = !px4 && options.vehicles == 1;
  const LinkEndpoint endpoint = one_ardupilot ? LinkEndpoint::ardupilotTcp() : LinkEndpoint::px4Udp();
  if (!px4 && !one_ardupilot)
    emit logLine(
        tr("Start ArduPilot instance i with -I i --sysid 1+i --serial0 udpclient:127.0.0.1:14550: "
           "the station hears them all on UDP 14550."));
  emit logLine(tr("Connecting to autopilots on %1…").arg(endpoint.text()));
  if (one_ardupilot) autopilot_retry_.start();  // ArduPilot's SERIAL0 listens once it runs
  autopilots_.open(endpoint);
  return {};
}

QString FlightSession::openAutopilotLink(const QString& address) {
  autopilot_retry_.stop();  // the user's address from now on
  QString error;
  const std::optional<LinkEndpoint> endpoint = LinkEndpoint::parse(address, &error);
  if (!endpoint) return error;
  emit logLine(tr("Connecting to autopilots on %1…").arg(endpoint->text()));
  autopilots_.open(*endpoint);
  return {};
}

QString FlightSession::attachSimulator(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                                       const QString& dir, quint16 gcs_port) {
  setAirframe(model, config);
  recorder_.finish();
  sitl_seed_.reset();  // the attached simulator's seed is not ours to know
  attached_timeline_ = RunTimeline{};
  const QString error = sitl_.attach(model, dir, gcs_port);
  if (!error.isEmpty()) {
    emit firmwareProblem(error);
    emit logLine(error);
    return error;
  }
  emit logLine(tr("Attached to the simulator in %1 (vsim_d, e.g. scripts/sitl.sh); MAVLink on UDP port %2.")
                   .arg(dir)
                   .arg(sitl_.gcsPort()));
  return {};
}

void FlightSession::stopSimulation() {
  if (!other_sources_.isEmpty()) {
    other_sources_.clear();
    emit otherSourcesChanged();
  }
  if (pilot_) pilot_->setEnabled(false);
  if (source() == FlightSource::Sitl) recorder_.finish();
  autopilot_retry_.stop();
  sitl_signing_.forget();
  sitl_.stop();
}

void FlightSession::setAirframe(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config) {
  model_ = model;
  airframe_model_ = model;
  mass_source_.clear();
  config_ = config;
  airframe_set_ = true;
}

void FlightSession::flyModel(const vsim::VehicleModel& model, const QString& mass_source) {
  sitl_.flyModel(model);
  if (sitl_.attached()) return;  // (it said why not)
  model_ = model;
  mass_source_ = mass_source;
  recorder_.finish();  // a new log for the new vehicle (drain() gives it the new identity)
  emit logLine(tr("Flying new mass properties: %1 kg.").arg(model.mass_kg, 0, 'g', 6));
  if (sitl_.running() && !sitl_.flyingAutopilots()) geometry_.give(sitl_.link(), model);
}

void FlightSession::flyAirframeMassProperties() {
  if (!airframe_set_) return;
  flyModel(airframe_model_);
}

void FlightSession::connectBoard(const QString& path, qint32 baud) { board_.connectTo(path, baud); }

std::pair<bool, QString> FlightSession::switchSigning(VehicleLink* link, bool on) {
  VehicleSigning* signing = signingFor(link);
  if (!signing) return {false, tr("Signing is offered for Vayu vehicles only (the SITL firmware and boards).")};
  const std::uint8_t system = link->vehicle().system_id;
  const QString why = on ? signing->enable(system) : signing->disable(system);
  if (!why.isEmpty()) return {false, why};
  const QString done = on ? tr("Signing on for system %1: its key is kept in %2 and set on the vehicle; "
                               "it now takes only frames signed with it.")
                                .arg(system)
                                .arg(signing_keys_.location())
                          : tr("Signing off for system %1: its key is forgotten.").arg(system);
  emit logLine(done);
  return {true, done};
}

VehicleSigning* FlightSession::signingFor(VehicleLink* link) {
  if (link == sitl_.link()) return &sitl_signing_;
  if (link == board_.link()) return &board_signing_;
  return nullptr;
}

void FlightSession::disconnectBoard() {
  stopHil();
  board_.disconnectFrom();
}

bool FlightSession::releasePort(const QString& path) {
  if (board_.path().isEmpty() || QFileInfo(board_.path()).canonicalFilePath() != QFileInfo(path).canonicalFilePath())
    return false;
  emit logLine(tr("Disconnecting the board from %1: the flasher needs the port").arg(path));
  disconnectBoard();
  return true;
}

void FlightSession::onBoardState(bool open, const QString& text) {
  emit boardStateChanged(open, text);
  emit logLine(text);
  if (!open) {
    board_signing_.forget();
    if (source() != FlightSource::Sitl || hil_) recorder_.finish();
    stopHil();
    board_attitude_.reset();
    board_samples_.clear();
  }
  // While a board's port is open, the panels show and command the board; otherwise SITL.
  VehicleLink* link = open ? board_.link() : sitl_.link();
  if (link != active_link_) {
    active_link_ = link;
    emit activeLinkChanged(link);
  }
  refreshPilotStream();
}

QString FlightSession::startHil() {
  if (hil_) return {};
  if (!airframe_set_) return tr("No airframe to fly: start the simulation (or give --airframe) first.");
  if (!board_.connected()) return tr("No board: connect to one first.");
  auto* bridge = new HilBridge(board_.connection(), model_, config_, board_.baudRate());
  // The bridge answers every frame of the board's link: it runs where the link parses, on
  // the serial link's thread, so a busy GUI never stalls the simulated world.
  bridge->moveToThread(board_.connection()->thread());
  connect(bridge, &HilBridge::problem, this, &FlightSession::logLine);
  QString error;
  QMetaObject::invokeMethod(
      bridge, [bridge] { return bridge->start(); }, Qt::BlockingQueuedConnection, &error);
  if (!error.isEmpty()) {
    QMetaObject::invokeMethod(
        bridge, [bridge] { delete bridge; }, Qt::BlockingQueuedConnection);
    emit logLine(error);
    return error;
  }
  recorder_.finish();
  hil_ = bridge;
  board_samples_.clear();
  board_attitude_.reset();
  emit logLine(tr("HIL: the board flies this station's simulator. %1").arg(hil_->rateDescription()));
  // The board's estimator reads true heading only with the simulated field's declination.
  const double declination_deg = model_.mag.declination_deg();
  board_.link()->params()->setParam(QStringLiteral("MAG_DECL_DEG"), declination_deg);
  emit logLine(tr("HIL: MAG_DECL_DEG set to %L1° on the board, the simulated field's declination.")
                   .arg(declination_deg, 0, 'f', 2));
  geometry_.give(board_.link(), model_);
  emit hilStateChanged(true);
  return {};
}

void FlightSession::stopHil() {
  if (!hil_) return;
  HilBridge* bridge = hil_;
  hil_ = nullptr;
  recorder_.finish();
  hil_samples_lost_ += bridge->samplesLost();
  // Stopped and deleted on its own thread, where its timer lives.
  QMetaObject::invokeMethod(
      bridge,
      [bridge] {
        bridge->stop();
        delete bridge;
      },
      Qt::BlockingQueuedConnection);
  emit logLine(tr("HIL stopped."));
  emit hilStateChanged(false);
}

void FlightSession::setPilotInput(joystick::PilotInputSource* pilot) {
  if (pilot_) disconnect(pilot_, nullptr, this, nullptr);
  pilot_ = pilot;
  if (pilot_) {
    // The sticks go to the vehicle on show only: MANUAL_CONTROL's target is its system id.
    connect(pilot_, &joystick::PilotInputSource::manualControl, this, [this](const joystick::ManualControlValues& v) {
      if (VehicleLink* link = shownLink()) link->sendManualControl(v.x, v.y, v.z, v.r, v.buttons);
    });
    connect(pilot_, &joystick::PilotInputSource::armRequested, this, [this] {
      if (VehicleLink* link = shownLink()) link->arm();
    });
    connect(pilot_, &joystick::PilotInputSource::disarmRequested, this, [this] {
      if (VehicleLink* link = shownLink()) link->disarm();
    });
    connect(pilot_, &joystick::PilotInputSource::modeRequested, this, [this](int mode) {
      VehicleLink* link = shownLink();
      if (!link) return;
      // The pad's mode buttons are Vayu's three modes; another autopilot's are in the Mode list.
      if (link->autopilot() == Autopilot::Vayu || link->autopilot() == Autopilot::Unknown) {
        link->setMode(vayu_mode_t(mode));
        return;
      }
      emit pilotNotice(tr("The mode buttons choose Vayu's modes; pick %1's in the Mode list.")
                           .arg(QString::fromStdString(autopilotName(link->autopilot(), link->vehicle().mav_type))));
    });
  }
  refreshPilotStream();
}

void FlightSession::setJoystickLost(bool lost) {
  joystick_lost_ = lost;
  refreshPilotStream();
}

void FlightSession::refreshPilotStream() {
  if (!pilot_) return;
  // A steady stream while there is someone to hear it and something to send.
  const bool lost = joystick_lost_ && pilot_->source() == joystick::PilotInputSource::Source::Joystick;
  const bool enabled = shownLink()->linkState() == LinkState::Connected && !lost;
  pilot_->setEnabled(enabled);
  emit pilotStreamChanged(enabled);
}

FlightSource FlightSession::source() const {
  if (hil_) return FlightSource::Hil;
  return board_.connected() ? FlightSource::Board : FlightSource::Sitl;
}

VehicleLink* FlightSession::activeLink() { return active_link_; }

FlightDrain FlightSession::drain() {
  FlightDrain out;
  // Every source is drained, so what is not on show does not pile up; only one is shown.
  std::vector<TelemetrySample> sitl_samples;
  sitl_.worker()->drain(sitl_samples);
  sitl_.autopilots()->drain(sitl_samples);
  if (sitl_.flyingAutopilots()) {
    out.world_vehicles = sitl_.autopilots()->poses();
    out.selected_vehicle = sitl_.autopilots()->selectedVehicle();
  }
  switch (source()) {
    case FlightSource::Hil:
      hil_->drainSamples(out.samples);
      break;
    case FlightSource::Board:
      out.samples.swap(board_samples_);
      // Attitude only (a board reports no position here), as the board estimates it.
      out.board_attitude_WB_wxyz = board_attitude_;
      break;
    case FlightSource::Sitl:
      out.samples.swap(sitl_samples);
      if (sitl_.attached()) drainAttached(out.samples);
      break;
  }
  board_samples_.clear();
  if (!out.samples.empty()) last_position_NED_m_ = out.samples.back().p_W_m;
  recorder_.setIdentity(recordedIdentity());
  recorder_.addSamples(out.samples);
  return out;
}

FlightIdentityInput FlightSession::recordedIdentity() {
  FlightIdentityInput id;
  const FlightSource shown = source();
  id.source = QString::fromUtf8(shown == FlightSource::Sitl  ? ulog::kSourceSitl
                                : shown == FlightSource::Hil ? ulog::kSourceHil
                                                             : ulog::kSourceBoard);
  id.airframe = shown == FlightSource::Board ? QStringLiteral("board") : QString::fromStdString(model_.name);
  if (shown == FlightSource::Sitl) id.mass_properties = mass_source_;
  if (shown == FlightSource::Sitl) id.seed = sitl_seed_;
  if (shown == FlightSource::Sitl && sitl_.flyingAutopilots()) {
    // World vehicle i flies with seed + i (SitlSession::startAutopilots).
    id.source = QString::fromUtf8(sitl_.autopilotKind() == vsim::AutopilotKind::Px4 ? ulog::kSourcePx4World
                                                                                    : ulog::kSourceArduPilotWorld);
    if (sitl_seed_) id.seed = *sitl_seed_ + std::uint64_t(sitl_.autopilots()->selectedVehicle());
  }
  id.simulated_world = shown != FlightSource::Board;
  return id;
}

void FlightSession::drainAttached(std::vector<TelemetrySample>& out) {
  std::vector<mavlink_hil_state_quaternion_t> poses;
  sitl_.poseReader()->drain(poses);
  for (const mavlink_hil_state_quaternion_t& pose : poses) {
    TelemetrySample t = telemetryFromPose(pose, model_);
    t.time_us = attached_timeline_.place(t.time_us);
    out.push_back(t);
  }
}

FlightFigures FlightSession::figures() {
  FlightFigures f;
  const vsim::ServiceStatus st = sitl_.worker()->status();
  f.sim_time_s = sitl_.attached() ? double(attached_timeline_.lastRunTimeUs()) * 1e-6 : st.sim_time_s;
  f.realtime_factor = st.realtime_factor;
  if (sitl_.flyingAutopilots()) {
    const vsim::AutopilotWorldStatus world = sitl_.autopilots()->status();
    f.sim_time_s = world.sim_time_s;
    f.realtime_factor = world.realtime_factor;
  }
  f.overruns = st.overruns;
  f.nan_resets = st.nan_resets;
  f.samples_lost = sitl_.worker()->samplesLost() + sitl_.autopilots()->samplesLost() + hil_samples_lost_ +
                   (hil_ ? hil_->samplesLost() : 0);
  // The status bar's link figures are the shown vehicle's link: in a PX4/ArduPilot world (or with
  // any autopilot-link vehicle on show) that is the autopilot link, not the idle SITL one.
  f.shown_link = shown_external_ ? autopilots_.connection()->stats() : sitl_.connection()->stats();
  if (board_.connected()) f.board_link = board_.connection()->stats();
  f.scheduling = sitl_.worker()->schedulingDescription();
  return f;
}

}  // namespace navigator
