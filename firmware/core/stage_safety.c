/* Stages 3 and 8 and the idle outputs: failsafe, land detector (stages.h). */
#include "firmware/core/stages.h"

void fc_stage_failsafe(const fc_params_t* p, fc_state_t* s) {
  const bool fresh = fc_sticks_fresh(p, s);
  const bool battery =
      (int)fc_param(p, FC_PARAM_BAT_CRIT_ACT) == 1 && s->battery_set && s->battery.level == FC_BATTERY_CRITICAL;
  if (s->armed && battery && !s->battery_failsafe) {
    /* the pack is nearly empty: land now, whatever the pilot's input says */
    s->battery_failsafe = true;
    s->failsafe = true;
    fc_event_push(&s->events, MAV_SEVERITY_CRITICAL, "Failsafe: battery critical, descending to land");
  } else if (s->armed && !fresh && !s->failsafe) {
    s->failsafe = true;
    fc_event_push(&s->events, MAV_SEVERITY_CRITICAL, "Failsafe: no pilot input, levelling and descending");
  } else if (s->failsafe && fresh && !s->battery_failsafe) {
    s->failsafe = false;
    fc_hold_here(s);
    fc_event_push(&s->events, MAV_SEVERITY_INFO, "Failsafe cleared: pilot input back");
  }
}

void fc_stage_idle(fc_state_t* s) {
  if (s->armed && !s->sensors_healthy) {
    s->armed = false;
    fc_event_push(&s->events, MAV_SEVERITY_CRITICAL, "Sensors failed: disarmed");
  }
  for (int i = 0; i < FC_MAX_MOTORS; ++i) s->out.duty[i] = 0.0f;
  for (int i = 0; i < 3; ++i) fc_pid_reset(&s->rate_pid[i]);
  s->shaping = false;
  s->climb_integrator = 0.0f;
  s->out.thrust_sp = 0.0f;
  s->out.torque = fc_v3(0, 0, 0);
  s->out.rate_sp_B = fc_v3(0, 0, 0);
  fc_hold_here(s);
  s->out.q_sp_WB = s->att.q_WB;
}

/* Whether something under the vehicle pushes it up: the accelerometer's upward specific force
 * (20 ms low-passed, world up) beyond what the thrust can give, g · thrust / HOVER_THRUST, by
 * FC_LAND_CONTACT_G. In the air the specific force is the thrust's (plus a little drag); standing
 * on the ground at less than hover thrust, or touching down (the legs stop the descent within
 * milliseconds), the ground supplies the rest. The thrust is its recent peak (0.1 s decay, the
 * motors' spin-down), so a thrust cut in the air is not taken for contact. */
static bool ground_felt(const fc_params_t* p, fc_state_t* s, float dt_s) {
  s->thrust_peak =
      fmaxf(s->out.thrust_sp, s->thrust_peak - (s->thrust_peak - s->out.thrust_sp) * fminf(dt_s / 0.1f, 1.0f));
  if (!s->att.accel_filtered_valid) return false;
  const float up_mps2 = -fc_quat_rotate(s->att.q_WB, s->att.accel_filtered_B).z;
  const float thrust_mps2 = FC_GRAVITY_MPS2 * s->thrust_peak / fc_param(p, FC_PARAM_HOVER_THRUST);
  return up_mps2 - thrust_mps2 > FC_LAND_CONTACT_G * FC_GRAVITY_MPS2;
}

void fc_stage_land_detector(const fc_params_t* p, fc_state_t* s, const fc_sticks_t* sticks, vayu_mode_t mode,
                            float dt_s) {
  s->since_contact_s = ground_felt(p, s, dt_s) ? 0.0f : fminf(s->since_contact_s + dt_s, 1e3f);
  /* (Below 0.9 of hover while not moving: on the ground a descent command cannot be met.) */
  const bool low = vayu_mode_climb_rate_throttle(mode) ? s->out.thrust_sp < 0.9f * fc_param(p, FC_PARAM_HOVER_THRUST)
                                                       : sticks->throttle < 0.05f;
  const bool still = fabsf(s->height.climb_mps) < 0.2f && fc_norm(s->att.rate_B) < FC_LAND_MAX_RATE_RADPS;
  if (low && still) {
    s->land_timer_s += dt_s;
  } else {
    s->land_timer_s = 0.0f;
    /* Thrust up or moving: flying (an ALT_HOLD climb, or a throttle off idle). */
    if (!low) s->airborne = true;
  }
  /* Back on the ground after a flight and left there: disarmed after DISARM_LAND_S (PX4's
   * COM_DISARM_LAND, 2 s by default), so a landed vehicle stays put. Not before a first
   * take-off: a pilot who armed takes the time they need. */
  const float disarm_after_s = fc_param(p, FC_PARAM_DISARM_LAND_S);
  if (!s->failsafe && s->airborne && disarm_after_s > 0.0f &&
      s->land_timer_s >= fc_param(p, FC_PARAM_LAND_DETECT_S) + disarm_after_s) {
    s->armed = false;
    for (int i = 0; i < FC_MAX_MOTORS; ++i) s->out.duty[i] = 0.0f;
    fc_event_push(&s->events, MAV_SEVERITY_INFO, "Landed: disarmed");
    return;
  }
  if (s->failsafe && s->land_timer_s >= fc_param(p, FC_PARAM_LAND_DETECT_S)) {
    s->armed = false;
    for (int i = 0; i < FC_MAX_MOTORS; ++i) s->out.duty[i] = 0.0f;
    fc_event_push(&s->events, MAV_SEVERITY_CRITICAL, "Failsafe: landed, disarmed");
  }
}
