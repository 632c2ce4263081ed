// LogReplay: a flight log played back as if it were flying — the Logs page's engine, without
// widgets. open() reads and indexes the file off the GUI thread with progress and cancel (an
// hour at 1 kHz does not freeze the window); a bad file is the reader's message and the log
// already open stays. Playback runs on a TickClock it is given (a test drives a
// ManualTickClock; by default a 16 ms SteadyTickClock, the Fly page's 60 Hz): each tick moves
// the position on by the clock's elapsed time × the speed and emits the samples due since the
// last tick — every sample of the log, none skipped, none twice — and stops at the span's end.
//
// Times are µs from the log's start (ReplayLog::startUs). The span is the part of the log the
// timeline and the plots show (zoom); it defaults to the whole log.
// Thread contract: GUI thread (the thread it lives on); the opening runs on the global pool.
#pragma once

#include "app/clock/tick_clock.h"
#include "app/core/replay_log.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

#include <array>
#include <atomic>
#include <memory>

namespace navigator {

class LogReplay : public QObject {
  Q_OBJECT
 public:
  static constexpr std::array<double, 6> kSpeeds = {0.25, 0.5, 1.0, 2.0, 4.0, 8.0};
  // The clock's tick period by default [ms], and the most one tick may advance [ms of wall
  // time]: after a stall (a busy or hidden window) playback slows down rather than bursting.
  static constexpr int kTickMs = 16;
  static constexpr std::int64_t kMaxTickMs = 250;

  explicit LogReplay(QObject* parent = nullptr);
  ~LogReplay() override;  // cancels an opening and waits for it

  // Plays on `clock` from now on (null: the replay's own steady clock). Not owned.
  void setClock(TickClock* clock);

  // Reads `path` in the background: openProgress(), then opened() or openFailed(). Opening
  // another file cancels one still being read.
  void open(const QString& path);
  void cancelOpen();
  bool isOpening() const { return opening_ != nullptr; }
  // Takes a log already read (e.g. by a test), as open() would once it has read it.
  void setLog(std::shared_ptr<const ReplayLog> log);
  const std::shared_ptr<const ReplayLog>& log() const { return log_; }
  QString path() const;

  void play();  // at the span's end: from its start
  void pause();
  bool isPlaying() const { return playing_; }
  // Moves to `t_us`, clamped into the span; the samples after it come with the next ticks.
  void seek(std::int64_t t_us);
  std::int64_t positionUs() const { return position_us_; }
  // One of kSpeeds; another value is refused (false).
  bool setSpeed(double speed);
  double speed() const { return speed_; }
  // The span [from, to], clamped to the log, at least one sample period long; the position
  // moves to its end (so the whole span is on show). resetSpan(): the whole log.
  void setSpan(std::int64_t from_us, std::int64_t to_us);
  void resetSpan();
  std::int64_t spanFromUs() const { return span_from_us_; }
  std::int64_t spanToUs() const { return span_to_us_; }

 signals:
  void openProgress(double fraction);
  void opened(const QString& path);
  void openFailed(const QString& message);
  void openCancelled();
  // Another log is in (setLog, or open() done): sent before it jumps to its end.
  void logChanged();
  // The samples that fell due, and the attitude estimate held at each (ReplayLog::samples);
  // the position is at the last sample's time or past it.
  void samplesDue(const std::vector<navigator::TelemetrySample>& samples,
                  const std::vector<navigator::AttitudeWxyz>& estimates_WB_wxyz);
  // The position jumped (a seek, a new span, a new log): what is on show should be dropped.
  void jumped(std::int64_t position_us);
  void positionChanged(std::int64_t position_us);
  void playingChanged(bool playing);
  void speedChanged(double speed);
  void spanChanged(std::int64_t from_us, std::int64_t to_us);

 private:
  struct Opening;
  void onTick();
  void finishOpening();
  bool dropOpening();  // false: nothing was being read
  void jumpTo(std::int64_t t_us);

  SteadyTickClock own_clock_{kTickMs};
  TickClock* clock_ = nullptr;
  QMetaObject::Connection tick_connection_;
  std::shared_ptr<const ReplayLog> log_;
  std::unique_ptr<Opening> opening_;
  std::int64_t position_us_ = 0, span_from_us_ = 0, span_to_us_ = 0;
  std::int64_t last_tick_ms_ = 0;
  double speed_ = 1.0;
  bool playing_ = false;
  std::vector<TelemetrySample> batch_;
  std::vector<AttitudeWxyz> estimates_;
};

}  // namespace navigator
