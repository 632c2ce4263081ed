#include "app/ui/vehicle_binding.h"

#include "app/joystick/pilot_input_source.h"
#include "app/link/param_metadata.h"
#include "app/ui/param_file_flow.h"
#include "app/ui/param_metadata_binding.h"
#include "app/ui/telemetry_plots.h"
#include "widgets/flight_panel.h"
#include "widgets/parameter_editor.h"

#include "firmware/protocol/vayu_protocol.h"

#include <algorithm>

namespace navigator {
namespace {

FlightPanel::LinkState panelState(LinkState s) {
  switch (s) {
    case LinkState::Connected:
      return FlightPanel::LinkState::Connected;
    case LinkState::Lost:
      return FlightPanel::LinkState::Lost;
    case LinkState::NoVehicle:
      break;
  }
  return FlightPanel::LinkState::NoVehicle;
}

// MAV_SEVERITY to how the panel shows it: emergency … error in red, warning in orange.
FlightPanel::MessageLevel messageLevel(int mav_severity) {
  if (mav_severity <= MAV_SEVERITY_ERROR) return FlightPanel::MessageLevel::Error;
  return mav_severity == MAV_SEVERITY_WARNING ? FlightPanel::MessageLevel::Warning : FlightPanel::MessageLevel::Info;
}

}  // namespace

VehicleBinding::VehicleBinding(FlightPanel* flight, ParameterEditor* parameters, TelemetryPlots* plots,
                               joystick::PilotInputSource* pilot, QObject* parent)
    : QObject(parent),
      flight_(flight),
      parameters_(parameters),
      plots_(plots),
      pilot_(pilot),
      modes_(flightModes(Autopilot::Vayu, 0)) {  // (the list the Fly page starts with)
  // Requests go to whichever link is bound when they are made.
  connect(flight_, &FlightPanel::armRequested, this, [this] {
    if (link_) link_->arm();
  });
  connect(flight_, &FlightPanel::disarmRequested, this, [this] {
    if (link_) link_->disarm();
  });
  connect(flight_, &FlightPanel::takeoffRequested, this, [this](double altitude_m) {
    if (link_) link_->takeoff(float(altitude_m));
  });
  connect(flight_, &FlightPanel::landRequested, this, [this] {
    if (link_) link_->land();
  });
  connect(flight_, &FlightPanel::returnRequested, this, [this] {
    if (link_) link_->returnToLaunch();
  });
  connect(flight_, &FlightPanel::modeRequested, this, [this](int index) {
    if (link_ && index >= 0 && std::size_t(index) < modes_.size())
      link_->setCustomMode(modes_[std::size_t(index)].custom_mode);
  });
  // Save…, Load… and Compare… with parameter files, for whichever vehicle is bound then.
  const auto bound_link = [this] { return link_.data(); };
  new ParamFileFlow(parameters_, bound_link, this);
  metadata_ = new ParamMetadataBinding(parameters_, this);
  connect(metadata_, &ParamMetadataBinding::metadataChanged, this, &VehicleBinding::showParameters);
  connect(metadata_, &ParamMetadataBinding::logLine, this, &VehicleBinding::logLine);
  connect(parameters_, &ParameterEditor::readAllRequested, this, [this] {
    if (link_) link_->params()->requestAll();
  });
  connect(parameters_, &ParameterEditor::writeRequested, this, [this](const QList<ParameterValue>& edits) {
    if (!link_) return;
    for (const ParameterValue& e : edits) link_->params()->setParam(e.name, e.value);
  });
}

void VehicleBinding::bind(VehicleLink* link) {
  for (const auto& c : bound_) disconnect(c);
  bound_.clear();
  link_ = link;
  if (link) {
    bindTelemetry(link);
    bindParameters(link->params());
  }
  // Show the newly bound vehicle as it is now (the last one's message was about the last one).
  flight_->showMessage(QString(), FlightPanel::MessageLevel::Info);
  gps_.reset();
  position_.reset();
  gps_sensor_state_ = 0;
  vehicle_refusal_.clear();
  prearm_passed_ = false;
  showLinkState();
  flight_->setArmed(link && link->vehicle().armed);
  pilot_->setVehicleArmed(link && link->vehicle().armed);
  pilot_->setVehicleThrottleIsClimbRate(
      link &&
      throttleIsClimbRate(link->vehicle().autopilotKind(), link->vehicle().mav_type, link->vehicle().custom_mode));
  showMode();
  showNavigation();
  showParameters();
  if (link && link->params()->complete()) metadata_->fetchIfNeeded(link);  // (PX4: its metadata, once)
  // A vehicle already connected when it is chosen (a second PX4 instance) reads its parameters now.
  if (link && link->linkState() == LinkState::Connected && !link->params()->complete() &&
      !link->params()->downloading())
    link->params()->requestAll();
  emit linkStateChanged(linkState());
}

void VehicleBinding::bindTelemetry(VehicleLink* link) {
  bound_ << connect(link, &VehicleLink::linkStateChanged, this, [this](LinkState s) {
    showLinkState();
    if (s == LinkState::Connected && !link_->params()->complete() && !link_->params()->downloading())
      link_->params()->requestAll();
    emit linkStateChanged(s);
  });
  bound_ << connect(link, &VehicleLink::vehicleChanged, this, [this](const VehicleStatus& v) {
    flight_->setArmed(v.armed);
    showMode();
    pilot_->setVehicleArmed(v.armed);
    pilot_->setVehicleThrottleIsClimbRate(throttleIsClimbRate(v.autopilotKind(), v.mav_type, v.custom_mode));
  });
  bound_ << connect(link, &VehicleLink::hudUpdated, this,
                    [this](const HudSample& hud) { pilot_->setVehicleThrust(hud.throttle_pct / 100.0); });
  bound_ << connect(link, &VehicleLink::gpsUpdated, this, [this](const GpsSample& g) {
    gps_ = g;
    showNavigation();
  });
  bound_ << connect(link, &VehicleLink::globalPositionUpdated, this, [this](const GlobalPositionSample& p) {
    position_ = p;
    showNavigation();
  });
  bound_ << connect(link, &VehicleLink::sysStatusUpdated, this, [this](const SysStatusSample& s) {
    // MAV_SYS_STATUS_SENSOR_GPS (0x20): a vehicle that reports no GPS_RAW_INT (Vayu) still
    // says whether a GPS is there and whether its estimate is using it.
    constexpr std::uint32_t kGps = 0x20;
    const int state = (s.present & kGps) == 0 ? 0 : (s.health & kGps) ? 2 : 1;
    if (state != gps_sensor_state_) {
      gps_sensor_state_ = state;
      showNavigation();
    }
  });
  bound_ << connect(link, &VehicleLink::statusText, this, [this](int severity, const QString& text) {
    flight_->showMessage(text, messageLevel(severity));
    vehicle_refusal_ = messageLevel(severity) == FlightPanel::MessageLevel::Error ? text : QString();
    emit logLine(tr("[vehicle %1] %2").arg(VehicleLink::severityName(severity), text));
  });
  bound_ << connect(link, &VehicleLink::commandFinished, this, [this](const CommandResult& r) {
    flight_->showMessage(r.message, r.accepted() ? FlightPanel::MessageLevel::Info : FlightPanel::MessageLevel::Error);
    vehicle_refusal_ = r.accepted() ? QString() : r.message;
  });
  bound_ << connect(link, &VehicleLink::sysStatusUpdated, this, &VehicleBinding::showPrearmPassed);
  bound_ << connect(link, &VehicleLink::attitudeUpdated, plots_, &TelemetryPlots::appendEstimate);
}

void VehicleBinding::showPrearmPassed(const SysStatusSample& s) {
  constexpr std::uint32_t kPrearmCheck = 0x10000000;  // MAV_SYS_STATUS_PREARM_CHECK (common.xml)
  const bool passed = (s.health & kPrearmCheck) != 0;
  const bool turned = passed && !prearm_passed_;
  prearm_passed_ = passed;
  if (!turned || vehicle_refusal_.isEmpty() || flight_->messageText() != vehicle_refusal_) return;
  flight_->showMessage(tr("Pre-arm checks pass now (before, the vehicle said: %1)").arg(vehicle_refusal_),
                       FlightPanel::MessageLevel::Info);
  vehicle_refusal_.clear();
}

void VehicleBinding::bindParameters(ParamClient* params) {
  bound_ << connect(params, &ParamClient::progress, parameters_, &ParameterEditor::setProgress);
  bound_ << connect(params, &ParamClient::listComplete, this, [this] {
    showParameters();
    metadata_->fetchIfNeeded(link_);  // PX4: its metadata from the vehicle, once the values are in
  });
  bound_ << connect(params, &ParamClient::listFailed, parameters_, &ParameterEditor::setStatus);
  bound_ << connect(params, &ParamClient::paramUpdated, this, [this](const ParamValue& p) {
    parameters_->showValue({p.name, p.value, p.isInteger()});
    if (p.name == QLatin1String("STICK_MAP")) showStickMapping();
  });
  bound_ << connect(params, &ParamClient::setFinished, this,
                    [this](const QString& name, bool ok, const QString& message) {
                      if (ok)
                        parameters_->setStatus(message);
                      else
                        parameters_->showRefused(name, message);
                    });
}

void VehicleBinding::showMode() {
  flight_->setGuidedActionsAvailable(link_ && link_->hasGuidedActions());
  if (!link_) return;
  const VehicleStatus& v = link_->vehicle();
  // Before the first heartbeat the autopilot is not known: the station's own vehicles (the SITL
  // firmware, a board) fly Vayu, whose modes the page starts with.
  std::vector<FlightModeEntry> modes = v.system_id != 0 ? link_->modes() : flightModes(Autopilot::Vayu, 0);
  const auto same = [](const FlightModeEntry& a, const FlightModeEntry& b) {
    return a.name == b.name && a.custom_mode == b.custom_mode;
  };
  if (!std::equal(modes.begin(), modes.end(), modes_.begin(), modes_.end(), same)) {
    modes_ = std::move(modes);
    QStringList names;
    for (const FlightModeEntry& m : modes_) names << QString::fromStdString(m.name);
    flight_->setModes(names);
  }
  int index = -1;
  for (std::size_t i = 0; i < modes_.size(); ++i)
    if (modes_[i].custom_mode == v.custom_mode) index = int(i);
  flight_->setMode(index, link_->currentModeName());
}

void VehicleBinding::showNavigation() {
  QStringList lines;
  if (gps_) {
    QString fix;
    switch (gps_->fix_type) {
      case 0:
        fix = tr("no GPS");
        break;
      case 1:
        fix = tr("no fix");
        break;
      case 2:
        fix = tr("2-D fix");
        break;
      case 3:
        fix = tr("3-D fix");
        break;
      case 4:
        fix = tr("DGPS");
        break;
      case 5:
        fix = tr("RTK float");
        break;
      case 6:
        fix = tr("RTK fixed");
        break;
      default:
        fix = tr("fix type %1").arg(gps_->fix_type);
        break;
    }
    QStringList parts{fix};
    if (gps_->satellites) parts << tr("%n satellites", nullptr, *gps_->satellites);
    if (gps_->hdop) parts << tr("HDOP %L1").arg(double(*gps_->hdop), 0, 'f', 1);
    if (gps_->horizontal_accuracy_m) parts << tr("±%L1 m").arg(double(*gps_->horizontal_accuracy_m), 0, 'f', 1);
    lines << parts.join(QStringLiteral(", "));
  } else if (gps_sensor_state_ == 2) {
    lines << tr("used by the vehicle's estimate");
  } else if (gps_sensor_state_ == 1) {
    lines << tr("present, not used by the estimate yet");
  }
  if (position_)
    lines << tr("%L1°, %L2°, %L3 m above home")
                 .arg(position_->lat_deg, 0, 'f', 6)
                 .arg(position_->lon_deg, 0, 'f', 6)
                 .arg(position_->altitude_rel_m, 0, 'f', 1);
  flight_->setNavigationText(lines.join(QLatin1Char('\n')));
}

void VehicleBinding::showLinkState() {
  const LinkState s = linkState();
  flight_->setLinkState(panelState(s), link_ ? tr("system %1").arg(link_->vehicle().system_id) : tr("no link"));
  parameters_->setLinkAvailable(s == LinkState::Connected);
}

void VehicleBinding::showParameters() {
  // Range, unit, default, description, enumeration and bitmask from the autopilot's metadata
  // (param_metadata_binding.h says from where); without it, the values alone.
  const QList<ParameterValue> rows = metadata_->rows(link_);
  parameters_->setParameters(rows);
  if (!rows.isEmpty()) parameters_->setStatus(tr("%1 parameters read.").arg(rows.size()));
  showStickMapping();
}

void VehicleBinding::showStickMapping() {
  // Vayu's STICK_MAP; a vehicle without it maps its sticks its own way.
  const auto map = link_ ? link_->params()->param(QStringLiteral("STICK_MAP")) : std::nullopt;
  emit stickMappingChanged(map ? int(std::lround(map->value)) : -1);
}

}  // namespace navigator
