/* Sensor calibration in the core (flight.h): started and cancelled by the link, stepped by fc_step
 * with each raw sample, its result written to the parameters at the end, all or nothing. */
#include "firmware/core/stages.h"

fc_cal_start_t fc_start_calibration(fc_t* fc, fc_cal_kind_t kind) {
  fc_state_t* s = &fc->state;
  if (s->armed) return FC_CAL_START_ARMED;
  if (s->cal.kind != FC_CAL_NONE) return FC_CAL_START_BUSY;
  fc_calibration_begin(&s->cal, kind, &s->events);
  return FC_CAL_START_OK;
}

bool fc_cancel_calibration(fc_t* fc) {
  if (fc->state.cal.kind == FC_CAL_NONE) return false;
  fc_calibration_cancel(&fc->state.cal, &fc->state.events);
  return true;
}

/* Every value is checked before any is set, so a value a parameter refuses leaves all as they were. */
static void write_result(fc_t* fc, fc_cal_kind_t kind) {
  fc_calibration_t* c = &fc->state.cal;
  for (int i = 0; i < c->result_count; ++i)
    if (fc_param_check(c->result_first + i, c->result[i]) != FC_PARAM_OK) {
      fc_calibration_fail(c, &fc->state.events, "to set parameters");
      return;
    }
  for (int i = 0; i < c->result_count; ++i) fc_set_param(fc, c->result_first + i, c->result[i]);
  /* The estimate aligns again from the corrected sensors: the gyro bias and the accelerometer bias
   * it had learned made up for the errors just calibrated away, and kept they would now be errors
   * of their own (a board calibrated after a flight read 3.5° of tilt at rest for it). Only ever
   * disarmed here (fc_start_calibration). */
  fc->state.att.initialised = false;
  c->announce_first = c->result_first;
  c->announce_count = c->result_count;
  fc_calibration_done(&fc->state.events, kind);
}

void fc_stage_calibration(fc_t* fc, const fc_sensors_t* sensors_S) {
  fc_state_t* s = &fc->state;
  const fc_cal_kind_t kind = s->cal.kind;
  if (kind == FC_CAL_NONE) return;
  if (sensors_S->reset) {
    fc_calibration_fail(&s->cal, &s->events, "simulation reset");
    return;
  }
  const fc_cal_sample_t sample = {sensors_S->time_us, sensors_S->accel_mps2, sensors_S->gyro_radps, sensors_S->mag,
                                  sensors_S->mag_valid};
  if (fc_calibration_step(&s->cal, &fc->config.params, &sample, &s->events) == FC_CAL_SOLVED) write_result(fc, kind);
}
