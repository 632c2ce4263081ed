// SimService: the simulator as a running world a firmware can fly (docs/design/physics-and-numerics.md,
// "Rates" and "Real-time pacing"; docs/design/protocols.md, "The SITL pipes").
// One thread, three rates: physics steps at the simulator's rate with the PWM and control
// pipes drained before every step; one HIL_SENSOR frame per IMU period on vsim_imu (and
// HIL_GPS when a new fix is reported); HIL_STATE_QUATERNION at the pose rate on vsim_pose.
// Paced in real time, in lockstep with the firmware, or as fast as possible.
//
// Lockstep contract (LockstepExchange, lockstep_exchange.h): the service sends HIL_SENSOR for
// sim time T and advances one IMU period only when an HIL_ACTUATOR_CONTROLS that answers it
// arrives (the firmware answers each sensor frame with its outputs, stamped with the frame's
// time), so the firmware's clock and the simulator's grow at exactly the same rate. While it
// waits it resends the frame for T every resend interval, so a firmware that starts (or
// restarts) late is picked up; a firmware that had answered and then stays silent past the
// silence timeout is named once through on_problem (the service keeps resending).
//
// Everything here runs on the thread that calls run(); nothing else may touch the object
// while it runs.
#pragma once

#include "firmware/mavlink/mavlink_codec.h"
#include "sim/base/result.h"
#include "sim/service/control_command.h"
#include "sim/service/fifo.h"
#include "sim/service/lockstep_exchange.h"
#include "sim/service/monotonic_clock.h"
#include "sim/simulator.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>

namespace vsim {

struct ServiceOptions {
  std::string dir = "/tmp";  // where vsim_imu, vsim_pwm, vsim_pose, vsim_ctl live
  PacingMode mode = PacingMode::Realtime;
  std::uint64_t seed = 0;
  InitialPose initial_pose;  // default: standing on the ground below the origin
  double duration_s = -1.0;  // simulated seconds; negative: until stopped
  int pose_rate_hz = 60;
  std::int64_t lockstep_resend_ms = 100;    // wall time between resends while waiting
  std::int64_t lockstep_silence_ms = 2000;  // wall time without an answer before it is named
  std::string command_folder;               // relative paths in control commands
  std::uint8_t sysid = 1, compid = 1;       // MAVLink identity of the simulator's frames
  std::int64_t output_gap_ms = 50;          // simulated time without an answer counted as a gap
};

// What the service has done so far; the status line prints it.
struct ServiceStatus {
  PacingMode mode = PacingMode::Realtime;
  bool paused = false;
  double sim_time_s = 0.0;
  double realtime_factor = 0.0;                             // sim time / wall time over the last interval
  std::int64_t overruns = 0;                                // real time: periods delivered late
  std::int64_t dropped_periods = 0;                         // real time: whole periods of lost time dropped
  std::int64_t imu_frames_out = 0, imu_frames_dropped = 0;  // dropped: no reader or a full pipe
  std::int64_t pose_frames_out = 0, gps_frames_out = 0;
  std::int64_t battery_frames_out = 0;      // BATTERY_STATUS of the airframe's flight pack (none without one)
  std::int64_t transmitter_frames_out = 0;  // RC_CHANNELS of the pilot's transmitter (vsim_ctl "transmitter")
  std::int64_t actuator_frames_in = 0;      // HIL_ACTUATOR_CONTROLS received
  std::int64_t other_frames_in = 0;         // valid MAVLink frames of other kinds on vsim_pwm
  mavlink_parser_stats_t pwm_link{};        // CRC errors, bytes dropped (garbage, torn frames)
  std::int64_t rejected_duties = 0;         // non-finite duties refused at ingest
  std::int64_t nan_resets = 0;              // non-finite states replaced by a resting pose
  std::int64_t commands_applied = 0, commands_rejected = 0;
  std::int64_t lockstep_resends = 0;
  // What the firmware flew blind, in simulated time (the world steps on the last duties while it
  // waits): answers that came more than output_gap_ms after the one before, the longest such
  // interval since the previous status report, answers stamped more than output_gap_ms before the newest frame sent
  // (the firmware answered frames that had waited in the pipe), and the time since the last answer now (negative: none
  // since the start or the last reset).
  std::int64_t output_gaps = 0, stale_outputs = 0;
  double longest_output_gap_s = 0.0, output_age_s = -1.0;
};

class SimService {
 public:
  // Builds the simulator, creates the four pipes in options.dir (and the directory) if
  // absent, and opens them. Errors name the pipe or the setting.
  static Result<std::unique_ptr<SimService>> create(VehicleModel model, SimulatorConfig config, ServiceOptions options);

  struct Callbacks {
    std::function<void(const ServiceStatus&)> on_status;  // about once per wall second
    std::function<void(const std::string&)> on_problem;   // a rejected command, for stderr
    // After every IMU period, on the service's thread: the simulator as it now is (the
    // ground station's worker copies its samples out here; keep it short).
    std::function<void(const Simulator&)> on_period;
  };
  // Runs until `stop` becomes true or the duration has been simulated.
  void run(const std::atomic<bool>& stop, const Callbacks& callbacks);

  // Queues a command as if it had come down vsim_ctl; any thread may call it. It takes effect
  // between IMU periods; the service never waits for the lock (it tries again next period).
  void post(ControlCommand command);

  ServiceStatus status() const;
  const Simulator& simulator() const { return *sim_; }

 private:
  SimService(std::unique_ptr<Simulator> sim, ServiceOptions options, FifoReader pwm, FifoReader ctl);
  void resetRun(std::uint64_t seed, const InitialPose& pose);
  void markRestarted();
  void drainPwm();
  void onPwmFrame(const mavlink_frame_t& frame);
  void drainControl(const Callbacks& callbacks);
  void apply(ControlCommand command, const Callbacks& callbacks);
  void advancePeriod(const Callbacks& callbacks);
  void emitSensorFrames();
  void emitPoseIfDue();
  void send(FifoWriter& pipe, std::uint32_t msgid, const void* message, std::int64_t* sent, std::int64_t* dropped);
  bool awaitStepToken(const std::atomic<bool>& stop, const Callbacks& callbacks);
  void reportIfDue(const Callbacks& callbacks);

  std::unique_ptr<Simulator> sim_;
  ServiceOptions options_;
  FifoWriter imu_pipe_, pose_pipe_;
  FifoReader pwm_pipe_, ctl_pipe_;
  mavlink_parser_t pwm_parser_{};
  mavlink_sender_t sender_{};
  std::string ctl_line_;
  std::vector<ControlCommand> pending_;
  std::mutex posted_mutex_;
  std::vector<ControlCommand> posted_;  // from post(), guarded by posted_mutex_

  PacingMode mode_;
  bool paused_ = false;
  bool reset_flag_ = true;     // the next HIL_SENSOR carries HIL_SENSOR_UPDATED_RESET
  bool restarted_ = true;      // nothing sent since the (re)start
  LockstepExchange exchange_;  // lockstep: the frame out and its answer
  bool pacer_running_ = false;
  std::uint64_t seed_ = 0;
  std::int64_t pose_index_ = 0;  // poses emitted since the reset
  std::int64_t last_gps_time_us_ = -1;
  std::int64_t last_battery_time_us_ = -1;
  std::optional<TransmitterCommand> transmitter_;  // the pilot's transmitter, once a command set it
  std::int64_t last_transmitter_time_us_ = -1;
  std::int64_t last_answer_sim_ns_ = -1;  // when the last answer arrived, in sim time; -1: none since (re)start
  mavlink_hil_sensor_t last_sensor_{};
  std::int64_t sim_time_offset_ns_ = 0;  // sim time before the last reset (for duration)
  ServiceStatus status_;
  std::int64_t status_wall_ns_ = 0, status_sim_ns_ = 0;
};

}  // namespace vsim
