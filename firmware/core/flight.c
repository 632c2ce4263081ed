#include "firmware/core/flight.h"

#include "firmware/core/stages.h"

#include <stdio.h>
#include <string.h>

bool fc_pop_event(fc_t* fc, fc_event_t* out) { return fc_event_pop(&fc->state.events, out); }

void fc_init(fc_t* fc, const fc_mixer_table_t* mixer) {
  memset(fc, 0, sizeof *fc);
  fc_params_defaults(&fc->config.params);
  fc->config.mixer = *mixer;
  fc->config.hal_mixer = *mixer;
  fc->state.mode = (vayu_mode_t)(int)fc_param(&fc->config.params, FC_PARAM_MODE_DEFAULT);
  fc->state.att.q_WB = fc_quat_identity();
  fc->state.out.q_sp_WB = fc_quat_identity();
  fc->state.since_contact_s = 1e3f; /* the ground not felt yet */
  fc->state.motor_test.motor = -1;
}

const char* fc_apply_allocation(fc_t* fc) {
  fc_config_t* c = &fc->config;
  if ((int)fc_param(&c->params, FC_PARAM_MIXER) == 0) {
    c->mixer = c->hal_mixer;
    c->allocation_problem = NULL;
    return NULL;
  }
  fc_mixer_table_t table;
  const char* problem = fc_allocation_from_params(&c->params, &table);
  if (problem) {
    if (problem != c->allocation_problem) {
      char text[FC_EVENT_TEXT];
      snprintf(text, sizeof text, "Mixer: %s", problem);
      fc_event_push(&fc->state.events, MAV_SEVERITY_WARNING, text);
    }
  } else {
    c->mixer = table;
  }
  c->allocation_problem = problem;
  return problem;
}

fc_param_result_t fc_set_param(fc_t* fc, int id, float value) {
  const bool turns_axes = id == FC_PARAM_VEH_UP && fc_param_check(id, value) == FC_PARAM_OK &&
                          value != fc_param(&fc->config.params, FC_PARAM_VEH_UP);
  if (turns_axes && fc->state.armed) return FC_PARAM_NOT_WHILE_ARMED;
  const fc_param_result_t r = fc_param_set(&fc->config.params, id, value);
  /* Another up: the estimate was made in the other axes (90° off), and its velocity observer with
   * it; both start afresh from the next sample, aligned in the new axes. */
  if (r == FC_PARAM_OK && turns_axes) {
    fc->state.att.initialised = false;
    fc->state.horizontal.valid = false;
  }
  if (r == FC_PARAM_OK &&
      (id == FC_PARAM_MIXER || id == FC_PARAM_VEH_UP ||
       (id >= FC_PARAM_CA_ROTOR_COUNT && id < FC_PARAM_CA_ROTOR0_PX + FC_MAX_MOTORS * FC_ROTOR_PARAM_COUNT)))
    fc_apply_allocation(fc);
  return r;
}

bool fc_set_mode(fc_t* fc, vayu_mode_t mode) {
  fc_state_t* s = &fc->state;
  if (mode == s->mode) return true;
  char text[FC_EVENT_TEXT];
  if (mode == VAYU_MODE_POSITION && !s->horizontal.valid) {
    snprintf(text, sizeof text, "Mode %s refused: no GPS velocity", vayu_mode_name(mode));
    fc_event_push(&s->events, MAV_SEVERITY_WARNING, text);
    return false;
  }
  s->mode = mode;
  fc_hold_here(s);
  s->climb_integrator = 0.0f;
  fc_horizontal_reset(s);
  snprintf(text, sizeof text, "Mode %s", vayu_mode_name(mode));
  fc_event_push(&s->events, MAV_SEVERITY_INFO, text);
  return true;
}

static float tilt_deg(const fc_state_t* s) {
  const fc_vec3_t down = fc_quat_rotate(s->att.q_WB, fc_v3(0, 0, 1));
  return acosf(fc_clampf(down.z, -1.0f, 1.0f)) * FC_RAD2DEG;
}

fc_arm_result_t fc_arm(fc_t* fc, bool arm, bool force) {
  const fc_params_t* p = &fc->config.params;
  fc_state_t* s = &fc->state;
  char text[FC_EVENT_TEXT];
  if (!arm) {
    if (s->armed) fc_event_push(&s->events, MAV_SEVERITY_INFO, "Disarmed");
    s->armed = false;
    return FC_ARM_OK;
  }
  if (s->armed) return FC_ARM_OK;
  const char* refusal = NULL;
  if (fc->config.allocation_problem) {
    refusal = fc->config.allocation_problem;
  } else if (s->cal.kind != FC_CAL_NONE) {
    refusal = "calibration in progress";
  } else if (!s->sensors_healthy || !s->started) {
    refusal = "sensors not healthy";
  } else if (!force) {
    if (!s->att.initialised)
      refusal = "attitude not known yet";
    else if (!fc_sticks_fresh(p, s))
      refusal = s->pilot_source == FC_PILOT_RECEIVER ? "no pilot input (receiver)" : "no pilot input (MANUAL_CONTROL)";
    else if (s->battery_set && s->battery.level == FC_BATTERY_CRITICAL)
      refusal = "battery critical";
    else if (!vayu_mode_climb_rate_throttle(s->mode) && s->sticks.throttle > fc_param(p, FC_PARAM_ARM_MAX_THR))
      refusal = "throttle not low";
    else if (tilt_deg(s) > fc_param(p, FC_PARAM_ARM_MAX_TILT))
      refusal = "not level";
  }
  if (refusal) {
    snprintf(text, sizeof text, "Arming refused: %s", refusal);
    fc_event_push(&s->events, MAV_SEVERITY_WARNING, text);
    return FC_ARM_REFUSED;
  }
  s->armed = true;
  s->motor_test.motor = -1; /* arming ends a motor test */
  s->failsafe = false;
  s->battery_failsafe = false;
  s->land_timer_s = 0.0f;
  s->since_contact_s = 1e3f;
  s->thrust_peak = 0.0f;
  s->land_pressing = false;
  s->airborne = false;
  s->climb_integrator = 0.0f;
  fc_horizontal_reset(s);
  for (int i = 0; i < 3; ++i) fc_pid_reset(&s->rate_pid[i]);
  fc_hold_here(s);
  fc_event_push(&s->events, MAV_SEVERITY_INFO, "Armed");
  return FC_ARM_OK;
}

/* The step's time bookkeeping: false for a repeated sample (nothing to do); otherwise dt_s. A
 * reset, the first sample or time going backwards start the estimate afresh, disarmed. */
static bool advance_time(fc_state_t* s, const fc_sensors_t* sensors, float* dt_s) {
  /* The same sample again (a simulator resending a frame it thinks was lost): nothing new
   * happened, so nothing is integrated; the outputs stay as they were. */
  if (s->started && sensors->time_us == s->time_us && !sensors->reset) return false;
  *dt_s = 0.001f;
  if (s->started && sensors->time_us > s->time_us)
    *dt_s = fc_clampf((float)(sensors->time_us - s->time_us) * 1e-6f, 1e-4f, 0.02f);
  if (sensors->reset || !s->started || sensors->time_us < s->time_us) {
    /* A new world (or time went backwards): estimate afresh, and never fly on into it. */
    if (s->armed) fc_event_push(&s->events, MAV_SEVERITY_WARNING, "Simulation reset: disarmed");
    s->armed = false;
    s->att.initialised = false;
    s->height.initialised = false;
    /* the inputs' ages start again with the new clock (selected again by fc_step) */
    s->sticks_time_us = sensors->time_us;
    s->station.time_us = sensors->time_us;
    s->receiver.time_us = sensors->time_us;
  }
  s->time_us = sensors->time_us;
  s->started = true;
  return true;
}

void fc_step(fc_t* fc, const fc_sensors_t* sensors) {
  const fc_params_t* p = &fc->config.params;
  fc_state_t* s = &fc->state;
  float dt_s;
  if (!advance_time(s, sensors, &dt_s)) return;
  fc_select_pilot_input(fc);
  fc_stage_health_texts(s);
  fc_stage_calibration(fc, sensors); /* 0 */

  const fc_sensors_t body = fc_stage_sensor_remap(p, sensors); /* 1 */
  fc_stage_estimator(p, s, &body, dt_s);                       /* 2 */
  fc_stage_failsafe(p, s);                                     /* 3 */
  if (!s->armed || !s->sensors_healthy) {
    fc_stage_idle(s);
    fc_motor_test_step(fc); /* disarmed: only a motor test turns a motor */
    return;
  }

  /* What the pilot commands — or, in failsafe, level and descend in ALT_HOLD. */
  fc_sticks_t sticks = s->sticks;
  if (s->failsafe) sticks.roll = sticks.pitch = sticks.yaw = 0.0f;
  const vayu_mode_t mode = s->failsafe ? VAYU_MODE_ALT_HOLD : s->mode;

  fc_stage_position(p, s, &sticks, mode, dt_s);                            /* 4a */
  const fc_vec3_t rate_sp = fc_stage_setpoints(p, s, &sticks, mode, dt_s); /* 4 */
  fc_stage_altitude(p, s, &sticks, mode, dt_s);                            /* 5 */
  fc_stage_rate_control(p, s, rate_sp, dt_s);                              /* 6 */
  fc_stage_mixer(&fc->config, s);                                          /* 7 */
  fc_stage_land_detector(p, s, &sticks, mode, dt_s);                       /* 8 */
}
