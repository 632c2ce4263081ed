#include "sim/service/sim_service.h"

#include "sim/service/hil_frames.h"
#include "sim/service/realtime_pacer.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <poll.h>

namespace vsim {
namespace {

constexpr std::size_t kMaxControlLine = 1 << 20;  // a geometry command with a large document fits

}  // namespace

std::int64_t monotonicNowNs() {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return std::int64_t(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

void sleepUntilNs(std::int64_t deadline_ns, const std::atomic<bool>& stop) {
  const timespec ts{time_t(deadline_ns / 1'000'000'000), long(deadline_ns % 1'000'000'000)};
  while (::clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nullptr) == EINTR)
    if (stop.load(std::memory_order_relaxed)) return;
}

Result<std::unique_ptr<SimService>> SimService::create(VehicleModel model, SimulatorConfig config,
                                                       ServiceOptions options) {
  if (options.pose_rate_hz <= 0 || options.pose_rate_hz > config.imu_rate_hz)
    return Error{"pose rate must be between 1 Hz and the IMU rate, got " + std::to_string(options.pose_rate_hz) +
                 " Hz"};
  auto sim = Simulator::create(std::move(model), std::move(config));
  if (!sim) return sim.error();
  for (const char* name : {"vsim_imu", "vsim_pwm", "vsim_pose", "vsim_ctl"}) {
    auto made = ensureFifo(options.dir + "/" + name);
    if (!made) return made.error();
  }
  auto pwm = FifoReader::open(options.dir + "/vsim_pwm");
  if (!pwm) return pwm.error();
  auto ctl = FifoReader::open(options.dir + "/vsim_ctl");
  if (!ctl) return ctl.error();
  auto service =
      std::unique_ptr<SimService>(new SimService(std::make_unique<Simulator>(std::move(sim).value()),
                                                 std::move(options), std::move(pwm).value(), std::move(ctl).value()));
  service->resetRun(service->options_.seed, service->options_.initial_pose);
  return service;
}

SimService::SimService(std::unique_ptr<Simulator> sim, ServiceOptions options, FifoReader pwm, FifoReader ctl)
    : sim_(std::move(sim)),
      options_(std::move(options)),
      imu_pipe_(options_.dir + "/vsim_imu"),
      pose_pipe_(options_.dir + "/vsim_pose"),
      pwm_pipe_(std::move(pwm)),
      ctl_pipe_(std::move(ctl)),
      mode_(options_.mode),
      exchange_(LockstepExchange::Options{options_.lockstep_resend_ms * 1'000'000,
                                          options_.lockstep_silence_ms * 1'000'000}) {
  mavlink_parser_init(&pwm_parser_);
  sender_ = {options_.sysid, options_.compid, 0};
}

void SimService::resetRun(std::uint64_t seed, const InitialPose& pose) {
  sim_time_offset_ns_ += sim_->timeNs();
  seed_ = seed;
  sim_->reset(seed, initialState(sim_->model(), sim_->config().world, pose));
  markRestarted();
}

void SimService::markRestarted() {
  reset_flag_ = true;
  restarted_ = true;
  exchange_.restart();
  pose_index_ = 0;
  last_gps_time_us_ = -1;
  last_battery_time_us_ = -1;
  last_transmitter_time_us_ = -1;
  last_answer_sim_ns_ = -1;
}

ServiceStatus SimService::status() const {
  ServiceStatus s = status_;
  s.mode = mode_;
  s.paused = paused_;
  s.sim_time_s = double(sim_time_offset_ns_ + sim_->timeNs()) * 1e-9;
  s.pwm_link = pwm_parser_.stats;
  s.rejected_duties = sim_->counters().rejected_duties;
  s.nan_resets = sim_->counters().sanitiser_resets;
  s.output_age_s = last_answer_sim_ns_ < 0 ? -1.0 : double(sim_->timeNs() - last_answer_sim_ns_) * 1e-9;
  return s;
}

void SimService::send(FifoWriter& pipe, std::uint32_t msgid, const void* message, std::int64_t* sent,
                      std::int64_t* dropped) {
  std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
  const std::size_t n = mavlink_pack(&sender_, msgid, message, frame);
  if (pipe.write(frame, n) == FifoWriter::Outcome::Written) {
    ++*sent;
  } else if (dropped) {
    ++*dropped;
  }
}

void SimService::emitSensorFrames() {
  const SensorFrame& f = sim_->frame();
  // The flight pack before the frame, so that the firmware's step on it reads the pack too.
  if (sim_->model().battery.present() &&
      (last_battery_time_us_ < 0 || f.time_us - last_battery_time_us_ >= kBatteryStatusPeriod_us)) {
    last_battery_time_us_ = f.time_us;
    const mavlink_battery_status_t pack = batteryStatus(f.battery);
    send(imu_pipe_, MAVLINK_MSG_ID_BATTERY_STATUS, &pack, &status_.battery_frames_out, nullptr);
  }
  // The pilot's transmitter, at its frame rate, for the firmware's receiver model.
  if (transmitter_ &&
      (last_transmitter_time_us_ < 0 || f.time_us - last_transmitter_time_us_ >= kTransmitterPeriod_us)) {
    last_transmitter_time_us_ = f.time_us;
    const mavlink_rc_channels_t rc = transmitterChannels(*transmitter_, f.time_us);
    send(imu_pipe_, MAVLINK_MSG_ID_RC_CHANNELS, &rc, &status_.transmitter_frames_out, nullptr);
  }
  last_sensor_ = hilSensor(f, reset_flag_);
  reset_flag_ = false;
  send(imu_pipe_, MAVLINK_MSG_ID_HIL_SENSOR, &last_sensor_, &status_.imu_frames_out, &status_.imu_frames_dropped);
  restarted_ = false;
  exchange_.frameSent(f.time_us, monotonicNowNs());
  if (f.gps.time_us >= 0 && f.gps.time_us != last_gps_time_us_) {
    last_gps_time_us_ = f.gps.time_us;
    const mavlink_hil_gps_t gps = hilGps(sim_->model(), f);
    send(imu_pipe_, MAVLINK_MSG_ID_HIL_GPS, &gps, &status_.gps_frames_out, nullptr);
  }
}

void SimService::emitPoseIfDue() {
  // Pose k is due at k / pose_rate seconds of sim time (integer arithmetic: no drift).
  const std::int64_t time_us = sim_->timeNs() / 1000;
  if (time_us * options_.pose_rate_hz < pose_index_ * 1'000'000) return;
  ++pose_index_;
  const mavlink_hil_state_quaternion_t pose = hilStateQuaternion(*sim_);
  send(pose_pipe_, MAVLINK_MSG_ID_HIL_STATE_QUATERNION, &pose, &status_.pose_frames_out, nullptr);
}

void SimService::drainPwm() {
  std::uint8_t buffer[4096];
  for (;;) {
    const std::size_t n = pwm_pipe_.read(buffer, sizeof buffer);
    if (n == 0) return;
    mavlink_parse_all(
        &pwm_parser_, buffer, n,
        [](void* self, const mavlink_frame_t* f) { static_cast<SimService*>(self)->onPwmFrame(*f); }, this);
  }
}

void SimService::onPwmFrame(const mavlink_frame_t& frame) {
  mavlink_hil_actuator_controls_t controls;
  if (!mavlink_hil_actuator_controls_decode(&frame, &controls)) {
    ++status_.other_frames_in;
    return;
  }
  ++status_.actuator_frames_in;
  // Flown blind: the world's time since the last answer, and how old this one's frame is.
  const std::int64_t now_ns = sim_->timeNs(), gap_ns = options_.output_gap_ms * 1'000'000;
  if (last_answer_sim_ns_ >= 0 && now_ns - last_answer_sim_ns_ > gap_ns) {
    ++status_.output_gaps;
    status_.longest_output_gap_s = std::max(status_.longest_output_gap_s, double(now_ns - last_answer_sim_ns_) * 1e-9);
  }
  if (std::int64_t(last_sensor_.time_usec) - std::int64_t(controls.time_usec) > gap_ns / 1000) ++status_.stale_outputs;
  last_answer_sim_ns_ = now_ns;
  // Non-finite duties are refused and counted inside setDuties (clamping cannot remove a NaN).
  sim_->setDuties(dutiesFromActuatorControls(controls, sim_->model().rotor_count));
  exchange_.answerArrived(std::int64_t(controls.time_usec));
}

void SimService::post(ControlCommand command) {
  const std::lock_guard<std::mutex> lock(posted_mutex_);
  posted_.push_back(std::move(command));
}

void SimService::drainControl(const Callbacks& callbacks) {
  if (posted_mutex_.try_lock()) {  // never wait on the poster
    for (ControlCommand& c : posted_) pending_.push_back(std::move(c));
    posted_.clear();
    posted_mutex_.unlock();
  }
  char buffer[4096];
  for (;;) {
    const std::size_t n = ctl_pipe_.read(reinterpret_cast<std::uint8_t*>(buffer), sizeof buffer);
    if (n == 0) return;
    for (std::size_t i = 0; i < n; ++i) {
      if (buffer[i] != '\n') {
        if (ctl_line_.size() < kMaxControlLine) ctl_line_.push_back(buffer[i]);
        continue;
      }
      std::string line;
      line.swap(ctl_line_);
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      if (line.size() >= kMaxControlLine) {
        ++status_.commands_rejected;
        if (callbacks.on_problem) callbacks.on_problem("vsim_ctl: a line longer than 1 MiB was ignored");
        continue;
      }
      auto command = parseControlCommand(line, options_.command_folder);
      if (!command) {
        ++status_.commands_rejected;
        if (callbacks.on_problem) callbacks.on_problem("vsim_ctl: ignored: " + command.error().message);
        continue;
      }
      pending_.push_back(std::move(command).value());
    }
  }
}

void SimService::apply(ControlCommand command, const Callbacks& callbacks) {
  ++status_.commands_applied;
  if (auto* reset = std::get_if<ResetCommand>(&command)) {
    resetRun(reset->seed, reset->pose);
  } else if (auto* geometry = std::get_if<GeometryCommand>(&command)) {
    auto replacement = Simulator::create(std::move(geometry->model), sim_->config());
    if (!replacement) {
      --status_.commands_applied;
      ++status_.commands_rejected;
      if (callbacks.on_problem) callbacks.on_problem("vsim_ctl: geometry ignored: " + replacement.error().message);
      return;
    }
    // The new vehicle carries on from where the old one was, motors stopped.
    VehicleState start = restingState(replacement->model(), sim_->state().p_W_m);
    start.v_W_mps = sim_->state().v_W_mps;
    start.q_WB = sim_->state().q_WB;
    start.omega_B_radps = sim_->state().omega_B_radps;
    sim_time_offset_ns_ += sim_->timeNs();
    sim_ = std::make_unique<Simulator>(std::move(replacement).value());
    sim_->reset(seed_, start);
    markRestarted();
  } else if (auto* world = std::get_if<WorldCommand>(&command)) {
    WindSettings wind = sim_->config().wind;
    if (world->wind_NED_mps) wind.steady_NED_mps = *world->wind_NED_mps;
    if (world->turbulence_sigma_mps) wind.turbulence_sigma_mps = *world->turbulence_sigma_mps;
    sim_->setWind(wind);
    if (world->world) sim_->setWorld(std::move(*world->world));
  } else if (auto* hold = std::get_if<HoldCommand>(&command)) {
    sim_->hold(hold->grip);
  } else if (std::holds_alternative<ReleaseCommand>(command)) {
    sim_->release();
  } else if (auto* transmitter = std::get_if<TransmitterCommand>(&command)) {
    transmitter_ = *transmitter;
    last_transmitter_time_us_ = -1;  // said at the next frame
  } else if (auto* pause = std::get_if<PauseCommand>(&command)) {
    paused_ = pause->paused;
    pacer_running_ = false;
  } else if (auto* mode = std::get_if<ModeCommand>(&command)) {
    mode_ = mode->mode;
    pacer_running_ = false;
  }
}

void SimService::advancePeriod(const Callbacks& callbacks) {
  // Both pipes are drained before every physics step: duties take effect at once,
  // commands are queued and applied between IMU periods.
  // One poll() tells which pipe has bytes, so an idle step costs one system call, not two.
  sim_->advanceImuPeriod([&] {
    pollfd fds[2] = {{pwm_pipe_.fd(), POLLIN, 0}, {ctl_pipe_.fd(), POLLIN, 0}};
    if (::poll(fds, 2, 0) <= 0) return;
    if (fds[0].revents & POLLIN) drainPwm();
    if (fds[1].revents & POLLIN) drainControl(callbacks);
  });
}

bool SimService::awaitStepToken(const std::atomic<bool>& stop, const Callbacks& callbacks) {
  while (!exchange_.answered()) {
    if (stop.load(std::memory_order_relaxed)) return false;
    pollfd fds[2] = {{pwm_pipe_.fd(), POLLIN, 0}, {ctl_pipe_.fd(), POLLIN, 0}};
    ::poll(fds, 2, 20);
    drainPwm();
    drainControl(callbacks);
    if (!pending_.empty()) return false;  // commands first; the caller applies them
    reportIfDue(callbacks);
    const std::int64_t now = monotonicNowNs();
    switch (exchange_.due(now)) {
      case LockstepExchange::Due::Silent:
        // Named only for a firmware that had answered: one not yet started is simply awaited.
        if (exchange_.counters().answers > 0 && callbacks.on_problem) {
          char text[160];
          std::snprintf(text, sizeof text,
                        "lockstep: the firmware has not answered the frame for t = %.3f s in %.1f s (resending)",
                        double(exchange_.frameTimeUs()) * 1e-6, double(now - exchange_.waitingSinceNs()) * 1e-9);
          callbacks.on_problem(text);
        }
        break;
      case LockstepExchange::Due::Resend:
        ++status_.lockstep_resends;
        send(imu_pipe_, MAVLINK_MSG_ID_HIL_SENSOR, &last_sensor_, &status_.imu_frames_out, &status_.imu_frames_dropped);
        exchange_.frameResent(now);
        break;
      case LockstepExchange::Due::Nothing:
        break;
    }
  }
  exchange_.consume();
  return true;
}

void SimService::reportIfDue(const Callbacks& callbacks) {
  const std::int64_t now = monotonicNowNs();
  if (now - status_wall_ns_ < 1'000'000'000) return;
  const std::int64_t sim_ns = sim_time_offset_ns_ + sim_->timeNs();
  status_.realtime_factor = status_wall_ns_ > 0 ? double(sim_ns - status_sim_ns_) / double(now - status_wall_ns_) : 0.0;
  status_wall_ns_ = now;
  status_sim_ns_ = sim_ns;
  if (callbacks.on_status) callbacks.on_status(status());
  status_.longest_output_gap_s = 0.0;  // the longest of each report's own interval
}

void SimService::run(const std::atomic<bool>& stop, const Callbacks& callbacks) {
  RealtimePacer pacer(sim_->imuPeriodNs());
  status_wall_ns_ = monotonicNowNs();
  status_sim_ns_ = sim_time_offset_ns_ + sim_->timeNs();
  const std::int64_t run_start_wall_ns = status_wall_ns_, run_start_sim_ns = status_sim_ns_;
  // -1 (until stopped) for a negative duration, and also for NaN or one longer than int64
  // nanoseconds hold (292 years).
  const std::int64_t duration_ns = options_.duration_s >= 0 && options_.duration_s < 9.2e9
                                       ? std::int64_t(std::llround(options_.duration_s * 1e9))
                                       : -1;
  emitSensorFrames();
  emitPoseIfDue();
  while (!stop.load(std::memory_order_relaxed)) {
    if (duration_ns >= 0 && sim_time_offset_ns_ + sim_->timeNs() >= duration_ns) break;
    drainPwm();
    drainControl(callbacks);
    if (!pending_.empty()) {
      for (ControlCommand& c : pending_) apply(std::move(c), callbacks);
      pending_.clear();
      if (restarted_) {  // a reset: the firmware hears the new time at once
        emitSensorFrames();
        emitPoseIfDue();
      }
    }
    reportIfDue(callbacks);
    if (paused_) {
      pollfd fds[2] = {{pwm_pipe_.fd(), POLLIN, 0}, {ctl_pipe_.fd(), POLLIN, 0}};
      ::poll(fds, 2, 20);
      continue;
    }
    switch (mode_) {
      case PacingMode::Realtime:
        if (!pacer_running_) {
          pacer.start(monotonicNowNs());
          pacer_running_ = true;
        }
        advancePeriod(callbacks);  // compute the frame first, so it leaves right at its deadline
        sleepUntilNs(pacer.deadline(), stop);
        emitSensorFrames();
        emitPoseIfDue();
        pacer.advance(monotonicNowNs());
        if (callbacks.on_period) callbacks.on_period(*sim_);
        status_.overruns = pacer.overruns();
        status_.dropped_periods = pacer.droppedPeriods();
        break;
      case PacingMode::Lockstep:
        if (!awaitStepToken(stop, callbacks)) break;
        advancePeriod(callbacks);
        emitSensorFrames();
        emitPoseIfDue();
        if (callbacks.on_period) callbacks.on_period(*sim_);
        break;
      case PacingMode::Fast:
        advancePeriod(callbacks);
        emitSensorFrames();
        emitPoseIfDue();
        if (callbacks.on_period) callbacks.on_period(*sim_);
        break;
    }
  }
  // The final word: the real-time factor over the whole run.
  const std::int64_t wall_ns = monotonicNowNs() - run_start_wall_ns;
  if (wall_ns > 0)
    status_.realtime_factor = double(sim_time_offset_ns_ + sim_->timeNs() - run_start_sim_ns) / double(wall_ns);
}

}  // namespace vsim
