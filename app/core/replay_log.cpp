#include "app/core/replay_log.h"

#include "sim/base/frames.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace navigator {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kDegPerRad = 180.0 / std::numbers::pi;
constexpr double kRadpsPerRpm = 2.0 * std::numbers::pi / 60.0;
// PX4's PWM range for a motor: 1000 µs stopped, 2000 µs full.
constexpr double kPwmMin_us = 1000.0, kPwmMax_us = 2000.0;
// Messages looked at, evenly spread, to find how many rotors a log shows.
constexpr std::size_t kRotorProbeMessages = 2000;

std::vector<std::string> indexed(const std::string& name, int n, const std::string& suffix = {}) {
  std::vector<std::string> out;
  if (n > 0) out.reserve(std::size_t(n));
  for (int i = 0; i < n; ++i) out.push_back(name + "[" + std::to_string(i) + "]" + suffix);
  return out;
}

const ulog::Subscription* withData(const ulog::ULogFile& file, const char* topic) {
  const ulog::Subscription* s = file.find(topic);
  return s && s->count() > 0 ? s : nullptr;
}

std::optional<ulog::ScalarField> fieldNamed(const std::vector<ulog::ScalarField>& fields, const std::string& path) {
  for (const ulog::ScalarField& f : fields)
    if (f.path == path && f.char_length == 0) return f;
  return std::nullopt;
}

}  // namespace

const char* ReplayLog::partName(Part part) {
  static const char* const kNames[kPartCount] = {"attitude",     "position", "rotor speeds", "IMU",
                                                 "magnetometer", "wind",     "motors",       "attitude estimate"};
  return kNames[part];
}

vsim::Result<std::shared_ptr<const ReplayLog>> ReplayLog::open(const std::string& path,
                                                               const ulog::ReadOptions& options) {
  auto file = ulog::ULogFile::open(path, options);
  if (!file) return file.error();
  return fromFile(std::move(file).value());
}

vsim::Result<std::shared_ptr<const ReplayLog>> ReplayLog::fromFile(ulog::ULogFile file) {
  std::shared_ptr<ReplayLog> log(new ReplayLog(std::move(file)));
  if (auto problem = log->bind()) return vsim::Error{log->file_.path() + ": nothing to replay: " + *problem};
  return std::shared_ptr<const ReplayLog>(std::move(log));
}

void ReplayLog::bindPart(Part part, const char* topic, const std::vector<std::string>& fields, Transform transform) {
  Binding& b = parts_[part];
  b = {};
  b.sub = withData(file_, topic);
  if (!b.sub) return;
  b.topic = topic;
  b.transform = transform;
  const std::vector<ulog::ScalarField> all = file_.fields(*b.sub);
  for (const std::string& f : fields) b.fields.push_back(fieldNamed(all, f));
}

// Navigator's truth or PX4's estimate as the pose, and the sensors by PX4's topic names.
std::optional<std::string> ReplayLog::bindPx4() {
  if (has_truth_) {
    bindPart(kAttitude, "navigator_truth", indexed("q_frd_to_ned", 4));
    std::vector<std::string> pv = indexed("position_ned_m", 3);
    for (const std::string& v : indexed("velocity_ned_m_s", 3)) pv.push_back(v);
    bindPart(kPosition, "navigator_truth", pv);
    bindPart(kRotorSpeed, "navigator_truth", indexed("rotor_speed_rad_s", vsim::kMaxRotors));
    clock_ = parts_[kAttitude].sub;
  } else {
    bindPart(kAttitude, "vehicle_attitude", indexed("q", 4));
    bindPart(kPosition, "vehicle_local_position", {"x", "y", "z", "vx", "vy", "vz"});
    bindPart(kRotorSpeed, "esc_status", indexed("esc", vsim::kMaxRotors, ".esc_rpm"), Transform::RpmToRadps);
    const ulog::Subscription* a = parts_[kAttitude].sub;
    const ulog::Subscription* p = parts_[kPosition].sub;
    if (!a && !p)
      return "it has neither navigator_truth nor vehicle_attitude nor vehicle_local_position data (nor ArduPilot's ATT "
             "or XKF1)";
    clock_ = !p || (a && a->count() >= p->count()) ? a : p;
  }
  std::vector<std::string> imu = indexed("accelerometer_m_s2", 3);
  for (const std::string& g : indexed("gyro_rad", 3)) imu.push_back(g);
  bindPart(kEstimate, "vehicle_attitude", indexed("q", 4));
  bindPart(kImu, "sensor_combined", imu);
  bindPart(kMag, "vehicle_magnetometer", indexed("magnetometer_ga", 3));
  std::vector<std::string> wind = indexed("wind_ned_m_s", 3);
  for (const std::string& t : indexed("turbulence_ned_m_s", 3)) wind.push_back(t);
  wind.push_back("airspeed_m_s");
  bindPart(kWind, "navigator_wind", wind);
  bindPart(kMotors, "actuator_motors", indexed("control", vsim::kMaxRotors));
  if (!parts_[kMotors].sub)
    bindPart(kMotors, "actuator_outputs", indexed("output", vsim::kMaxRotors), Transform::PwmToDuty);
  return std::nullopt;
}

// An ArduPilot DataFlash log (log/dataflash_reader.h; no PX4 topic in it): ATT's Roll, Pitch,
// Yaw [deg] (z-y'-x'' of q_NED_FRD, the estimate) as the attitude, EKF3's XKF1 (core 0) PN,
// PE, PD [m] and VN, VE, VD [m/s] as the position, IMU (instance 0) AccX… [m/s²] and GyrX…
// [rad/s], MAG MagX… [mGauss], RCOU C1… PWM [µs] as motor duties.
bool ReplayLog::bindArduPilot() {
  if (withData(file_, "vehicle_attitude") || withData(file_, "vehicle_local_position") ||
      !(withData(file_, "ATT") || withData(file_, "XKF1")))
    return false;
  const std::vector<std::string> euler = {"Roll", "Pitch", "Yaw"};
  bindPart(kAttitude, "ATT", euler, Transform::EulerDegToWxyz);
  bindPart(kEstimate, "ATT", euler, Transform::EulerDegToWxyz);
  bindPart(kPosition, "XKF1", {"PN", "PE", "PD", "VN", "VE", "VD"});
  bindPart(kImu, "IMU", {"AccX", "AccY", "AccZ", "GyrX", "GyrY", "GyrZ"});
  bindPart(kMag, "MAG", {"MagX", "MagY", "MagZ"}, Transform::MilliToUnit);
  std::vector<std::string> outputs;
  for (int i = 1; i <= vsim::kMaxRotors; ++i) outputs.push_back("C" + std::to_string(i));
  bindPart(kMotors, "RCOU", outputs, Transform::PwmToDuty);
  const ulog::Subscription* a = parts_[kAttitude].sub;
  const ulog::Subscription* p = parts_[kPosition].sub;
  clock_ = !p || (a && a->count() >= p->count()) ? a : p;
  return true;
}

std::optional<std::string> ReplayLog::bind() {
  has_truth_ = withData(file_, "navigator_truth") != nullptr;
  if (has_truth_ || !bindArduPilot())
    if (auto problem = bindPx4()) return problem;
  const std::uint64_t first = file_.timestampUs(*clock_, 0);
  start_us_ = first - first % 1000;
  duration_us_ = std::max<std::int64_t>(0, sampleTimeUs(sampleCount() - 1));  // (a clock running backwards: no span)
  rotor_count_ = countRotors();
  return std::nullopt;
}

double ReplayLog::value(const Binding& b, std::size_t message, std::size_t field) const {
  const auto& f = b.fields[field];
  if (!f) return kNaN;
  const double v = file_.value(*b.sub, message, *f);
  switch (b.transform) {
    case Transform::None:
      return v;
    case Transform::RpmToRadps:
      return v * kRadpsPerRpm;
    case Transform::PwmToDuty:
      return std::clamp((v - kPwmMin_us) / (kPwmMax_us - kPwmMin_us), 0.0, 1.0);
    case Transform::MilliToUnit:
      return v * 1e-3;
    case Transform::EulerDegToWxyz:  // turned into a quaternion by readPart, the three together
      return v / kDegPerRad;
  }
  return v;
}

int ReplayLog::countRotors() const {
  int highest = -1;
  for (Part part : {kMotors, kRotorSpeed}) {
    const Binding& b = parts_[part];
    if (!b.sub) continue;
    const std::size_t n = b.sub->count();
    const std::size_t step = std::max<std::size_t>(1, n / kRotorProbeMessages);
    for (std::size_t m = 0; m < n; m += step)
      for (int r = vsim::kMaxRotors - 1; r > highest; --r) {
        const double v = value(b, m, std::size_t(r));
        if (std::isfinite(v) && v > 0) {
          highest = r;
          break;
        }
      }
  }
  return highest < 0 ? 4 : highest + 1;
}

std::size_t ReplayLog::indexAt(std::int64_t t_us) const {
  if (t_us <= 0) return 0;
  return file_.indexAt(*clock_, start_us_ + std::uint64_t(t_us));
}

ReplayLog::Held ReplayLog::heldAt(std::uint64_t log_us) const {
  Held held{};
  for (int p = 0; p < kPartCount; ++p) {
    const Binding& b = parts_[std::size_t(p)];
    if (b.sub) held[std::size_t(p)] = file_.indexAt(*b.sub, log_us + 1);  // messages at or before log_us
  }
  return held;
}

void ReplayLog::readPart(Part part, std::size_t held, std::array<double, kPartValues>& v) const {
  const Binding& b = parts_[part];
  v.fill(kNaN);
  if (!b.sub || held == 0) return;
  for (std::size_t k = 0; k < b.fields.size() && k < kPartValues; ++k) v[k] = value(b, held - 1, k);
  if (b.transform == Transform::EulerDegToWxyz) {
    vsim::frames::EulerAngles e;
    e.roll_rad = v[0];
    e.pitch_rad = v[1];
    e.yaw_rad = v[2];
    const Eigen::Quaterniond q = vsim::frames::quaternionFromEuler(e);
    v[0] = q.w(), v[1] = q.x(), v[2] = q.y(), v[3] = q.z();
  }
}

TelemetrySample ReplayLog::make(std::size_t i, const Held& held) const {
  TelemetrySample s;
  s.time_us = sampleTimeUs(i);
  s.rotor_count = rotor_count_;
  s.omega_B_radps = {float(kNaN), float(kNaN), float(kNaN)};  // not read from a log: a gap, not a 0
  std::array<double, kPartValues> v{};
  readPart(kAttitude, held[kAttitude], v);
  for (int k = 0; k < 4; ++k) s.attitude_WB_wxyz[std::size_t(k)] = float(v[std::size_t(k)]);
  readPart(kPosition, held[kPosition], v);
  for (int k = 0; k < 3; ++k) {
    s.p_W_m[std::size_t(k)] = float(v[std::size_t(k)]);
    s.v_W_mps[std::size_t(k)] = float(v[std::size_t(k) + 3]);
  }
  readPart(kRotorSpeed, held[kRotorSpeed], v);
  for (int k = 0; k < vsim::kMaxRotors; ++k) s.rotor_speed_radps[std::size_t(k)] = float(v[std::size_t(k)]);
  readPart(kImu, held[kImu], v);
  for (int k = 0; k < 3; ++k) {
    s.accel_S_mps2[std::size_t(k)] = float(v[std::size_t(k)]);
    s.gyro_S_radps[std::size_t(k)] = float(v[std::size_t(k) + 3]);
  }
  readPart(kMag, held[kMag], v);
  for (int k = 0; k < 3; ++k) s.mag_S_gauss[std::size_t(k)] = float(v[std::size_t(k)]);
  readPart(kWind, held[kWind], v);
  for (int k = 0; k < 3; ++k) {
    s.wind_NED_mps[std::size_t(k)] = float(v[std::size_t(k)]);
    s.turbulence_NED_mps[std::size_t(k)] = float(v[std::size_t(k) + 3]);
  }
  s.airspeed_mps = float(v[6]);
  readPart(kMotors, held[kMotors], v);
  for (int k = 0; k < vsim::kMaxRotors; ++k) s.motor_duty[std::size_t(k)] = float(v[std::size_t(k)]);
  return s;
}

TelemetrySample ReplayLog::sample(std::size_t i) const { return make(i, heldAt(file_.timestampUs(*clock_, i))); }

AttitudeWxyz ReplayLog::estimateHeld(const Held& held) const {
  std::array<double, kPartValues> v{};
  readPart(kEstimate, held[kEstimate], v);
  return {float(v[0]), float(v[1]), float(v[2]), float(v[3])};
}

void ReplayLog::samples(std::int64_t after_us, std::int64_t to_us, std::vector<TelemetrySample>& out,
                        std::vector<AttitudeWxyz>* estimate_WB_wxyz) const {
  if (to_us <= after_us) return;
  std::size_t i = after_us < 0 ? 0 : file_.indexAt(*clock_, start_us_ + std::uint64_t(after_us) + 1);
  const std::size_t n = sampleCount();
  if (i >= n || sampleTimeUs(i) > to_us) return;
  Held held = heldAt(file_.timestampUs(*clock_, i));
  for (; i < n; ++i) {
    const std::uint64_t t = file_.timestampUs(*clock_, i);
    if (std::int64_t(t - start_us_) > to_us) break;
    // Sample-and-hold: each part moves on to its last message at or before t.
    for (int p = 0; p < kPartCount; ++p) {
      const Binding& b = parts_[std::size_t(p)];
      if (!b.sub) continue;
      std::size_t& h = held[std::size_t(p)];
      while (h < b.sub->count() && file_.timestampUs(*b.sub, h) <= t) ++h;
    }
    out.push_back(make(i, held));
    if (estimate_WB_wxyz) estimate_WB_wxyz->push_back(estimateHeld(held));
  }
}

ReplayTrace ReplayLog::trace(std::size_t max_points) const {
  ReplayTrace t;
  const std::size_t n = sampleCount();
  const std::size_t step =
      std::max<std::size_t>(1, (n + std::max<std::size_t>(max_points, 1) - 1) / std::max<std::size_t>(max_points, 1));
  t.motor_duty.resize(std::size_t(rotor_count_));
  std::array<double, kPartValues> v{};
  for (std::size_t i = 0; i < n; i += step) {
    const std::uint64_t log_us = file_.timestampUs(*clock_, i);
    t.time_s.push_back(double(log_us - start_us_) * 1e-6);
    Held held{};  // only the two parts drawn
    for (Part p : {kAttitude, kMotors})
      if (parts_[p].sub) held[p] = file_.indexAt(*parts_[p].sub, log_us + 1);
    readPart(kAttitude, held[kAttitude], v);
    const vsim::frames::EulerAngles e = vsim::frames::eulerFromQuaternion(Eigen::Quaterniond(v[0], v[1], v[2], v[3]));
    t.roll_deg.push_back(e.roll_rad * kDegPerRad);
    t.pitch_deg.push_back(e.pitch_rad * kDegPerRad);
    t.yaw_deg.push_back(e.yaw_rad * kDegPerRad);
    readPart(kMotors, held[kMotors], v);
    for (int r = 0; r < rotor_count_; ++r) t.motor_duty[std::size_t(r)].push_back(v[std::size_t(r)]);
  }
  return t;
}

}  // namespace navigator
