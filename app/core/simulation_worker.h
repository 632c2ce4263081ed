// SimulationWorker: the simulator service (vsim_d's engine) on its own thread inside the
// ground station, serving the SITL pipes, with every IMU-period sample handed to the GUI
// through a lock-free ring and commands taken through SimService::post. The GUI never blocks
// it: a stalled simulator would hand the firmware late IMU frames.
// Thread contract: start(), stop(), post(), drain() and the getters from the GUI thread only.
#pragma once

#include "app/core/spsc_ring.h"
#include "sim/service/sim_service.h"

#include <QObject>
#include <QString>

#include <array>
#include <atomic>
#include <memory>
#include <thread>

namespace navigator {

// One IMU period as the plots need it (SI units; body/sensor axes as named).
struct TelemetrySample {
  // The simulator's time [µs]: the status bar's simulated time, counting on through resets and
  // changes of vehicle (one clock for the plots, the 3-D view and the flight log).
  std::int64_t time_us = 0;
  // Where on that clock the current run began: a reset or a change of vehicle starts a run, and
  // the firmware's own clock (what it stamps its telemetry with) reads time_us − run_start_us.
  std::int64_t run_start_us = 0;
  std::uint32_t run = 0;  // counts the runs of one simulation: 0 for the first
  std::array<float, 3> accel_S_mps2{}, gyro_S_radps{}, mag_S_gauss{};
  std::array<float, 3> wind_NED_mps{}, turbulence_NED_mps{};
  float airspeed_mps = 0;
  std::array<float, 4> attitude_WB_wxyz{};  // true attitude
  std::array<float, 3> p_W_m{};             // true position, NED
  std::array<float, 3> v_W_mps{};           // true velocity, NED
  std::array<float, 3> omega_B_radps{};     // true body rates, FRD
  std::array<float, vsim::kMaxRotors> rotor_speed_radps{};
  std::array<float, vsim::kMaxRotors> motor_duty{};  // [0, 1], as the firmware commanded
  int rotor_count = 0;
  // The barometer and the GPS as the firmware was sent them (none from a board's own reports).
  bool has_baro = false;
  vsim::BaroSample baro;
  vsim::GpsSample gps;    // the latest fix; its time_us on the run's clock, −1 before the first
  int world_vehicle = 0;  // in a PX4/ArduPilot world: which vehicle (0-based); 0 elsewhere
};

// The plots' view of the IMU period the simulator has just stepped.
TelemetrySample telemetrySampleOf(const vsim::Simulator& sim);

class SimulationWorker : public QObject {
  Q_OBJECT

 public:
  // `sample_capacity`: IMU periods the ring to the GUI holds between two drains (default 131 s
  // of 1 kHz samples); what does not fit is counted in samplesLost().
  static constexpr std::size_t kDefaultSampleCapacity = std::size_t(1) << 17;
  explicit SimulationWorker(QObject* parent = nullptr, std::size_t sample_capacity = kDefaultSampleCapacity);
  ~SimulationWorker() override;

  // Starts the service on its thread: the airframe and world given, pipes in `pipe_dir`. A
  // problem (a bad airframe, a pipe in the way) comes back as the error text; nothing starts.
  // `realtime_priority` > 0 asks for SCHED_FIFO at that priority for the simulator's thread (the
  // 1 kHz deadlines then survive a busy GUI); when the system refuses, problem() says so and the
  // thread runs at normal priority.
  QString start(vsim::VehicleModel model, vsim::SimulatorConfig config, vsim::ServiceOptions options,
                int realtime_priority = 0);
  void stop();  // returns when the thread has ended
  bool running() const { return thread_.joinable(); }
  // The service has ended by itself (its duration was simulated) or was stopped.
  bool finished() const { return finished_.load(); }

  void post(vsim::ControlCommand command);
  // Moves every sample produced since the last call into `out` (appending).
  std::size_t drain(std::vector<TelemetrySample>& out) { return samples_.popAll(out); }
  std::uint64_t samplesProduced() const { return samples_.pushed(); }
  std::uint64_t samplesLost() const { return samples_.dropped(); }
  // Runs begun since start(): a reset or a change of vehicle starts one (the samples' `run`).
  std::uint32_t runsStarted() const { return runs_started_.load(); }
  // Where on the samples' clock the current run began [µs] (TelemetrySample::run_start_us).
  std::int64_t runStartUs() const { return run_start_us_.load(); }
  // The service's counters as of its last status (about once a second).
  vsim::ServiceStatus status() const;
  // The thread got the real-time scheduling it asked for.
  bool realtimeScheduled() const { return realtime_scheduled_.load(); }
  // How the simulator's thread is scheduled, in a sentence ("real-time (SCHED_FIFO, priority
  // 20)", or why not); empty before the thread has started. Also sent as scheduling().
  QString schedulingDescription() const;

 signals:
  void problem(const QString& text);     // a rejected command; emitted from the worker thread
  void scheduling(const QString& text);  // schedulingDescription(), once at start; from the worker thread

 private:
  TelemetrySample continuousSample(const vsim::Simulator& sim);  // on the simulator's thread

  std::unique_ptr<vsim::SimService> service_;
  std::thread thread_;
  std::atomic<bool> stop_{false}, finished_{false}, realtime_scheduled_{false};
  std::atomic<std::uint32_t> runs_started_{0};
  std::atomic<std::int64_t> run_start_us_{0};
  // The simulator thread's own: the simulation's time at which the current run began, and the
  // run's time of the last period [ns] (a run's time starts again at a reset).
  std::int64_t run_start_ns_ = 0, last_run_ns_ = -1;
  QString scheduling_;  // under status_mutex_
  SpscRing<TelemetrySample> samples_;
  mutable std::mutex status_mutex_;
  vsim::ServiceStatus status_;
};

}  // namespace navigator
