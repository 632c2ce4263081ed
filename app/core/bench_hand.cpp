#include "app/core/bench_hand.h"

#include <Eigen/Geometry>

#include <cmath>
#include <vector>
#include <numbers>

namespace navigator {
namespace {

constexpr double kDegPerRad = 180.0 / std::numbers::pi;
constexpr double kAtTarget_deg = 1.0;     // the truth this close to where it is held ...
constexpr double kStill_radps = 0.01;     // ... and turning slower than this: still
constexpr double kBeforeTurning_s = 0.2;  // ArduPilot's compass: still on a side before turning there

Eigen::Quaterniond fromRpy_deg(const Eigen::Vector3d& rpy_deg) {
  return Eigen::AngleAxisd(rpy_deg.z() / kDegPerRad, Eigen::Vector3d::UnitZ()) *
         Eigen::AngleAxisd(rpy_deg.y() / kDegPerRad, Eigen::Vector3d::UnitY()) *
         Eigen::AngleAxisd(rpy_deg.x() / kDegPerRad, Eigen::Vector3d::UnitX());
}

// The first side the vehicle lists as pending and has not said done.
std::optional<CalSide> firstPending(const CalibrationState& s) {
  for (std::size_t i = 0; i < kCalSides.size(); ++i)
    if (s.pending[i] && !s.done[i]) return kCalSides[i];
  return std::nullopt;
}

}  // namespace

BenchHand::BenchHand(SitlSession* sitl, SensorCalibration* calibration, QObject* parent)
    : QObject(parent), sitl_(sitl), calibration_(calibration) {}

Eigen::Vector3d BenchHand::sideAttitude_rpy_deg(CalSide side) {
  switch (side) {
    case CalSide::Down:
      return {0, 0, 0};
    case CalSide::Up:
      return {180, 0, 0};
    case CalSide::Left:
      return {-90, 0, 0};
    case CalSide::Right:
      return {90, 0, 0};
    case CalSide::Front:
      return {0, -90, 0};
    case CalSide::Back:
      return {0, 90, 0};
  }
  return {0, 0, 0};
}

void BenchHand::see(const TelemetrySample& truth) {
  const auto& q = truth.attitude_WB_wxyz;
  const Eigen::Vector3d w(truth.omega_B_radps[0], truth.omega_B_radps[1], truth.omega_B_radps[2]);
  const bool still =
      grip_ == Grip::Still && w.norm() < kStill_radps &&
      Eigen::Quaterniond(q[0], q[1], q[2], q[3]).angularDistance(fromRpy_deg(target_rpy_deg_)) * kDegPerRad <
          kAtTarget_deg;
  if (!still)
    still_since_us_ = -1;
  else if (still_since_us_ < 0)
    still_since_us_ = truth.time_us;
  act(truth.time_us);
}

bool BenchHand::stillFor(std::int64_t now_us, double seconds) const {
  return still_since_us_ >= 0 && double(now_us - still_since_us_) * 1e-6 >= seconds;
}

void BenchHand::holdStill(const Eigen::Vector3d& rpy_deg, const QString& what) {
  if (grip_ == Grip::Still && rpy_deg.isApprox(target_rpy_deg_)) return;
  if (!sitl_->holdByHand(rpy_deg, Eigen::Vector3d::Zero(), false)) return;
  grip_ = Grip::Still;
  target_rpy_deg_ = rpy_deg;
  still_since_us_ = -1;
  emit did(what);
}

void BenchHand::turnAboutVertical(const QString& what, double dps) {
  if (grip_ == Grip::Turning) return;
  if (!sitl_->holdByHand(std::nullopt, Eigen::Vector3d(0, 0, dps), true)) return;
  grip_ = Grip::Turning;
  still_since_us_ = -1;
  emit did(what);
}

void BenchHand::act(std::int64_t now_us) {
  const CalibrationState& s = calibration_->state();
  if (!s.running()) {
    confirmed_.reset();
    accepted_ = false;
    side_since_us_ = -1;
    compass_side_ = 0;
    return;
  }
  if (s.sensor == CalSensor::Gyro || s.sensor == CalSensor::Level) {
    holdStill(Eigen::Vector3d::Zero(), tr("Held still and level"));
    return;
  }
  if (s.sensor == CalSensor::Mag && s.ardupilot) {
    arduPilotCompass(now_us);
    return;
  }
  if (s.ardupilot && !s.asked) confirmed_.reset();  // measuring the side confirmed, or between sides
  const std::optional<CalSide> side = s.ardupilot ? s.asked : s.measuring ? s.measuring : firstPending(s);
  if (!side) return;
  const QString word = calSideWord(*side);
  if (s.sensor == CalSensor::Mag && s.measuring) {
    turnAboutVertical(tr("Turning about the vertical on the %1 side").arg(word), kTurn_dps);
    return;
  }
  holdStill(sideAttitude_rpy_deg(*side), tr("Held still, %1 side towards the ground").arg(word));
  if (s.ardupilot && confirmed_ != s.asked && stillFor(now_us, kSettle_s)) {
    confirmed_ = s.asked;
    calibration_->confirmPlaced();
    emit did(tr("Confirmed placed: %1").arg(word));
  }
}

// ArduPilot's compass wants its samples spread over the whole sphere (its CompassCalibrator takes
// a sample only ~6° away from every one it has, until it has 300). A turn about the vertical
// draws one circle of the field's direction in the body, about the body's "down"; so the hand
// turns it once on each of 26 orientations whose "down" points along a cube's faces, edges and
// corners: d = (i, j, k)/|(i, j, k)|, i, j, k ∈ {−1, 0, 1}; roll atan2(d_y, d_z), pitch −asin(d_x).
Eigen::Vector3d BenchHand::tumbleAttitude_rpy_deg(int k) {
  std::vector<Eigen::Vector3d> downs;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      for (int l = -1; l <= 1; ++l)
        if (i != 0 || j != 0 || l != 0) downs.push_back(Eigen::Vector3d(i, j, l).normalized());
  const Eigen::Vector3d& d = downs[std::size_t(k) % downs.size()];
  return {std::atan2(d.y(), d.z()) * kDegPerRad, -std::asin(d.x()) * kDegPerRad, 0.0};
}

void BenchHand::arduPilotCompass(std::int64_t now_us) {
  const CalibrationState& s = calibration_->state();
  if (s.awaiting_accept) {
    if (!accepted_ && calibration_->acceptCompass()) emit did(tr("Accepted the compass fit"));
    accepted_ = true;
    return;
  }
  if (grip_ == Grip::Turning) {
    if (double(now_us - side_since_us_) * 1e-6 < 360.0 / kTumble_dps) return;  // one full turn
    ++compass_side_;                                                           // on to the next orientation
  }
  const Eigen::Vector3d base = tumbleAttitude_rpy_deg(compass_side_);
  holdStill(base, tr("Held still at roll %1°, pitch %2°").arg(base.x(), 0, 'f', 0).arg(base.y(), 0, 'f', 0));
  if (!stillFor(now_us, kBeforeTurning_s)) return;
  turnAboutVertical(tr("Turning a full turn about the vertical"), kTumble_dps);
  side_since_us_ = now_us;
}

}  // namespace navigator
