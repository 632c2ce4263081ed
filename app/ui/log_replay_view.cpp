#include "app/ui/log_replay_view.h"

#include "app/ui/log_overlay_view.h"
#include "app/ui/sample_pose.h"
#include "app/ui/telemetry_plots.h"
#include "sim/base/frames.h"
#include "widgets/flight_view/flight_view_3d.h"
#include "widgets/plots/live_plot.h"
#include "widgets/timeline_bar.h"

#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace navigator {
namespace {

constexpr double kDegPerRad = 180.0 / std::numbers::pi;
constexpr std::int64_t kTrailPeriodUs = 1'000'000 / 60;  // the live view's pose rate
constexpr int kProblemsShown = 5;

}  // namespace

QString logDurationText(double s) {
  // One format for every length, to the tenth (not "41.0 s" in one row and "1:03" in the next):
  // m:ss.s, or h:mm:ss.s from an hour, the decimal mark the user's.
  if (!(s >= 0) || !std::isfinite(s)) return QString();
  const qint64 tenths = qint64(std::llround(s * 10.0));
  const qint64 whole = tenths / 10, h = whole / 3600, m = (whole / 60) % 60, sec = whole % 60;
  const QString ss =
      QStringLiteral("%1%2%3").arg(sec, 2, 10, QLatin1Char('0')).arg(QLocale().decimalPoint()).arg(tenths % 10);
  return h > 0 ? QStringLiteral("%1:%2:%3").arg(h).arg(m, 2, 10, QLatin1Char('0')).arg(ss)
               : QStringLiteral("%1:%2").arg(m).arg(ss);
}

QString logProblemsText(const QStringList& problems) {
  QStringList shown = problems.mid(0, kProblemsShown);
  if (problems.size() > kProblemsShown)
    shown << LogReplayView::tr("and %n more", nullptr, int(problems.size() - kProblemsShown));
  return shown.join(QStringLiteral("; "));
}

LogReplayView::LogReplayView(QWidget* parent) : QWidget(parent) {
  view_ = new FlightView3D;
  view_->setTrailPointCount(kTrailPoints);
  plots_ = new TelemetryPlots;
  timeline_ = new TimelineBar;
  timeline_->setSpeeds(QList<double>(LogReplay::kSpeeds.begin(), LogReplay::kSpeeds.end()), replay_.speed());
  opened_label_ = new QLabel(tr("No log open: choose a flight above, or Open File… for any ULog file."));
  opened_label_->setWordWrap(true);
  opened_label_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* views = new QSplitter(Qt::Horizontal);
  views->addWidget(view_);
  views->addWidget(plots_);
  views->setStretchFactor(0, 1);
  views->setStretchFactor(1, 3);
  auto* replay = new QWidget;
  auto* layout = new QVBoxLayout(replay);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(opened_label_);
  layout->addWidget(views, 1);
  layout->addWidget(timeline_);
  overlay_view_ = new LogOverlayView;
  view_tabs_ = new QTabWidget;
  view_tabs_->addTab(replay, tr("Replay"));
  view_tabs_->addTab(overlay_view_, tr("Overlay"));
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  outer->addWidget(view_tabs_);
  connectReplay();

  // The names a user's accessibility and test tools find the parts by.
  view_tabs_->setObjectName(QStringLiteral("tabs"));
  opened_label_->setObjectName(QStringLiteral("openedLabel"));
}

LogReplayView::~LogReplayView() = default;

void LogReplayView::open(const QString& path) { replay_.open(path); }

bool LogReplayView::overlay(const QString& path) {
  if (!replay_.log()) return false;
  overlay_replay_.open(path);
  return true;
}

void LogReplayView::cancelOpen() {
  replay_.cancelOpen();
  overlay_replay_.cancelOpen();
}

bool LogReplayView::isOpening() const { return replay_.isOpening() || overlay_replay_.isOpening(); }

void LogReplayView::connectReplay() {
  connect(&replay_, &LogReplay::opened, this, &LogReplayView::showOpened);
  for (LogReplay* r : {&replay_, &overlay_replay_}) {
    connect(r, &LogReplay::openProgress, this, &LogReplayView::openProgress);
    connect(r, &LogReplay::openFailed, this, &LogReplayView::openFailed);
    connect(r, &LogReplay::openCancelled, this, &LogReplayView::openCancelled);
  }
  connect(&overlay_replay_, &LogReplay::opened, this, [this](const QString& path) {
    overlay_log_ = overlay_replay_.log();
    overlay_name_ = QFileInfo(path).fileName();
    showOverlay();
    view_tabs_->setCurrentWidget(overlay_view_);
    emit overlaid(overlay_name_);
  });
  connect(&replay_, &LogReplay::logChanged, this, &LogReplayView::showLog);
  connect(&replay_, &LogReplay::samplesDue, this, &LogReplayView::showSamples);
  connect(&replay_, &LogReplay::jumped, this, &LogReplayView::refill);
  connect(&replay_, &LogReplay::positionChanged, this,
          [this](std::int64_t t_us) { timeline_->setPosition(double(t_us) * 1e-6); });
  connect(&replay_, &LogReplay::playingChanged, timeline_, &TimelineBar::setPlaying);
  connect(&replay_, &LogReplay::speedChanged, timeline_, &TimelineBar::setSpeed);
  connect(&replay_, &LogReplay::spanChanged, this,
          [this](std::int64_t from, std::int64_t to) { timeline_->setSpan(double(from) * 1e-6, double(to) * 1e-6); });
  connect(timeline_, &TimelineBar::playRequested, &replay_, &LogReplay::play);
  connect(timeline_, &TimelineBar::pauseRequested, &replay_, &LogReplay::pause);
  connect(timeline_, &TimelineBar::seekRequested, this, [this](double t_s) { replay_.seek(std::llround(t_s * 1e6)); });
  connect(timeline_, &TimelineBar::speedChosen, this, [this](double speed) { replay_.setSpeed(speed); });
  connect(timeline_, &TimelineBar::spanChosen, this, [this](double from_s, double to_s) {
    replay_.setSpan(std::llround(from_s * 1e6), std::llround(to_s * 1e6));
  });
  connect(timeline_, &TimelineBar::wholeSpanRequested, &replay_, &LogReplay::resetSpan);
}

void LogReplayView::showLog() {
  const std::shared_ptr<const ReplayLog>& log = replay_.log();
  if (!log) return;
  // The motors by number: a log does not say where its rotors are.
  plots_->setRotorPositions(std::vector<std::array<double, 2>>(std::size_t(log->rotorCount()), {0.0, 0.0}));
  timeline_->setLength(double(log->durationUs()) * 1e-6);
}

void LogReplayView::showOpened(const QString& path) {
  const std::shared_ptr<const ReplayLog>& log = replay_.log();
  if (!log) return;
  const LogSummary s = summaryOf(*log);
  QStringList missing;
  for (int p = 0; p < ReplayLog::kPartCount; ++p)
    if (log->topicOf(ReplayLog::Part(p)).empty())
      missing << QString::fromLatin1(ReplayLog::partName(ReplayLog::Part(p)));
  QString text = tr("<b>%1</b> — %2, %3, %4 · pose from %5 (%n samples)", nullptr, int(log->sampleCount()))
                     .arg(s.file_name.toHtmlEscaped(), s.airframe.toHtmlEscaped(), s.source.toHtmlEscaped(),
                          logDurationText(s.duration_s), QString::fromStdString(log->clockTopic()));
  if (!missing.isEmpty()) text += tr(" · not in this log: %1").arg(missing.join(QStringLiteral(", ")));
  opened_label_->setText(text);
  view_tabs_->setCurrentIndex(0);
  if (overlay_log_) showOverlay();
  emit opened(path, s);
}

void LogReplayView::showSamples(const std::vector<TelemetrySample>& samples,
                                const std::vector<AttitudeWxyz>& estimates) {
  plots_->appendSamples(samples);
  appendAttitude(samples, estimates);
  if (!samples.empty()) showSamplePose(view_, samples.back());
}

void LogReplayView::appendAttitude(const std::vector<TelemetrySample>& samples,
                                   const std::vector<AttitudeWxyz>& estimates) {
  // The attitude plot is fed here, not through TelemetryPlots::appendEstimate (which meets a
  // live estimate with the truth of the same millisecond): a log has both at every sample, or,
  // PX4's, only the estimate (dashed) and no truth (a gap where the solid line would be).
  LivePlot* plot = plots_->plot(TelemetryPlots::tr("Attitude: true vs estimated"));
  if (!plot || plot->channels().size() != 6 || samples.empty()) return;
  const bool truth = replay_.log() && replay_.log()->hasTruth();
  auto angles = [](const AttitudeWxyz& q, double* out) {
    const vsim::frames::EulerAngles e = vsim::frames::eulerFromQuaternion(Eigen::Quaterniond(q[0], q[1], q[2], q[3]));
    out[0] = e.roll_rad * kDegPerRad;
    out[1] = e.pitch_rad * kDegPerRad;
    out[2] = e.yaw_rad * kDegPerRad;
  };
  times_.resize(samples.size());
  values_.resize(samples.size() * 6);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    times_[i] = double(samples[i].time_us) * 1e-6;
    double* v = &values_[i * 6];
    if (truth)
      angles(samples[i].attitude_WB_wxyz, v);
    else
      v[0] = v[1] = v[2] = std::nan("");
    if (i < estimates.size())
      angles(estimates[i], v + 3);
    else
      v[3] = v[4] = v[5] = std::nan("");
  }
  plot->appendBatch(times_, values_);
}

void LogReplayView::refill(std::int64_t position_us) {
  const std::shared_ptr<const ReplayLog>& log = replay_.log();
  if (!log) return;
  // The plots show the span's length (within what they keep) up to the position, as a live
  // flight shows its last seconds; in whole seconds, as a plot's window box holds it.
  const double span_s = double(replay_.spanToUs() - replay_.spanFromUs()) * 1e-6;
  const double window_s =
      std::clamp(std::ceil(span_s - 1e-9), TimeSeriesBuffer::kMinWindow_s, TimeSeriesBuffer::kMaxWindow_s);
  for (LivePlot* p : plots_->plots()) p->setWindow(window_s);
  plots_->clear();
  // (after, position]: the sample at the window's left edge too, as a plot keeps it.
  const std::int64_t after =
      std::max(replay_.spanFromUs(), position_us - std::int64_t(std::llround(window_s * 1e6))) - 1;
  refill_.clear();
  refill_estimates_.clear();
  log->samples(after, position_us, refill_, &refill_estimates_);
  plots_->appendSamples(refill_);
  appendAttitude(refill_, refill_estimates_);
  // The trail as the live view would have drawn it, a pose every 1/60 s, given at once; the
  // last pose then moves the vehicle (and ends the trail).
  QVector<QVector3D> trail;
  std::int64_t next_pose_us = std::numeric_limits<std::int64_t>::min();
  for (std::size_t i = 0; i + 1 < refill_.size(); ++i) {
    const TelemetrySample& s = refill_[i];
    if (s.time_us < next_pose_us) continue;
    const QVector3D p = toQVector(positionEnu(s));
    if (std::isfinite(p.x()) && std::isfinite(s.attitude_WB_wxyz[0])) {
      trail.append(p);
      next_pose_us = s.time_us + kTrailPeriodUs;
    }
  }
  view_->setTrail(trail);
  if (!refill_.empty()) showSamplePose(view_, refill_.back());
}

void LogReplayView::showOverlay() {
  if (!replay_.log() || !overlay_log_) return;
  overlay_view_->setLogs(replay_.log()->trace(LogOverlayView::kMaxPoints), QFileInfo(replay_.path()).fileName(),
                         overlay_log_->trace(LogOverlayView::kMaxPoints), overlay_name_);
}

}  // namespace navigator
