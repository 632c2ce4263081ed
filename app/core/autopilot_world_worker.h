// AutopilotWorldWorker: the world of several vehicles flown by PX4 or ArduPilot
// (sim/service/autopilot_world.h) on its own thread inside the ground station. The selected
// vehicle's IMU periods reach the plots through a lock-free ring (as SimulationWorker's do);
// every vehicle's latest pose is kept for the 3-D view, which shows them all. The GUI never
// blocks the world: the world only try-locks the pose snapshot and skips a period when the
// GUI holds it, so a slow redraw never stalls the autopilots in lockstep.
// Thread contract: start(), stop(), drain(), setSelectedVehicle() and the getters from the GUI
// thread only; events() is emitted from the world's thread (connect queued).
#pragma once

#include "app/core/simulation_worker.h"
#include "sim/service/autopilot_world.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

namespace navigator {

// Where one vehicle of the world is (truth): NED position, attitude q_WB (w, x, y, z).
struct WorldVehiclePose {
  std::array<float, 3> p_W_m{};
  std::array<float, 4> q_WB_wxyz{1, 0, 0, 0};
};

class AutopilotWorldWorker : public QObject {
  Q_OBJECT

 public:
  explicit AutopilotWorldWorker(QObject* parent = nullptr,
                                std::size_t sample_capacity = SimulationWorker::kDefaultSampleCapacity);
  ~AutopilotWorldWorker() override;

  // Builds the world (its backends listen from now on) and starts it. The problem in words
  // (a vehicle the autopilot's mixer cannot fly, a port in use), nothing started.
  QString start(std::vector<vsim::WorldVehicle> vehicles, const vsim::SimulatorConfig& config,
                const vsim::AutopilotWorldOptions& options);
  void stop();
  bool running() const { return thread_.joinable(); }
  int vehicleCount() const { return vehicle_count_; }

  // The vehicle whose samples drain() gives (0-based, clamped to the world's; PX4 instance i is
  // MAVLink system 1 + i). From the call on, drain() gives no sample of another vehicle.
  void setSelectedVehicle(int index);
  int selectedVehicle() const { return selected_.load(); }
  std::size_t drain(std::vector<TelemetrySample>& out);  // appends; the count appended
  std::uint64_t samplesLost() const { return samples_.dropped(); }
  // Every vehicle's latest pose, in vehicle order (empty before the first period).
  std::vector<WorldVehiclePose> poses() const;
  // Wind for every vehicle, applied between periods.
  void setWind(const vsim::WindSettings& wind) {
    if (world_) world_->setWind(wind);
  }
  // The hand takes vehicle `index` (0-based) with `grip`, or lets it go (none); applied between
  // periods (AutopilotWorld::setHand). False when no world runs or it has no such vehicle.
  bool setHand(int index, const std::optional<vsim::HandGrip>& grip) { return world_ && world_->setHand(index, grip); }
  // The world's counters as of its last status (about once a second).
  vsim::AutopilotWorldStatus status() const;

 signals:
  void event(const QString& text);  // an autopilot connected, joined, went silent, ... (by name)

 private:
  std::unique_ptr<vsim::AutopilotWorld> world_;
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::atomic<int> selected_{0};
  int vehicle_count_ = 0;
  SpscRing<TelemetrySample> samples_;
  mutable std::mutex poses_mutex_, status_mutex_;
  std::vector<WorldVehiclePose> poses_;  // under poses_mutex_
  vsim::AutopilotWorldStatus status_;    // under status_mutex_
  std::int64_t next_pose_time_us_ = 0;   // world thread: the pose snapshot is refreshed at 60 Hz of sim time
};

}  // namespace navigator

Q_DECLARE_METATYPE(navigator::WorldVehiclePose)
