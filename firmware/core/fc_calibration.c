/* The calibration state machine (fc_calibration.h); the magnetometer's part in fc_cal_mag.c. */
#include "firmware/core/fc_calibration.h"

#include "firmware/core/fc_cal_internal.h"
#include "firmware/core/flight_axes.h"
#include "firmware/core/stages.h"

#include <stdio.h>
#include <string.h>

const char* fc_cal_kind_name(fc_cal_kind_t kind) {
  switch (kind) {
    case FC_CAL_GYRO:
      return "gyro";
    case FC_CAL_ACCEL:
      return "accel";
    case FC_CAL_LEVEL:
      return "level";
    case FC_CAL_MAG:
      return "mag";
    case FC_CAL_NONE:
      break;
  }
  return "";
}

const char* fc_cal_side_name(int side) {
  static const char* const names[FC_CAL_SIDES] = {"back", "front", "left", "right", "up", "down"};
  return side >= 0 && side < FC_CAL_SIDES ? names[side] : "";
}

/* The specific force each side reads at rest, vehicle (body) axes, in g. */
static fc_vec3_t side_force_B(int side) {
  static const float f[FC_CAL_SIDES][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  return fc_v3(f[side][0], f[side][1], f[side][2]);
}

void fc_cal_say(fc_events_t* events, mav_severity_t severity, const char* format, const char* word) {
  char text[FC_EVENT_TEXT];
  snprintf(text, sizeof text, format, word);
  fc_event_push(events, severity, text);
}

void fc_cal_stats_add(fc_cal_stats_t* s, fc_vec3_t x) {
  ++s->n;
  const fc_vec3_t d = fc_sub(x, s->mean);
  s->mean = fc_add(s->mean, fc_scale(d, 1.0f / (float)s->n));
  const fc_vec3_t d2 = fc_sub(x, s->mean);
  s->m2 = fc_add(s->m2, fc_v3(d.x * d2.x, d.y * d2.y, d.z * d2.z));
}

float fc_cal_stats_spread(const fc_cal_stats_t* s) {
  if (s->n < 2) return 0.0f;
  const float m = fmaxf(s->m2.x, fmaxf(s->m2.y, s->m2.z));
  return sqrtf(m / (float)(s->n - 1));
}

static bool still(const fc_calibration_t* c) {
  return fc_cal_stats_spread(&c->gyro) < FC_CAL_STILL_GYRO_RADPS &&
         fc_cal_stats_spread(&c->accel) < FC_CAL_STILL_ACCEL_MPS2;
}

static void new_block(fc_calibration_t* c, uint64_t now_us) {
  memset(&c->accel, 0, sizeof c->accel);
  memset(&c->gyro, 0, sizeof c->gyro);
  c->block_us = now_us;
}

float fc_cal_elapsed_s(uint64_t since_us, uint64_t now_us) {
  return now_us > since_us ? (float)(now_us - since_us) * 1e-6f : 0.0f;
}

void fc_cal_progress(fc_calibration_t* c, fc_events_t* events, float fraction) {
  const int percent = (int)(fc_clampf(fraction, 0.0f, 1.0f) * 100.0f) / 5 * 5;
  if (percent <= c->progress_told) return;
  c->progress_told = percent;
  char text[FC_EVENT_TEXT];
  snprintf(text, sizeof text, "[cal] progress <%d>", percent);
  fc_event_push(events, MAV_SEVERITY_INFO, text);
}

static void say_pending(const fc_calibration_t* c, fc_events_t* events) {
  char list[64] = "";
  for (int s = 0; s < FC_CAL_SIDES; ++s)
    if (!c->side_done[s]) {
      strncat(list, " ", sizeof list - strlen(list) - 1);
      strncat(list, fc_cal_side_name(s), sizeof list - strlen(list) - 1);
    }
  fc_cal_say(events, MAV_SEVERITY_INFO, "[cal] pending:%s", list);
  fc_event_push(events, MAV_SEVERITY_INFO, "[cal] hold vehicle still on a pending side");
}

void fc_calibration_begin(fc_calibration_t* c, fc_cal_kind_t kind, fc_events_t* events) {
  memset(c, 0, sizeof *c);
  c->kind = kind;
  c->side = -1;
  c->refused_side = -1;
  c->progress_told = -1;
  fc_cal_say(events, MAV_SEVERITY_INFO, "[cal] calibration started: 2 %s", fc_cal_kind_name(kind));
  if (kind == FC_CAL_ACCEL) say_pending(c, events);
}

void fc_calibration_cancel(fc_calibration_t* c, fc_events_t* events) {
  c->kind = FC_CAL_NONE;
  fc_event_push(events, MAV_SEVERITY_CRITICAL, "[cal] calibration cancelled");
}

void fc_calibration_fail(fc_calibration_t* c, fc_events_t* events, const char* reason) {
  c->kind = FC_CAL_NONE;
  fc_cal_say(events, MAV_SEVERITY_CRITICAL, "[cal] calibration failed: %s", reason);
}

void fc_calibration_done(fc_events_t* events, fc_cal_kind_t kind) {
  fc_cal_say(events, MAV_SEVERITY_INFO, "[cal] calibration done: %s", fc_cal_kind_name(kind));
}

fc_cal_status_t fc_cal_solved(fc_calibration_t* c, int first, const float* values, int count) {
  c->result_first = first;
  c->result_count = count;
  for (int i = 0; i < count; ++i) c->result[i] = values[i];
  c->kind = FC_CAL_NONE;
  return FC_CAL_SOLVED;
}

/* gyro and level: one block of FC_CAL_REST_S at rest. */
static fc_cal_status_t step_rest(fc_calibration_t* c, const fc_params_t* p, const fc_cal_sample_t* s,
                                 fc_events_t* events) {
  fc_vec3_t accel = s->accel_S;
  if (c->kind == FC_CAL_LEVEL)
    accel = fc_body_to_flight((int)fc_param(p, FC_PARAM_VEH_UP),
                              fc_sensor_rotate((int)fc_param(p, FC_PARAM_SENS_ROT), fc_cal_accel(p, s->accel_S)));
  fc_cal_stats_add(&c->accel, accel);
  fc_cal_stats_add(&c->gyro, s->gyro_S);
  const float elapsed = fc_cal_elapsed_s(c->block_us, s->time_us);
  fc_cal_progress(c, events, elapsed / FC_CAL_REST_S);
  if (elapsed < FC_CAL_REST_S) return FC_CAL_RUNNING;
  if (!still(c)) {
    fc_calibration_fail(c, events, "motion detected");
    return FC_CAL_FAILED;
  }
  if (c->kind == FC_CAL_GYRO) {
    const float offsets[3] = {c->gyro.mean.x, c->gyro.mean.y, c->gyro.mean.z};
    return fc_cal_solved(c, FC_PARAM_CAL_GYRO_XOFF, offsets, 3);
  }
  float roll, pitch;
  fc_cal_level_angles(c->accel.mean, &roll, &pitch);
  if (fabsf(roll) > FC_CAL_LEVEL_MAX_DEG * FC_DEG2RAD || fabsf(pitch) > FC_CAL_LEVEL_MAX_DEG * FC_DEG2RAD) {
    fc_calibration_fail(c, events, "tilt over 10 deg");
    return FC_CAL_FAILED;
  }
  const float offsets[2] = {roll * FC_RAD2DEG, pitch * FC_RAD2DEG};
  return fc_cal_solved(c, FC_PARAM_SENS_BOARD_X_OFF, offsets, 2);
}

/* The side the mean specific force (body axes) shows, or -1. */
static int side_of(fc_vec3_t f_B) {
  const float n = fc_norm(f_B);
  if (!(fabsf(n - FC_GRAVITY_MPS2) < 0.2f * FC_GRAVITY_MPS2)) return -1;
  for (int side = 0; side < FC_CAL_SIDES; ++side)
    if (fc_dot(f_B, side_force_B(side)) >= n * cosf(FC_CAL_SIDE_TOLERANCE_DEG * FC_DEG2RAD)) return side;
  return -1;
}

/* The six means in: the offsets and the correction matrix. */
static fc_cal_status_t solve_accel(fc_calibration_t* c, const fc_params_t* p, fc_events_t* events) {
  float r_BS[3][3];
  fc_cal_rotation_matrix((int)fc_param(p, FC_PARAM_SENS_ROT), r_BS);
  fc_vec3_t true_S[FC_CAL_SIDES];
  for (int side = 0; side < FC_CAL_SIDES; ++side) {
    const fc_vec3_t f = fc_scale(side_force_B(side), FC_GRAVITY_MPS2); /* f_S = R' f_B */
    true_S[side] = fc_v3(r_BS[0][0] * f.x + r_BS[1][0] * f.y + r_BS[2][0] * f.z,
                         r_BS[0][1] * f.x + r_BS[1][1] * f.y + r_BS[2][1] * f.z,
                         r_BS[0][2] * f.x + r_BS[1][2] * f.y + r_BS[2][2] * f.z);
  }
  fc_vec3_t offset;
  float m[3][3];
  if (!fc_cal_solve_accel(c->side_mean_S, true_S, &offset, m)) {
    fc_calibration_fail(c, events, "sides give no solution");
    return FC_CAL_FAILED;
  }
  float values[12] = {offset.x, offset.y, offset.z};
  for (int i = 0; i < 9; ++i) values[3 + i] = m[i / 3][i % 3];
  return fc_cal_solved(c, FC_PARAM_CAL_ACC_XOFF, values, 12);
}

/* A side measured: taken, or refused because the vehicle moved or turned to another side. */
static fc_cal_status_t end_measure(fc_calibration_t* c, const fc_params_t* p, fc_vec3_t f_B, fc_events_t* events,
                                   uint64_t now_us) {
  c->measuring = false;
  if (!still(c) || side_of(f_B) != c->side) {
    fc_event_push(events, MAV_SEVERITY_INFO, "[cal] detected motion, hold still...");
    return FC_CAL_RUNNING;
  }
  c->side_done[c->side] = true;
  c->refused_side = c->side; /* still lying there: no "already completed" until it has moved */
  c->side_mean_S[c->side] = c->accel.mean;
  c->last_side_us = now_us;
  fc_cal_say(events, MAV_SEVERITY_INFO, "[cal] %s side done, rotate to a different side", fc_cal_side_name(c->side));
  int done = 0;
  for (int side = 0; side < FC_CAL_SIDES; ++side) done += c->side_done[side];
  if (done == FC_CAL_SIDES) return solve_accel(c, p, events);
  say_pending(c, events);
  return FC_CAL_RUNNING;
}

/* A detection block at rest: which side, and whether it is new. */
static void end_detect(fc_calibration_t* c, fc_vec3_t f_B, fc_events_t* events) {
  const int side = still(c) ? side_of(f_B) : -1;
  if (side < 0 || c->side_done[side]) {
    if (side >= 0 && side != c->refused_side)
      fc_cal_say(events, MAV_SEVERITY_INFO, "[cal] %s side already completed", fc_cal_side_name(side));
    c->refused_side = side;
    return;
  }
  c->refused_side = -1;
  c->side = side;
  c->measuring = true;
  fc_cal_say(events, MAV_SEVERITY_INFO, "[cal] %s orientation detected", fc_cal_side_name(side));
}

static fc_cal_status_t step_accel(fc_calibration_t* c, const fc_params_t* p, const fc_cal_sample_t* s,
                                  fc_events_t* events) {
  fc_cal_stats_add(&c->accel, s->accel_S);
  fc_cal_stats_add(&c->gyro, s->gyro_S);
  const float elapsed = fc_cal_elapsed_s(c->block_us, s->time_us);
  int done = 0;
  for (int side = 0; side < FC_CAL_SIDES; ++side) done += c->side_done[side];
  if (c->measuring) fc_cal_progress(c, events, ((float)done + elapsed / FC_CAL_REST_S) / (float)FC_CAL_SIDES);
  if (elapsed < (c->measuring ? FC_CAL_REST_S : FC_CAL_DETECT_S)) {
    if (fc_cal_elapsed_s(c->last_side_us, s->time_us) > FC_CAL_SIDE_TIMEOUT_S) {
      fc_calibration_fail(c, events, "timeout");
      return FC_CAL_FAILED;
    }
    return FC_CAL_RUNNING;
  }
  const fc_vec3_t f_B = fc_sensor_rotate((int)fc_param(p, FC_PARAM_SENS_ROT), c->accel.mean);
  fc_cal_status_t status = FC_CAL_RUNNING;
  if (c->measuring)
    status = end_measure(c, p, f_B, events, s->time_us);
  else
    end_detect(c, f_B, events);
  new_block(c, s->time_us);
  return status;
}

fc_cal_status_t fc_calibration_step(fc_calibration_t* c, const fc_params_t* p, const fc_cal_sample_t* s,
                                    fc_events_t* events) {
  if (c->kind == FC_CAL_NONE) return FC_CAL_IDLE;
  if (!fc_finite3(s->accel_S) || !fc_finite3(s->gyro_S)) {
    fc_calibration_fail(c, events, "reading sensor");
    return FC_CAL_FAILED;
  }
  if (c->clock_set && s->time_us < c->last_us) {
    fc_calibration_fail(c, events, "time went back");
    return FC_CAL_FAILED;
  }
  if (!c->clock_set) {
    c->clock_set = true;
    c->start_us = c->last_side_us = s->time_us;
    new_block(c, s->time_us);
  }
  c->last_us = s->time_us;
  switch (c->kind) {
    case FC_CAL_GYRO:
    case FC_CAL_LEVEL:
      return step_rest(c, p, s, events);
    case FC_CAL_ACCEL:
      return step_accel(c, p, s, events);
    case FC_CAL_MAG:
      return fc_cal_step_mag(c, s, events);
    case FC_CAL_NONE:
      break;
  }
  return FC_CAL_IDLE;
}
