// What one vehicle's flight through a manoeuvre measured, and what it costs: the tuner's cost
// function, written down here and in docs/design/tuner.md.
#pragma once

#include "flight/tune/manoeuvres.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace vsim::tune {

// The step measures are taken relative to where the measured quantity was at each edge (its
// offset from the old reference then), so a constant offset is not counted as tracking error;
// overshoot and settling are judged against where the step ends (overshoot beyond where the
// step ends, settling to ±0.5° of where it ends), ITAE against the reference.
struct FlightMetrics {
  double itae = 0.0;             // Σ over edges of ∫ over its window (t − t_edge)·|e|/|Δref| dt [s²]
  double overshoot = 0.0;        // worst edge: beyond where the step ends (its window's last value),
                                 // fraction of |Δref|
  double settling_s = 0.0;       // worst edge: time until it stays within the tolerance of where it ends
  double tilt_rms_deg = 0.0;     // after the lead-in (kLeadInS): √(var roll + var pitch), the
                                 // tilt's fluctuation about its mean (not a constant lean or offset)
  double heading_rms_deg = 0.0;  // RMS of the heading's change since the end of the lead-in
  double saturation = 0.0;       // fraction of control steps with a motor at 0 or full
  double motor_activity = 0.0;   // RMS over motors of the duty's change per 1 ms step
  double peak_tilt_deg = 0.0;
  double peak_rate_dps = 0.0;
  double end_rate_rms_dps = 0.0;  // body-rate RMS over the last 0.5 s (calm: an oscillation)
  double disturbance_peak = 0.0;  // from a disturbance's onset: the largest change from the onset
                                  // (a tilt: the angle the body's up axis turned)
  double resets = 0.0;            // the simulator's sanitiser resets and refused duties
  double diverged = 0.0;          // 1 when a hard constraint failed (see failureOf)

  // Every field, in the order toArray/fromArray (and the ranks' exchange) use.
  static constexpr double FlightMetrics::*kFieldList[] = {&FlightMetrics::itae,
                                                          &FlightMetrics::overshoot,
                                                          &FlightMetrics::settling_s,
                                                          &FlightMetrics::tilt_rms_deg,
                                                          &FlightMetrics::heading_rms_deg,
                                                          &FlightMetrics::saturation,
                                                          &FlightMetrics::motor_activity,
                                                          &FlightMetrics::peak_tilt_deg,
                                                          &FlightMetrics::peak_rate_dps,
                                                          &FlightMetrics::end_rate_rms_dps,
                                                          &FlightMetrics::disturbance_peak,
                                                          &FlightMetrics::resets,
                                                          &FlightMetrics::diverged};
  static constexpr std::size_t kFields = std::size(kFieldList);
  std::array<double, kFields> toArray() const;
  static FlightMetrics fromArray(const double* a);
};

// Accumulates one vehicle's metrics, one control step at a time.
class MetricsRecorder {
 public:
  explicit MetricsRecorder(const Manoeuvre* manoeuvre = nullptr);
  // t_s: time since the start; measured: the manoeuvre's quantity; the truth's Euler angles
  // in degrees; the body rates in deg/s; duties of the step; saturated: the mixer's flag.
  void add(double t_s, double measured, double roll_deg, double pitch_deg, double yaw_deg, const double rate_dps[3],
           const float* duty, int motors, bool saturated);
  // Closes the last edge at the end of the manoeuvre and adds the simulator's counters.
  FlightMetrics finish(double end_s, std::uint64_t resets_and_refusals);

 private:
  void closeEdge(double end_s);

  const Manoeuvre* m_;
  FlightMetrics out_;
  std::size_t next_edge_ = 0;
  double edge_t_ = -1.0, edge_from_ = 0.0, edge_to_ = 0.0, last_t_ = 0.0;
  double edge_offset_ = 0.0, disturbance_from_ = 0.0;
  std::vector<std::pair<double, double>> window_;  // the open edge's (t, measured − offset)
  bool disturbed_ = false;
  std::array<double, 3> up_from_{};
  double roll_sum_ = 0.0, pitch_sum_ = 0.0, tilt_sq_ = 0.0, heading_sq_ = 0.0, end_rate_sq_ = 0.0, activity_sq_ = 0.0,
         yaw0_deg_ = 0.0;
  std::size_t tilt_n_ = 0, end_rate_n_ = 0, activity_n_ = 0, steps_ = 0, saturated_steps_ = 0;
  std::array<float, 8> last_duty_{};
  bool have_duty_ = false;
};

// The hard constraints (README): no sanitiser reset or refused duty, tilt at most 75°, body
// rate at most 600°/s, motors not chattering (RMS duty change at most 0.15 per 1 ms step: the
// defaults make ~0.02 from sensor noise through D; it grows in proportion to the rate gains)
// nor at a limit more than 20 % of the time, and — in calm air — a body-rate RMS over the last
// 0.5 s of at most 15°/s (the manoeuvre is over by then: anything more is an oscillation or a
// slow divergence).
// Empty when the flight passed, else what failed.
std::string failureOf(const Manoeuvre& m, const FlightMetrics& f);

// The cost of one flight (dimensionless; ≈ 1 per term for a mediocre tune), the weights below:
//   ITAE / (0.1 s)²           tracking (a first-order response with τ = 0.1 s scores 1 per edge)
// + 10 × overshoot            (10 % costs 1)
// + 100 × (overshoot − 3 %) beyond 3 %   (the aim is ≤ 5 %: a margin below it)
// + 4 × settling [s]          (0.25 s costs 1)
// + 20 × (settling − 0.2 s) beyond 0.2 s (the aim is ≤ 0.25 s)
// + 5 × saturation fraction
// + 0 × motor activity        (not rewarded: it is bounded instead, by the tuner's constraint of
//                             ≤ 1.2 × the defaults' on every flight — a reward bought quiet
//                             motors with disturbance rejection, measured on the search)
// + 30 × tilt RMS [deg] + 1 × heading RMS [deg]   (hover in turbulence only)
// + disturbance peak / the manoeuvre's peak_scale (motor_loss: 2°, gust_step: 0.2 m)
// A flight that fails a hard constraint costs 100 + min(peak tilt, 180°)/18 instead, more
// than any stable flight, and graded so the search can climb out.
struct CostWeights {
  double itae_per_s2 = 1.0 / 0.01;
  double overshoot = 10.0;
  double overshoot_soft_limit = 0.03, overshoot_excess = 100.0;
  double settling_per_s = 4.0;
  double settling_soft_limit_s = 0.2, settling_excess_per_s = 20.0;
  double saturation = 5.0;
  double motor_activity = 0.0;
  double tilt_rms_per_deg = 30.0;
  double disturbance = 1.0;
  double heading_rms_per_deg = 1.0;
  double failure = 100.0;
};

struct CostTerms {
  double tracking = 0, overshoot = 0, settling = 0, saturation = 0, motor_activity = 0, hover = 0, disturbance = 0,
         failure = 0;
  double total() const {
    return tracking + overshoot + settling + saturation + motor_activity + hover + disturbance + failure;
  }
  CostTerms& operator+=(const CostTerms& o);
  CostTerms scaled(double k) const;
};

CostTerms costOf(const Manoeuvre& m, const FlightMetrics& f, const CostWeights& w = {});

}  // namespace vsim::tune
