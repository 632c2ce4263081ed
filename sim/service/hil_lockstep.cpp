#include "sim/service/hil_lockstep.h"

#include "sim/service/hil_frames.h"
#include "sim/world/initial_state.h"

namespace vsim {

Result<HilLockstep> HilLockstep::create(VehicleModel model, SimulatorConfig config, int imu_periods_per_exchange,
                                        LockstepExchange::Options exchange) {
  if (imu_periods_per_exchange < 1)
    return Error{"an exchange must span at least one IMU period, got " + std::to_string(imu_periods_per_exchange)};
  auto sim = Simulator::create(std::move(model), std::move(config));
  if (!sim) return sim.error();
  HilLockstep hil(std::move(sim).value(), imu_periods_per_exchange, exchange);
  hil.start(1);
  return hil;
}

void HilLockstep::start(std::uint64_t seed) {
  sim_.reset(seed, initialState(sim_.model(), sim_.config().world, {}));
  exchange_.restart();
  reset_flag_ = true;
  last_gps_time_us_ = -1;
  takeFrame();
}

void HilLockstep::takeFrame() {
  const SensorFrame& f = sim_.frame();
  frame_ = hilSensor(f, reset_flag_);
  if (f.gps.time_us >= 0 && f.gps.time_us > last_gps_time_us_) {
    last_gps_time_us_ = f.gps.time_us;
    gps_ = hilGps(sim_.model(), f);
    gps_due_ = true;
  }
}

void HilLockstep::sent(std::int64_t now_ns) {
  exchange_.frameSent(std::int64_t(frame_.time_usec), now_ns);
  reset_flag_ = false;
  gps_due_ = false;
}

HilLockstep::Answer HilLockstep::answer(const mavlink_hil_actuator_controls_t& controls) {
  Answer out;
  out.kind = exchange_.answerArrived(std::int64_t(controls.time_usec));
  if (out.kind != LockstepExchange::Answer::Answers) return out;
  out.refused_duties = sim_.setDuties(dutiesFromActuatorControls(controls, sim_.model().rotor_count));
  for (int i = 0; i < periods_; ++i) sim_.advanceImuPeriod();
  exchange_.consume();
  takeFrame();
  return out;
}

}  // namespace vsim
