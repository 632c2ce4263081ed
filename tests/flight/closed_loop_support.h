// What the closed-loop tests share: scenarios (a takeoff, a position hover), flying one, and the
// figures read from a flight (RMS and worst errors, step responses).
#ifndef NAVIGATOR_TESTS_FLIGHT_CLOSED_LOOP_SUPPORT_H
#define NAVIGATOR_TESTS_FLIGHT_CLOSED_LOOP_SUPPORT_H

#include "flight/flight_runner.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <vector>

namespace closed_loop {

using vsim::FlightSample;
using vsim::Scenario;
using vsim::ScenarioEvent;

inline constexpr double kRad2Deg = 180.0 / M_PI;

inline ScenarioEvent at(double t_s) {
  ScenarioEvent e;
  e.t_s = t_s;
  return e;
}
inline ScenarioEvent sticks(double t_s, float roll, float pitch, float yaw, float throttle) {
  ScenarioEvent e = at(t_s);
  e.sticks = fc_sticks_t{roll, pitch, yaw, throttle};
  return e;
}

// On the ground in ALT_HOLD, arm at 2 s, climb at ~0.8 m/s from 2.5 s to 6 s, then hold.
inline Scenario takeoff(double duration_s) {
  Scenario s;
  s.duration_s = duration_s;
  s.mode = VAYU_MODE_ALT_HOLD;
  s.timeline.push_back(sticks(0.0, 0, 0, 0, 0.0f));
  ScenarioEvent arm = at(2.0);
  arm.arm = true;
  s.timeline.push_back(arm);
  s.timeline.push_back(sticks(2.5, 0, 0, 0, 0.8f));
  s.timeline.push_back(sticks(6.0, 0, 0, 0, 0.5f));
  return s;
}

inline std::vector<FlightSample> fly(const vsim::VehicleModel& model, Scenario s, std::uint64_t seed = 1,
                                     vsim::SimulatorCounters* counters = nullptr) {
  std::stable_sort(s.timeline.begin(), s.timeline.end(), [](const auto& a, const auto& b) { return a.t_s < b.t_s; });
  std::vector<FlightSample> samples;
  auto r = vsim::runScenario(model, s, seed, [&](const FlightSample& f) { samples.push_back(f); });
  if (!r) qFatal("%s", r.error().message.c_str());
  if (counters) *counters = *r;
  return samples;
}

inline double rmsDeg(const std::vector<FlightSample>& v, double from_s, double to_s, auto error_rad) {
  double sum = 0;
  int n = 0;
  for (const FlightSample& f : v)
    if (f.t_s >= from_s && f.t_s < to_s) {
      const double e = error_rad(f);
      sum += e * e;
      ++n;
    }
  return n ? std::sqrt(sum / n) * kRad2Deg : 1e9;
}

// Roll and pitch together: how far the true attitude is from the setpoint [rad].
inline double attitudeError(const FlightSample& f) {
  return std::hypot(f.truth_rpy_rad.x() - f.setpoint_rpy_rad.x(), f.truth_rpy_rad.y() - f.setpoint_rpy_rad.y());
}

// The worst |estimated − true| roll between from_s and to_s [deg].
inline double worstRollEstimateErrorDeg(const std::vector<FlightSample>& v, double from_s, double to_s) {
  double worst = 0;
  for (const FlightSample& f : v)
    if (f.t_s >= from_s && f.t_s < to_s)
      worst = std::max(worst, std::abs(f.estimate_rpy_rad.x() - f.truth_rpy_rad.x()) * kRad2Deg);
  return worst;
}

inline const FlightSample& sampleAt(const std::vector<FlightSample>& v, double t_s) {
  return v[std::min(v.size() - 1, std::size_t(std::llround(t_s * 1000.0)))];
}

inline double wrapDeg(double d) {
  while (d > 180) d -= 360;
  while (d <= -180) d += 360;
  return d;
}

// Step response of the true angle on `axis` (0 roll, 1 pitch) to a stick step at t0 lasting
// `hold_s`: rise time 10→90 %, overshoot and 10 % settling time, relative to the mean of the
// last 0.5 s of the step.
struct StepResponse {
  double rise_s, overshoot, settle_s, final_deg;
};
inline StepResponse stepResponse(const std::vector<FlightSample>& v, int axis, double t0, double hold_s) {
  auto angle = [&](const FlightSample& f) { return f.truth_rpy_rad[axis] * kRad2Deg; };
  const double start = angle(sampleAt(v, t0));
  double final_sum = 0;
  int n = 0;
  for (double t = t0 + hold_s - 0.5; t < t0 + hold_s; t += 0.001, ++n) final_sum += angle(sampleAt(v, t));
  const double final_deg = final_sum / n, step = final_deg - start;
  double t10 = -1, t90 = -1, peak = 0, last_outside = t0;
  for (double t = t0; t < t0 + hold_s; t += 0.001) {
    const double x = (angle(sampleAt(v, t)) - start) / step;
    if (t10 < 0 && x >= 0.1) t10 = t;
    if (t90 < 0 && x >= 0.9) t90 = t;
    peak = std::max(peak, x);
    if (std::abs(x - 1.0) > 0.1) last_outside = t;
  }
  return {t90 - t10, peak - 1.0, last_outside - t0, final_deg};
}

// takeoff(), then POSITION at 8 s (the GPS aid is running by then: it starts a second after
// alignment, with the first fix).
inline Scenario positionHover(double duration_s) {
  Scenario s = takeoff(duration_s);
  ScenarioEvent mode = at(8.0);
  mode.mode = VAYU_MODE_POSITION;
  s.timeline.push_back(mode);
  return s;
}
inline double horizontalM(const FlightSample& f, const Eigen::Vector3d& from) {
  return (f.truth.p_W_m - from).head<2>().norm();
}
}  // namespace closed_loop

#endif
