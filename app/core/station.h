// Station: the ground station's core objects, built and wired once — what the composition root
// (MainWindow, or a test) owns and hands each page. It holds:
//   - the vehicle sources: the SITL session (this station's simulator and firmware, a PX4 or
//     ArduPilot world, or an attached vsim_d), a board on a serial port, HIL on that board, and
//     the link to autopilots the station did not start;
//   - the vehicles (VehicleManager: one Vehicle per system, which one is on show);
//   - pilot routing, the flight feed (what is shown and recorded) and the flight recorder;
//   - the rotor geometry given to a Vayu vehicle, and the signing keys;
// and does what crosses them: starting a source flies the airframe given (one sequence for
// every source), a change of mass properties reaches the simulator and the firmware, a board
// that opens becomes the vehicle the panels command, and a source that stops ends its log.
// Thread contract: GUI thread; the simulator's and the serial link's threads are inside the
// sources.
#pragma once

#include "app/core/autopilot_connection.h"
#include "app/core/board_session.h"
#include "app/core/flight_feed.h"
#include "app/core/flight_recorder.h"
#include "app/core/geometry_writer.h"
#include "app/core/hil_session.h"
#include "app/core/pilot_router.h"
#include "app/core/transmitter_feed.h"
#include "app/core/sitl_session.h"
#include "app/link/signing_key_store.h"
#include "app/vehicle/vehicle_manager.h"

#include <QObject>
#include <QStandardPaths>
#include <QStringList>

#include <functional>

namespace navigator {

class Station : public QObject {
  Q_OBJECT
 public:
  explicit Station(QObject* parent = nullptr);
  ~Station() override;

  // Each start flies `model` in `config`'s world (and makes it the airframe HIL flies); the
  // error, if any, is returned, logged and told (firmwareProblem).
  // SITL: this station's simulator, link and firmware; the firmware is given the airframe's
  // rotor geometry once its parameters are read (GeometryWriter).
  QString startSimulation(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                          const SitlSessionOptions& options);
  // Several vehicles flown by PX4 or ArduPilot (SitlSession::startAutopilots), and the autopilot
  // link opened where they talk.
  QString startAutopilotWorld(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                              const AutopilotSessionOptions& options);
  // A vsim_d this station did not start, serving `dir`, and its firmware's MAVLink on UDP
  // `gcs_port`. A vsim_d that goes away is told (simulatorStateChanged) and taken up again when
  // one serves the folder; the samples shown before the gap stay (RunTimeline).
  QString attachSimulator(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config, const QString& dir,
                          quint16 gcs_port);
  void stopSimulation();

  // The airframe and world flown — by SITL (each start sets them) and by HIL on a board.
  void setAirframe(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config);
  const FlownAirframe& airframe() const { return airframe_; }
  // Why the vehicle flown in SITL cannot be changed now, in words for the user (empty: it can).
  // A new vehicle starts with its motors stopped and the firmware, told of a new world, disarms:
  // so never while the firmware reports itself armed (land and disarm first).
  QString vehicleChangeRefusal() const;
  // What keeps `model` from flying in this station's simulator and firmware (vsim::flightProblems
  // at the rates of the world set), in words; empty: nothing.
  std::vector<std::string> flightProblems(const vsim::VehicleModel& model) const;
  // Flies new mass properties in SITL from now on (motors stop, the pose stays); the rotor
  // geometry about the new centre of mass goes to the firmware. `mass_source`: where they come
  // from when not the airframe's ("mesh frame.stl: 1.25 kg"), for the flight logs. Refused, with
  // the reason returned and nothing changed, while vehicleChangeRefusal() says so or when the
  // body is outside what the simulator and the firmware fly (vsim::flightProblems) — whatever
  // the user was asked before.
  QString flyModel(const vsim::VehicleModel& model, const QString& mass_source = {});
  // Back to the airframe file's own mass properties (after flyModel with a mesh's); refused
  // while vehicleChangeRefusal() says so.
  QString flyAirframeMassProperties();

  // A board on a serial port (baud 0: detect); opening it makes it the active vehicle.
  void connectBoard(const QString& path, qint32 baud);
  void disconnectBoard();
  // Lets go of a serial port another tool (the flasher) wants: when the board is on `path`
  // (the same file after resolving links), HIL stops and the port closes. True when it did.
  bool releasePort(const QString& path);
  // HIL on the connected board, flying the airframe set; the problem in words, or empty.
  QString startHil();

  // Other MAVLink sources heard on the SITL link's port and kept out of it: one label each,
  // for the vehicle list; cleared when the simulation stops.
  const QStringList& otherSources() const { return other_sources_; }

  SitlSession* sitl() { return &sitl_; }
  BoardSession* board() { return &board_; }
  HilSession* hil() { return &hil_; }
  AutopilotConnection* autopilots() { return &autopilots_; }
  VehicleManager* vehicles() { return &vehicles_; }
  PilotRouter* pilot() { return &pilot_; }
  TransmitterFeed* transmitter() { return &transmitter_; }
  FlightFeed* feed() { return &feed_; }
  FlightRecorder* recorder() { return &recorder_; }
  GeometryWriter* geometry() { return &geometry_; }
  SigningKeyStore* signingKeys() { return &signing_keys_; }

 signals:
  void logLine(const QString& line);
  void firmwareProblem(const QString& text);               // the SITL firmware crashed, or a start failed
  void boardStateChanged(bool open, const QString& text);  // as BoardSession says it
  void simulatorStateChanged(navigator::PosePipeReader::State state, const QString& text);  // attached only
  void otherSourcesChanged();  // otherSources() grew or was cleared
  // A stranger on the SITL link's port (SitlSession::foreignSource), for the flight panel.
  void notice(const QString& text);
  // The airframe set (a start, or setAirframe); the mass properties flown changed (flyModel,
  // flyAirframeMassProperties: `own` when they are the airframe file's again).
  void airframeChanged(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config);
  void massPropertiesFlown(const vsim::VehicleModel& model, bool own);
  // A source started (`elsewhere`: who flies the vehicles when not this station's firmware,
  // in words, else empty) or stopped (`world`: it was a PX4/ArduPilot world).
  void simulationStarted(const QString& elsewhere);
  void simulationStopped(bool world);

 private:
  bool addOwnVehicles();  // the SITL firmware's and the board's, with signing on their private links
  void wire();            // the connections between the parts
  // The one start sequence: the airframe set, the log of the last source ended, `start` run;
  // its error told and returned.
  QString startSource(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                      std::optional<std::uint64_t> seed, const std::function<QString()>& start);
  // The change of vehicle itself, once allowed (flyModel, flyAirframeMassProperties).
  void applyModel(const vsim::VehicleModel& model, const QString& mass_source);
  void onBoardState(bool open, const QString& text);
  void onHilState(bool running);

  SitlSession sitl_;
  BoardSession board_;
  // The desktop keyring where one runs; never in QStandardPaths' test mode, so a test run on a
  // desktop does not touch the user's keyring.
  SigningKeyStore signing_keys_{SigningKeyStore::defaultPath(),
                                QStandardPaths::isTestModeEnabled() ? nullptr : desktopKeyring()};
  GeometryWriter geometry_;  // the airframe's rotor geometry to the vehicle given it
  FlightRecorder recorder_;
  HilSession hil_{&board_, &geometry_};
  FlownAirframe airframe_;
  QStringList other_sources_;
  VehicleManager vehicles_;
  bool own_vehicles_added_ = addOwnVehicles();  // before the feed and the router, which follow them
  FlightFeed feed_{{&sitl_, &board_, &hil_, &autopilots_, &vehicles_, &recorder_, &airframe_}};
  PilotRouter pilot_{&vehicles_};
  TransmitterFeed transmitter_{&sitl_};
  // Last, so it goes first: its vehicles' destroyed signals reach a station still whole.
  AutopilotConnection autopilots_;
};

}  // namespace navigator
