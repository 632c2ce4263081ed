#include "app/ui/vehicle_binding.h"

#include "app/joystick/pilot_input_source.h"
#include "app/link/param_metadata.h"
#include "app/ui/telemetry_plots.h"
#include "widgets/flight_panel.h"
#include "widgets/parameter_editor.h"

#include "firmware/protocol/vayu_protocol.h"

namespace navigator {
namespace {

FlightPanel::LinkState panelState(LinkState s) {
  switch (s) {
    case LinkState::Connected: return FlightPanel::LinkState::Connected;
    case LinkState::Lost: return FlightPanel::LinkState::Lost;
    case LinkState::NoVehicle: break;
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
    : QObject(parent), flight_(flight), parameters_(parameters), plots_(plots), pilot_(pilot) {
  // Requests go to whichever link is bound when they are made.
  connect(flight_, &FlightPanel::armRequested, this, [this] { if (link_) link_->arm(); });
  connect(flight_, &FlightPanel::disarmRequested, this, [this] { if (link_) link_->disarm(); });
  connect(flight_, &FlightPanel::modeRequested, this, [this](int m) { if (link_) link_->setMode(vayu_mode_t(m)); });
  connect(parameters_, &ParameterEditor::readAllRequested, this, [this] { if (link_) link_->params()->requestAll(); });
  connect(parameters_, &ParameterEditor::writeRequested, this, [this](const QList<ParameterValue>& edits) {
    if (!link_) return;
    for (const ParameterValue& e : edits) link_->params()->setParam(e.name, e.value);
  });
  connect(pilot, &joystick::PilotInputSource::manualControl, this, [this](const joystick::ManualControlValues& v) {
    if (link_) link_->sendManualControl(v.x, v.y, v.z, v.r, v.buttons);
  });
  connect(pilot, &joystick::PilotInputSource::armRequested, this, [this] { if (link_) link_->arm(); });
  connect(pilot, &joystick::PilotInputSource::disarmRequested, this, [this] { if (link_) link_->disarm(); });
  connect(pilot, &joystick::PilotInputSource::modeRequested, this, [this](int m) { if (link_) link_->setMode(vayu_mode_t(m)); });
}

void VehicleBinding::bind(VehicleLink* link) {
  for (const auto& c : bound_) disconnect(c);
  bound_.clear();
  link_ = link;
  if (link) {
    ParamClient* params = link->params();
    bound_ << connect(link, &VehicleLink::linkStateChanged, this, [this](LinkState s) {
      showLinkState();
      if (s == LinkState::Connected && !link_->params()->complete() && !link_->params()->downloading())
        link_->params()->requestAll();
      emit linkStateChanged(s);
    });
    bound_ << connect(link, &VehicleLink::vehicleChanged, this, [this](const VehicleStatus& v) {
      flight_->setArmed(v.armed);
      flight_->setMode(int(v.custom_mode));
      pilot_->setVehicleArmed(v.armed);
    });
    bound_ << connect(link, &VehicleLink::statusText, this, [this](int severity, const QString& text) {
      flight_->showMessage(text, messageLevel(severity));
      emit logLine(tr("[vehicle %1] %2").arg(VehicleLink::severityName(severity), text));
    });
    bound_ << connect(link, &VehicleLink::commandFinished, this, [this](const CommandResult& r) {
      flight_->showMessage(r.message, r.accepted() ? FlightPanel::MessageLevel::Info : FlightPanel::MessageLevel::Error);
    });
    bound_ << connect(link, &VehicleLink::attitudeUpdated, plots_, &TelemetryPlots::appendEstimate);
    bound_ << connect(params, &ParamClient::progress, parameters_, &ParameterEditor::setProgress);
    bound_ << connect(params, &ParamClient::listComplete, this, &VehicleBinding::showParameters);
    bound_ << connect(params, &ParamClient::listFailed, parameters_, &ParameterEditor::setStatus);
    bound_ << connect(params, &ParamClient::paramUpdated, this, [this](const ParamValue& p) {
      parameters_->showValue({p.name, p.value, p.isInteger()});
    });
    bound_ << connect(params, &ParamClient::setFinished, this, [this](const QString& name, bool ok, const QString& message) {
      if (ok) parameters_->setStatus(message);
      else parameters_->showRefused(name, message);
    });
  }
  // Show the newly bound vehicle as it is now.
  showLinkState();
  flight_->setArmed(link && link->vehicle().armed);
  pilot_->setVehicleArmed(link && link->vehicle().armed);
  if (link) flight_->setMode(int(link->vehicle().custom_mode));
  showParameters();
  emit linkStateChanged(linkState());
}

void VehicleBinding::showLinkState() {
  const LinkState s = linkState();
  flight_->setLinkState(panelState(s), link_ ? tr("system %1").arg(link_->vehicle().system_id) : tr("no link"));
  parameters_->setLinkAvailable(s == LinkState::Connected);
}

void VehicleBinding::showParameters() {
  // Range, unit and description from the firmware's metadata file, read once; a problem with
  // it is said once, and the values are shown without it.
  static const ParamMetadataLoad metadata = loadParamMetadata(defaultParamMetadataPath());
  if (!metadata.error.isEmpty() && !metadata_problem_said_) {
    metadata_problem_said_ = true;
    emit logLine(metadata.error);
  }
  QList<ParameterValue> rows;
  if (link_)
    for (const ParamValue& p : link_->params()->params()) {
      ParameterValue row{p.name, p.value, p.isInteger()};
      if (const auto it = metadata.params.constFind(p.name); it != metadata.params.constEnd()) {
        row.min = it->min;
        row.max = it->max;
        row.unit = it->unit;
        row.description = it->description;
      }
      rows.append(row);
    }
  parameters_->setParameters(rows);
  if (!rows.isEmpty()) parameters_->setStatus(tr("%1 parameters read.").arg(rows.size()));
}

}  // namespace navigator
