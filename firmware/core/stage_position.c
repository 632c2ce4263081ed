/* Stage 2's velocity and position, and stage 4a: POSITION's horizontal loops (stages.h). */
#include "firmware/core/stages.h"

#include <math.h>

void fc_stage_velocity_estimate(const fc_params_t* p, fc_state_t* s, float dt_s) {
  fc_horizontal_t* h = &s->horizontal;
  const bool valid = s->att.initialised && s->att.age_s >= 1.0f &&
                     fc_attitude_gps_aided(&s->att, fc_param(p, FC_PARAM_ATT_GPS_K), s->time_us);
  if (!valid) {
    h->valid = false;
    return;
  }
  const fc_vec3_t v = fc_attitude_velocity_W(&s->att);
  if (!fc_finite3(v)) {
    h->valid = false;
    return;
  }
  if (!h->valid) {
    /* Newly known: the dead reckoning starts here, and no old point is held. */
    h->pos_W_m = fc_v3(0, 0, 0);
    h->holding = false;
    h->lost_warned = false;
  }
  h->valid = true;
  h->vel_W_mps = v;
  h->pos_W_m = fc_add(h->pos_W_m, fc_scale(v, dt_s));
}

void fc_horizontal_reset(fc_state_t* s) {
  fc_horizontal_t* h = &s->horizontal;
  h->holding = false;
  h->accel_i_W_mps2 = fc_v3(0, 0, 0);
  h->vel_sp_W_mps = fc_v3(0, 0, 0);
  h->roll_sp_rad = h->pitch_sp_rad = 0.0f;
}

/* The horizontal part of v (z zero), and that limited to `limit` in length, keeping its direction. */
static fc_vec3_t xy(fc_vec3_t v) { return fc_v3(v.x, v.y, 0.0f); }
static fc_vec3_t limit_xy(fc_vec3_t v, float limit) {
  const float n = sqrtf(v.x * v.x + v.y * v.y);
  return n > limit && n > 0.0f ? fc_scale(xy(v), limit / n) : xy(v);
}

bool fc_stage_position(const fc_params_t* p, fc_state_t* s, const fc_sticks_t* st, vayu_mode_t mode, float dt_s) {
  fc_horizontal_t* h = &s->horizontal;
  if (mode != VAYU_MODE_POSITION) {
    fc_horizontal_reset(s);
    return false;
  }
  if (!h->valid) {
    /* No GPS velocity (not yet, or lost) in POSITION: the sticks set the tilt, as in ALT_HOLD, until it is back. */
    if (!h->lost_warned) fc_event_push(&s->events, MAV_SEVERITY_WARNING, "POSITION: no GPS velocity, sticks tilt");
    h->lost_warned = true;
    fc_horizontal_reset(s);
    return false;
  }
  const float max_angle = fc_param(p, FC_PARAM_MAX_ANGLE_DEG) * FC_DEG2RAD;
  /* On the ground (the land detector's timer running): level, nothing held, nothing integrated:
   * a vehicle on its legs cannot move, and an integrator wound there would tip the take-off. */
  if (s->land_timer_s > 0.5f) {
    fc_horizontal_reset(s);
    return true;
  }
  /* The sticks' tilt (STICK_MAP) read as the direction to go: nose down is forward, right side
   * down is right; each part within ±1. */
  float roll_in, pitch_up_in;
  fc_stick_tilt(p, st, &roll_in, &pitch_up_in);
  const float fwd = fc_clampf(-pitch_up_in, -1.0f, 1.0f), right = fc_clampf(roll_in, -1.0f, 1.0f);
  const float yaw = fc_current_yaw(s), c = cosf(yaw), sn = sinf(yaw);
  const float v_max = fc_param(p, FC_PARAM_VEL_XY_MAX);
  fc_vec3_t vel_sp;
  if (fwd != 0.0f || right != 0.0f) {
    /* The sticks ask for a velocity in the heading's frame: forward and right. */
    vel_sp = limit_xy(fc_v3((c * fwd - sn * right) * v_max, (sn * fwd + c * right) * v_max, 0.0f), v_max);
    h->holding = false;
  } else {
    const float speed = sqrtf(h->vel_W_mps.x * h->vel_W_mps.x + h->vel_W_mps.y * h->vel_W_mps.y);
    /* Released: brake, then hold the point where the vehicle stopped (as PX4's Position mode
     * does: holding the point of release would pull the vehicle back over its braking distance). */
    if (!h->holding && speed < 0.3f) {
      h->holding = true;
      h->pos_sp_W_m = h->pos_W_m;
    }
    vel_sp = h->holding ? limit_xy(fc_scale(fc_sub(h->pos_sp_W_m, h->pos_W_m), fc_param(p, FC_PARAM_POS_XY_P)), v_max)
                        : fc_v3(0, 0, 0);
  }
  h->vel_sp_W_mps = vel_sp;
  const fc_vec3_t error = xy(fc_sub(vel_sp, h->vel_W_mps));
  const float accel_max = FC_GRAVITY_MPS2 * tanf(max_angle);
  fc_vec3_t accel = fc_add(fc_scale(error, fc_param(p, FC_PARAM_VEL_XY_P)), h->accel_i_W_mps2);
  const float accel_n = sqrtf(accel.x * accel.x + accel.y * accel.y);
  /* Anti-windup: the integrator grows only while the demand is within the tilt limit. */
  if (accel_n < accel_max && !s->saturated)
    h->accel_i_W_mps2 =
        limit_xy(fc_add(h->accel_i_W_mps2, fc_scale(error, fc_param(p, FC_PARAM_VEL_XY_I) * dt_s)), 0.5f * accel_max);
  accel = limit_xy(accel, accel_max);
  /* The acceleration in the heading's frame, then the tilt that gives it: forward needs the
   * nose down (pitch negative), right needs the right side down (roll positive). */
  const float a_fwd = c * accel.x + sn * accel.y, a_right = -sn * accel.x + c * accel.y;
  h->pitch_sp_rad = fc_clampf(-atanf(a_fwd / FC_GRAVITY_MPS2), -max_angle, max_angle);
  h->roll_sp_rad = fc_clampf(atanf(a_right * cosf(h->pitch_sp_rad) / FC_GRAVITY_MPS2), -max_angle, max_angle);
  return true;
}
