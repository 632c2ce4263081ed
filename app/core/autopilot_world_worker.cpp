#include "app/core/autopilot_world_worker.h"

#include <algorithm>
#include <csignal>

namespace navigator {
namespace {

constexpr std::int64_t kPosePeriodUs = 1'000'000 / 60;  // the 3-D view redraws at most at 60 Hz

}  // namespace

AutopilotWorldWorker::AutopilotWorldWorker(QObject* parent, std::size_t sample_capacity)
    : QObject(parent), samples_(sample_capacity) {}

AutopilotWorldWorker::~AutopilotWorldWorker() { stop(); }

QString AutopilotWorldWorker::start(std::vector<vsim::WorldVehicle> vehicles, const vsim::SimulatorConfig& config,
                                    const vsim::AutopilotWorldOptions& options) {
  if (running()) return tr("The simulation is already running.");
  std::signal(SIGPIPE, SIG_IGN);  // a vanished autopilot must give EPIPE, not end the station
  auto created = vsim::AutopilotWorld::create(std::move(vehicles), config, options);
  if (!created) return QString::fromStdString(created.error().message);
  world_ = std::move(created).value();
  vehicle_count_ = world_->vehicleCount();
  selected_.store(0);
  next_pose_time_us_ = 0;
  {
    const std::lock_guard<std::mutex> lock(poses_mutex_);
    poses_.clear();
  }
  {
    const std::lock_guard<std::mutex> lock(status_mutex_);
    status_ = world_->status();
  }
  stop_.store(false);
  thread_ = std::thread([this] {
    vsim::AutopilotWorld::Callbacks callbacks;
    callbacks.on_event = [this](const std::string& text) { emit event(QString::fromStdString(text)); };
    callbacks.on_status = [this](const vsim::AutopilotWorldStatus& s) {
      const std::lock_guard<std::mutex> lock(status_mutex_);
      status_ = s;
    };
    callbacks.on_period = [this](const vsim::AutopilotWorld& world) {
      const int selected = selected_.load(std::memory_order_relaxed);
      TelemetrySample sample = telemetrySampleOf(world.vehicle(selected));
      sample.world_vehicle = selected;
      samples_.push(sample);
      const std::int64_t t_us = world.vehicle(0).timeNs() / 1000;
      if (t_us < next_pose_time_us_ || !poses_mutex_.try_lock()) return;  // the GUI reading: next period
      poses_.resize(std::size_t(world.vehicleCount()));
      for (int i = 0; i < world.vehicleCount(); ++i) {
        const vsim::VehicleState& s = world.vehicle(i).state();
        poses_[std::size_t(i)].p_W_m = {float(s.p_W_m.x()), float(s.p_W_m.y()), float(s.p_W_m.z())};
        poses_[std::size_t(i)].q_WB_wxyz = {float(s.q_WB.w()), float(s.q_WB.x()), float(s.q_WB.y()), float(s.q_WB.z())};
      }
      poses_mutex_.unlock();
      next_pose_time_us_ = t_us + kPosePeriodUs;
    };
    world_->run(stop_, callbacks);
    const std::lock_guard<std::mutex> lock(status_mutex_);
    status_ = world_->status();
  });
  return {};
}

void AutopilotWorldWorker::stop() {
  if (!thread_.joinable()) return;
  stop_.store(true);
  thread_.join();
  world_.reset();  // closes the backends' sockets: the autopilots see the simulator gone
}

void AutopilotWorldWorker::setSelectedVehicle(int index) {
  selected_.store(std::clamp(index, 0, std::max(vehicle_count_ - 1, 0)));
}

std::size_t AutopilotWorldWorker::drain(std::vector<TelemetrySample>& out) {
  const std::size_t from = out.size();
  samples_.popAll(out);
  // Samples of the vehicle chosen before, made before the choice reached the world's thread:
  // not the one on show.
  const int selected = selected_.load();
  out.erase(std::remove_if(out.begin() + std::ptrdiff_t(from), out.end(),
                           [selected](const TelemetrySample& s) { return s.world_vehicle != selected; }),
            out.end());
  return out.size() - from;
}

std::vector<WorldVehiclePose> AutopilotWorldWorker::poses() const {
  const std::lock_guard<std::mutex> lock(poses_mutex_);
  return poses_;
}

vsim::AutopilotWorldStatus AutopilotWorldWorker::status() const {
  const std::lock_guard<std::mutex> lock(status_mutex_);
  return status_;
}

}  // namespace navigator
