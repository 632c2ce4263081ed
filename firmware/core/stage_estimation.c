/* Stages 1 and 2: sensor remap and estimation (stages.h). */
#include "firmware/core/stages.h"

#include "firmware/core/flight_axes.h"

fc_vec3_t fc_sensor_rotate(int rotation, fc_vec3_t v) {
  if (rotation >= 4) { /* roll 180: y, z negate */
    v.y = -v.y;
    v.z = -v.z;
    rotation -= 4;
  }
  for (int i = 0; i < rotation; ++i) v = fc_v3(-v.y, v.x, v.z); /* yaw +90 */
  return v;
}

fc_sensors_t fc_stage_sensor_remap(const fc_params_t* p, const fc_sensors_t* sensors_S) {
  const int rotation = (int)fc_param(p, FC_PARAM_SENS_ROT), up = (int)fc_param(p, FC_PARAM_VEH_UP);
  fc_sensors_t b = *sensors_S;
  b.gyro_radps =
      fc_cal_level(p, fc_body_to_flight(up, fc_sensor_rotate(rotation, fc_cal_gyro(p, sensors_S->gyro_radps))));
  b.accel_mps2 =
      fc_cal_level(p, fc_body_to_flight(up, fc_sensor_rotate(rotation, fc_cal_accel(p, sensors_S->accel_mps2))));
  b.mag = fc_cal_level(p, fc_body_to_flight(up, fc_sensor_rotate(rotation, fc_cal_mag(p, sensors_S->mag))));
  return b;
}

void fc_stage_estimator(const fc_params_t* p, fc_state_t* s, const fc_sensors_t* b, float dt_s) {
  s->sensors_healthy =
      fc_finite3(b->gyro_radps) && fc_finite3(b->accel_mps2) && fc_norm(b->accel_mps2) < 50.0f * FC_GRAVITY_MPS2;
  if (!s->sensors_healthy) return;
  const fc_attitude_gains_t gains = {fc_param(p, FC_PARAM_ATT_ACC_KP),
                                     fc_param(p, FC_PARAM_ATT_ACC_KI),
                                     fc_param(p, FC_PARAM_ATT_ACC_GATE),
                                     fc_param(p, FC_PARAM_ATT_MAG_KP),
                                     fc_param(p, FC_PARAM_MAG_DECL_DEG) * FC_DEG2RAD,
                                     fc_param(p, FC_PARAM_ATT_GPS_K)};
  fc_stage_gyro_range(p, s, b->gyro_radps, dt_s);
  const bool mag_ok = b->mag_valid && fc_finite3(b->mag);
  /* A fix is taken when it is a real velocity: finite and below 150 m/s. */
  const bool gps_ok = b->gps.fresh && fc_finite3(b->gps.vel_ned_mps) && fc_norm(b->gps.vel_ned_mps) < 150.0f;
  /* Flying on its thrust: the accelerometer's reading across the thrust axis is then its bias
   * (fc_attitude_update). Not on the ground, where a slope reads the same. */
  s->att.learn_accel_bias = s->armed && s->airborne && s->land_timer_s <= 0.0f;
  fc_attitude_update(&s->att, &gains, b->time_us, b->gyro_radps, b->accel_mps2, b->mag, mag_ok, gps_ok ? &b->gps : NULL,
                     dt_s);
  if (b->baro_valid && isfinite(b->baro_alt_m))
    fc_height_update(&s->height, &s->att, b->accel_mps2, b->baro_alt_m, dt_s);
  fc_stage_velocity_estimate(p, s, dt_s);
}

void fc_stage_gyro_range(const fc_params_t* p, fc_state_t* s, fc_vec3_t gyro_radps, float dt_s) {
  const float range = fc_param(p, FC_PARAM_GYRO_RANGE_DPS) * FC_DEG2RAD;
  if (range <= 0.0f) return;
  const float peak = fmaxf(fabsf(gyro_radps.x), fmaxf(fabsf(gyro_radps.y), fabsf(gyro_radps.z)));
  if (peak >= 0.97f * range) {
    s->gyro_in_range_s = 0.0f;
    if (!s->gyro_clipping) {
      /* Cutting thrust near the gyro's edge would turn a lost attitude into a crash; the
       * motion beyond it is lost to the estimate, so say so and fly on (the pilot can trim out
       * a few degrees). */
      s->gyro_clipping = true;
      ++s->gyro_clip_count;
      fc_event_push(&s->events, MAV_SEVERITY_WARNING, "Gyro range exceeded: attitude may be off");
    }
  } else if (s->gyro_clipping) {
    if (peak < 0.9f * range)
      s->gyro_in_range_s += dt_s;
    else
      s->gyro_in_range_s = 0.0f;
    if (s->gyro_in_range_s >= 0.5f) s->gyro_clipping = false;
  }
}
