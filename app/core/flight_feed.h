// FlightFeed: what the station shows and records of the vehicle on show, whichever source
// flies it —
//   - drain(): the samples for the plots and the 3-D view since the last call, from the one
//     source on show (HIL's world, a board's own IMU reports and attitude estimate, the SITL
//     simulator's or an attached vsim_d's poses; in a PX4/ArduPilot world the selected
//     vehicle's), every other source drained too so nothing piles up;
//   - figures(): the once-a-second figures (real-time factor, overruns, NaN resets, samples
//     lost, the link statistics of the vehicle on show and of a board);
//   - the flight log: the recorder takes these samples, and the arming, modes, attitude and
//     messages of the recorded vehicle (the vehicle on show when it is one of this station's
//     PX4/ArduPilot world, else the active one), under that flight's identity.
// Thread contract: GUI thread.
#pragma once

#include "app/core/attached_poses.h"
#include "app/core/board_session.h"
#include "app/core/flight_recorder.h"
#include "app/core/hil_session.h"
#include "app/core/sitl_session.h"
#include "app/core/autopilot_connection.h"
#include "app/vehicle/vehicle_manager.h"

#include <QObject>
#include <QPointer>
#include <QSet>

#include <array>
#include <optional>
#include <vector>

namespace navigator {

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

// The airframe flown now and where its mass properties and seed came from: the flight log's
// identity.
struct FlownAirframe {
  bool set = false;
  vsim::VehicleModel model;           // as flown (new mass properties included)
  vsim::VehicleModel airframe_model;  // the airframe file's own
  vsim::SimulatorConfig config;
  QString mass_source;                // empty: the airframe file's own ("mesh frame.stl: 1.25 kg")
  std::optional<std::uint64_t> seed;  // the simulation's, when this station started it
};

// The parts the feed reads (not owned).
struct FlightFeedSources {
  SitlSession* sitl = nullptr;
  BoardSession* board = nullptr;
  HilSession* hil = nullptr;
  AutopilotConnection* autopilots = nullptr;
  VehicleManager* vehicles = nullptr;
  FlightRecorder* recorder = nullptr;
  const FlownAirframe* airframe = nullptr;
};

class FlightFeed : public QObject {
  Q_OBJECT
 public:
  explicit FlightFeed(const FlightFeedSources& sources, QObject* parent = nullptr);

  FlightSource source() const;
  // The samples and estimate to show since the last call (see FlightDrain); the recorder takes them.
  FlightDrain drain();
  FlightFigures figures();
  // The latest true position on show [m, NED] (for tests: is it climbing?).
  std::array<float, 3> truePosition_NED_m() const { return last_position_NED_m_; }

  // A board's own reports are forgotten (its port closed, or HIL began).
  void forgetBoardSamples();
  // An attached simulator's time starts again (a new attach).
  void restartAttachedTimeline() { attached_timeline_ = RunTimeline{}; }
  // Whose arming, modes and messages the recorder takes (see above).
  Vehicle* recordedVehicle() const;

 private:
  bool isWorldVehicle(const Vehicle* vehicle) const;  // one of this station's PX4/ArduPilot world
  FlightIdentityInput recordedIdentity() const;       // who flies what the recorder records, now
  void follow(VehicleLink* link);                     // its telemetry to the recorder while recorded
  void keepBoardReports();                            // a board flying its own sensors: its reports
  void drainAttached(std::vector<TelemetrySample>& out);
  void onShownChanged(Vehicle* shown);  // the plots follow it; a flight is one vehicle's

  FlightFeedSources in_;
  QSet<VehicleLink*> followed_;
  QPointer<Vehicle> recorded_;                  // as recordedVehicle() was at the last change of the vehicle on show
  std::vector<TelemetrySample> board_samples_;  // a board's own IMU reports (no HIL)
  std::optional<std::array<float, 4>> board_attitude_;  // its latest estimate
  std::array<float, 3> last_position_NED_m_{};
  RunTimeline attached_timeline_;  // attached: time across vsim_d runs
};

}  // namespace navigator
