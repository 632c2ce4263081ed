// The Fly page's wiring: how its panels follow the station's simulator session, the hand, the
// recorder, the firmware, the pilot input, the transmitter, the autopilot links and the board
// (the page's layout and what it shows are in fly_page.cpp).
#include "app/ui/fly_page.h"

#include "app/joystick/joystick_manager.h"
#include "app/joystick/pilot_input_source.h"
#include "app/core/hil_bridge.h"
#include "app/ui/board_health_view.h"
#include "app/ui/instrument_feed.h"
#include "app/ui/keyboard_focus.h"
#include "app/ui/pilot_input_panel.h"
#include "app/ui/rotor_marks.h"
#include "app/ui/sample_pose.h"
#include "app/ui/telemetry_plots.h"
#include "app/ui/vehicle_binding.h"
#include "app/link/serial_hil_bandwidth.h"
#include "app/link/serial_port_catalog.h"
#include "flight/flight_runner.h"
#include "widgets/board_panel.h"
#include "widgets/flight_panel.h"
#include "widgets/flight_view/flight_view_3d.h"
#include "widgets/instruments/primary_flight_display.h"
#include "widgets/parameter_editor.h"
#include "widgets/rotor_layout_view.h"
#include "widgets/vehicle_link_panel.h"
#include "widgets/wind_panel.h"
#include "firmware/protocol/vayu_protocol.h"

#include <QApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QScrollArea>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <ctime>

namespace navigator {

void FlyPage::connectSession() {
  binding_ = new VehicleBinding(flight_panel_, parameters_, plots_, pilot_, this);
  connect(binding_, &VehicleBinding::logLine, this, &FlyPage::appendLog);
  connect(binding_, &VehicleBinding::stickMappingChanged, this,
          [this](int map) { input_panel_->setStickMapping(map >= 0 ? std::optional<int>(map) : std::nullopt); });
  instruments_ = new InstrumentFeed(this);
  showChosenVehicle();
  // SITL or board, whichever the station flies: shown unless an autopilot-link vehicle is.
  connect(station_->vehicles(), &VehicleManager::activeChanged, this, [this] {
    if (!station_->vehicles()->chosen()) showChosenVehicle();
    listVehicles();
  });
  for (VehicleLink* own : {station_->sitl()->link(), station_->board()->link()})
    connect(own, &VehicleLink::vehicleChanged, this, &FlyPage::listVehicles);
  connectAutopilots();
  connectStation();
  connectBoard();
  connectRecorder();
  connectFirmware();
  connectPilot();
  connectTransmitter();
  connectHand();
}

// The hand holds the station's own simulated vehicle, only while it is disarmed (the panel offers
// it only then; the link's own armed flag is asked too, in case the panel has not heard yet).
void FlyPage::connectHand() {
  SitlSession* sitl = station_->sitl();
  const auto refused = [this, sitl] {
    if (!flight_panel_->armed() && !sitl->link()->vehicle().armed) return false;
    flight_panel_->showMessage(
        tr("Not held: the vehicle is armed. Disarm it first: an armed vehicle may be flying, and the hand stops "
           "its motors."),
        FlightPanel::MessageLevel::Warning);
    return true;
  };
  connect(flight_panel_, &FlightPanel::holdRequested, this,
          [this, sitl, refused](double roll, double pitch, double yaw) {
            if (refused()) return;
            if (sitl->holdByHand(Eigen::Vector3d(roll, pitch, yaw), Eigen::Vector3d::Zero(), false))
              appendLog(tr("Held by hand at roll %1°, pitch %2°, yaw %3°").arg(roll).arg(pitch).arg(yaw));
          });
  connect(flight_panel_, &FlightPanel::turnRequested, this,
          [this, sitl, refused](double x_dps, double y_dps, double z_dps, bool about_world) {
            if (refused()) return;
            if (sitl->holdByHand(std::nullopt, Eigen::Vector3d(x_dps, y_dps, z_dps), about_world))
              appendLog(tr("Turned by hand at (%1, %2, %3) °/s about the %4 axes")
                            .arg(x_dps)
                            .arg(y_dps)
                            .arg(z_dps)
                            .arg(about_world ? tr("world's") : tr("body's")));
          });
  connect(flight_panel_, &FlightPanel::releaseRequested, this, [this, sitl] {
    sitl->releaseHand();
    appendLog(tr("Released by hand"));
  });
  connect(sitl, &SitlSession::handChanged, flight_panel_, &FlightPanel::setHeldByHand);
}

void FlyPage::connectStation() {
  connect(station_, &Station::logLine, this, &FlyPage::appendLog);
  connect(station_, &Station::airframeChanged, this, &FlyPage::showAirframe);
  connect(station_, &Station::massPropertiesFlown, this, &FlyPage::showMassProperties);
  connect(station_, &Station::simulationStarted, this, &FlyPage::onSimulationStarted);
  connect(station_, &Station::simulationStopped, this, [this](bool world) {
    if (world) flight_panel_->setFirmwareRunning(false, tr("stopped"));
  });
  connect(station_->geometry(), &GeometryWriter::finished, this, [this](bool ok, const QString& message) {
    showRotors(station_->airframe().model,
               ok ? tr("On the vehicle: it allocates its rotors from this geometry (MIXER 1).")
                  : tr("Not on the vehicle: %1").arg(message));
  });
  connect(station_, &Station::firmwareProblem, this,
          [this](const QString& text) { flight_panel_->showMessage(text, FlightPanel::MessageLevel::Error); });
  // An attached simulator (vsim_d run elsewhere) that goes or comes back is said on the panel.
  connect(station_, &Station::simulatorStateChanged, this, [this](PosePipeReader::State state, const QString& text) {
    flight_panel_->showMessage(text, state == PosePipeReader::State::Gone ? FlightPanel::MessageLevel::Error
                                                                          : FlightPanel::MessageLevel::Info);
  });
  connect(station_, &Station::otherSourcesChanged, this, &FlyPage::listVehicles);
  connect(station_, &Station::notice, this,
          [this](const QString& text) { flight_panel_->showMessage(text, FlightPanel::MessageLevel::Warning); });
  connect(flight_panel_, &FlightPanel::signingRequested, this, [this](bool on) {
    const auto [ok, text] = station_->vehicles()->shown()->switchSigning(on);
    flight_panel_->showMessage(text, ok ? FlightPanel::MessageLevel::Info : FlightPanel::MessageLevel::Error);
    updateSigning();
  });
  connect(flight_panel_, &FlightPanel::resetVehicleRequested, this, [this] {
    station_->sitl()->resetVehicle();
    view_->clearTrail();
  });
  connect(wind_panel_, &WindPanel::settingChanged, this, &FlyPage::applyWind);
}

void FlyPage::connectRecorder() {
  // Every flight recorded (FlightRecorder): where it goes, where it went, what went wrong.
  FlightRecorder* recorder = station_->recorder();
  connect(recorder, &FlightRecorder::flightStarted, this,
          [this](const QString& path) { appendLog(tr("Recording this flight to %1").arg(path)); });
  connect(recorder, &FlightRecorder::flightSaved, this, [this](const RecordedFlight& flight) {
    appendLog(tr("Flight log saved: %1 (%2 s)").arg(flight.path, QLocale().toString(flight.duration_s, 'f', 1)));
  });
  connect(recorder, &FlightRecorder::problem, this, [this](const QString& text) {
    appendLog(text);
    flight_panel_->showMessage(text, FlightPanel::MessageLevel::Warning);
  });
}

void FlyPage::connectFirmware() {
  SitlProcess* firmware = station_->sitl()->firmware();
  connect(firmware, &SitlProcess::logLine, this, &FlyPage::appendLog);
  connect(firmware, &SitlProcess::started, this,
          [this, firmware] { flight_panel_->setFirmwareRunning(true, tr("pid %1").arg(firmware->processId())); });
  connect(firmware, &SitlProcess::stopped, this, [this] { flight_panel_->setFirmwareRunning(false, tr("stopped")); });
  connect(firmware, &SitlProcess::crashed, this, [this](const QString& message) {
    flight_panel_->setFirmwareRunning(false, tr("crashed"));
    flight_panel_->showMessage(message, FlightPanel::MessageLevel::Error);
  });
  connect(flight_panel_, &FlightPanel::startFirmwareRequested, firmware, &SitlProcess::start);
  connect(flight_panel_, &FlightPanel::stopFirmwareRequested, firmware, &SitlProcess::stop);
  connect(flight_panel_, &FlightPanel::restartFirmwareRequested, firmware, &SitlProcess::restart);
}

void FlyPage::connectPilot() {
  station_->pilot()->setPilotInput(pilot_);
  connect(station_->pilot(), &PilotRouter::notice, this,
          [this](const QString& text) { flight_panel_->showMessage(text, FlightPanel::MessageLevel::Warning); });
  connect(input_panel_, &PilotInputPanel::sourceChanged, station_->pilot(), &PilotRouter::refresh);
  // Arm only once the pilot input reaches the vehicle: its arming check asks for fresh input.
  auto offer_arm = [this](bool running) {
    flight_panel_->setArmOffered(running, tr("Arm is offered once pilot input reaches the vehicle: choose where the "
                                             "sticks come from in the Sticks tab."));
  };
  offer_arm(station_->pilot()->streamRunning());
  connect(station_->pilot(), &PilotRouter::streamRunningChanged, this, offer_arm);
  connect(joystick_, &joystick::JoystickManager::problem, this, &FlyPage::appendLog);
  // A pad lost in flight stops the stream, so the firmware's own failsafe acts (level, descend,
  // disarm on landing) rather than a throttle of 0 that would drop the vehicle.
  connect(joystick_, &joystick::JoystickManager::deviceLost, this, [this](const QString& name) {
    station_->pilot()->setJoystickLost(true);
    if (pilot_->source() == joystick::PilotInputSource::Source::Joystick)
      flight_panel_->showMessage(tr("Joystick \"%1\" vanished: no more stick input is sent, so the firmware's "
                                    "failsafe takes over (level, descend, disarm on landing).")
                                     .arg(name),
                                 FlightPanel::MessageLevel::Error);
  });
  connect(joystick_, &joystick::JoystickManager::deviceSelected, this, [this](const joystick::JoystickDeviceInfo& d) {
    if (d.instance_id >= 0) station_->pilot()->setJoystickLost(false);
  });
}

// The pilot input as a radio transmitter, for a simulated vehicle with a receiver fitted
// (--transmitter): its switch on the panel, its pad's coming and going, what it does in the log.
void FlyPage::connectTransmitter() {
  TransmitterFeed* transmitter = station_->transmitter();
  transmitter->setPilotInput(pilot_);
  flight_panel_->setTransmitterFitted(transmitter->fitted());
  connect(transmitter, &TransmitterFeed::fittedChanged, flight_panel_, &FlightPanel::setTransmitterFitted);
  connect(flight_panel_, &FlightPanel::transmitterSwitched, transmitter, &TransmitterFeed::setOn);
  connect(joystick_, &joystick::JoystickManager::deviceLost, transmitter,
          [transmitter] { transmitter->setJoystickLost(true); });
  connect(joystick_, &joystick::JoystickManager::deviceSelected, transmitter,
          [transmitter](const joystick::JoystickDeviceInfo& d) {
            if (d.instance_id >= 0) transmitter->setJoystickLost(false);
          });
  connect(transmitter, &TransmitterFeed::transmittingChanged, this, [this](bool on) {
    appendLog(
        on ? tr("Transmitter on: the simulated receiver hears the pilot input (CRSF, channels 1-4 AETR, "
                "5-8 the pad's buttons 1-4).")
           : tr("Transmitter off: the simulated receiver hears nothing, and the firmware's radio failsafe acts."));
  });
}

void FlyPage::connectAutopilots() {
  AutopilotLink* autopilots = station_->autopilots()->link();
  VehicleRoster* roster = autopilots->roster();
  connect(roster, &VehicleRoster::vehicleAdded, this, [this, autopilots](VehicleLink* link) {
    appendLog(tr("Vehicle %1 heard on %2.").arg(VehicleRoster::describe(link->vehicle()), autopilots->description()));
    vehicles_panel_->setLinkState(true, tr("Connected: %1").arg(autopilots->description()));
    listVehicles();
  });
  connect(roster, &VehicleRoster::vehicleChanged, this, &FlyPage::listVehicles);
  connect(roster, &VehicleRoster::selectedChanged, this, [this](VehicleLink* link) { showVehicle(link); });
  connect(vehicles_panel_, &VehicleLinkPanel::vehicleChosen, this, [this, roster](int index) {
    const QList<VehicleLink*>& heard = roster->vehicles();
    if (index <= 0 || index > heard.size()) {
      showVehicle(nullptr);
      return;
    }
    VehicleLink* link = heard[index - 1];
    Vehicle* chosen = station_->vehicles()->chosen();
    if (link == roster->selected() && (!chosen || link != chosen->link()))
      showVehicle(link);  // chosen again after the own vehicle
    roster->select(link->pinnedSystem());
  });
  connect(vehicles_panel_, &VehicleLinkPanel::connectRequested, this, [this, autopilots](const QString& address) {
    const QString error = station_->autopilots()->open(address);
    if (!error.isEmpty())
      vehicles_panel_->setLinkState(false, error, true);
    else if (autopilots->endpoint())
      vehicles_panel_->setLinkState(true, tr("Connecting to %1…").arg(autopilots->endpoint()->text()));
  });
  connect(vehicles_panel_, &VehicleLinkPanel::disconnectRequested, autopilots, &AutopilotLink::close);
  connect(autopilots, &AutopilotLink::stateChanged, this, [this, autopilots](bool open, const QString& text) {
    if (autopilots->endpoint()) vehicles_panel_->setAddress(autopilots->endpoint()->text());  // (the world's own, too)
    vehicles_panel_->setLinkState(autopilots->isActive(), open ? tr("Connected: %1").arg(text) : text, false);
    if (!open && !autopilots->isActive()) listVehicles();
  });
  connect(station_->autopilots(), &AutopilotConnection::problem, this, [this, autopilots](const QString& text) {
    vehicles_panel_->setLinkState(autopilots->isActive(), text, true);
    appendLog(text);
  });
}

void FlyPage::connectBoard() {
  new BoardHealthView(board_panel_, station_->board(), station_->sitl()->link(), this);  // the sensor table
  auto list_ports = [this] {
    const UsbDeviceTableLoad table = loadUsbDeviceTable(defaultUsbDeviceTablePath());
    if (!table.error.isEmpty()) appendLog(table.error);
    QList<BoardPortChoice> choices;
    QList<VehiclePortChoice> autopilot_ports;  // the same ports, for an autopilot on the Vehicles box
    for (const SerialPortListing& p : catalogSerialPorts(availableSerialPorts(), table.table)) {
      choices.append({p.label, p.port.system_location, p.usable});
      autopilot_ports.append({p.label, p.port.system_location, p.usable});
    }
    board_panel_->setPorts(choices);
    vehicles_panel_->setSerialPorts(autopilot_ports);
  };
  list_ports();
  connect(board_panel_, &BoardPanel::refreshRequested, this, list_ports);
  connect(board_panel_, &BoardPanel::flashRequested, this, &FlyPage::flashRequested);
  auto show_rate = [this](qint32 baud) {
    if (baud <= 0) {
      board_panel_->setHilRateText(tr("The HIL sensor rate follows from the baud rate, once it is known."));
      return;
    }
    const SerialHilBandwidth b = serialHilBandwidth(baud);
    board_panel_->setHilRateText(tr("%1 baud (8N1): %2 bytes/s each way; HIL_SENSOR %3 B, HIL_ACTUATOR_CONTROLS %4 B; "
                                    "with a fifth kept for telemetry, at most %5 HIL steps per second.")
                                     .arg(baud)
                                     .arg(QLocale().toString(b.bytes_per_s, 'f', 0))
                                     .arg(b.sensor_frame_bytes)
                                     .arg(b.actuator_frame_bytes)
                                     .arg(b.max_sensor_rate_hz));
  };
  show_rate(board_panel_->chosenBaud());
  connect(board_panel_, &BoardPanel::baudChosen, this, show_rate);
  connect(board_panel_, &BoardPanel::connectRequested, station_, &Station::connectBoard);
  connect(board_panel_, &BoardPanel::disconnectRequested, station_, &Station::disconnectBoard);
  connect(board_panel_, &BoardPanel::hilRequested, this, &FlyPage::setHil);
  BoardSession* board = station_->board();
  connect(board->link(), &VehicleLink::linkStateChanged, this, [this, board](LinkState s) {
    board_panel_->setHilState(s == LinkState::Connected && board->baudRate() > 0, station_->hil()->running());
  });
  connect(station_, &Station::boardStateChanged, this, [this, show_rate, board](bool open, const QString& text) {
    board_panel_->setConnected(open);
    board_panel_->setStateText(text);
    if (open) show_rate(board->baudRate());
  });
  connect(station_->hil(), &HilSession::stateChanged, this, [this, board](bool running) {
    board_panel_->setHilState(board->link()->linkState() == LinkState::Connected, running);
    station_->pilot()->restartCount();  // the board's clock starts again: Arm waits for the stream on it
    hil_rate_.reset();
    if (running) {
      board_panel_->setHilRateText(station_->hil()->bridge()->rateDescription());
      plots_->clear();
    }
    view_->clearTrail();
  });
}

}  // namespace navigator
