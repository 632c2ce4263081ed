/* The motor test (fc_motor_test.h). */
#include "firmware/core/flight.h"

#include <math.h>
#include <stdio.h>

const char* fc_motor_test_start(fc_t* fc, int motor_1based, float throttle_pct, float duration_s) {
  fc_state_t* s = &fc->state;
  if (s->armed) return "vehicle armed";
  if (s->cal.kind != FC_CAL_NONE) return "calibration in progress";
  if (motor_1based < 1 || motor_1based > fc->config.mixer.motor_count) return "no such motor";
  if (!isfinite(throttle_pct) || throttle_pct < 0.0f || throttle_pct > 100.0f) return "throttle outside 0-100 %";
  if (throttle_pct == 0.0f) { /* a stop */
    s->motor_test.motor = -1;
    return NULL;
  }
  if (!isfinite(duration_s) || duration_s < FC_MOTOR_TEST_MIN_S || duration_s > FC_MOTOR_TEST_MAX_S)
    return "time outside 0.1-10 s";
  s->motor_test.motor = motor_1based - 1;
  s->motor_test.duty = throttle_pct / 100.0f;
  s->motor_test.duration_s = duration_s;
  s->motor_test.started = false;
  char text[FC_EVENT_TEXT];
  /* Tenths of a second by hand: the board's C library (newlib-nano) prints no floating point. */
  const long tenths = lroundf(duration_s * 10.0f);
  snprintf(text, sizeof text, "Motor test: motor %d at %d %% for %ld.%ld s", motor_1based, (int)lroundf(throttle_pct),
           tenths / 10, tenths % 10);
  fc_event_push(&s->events, MAV_SEVERITY_INFO, text);
  return NULL;
}

void fc_motor_test_step(fc_t* fc) {
  fc_state_t* s = &fc->state;
  fc_motor_test_t* t = &s->motor_test;
  if (t->motor < 0) return;
  if (!t->started) {
    t->until_us = s->time_us + (uint64_t)(t->duration_s * 1e6f);
    t->started = true;
  }
  if (s->time_us >= t->until_us) {
    t->motor = -1;
    fc_event_push(&s->events, MAV_SEVERITY_INFO, "Motor test done");
    return;
  }
  s->out.duty[t->motor] = t->duty;
}
