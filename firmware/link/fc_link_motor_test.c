#include "firmware/link/fc_link_motor_test.h"

#include <math.h>
#include <stdio.h>

static void refuse(fc_t* fc, const char* why) {
  char text[FC_EVENT_TEXT];
  snprintf(text, sizeof text, "Motor test refused: %s", why);
  fc_event_push(&fc->state.events, MAV_SEVERITY_WARNING, text);
}

uint8_t fc_link_motor_test(fc_t* fc, const float p[7]) {
  if (!isfinite(p[1]) || p[1] != 0.0f) return MAV_RESULT_UNSUPPORTED; /* only a throttle in percent */
  if (!isfinite(p[4]) || p[4] > 1.0f) {
    refuse(fc, "one motor at a time");
    return MAV_RESULT_DENIED;
  }
  if (p[5] == 1.0f) {
    refuse(fc, "only the board's order");
    return MAV_RESULT_DENIED;
  }
  const int motor = isfinite(p[0]) && fabsf(p[0]) < 100.0f ? (int)lroundf(p[0]) : -1;
  const char* why = fc_motor_test_start(fc, motor, p[2], p[3]);
  if (why) {
    refuse(fc, why);
    return MAV_RESULT_DENIED;
  }
  return MAV_RESULT_ACCEPTED;
}
