#include "app/ui/telemetry_plots.h"

#include "sim/base/frames.h"
#include "widgets/plots/live_plot.h"

#include <QGridLayout>
#include <QtGlobal>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace navigator {
namespace {

constexpr double kDegPerRad = 180.0 / std::numbers::pi;
constexpr std::int64_t kTruthKept_us = 3'000'000;  // estimates arrive within milliseconds
// The most an estimate arrives ahead of the samples of its instant (a drain waits for the GUI's
// timer; a stalled GUI thread delivers the link's backlog first).
constexpr std::int64_t kEstimateLead_us = 1'000'000;

// Appends a batch to `plot`: `fill(sample, row)` writes one sample's values into `row`.
template <class Fill>
void appendEach(LivePlot* plot, const std::vector<TelemetrySample>& samples, std::vector<double>& times,
                std::vector<double>& values, Fill fill) {
  const std::size_t n = std::size_t(plot->channels().size());
  times.resize(samples.size());
  values.resize(samples.size() * n);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    times[i] = double(samples[i].time_us) * 1e-6;
    fill(samples[i], &values[i * n]);
  }
  plot->appendBatch(times, values);
}

QList<PlotChannel> rotorChannels(const QStringList& positions, const QString& unit) {
  QList<PlotChannel> c;
  for (int i = 0; i < positions.size(); ++i)
    c.append({positions[i].isEmpty() ? TelemetryPlots::tr("motor %1").arg(i + 1)
                                     : TelemetryPlots::tr("motor %1 %2").arg(i + 1).arg(positions[i]),
              unit, plotColour(i)});
  return c;
}

// The smallest y span autoscale shows per quantity: a little more than a hover's sensor noise,
// so a calm wind (2·10⁻¹⁸ m/s of round-off) or an idle motor is drawn flat, not as a storm.
constexpr double kMinSpanAccel_mps2 = 1.0;
constexpr double kMinSpanGyro_radps = 0.1;
constexpr double kMinSpanMag_G = 0.1;
constexpr double kMinSpanWind_mps = 1.0;
constexpr double kMinSpanDuty_pct = 10.0;
constexpr double kMinSpanRotor_radps = 50.0;
constexpr double kMinSpanAttitude_deg = 2.0;

}  // namespace

QString TelemetryPlots::rotorPositionName(double x_forward_m, double y_right_m) {
  // Eight sectors of 45° around the body: the bearing from the nose, clockwise seen from above.
  static const char* const kNames[] = {QT_TR_NOOP("front"),      QT_TR_NOOP("front right"), QT_TR_NOOP("right"),
                                       QT_TR_NOOP("rear right"), QT_TR_NOOP("rear"),        QT_TR_NOOP("rear left"),
                                       QT_TR_NOOP("left"),       QT_TR_NOOP("front left")};
  if (!(std::isfinite(x_forward_m) && std::isfinite(y_right_m)) || std::hypot(x_forward_m, y_right_m) < 1e-6) return {};
  const double bearing_deg = std::atan2(y_right_m, x_forward_m) * kDegPerRad;
  const int sector = int(std::lround((bearing_deg < 0 ? bearing_deg + 360.0 : bearing_deg) / 45.0)) % 8;
  return tr(kNames[sector]);
}

TelemetryPlots::TelemetryPlots(QWidget* parent) : QWidget(parent) {
  accel_ = new LivePlot(tr("Accelerometer (sensor axes)"), xyzChannels(tr("accel "), QStringLiteral("m/s²")));
  gyro_ = new LivePlot(tr("Gyro (sensor axes)"), xyzChannels(tr("gyro "), QStringLiteral("rad/s")));
  mag_ = new LivePlot(tr("Magnetometer (sensor axes)"), xyzChannels(tr("mag "), QStringLiteral("G")));
  // Steady wind solid, its gust of the same axis dashed in the same colour.
  wind_ = new LivePlot(tr("Wind (NED)"), {{tr("wind north"), QStringLiteral("m/s"), plotColour(0)},
                                          {tr("wind east"), QStringLiteral("m/s"), plotColour(1)},
                                          {tr("wind down"), QStringLiteral("m/s"), plotColour(2)},
                                          {tr("gust north"), QStringLiteral("m/s"), plotColour(0), Qt::DashLine},
                                          {tr("gust east"), QStringLiteral("m/s"), plotColour(1), Qt::DashLine},
                                          {tr("gust down"), QStringLiteral("m/s"), plotColour(2), Qt::DashLine},
                                          {tr("airspeed"), QStringLiteral("m/s"), plotColour(6)}});
  // Truth solid, the firmware's estimate of the same angle dashed in the same colour.
  attitude_ = new LivePlot(tr("Attitude: true vs estimated"),
                           {{tr("roll true"), QStringLiteral("deg"), plotColour(0)},
                            {tr("pitch true"), QStringLiteral("deg"), plotColour(1)},
                            {tr("yaw true"), QStringLiteral("deg"), plotColour(2)},
                            {tr("roll est."), QStringLiteral("deg"), plotColour(0), Qt::DashLine},
                            {tr("pitch est."), QStringLiteral("deg"), plotColour(1), Qt::DashLine},
                            {tr("yaw est."), QStringLiteral("deg"), plotColour(2), Qt::DashLine}});
  accel_->setMinimumYSpan(kMinSpanAccel_mps2);
  gyro_->setMinimumYSpan(kMinSpanGyro_radps);
  mag_->setMinimumYSpan(kMinSpanMag_G);
  wind_->setMinimumYSpan(kMinSpanWind_mps);
  attitude_->setMinimumYSpan(kMinSpanAttitude_deg);
  grid_ = new QGridLayout(this);
  grid_->setContentsMargins(0, 0, 0, 0);
  for (int column = 0; column < 4; ++column) grid_->setColumnStretch(column, 1);
  setRotorPositions({{1, 1}, {-1, -1}, {1, -1}, {-1, 1}});  // a quad X in PX4's order until told
}

void TelemetryPlots::setRotorPositions(const std::vector<std::array<double, 2>>& xy_FRD_m) {
  QStringList positions;
  for (const auto& p : xy_FRD_m) positions << rotorPositionName(p[0], p[1]);
  if (duty_ && positions == rotor_positions_) return;
  rotor_positions_ = positions;
  // The motor plots have one series per rotor: made anew for this airframe.
  delete duty_;
  delete speed_;
  duty_ = new LivePlot(tr("Motor duty"), rotorChannels(positions, QStringLiteral("%")));
  speed_ = new LivePlot(tr("Rotor speed"), rotorChannels(positions, QStringLiteral("rad/s")));
  duty_->setMinimumYSpan(kMinSpanDuty_pct);
  speed_->setMinimumYSpan(kMinSpanRotor_radps);
  plots_ = {accel_, gyro_, mag_, wind_, duty_, speed_, attitude_};
  for (int i = 0; i < plots_.size(); ++i) grid_->addWidget(plots_[i], i / 4, i % 4);
}

LivePlot* TelemetryPlots::plot(const QString& title) const {
  for (LivePlot* p : plots_)
    if (p->title() == title) return p;
  return nullptr;
}

void TelemetryPlots::appendSamples(const std::vector<TelemetrySample>& samples) {
  if (samples.empty()) return;
  // The simulation restarted (a reset): its time begins again, and so do the plots.
  if (!recent_truth_.empty() && samples.front().time_us <= recent_truth_.back().time_us) clear();
  appendEach(accel_, samples, times_, values_, [](const TelemetrySample& s, double* v) {
    for (int i = 0; i < 3; ++i) v[i] = s.accel_S_mps2[std::size_t(i)];
  });
  appendEach(gyro_, samples, times_, values_, [](const TelemetrySample& s, double* v) {
    for (int i = 0; i < 3; ++i) v[i] = s.gyro_S_radps[std::size_t(i)];
  });
  appendEach(mag_, samples, times_, values_, [](const TelemetrySample& s, double* v) {
    for (int i = 0; i < 3; ++i) v[i] = s.mag_S_gauss[std::size_t(i)];
  });
  appendEach(wind_, samples, times_, values_, [](const TelemetrySample& s, double* v) {
    for (int i = 0; i < 3; ++i) {
      v[i] = s.wind_NED_mps[std::size_t(i)];
      v[3 + i] = s.turbulence_NED_mps[std::size_t(i)];
    }
    v[6] = s.airspeed_mps;
  });
  // Rotors beyond the vehicle's count are gaps, not zeros. Duty in percent.
  const int rotors = int(rotor_positions_.size());
  appendEach(duty_, samples, times_, values_, [rotors](const TelemetrySample& s, double* v) {
    for (int i = 0; i < rotors; ++i)
      v[i] = i < s.rotor_count ? 100.0 * double(s.motor_duty[std::size_t(i)]) : std::nan("");
  });
  appendEach(speed_, samples, times_, values_, [rotors](const TelemetrySample& s, double* v) {
    for (int i = 0; i < rotors; ++i)
      v[i] = i < s.rotor_count ? double(s.rotor_speed_radps[std::size_t(i)]) : std::nan("");
  });
  for (const TelemetrySample& s : samples) {
    if (s.run_start_us != run_start_us_) {
      previous_run_start_us_ = run_start_us_;
      run_start_us_ = s.run_start_us;
    }
    const auto& q = s.attitude_WB_wxyz;
    const vsim::frames::EulerAngles e =
        vsim::frames::eulerFromQuaternion(Eigen::Quaterniond(q[0], q[1], q[2], q[3]) * q_BF_);
    recent_truth_.push_back({s.time_us, e.roll_rad * kDegPerRad, e.pitch_rad * kDegPerRad, e.yaw_rad * kDegPerRad});
  }
  while (!recent_truth_.empty() && recent_truth_.front().time_us < recent_truth_.back().time_us - kTruthKept_us)
    recent_truth_.pop_front();
  samples_plotted_ += samples.size();
  matchEstimates();
}

void TelemetryPlots::appendEstimate(const AttitudeSample& estimate) {
  // Over UDP the estimate usually arrives before the simulator's sample of the same instant is
  // drained: it waits until the truth for its time is here.
  pending_estimates_.push_back(estimate);
  if (pending_estimates_.size() > 1000) pending_estimates_.pop_front();  // (no simulator behind it: a board)
  matchEstimates();
}

void TelemetryPlots::matchEstimates() {
  while (!pending_estimates_.empty() && !recent_truth_.empty()) {
    const AttitudeSample& e = pending_estimates_.front();
    // The IMU period it was made at, on the samples' clock: the firmware's clock is its run's.
    const std::int64_t run_time_us = std::int64_t(e.time_boot_ms) * 1000;
    std::int64_t t_us = run_start_us_ + run_time_us;
    // Well ahead of the truth but within the run before: made before a reset, arriving after it.
    if (previous_run_start_us_ && t_us > recent_truth_.back().time_us + kEstimateLead_us &&
        *previous_run_start_us_ + run_time_us <= recent_truth_.back().time_us)
      t_us = *previous_run_start_us_ + run_time_us;
    if (t_us > recent_truth_.back().time_us + kTruthKept_us) {  // of no run the plots know
      pending_estimates_.pop_front();
      continue;
    }
    if (t_us > recent_truth_.back().time_us) return;  // its truth is still on the way
    auto it = std::lower_bound(recent_truth_.begin(), recent_truth_.end(), t_us,
                               [](const TrueAttitude& a, std::int64_t t) { return a.time_us < t; });
    if (it != recent_truth_.end() && it->time_us == t_us)
      attitude_->append(double(t_us) * 1e-6, {it->roll_deg, it->pitch_deg, it->yaw_deg, e.roll_rad * kDegPerRad,
                                              e.pitch_rad * kDegPerRad, e.yaw_rad * kDegPerRad});
    pending_estimates_.pop_front();  // matched, or from before what is kept (a restart)
  }
}

void TelemetryPlots::clear() {
  for (LivePlot* p : plots_) p->clear();
  recent_truth_.clear();
  pending_estimates_.clear();
  run_start_us_ = 0;
  previous_run_start_us_.reset();
}

}  // namespace navigator
