#include "firmware/link/fc_link_calibration.h"

#include <math.h>

/* A parameter as the whole number PX4 reads it ((int) cast); -1 for what is not a number or far
 * out of range, which then matches no request. */
static int whole(float v) { return isfinite(v) && fabsf(v) < 1000.0f ? (int)v : -1; }

static fc_cal_kind_t requested(const float p[7]) {
  if (whole(p[0]) == 1) return FC_CAL_GYRO;
  if (whole(p[1]) == 1) return FC_CAL_MAG;
  if (whole(p[2]) != 0 || whole(p[3]) != 0) return FC_CAL_NONE; /* barometer, radio */
  if (whole(p[4]) == 1) return FC_CAL_ACCEL;
  if (whole(p[4]) == 2) return FC_CAL_LEVEL;
  return FC_CAL_NONE;
}

uint8_t fc_link_preflight_calibration(fc_t* fc, const float p[7]) {
  bool cancel = true;
  for (int i = 0; i < 6; ++i) cancel = cancel && whole(p[i]) == 0;
  if (cancel) {
    fc_cancel_calibration(fc);
    return MAV_RESULT_ACCEPTED;
  }
  if (fc->state.armed) {
    fc_event_push(&fc->state.events, MAV_SEVERITY_CRITICAL, "[cal] calibration failed: vehicle armed");
    return MAV_RESULT_TEMPORARILY_REJECTED;
  }
  if (fc->state.cal.kind != FC_CAL_NONE) {
    fc_event_push(&fc->state.events, MAV_SEVERITY_WARNING, "Calibration refused: another is running");
    return MAV_RESULT_TEMPORARILY_REJECTED;
  }
  const fc_cal_kind_t kind = requested(p);
  if (kind == FC_CAL_NONE) return MAV_RESULT_UNSUPPORTED;
  return fc_start_calibration(fc, kind) == FC_CAL_START_OK ? MAV_RESULT_ACCEPTED : MAV_RESULT_TEMPORARILY_REJECTED;
}
