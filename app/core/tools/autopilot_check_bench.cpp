#include "app/core/tools/autopilot_check_bench.h"

#include "cli/cli_util.h"
#include "sim/service/autopilot_backend.h"

#include <QStringList>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

namespace navigator {
namespace {

constexpr int kTruthPeriodMs = 20;    // the flight feed drained this often
constexpr int kSettleAfterMs = 3000;  // let go after the calibrations: at rest before reading back
// Between two calibrations: PX4's commander answers a start within about a second of the last
// one's end "temporarily rejected" (it is still closing that one), as a user clicking at once sees.
constexpr int kBetweenMs = 3000;
constexpr int kMotorWatchExtraMs = 3000;  // the truth watched this long past the test's own time
constexpr double kTurning_radps = 1.0;    // a rotor turning at all

void progress(const QString& text) {
  std::fprintf(stderr, "  bench: %s\n", qPrintable(text));
  std::fflush(stderr);
}

}  // namespace

int rotorTested(const vsim::VehicleModel& model, Autopilot autopilot, int motor) {
  if (motor < 1 || motor > model.rotor_count) return -1;
  if (autopilot == Autopilot::ArduPilot) {
    std::vector<std::pair<double, int>> clockwise;  // azimuth from ahead, clockwise seen from above (FRD)
    for (int r = 0; r < model.rotor_count; ++r) {
      const Eigen::Vector3d& p = model.rotors[std::size_t(r)].position_B_m;
      const double azimuth = std::atan2(p.y(), p.x());
      clockwise.emplace_back(azimuth < 0 ? azimuth + 2 * M_PI : azimuth, r);
    }
    std::sort(clockwise.begin(), clockwise.end());
    return clockwise[std::size_t(motor - 1)].second;
  }
  const auto map = vsim::quadXOutputMap(model);
  return map && motor <= int(map->size()) ? (*map)[std::size_t(motor - 1)] : -1;
}

std::optional<std::vector<CalSensor>> parseCalSensors(const std::string& text, std::string* why) {
  std::vector<CalSensor> sensors;
  for (const QString& word : QString::fromStdString(text).split(QLatin1Char(','))) {
    const QString w = word.trimmed();
    if (w == QLatin1String("gyro"))
      sensors.push_back(CalSensor::Gyro);
    else if (w == QLatin1String("accel"))
      sensors.push_back(CalSensor::Accel);
    else if (w == QLatin1String("mag"))
      sensors.push_back(CalSensor::Mag);
    else if (w == QLatin1String("level"))
      sensors.push_back(CalSensor::Level);
    else {
      *why = "--calibrate: '" + w.toStdString() + "' is none of gyro, accel, mag, level";
      return std::nullopt;
    }
  }
  return sensors;
}

std::optional<MotorTestRequest> parseMotorTest(const std::string& text, std::string* why) {
  const QStringList parts = QString::fromStdString(text).split(QLatin1Char(':'));
  std::optional<double> motor, throttle, seconds;
  if (parts.size() == 3) {
    motor = cli::parseNumber(parts[0].toStdString());
    throttle = cli::parseNumber(parts[1].toStdString());
    seconds = cli::parseNumber(parts[2].toStdString());
  }
  if (!motor || !throttle || !seconds || *motor < 1 || *motor != double(int(*motor))) {
    *why = "--motor-test must be MOTOR:THROTTLE_PCT:SECONDS (3:10:2), got '" + text + "'";
    return std::nullopt;
  }
  MotorTestRequest r;
  r.motor = int(*motor);
  r.throttle_pct = *throttle;
  r.duration_s = *seconds;
  r.props_off_confirmed = true;  // the world's rotors; MotorTest checks the ranges
  return r;
}

BenchCheck::BenchCheck(Station* station, VehicleLink* link, BenchRequest request, const vsim::VehicleModel& model,
                       QObject* parent)
    : QObject(parent),
      station_(station),
      link_(link),
      request_(std::move(request)),
      model_(model),
      calibration_(link),
      hand_(station->sitl(), &calibration_),
      motor_test_(link) {
  connect(&hand_, &BenchHand::did, this, [](const QString& what) { progress(what); });
  connect(&calibration_, &SensorCalibration::changed, this, [](const CalibrationState& s) {
    static int shown = 0;
    for (; shown < s.log.size(); ++shown) progress(s.log[shown]);
    if (s.log.isEmpty()) shown = 0;
  });
  connect(&calibration_, &SensorCalibration::finished, this, [this](bool ok, const QString& message) {
    timeout_.stop();
    const CalSensor sensor = request_.calibrate[next_sensor_];
    std::printf("calibration %s: %s\n", qPrintable(SensorCalibration::sensorName(sensor)), qPrintable(message));
    std::fflush(stdout);
    ok_ = ok_ && ok;
    ++next_sensor_;
    QTimer::singleShot(kBetweenMs, this, &BenchCheck::calibrateNext);
  });
  connect(link->params(), &ParamClient::listFailed, this, [this](const QString& why) {
    std::printf("parameters: not read: %s\n", qPrintable(why));
    finish(false);
  });
  connect(&truth_timer_, &QTimer::timeout, this, &BenchCheck::drainTruth);
  timeout_.setSingleShot(true);
  connect(&timeout_, &QTimer::timeout, this, [this] {
    std::printf("calibration %s: no outcome within %d s; cancelled\n",
                qPrintable(SensorCalibration::sensorName(request_.calibrate[next_sensor_])),
                kCalibrationTimeoutMs / 1000);
    calibration_.cancel();
    finish(false);
  });
}

void BenchCheck::start() {
  truth_timer_.start(kTruthPeriodMs);
  if (request_.calibrate.empty())
    runMotorTest();
  else
    readParameters(false);
}

void BenchCheck::readParameters(bool after) {
  reading_after_ = after;
  connect(
      link_->params(), &ParamClient::listComplete, this,
      [this](int) {
        const QList<ParamValue> params = link_->params()->params();
        if (!reading_after_) {
          for (const ParamValue& p : params) before_[p.name] = p.text();
          std::printf("parameters before: %lld read\n", static_cast<long long>(params.size()));
          calibrateNext();
          return;
        }
        int changed = 0;
        for (const ParamValue& p : params) {
          const QString was = before_.value(p.name, QStringLiteral("(none)"));
          if (was == p.text()) continue;
          std::printf("parameter %s: %s -> %s\n", qPrintable(p.name), qPrintable(was), qPrintable(p.text()));
          ++changed;
        }
        std::printf("parameters after: %lld read, %d changed by the calibrations\n",
                    static_cast<long long>(params.size()), changed);
        std::fflush(stdout);
        runMotorTest();
      },
      Qt::SingleShotConnection);
  link_->params()->requestAll();
}

void BenchCheck::calibrateNext() {
  if (finished_) return;
  if (next_sensor_ >= request_.calibrate.size()) {
    station_->sitl()->releaseHand();
    progress(tr("Let go; reading the parameters back"));
    QTimer::singleShot(kSettleAfterMs, this, [this] { readParameters(true); });
    return;
  }
  QString why;
  if (!calibration_.start(request_.calibrate[next_sensor_], &why)) {
    std::printf("calibration %s: refused: %s\n",
                qPrintable(SensorCalibration::sensorName(request_.calibrate[next_sensor_])), qPrintable(why));
    finish(false);
    return;
  }
  timeout_.start(kCalibrationTimeoutMs);
}

void BenchCheck::runMotorTest() {
  if (finished_) return;
  if (!request_.motor_test) {
    finish(ok_);
    return;
  }
  rotors_.assign(std::size_t(model_.rotor_count), RotorRun{});
  watching_motors_ = true;
  connect(
      &motor_test_, &MotorTest::finished, this,
      [this](bool accepted, const QString& message) {
        std::printf("motor test: %s\n", qPrintable(message));
        std::fflush(stdout);
        if (!accepted) finish(false);
      },
      Qt::SingleShotConnection);
  QString why;
  if (!motor_test_.run(*request_.motor_test, model_.rotor_count, &why)) {
    std::printf("motor test: refused by the station: %s\n", qPrintable(why));
    finish(false);
    return;
  }
  QTimer::singleShot(int(request_.motor_test->duration_s * 1000) + kMotorWatchExtraMs, this,
                     &BenchCheck::judgeMotorTest);
}

QString BenchCheck::rotorName(int rotor) const {
  const Eigen::Vector3d& p = model_.rotors[std::size_t(rotor)].position_B_m;
  const QString fore = p.x() > 1e-3 ? QStringLiteral("front") : p.x() < -1e-3 ? QStringLiteral("rear") : QString();
  const QString side = p.y() > 1e-3 ? QStringLiteral("right") : p.y() < -1e-3 ? QStringLiteral("left") : QString();
  return QStringLiteral("rotor %1 (%2%3%4)")
      .arg(rotor + 1)
      .arg(fore, fore.isEmpty() || side.isEmpty() ? QString() : QStringLiteral(" "), side);
}

void BenchCheck::judgeMotorTest() {
  if (finished_) return;
  watching_motors_ = false;
  const int motor = request_.motor_test->motor;
  const int expected = rotorTested(model_, link_->autopilot(), motor);
  bool good = expected >= 0;
  for (int r = 0; r < int(rotors_.size()); ++r) {
    const RotorRun& run = rotors_[std::size_t(r)];
    const bool turning = run.peak_radps > kTurning_radps;
    std::printf("%s: a duty for %.2f s, up to %.1f rad/s%s\n", qPrintable(rotorName(r)), run.seconds(), run.peak_radps,
                r == expected ? " (the one asked)" : "");
    if (r != expected)
      good = good && !turning;
    else
      good = good && turning && std::abs(run.seconds() - request_.motor_test->duration_s) <= kMotorTimeTolerance_s;
  }
  std::printf("motor test: %s\n", good ? "only the rotor asked turned, for the time asked"
                                       : "FAILED: not only the rotor asked turned for the time asked");
  finish(ok_ && good);
}

void BenchCheck::drainTruth() {
  for (const TelemetrySample& t : station_->feed()->drain().samples) {
    hand_.see(t);
    if (!watching_motors_) continue;
    for (std::size_t r = 0; r < rotors_.size() && r < std::size_t(t.rotor_count); ++r) {
      RotorRun& run = rotors_[r];
      run.peak_radps = std::max(run.peak_radps, double(t.rotor_speed_radps[r]));
      if (t.motor_duty[r] <= 0.0f) continue;
      if (run.first_us < 0) run.first_us = t.time_us;
      run.last_us = t.time_us;
    }
  }
}

void BenchCheck::finish(bool ok) {
  if (finished_) return;
  finished_ = true;
  ok_ = ok;
  truth_timer_.stop();
  timeout_.stop();
  emit done();
}

}  // namespace navigator
