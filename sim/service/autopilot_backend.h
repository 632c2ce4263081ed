// An autopilot other than ours flying one simulated vehicle (docs/design/protocols.md): PX4 over its
// simulator MAVLink interface (TCP) or ArduPilot over its JSON SITL interface (UDP). The world
// (autopilot_world.h) owns one backend per vehicle and runs them all in lockstep:
//
//   sendState(vehicle at t)  →  wait while any backend holdsWorld()  →
//   setDuties(duties()) and step every vehicle one IMU period  →  sendState(t + period) …
//
// Each backend keeps one LockstepExchange (lockstep_exchange.h: the stamp rule, the wait, the
// silence timeout), fed by its protocol: the state it sends is the frame, the autopilot's
// outputs the answer. A backend is "in lockstep" from the autopilot's first answer after it
// connected until it disconnects or the world gives up on it (dropOut, after the silence
// timeout); an autopilot that is not in lockstep never holds the world, and its vehicle's
// motors are stopped. Non-blocking throughout: receive() reads what is pending and returns.
// `now_ns` is the world's clock for the exchange's silence timeout (monotonic, or a test's).
#pragma once

#include "sim/service/lockstep_exchange.h"
#include "sim/simulator.h"

#include <array>
#include <cstdint>
#include <poll.h>
#include <string>
#include <vector>

namespace vsim {

enum class AutopilotKind { Px4, ArduPilot };
const char* autopilotKindName(AutopilotKind kind);  // "PX4", "ArduPilot"

// The IMU rate (sensor frames per simulated second) the world steps an autopilot at unless told
// otherwise, each at a rate its own defaults accept: PX4 250 Hz, the rate its SITL scripts set;
// ArduPilot 1000 Hz — ArduCopter's default arming check wants gyro samples at no less than
// 1.8× its 400 Hz loop (kArduPilotMinGyroRateHz), and 1000 Hz divides the 8 kHz physics into 8
// steps. (The 1200 Hz ArduPilot announces in its servo packets is no whole number of
// nanoseconds per frame.)
int defaultImuRateHz(AutopilotKind kind);
inline constexpr int kArduPilotMinGyroRateHz = 720;  // 1.8 × SCHED_LOOP_RATE 400 Hz

struct AutopilotOptions {
  int instance = 0;                          // i: PX4 listens on TCP base+i, ArduPilot on UDP base+10·i
  int base_port = 0;                         // 0: the autopilot's default (PX4 4560, ArduPilot 9002)
  std::string listen_address = "127.0.0.1";  // the interface the port is bound to (sockets.h)
  std::int64_t utc_start_us = 0;             // UTC [µs since 1970] at simulated time 0 (HIL_GPS time_usec)
  int mag_rate_hz = 100;                     // PX4: how often HIL_SENSOR carries the magnetometer group
  int baro_rate_hz = 50;                     // ... and the barometer group
  int imu_rate_hz = 0;                       // the world's frame rate, told to the user when the autopilot connects
  std::uint8_t sysid = 1, compid = 1;        // the simulator's MAVLink identity towards PX4
  std::int64_t silence_timeout_ns = 2'000'000'000;  // an autopilot in lockstep this long without an answer is silent
};

// What one backend has done so far; the world's status line and the tests read it.
struct AutopilotStatus {
  std::string name;        // "PX4 #0 (TCP 4560)"
  bool connected = false;  // PX4: a TCP client; ArduPilot: a servo packet seen
  bool in_lockstep = false;
  bool armed = false;               // PX4: HIL_ACTUATOR_CONTROLS mode bit 128; ArduPilot: a motor above 1000 µs
  std::int64_t frames_out = 0;      // HIL_SENSOR / JSON states sent
  std::int64_t frames_dropped = 0;  // not taken by a stuck autopilot: dropped whole
  std::int64_t answers_in = 0;      // HIL_ACTUATOR_CONTROLS / new servo packets
  std::int64_t rejected_in = 0;     // bad frames, wrong magic, non-finite outputs
  std::int64_t connects = 0, drop_outs = 0;
  std::int64_t autopilot_time_us = 0;  // the autopilot's clock as this backend last set it (its lockstep time)
};

class AutopilotBackend {
 public:
  virtual ~AutopilotBackend() = default;
  AutopilotBackend(const AutopilotBackend&) = delete;
  AutopilotBackend& operator=(const AutopilotBackend&) = delete;

  // Appends the file descriptors to poll for reading (a listener, a connection, a datagram socket).
  virtual void appendPollFds(std::vector<pollfd>& fds) const = 0;
  // Reads everything pending; events worth telling the user are appended (name first).
  virtual void receive(std::vector<std::string>& events) = 0;
  // What the autopilot hears of its vehicle after the world has stepped (or at the start).
  virtual void sendState(const Simulator& sim, std::int64_t now_ns) = 0;

  // Lockstep bookkeeping, shared by every kind.
  bool inLockstep() const { return status_.in_lockstep; }
  // In lockstep and its answer to the state out has not come: the world waits for it.
  bool holdsWorld() const { return status_.in_lockstep && exchange_.waiting(); }
  // Whether the autopilot's wait passed the silence timeout at now_ns (true once per wait).
  bool turnedSilent(std::int64_t now_ns) {
    return status_.in_lockstep && exchange_.due(now_ns) == LockstepExchange::Due::Silent;
  }
  const LockstepExchange& exchange() const { return exchange_; }
  // The world gave up on this autopilot (it stayed silent past the timeout): its motors stop
  // and it no longer holds the world; it rejoins with its next answer.
  void dropOut();
  // The motor duties in the airframe's rotor order, each in [0, 1]; all zero while disarmed,
  // disconnected or dropped out.
  const std::vector<double>& duties() const { return duties_; }
  const AutopilotStatus& status() const { return status_; }
  const std::string& name() const { return status_.name; }

 protected:
  AutopilotBackend(std::string name, int rotor_count, std::int64_t silence_timeout_ns);
  // The state stamped t_us left at now_ns: the wait for its answer begins.
  void noteStateSent(std::int64_t t_us, std::int64_t now_ns);
  // An answer stamped stamp_us arrived (its outputs are in duties_). The first one after a
  // connect or a drop-out joins lockstep whatever its stamp (a restarted autopilot's clock
  // starts again) and answers the state out; after that the exchange's rule decides.
  void noteAnswer(std::int64_t stamp_us, std::vector<std::string>& events);
  void noteDisconnected();
  void stopMotors();

  AutopilotStatus status_;
  std::vector<double> duties_;
  LockstepExchange exchange_;
};

// PX4's none_iris and ArduCopter's quad X number their motors the same way (PX4 Airframe
// Reference, "Quadrotor x"; ArduPilot Copter docs, "Connect ESCs and Motors"):
// output 1 front-right ccw, 2 rear-left ccw, 3 front-left cw, 4 rear-right cw (spin seen
// from above). For autopilot output k, the index of the airframe's rotor in that place
// turning that way; an error names the airframe's rotor that does not fit (a quad X is
// required: four rotors, one per quadrant, thrust up, spins as above).
Result<std::array<int, 4>> quadXOutputMap(const VehicleModel& model);

// Readings in the body frame (FRD), as autopilots in SITL expect them: the IMU's axes
// rotated by R_BS.
Eigen::Vector3d accelBody_mps2(const VehicleModel& model, const SensorFrame& frame);
Eigen::Vector3d gyroBody_radps(const VehicleModel& model, const SensorFrame& frame);
Eigen::Vector3d magBody_gauss(const VehicleModel& model, const SensorFrame& frame);

}  // namespace vsim
