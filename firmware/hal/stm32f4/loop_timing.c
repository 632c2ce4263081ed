/* The control loop's timing: see loop_timing.h. */
#include "firmware/hal/stm32f4/loop_timing.h"

#include <string.h>

static void new_window(loop_timing_t* t) {
  t->min_us = UINT32_MAX;
  t->max_us = 0;
  t->periods = 0;
  t->sum_us = 0;
}

void loop_timing_init(loop_timing_t* t) {
  memset(t, 0, sizeof *t);
  new_window(t);
}

void loop_timing_pass(loop_timing_t* t, uint32_t now_us, uint32_t ticks_since_last) {
  const uint32_t period_us = now_us - t->last_us; /* unsigned: right across the counter's wrap */
  const bool measured = t->started && !t->skip_next;
  if (t->started && t->skip_next) ++t->stalls;
  if (measured && ticks_since_last > 1u) ++t->overruns;
  t->started = true;
  t->skip_next = false;
  t->last_us = now_us;
  if (!measured) return;
  if (period_us < t->min_us) t->min_us = period_us;
  if (period_us > t->max_us) t->max_us = period_us;
  t->sum_us += period_us;
  ++t->periods;
}

void loop_timing_stalled(loop_timing_t* t) { t->skip_next = true; }

bool loop_timing_take(loop_timing_t* t, loop_timing_report_t* report) {
  if (t->periods == 0) return false;
  report->min_us = (float)t->min_us;
  report->max_us = (float)t->max_us;
  report->mean_us = (float)((double)t->sum_us / (double)t->periods);
  report->periods = t->periods;
  report->overruns = t->overruns;
  report->stalls = t->stalls;
  new_window(t);
  return true;
}
