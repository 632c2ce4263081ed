// AutopilotWorld: several vehicles in one world, each flown by its own autopilot (PX4 or
// ArduPilot) over its own backend instance, all in lockstep (docs/design/protocols.md).
//
// Each period: every backend has been sent its vehicle's state at t; the world waits until
// every autopilot in lockstep has answered (PX4: HIL_ACTUATOR_CONTROLS; ArduPilot: a new servo
// packet), then steps every vehicle one IMU period with its autopilot's duties, and sends the
// states at t + period. Every autopilot's clock is the world's clock, so time_drift (world time
// growth / autopilot time growth) is exactly 1. Pacing: at `speed` × real time (clock_nanosleep
// on absolute deadlines, lost time dropped, never a burst), or, with speed 0, as fast as the
// autopilots answer; while some autopilot has not yet joined, never faster than real time.
//
// Never a silent hang: an autopilot in lockstep that has not answered within the timeout is
// reported by name; then either its motors stop and the others go on without it (it rejoins
// when it answers again), or — by setting — the whole world pauses until it answers. One that
// disconnects (PX4's TCP closed) is reported at once. Runs on the thread that calls run().
#pragma once

#include "sim/service/autopilot_backend.h"
#include "sim/world/hand.h"
#include "sim/world/initial_state.h"

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace vsim {

// One vehicle of the world: its airframe, seed and where it starts.
struct WorldVehicle {
  VehicleModel model;
  std::uint64_t seed = 1;
  InitialPose pose;  // without a position: standing on the ground below the origin
};

enum class SilencePolicy { Continue, PauseAll };

struct AutopilotWorldOptions {
  AutopilotKind autopilot = AutopilotKind::Px4;
  int base_port = 0;                         // 0: the autopilot's default (PX4 4560, ArduPilot 9002)
  std::string listen_address = "127.0.0.1";  // where the ports listen: this machine only unless asked (sockets.h)
  double speed = 1.0;                        // × real time; 0: as fast as the autopilots answer
  std::int64_t answer_timeout_ms = 2000;
  SilencePolicy on_silence = SilencePolicy::Continue;
  double duration_s = -1.0;       // simulated seconds; negative: until stopped
  std::int64_t utc_start_us = 0;  // UTC at simulated time 0 (HIL_GPS)
  int mag_rate_hz = 100, baro_rate_hz = 50;
  std::int64_t status_interval_ms = 1000;
  // The clock an autopilot's silence is timed on [ns]; empty: the monotonic clock. Pacing
  // always sleeps on the monotonic clock; a test drives this one to check the timeout exactly.
  std::function<std::int64_t()> silence_clock_ns;
};

struct AutopilotWorldStatus {
  double sim_time_s = 0.0;
  double realtime_factor = 0.0;  // over the last status interval (over the whole run at the end)
  std::int64_t periods = 0;      // IMU periods stepped
  bool paused = false;           // waiting on a silent autopilot (SilencePolicy::PauseAll)
  std::vector<AutopilotStatus> autopilots;
};

// A vehicle standing on the ground (or at z = 0 without one) below (north, east), yawed.
InitialPose standingAt(const VehicleModel& model, const World& world, double north_m, double east_m, double yaw_deg);
// The World Magnetic Model's field at the model's home (gps.home_*, baro.home_altitude_m) at a
// UTC time [µs since 1970]: what an autopilot's EKF checks the magnetometer against (PX4's EKF2
// refuses to arm on a field far from it). An error names the model file or the date.
Result<Eigen::Vector3d> homeMagneticField(const VehicleModel& model, std::int64_t utc_us);

// Vehicle `model` as an autopilot flies it: the WMM field at its home on `utc_us` (as above),
// standing at (north, east) yawed by `yaw_deg`, with `seed`. vsim_d and the station build their
// vehicles through this.
Result<WorldVehicle> autopilotVehicle(VehicleModel model, const World& world, std::uint64_t seed, double north_m,
                                      double east_m, double yaw_deg, std::int64_t utc_us);

class AutopilotWorld {
 public:
  // Builds every vehicle's simulator (all with `config`) and its backend (instance i for
  // vehicle i). Errors name the vehicle and what is wrong (a rotor layout the autopilot's
  // mixer cannot fly, a port in use).
  static Result<std::unique_ptr<AutopilotWorld>> create(std::vector<WorldVehicle> vehicles,
                                                        const SimulatorConfig& config,
                                                        const AutopilotWorldOptions& options);

  struct Callbacks {
    std::function<void(const AutopilotWorldStatus&)> on_status;  // about once per status interval
    std::function<void(const std::string&)> on_event;            // connects, lockstep, silence, by name
    std::function<void(const AutopilotWorld&)> on_period;        // after every stepped period
  };
  // Runs until `stop` becomes true or the duration has been simulated.
  void run(const std::atomic<bool>& stop, const Callbacks& callbacks);

  int vehicleCount() const { return int(vehicles_.size()); }
  const Simulator& vehicle(int i) const { return *vehicles_[std::size_t(i)].sim; }
  const AutopilotBackend& backend(int i) const { return *vehicles_[std::size_t(i)].backend; }
  AutopilotWorldStatus status() const;
  // Steady wind and turbulence for every vehicle, from any thread; applied between periods
  // (the world only try-locks: it never waits on the caller).
  void setWind(const WindSettings& wind);
  // The hand (sim/world/hand.h) takes vehicle `index` with `grip`, or lets it go (none), from any
  // thread; applied between periods, in the order asked. While held the vehicle's motors are
  // stopped whatever its autopilot says, and the autopilot hears the held vehicle's sensors, as a
  // board on the bench in a person's hand. An index outside the world is refused (false).
  bool setHand(int index, const std::optional<HandGrip>& grip);

 private:
  struct Entry {
    std::unique_ptr<Simulator> sim;
    std::unique_ptr<AutopilotBackend> backend;
    bool reported_silent = false;
  };
  explicit AutopilotWorld(AutopilotWorldOptions options) : options_(std::move(options)) {}
  void receiveAll(const Callbacks& callbacks);
  // Waits (polling every backend) until every autopilot in lockstep has answered and the pace
  // allows the next step; false when stopped.
  bool awaitStep(const std::atomic<bool>& stop, const Callbacks& callbacks);
  void checkSilence(std::int64_t now_ns, const Callbacks& callbacks);
  void step();
  void reportIfDue(const Callbacks& callbacks, std::int64_t now_ns);
  std::int64_t pacePeriodNs() const;
  std::int64_t silenceNowNs() const;
  void tell(const Callbacks& callbacks, const std::string& event) const;

  AutopilotWorldOptions options_;
  std::vector<Entry> vehicles_;
  std::vector<pollfd> poll_fds_;  // awaitStep's, reused
  std::int64_t period_ns_ = 0;
  std::int64_t periods_ = 0;
  std::int64_t sent_at_ns_ = 0;   // when the current states were sent (monotonic: pacing)
  std::int64_t deadline_ns_ = 0;  // pacing: when the next step is due (0: not pacing)
  bool paused_ = false;
  std::int64_t status_wall_ns_ = 0, status_sim_ns_ = 0;
  double realtime_factor_ = 0.0;
  struct HandChange {
    int vehicle = 0;
    std::optional<HandGrip> grip;  // none: let go
  };
  void applyAsked();  // the wind and the hands asked since the last step
  std::mutex asked_mutex_;
  std::optional<WindSettings> wind_;  // under asked_mutex_: to apply before the next step
  std::vector<HandChange> hands_;     // under asked_mutex_: likewise, in the order asked
};

}  // namespace vsim
