#include "app/ui/log_overlay_view.h"

#include "widgets/plots/live_plot.h"
#include "widgets/plots/series_plot.h"

#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>

namespace navigator {
namespace {

QVector<double> toVector(const std::vector<double>& v) { return QVector<double>(v.begin(), v.end()); }

// Duty in percent, as the Fly page's motor plot.
QVector<double> percent(const std::vector<double>& v) {
  QVector<double> out;
  out.reserve(qsizetype(v.size()));
  for (double d : v) out << 100.0 * d;
  return out;
}

}  // namespace

LogOverlayView::LogOverlayView(QWidget* parent) : QWidget(parent) {
  caption_ = new QLabel;
  caption_->setWordWrap(true);
  caption_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  attitude_ = new SeriesPlot(tr("Attitude"));
  attitude_->setAxisLabels(tr("time from the log's start [s]"), tr("angle [deg]"));
  motors_ = new SeriesPlot(tr("Motor duty"));
  motors_->setAxisLabels(tr("time from the log's start [s]"), tr("duty [%]"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(caption_);
  layout->addWidget(attitude_, 1);
  layout->addWidget(motors_, 1);
  clear();
}

void LogOverlayView::clear() {
  attitude_->clear();
  motors_->clear();
  caption_->setText(
      tr("Overlay… shows a second log against the one open: the attitude and the motor duties of both "
         "against the time from each log's start."));
}

bool LogOverlayView::isEmpty() const { return attitude_->seriesCount() == 0; }

void LogOverlayView::setLogs(const ReplayTrace& first, const QString& first_name, const ReplayTrace& second,
                             const QString& second_name) {
  attitude_->clear();
  motors_->clear();
  const QString angles[3] = {tr("roll"), tr("pitch"), tr("yaw")};
  const ReplayTrace* traces[2] = {&first, &second};
  const QString names[2] = {first_name, second_name};
  for (int log = 0; log < 2; ++log) {
    const ReplayTrace& t = *traces[log];
    const Qt::PenStyle style = log == 0 ? Qt::SolidLine : Qt::DashLine;
    const QString who = log == 0 ? tr("A") : tr("B");
    const QVector<double> time = toVector(t.time_s);
    const std::vector<double>* values[3] = {&t.roll_deg, &t.pitch_deg, &t.yaw_deg};
    for (int k = 0; k < 3; ++k) {
      const int s = attitude_->addSeries({tr("%1 %2").arg(who, angles[k]), plotColour(k), style});
      attitude_->setData(s, time, toVector(*values[k]));
    }
    for (std::size_t r = 0; r < t.motor_duty.size(); ++r) {
      const int s = motors_->addSeries({tr("%1 motor %2").arg(who).arg(r + 1), plotColour(int(r)), style});
      motors_->setData(s, time, percent(t.motor_duty[r]));
    }
  }
  auto length = [](const ReplayTrace& t) { return t.time_s.empty() ? 0.0 : t.time_s.back(); };
  caption_->setText(tr("A, solid: %1 (%2 s)   ·   B, dashed: %3 (%4 s)   ·   time from each log's start")
                        .arg(names[0], QLocale().toString(length(first), 'f', 1), names[1],
                             QLocale().toString(length(second), 'f', 1)));
}

}  // namespace navigator
