/* The control loop's timing, measured: the period between the starts of two loop passes from a
 * free-running microsecond counter (min, mean, max over a window), and the overruns (a pass that
 * ran past the next tick, so that tick had no pass of its own). Plain arithmetic: the board feeds
 * it its clock, the host test a clock of its own.
 *
 * A period that holds a known stall (a flash erase or write, which halts the CPU's fetches on
 * the one-bank STM32F405) is left out of the figures and counted apart, so the figures say what
 * the loop does, and the stalls say what the flash did. */
#ifndef NAVIGATOR_STM32F4_LOOP_TIMING_H
#define NAVIGATOR_STM32F4_LOOP_TIMING_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  bool started, skip_next;
  uint32_t last_us;
  uint32_t min_us, max_us, periods; /* this window */
  uint64_t sum_us;
  uint32_t overruns; /* since start: passes that ran past the next tick */
  uint32_t stalls;   /* since start: periods left out for a flash stall */
} loop_timing_t;

typedef struct {
  float min_us, mean_us, max_us;
  uint32_t periods, overruns, stalls;
} loop_timing_report_t;

void loop_timing_init(loop_timing_t* t);

/* At the start of each pass: the counter's time, and how many ticks came since the last pass
 * started (1 when the last pass ended in time). */
void loop_timing_pass(loop_timing_t* t, uint32_t now_us, uint32_t ticks_since_last);

/* The period now running holds a stall the firmware caused (a flash operation). */
void loop_timing_stalled(loop_timing_t* t);

/* The window's figures, and a new window; false (nothing in *report) when it holds no period. */
bool loop_timing_take(loop_timing_t* t, loop_timing_report_t* report);

#ifdef __cplusplus
}
#endif

#endif
