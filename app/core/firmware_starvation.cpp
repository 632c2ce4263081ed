#include "app/core/firmware_starvation.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

#include <algorithm>

namespace navigator {
namespace {

// The simulator's threshold for a gap (the default the station's simulator runs with) [s].
double gapThresholdS() { return double(vsim::ServiceOptions{}.output_gap_ms) * 1e-3; }

// The same report read twice: nothing moved in the simulator between the two reads.
bool sameReport(const vsim::ServiceStatus& a, const vsim::ServiceStatus& b) {
  return a.sim_time_s == b.sim_time_s && a.imu_frames_out == b.imu_frames_out &&
         a.actuator_frames_in == b.actuator_frames_in && a.imu_frames_dropped == b.imu_frames_dropped;
}

// Counters that went backwards: another simulator (a restart), not this one's history.
bool wentBack(const vsim::ServiceStatus& now, const vsim::ServiceStatus& before) {
  return now.imu_frames_out < before.imu_frames_out || now.actuator_frames_in < before.actuator_frames_in ||
         now.output_gaps < before.output_gaps || now.stale_outputs < before.stale_outputs ||
         now.imu_frames_dropped < before.imu_frames_dropped;
}

}  // namespace

void FirmwareStarvation::reset() {
  intervals_.clear();
  last_.reset();
  silent_s_ = 0;
}

void FirmwareStarvation::prune(double now_s) {
  while (!intervals_.empty() && intervals_.front().at_s <= now_s - kWindowS) intervals_.pop_front();
}

void FirmwareStarvation::take(double now_s, const vsim::ServiceStatus& status) {
  prune(now_s);
  if (last_ && sameReport(status, *last_)) return;
  if (last_ && wentBack(status, *last_)) reset();
  const bool answering_before = last_ && last_->actuator_frames_in > 0;
  // Silent now: only a firmware that has answered can fall silent.
  silent_s_ = status.actuator_frames_in > 0 && status.output_age_s > gapThresholdS() ? status.output_age_s : 0.0;
  if (answering_before) {
    Interval i;
    i.at_s = now_s;
    i.gaps = status.output_gaps - last_->output_gaps;
    i.stale = status.stale_outputs - last_->stale_outputs;
    i.not_taken = status.imu_frames_dropped - last_->imu_frames_dropped;
    // The status's longest gap is the longest since its previous report.
    i.longest_gap_s = i.gaps > 0 ? status.longest_output_gap_s : 0.0;
    if (i.gaps > 0 || i.stale > 0 || i.not_taken > 0) intervals_.push_back(i);
  }
  last_ = status;
}

FirmwareStarvation::Verdict FirmwareStarvation::verdict() const {
  Verdict v;
  for (const Interval& i : intervals_) {
    v.output_gaps += i.gaps;
    v.stale_outputs += i.stale;
    v.frames_not_taken += i.not_taken;
    v.longest_gap_s = std::max(v.longest_gap_s, i.longest_gap_s);
  }
  v.silent_s = silent_s_;
  return v;
}

QString FirmwareStarvation::text() const {
  const Verdict v = verdict();
  if (!v.starved()) return {};
  const auto tr = [](const char* s) { return QCoreApplication::translate("FirmwareStarvation", s); };
  const QLocale locale;
  const QString threshold_ms = QString::number(vsim::ServiceOptions{}.output_gap_ms);
  QStringList parts;
  if (v.silent_s > 0) parts << tr("no motor outputs for %1 s now").arg(locale.toString(v.silent_s, 'f', 2));
  if (v.output_gaps > 0)
    parts << tr("gaps over %1 ms in its motor outputs: %2 (the longest %3 s)")
                 .arg(threshold_ms)
                 .arg(v.output_gaps)
                 .arg(locale.toString(v.longest_gap_s, 'f', 2));
  if (v.stale_outputs > 0)
    parts << tr("outputs computed from sensor frames over %1 ms old: %2").arg(threshold_ms).arg(v.stale_outputs);
  if (v.frames_not_taken > 0) parts << tr("sensor frames it did not take: %1").arg(v.frames_not_taken);
  return tr("Firmware starved in the last %1 s: %2. The vehicle flew on old motor outputs meanwhile.")
      .arg(kWindowS, 0, 'f', 0)
      .arg(parts.join(QStringLiteral("; ")));
}

QString FirmwareStarvation::advice() {
  return QCoreApplication::translate("FirmwareStarvation",
                                     "The firmware's loop was held back. Lighten the machine's load, or let the "
                                     "firmware run in real time: the log says whether the system allows it "
                                     "(navigator --rt-priority).");
}

}  // namespace navigator
