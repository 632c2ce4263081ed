// TelemetryPlots: the fly page's live plots — accelerometer, gyro, magnetometer, wind, motor
// duties, rotor speeds, and attitude true vs estimated — fed from the simulator's samples
// (every 1 kHz IMU period, nothing skipped) and the firmware's attitude reports. The estimate
// is plotted at the firmware's own time stamps, against the true attitude of the same instant
// (SITL runs on simulated time), so the two lines are comparable sample for sample.
// GUI thread only.
#pragma once

#include "app/core/simulation_worker.h"
#include "app/link/vehicle_link.h"

#include <Eigen/Geometry>
#include <QList>
#include <QStringList>
#include <QWidget>

#include <array>
#include <deque>
#include <optional>
#include <vector>

class QGridLayout;

namespace navigator {

class LivePlot;

class TelemetryPlots : public QWidget {
  Q_OBJECT
 public:
  explicit TelemetryPlots(QWidget* parent = nullptr);

  void appendSamples(const std::vector<TelemetrySample>& samples);
  void appendEstimate(const AttitudeSample& estimate);
  void clear();
  // The rotation from the firmware's flight axes to the body (vsim::flightAxes_BF): the true
  // attitude is plotted in the axes the estimate is made in (identity for multirotors; a
  // lander standing with its body X up is turned 90°), so true and estimated can be compared.
  void setFlightAxes(const Eigen::Quaterniond& q_BF) { q_BF_ = q_BF; }
  // The airframe's rotors, (forward, right) in metres in body FRD, in the firmware's motor
  // order: the motor plots get one series per rotor, named by number and place ("motor 1 front
  // right"). The samples recorded so far in those two plots are dropped.
  void setRotorPositions(const std::vector<std::array<double, 2>>& xy_FRD_m);
  // "front", "front right", … "front left": where (forward, right) lies seen from above; empty
  // for the centre.
  static QString rotorPositionName(double x_forward_m, double y_right_m);

  const QList<LivePlot*>& plots() const { return plots_; }
  LivePlot* plot(const QString& title) const;
  std::uint64_t samplesPlotted() const { return samples_plotted_; }

 private:
  struct TrueAttitude {
    std::int64_t time_us;
    double roll_deg, pitch_deg, yaw_deg;
  };

  LivePlot *accel_ = nullptr, *gyro_ = nullptr, *mag_ = nullptr, *wind_ = nullptr, *duty_ = nullptr, *speed_ = nullptr,
           *attitude_ = nullptr;
  QGridLayout* grid_ = nullptr;
  QStringList rotor_positions_;
  QList<LivePlot*> plots_;
  void matchEstimates();

  std::deque<TrueAttitude> recent_truth_;  // the last couple of seconds, to meet the estimates
  std::deque<AttitudeSample> pending_estimates_;
  std::vector<double> times_, values_;  // batch scratch, reused
  std::uint64_t samples_plotted_ = 0;
  // Where the simulator's current run began on the samples' clock: the firmware stamps its
  // estimates with the run's own time (TelemetrySample::run_start_us).
  std::int64_t run_start_us_ = 0;
  std::optional<std::int64_t> previous_run_start_us_;  // the run before it, for estimates made there
  Eigen::Quaterniond q_BF_ = Eigen::Quaterniond::Identity();
};

}  // namespace navigator
