/* Stages 4 and 5: setpoints from the sticks, and the thrust setpoint (stages.h). */
#include "firmware/core/stages.h"

float fc_deadband(float v, float band) {
  if (fabsf(v) <= band) return 0.0f;
  return (v - (v > 0 ? band : -band)) / (1.0f - band);
}

void fc_stick_tilt(const fc_params_t* p, const fc_sticks_t* st, float* roll, float* pitch_up) {
  const float band = fc_param(p, FC_PARAM_STICK_DEADBAND);
  const float x = fc_deadband(st->roll, band), forward = fc_deadband(st->pitch, band);
  if ((int)fc_param(p, FC_PARAM_STICK_MAP) == FC_STICKS_VEHICLE_AXES) {
    *roll = x;
    *pitch_up = -forward;
    return;
  }
  /* STICK_MAP 1, 2: the pilot faces between the vehicle's axes (docs/design/firmware.md, "The lander"); with its
   * joystick Y = -forward (back positive) and X = right, desired angle about body Y = Y + X and
   * about body Z = -Y + X. For the X-up lander body Y is the flight axes' right (their pitch
   * axis) and body Z their forward (their roll axis), flight_axes.h. */
  const float joy_y = -forward;
  *pitch_up = joy_y + x;
  *roll = -joy_y + x;
}

/* ANG_RP_TC: the stick's roll and pitch through the shaper; the set-point's rate and
 * acceleration, turned from Euler rates into body rates with the heading held (psi' = 0:
 * p = phi', q = cos(phi) theta', r = -sin(phi) theta'; the accelerations likewise, less the
 * products of rates, which a 10-degree step keeps below 2 % of them). On (re)entry the shaper
 * starts at the command itself, at rest: exactly the unshaped set-point, so a vehicle holding its
 * sticks centred flies as with ANG_RP_TC 0, and a mode change is no softer than before. */
static fc_vec3_t shape_tilt(const fc_params_t* p, fc_state_t* s, float* roll_sp, float* pitch_sp, float dt_s) {
  if (!s->shaping) {
    s->shaped[0] = (fc_shaper_t){*roll_sp, 0.0f, 0.0f};
    s->shaped[1] = (fc_shaper_t){*pitch_sp, 0.0f, 0.0f};
    s->shaping = true;
  }
  const float omega = 1.0f / fmaxf(fc_param(p, FC_PARAM_ANG_RP_TC), 0.01f);
  fc_shaper_step(&s->shaped[0], *roll_sp, omega, dt_s);
  fc_shaper_step(&s->shaped[1], *pitch_sp, omega, dt_s);
  *roll_sp = s->shaped[0].angle_rad;
  *pitch_sp = s->shaped[1].angle_rad;
  const float c = cosf(*roll_sp), sn = sinf(*roll_sp);
  s->accel_ff_B = fc_v3(s->shaped[0].accel_radps2, c * s->shaped[1].accel_radps2, -sn * s->shaped[1].accel_radps2);
  return fc_v3(s->shaped[0].rate_radps, c * s->shaped[1].rate_radps, -sn * s->shaped[1].rate_radps);
}

fc_vec3_t fc_stage_setpoints(const fc_params_t* p, fc_state_t* s, const fc_sticks_t* st, vayu_mode_t mode, float dt_s) {
  const float band = fc_param(p, FC_PARAM_STICK_DEADBAND);
  float roll_in, pitch_up_in;
  fc_stick_tilt(p, st, &roll_in, &pitch_up_in);
  const float yaw_in = fc_deadband(st->yaw, band);
  /* STICK_MAP 2: as a lander's first tethered tests flew, the twist an absolute angle (roll about
   * the lander's up axis = -twist, so the heading = +twist) from the heading at arming,
   * MAX_ANGLE_DEG of it at full twist. */
  const bool twist_is_angle = (int)fc_param(p, FC_PARAM_STICK_MAP) == FC_STICKS_BETWEEN_AXES_TWIST_ANGLE;
  const float yaw_rate_max = fc_param(p, FC_PARAM_YAW_RATE_DPS) * FC_DEG2RAD;
  const float acro_rate = fc_param(p, FC_PARAM_ACRO_RATE_DPS) * FC_DEG2RAD;
  fc_vec3_t rate_sp;
  if (mode == VAYU_MODE_ACRO) {
    s->shaping = false;
    rate_sp = fc_v3(roll_in * acro_rate, pitch_up_in * acro_rate, yaw_in * yaw_rate_max);
    s->out.q_sp_WB = s->att.q_WB;
    s->yaw_sp_rad = fc_current_yaw(s);
  } else {
    const float max_angle = fc_param(p, FC_PARAM_MAX_ANGLE_DEG) * FC_DEG2RAD;
    /* Yaw: the stick is a rate; centred, the heading at release is held (a vehicle that must
     * turn full circles cannot take the twist as an angle); or, for
     * STICK_MAP 2, an angle from the heading at arming. */
    const bool yaw_rate = !twist_is_angle && yaw_in != 0.0f;
    if (twist_is_angle)
      s->yaw_sp_rad = fc_wrap_pi(s->yaw_ref_rad + yaw_in * max_angle);
    else if (yaw_in != 0.0f)
      s->yaw_sp_rad = fc_current_yaw(s);
    const bool positioned = mode == VAYU_MODE_POSITION && s->horizontal.valid;
    float roll_sp = positioned ? s->horizontal.roll_sp_rad : roll_in * max_angle;
    float pitch_sp = positioned ? s->horizontal.pitch_sp_rad : pitch_up_in * max_angle;
    /* POSITION's own loop makes smooth set-points: only the pilot's stick is shaped. */
    const bool shaped = !positioned && fc_param(p, FC_PARAM_ANG_RP_TC) > 0.0f;
    fc_vec3_t rate_ff = fc_v3(0, 0, 0);
    if (shaped)
      rate_ff = shape_tilt(p, s, &roll_sp, &pitch_sp, dt_s);
    else
      s->shaping = false;
    s->out.q_sp_WB = fc_quat_from_euler(roll_sp, pitch_sp, s->yaw_sp_rad);
    const fc_vec3_t e = fc_attitude_error_B(s->att.q_WB, s->out.q_sp_WB);
    const float kp = fc_param(p, FC_PARAM_ANG_RP_P);
    rate_sp = fc_v3(kp * e.x, kp * e.y, yaw_rate ? yaw_in * yaw_rate_max : fc_param(p, FC_PARAM_ANG_YAW_P) * e.z);
    if (shaped) rate_sp = fc_add(rate_sp, rate_ff);
    rate_sp.x = fc_clampf(rate_sp.x, -acro_rate, acro_rate);
    rate_sp.y = fc_clampf(rate_sp.y, -acro_rate, acro_rate);
    rate_sp.z = fc_clampf(rate_sp.z, -yaw_rate_max, yaw_rate_max);
  }
  s->out.rate_sp_B = rate_sp;
  return rate_sp;
}

/* ALT_HOLD's (and POSITION's) thrust for a wanted climb rate [m/s, up positive]. */
static float climb_thrust(const fc_params_t* p, fc_state_t* s, float climb_sp, float dt_s) {
  const float error = climb_sp - s->height.climb_mps;
  const float accel_sp = fc_param(p, FC_PARAM_ALT_VEL_P) * error + s->climb_integrator;
  const fc_vec3_t down = fc_quat_rotate(s->att.q_WB, fc_v3(0, 0, 1));
  const float cos_tilt = fc_clampf(down.z, 0.5f, 1.0f);
  const float hover = fc_param(p, FC_PARAM_HOVER_THRUST);
  const float thrust = hover * (1.0f + accel_sp / FC_GRAVITY_MPS2) / cos_tilt;
  /* Anti-windup: no integrating further into a limit (sitting armed on the ground with the
   * stick down must not wind the integrator, or the take-off would lag). */
  const bool low = thrust <= 0.0f && error < 0.0f, high = thrust >= 0.95f && error > 0.0f;
  if (!s->saturated && !low && !high)
    s->climb_integrator = fc_clampf(s->climb_integrator + fc_param(p, FC_PARAM_ALT_VEL_I) * error * dt_s, -5.0f, 5.0f);
  return fc_clampf(thrust, 0.0f, 0.95f);
}

float fc_stage_altitude(const fc_params_t* p, fc_state_t* s, const fc_sticks_t* st, vayu_mode_t mode, float dt_s) {
  if (!vayu_mode_climb_rate_throttle(mode)) {
    s->out.thrust_sp = st->throttle;
    s->climb_integrator = 0.0f;
    s->height_sp_m = s->height.height_m;
    return s->out.thrust_sp;
  }
  float climb_sp;
  bool climb_asked = false; /* the pilot's stick above centre (not the hold's own correction) */
  if (s->failsafe) {
    climb_sp = -fc_param(p, FC_PARAM_FS_DESCENT_MPS);
    s->height_sp_m = s->height.height_m;
  } else {
    const float band = fc_param(p, FC_PARAM_STICK_DEADBAND);
    const float stick = fc_deadband(2.0f * st->throttle - 1.0f, 2.0f * band);
    climb_asked = stick > 0.0f;
    if (stick != 0.0f) {
      /* A descent asked for is a press of its own: centred while the ground already holds it
       * up (the detector's timer running), the press goes on. */
      s->land_pressing = stick < 0.0f;
      climb_sp = stick * fc_param(p, FC_PARAM_ALT_VEL_MAX);
      s->height_sp_m = s->height.height_m;
    } else {
      climb_sp = fc_clampf(fc_param(p, FC_PARAM_ALT_POS_P) * (s->height_sp_m - s->height.height_m),
                           -fc_param(p, FC_PARAM_ALT_VEL_MAX), fc_param(p, FC_PARAM_ALT_VEL_MAX));
      /* Ground contact suspected (the detector's evidence for FC_LAND_PRESS_AFTER_S, or the
       * ground felt pushing up within FC_LAND_CONTACT_HOLD_S) and the stick centred: keep
       * pressing down as the descent did, so that a pilot who centres the stick on touching
       * down lands (at hover thrust on its legs nothing else tells the ground from the air).
       * The hold's own point is kept, so evidence that does not last (in the air the vehicle
       * sinks, which ends it) costs centimetres and the hold returns to its height. */
      const bool suspected = s->land_timer_s >= FC_LAND_PRESS_AFTER_S || s->since_contact_s < FC_LAND_CONTACT_HOLD_S;
      s->land_pressing = suspected || (s->land_pressing && s->land_timer_s > 0.0f);
      if (s->land_pressing) climb_sp = fminf(climb_sp, -FC_LAND_PRESS_MPS);
    }
  }
  /* Sitting on the ground with the stick down, the climb-rate error would wind the
   * integrator to its limit and the take-off would depend on how long it sat: while landed
   * the integrator stays at zero (as PX4 resets its integrators when landed). */
  if (s->land_timer_s > 0.5f && !climb_asked) s->climb_integrator = 0.0f;
  /* Landed (LAND_DETECT_S of it) and not asked to climb by the stick: the motors go to idle,
   * as PX4 and ArduCopter spool down on the ground, until the stick goes above centre. The
   * hold's own correction (a few centimetres of barometer noise) must not lift it off: a
   * vehicle left with the stick centred stays landed, and DISARM_LAND_S disarms it. */
  if (!s->failsafe && s->land_timer_s >= fc_param(p, FC_PARAM_LAND_DETECT_S) && !climb_asked) {
    s->climb_integrator = 0.0f;
    s->height_sp_m = s->height.height_m;
    s->out.thrust_sp = 0.0f;
    return s->out.thrust_sp;
  }
  s->out.thrust_sp = climb_thrust(p, s, climb_sp, dt_s);
  return s->out.thrust_sp;
}
