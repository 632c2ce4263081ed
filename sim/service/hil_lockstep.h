// HilLockstep: the simulator's side of hardware in the loop over one link to a flight
// controller (the station's serial HIL; HilBridge in app/core is its thin Qt adapter). It owns
// the Simulator and one LockstepExchange (lockstep_exchange.h: the stamp rule, the resend, the
// silence): HIL_SENSOR for the current simulated time goes out (frameOut, then sent); the
// answer — the HIL_ACTUATOR_CONTROLS that answers it by the exchange's rule — gives its duties,
// and the world advances by `imu_periods_per_exchange` IMU periods with them held (zero-order
// hold) before the next frame is ready. A GPS fix the simulator reported since the last frame
// goes out as HIL_GPS just before it (gpsOut), once: the firmware's estimator aids its attitude
// with the velocity. A late answer (stamped before the frame out) is
// counted and never stepped on. Single-threaded: one thread owns it; time is the caller's
// nanosecond clock.
#pragma once

#include "firmware/mavlink/mavlink_codec.h"
#include "sim/base/result.h"
#include "sim/service/lockstep_exchange.h"
#include "sim/simulator.h"

#include <cstdint>

namespace vsim {

class HilLockstep {
 public:
  // An error names the simulator setting that is wrong, or a period count below 1.
  static Result<HilLockstep> create(VehicleModel model, SimulatorConfig config, int imu_periods_per_exchange,
                                    LockstepExchange::Options exchange);

  // Restarts the world at its initial state (on the ground below the origin) with `seed`; the
  // next frameOut carries the reset flag.
  void start(std::uint64_t seed);
  // The HIL_SENSOR for the simulated time now (also for a resend: the world has not moved).
  const mavlink_hil_sensor_t& frameOut() const { return frame_; }
  // A fix reported since the last frame sent, to go out (as HIL_GPS) before frameOut; null when
  // none. Not sent again with a resend: sent() clears it.
  const mavlink_hil_gps_t* gpsOut() const { return gps_due_ ? &gps_ : nullptr; }
  // frameOut() (and gpsOut(), when there was one) left at now_ns (the first time, or again
  // after Due::Resend).
  void sent(std::int64_t now_ns);
  void resent(std::int64_t now_ns) { exchange_.frameResent(now_ns); }
  LockstepExchange::Due due(std::int64_t now_ns) { return exchange_.due(now_ns); }

  struct Answer {
    LockstepExchange::Answer kind = LockstepExchange::Answer::Unasked;
    int refused_duties = 0;  // non-finite duties refused (those motors got 0), when it stepped
  };
  // An HIL_ACTUATOR_CONTROLS came in: when it answers the frame out, the world steps on it
  // and frameOut() is the next frame.
  Answer answer(const mavlink_hil_actuator_controls_t& controls);

  const Simulator& simulator() const { return sim_; }
  const LockstepExchange& exchange() const { return exchange_; }
  int imuPeriodsPerExchange() const { return periods_; }

 private:
  HilLockstep(Simulator sim, int periods, LockstepExchange::Options exchange)
      : sim_(std::move(sim)), periods_(periods), exchange_(exchange) {}
  Simulator sim_;
  int periods_;
  LockstepExchange exchange_;
  void takeFrame();  // frameOut and gpsOut from the simulator's frame now
  mavlink_hil_sensor_t frame_{};
  mavlink_hil_gps_t gps_{};
  bool gps_due_ = false;
  std::int64_t last_gps_time_us_ = -1;
  bool reset_flag_ = true;
};

}  // namespace vsim
