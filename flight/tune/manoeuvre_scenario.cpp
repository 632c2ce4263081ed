#include "flight/tune/manoeuvre_scenario.h"

#include "flight/flight_runner.h"

#include <cmath>

namespace vsim::tune {

Result<Scenario> scenarioOf(const VehicleModel& model, const Manoeuvre& m, const ParamList& params) {
  fc_t fc{};
  initCore(fc, model);
  if (auto set = setCoreParams(fc, params); !set) return set.error();
  Scenario s;
  s.duration_s = kManoeuvreS;
  s.mode = m.mode;
  s.world = "none";
  s.initial.p_W_m = Eigen::Vector3d(0.0, 0.0, -50.0);
  s.airborne = true;
  s.params = params;
  s.params.insert(s.params.begin(), {"STICK_MAP", 0.0});  // the manoeuvres' sticks are on the vehicle's axes
  constexpr int kSticksPeriodMs = 20;                     // MANUAL_CONTROL at 50 Hz, as BatchFlight's pilot
  const int ticks = int(std::lround(kManoeuvreS * 1000.0 / kSticksPeriodMs));
  for (int k = 0; k <= ticks; ++k) {
    ScenarioEvent e;
    e.t_s = k * kSticksPeriodMs * 1e-3;
    e.sticks = sticksAt(m, fc.config.params, e.t_s);
    if (k == 0 && m.turbulence_sigma_mps > 0) e.turbulence_sigma_mps = m.turbulence_sigma_mps;
    s.timeline.push_back(std::move(e));
  }
  return s;
}

}  // namespace vsim::tune
