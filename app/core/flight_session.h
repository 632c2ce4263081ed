// FlightSession: which vehicle the ground station flies, and what it shows of it — without a
// widget. It owns the SITL session (simulator, firmware process, UDP link) and the board
// session (a flight controller on a serial port), runs HIL (the board flying this station's
// simulator) on the board link's own thread, and decides:
//   - which link the panels command: the board's while its port is open, else the SITL one
//     (activeLinkChanged);
//   - whose samples the plots and the 3-D view get (drain): HIL's world, a board's own IMU
//     reports and attitude estimate, or the SITL simulator's;
//   - which vehicle is on show: the active link's, or one heard on the autopilot link it owns
//     (PX4, ArduPilot: showLinkVehicle) — in this station's PX4/ArduPilot world, the one the
//     plots follow and the recorder records; which endpoint that link opens for a world it
//     starts (PX4: UDP 14550, ArduPilot: TCP 127.0.0.1:5760) or for an address a user gives;
//   - where the pilot's sticks, arm/disarm and mode buttons go (the vehicle on show) and when
//     the MANUAL_CONTROL stream runs: while that vehicle answers and the pad it comes from has
//     not vanished (the firmware's failsafe then acts);
//   - the once-a-second figures (real-time factor, overruns, NaN resets, samples lost, link
//     statistics).
// FlyPage lays out the widgets and wires them to this. Thread contract: GUI thread; the
// simulator's and the serial link's threads are inside SitlSession and BoardSession.
#pragma once

#include "app/core/attached_poses.h"
#include "app/core/board_session.h"
#include "app/core/flight_recorder.h"
#include "app/core/geometry_writer.h"
#include "app/core/sitl_session.h"
#include "app/link/autopilot_link.h"
#include "app/link/signing_key_store.h"
#include "app/link/vehicle_signing.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QStandardPaths>
#include <QTimer>

#include <optional>
#include <vector>

namespace navigator {

class HilBridge;
namespace joystick {
class PilotInputSource;
}

// Where the samples on show come from.
enum class FlightSource { Sitl, Board, Hil };

// What the page shows after a drain: samples in time order (possibly none) and, for a board
// that reports no position, its latest attitude estimate alone.
struct FlightDrain {
  std::vector<TelemetrySample> samples;
  // PX4/ArduPilot world: every vehicle's latest pose (the selected one among them), for the view.
  std::vector<WorldVehiclePose> world_vehicles;
  int selected_vehicle = 0;
  std::optional<std::array<float, 4>> board_attitude_WB_wxyz;  // NED/FRD, only from a board without HIL
};

// Once-a-second figures of the flying session.
struct FlightFigures {
  double sim_time_s = 0;
  double realtime_factor = 0;
  std::int64_t overruns = 0, nan_resets = 0;
  std::uint64_t samples_lost = 0;  // between the simulator (SITL or HIL) and the page
  LinkStats shown_link;            // the link of the vehicle on show: SITL's, or the autopilot link's (PX4, ArduPilot)
  std::optional<LinkStats> board_link;  // while a board's port is open
  QString scheduling;                   // how the simulator's thread runs (SimulationWorker)
};

class FlightSession : public QObject {
  Q_OBJECT
 public:
  explicit FlightSession(QObject* parent = nullptr);
  ~FlightSession() override;

  // SITL: starts the simulator, the link and the firmware flying `model` in `config`'s world
  // (and makes it the airframe HIL flies); the firmware is given the airframe's rotor geometry
  // once its parameters are read (GeometryWriter). The error, if any, is returned and logged.
  QString startSimulation(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                          const SitlSessionOptions& options);
  // Attached: flies with a simulator this station did not start — the vsim_d serving `dir`
  // (scripts/sitl.sh's) and its firmware's MAVLink on UDP `gcs_port` — showing vsim_d's true
  // pose (attached_poses.h). A vsim_d that goes away is told (logLine, simulatorStateChanged) and
  // taken up again when one serves the folder; the samples shown before the gap stay, and the
  // next run's time continues after them (RunTimeline).
  // Several vehicles flown by PX4 or ArduPilot (SitlSession::startAutopilots); the plots follow
  // the selected one (selectWorldVehicle), the 3-D view shows them all.
  QString startAutopilotWorld(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config,
                              const AutopilotSessionOptions& options);
  QString attachSimulator(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config, const QString& dir,
                          quint16 gcs_port);
  void stopSimulation();
  // The airframe and world flown — by SITL (startSimulation sets them) and by HIL on a board.
  void setAirframe(const vsim::VehicleModel& model, const vsim::SimulatorConfig& config);
  bool hasAirframe() const { return airframe_set_; }
  const vsim::VehicleModel& airframe() const { return model_; }
  const vsim::SimulatorConfig& world() const { return config_; }
  // Flies new mass properties in SITL from now on (motors stop, the pose stays); the rotor
  // geometry about the new centre of mass goes to the firmware.
  // `mass_source`: where the mass properties come from when not the airframe's ("mesh
  // frame.stl: 1.25 kg"), written into the flight logs' names and metadata.
  void flyModel(const vsim::VehicleModel& model, const QString& mass_source = {});
  // Back to the airframe file's own mass properties (after flyModel with a mesh's).
  void flyAirframeMassProperties();
  // Other MAVLink sources heard on the SITL link's port and kept out of it (SitlSession): one
  // label each, for the vehicle list; cleared when the simulation stops.
  const QStringList& otherSources() const { return other_sources_; }
  // Where the mass properties flown now came from; empty: the airframe file's own.
  const QString& massSource() const { return mass_source_; }

  // A board on a serial port (baud 0: detect). Opening it makes its link the active one.
  void connectBoard(const QString& path, qint32 baud);
  void disconnectBoard();
  // Lets go of a serial port another tool (the flasher) wants: when the board is on `path`
  // (the same file after resolving links), HIL stops and the port closes. True when it did.
  bool releasePort(const QString& path);

  // HIL on the connected board (given the airframe's rotor geometry, as MAG_DECL_DEG). Starting
  // needs an airframe and a board with a known baud rate;
  // returns the problem in words, or an empty string. The bridge lives on the board link's
  // thread, never on the GUI thread.
  QString startHil();
  void stopHil();
  HilBridge* hil() const { return hil_; }
  const GeometryWriter& geometry() const { return geometry_; }

  // The pilot input whose stream this session switches on and off, and whose sticks, arm,
  // disarm and mode buttons it sends to the vehicle on show (not owned).
  void setPilotInput(joystick::PilotInputSource* pilot);
  // The joystick the pilot input reads from vanished (true) or is back (false).
  void setJoystickLost(bool lost);
  // Decides again whether the pilot's stream runs (after its source changed).
  void refreshPilotStream();

  // The samples and estimate to show since the last call (see FlightDrain).
  FlightDrain drain();
  // The figures now (the page asks once a second).
  FlightFigures figures();

  FlightSource source() const;
  VehicleLink* activeLink();
  // A vehicle heard on an autopilot link (not owned) on show instead of the active link's; null:
  // the active link's again. The pilot's stream follows it. In this station's PX4/ArduPilot world
  // its system id 1 + i is world vehicle i: the plots follow that one, and its flights are
  // recorded with the autopilot's arming, modes and messages.
  void showLinkVehicle(VehicleLink* link);
  VehicleLink* shownLinkVehicle() const { return shown_external_; }  // null: the active link's is on show
  VehicleLink* shownLink();
  SitlSession* sitl() { return &sitl_; }
  // The link to autopilots this station did not start (PX4, ArduPilot) and the vehicles heard there.
  AutopilotLink* autopilotLink() { return &autopilots_; }
  // Opens the autopilot link at `address` ("udp:14550", "tcp:127.0.0.1:5760", …); the problem
  // with the address in words, or an empty string.
  QString openAutopilotLink(const QString& address);
  // Records every flight shown here as a ULog file (flight_recorder.h), fed by drain().
  FlightRecorder* recorder() { return &recorder_; }
  BoardSession* board() { return &board_; }
  // MAVLink signing with a Vayu vehicle: the SITL firmware's (private link: its standard input)
  // or a board's (private link: its serial port), keys in one store. signingFor(link): the one
  // for that vehicle link, null for an autopilot link's (PX4, ArduPilot: not offered).
  SigningKeyStore* signingKeys() { return &signing_keys_; }
  VehicleSigning* signingFor(VehicleLink* link);
  // Signing on (a new key) or off for the vehicle of `link`; what happened in words, and
  // whether it worked.
  std::pair<bool, QString> switchSigning(VehicleLink* link, bool on);
  // The latest true position on show [m, NED] (for tests: is it climbing?).
  std::array<float, 3> truePosition_NED_m() const { return last_position_NED_m_; }

 signals:
  void activeLinkChanged(navigator::VehicleLink* link);
  void boardStateChanged(bool open, const QString& text);  // as BoardSession says it
  void hilStateChanged(bool running);
  void pilotStreamChanged(bool enabled);
  void firmwareProblem(const QString& text);  // the SITL firmware crashed, or the session failed
  void simulatorStateChanged(navigator::PosePipeReader::State state, const QString& text);  // attached only
  void logLine(const QString& line);
  // The autopilot link's problem, with what this station knows about it (its own SITL link
  // listening on that port).
  void autopilotLinkProblem(const QString& text);
  // A pilot's request the vehicle on show cannot take (Vayu's mode buttons on another autopilot),
  // or a stranger on the SITL link's port (SitlSession::foreignSource): for the flight panel.
  void pilotNotice(const QString& text);
  void otherSourcesChanged();  // otherSources() grew or was cleared

 private:
  void onBoardState(bool open, const QString& text);
  void drainAttached(std::vector<TelemetrySample>& out);  // poses of an attached simulator

  // Its telemetry to the recorder while it is recordedLink(); its state to the pilot's stream
  // rule. Once per link.
  void followLink(VehicleLink* link);
  // Whose arming, modes and messages the recorder takes: the vehicle on show when it is one of
  // this station's PX4/ArduPilot world, else the active link's.
  VehicleLink* recordedLink();
  bool isWorldVehicle(const VehicleLink* link);  // one of this station's PX4/ArduPilot world
  FlightIdentityInput recordedIdentity();        // who flies what the recorder records, now

  SitlSession sitl_;
  BoardSession board_;
  // The desktop keyring where one runs; never in QStandardPaths' test mode, so a test run on a
  // desktop does not touch the user's keyring.
  SigningKeyStore signing_keys_{SigningKeyStore::defaultPath(),
                                QStandardPaths::isTestModeEnabled() ? nullptr : desktopKeyring()};
  VehicleSigning sitl_signing_{sitl_.connection(), &signing_keys_};
  VehicleSigning board_signing_{board_.connection(), &signing_keys_};
  GeometryWriter geometry_;  // the airframe's rotor geometry to the vehicle given it
  FlightRecorder recorder_;
  std::optional<std::uint64_t> sitl_seed_;
  HilBridge* hil_ = nullptr;  // lives on the board link's thread while HIL runs
  joystick::PilotInputSource* pilot_ = nullptr;
  bool joystick_lost_ = false;
  VehicleLink* active_link_ = nullptr;
  QPointer<VehicleLink> shown_external_;  // an autopilot-link vehicle on show
  QSet<VehicleLink*> followed_links_;
  vsim::VehicleModel model_;
  vsim::SimulatorConfig config_;
  bool airframe_set_ = false;
  vsim::VehicleModel airframe_model_;  // the airframe file's, as setAirframe gave it
  QString mass_source_;
  QStringList other_sources_;
  std::vector<TelemetrySample> board_samples_;          // a board's own IMU reports (no HIL)
  std::optional<std::array<float, 4>> board_attitude_;  // its latest estimate
  std::array<float, 3> last_position_NED_m_{};
  std::uint64_t hil_samples_lost_ = 0;  // from HIL runs that have ended
  RunTimeline attached_timeline_;       // attached: time across vsim_d runs
  // The ArduPilot world this station started: its SERIAL0 (TCP 5760) listens only once ArduPilot
  // runs, which the user starts after the world — the link tries again every second until it stands.
  QTimer autopilot_retry_;
  // Last, so it goes first: its vehicles' destroyed signals reach a session still whole.
  AutopilotLink autopilots_;
};

}  // namespace navigator
