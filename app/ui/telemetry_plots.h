// TelemetryPlots: the fly page's live plots — accelerometer, gyro, magnetometer, wind, motor
// duties, rotor speeds, and attitude true vs estimated — fed from the simulator's samples
// (every 1 kHz IMU period, nothing skipped) and the firmware's attitude reports. The estimate
// is plotted at the firmware's own time stamps, against the true attitude of the same instant
// (SITL runs on simulated time), so the two lines are comparable sample for sample.
// GUI thread only.
#pragma once

#include "app/core/simulation_worker.h"
#include "app/link/vehicle_link.h"

#include <QList>
#include <QWidget>

#include <deque>
#include <vector>

namespace navigator {

class LivePlot;

class TelemetryPlots : public QWidget {
  Q_OBJECT
 public:
  explicit TelemetryPlots(QWidget* parent = nullptr);

  void appendSamples(const std::vector<TelemetrySample>& samples);
  void appendEstimate(const AttitudeSample& estimate);
  void clear();

  const QList<LivePlot*>& plots() const { return plots_; }
  LivePlot* plot(const QString& title) const;
  std::uint64_t samplesPlotted() const { return samples_plotted_; }

 private:
  struct TrueAttitude {
    std::int64_t time_us;
    double roll_deg, pitch_deg, yaw_deg;
  };

  LivePlot *accel_, *gyro_, *mag_, *wind_, *duty_, *speed_, *attitude_;
  QList<LivePlot*> plots_;
  void matchEstimates();

  std::deque<TrueAttitude> recent_truth_;  // the last couple of seconds, to meet the estimates
  std::deque<AttitudeSample> pending_estimates_;
  std::vector<double> times_, values_;      // batch scratch, reused
  std::uint64_t samples_plotted_ = 0;
};

}  // namespace navigator
