// SitlSession: everything that flies the simulated vehicle from the ground station, started
// and stopped together — the SimulationWorker serving the four pipes in a private folder, the
// SITL firmware (vayu_sitl) reading them, and the MAVLink link to that firmware over UDP.
// It also keeps the model being flown, so a geometry push or a reset knows what flies.
// Or, attached (attach()), none of that is started here: a vsim_d someone else runs serves a
// folder (scripts/sitl.sh), its vsim_pose pipe is watched (PosePipeReader) and the firmware
// flying it is linked over UDP; simulators that come and go there are told and taken up again.
// Thread contract: GUI thread (the worker's own thread is hidden inside SimulationWorker).
#pragma once

#include "app/core/autopilot_world_worker.h"
#include "app/core/simulation_worker.h"
#include "app/link/mavlink_connection.h"
#include "app/link/pose_pipe_reader.h"
#include "app/link/sitl_process.h"
#include "app/link/udp_transport.h"
#include "app/link/vehicle_link.h"

#include <QObject>
#include <QTemporaryDir>

#include <memory>
#include <optional>
#include <vector>

namespace navigator {

struct SitlSessionOptions {
  quint16 gcs_port = UdpTransport::kDefaultPort;  // where the firmware sends MAVLink (0: any free port)
  QString firmware_executable;                    // empty: vayu_sitl beside the application
  QString params_file;                            // the firmware's saved parameters
  std::uint64_t seed = 0;
  bool start_firmware = true;      // false: only the simulator and the link
  int realtime_priority = 20;      // SCHED_FIFO for the simulator's thread and the firmware when allowed; 0: never
  QStringList firmware_arguments;  // more of vayu_sitl's options (--sensors chips, --chip-fault ...)
  // A CRSF receiver fitted to the firmware (vayu_sitl --sensors chips --chip-fault crsf:none),
  // for the pilot's transmitter (TransmitterFeed). Attached: the firmware there has one.
  bool receiver = false;
};

// Several vehicles flown by PX4 or ArduPilot instead of our firmware: the world serves
// one backend per vehicle (PX4 TCP 4560+i, ArduPilot UDP 9002+10·i) and the autopilots, started
// by the user, connect to it. Their ground-station MAVLink (PX4: UDP 14550; ArduPilot: TCP 5760)
// goes to the Fly page's autopilot link, not to this session's firmware link, which stays closed.
struct AutopilotSessionOptions {
  vsim::AutopilotKind autopilot = vsim::AutopilotKind::Px4;
  int vehicles = 1;
  double spacing_m = 2.0;         // apart east, standing on the ground
  std::uint64_t seed = 0;         // vehicle i: seed + i
  std::int64_t utc_start_us = 0;  // 0: now
  int imu_rate_hz = 0;            // 0: the autopilot's (vsim::defaultImuRateHz: PX4 250, ArduPilot 1000)
  int base_port = 0;              // 0: the autopilot's (PX4 4560, ArduPilot 9002)
  std::string listen_address =
      "127.0.0.1";  // where those ports listen (vsim/sockets.h): this machine only unless asked
};

class SitlSession : public QObject {
  Q_OBJECT
 public:
  explicit SitlSession(QObject* parent = nullptr);
  ~SitlSession() override;

  // Starts the simulator (real time, pipes in a fresh private folder), the UDP link and the
  // firmware. A problem (a bad model, the UDP port in use, no firmware executable) comes back
  // as the error text, and whatever had started is stopped again.
  QString start(vsim::VehicleModel model, vsim::SimulatorConfig config, const SitlSessionOptions& options);
  // Attaches to the simulator serving `dir` and links to its firmware on UDP `gcs_port`
  // (0: any free port); `model` is the airframe it flies (for positions and the view). The
  // problem in words (the port in use, the folder unusable), with nothing left started.
  QString attach(vsim::VehicleModel model, const QString& dir, quint16 gcs_port);
  // Starts the world of `options.vehicles` copies of `model` for PX4 or ArduPilot, with the
  // World Magnetic Model's field at home. The problem in words, nothing left started.
  QString startAutopilots(const vsim::VehicleModel& model, vsim::SimulatorConfig config,
                          const AutopilotSessionOptions& options);
  void stop();
  // The built-in simulator runs (an attached one is not ours to run: see attached()).
  bool running() const { return worker_.running() || autopilots_.running(); }
  bool flyingAutopilots() const { return autopilots_.running(); }
  // Which autopilot flies the world (meaningful while flyingAutopilots()).
  vsim::AutopilotKind autopilotKind() const { return autopilot_kind_; }
  bool attached() const { return pose_.state() != PosePipeReader::State::Closed; }

  // Flies `model` from now on (vsim_ctl's geometry command): motors stop, the pose stays.
  // Attached, a problem instead: the attached simulator keeps its airframe.
  void flyModel(vsim::VehicleModel model);
  // Steady wind [m/s, NED] and turbulence σ [m/s], applied live (attached: through vsim_ctl).
  void setWind(const Eigen::Vector3d& wind_NED_mps, double turbulence_sigma_mps);
  // The vehicle back on the ground at the origin, reseeded with the session's seed (attached:
  // through vsim_ctl).
  void resetVehicle();
  // The hand (vsim_ctl's hold and release, sim/world/hand.h): holds the simulated vehicle still
  // at `attitude_rpy_deg` (z-y-x, degrees; none: as it is now), turning at `turn_dps` about its
  // body axes or, with `turn_in_world`, the world's (NED); attached, through vsim_ctl; in a
  // PX4/ArduPilot world, the vehicle shown (AutopilotWorldWorker::selectedVehicle). The caller
  // refuses it while the vehicle is armed.
  // Returns whether the simulator was told.
  bool holdByHand(const std::optional<Eigen::Vector3d>& attitude_rpy_deg, const Eigen::Vector3d& turn_dps,
                  bool turn_in_world);
  void releaseHand();  // at rest where it was held
  // The hand holds the vehicle (told so, and not let go, reset or given another airframe since).
  bool heldByHand() const { return held_by_hand_; }

  // The pilot's radio transmitter, heard by the firmware's receiver model (vsim_ctl's
  // transmitter: vayu_sitl --sensors chips --chip-fault crsf:none fits one): these pulses [µs],
  // 1 to 16 channels in the receiver's order, held until changed; none: switched off, and the
  // receiver goes to failsafe. Attached, through vsim_ctl. PX4/ArduPilot worlds, or no
  // simulation: a problem instead. Returns whether the simulator was told.
  bool setTransmitter(const std::vector<int>& channels_us);

  const vsim::VehicleModel& model() const { return model_; }
  QString pipeDir() const { return pipe_dir_ ? pipe_dir_->path() : attached() ? pose_.dir() : QString(); }
  quint16 gcsPort() const { return transport_.localPort(); }

  SimulationWorker* worker() { return &worker_; }
  AutopilotWorldWorker* autopilots() { return &autopilots_; }
  SitlProcess* firmware() { return &firmware_; }
  MavlinkConnection* connection() { return &connection_; }
  UdpTransport* transport() { return &transport_; }
  VehicleLink* link() { return &link_; }
  const VehicleLink* link() const { return &link_; }
  PosePipeReader* poseReader() { return &pose_; }

 signals:
  void problem(const QString& text);  // from any part, for the log and the status bar
  // Another MAVLink source sends to this station's SITL port: named, kept out of the link.
  void foreignSource(const QString& text);
  // The same stranger in a few words for a vehicle list ("127.0.0.1:18570, system 1").
  void foreignVehicle(const QString& label);
  void handChanged(bool held);  // heldByHand() changed

 private:
  QString openUdp(quint16 port);                  // the link's UDP port open, or why not
  static int freeLoopbackUdpPort();               // a UDP port free on 127.0.0.1 now (0: none found)
  void sendControlLine(const std::string& line);  // attached: one command down DIR/vsim_ctl
  bool sendHandCommand(const std::string& line);  // hold/release to whichever simulator runs
  // A vsim_ctl command to whichever simulator runs, or the problem said in these words.
  bool sendWorldCommand(const std::string& line, const QString& not_for_autopilots, const QString& not_running);
  void setHeldByHand(bool held);

  SimulationWorker worker_;
  AutopilotWorldWorker autopilots_;
  vsim::AutopilotKind autopilot_kind_ = vsim::AutopilotKind::Px4;
  SitlProcess firmware_;
  UdpTransport transport_;
  MavlinkConnection connection_;
  VehicleLink link_;
  std::unique_ptr<QTemporaryDir> pipe_dir_;
  PosePipeReader pose_;
  vsim::VehicleModel model_;
  std::uint64_t seed_ = 0;
  bool held_by_hand_ = false;
};

}  // namespace navigator
