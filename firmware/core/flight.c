#include "firmware/core/flight.h"

#include <stdio.h>
#include <string.h>

void fc_event(fc_t* fc, mav_severity_t severity, const char* text) {
  const int slot = (fc->event_head + fc->event_count) % FC_EVENT_QUEUE;
  if (fc->event_count == FC_EVENT_QUEUE) {
    fc->event_head = (fc->event_head + 1) % FC_EVENT_QUEUE; /* drop the oldest */
  } else {
    ++fc->event_count;
  }
  fc->events[slot].severity = severity;
  size_t n = strlen(text);
  if (n > FC_EVENT_TEXT - 1) n = FC_EVENT_TEXT - 1; /* STATUSTEXT holds 50 characters */
  memcpy(fc->events[slot].text, text, n);
  fc->events[slot].text[n] = '\0';
}

bool fc_pop_event(fc_t* fc, fc_event_t* out) {
  if (fc->event_count == 0) return false;
  *out = fc->events[fc->event_head];
  fc->event_head = (fc->event_head + 1) % FC_EVENT_QUEUE;
  --fc->event_count;
  return true;
}

void fc_init(fc_t* fc, const fc_mixer_table_t* mixer) {
  memset(fc, 0, sizeof *fc);
  fc_params_defaults(&fc->params);
  fc->mixer = *mixer;
  fc->mode = (vayu_mode_t)(int)fc_param(&fc->params, FC_PARAM_MODE_DEFAULT);
  fc->att.q_WB = fc_quat_identity();
  fc->q_sp_WB = fc_quat_identity();
}

void fc_set_sticks(fc_t* fc, const fc_sticks_t* sticks) {
  fc->sticks.roll = fc_clampf(isfinite(sticks->roll) ? sticks->roll : 0.0f, -1.0f, 1.0f);
  fc->sticks.pitch = fc_clampf(isfinite(sticks->pitch) ? sticks->pitch : 0.0f, -1.0f, 1.0f);
  fc->sticks.yaw = fc_clampf(isfinite(sticks->yaw) ? sticks->yaw : 0.0f, -1.0f, 1.0f);
  fc->sticks.throttle = fc_clampf(isfinite(sticks->throttle) ? sticks->throttle : 0.0f, 0.0f, 1.0f);
  fc->sticks_seen = true;
  fc->sticks_time_us = fc->time_us;
}

static float current_yaw(const fc_t* fc) { return fc_quat_to_euler(fc->att.q_WB).z; }

static void hold_here(fc_t* fc) {
  fc->yaw_sp_rad = current_yaw(fc);
  fc->height_sp_m = fc->height.height_m;
}

void fc_set_mode(fc_t* fc, vayu_mode_t mode) {
  if (mode == fc->mode) return;
  fc->mode = mode;
  hold_here(fc);
  fc->climb_integrator = 0.0f;
  char text[FC_EVENT_TEXT];
  snprintf(text, sizeof text, "Mode %s", vayu_mode_name(mode));
  fc_event(fc, MAV_SEVERITY_INFO, text);
}

static float tilt_deg(const fc_t* fc) {
  const fc_vec3_t down = fc_quat_rotate(fc->att.q_WB, fc_v3(0, 0, 1));
  return acosf(fc_clampf(down.z, -1.0f, 1.0f)) * FC_RAD2DEG;
}

static bool sticks_fresh(const fc_t* fc) {
  return fc->sticks_seen &&
         (float)(fc->time_us - fc->sticks_time_us) * 1e-6f <= fc_param(&fc->params, FC_PARAM_FS_TIMEOUT_S);
}

fc_arm_result_t fc_arm(fc_t* fc, bool arm, bool force) {
  char text[FC_EVENT_TEXT];
  if (!arm) {
    if (fc->armed) fc_event(fc, MAV_SEVERITY_INFO, "Disarmed");
    fc->armed = false;
    return FC_ARM_OK;
  }
  if (fc->armed) return FC_ARM_OK;
  const char* refusal = NULL;
  if (!fc->sensors_healthy || !fc->started) {
    refusal = "sensors not healthy";
  } else if (!force) {
    if (!fc->att.initialised) refusal = "attitude not known yet";
    else if (!sticks_fresh(fc)) refusal = "no pilot input (MANUAL_CONTROL)";
    else if (fc->mode != VAYU_MODE_ALT_HOLD && fc->sticks.throttle > fc_param(&fc->params, FC_PARAM_ARM_MAX_THR))
      refusal = "throttle not low";
    else if (tilt_deg(fc) > fc_param(&fc->params, FC_PARAM_ARM_MAX_TILT)) refusal = "not level";
  }
  if (refusal) {
    snprintf(text, sizeof text, "Arming refused: %s", refusal);
    fc_event(fc, MAV_SEVERITY_WARNING, text);
    return FC_ARM_REFUSED;
  }
  fc->armed = true;
  fc->failsafe = false;
  fc->land_timer_s = 0.0f;
  fc->climb_integrator = 0.0f;
  for (int i = 0; i < 3; ++i) fc_pid_reset(&fc->rate_pid[i]);
  hold_here(fc);
  fc_event(fc, MAV_SEVERITY_INFO, "Armed");
  return FC_ARM_OK;
}

/* Sensor axes to vehicle axes (SENS_ROT): yaw turns and a roll of 180°. */
static fc_vec3_t remap(int rotation, fc_vec3_t v) {
  if (rotation >= 4) { /* roll 180: y, z negate */
    v.y = -v.y;
    v.z = -v.z;
    rotation -= 4;
  }
  for (int i = 0; i < rotation; ++i) v = fc_v3(-v.y, v.x, v.z); /* yaw +90 */
  return v;
}

static float deadband(float v, float band) {
  if (fabsf(v) <= band) return 0.0f;
  return (v - (v > 0 ? band : -band)) / (1.0f - band);
}

/* ALT_HOLD's thrust for a wanted climb rate [m/s, up positive]. */
static float climb_thrust(fc_t* fc, float climb_sp, float dt_s) {
  const fc_params_t* p = &fc->params;
  const float error = climb_sp - fc->height.climb_mps;
  const float accel_sp = fc_param(p, FC_PARAM_ALT_VEL_P) * error + fc->climb_integrator;
  const fc_vec3_t down = fc_quat_rotate(fc->att.q_WB, fc_v3(0, 0, 1));
  const float cos_tilt = fc_clampf(down.z, 0.5f, 1.0f);
  const float hover = fc_param(p, FC_PARAM_HOVER_THRUST);
  const float thrust = hover * (1.0f + accel_sp / FC_GRAVITY_MPS2) / cos_tilt;
  /* Anti-windup: no integrating further into a limit (sitting armed on the ground with the
   * stick down must not wind the integrator, or the take-off would lag). */
  const bool low = thrust <= 0.0f && error < 0.0f, high = thrust >= 0.95f && error > 0.0f;
  if (!fc->saturated && !low && !high)
    fc->climb_integrator = fc_clampf(fc->climb_integrator + fc_param(p, FC_PARAM_ALT_VEL_I) * error * dt_s, -5.0f, 5.0f);
  return fc_clampf(thrust, 0.0f, 0.95f);
}

void fc_step(fc_t* fc, const fc_sensors_t* s) {
  const fc_params_t* p = &fc->params;
  /* The same sample again (a simulator resending a frame it thinks was lost): nothing new
   * happened, so nothing is integrated; the outputs stay as they were. */
  if (fc->started && s->time_us == fc->time_us && !s->reset) return;
  float dt_s = 0.001f;
  if (fc->started && s->time_us > fc->time_us) dt_s = fc_clampf((float)(s->time_us - fc->time_us) * 1e-6f, 1e-4f, 0.02f);
  if (s->reset || !fc->started || s->time_us < fc->time_us) {
    /* A new world (or time went backwards): estimate afresh, and never fly on into it. */
    if (fc->armed) fc_event(fc, MAV_SEVERITY_WARNING, "Simulation reset: disarmed");
    fc->armed = false;
    fc->att.initialised = false;
    fc->height.initialised = false;
    fc->sticks_time_us = s->time_us;
  }
  fc->time_us = s->time_us;
  fc->started = true;

  const int rotation = (int)fc_param(p, FC_PARAM_SENS_ROT);
  const fc_vec3_t gyro = remap(rotation, s->gyro_radps), accel = remap(rotation, s->accel_mps2), mag = remap(rotation, s->mag);
  fc->sensors_healthy = fc_finite3(gyro) && fc_finite3(accel) && fc_norm(accel) < 50.0f * FC_GRAVITY_MPS2;
  if (fc->sensors_healthy) {
    const fc_attitude_gains_t gains = {fc_param(p, FC_PARAM_ATT_ACC_KP), fc_param(p, FC_PARAM_ATT_ACC_KI),
                                       fc_param(p, FC_PARAM_ATT_ACC_GATE), fc_param(p, FC_PARAM_ATT_MAG_KP)};
    const bool mag_ok = s->mag_valid && fc_finite3(mag);
    fc_attitude_update(&fc->att, &gains, gyro, accel, mag, mag_ok, dt_s);
    if (s->baro_valid && isfinite(s->baro_alt_m)) fc_height_update(&fc->height, &fc->att, accel, s->baro_alt_m, dt_s);
  }

  /* Failsafe: armed without fresh pilot input. */
  const bool fresh = sticks_fresh(fc);
  if (fc->armed && !fresh && !fc->failsafe) {
    fc->failsafe = true;
    fc_event(fc, MAV_SEVERITY_CRITICAL, "Failsafe: no pilot input, levelling and descending");
  } else if (fc->failsafe && fresh) {
    fc->failsafe = false;
    hold_here(fc);
    fc_event(fc, MAV_SEVERITY_INFO, "Failsafe cleared: pilot input back");
  }

  if (!fc->armed || !fc->sensors_healthy) {
    if (fc->armed && !fc->sensors_healthy) {
      fc->armed = false;
      fc_event(fc, MAV_SEVERITY_CRITICAL, "Sensors failed: disarmed");
    }
    for (int i = 0; i < FC_MAX_MOTORS; ++i) fc->duty[i] = 0.0f;
    for (int i = 0; i < 3; ++i) fc_pid_reset(&fc->rate_pid[i]);
    fc->climb_integrator = 0.0f;
    fc->thrust_sp = 0.0f;
    fc->torque = fc_v3(0, 0, 0);
    fc->rate_sp_B = fc_v3(0, 0, 0);
    hold_here(fc);
    fc->q_sp_WB = fc->att.q_WB;
    return;
  }

  /* Setpoints from the sticks (or from the failsafe). */
  const float band = fc_param(p, FC_PARAM_STICK_DEADBAND);
  fc_sticks_t st = fc->sticks;
  if (fc->failsafe) st.roll = st.pitch = st.yaw = 0.0f;
  const float roll_in = deadband(st.roll, band), pitch_in = deadband(st.pitch, band), yaw_in = deadband(st.yaw, band);
  const float yaw_rate_max = fc_param(p, FC_PARAM_YAW_RATE_DPS) * FC_DEG2RAD;
  const float acro_rate = fc_param(p, FC_PARAM_ACRO_RATE_DPS) * FC_DEG2RAD;
  const vayu_mode_t mode = fc->failsafe ? VAYU_MODE_ALT_HOLD : fc->mode;
  fc_vec3_t rate_sp;
  if (mode == VAYU_MODE_ACRO) {
    rate_sp = fc_v3(roll_in * acro_rate, -pitch_in * acro_rate, yaw_in * yaw_rate_max);
    fc->q_sp_WB = fc->att.q_WB;
    fc->yaw_sp_rad = current_yaw(fc);
  } else {
    const float max_angle = fc_param(p, FC_PARAM_MAX_ANGLE_DEG) * FC_DEG2RAD;
    /* Yaw: the stick is a rate; centred, the heading at release is held (004). */
    if (yaw_in != 0.0f) fc->yaw_sp_rad = current_yaw(fc);
    fc->q_sp_WB = fc_quat_from_euler(roll_in * max_angle, -pitch_in * max_angle, fc->yaw_sp_rad);
    const fc_vec3_t e = fc_attitude_error_B(fc->att.q_WB, fc->q_sp_WB);
    const float kp = fc_param(p, FC_PARAM_ANG_RP_P);
    rate_sp = fc_v3(kp * e.x, kp * e.y, yaw_in != 0.0f ? yaw_in * yaw_rate_max : fc_param(p, FC_PARAM_ANG_YAW_P) * e.z);
    rate_sp.x = fc_clampf(rate_sp.x, -acro_rate, acro_rate);
    rate_sp.y = fc_clampf(rate_sp.y, -acro_rate, acro_rate);
    rate_sp.z = fc_clampf(rate_sp.z, -yaw_rate_max, yaw_rate_max);
  }
  fc->rate_sp_B = rate_sp;

  /* Thrust. */
  if (mode == VAYU_MODE_ALT_HOLD) {
    float climb_sp;
    if (fc->failsafe) {
      climb_sp = -fc_param(p, FC_PARAM_FS_DESCENT_MPS);
      fc->height_sp_m = fc->height.height_m;
    } else {
      const float stick = deadband(2.0f * st.throttle - 1.0f, 2.0f * band);
      if (stick != 0.0f) {
        climb_sp = stick * fc_param(p, FC_PARAM_ALT_VEL_MAX);
        fc->height_sp_m = fc->height.height_m;
      } else {
        climb_sp = fc_clampf(fc_param(p, FC_PARAM_ALT_POS_P) * (fc->height_sp_m - fc->height.height_m),
                             -fc_param(p, FC_PARAM_ALT_VEL_MAX), fc_param(p, FC_PARAM_ALT_VEL_MAX));
      }
    }
    /* Sitting on the ground with the stick down, the climb-rate error would wind the
     * integrator to its limit and the take-off would depend on how long it sat: while landed
     * the integrator stays at zero (as PX4 resets its integrators when landed). */
    if (fc->land_timer_s > 0.5f && climb_sp <= 0.0f) fc->climb_integrator = 0.0f;
    fc->thrust_sp = climb_thrust(fc, climb_sp, dt_s);
  } else {
    fc->thrust_sp = st.throttle;
    fc->climb_integrator = 0.0f;
    fc->height_sp_m = fc->height.height_m;
  }

  /* Rates to torques. */
  const float d_alpha = dt_s / (dt_s + 1.0f / (2.0f * FC_PI * fc_param(p, FC_PARAM_RATE_D_LPF_HZ)));
  const float i_lim = fc_param(p, FC_PARAM_RATE_I_LIM);
  const fc_pid_gains_t rp = {fc_param(p, FC_PARAM_RATE_RP_P), fc_param(p, FC_PARAM_RATE_RP_I), fc_param(p, FC_PARAM_RATE_RP_D), i_lim, 1.0f};
  const fc_pid_gains_t yw = {fc_param(p, FC_PARAM_RATE_YAW_P), fc_param(p, FC_PARAM_RATE_YAW_I), 0.0f, i_lim, 1.0f};
  /* At idle on the ground the integrators would wind up against the ground: hold them. */
  const bool hold_i = fc->saturated || fc->thrust_sp < 0.1f;
  fc->torque.x = fc_pid_update(&fc->rate_pid[0], &rp, rate_sp.x, fc->att.rate_B.x, dt_s, d_alpha, hold_i);
  fc->torque.y = fc_pid_update(&fc->rate_pid[1], &rp, rate_sp.y, fc->att.rate_B.y, dt_s, d_alpha, hold_i);
  fc->torque.z = fc_pid_update(&fc->rate_pid[2], &yw, rate_sp.z, fc->att.rate_B.z, dt_s, d_alpha, hold_i);

  float thrust[FC_MAX_MOTORS];
  fc->saturated = fc_mix(&fc->mixer, fc->thrust_sp, fc->torque.x, fc->torque.y, fc->torque.z, thrust);
  const bool quadratic = fc_param(p, FC_PARAM_MOT_THR_QUAD) > 0.5f;
  const float idle = fc_param(p, FC_PARAM_MOT_IDLE);
  for (int i = 0; i < FC_MAX_MOTORS; ++i) {
    float d = quadratic ? sqrtf(thrust[i]) : thrust[i];
    if (!isfinite(d)) d = 0.0f; /* never hand a NaN to a motor */
    fc->duty[i] = i < fc->mixer.motor_count ? fc_clampf(d, idle, 1.0f) : 0.0f;
  }

  /* Landed: commanding descent or minimum thrust and not moving vertically, for a while. */
  /* (Below 0.9 of hover while not moving: on the ground a descent command cannot be met.) */
  const bool low = mode == VAYU_MODE_ALT_HOLD ? fc->thrust_sp < 0.9f * fc_param(p, FC_PARAM_HOVER_THRUST) : st.throttle < 0.05f;
  if (low && fabsf(fc->height.climb_mps) < 0.2f) {
    fc->land_timer_s += dt_s;
  } else {
    fc->land_timer_s = 0.0f;
  }
  if (fc->failsafe && fc->land_timer_s >= fc_param(p, FC_PARAM_LAND_DETECT_S)) {
    fc->armed = false;
    for (int i = 0; i < FC_MAX_MOTORS; ++i) fc->duty[i] = 0.0f;
    fc_event(fc, MAV_SEVERITY_CRITICAL, "Failsafe: landed, disarmed");
  }
}
