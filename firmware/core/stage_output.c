/* Stages 6 and 7: rate control and the mixer (stages.h). */
#include "firmware/core/stages.h"

fc_vec3_t fc_stage_rate_control(const fc_params_t* p, fc_state_t* s, fc_vec3_t rate_sp, float dt_s) {
  const float d_alpha = dt_s / (dt_s + 1.0f / (2.0f * FC_PI * fc_param(p, FC_PARAM_RATE_D_LPF_HZ)));
  const float i_lim = fc_param(p, FC_PARAM_RATE_I_LIM);
  const fc_pid_gains_t rp = {fc_param(p, FC_PARAM_RATE_RP_P), fc_param(p, FC_PARAM_RATE_RP_I),
                             fc_param(p, FC_PARAM_RATE_RP_D), i_lim, 1.0f};
  const fc_pid_gains_t yw = {fc_param(p, FC_PARAM_RATE_YAW_P), fc_param(p, FC_PARAM_RATE_YAW_I), 0.0f, i_lim, 1.0f};
  /* At idle on the ground the integrators would wind up against the ground: hold them. */
  const bool hold_i = s->saturated || s->out.thrust_sp < 0.1f;
  /* While the shaped set-point moves, its roll and pitch integrators hold (Betaflight's "I-term
   * relax", in its documented sense): the loop's lag behind a moving set-point is not an offset
   * to learn, and learning it is what overshoots after the step. */
  const bool relax_roll = s->shaping && fabsf(s->shaped[0].rate_radps) > FC_SHAPING_RELAX_RADPS;
  const bool relax_pitch = s->shaping && fabsf(s->shaped[1].rate_radps) > FC_SHAPING_RELAX_RADPS;
  s->out.torque.x =
      fc_pid_update(&s->rate_pid[0], &rp, rate_sp.x, s->att.rate_B.x, dt_s, d_alpha, hold_i || relax_roll);
  s->out.torque.y =
      fc_pid_update(&s->rate_pid[1], &rp, rate_sp.y, s->att.rate_B.y, dt_s, d_alpha, hold_i || relax_pitch);
  s->out.torque.z = fc_pid_update(&s->rate_pid[2], &yw, rate_sp.z, s->att.rate_B.z, dt_s, d_alpha, hold_i);
  /* ANG_RP_TC's shaped acceleration, fed forward: RATE_RP_FF, the inertia over the torque
   * authority, so the feedback only corrects what the model misses; and RATE_RP_D, whose term
   * (on the measured rate, so a stick step does not kick it) would otherwise oppose the very
   * acceleration asked for: on the shaped part it acts on the error, as a D on the error would. */
  if (s->shaping) {
    const float ff = fc_param(p, FC_PARAM_RATE_RP_FF) + rp.kd;
    s->out.torque.x = fc_clampf(s->out.torque.x + ff * s->accel_ff_B.x, -1.0f, 1.0f);
    s->out.torque.y = fc_clampf(s->out.torque.y + ff * s->accel_ff_B.y, -1.0f, 1.0f);
    s->out.torque.z = fc_clampf(s->out.torque.z + ff * s->accel_ff_B.z, -1.0f, 1.0f);
  }
  return s->out.torque;
}

void fc_stage_mixer(const fc_config_t* c, fc_state_t* s) {
  const fc_params_t* p = &c->params;
  float thrust[FC_MAX_MOTORS];
  s->saturated = fc_mix(&c->mixer, s->out.thrust_sp, s->out.torque.x, s->out.torque.y, s->out.torque.z, thrust);
  const bool quadratic = fc_param(p, FC_PARAM_MOT_THR_QUAD) > 0.5f;
  const float idle = fc_param(p, FC_PARAM_MOT_IDLE);
  for (int i = 0; i < FC_MAX_MOTORS; ++i) {
    float d = quadratic ? sqrtf(thrust[i]) : thrust[i];
    if (!isfinite(d)) d = 0.0f; /* never hand a NaN to a motor */
    s->out.duty[i] = i < c->mixer.motor_count ? fc_clampf(d, idle, 1.0f) : 0.0f;
  }
}
