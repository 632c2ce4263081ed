#include "app/ui/instrument_feed.h"

#include "sim/base/frames.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace navigator {
namespace {

constexpr double kDegPerRad = 180.0 / std::numbers::pi;

double compass(double yaw_rad) { return std::fmod(yaw_rad * kDegPerRad + 360.0, 360.0); }

}  // namespace

InstrumentFeed::InstrumentFeed(QObject* parent) : QObject(parent) {}

void InstrumentFeed::bind(VehicleLink* link) {
  for (const auto& c : bound_) disconnect(c);
  bound_.clear();
  link_ = link;
  const PfdReading truth = state_.truth;
  state_ = PfdState{};
  state_.truth = truth;
  home_altitude_m_.reset();
  position_heard_ = false;
  was_armed_ = false;
  changed_ = true;
  if (!link) return;
  bound_ << connect(link, &VehicleLink::attitudeUpdated, this, [this](const AttitudeSample& a) {
    state_.estimate.roll_deg = a.roll_rad * kDegPerRad;
    state_.estimate.pitch_deg = a.pitch_rad * kDegPerRad;
    state_.estimate.heading_deg = compass(a.yaw_rad);
    changed_ = true;
  });
  bound_ << connect(link, &VehicleLink::hudUpdated, this, &InstrumentFeed::onHud);
  bound_ << connect(link, &VehicleLink::globalPositionUpdated, this, &InstrumentFeed::onPosition);
  bound_ << connect(link, &VehicleLink::vehicleChanged, this, &InstrumentFeed::onVehicle);
  bound_ << connect(link, &VehicleLink::linkStateChanged, this, [this](LinkState s) {
    state_.link_up = s == LinkState::Connected;
    changed_ = true;
  });
  state_.link_up = link->linkState() == LinkState::Connected;
  onVehicle(link->vehicle());
  counted_system_ = 0;
  updateLinkQuality();
  state_.link_quality_pct = -1;  // nothing measured yet
}

void InstrumentFeed::onVehicle(const VehicleStatus& v) {
  state_.armed = v.armed;
  state_.failsafe = v.failsafe();
  state_.mode = v.system_id == 0 ? QString() : VehicleLink::modeName(v);  // in its autopilot's dialect
  if (v.armed && !was_armed_) {                                           // home is where it armed
    if (std::isfinite(last_altitude_m_)) home_altitude_m_ = last_altitude_m_;
    if (std::isfinite(last_true_altitude_m_)) home_true_altitude_m_ = last_true_altitude_m_;
  }
  was_armed_ = v.armed;
  changed_ = true;
}

void InstrumentFeed::onHud(const HudSample& hud) {
  PfdReading& e = state_.estimate;
  e.heading_deg = hud.heading_deg;
  e.groundspeed_mps = hud.groundspeed_mps.value_or(PfdReading::kUnknown);
  e.airspeed_mps = hud.airspeed_mps.value_or(PfdReading::kUnknown);
  e.climb_mps = hud.climb_mps.value_or(PfdReading::kUnknown);
  state_.throttle_pct = hud.throttle_pct;
  last_altitude_m_ = hud.altitude_m.value_or(PfdReading::kUnknown);
  if (!home_altitude_m_ && hud.altitude_m) home_altitude_m_ = *hud.altitude_m;
  if (!position_heard_)
    e.altitude_m = hud.altitude_m && home_altitude_m_ ? *hud.altitude_m - *home_altitude_m_ : PfdReading::kUnknown;
  changed_ = true;
}

void InstrumentFeed::onPosition(const GlobalPositionSample& position) {
  position_heard_ = true;
  state_.estimate.altitude_m = position.altitude_rel_m;
  changed_ = true;
}

void InstrumentFeed::setTruth(const TelemetrySample& s) {
  if (!std::isfinite(s.p_W_m[2])) {
    clearTruth();
    return;
  }
  const auto& q = s.attitude_WB_wxyz;
  const vsim::frames::EulerAngles angles =
      vsim::frames::eulerFromQuaternion(Eigen::Quaterniond(q[0], q[1], q[2], q[3]) * q_BF_);
  PfdReading& t = state_.truth;
  t.roll_deg = angles.roll_rad * kDegPerRad;
  t.pitch_deg = angles.pitch_rad * kDegPerRad;
  t.heading_deg = compass(angles.yaw_rad);
  last_true_altitude_m_ = -double(s.p_W_m[2]);
  if (!home_true_altitude_m_) home_true_altitude_m_ = last_true_altitude_m_;
  t.altitude_m = last_true_altitude_m_ - *home_true_altitude_m_;
  t.climb_mps = -double(s.v_W_mps[2]);
  t.groundspeed_mps = std::hypot(double(s.v_W_mps[0]), double(s.v_W_mps[1]));
  t.airspeed_mps = s.airspeed_mps;
  changed_ = true;
}

void InstrumentFeed::clearTruth() {
  changed_ = changed_ || std::isfinite(state_.truth.altitude_m);
  state_.truth = PfdReading{};
  home_true_altitude_m_.reset();
  last_true_altitude_m_ = PfdReading::kUnknown;
}

void InstrumentFeed::updateLinkQuality() {
  changed_ = true;  // (once a second)
  if (!link_) {
    state_.link_quality_pct = -1;
    return;
  }
  const std::uint8_t system = link_->vehicle().system_id ? link_->vehicle().system_id : link_->pinnedSystem();
  const MavlinkConnection::SourceCounts counts =
      system ? link_->connection()->sourceCounts(system) : MavlinkConnection::SourceCounts{};
  const bool same_source =
      system == counted_system_ && counts.frames >= frames_at_last_;  // (an evicted source starts again)
  const std::uint32_t frames = same_source ? counts.frames - frames_at_last_ : 0,
                      gaps = same_source ? counts.gaps - gaps_at_last_ : 0;
  counted_system_ = system;
  frames_at_last_ = counts.frames;
  gaps_at_last_ = counts.gaps;
  state_.link_quality_pct = frames + gaps == 0 ? (state_.link_up ? 100 : 0)
                                               : int(std::lround(100.0 * double(frames) / double(frames + gaps)));
}

void InstrumentFeed::setStickThrottle(double fraction) {
  const double pct =
      std::isfinite(fraction) ? std::round(std::clamp(fraction, 0.0, 1.0) * 100.0) : PfdReading::kUnknown;
  if (pct == state_.stick_throttle_pct || (std::isnan(pct) && std::isnan(state_.stick_throttle_pct))) return;
  state_.stick_throttle_pct = pct;
  changed_ = true;
}

}  // namespace navigator
