// What the station shows of a simulator it attached to rather than started (a vsim_d serving a
// folder, watched through PosePipeReader): its HIL_STATE_QUATERNION frames as plot samples,
// and one time line across the runs of the vsim_d processes that come and go.
#pragma once

#include "app/core/simulation_worker.h"
#include "firmware/mavlink/mavlink_codec.h"
#include "sim/vehicle/vehicle_model.h"

#include <cstdint>

namespace navigator {

// A sample from one pose frame: the true attitude; the position on the globe mapped back to NED
// about the airframe's home (vsim::geodeticToNed, the inverse of what vsim_d used; 1e-7° ≈ 1 cm
// and 1 mm of altitude is what the frame carries); the body rates as the gyro's trace (true
// rates, without the gyro's noise — the frame has no more); the specific force (1 mG steps) as
// the accelerometer's; the airspeed. What the frame does not carry — the magnetometer, wind,
// turbulence, rotors — is NaN, a gap on the plots rather than a zero.
TelemetrySample telemetryFromPose(const mavlink_hil_state_quaternion_t& pose, const vsim::VehicleModel& model);

// Simulated time on the plots while simulators come and go. A vsim_d started again begins its
// time at zero; so that the plots keep everything before the gap and never run backwards (they
// start afresh when time goes back, as after a reset), a run whose time goes back is placed after
// what is already shown: its first sample one period of the run before (the last interval seen,
// 1 µs when there was none) after the last sample shown, the rest at their own spacing. A run
// that goes on is left as it is.
class RunTimeline {
 public:
  std::int64_t place(std::int64_t run_time_us);  // the time to show for a sample of the current run
  int runs() const { return runs_; }
  std::int64_t lastRunTimeUs() const { return last_run_us_; }  // the last sample's own run time

 private:
  int runs_ = 0;
  std::int64_t last_run_us_ = 0, offset_us_ = 0, last_shown_us_ = 0, last_interval_us_ = 1;
};

}  // namespace navigator
