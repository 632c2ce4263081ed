#include "app/clock/tick_clock.h"

namespace navigator {

SteadyTickClock::SteadyTickClock(int period_ms, QObject* parent) : TickClock(parent), timer_(this) {
  elapsed_.start();
  timer_.setTimerType(Qt::PreciseTimer);
  timer_.setInterval(period_ms);
  connect(&timer_, &QTimer::timeout, this, &TickClock::tick);
}

void SteadyTickClock::start() { timer_.start(); }

void SteadyTickClock::stop() { timer_.stop(); }

}  // namespace navigator
