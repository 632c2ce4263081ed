#include "flight/tune/flight_metrics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

namespace vsim::tune {

std::array<double, FlightMetrics::kFields> FlightMetrics::toArray() const {
  std::array<double, kFields> a;
  for (std::size_t i = 0; i < kFields; ++i) a[i] = this->*kFieldList[i];
  return a;
}

FlightMetrics FlightMetrics::fromArray(const double* a) {
  FlightMetrics f;
  for (std::size_t i = 0; i < kFields; ++i) f.*kFieldList[i] = a[i];
  return f;
}

MetricsRecorder::MetricsRecorder(const Manoeuvre* manoeuvre) : m_(manoeuvre) {}

void MetricsRecorder::closeEdge(double end_s) {
  if (edge_t_ < 0.0) return;
  // Overshoot and settling are judged against where the step ends (docs/design/tuner.md, "Aims"): the
  // window's last value (the truth: no sensor noise on it), so a steady offset from the
  // reference (a lean, a wind) is counted neither as overshoot nor as never settling; ITAE
  // keeps judging the reference.
  if (!window_.empty()) {
    const double end = window_.back().second;
    const double step = std::abs(edge_to_ - edge_from_), dir = edge_to_ > edge_from_ ? 1.0 : -1.0;
    double peak = 0.0, last_outside = edge_t_;
    for (const auto& [t, y] : window_) {
      peak = std::max(peak, (y - end) * dir / step);
      if (!(std::abs(y - end) <= m_->tolerance)) last_outside = t;
    }
    out_.overshoot = std::max(out_.overshoot, peak);
    out_.settling_s = std::max(out_.settling_s, std::min(end_s, last_outside + 1e-3) - edge_t_);
  }
  window_.clear();
  edge_t_ = -1.0;  // judged: nothing more counts until the next edge
}

void MetricsRecorder::add(double t, double y, double roll_deg, double pitch_deg, double yaw_deg,
                          const double rate_dps[3], const float* duty, int motors, bool saturated) {
  const double dt = steps_ == 0 ? 0.0 : t - last_t_;
  ++steps_;
  if (saturated) ++saturated_steps_;
  if (have_duty_)
    for (int i = 0; i < motors; ++i) {
      const double d = double(duty[i]) - double(last_duty_[std::size_t(i)]);
      activity_sq_ += d * d;
      ++activity_n_;
    }
  for (int i = 0; i < motors && i < int(last_duty_.size()); ++i) last_duty_[std::size_t(i)] = duty[i];
  have_duty_ = true;

  const double deg = std::numbers::pi / 180.0;
  const double tilt = std::acos(std::clamp(std::cos(roll_deg * deg) * std::cos(pitch_deg * deg), -1.0, 1.0)) / deg;
  const double rate = std::sqrt(rate_dps[0] * rate_dps[0] + rate_dps[1] * rate_dps[1] + rate_dps[2] * rate_dps[2]);
  out_.peak_tilt_deg = std::max(out_.peak_tilt_deg, std::isfinite(tilt) ? tilt : 180.0);
  out_.peak_rate_dps = std::max(out_.peak_rate_dps, std::isfinite(rate) ? rate : 1e9);
  if (t >= kLeadInS) {
    if (tilt_n_ == 0) yaw0_deg_ = yaw_deg;
    const double heading = std::remainder(yaw_deg - yaw0_deg_, 360.0);
    roll_sum_ += roll_deg;
    pitch_sum_ += pitch_deg;
    tilt_sq_ += roll_deg * roll_deg + pitch_deg * pitch_deg;
    heading_sq_ += heading * heading;
    ++tilt_n_;
  }
  if (t >= kManoeuvreS - 0.5) {
    end_rate_sq_ += rate * rate;
    ++end_rate_n_;
  }

  if (m_ && m_->disturbance.kind != Disturbance::Kind::None && t + 1e-9 >= m_->disturbance.t_s) {
    // A tilt response is the angle the body's up axis turns away from where it pointed at the
    // onset (a lean into a wind is not the disturbance's doing, and the tilt's magnitude alone
    // misses a turn across the lean); any other quantity's is its change from the onset.
    const double c_r = std::cos(roll_deg * deg), s_r = std::sin(roll_deg * deg), c_p = std::cos(pitch_deg * deg),
                 s_p = std::sin(pitch_deg * deg), c_y = std::cos(yaw_deg * deg), s_y = std::sin(yaw_deg * deg);
    // R_WB's third column (ZYX Euler angles): the body z axis in the world.
    const std::array<double, 3> up{c_r * s_p * c_y + s_r * s_y, c_r * s_p * s_y - s_r * c_y, c_r * c_p};
    if (!disturbed_) {
      disturbance_from_ = y;
      up_from_ = up;
    }
    disturbed_ = true;
    double d = std::abs(y - disturbance_from_);
    if (m_->measured == Measured::TiltDeg)
      d = std::acos(std::clamp(up[0] * up_from_[0] + up[1] * up_from_[1] + up[2] * up_from_[2], -1.0, 1.0)) / deg;
    out_.disturbance_peak = std::max(out_.disturbance_peak, std::isfinite(d) ? d : 1e9);
  }
  if (m_) {
    while (next_edge_ < m_->edges.size() && m_->edges[next_edge_].t_s <= t + 1e-9) {
      closeEdge(m_->edges[next_edge_].t_s);
      edge_from_ = next_edge_ == 0 ? 0.0 : m_->edges[next_edge_ - 1].value;
      edge_to_ = m_->edges[next_edge_].value;
      edge_t_ = m_->edges[next_edge_].t_s;
      window_.clear();
      // A step response is measured from where the vehicle was at the edge: a constant offset
      // (the estimator's tilt error from an accelerometer bias, a wind) is not the gains' doing.
      edge_offset_ = y - edge_from_;
      ++next_edge_;
    }
    if (edge_t_ >= 0.0 && t > edge_t_ + m_->window_s + 1e-9) closeEdge(edge_t_ + m_->window_s);
    if (edge_t_ >= 0.0) {
      const double step = std::abs(edge_to_ - edge_from_);
      const double e = y - edge_offset_ - edge_to_;
      out_.itae += (t - edge_t_) * std::abs(e) / step * dt;
      window_.emplace_back(t, y - edge_offset_);
    }
  }
  last_t_ = t;
}

FlightMetrics MetricsRecorder::finish(double end_s, std::uint64_t resets_and_refusals) {
  closeEdge(end_s);
  FlightMetrics f = out_;
  if (tilt_n_) {
    const double n = double(tilt_n_), roll_mean = roll_sum_ / n, pitch_mean = pitch_sum_ / n;
    f.tilt_rms_deg = std::sqrt(std::max(0.0, tilt_sq_ / n - roll_mean * roll_mean - pitch_mean * pitch_mean));
  }
  f.heading_rms_deg = tilt_n_ ? std::sqrt(heading_sq_ / double(tilt_n_)) : 0.0;
  f.saturation = steps_ ? double(saturated_steps_) / double(steps_) : 0.0;
  f.motor_activity = activity_n_ ? std::sqrt(activity_sq_ / double(activity_n_)) : 0.0;
  f.end_rate_rms_dps = end_rate_n_ ? std::sqrt(end_rate_sq_ / double(end_rate_n_)) : 0.0;
  f.resets = double(resets_and_refusals);
  if (m_) f.diverged = failureOf(*m_, f).empty() ? 0.0 : 1.0;
  // A NaN anywhere (which the simulator's guards should make impossible) is a failure too.
  for (double v : f.toArray())
    if (!std::isfinite(v)) f.diverged = 1.0;
  return f;
}

std::string failureOf(const Manoeuvre& m, const FlightMetrics& f) {
  char text[160];
  if (f.resets > 0) return "the simulator reset or refused the vehicle's state or duties";
  if (!(f.peak_tilt_deg <= 75.0)) {
    std::snprintf(text, sizeof text, "tilted %.0f° (limit 75°)", f.peak_tilt_deg);
    return text;
  }
  if (!(f.peak_rate_dps <= 600.0)) {
    std::snprintf(text, sizeof text, "spun at %.0f°/s (limit 600°/s)", f.peak_rate_dps);
    return text;
  }
  if (!(f.motor_activity <= 0.15)) {
    std::snprintf(text, sizeof text, "motors chattering: RMS duty change %.3f per 1 ms step (limit 0.15)",
                  f.motor_activity);
    return text;
  }
  if (!(f.saturation <= 0.2)) {
    std::snprintf(text, sizeof text, "a motor at its limit %.0f %% of the time (limit 20 %%)", 100 * f.saturation);
    return text;
  }
  if (m.turbulence_sigma_mps == 0.0 && !(f.end_rate_rms_dps <= 15.0)) {
    std::snprintf(text, sizeof text, "still moving at %.1f°/s RMS in the last 0.5 s (oscillation; limit 15°/s)",
                  f.end_rate_rms_dps);
    return text;
  }
  return {};
}

CostTerms& CostTerms::operator+=(const CostTerms& o) {
  tracking += o.tracking;
  overshoot += o.overshoot;
  settling += o.settling;
  saturation += o.saturation;
  motor_activity += o.motor_activity;
  hover += o.hover;
  disturbance += o.disturbance;
  failure += o.failure;
  return *this;
}

CostTerms CostTerms::scaled(double k) const {
  return {tracking * k,       overshoot * k, settling * k,    saturation * k,
          motor_activity * k, hover * k,     disturbance * k, failure * k};
}

CostTerms costOf(const Manoeuvre& m, const FlightMetrics& f, const CostWeights& w) {
  CostTerms c;
  if (f.diverged != 0.0) {
    c.failure = w.failure + std::min(std::isfinite(f.peak_tilt_deg) ? f.peak_tilt_deg : 180.0, 180.0) / 18.0;
    return c;
  }
  c.tracking = w.itae_per_s2 * f.itae;
  c.overshoot = w.overshoot * f.overshoot + w.overshoot_excess * std::max(0.0, f.overshoot - w.overshoot_soft_limit);
  c.settling =
      w.settling_per_s * f.settling_s + w.settling_excess_per_s * std::max(0.0, f.settling_s - w.settling_soft_limit_s);
  c.saturation = w.saturation * f.saturation;
  c.motor_activity = w.motor_activity * f.motor_activity;
  if (m.measured == Measured::TiltRmsDeg)
    c.hover = w.tilt_rms_per_deg * f.tilt_rms_deg + w.heading_rms_per_deg * f.heading_rms_deg;
  if (m.disturbance.kind != Disturbance::Kind::None)
    c.disturbance = w.disturbance * f.disturbance_peak / m.disturbance.peak_scale;
  return c;
}

}  // namespace vsim::tune
