// HilBridge: hardware in the loop from the ground station — the Qt adapter around
// vsim::HilLockstep (sim/service/hil_lockstep.h), which owns the simulator and the one
// lockstep exchange every simulator side uses (sim/service/lockstep_exchange.h). It flies a
// flight controller over one MavlinkConnection (a serial board, or the board image on QEMU over
// a pty): HIL_SENSOR for the current simulated time goes out; the world waits for the
// HIL_ACTUATOR_CONTROLS that answers it (stamped with that time_usec; any other frame in
// between is left to the connection's other listeners), applies its duties and only then
// advances, by imuPeriodsPerExchange() IMU periods with the duties held (zero-order hold); then
// the next HIL_SENSOR leaves. A slow link therefore slows the world; it never corrupts it. A
// missing answer is re-sent after resendTimeoutMs() (200 ms) with the same time_usec and counted
// (resends()); an answer stamped before the frame out (a late duplicate) is ignored and counted.
// The resend is timed on the monotonic clock (HilLockstep's exchange is tested on a driven one).
//
// Exchange rate — the choice. serialHilBandwidth(baud) (app/link/serial_hil_bandwidth.h) gives
// the HIL_SENSOR rate the link can carry with 20 % of each direction kept for telemetry
// (115200 baud → 99/s). The bridge sends one HIL_SENSOR every
//     imu_periods_per_exchange = ceil(imu_rate_hz / max_sensor_rate_hz)
// IMU periods (1 ms each with the default 1 kHz IMU), i.e. the period is ROUNDED UP to a whole
// number of IMU periods: the world can then run at real time with no more exchanges per second
// than the link allows (115200 → 11 ms → 91/s ≤ 99/s), and faster links give shorter periods
// (460800 → 3 ms). Rounding down instead would ask for
// more than the link carries and the world would fall behind real time at once. The firmware
// takes the period as its dt (fc_step clamps dt to [0.1 ms, 20 ms], firmware/core/flight.c), so
// the period is capped at 20 ms: a link too slow for 50 exchanges per second (57600 baud → 49/s
// → 21 ms) gets 20 ms and the world then runs a little slower than real time (lockstep makes
// that safe; rateDescription() says so). 921600 baud → 2 ms.
// A pseudo-terminal has no baud rate of its own; the bridge takes the rate it was given.
// The simulator's GPS fix (10 Hz) goes out as HIL_GPS before the HIL_SENSOR after it: 51 bytes
// a fix, within the 16 bytes a HIL_SENSOR leaves of the 93-byte answer's share (tested).
//
// Pilot input in simulated time: sensorDue(time_us) is emitted just before every HIL_SENSOR
// leaves (also before resends, with the same time). The firmware's failsafe timeout
// (FS_TIMEOUT_S, 0.5 s) runs on SENSOR time, not wall time, so a ground station that sends
// MANUAL_CONTROL on a wall-clock timer while the world runs at another pace (faster than real
// time over a fast pty, or stalled by a resend) would starve or flood it; connect to sensorDue
// and send MANUAL_CONTROL whenever 20 ms of simulated time have passed since the last one.
//
// Thread contract: lives on its MavlinkConnection's thread (it reacts to frameReceived and
// sends through it) — for a board, the serial link's thread, never the GUI's (HilSession
// moves it there). Call start(), stop(), trueState(), simulator() and lastActuatorControls()
// on that thread, or start and stop through QMetaObject::invokeMethod. The counters,
// simTimeUs(), the rate getters and drainSamples() (one consumer) may be called from any
// thread. Its signals carry plain values.
#pragma once

#include "app/core/simulation_worker.h"
#include "app/core/spsc_ring.h"
#include "app/link/mavlink_connection.h"
#include "app/link/serial_hil_bandwidth.h"
#include "sim/service/hil_frames.h"
#include "sim/service/hil_lockstep.h"
#include "sim/simulator.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>

namespace navigator {

class HilBridge : public QObject {
  Q_OBJECT

 public:
  static constexpr int kDefaultResendTimeoutMs = 200;
  static constexpr int kMaxExchangePeriodMs = 20;  // the firmware's dt clamp (flight.c)

  // The exchange period for `baud` at `imu_rate_hz` (rule above): IMU periods per HIL_SENSOR,
  // in [1, 20 ms worth]; 0 when the link cannot carry HIL at all (baud ≤ 0).
  static int imuPeriodsPerExchange(std::int64_t baud, int imu_rate_hz = 1000, bool signed_frames = false);

  HilBridge(MavlinkConnection* connection, vsim::VehicleModel model, vsim::SimulatorConfig config, std::int64_t baud,
            QObject* parent = nullptr);

  // The rate chosen and why, for the UI: "115200 baud → 99 HIL_SENSOR/s (77 B each, 8N1) → one
  // every 11 ms of sim time".
  QString rateDescription() const;
  const SerialHilBandwidth& bandwidth() const { return bandwidth_; }
  int imuPeriodsPerExchange() const { return imu_periods_per_exchange_; }
  std::int64_t exchangePeriodUs() const;

  // The clock the resend is timed on [ns]; the monotonic clock unless a test drives one.
  // Set before start().
  void setClock(std::function<std::int64_t()> now_ns) { clock_ns_ = std::move(now_ns); }
  // Takes effect at the next start().
  void setResendTimeoutMs(int ms) { resend_timeout_ms_ = ms; }
  int resendTimeoutMs() const { return resend_timeout_ms_; }

  bool running() const { return running_; }
  std::uint64_t exchanges() const { return exchanges_; }     // answers applied, world advanced
  std::uint64_t resends() const { return resends_; }         // HIL_SENSOR sent again for want of an answer
  std::uint64_t ignoredAnswers() const { return ignored_; }  // HIL_ACTUATOR_CONTROLS stamped before the frame out
  std::int64_t simTimeUs() const { return sim_time_us_; }    // the simulated time now (0 before start)
  // The world after each exchange, for plots and the view (one consumer, any thread).
  std::size_t drainSamples(std::vector<TelemetrySample>& out) { return samples_.popAll(out); }
  std::uint64_t samplesLost() const { return samples_.dropped(); }
  // The latest true state and sensor frame (for a view or a test); only after start().
  const vsim::VehicleState* trueState() const;
  const vsim::Simulator* simulator() const { return hil_ ? &hil_->simulator() : nullptr; }
  // The last HIL_ACTUATOR_CONTROLS applied (mode carries the firmware's armed bit, 128).
  const std::optional<mavlink_hil_actuator_controls_t>& lastActuatorControls() const { return last_answer_; }

 public slots:
  // Builds the simulator at its initial state (seed 1, on the ground) and sends the first
  // HIL_SENSOR (with the reset flag). Returns the problem in words, or an empty string.
  QString start();
  // Stops exchanging (the world keeps its state; start() again begins a fresh world).
  void stop();
  // Sends the frame out again when the exchange says a resend is due on the clock now (the
  // resend timer calls it; a test on a driven clock may too). Nothing when stopped.
  void resendIfDue();

 signals:
  void sensorDue(qint64 time_us);  // just before a HIL_SENSOR for time_us leaves
  void stepped(qint64 time_us);    // the world advanced to time_us after an answer
  void problem(const QString& text);

 private:
  void onFrame(const mavlink_frame_t& frame);
  void sendSensor();
  void armResendTimer();
  std::int64_t nowNs() const;

  MavlinkConnection* connection_;
  vsim::VehicleModel model_;
  vsim::SimulatorConfig config_;
  std::int64_t baud_;
  SerialHilBandwidth bandwidth_;
  int imu_periods_per_exchange_ = 0;
  int resend_timeout_ms_ = kDefaultResendTimeoutMs;
  std::function<std::int64_t()> clock_ns_;  // empty: the monotonic clock
  std::optional<vsim::HilLockstep> hil_;
  std::atomic<bool> running_{false};
  std::optional<mavlink_hil_actuator_controls_t> last_answer_;
  std::atomic<std::uint64_t> exchanges_{0}, resends_{0}, ignored_{0};
  std::atomic<std::int64_t> sim_time_us_{0};
  SpscRing<TelemetrySample> samples_{1 << 14};  // 16,384 exchanges: minutes of HIL between drains
  QTimer resend_timer_{this};  // wakes the bridge when a resend is due; a child, so it moves with the bridge
};

}  // namespace navigator
