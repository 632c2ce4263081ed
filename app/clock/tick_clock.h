// TickClock: the time a ground-station component reads and the ticks it acts on, so that a test
// can drive them. SteadyTickClock is the real one: the monotonic clock and a precise timer
// firing every period while started. ManualTickClock moves only when a test says so: advance()
// adds to its time and delivers one tick.
// Thread contract: the thread the clock lives on; tick is emitted there.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <cstdint>

namespace navigator {

class TickClock : public QObject {
  Q_OBJECT
 public:
  using QObject::QObject;
  virtual std::int64_t nowMs() const = 0;
  // Ticks are delivered between start() and stop() (a manual clock ticks when advanced).
  virtual void start() {}
  virtual void stop() {}

 signals:
  void tick();
};

class SteadyTickClock : public TickClock {
  Q_OBJECT
 public:
  explicit SteadyTickClock(int period_ms, QObject* parent = nullptr);
  std::int64_t nowMs() const override { return elapsed_.elapsed(); }
  void start() override;
  void stop() override;
  int periodMs() const { return timer_.interval(); }
  bool running() const { return timer_.isActive(); }

 private:
  QElapsedTimer elapsed_;
  QTimer timer_;
};

class ManualTickClock : public TickClock {
  Q_OBJECT
 public:
  using TickClock::TickClock;
  std::int64_t nowMs() const override { return now_ms_; }
  // Time moves on by `ms` and one tick is delivered.
  void advance(std::int64_t ms) {
    now_ms_ += ms;
    emit tick();
  }

 private:
  std::int64_t now_ms_ = 0;
};

}  // namespace navigator
