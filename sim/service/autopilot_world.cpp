#include "sim/service/autopilot_world.h"

#include "sim/service/ardupilot_backend.h"
#include "sim/service/monotonic_clock.h"
#include "sim/service/px4_backend.h"
#include "sim/world/magnetic_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace vsim {
namespace {

constexpr std::int64_t kMaxPollMs = 50;  // the stop flag and the silence clock are looked at this often

std::string seconds(std::int64_t ns) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", double(ns) * 1e-9);
  return text;
}

}  // namespace

Result<WorldVehicle> autopilotVehicle(VehicleModel model, const World& world, std::uint64_t seed, double north_m,
                                      double east_m, double yaw_deg, std::int64_t utc_us) {
  auto field = homeMagneticField(model, utc_us);
  if (!field) return field.error();
  model.mag.field_NED_gauss = *field;
  WorldVehicle v;
  v.seed = seed;
  v.pose = standingAt(model, world, north_m, east_m, yaw_deg);
  v.model = std::move(model);
  return v;
}

InitialPose standingAt(const VehicleModel& model, const World& world, double north_m, double east_m, double yaw_deg) {
  InitialPose pose;
  pose.attitude_rpy_deg = Eigen::Vector3d(0, 0, yaw_deg);
  const VehicleState rest = initialState(model, world, pose);
  pose.p_W_m = Eigen::Vector3d(north_m, east_m, rest.p_W_m.z());
  return pose;
}

Result<Eigen::Vector3d> homeMagneticField(const VehicleModel& model, std::int64_t utc_us) {
  auto wmm = loadShippedMagneticModel();
  if (!wmm) return wmm.error();
  auto field = magneticFieldAt(*wmm, model.gps.home_latitude_deg, model.gps.home_longitude_deg,
                               model.baro.home_altitude_m, decimalYear(utc_us / 1'000'000));
  if (!field) return Error{"the magnetic field at home: " + field.error().message};
  return *field;
}

void AutopilotWorld::setWind(const WindSettings& wind) {
  const std::lock_guard<std::mutex> lock(asked_mutex_);
  wind_ = wind;
}

bool AutopilotWorld::setHand(int index, const std::optional<HandGrip>& grip) {
  if (index < 0 || index >= vehicleCount()) return false;
  const std::lock_guard<std::mutex> lock(asked_mutex_);
  hands_.push_back({index, grip});
  return true;
}

void AutopilotWorld::applyAsked() {
  if (!asked_mutex_.try_lock()) return;  // never waits on the caller: applied at the next step
  if (wind_)
    for (Entry& e : vehicles_) e.sim->setWind(*wind_);
  wind_.reset();
  for (const HandChange& h : hands_) {
    Simulator& sim = *vehicles_[std::size_t(h.vehicle)].sim;
    if (h.grip)
      sim.hold(*h.grip);
    else
      sim.release();
  }
  hands_.clear();
  asked_mutex_.unlock();
}

Result<std::unique_ptr<AutopilotWorld>> AutopilotWorld::create(std::vector<WorldVehicle> vehicles,
                                                               const SimulatorConfig& config,
                                                               const AutopilotWorldOptions& options) {
  if (vehicles.empty()) return Error{"the world needs at least one vehicle"};
  if (!(options.speed >= 0.0) || options.speed > 1000.0)
    return Error{"speed must be between 0 (as fast as the autopilots answer) and 1000"};
  if (options.answer_timeout_ms <= 0) return Error{"the autopilot answer timeout must be positive"};
  auto world = std::unique_ptr<AutopilotWorld>(new AutopilotWorld(options));
  for (std::size_t i = 0; i < vehicles.size(); ++i) {
    WorldVehicle& v = vehicles[i];
    const std::string which = "vehicle " + std::to_string(i + 1) + " (" + v.model.name + ")";
    auto sim = Simulator::create(std::move(v.model), config);
    if (!sim) return Error{which + ": " + sim.error().message};
    Entry entry;
    entry.sim = std::make_unique<Simulator>(std::move(sim).value());
    entry.sim->reset(v.seed, initialState(entry.sim->model(), entry.sim->config().world, v.pose));
    AutopilotOptions backend_options;
    backend_options.instance = int(i);
    backend_options.base_port = options.base_port;
    backend_options.listen_address = options.listen_address;
    backend_options.utc_start_us = options.utc_start_us;
    backend_options.mag_rate_hz = options.mag_rate_hz;
    backend_options.baro_rate_hz = options.baro_rate_hz;
    backend_options.imu_rate_hz = config.imu_rate_hz;
    backend_options.silence_timeout_ns = options.answer_timeout_ms * 1'000'000;
    if (options.autopilot == AutopilotKind::Px4) {
      auto backend = Px4Backend::create(entry.sim->model(), backend_options);
      if (!backend) return Error{which + ": " + backend.error().message};
      entry.backend = std::move(backend).value();
    } else {
      auto backend = ArduPilotBackend::create(entry.sim->model(), backend_options);
      if (!backend) return Error{which + ": " + backend.error().message};
      entry.backend = std::move(backend).value();
    }
    world->vehicles_.push_back(std::move(entry));
  }
  world->period_ns_ = world->vehicles_.front().sim->imuPeriodNs();
  return world;
}

AutopilotWorldStatus AutopilotWorld::status() const {
  AutopilotWorldStatus s;
  s.sim_time_s = double(vehicles_.front().sim->timeNs()) * 1e-9;
  s.realtime_factor = realtime_factor_;
  s.periods = periods_;
  s.paused = paused_;
  for (const Entry& e : vehicles_) s.autopilots.push_back(e.backend->status());
  return s;
}

void AutopilotWorld::tell(const Callbacks& callbacks, const std::string& event) const {
  if (callbacks.on_event) callbacks.on_event(event);
}

void AutopilotWorld::receiveAll(const Callbacks& callbacks) {
  std::vector<std::string> events;
  for (Entry& e : vehicles_) {
    e.backend->receive(events);
    if (e.reported_silent && e.backend->inLockstep() && !e.backend->holdsWorld()) {
      events.push_back(e.backend->name() + ": answers again");
      e.reported_silent = false;
    }
  }
  for (const std::string& event : events) tell(callbacks, event);
}

std::int64_t AutopilotWorld::pacePeriodNs() const {
  if (options_.speed > 0.0) return std::int64_t(double(period_ns_) / options_.speed);
  // As fast as the autopilots answer, once they all have joined; until then, real time, so an
  // autopilot still starting does not see time race ahead.
  for (const Entry& e : vehicles_)
    if (!e.backend->inLockstep()) return period_ns_;
  return 0;
}

std::int64_t AutopilotWorld::silenceNowNs() const {
  return options_.silence_clock_ns ? options_.silence_clock_ns() : monotonicNowNs();
}

void AutopilotWorld::checkSilence(std::int64_t now_ns, const Callbacks& callbacks) {
  bool waiting_on_silent = false;
  for (Entry& e : vehicles_) {
    AutopilotBackend& b = *e.backend;
    if (b.turnedSilent(now_ns)) {
      const std::string what = b.name() + ": no answer for " + seconds(now_ns - b.exchange().waitingSinceNs()) +
                               " at t = " + seconds(vehicles_.front().sim->timeNs());
      e.reported_silent = true;
      if (options_.on_silence == SilencePolicy::Continue) {
        tell(callbacks, what + "; its motors are stopped and the others go on");
        b.dropOut();
      } else {
        tell(callbacks, what + "; the world is paused until it answers");
      }
    }
    waiting_on_silent = waiting_on_silent || (b.holdsWorld() && b.exchange().silent());
  }
  paused_ = waiting_on_silent;
}

bool AutopilotWorld::awaitStep(const std::atomic<bool>& stop, const Callbacks& callbacks) {
  for (;;) {
    if (stop.load(std::memory_order_relaxed)) return false;
    receiveAll(callbacks);
    const std::int64_t now = monotonicNowNs();
    checkSilence(silenceNowNs(), callbacks);
    reportIfDue(callbacks, now);
    bool ready = true;
    for (const Entry& e : vehicles_) ready = ready && !e.backend->holdsWorld();
    const std::int64_t pace = pacePeriodNs();
    if (pace == 0) {
      deadline_ns_ = 0;
    } else if (deadline_ns_ == 0) {
      deadline_ns_ = sent_at_ns_ + pace;
    }
    if (ready && (deadline_ns_ == 0 || now >= deadline_ns_)) return true;
    std::int64_t wait_ms = kMaxPollMs;
    if (ready) wait_ms = std::min<std::int64_t>(wait_ms, (deadline_ns_ - now) / 1'000'000);
    if (ready && wait_ms <= 1) {  // under a millisecond to go: sleep to the deadline exactly
      sleepUntilNs(deadline_ns_, stop);
      continue;
    }
    poll_fds_.clear();  // kept between periods: no allocation per wait
    for (const Entry& e : vehicles_) e.backend->appendPollFds(poll_fds_);
    ::poll(poll_fds_.data(), nfds_t(poll_fds_.size()), int(std::max<std::int64_t>(wait_ms, 0)));
  }
}

void AutopilotWorld::step() {
  applyAsked();
  for (Entry& e : vehicles_) {
    e.sim->setDuties(e.backend->duties());
    e.sim->advanceImuPeriod();
  }
  ++periods_;
  const std::int64_t silence_now = silenceNowNs();
  for (Entry& e : vehicles_) e.backend->sendState(*e.sim, silence_now);
  const std::int64_t now = monotonicNowNs();
  sent_at_ns_ = now;
  // The next deadline one pace period on; when the host fell a whole period behind, the lost
  // time is dropped and the schedule restarts from now (no catch-up burst).
  const std::int64_t pace = pacePeriodNs();
  if (pace == 0 || deadline_ns_ == 0) {
    deadline_ns_ = 0;
  } else {
    deadline_ns_ += pace;
    if (now >= deadline_ns_) deadline_ns_ = now + pace;
  }
}

void AutopilotWorld::reportIfDue(const Callbacks& callbacks, std::int64_t now_ns) {
  if (now_ns - status_wall_ns_ < options_.status_interval_ms * 1'000'000) return;
  const std::int64_t sim_ns = vehicles_.front().sim->timeNs();
  realtime_factor_ = double(sim_ns - status_sim_ns_) / double(now_ns - status_wall_ns_);
  status_wall_ns_ = now_ns;
  status_sim_ns_ = sim_ns;
  if (callbacks.on_status) callbacks.on_status(status());
}

void AutopilotWorld::run(const std::atomic<bool>& stop, const Callbacks& callbacks) {
  const std::int64_t start_wall = monotonicNowNs(), start_sim = vehicles_.front().sim->timeNs();
  status_wall_ns_ = start_wall;
  status_sim_ns_ = start_sim;
  // -1 (until stopped) for a negative duration, and also for NaN or one longer than int64
  // nanoseconds hold (292 years).
  const std::int64_t duration_ns = options_.duration_s >= 0 && options_.duration_s < 9.2e9
                                       ? std::int64_t(std::llround(options_.duration_s * 1e9))
                                       : -1;
  receiveAll(callbacks);
  const std::int64_t silence_now = silenceNowNs();
  for (Entry& e : vehicles_) e.backend->sendState(*e.sim, silence_now);  // the states at the start
  sent_at_ns_ = monotonicNowNs();
  deadline_ns_ = 0;
  while (duration_ns < 0 || vehicles_.front().sim->timeNs() - start_sim < duration_ns) {
    if (!awaitStep(stop, callbacks)) break;
    step();
    if (callbacks.on_period) callbacks.on_period(*this);
  }
  const std::int64_t wall = monotonicNowNs() - start_wall;
  if (wall > 0) realtime_factor_ = double(vehicles_.front().sim->timeNs() - start_sim) / double(wall);
}

}  // namespace vsim
