#include "app/ui/telemetry_plots.h"

#include "sim/base/frames.h"
#include "widgets/plots/live_plot.h"

#include <QGridLayout>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace navigator {
namespace {

constexpr double kDegPerRad = 180.0 / std::numbers::pi;
constexpr std::int64_t kTruthKept_us = 3'000'000;  // estimates arrive within milliseconds

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

QList<PlotChannel> rotorChannels(const QString& unit) {
  QList<PlotChannel> c;
  for (int i = 0; i < 4; ++i) c.append({TelemetryPlots::tr("motor %1").arg(i + 1), unit, plotColour(i)});
  return c;
}

}  // namespace

TelemetryPlots::TelemetryPlots(QWidget* parent) : QWidget(parent) {
  accel_ = new LivePlot(tr("Accelerometer (sensor axes)"), xyzChannels(QString(), QStringLiteral("m/s²")));
  gyro_ = new LivePlot(tr("Gyro (sensor axes)"), xyzChannels(QString(), QStringLiteral("rad/s")));
  mag_ = new LivePlot(tr("Magnetometer (sensor axes)"), xyzChannels(QString(), QStringLiteral("G")));
  wind_ = new LivePlot(tr("Wind (NED)"), {{tr("north"), QStringLiteral("m/s"), plotColour(0)},
                                          {tr("east"), QStringLiteral("m/s"), plotColour(1)},
                                          {tr("down"), QStringLiteral("m/s"), plotColour(2)},
                                          {tr("gust north"), QStringLiteral("m/s"), plotColour(3)},
                                          {tr("gust east"), QStringLiteral("m/s"), plotColour(4)},
                                          {tr("gust down"), QStringLiteral("m/s"), plotColour(5)},
                                          {tr("airspeed"), QStringLiteral("m/s"), plotColour(6)}});
  duty_ = new LivePlot(tr("Motor duty"), rotorChannels(QStringLiteral("1")));
  speed_ = new LivePlot(tr("Rotor speed"), rotorChannels(QStringLiteral("rad/s")));
  attitude_ = new LivePlot(tr("Attitude: true vs estimated"), {{tr("roll"), QStringLiteral("deg"), plotColour(0)},
                                                                {tr("pitch"), QStringLiteral("deg"), plotColour(1)},
                                                                {tr("yaw"), QStringLiteral("deg"), plotColour(2)},
                                                                {tr("roll est"), QStringLiteral("deg"), plotColour(3)},
                                                                {tr("pitch est"), QStringLiteral("deg"), plotColour(4)},
                                                                {tr("yaw est"), QStringLiteral("deg"), plotColour(5)}});
  plots_ = {accel_, gyro_, mag_, wind_, duty_, speed_, attitude_};
  auto* grid = new QGridLayout(this);
  grid->setContentsMargins(0, 0, 0, 0);
  for (int i = 0; i < plots_.size(); ++i) grid->addWidget(plots_[i], i / 4, i % 4);
  for (int column = 0; column < 4; ++column) grid->setColumnStretch(column, 1);
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
  // Rotors beyond the vehicle's count are gaps, not zeros.
  appendEach(duty_, samples, times_, values_, [](const TelemetrySample& s, double* v) {
    for (int i = 0; i < 4; ++i) v[i] = i < s.rotor_count ? double(s.motor_duty[std::size_t(i)]) : std::nan("");
  });
  appendEach(speed_, samples, times_, values_, [](const TelemetrySample& s, double* v) {
    for (int i = 0; i < 4; ++i) v[i] = i < s.rotor_count ? double(s.rotor_speed_radps[std::size_t(i)]) : std::nan("");
  });
  for (const TelemetrySample& s : samples) {
    const auto& q = s.attitude_WB_wxyz;
    const vsim::frames::EulerAngles e = vsim::frames::eulerFromQuaternion(Eigen::Quaterniond(q[0], q[1], q[2], q[3]));
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
    const std::int64_t t_us = std::int64_t(e.time_boot_ms) * 1000;  // the IMU period it was made at
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
}

}  // namespace navigator
