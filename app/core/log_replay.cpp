#include "app/core/log_replay.h"

#include <QFile>
#include <QPromise>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>

namespace navigator {
namespace {

constexpr int kProgressSteps = 1000;

}  // namespace

// What the background read gives back (a default-constructible value for QFuture). Outside the
// anonymous namespace: LogReplay::Opening, which has external linkage, holds a watcher of it.
struct LogReplayOpenResult {
  std::shared_ptr<const ReplayLog> log;
  QString error;
  bool cancelled = false;
};
using OpenResult = LogReplayOpenResult;

struct LogReplay::Opening {
  QString path;
  std::shared_ptr<std::atomic<bool>> cancel = std::make_shared<std::atomic<bool>>(false);
  QFutureWatcher<OpenResult> watcher;
};

LogReplay::LogReplay(QObject* parent) : QObject(parent) { setClock(nullptr); }

LogReplay::~LogReplay() {
  if (opening_) {
    opening_->cancel->store(true);
    opening_->watcher.waitForFinished();
  }
}

void LogReplay::setClock(TickClock* clock) {
  const bool was_playing = playing_;
  if (clock_) clock_->stop();
  disconnect(tick_connection_);
  clock_ = clock ? clock : &own_clock_;
  tick_connection_ = connect(clock_, &TickClock::tick, this, &LogReplay::onTick);
  last_tick_ms_ = clock_->nowMs();
  if (was_playing) clock_->start();
}

QString LogReplay::path() const { return log_ ? QFile::decodeName(log_->file().path().c_str()) : QString(); }

void LogReplay::open(const QString& path) {
  dropOpening();
  opening_ = std::make_unique<Opening>();
  opening_->path = path;
  connect(&opening_->watcher, &QFutureWatcher<OpenResult>::progressValueChanged, this,
          [this](int value) { emit openProgress(double(value) / kProgressSteps); });
  connect(&opening_->watcher, &QFutureWatcher<OpenResult>::finished, this, &LogReplay::finishOpening);
  const std::string file = QFile::encodeName(path).toStdString();
  opening_->watcher.setFuture(QtConcurrent::run([file, cancel = opening_->cancel](QPromise<OpenResult>& promise) {
    promise.setProgressRange(0, kProgressSteps);
    ulog::ReadOptions options;
    options.cancel = cancel.get();
    options.progress = [&promise](double fraction) {
      promise.setProgressValue(int(std::lround(fraction * kProgressSteps)));
    };
    auto log = ReplayLog::open(file, options);
    OpenResult r;
    if (cancel->load())
      r.cancelled = true;
    else if (log)
      r.log = std::move(log).value();
    else
      r.error = QString::fromStdString(log.error().message);
    promise.addResult(std::move(r));
  }));
}

void LogReplay::cancelOpen() {
  if (dropOpening()) emit openCancelled();
}

bool LogReplay::dropOpening() {
  if (!opening_) return false;
  // The read stops at its next check; its result is dropped with the watcher.
  opening_->cancel->store(true);
  opening_->watcher.disconnect(this);
  opening_.reset();
  return true;
}

void LogReplay::finishOpening() {
  std::unique_ptr<Opening> done = std::move(opening_);
  const OpenResult r = done->watcher.future().resultCount() > 0 ? done->watcher.result() : OpenResult{{}, {}, true};
  if (r.cancelled) {
    emit openCancelled();
    return;
  }
  if (!r.log) {
    emit openFailed(r.error);
    return;
  }
  setLog(r.log);
  emit opened(done->path);
}

void LogReplay::setLog(std::shared_ptr<const ReplayLog> log) {
  pause();
  log_ = std::move(log);
  span_from_us_ = 0;
  span_to_us_ = log_ ? log_->durationUs() : 0;
  emit logChanged();
  emit spanChanged(span_from_us_, span_to_us_);
  jumpTo(span_to_us_);
}

void LogReplay::play() {
  if (!log_ || playing_) return;
  if (position_us_ >= span_to_us_) jumpTo(span_from_us_);
  playing_ = true;
  last_tick_ms_ = clock_->nowMs();
  clock_->start();
  emit playingChanged(true);
}

void LogReplay::pause() {
  if (!playing_) return;
  playing_ = false;
  clock_->stop();
  emit playingChanged(false);
}

void LogReplay::seek(std::int64_t t_us) {
  if (!log_) return;
  jumpTo(std::clamp(t_us, span_from_us_, span_to_us_));
}

void LogReplay::jumpTo(std::int64_t t_us) {
  position_us_ = t_us;
  last_tick_ms_ = clock_->nowMs();
  emit jumped(position_us_);
  emit positionChanged(position_us_);
}

bool LogReplay::setSpeed(double speed) {
  if (std::find(kSpeeds.begin(), kSpeeds.end(), speed) == kSpeeds.end()) return false;
  if (speed != speed_) {
    speed_ = speed;
    emit speedChanged(speed_);
  }
  return true;
}

void LogReplay::setSpan(std::int64_t from_us, std::int64_t to_us) {
  if (!log_) return;
  const std::int64_t end = log_->durationUs();
  from_us = std::clamp(from_us, std::int64_t(0), end);
  to_us = std::clamp(to_us, std::int64_t(0), end);
  if (to_us < from_us) std::swap(from_us, to_us);
  // At least one sample period: a span of no time shows nothing.
  if (to_us == from_us) {
    const std::size_t i = log_->indexAt(from_us + 1);
    if (i < log_->sampleCount())
      to_us = log_->sampleTimeUs(i);
    else if (from_us > 0)
      from_us = log_->sampleTimeUs(log_->indexAt(from_us) - 1);
  }
  span_from_us_ = from_us;
  span_to_us_ = to_us;
  emit spanChanged(span_from_us_, span_to_us_);
  jumpTo(span_to_us_);
}

void LogReplay::resetSpan() {
  if (log_) setSpan(0, log_->durationUs());
}

void LogReplay::onTick() {
  const std::int64_t now = clock_->nowMs();
  const std::int64_t elapsed_ms = std::clamp(now - last_tick_ms_, std::int64_t(0), kMaxTickMs);
  last_tick_ms_ = now;
  if (!playing_ || !log_) return;
  // Speeds are multiples of ¼: whole microseconds for every whole millisecond.
  const std::int64_t to =
      std::min(span_to_us_, position_us_ + std::int64_t(std::llround(double(elapsed_ms) * 1000.0 * speed_)));
  batch_.clear();
  estimates_.clear();
  log_->samples(position_us_, to, batch_, &estimates_);
  position_us_ = to;
  if (!batch_.empty()) emit samplesDue(batch_, estimates_);
  emit positionChanged(position_us_);
  if (position_us_ >= span_to_us_) pause();
}

}  // namespace navigator
