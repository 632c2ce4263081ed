#include "firmware/core/estimator.h"

#include <string.h>

/* The world "down" and magnetic-north-ish reference seen from the body. */
static fc_vec3_t down_in_body(fc_quat_t q) { return fc_quat_rotate_inv(q, fc_v3(0.0f, 0.0f, 1.0f)); }

void fc_attitude_init(fc_attitude_t* est, fc_vec3_t accel_B, fc_vec3_t mag_B, bool mag_valid, float declination_rad) {
  /* At rest the specific force is -g: "down" is -accel. Roll and pitch from it. */
  const fc_vec3_t d = fc_scale(accel_B, -1.0f);
  const float roll = atan2f(d.y, d.z);
  const float pitch = atan2f(-d.x, sqrtf(d.y * d.y + d.z * d.z));
  float yaw = 0.0f;
  if (mag_valid) {
    /* Heading: the magnetic field levelled into the world's horizontal plane points to
     * magnetic north, which lies `declination_rad` east of true north. */
    const fc_quat_t level = fc_quat_from_euler(roll, pitch, 0.0f);
    const fc_vec3_t m = fc_quat_rotate(level, mag_B);
    yaw = fc_wrap_pi(declination_rad - atan2f(m.y, m.x));
  }
  est->q_WB = fc_quat_from_euler(roll, pitch, yaw);
  est->gyro_bias_B = fc_v3(0, 0, 0);
  est->rate_B = fc_v3(0, 0, 0);
  est->initialised = true;
  est->accel_weight = 1.0f;
  est->age_s = 0.0f;
  est->accel_filtered_B = accel_B;
  est->accel_filtered_valid = true;
  est->accel_bias_B = fc_v3(0, 0, 0);
  /* The velocity observer starts afresh: nothing of a previous run (a reset restarts the clock,
   * so its slots would be taken for this run's) may be compared with this run's fixes. */
  memset(&est->aid, 0, sizeof est->aid);
  for (int i = 0; i < FC_GPS_AID_SLOTS; ++i) est->aid.history_slot[i] = UINT32_MAX;
}

bool fc_attitude_gps_aided(const fc_attitude_t* est, float k_gps, uint64_t time_us) {
  return k_gps > 0.0f && est->aid.active && time_us - est->aid.last_fix_arrival_us <= FC_GPS_AID_TIMEOUT_US;
}

/* The observer's integral at the end of slot `slot`, when the history still holds it. */
static bool aid_history(const fc_velocity_aid_t* aid, uint32_t slot, fc_vec3_t* out) {
  const uint32_t i = slot % FC_GPS_AID_SLOTS;
  if (aid->history_slot[i] != slot) return false;
  *out = aid->history_W_mps[i];
  return true;
}

static void aid_start(fc_velocity_aid_t* aid, fc_vec3_t integral_at_fix, const fc_gps_t* gps, uint64_t now_us) {
  aid->offset_W_mps = fc_sub(gps->vel_ned_mps, integral_at_fix);
  aid->rate_W_radps = fc_v3(0, 0, 0);
  aid->innovation_mps = fc_v3(0, 0, 0);
  aid->last_fix_time_us = gps->time_us;
  aid->last_fix_arrival_us = now_us;
}

/* Integrates the estimated specific force (rotated into the world, gravity added) and, with a
 * fresh fix, compares the observer at the fix's measurement time with it. The tilt correction
 * rate_W = (k/g) (v_err x down) turns the estimate so that its acceleration error, g times the
 * tilt error, shrinks; the velocity takes L = 2 zeta sqrt(k) T of the error per fix of period T
 * (zeta 0.8): a second-order loop of natural frequency sqrt(k). */
static void aid_update(fc_velocity_aid_t* aid, float k_gps, uint64_t time_us, fc_quat_t q_WB, fc_vec3_t accel_B,
                       const fc_gps_t* gps, float dt_s) {
  /* Fixes stopped: the observer stops too, and the next fix starts it afresh. */
  if (aid->active && time_us - aid->last_fix_arrival_us > FC_GPS_AID_TIMEOUT_US) aid->active = false;
  if (!aid->active && !(gps && gps->fresh)) return;
  const fc_vec3_t f_W = fc_quat_rotate(q_WB, accel_B);
  aid->integral_W_mps = fc_add(aid->integral_W_mps, fc_scale(fc_add(f_W, fc_v3(0, 0, FC_GRAVITY_MPS2)), dt_s));
  const uint32_t slot_now = (uint32_t)(time_us / FC_GPS_AID_SLOT_US);
  aid->history_W_mps[slot_now % FC_GPS_AID_SLOTS] = aid->integral_W_mps;
  aid->history_slot[slot_now % FC_GPS_AID_SLOTS] = slot_now;
  if (!gps || !gps->fresh || gps->time_us > time_us) return;

  fc_vec3_t integral_then;
  const bool known = aid_history(aid, (uint32_t)(gps->time_us / FC_GPS_AID_SLOT_US), &integral_then);
  if (!aid->active || !known || gps->time_us <= aid->last_fix_time_us) {
    /* Start (or restart after a gap): the observer takes the fix's velocity, no correction yet. */
    if (aid->active) ++aid->restarts;
    aid_start(aid, known ? integral_then : aid->integral_W_mps, gps, time_us);
    aid->active = true;
    return;
  }
  const fc_vec3_t innovation = fc_sub(gps->vel_ned_mps, fc_add(integral_then, aid->offset_W_mps));
  if (!fc_finite3(innovation) || fc_norm(innovation) > FC_GPS_AID_MAX_INNOVATION_MPS) {
    ++aid->restarts;
    aid_start(aid, integral_then, gps, time_us);
    return;
  }
  const float period_s = fc_clampf((float)(gps->time_us - aid->last_fix_time_us) * 1e-6f, 0.0f, 0.5f);
  const float velocity_gain = fc_clampf(2.0f * 0.8f * sqrtf(k_gps) * period_s, 0.0f, 1.0f);
  aid->offset_W_mps = fc_add(aid->offset_W_mps, fc_scale(innovation, velocity_gain));
  aid->rate_W_radps = fc_scale(fc_cross(innovation, fc_v3(0, 0, 1)), k_gps / FC_GRAVITY_MPS2);
  aid->innovation_mps = innovation;
  aid->last_fix_time_us = gps->time_us;
  aid->last_fix_arrival_us = time_us;
}

/* A multirotor's thrust acts along its body z axis, so across that axis its specific force is
 * only the air's drag over the mass (Leishman, Macdonald, Beard, McLain, "Quadrotors and
 * accelerometers: state estimation with an improved dynamic model", IEEE Control Systems 34(1),
 * 2014): nearly zero at a low air speed. What the accelerometer reads there on average is its
 * bias. GPS velocity cannot tell that bias from a tilt while the heading stays (both lean the
 * estimated acceleration alike), so without this the estimate's "level" is off by bias/g and
 * a hover with the sticks centred drifts. Learned through a first-order low-pass of
 * FC_ACCEL_BIAS_TC_S while flying slowly (GPS-aided speed, so calm air; in a steady wind the
 * drag is taken as bias too, up to FC_ACCEL_BIAS_LIMIT_MPS2) and not turning fast. */
static void learn_accel_bias(fc_attitude_t* est, fc_vec3_t accel_filtered_B, fc_vec3_t rate_B, float dt_s) {
  const fc_vec3_t v = fc_attitude_velocity_W(est);
  if (!est->learn_accel_bias || !fc_finite3(v) || sqrtf(v.x * v.x + v.y * v.y) > FC_ACCEL_BIAS_MAX_SPEED_MPS ||
      fc_norm(rate_B) > FC_ACCEL_BIAS_MAX_RATE_RADPS)
    return;
  const float k = fc_clampf(dt_s / FC_ACCEL_BIAS_TC_S, 0.0f, 1.0f), lim = FC_ACCEL_BIAS_LIMIT_MPS2;
  est->accel_bias_B.x = fc_clampf(est->accel_bias_B.x + (accel_filtered_B.x - est->accel_bias_B.x) * k, -lim, lim);
  est->accel_bias_B.y = fc_clampf(est->accel_bias_B.y + (accel_filtered_B.y - est->accel_bias_B.y) * k, -lim, lim);
  est->accel_bias_B.z = 0.0f;
}

void fc_attitude_update(fc_attitude_t* est, const fc_attitude_gains_t* gains, uint64_t time_us, fc_vec3_t gyro_B,
                        fc_vec3_t accel_B, fc_vec3_t mag_B, bool mag_valid, const fc_gps_t* gps, float dt_s) {
  if (!est->initialised) {
    fc_attitude_init(est, accel_B, mag_B, mag_valid, gains->declination_rad);
    return;
  }
  /* GPS-aided once aligned: the tilt follows the velocity observer, not the accelerometer's
   * "down" (which is the thrust axis, not the vertical, while the vehicle accelerates). */
  const bool aided = est->age_s >= 1.0f && fc_attitude_gps_aided(est, gains->k_gps, time_us);
  fc_vec3_t correction = fc_v3(0, 0, 0);
  /* The first second after alignment runs with ten times the gains, so the noise of the one
   * sample it aligned to is averaged away quickly. */
  const float boost = est->age_s < 1.0f ? 10.0f : 1.0f;
  est->age_s += dt_s;

  /* Accelerometer: its "down" pulls the estimate's down towards it, weighted by how close the
   * specific force is to 1 g (a vehicle accelerating sideways feels a tilted "down": trusting
   * it would drag the estimate towards a phantom level). */
  /* The accelerometer through a 20 ms low-pass: the gate below then judges the specific
   * force, not its noise. */
  if (!est->accel_filtered_valid) {
    est->accel_filtered_B = accel_B;
    est->accel_filtered_valid = true;
  }
  est->accel_filtered_B = fc_add(est->accel_filtered_B,
                                 fc_scale(fc_sub(accel_B, est->accel_filtered_B), fc_clampf(dt_s / 0.02f, 0.0f, 1.0f)));
  if (aided) learn_accel_bias(est, est->accel_filtered_B, fc_sub(gyro_B, est->gyro_bias_B), dt_s);
  /* Every use below takes the learned bias off. */
  const fc_vec3_t accel_raw_B = fc_sub(accel_B, est->accel_bias_B);
  accel_B = fc_sub(est->accel_filtered_B, est->accel_bias_B);
  const float f = fc_norm(accel_B);
  const float deviation = fabsf(f / FC_GRAVITY_MPS2 - 1.0f);
  est->accel_weight = gains->acc_gate > 0.0f ? fc_clampf(1.0f - deviation / gains->acc_gate, 0.0f, 1.0f) : 1.0f;
  fc_vec3_t error_acc = fc_v3(0, 0, 0);
  if (aided) {
    /* The held GPS correction, into the body; its bias learning in the same ratio as the
     * accelerometer's (ki/kp). */
    const fc_vec3_t rate_B = fc_quat_rotate_inv(est->q_WB, est->aid.rate_W_radps);
    correction = fc_add(correction, rate_B);
    if (gains->kp_acc > 0.0f) error_acc = fc_scale(rate_B, 1.0f / gains->kp_acc);
    est->accel_weight = 1.0f;
  } else if (f > 1e-3f && est->accel_weight > 0.0f) {
    const fc_vec3_t measured_down = fc_scale(accel_B, -1.0f / f);
    error_acc = fc_cross(measured_down, down_in_body(est->q_WB));
    correction = fc_add(correction, fc_scale(error_acc, gains->kp_acc * boost * est->accel_weight));
  }

  fc_vec3_t error_mag = fc_v3(0, 0, 0);
  /* Magnetometer, heading only: the field's heading in the estimated world should be
   * magnetic north, `declination_rad` east of true north; the error turns the estimate about
   * the world's down axis alone, so a disturbed field cannot tilt it. */
  if (mag_valid && gains->kp_mag > 0.0f && fc_norm(mag_B) > 1e-6f) {
    const fc_vec3_t h = fc_quat_rotate(est->q_WB, mag_B);
    if (h.x * h.x + h.y * h.y > 1e-12f) {
      error_mag = fc_scale(down_in_body(est->q_WB), -fc_wrap_pi(atan2f(h.y, h.x) - gains->declination_rad));
      correction = fc_add(correction, fc_scale(error_mag, gains->kp_mag * boost));
    }
  }

  /* Bias learning from both references' errors (the magnetometer's gives the yaw axis),
   * held during fast alignment so the alignment transient is not learned as a bias. */
  if (gains->ki_acc > 0.0f && boost == 1.0f) {
    const fc_vec3_t e =
        fc_add(fc_scale(error_acc, est->accel_weight), fc_scale(error_mag, gains->kp_mag > 0.0f ? 1.0f : 0.0f));
    est->gyro_bias_B = fc_sub(est->gyro_bias_B, fc_scale(e, gains->ki_acc * dt_s));
  }
  const fc_vec3_t max_bias = fc_v3(0.2f, 0.2f, 0.2f);
  est->gyro_bias_B.x = fc_clampf(est->gyro_bias_B.x, -max_bias.x, max_bias.x);
  est->gyro_bias_B.y = fc_clampf(est->gyro_bias_B.y, -max_bias.y, max_bias.y);
  est->gyro_bias_B.z = fc_clampf(est->gyro_bias_B.z, -max_bias.z, max_bias.z);

  est->rate_B = fc_sub(gyro_B, est->gyro_bias_B);
  const fc_vec3_t w = fc_add(est->rate_B, correction);
  /* q <- q ⊗ exp(w dt / 2), first order, renormalised. */
  const fc_quat_t dq = {1.0f, 0.5f * w.x * dt_s, 0.5f * w.y * dt_s, 0.5f * w.z * dt_s};
  est->q_WB = fc_quat_normalized(fc_quat_mul(est->q_WB, dq));
  if (gains->k_gps > 0.0f && est->age_s >= 1.0f)
    aid_update(&est->aid, gains->k_gps, time_us, est->q_WB, accel_raw_B, gps, dt_s);
}

void fc_height_update(fc_height_t* h, const fc_attitude_t* att, fc_vec3_t accel_B, float baro_alt_m, float dt_s) {
  if (!h->initialised) {
    h->baro_origin_m = baro_alt_m;
    h->height_m = 0.0f;
    h->climb_mps = 0.0f;
    h->origin_age_s = 0.0f;
    h->origin_samples = 1;
    h->initialised = true;
    return;
  }
  /* The origin's window: each sample's difference from the filter's height joins the mean. */
  if (h->origin_age_s < FC_BARO_ORIGIN_S) {
    h->origin_age_s += dt_s;
    ++h->origin_samples;
    h->baro_origin_m += ((baro_alt_m - h->baro_origin_m) - h->height_m) / (float)h->origin_samples;
  }
  /* Vertical acceleration, up positive: specific force in the world plus gravity. */
  const fc_vec3_t f_W = fc_quat_rotate(att->q_WB, accel_B);
  const float up_accel = -(f_W.z + FC_GRAVITY_MPS2);
  /* Second-order complementary filter: the accelerometer integrates, the barometer corrects
   * (time constant about 0.7 s, critically damped). */
  const float k1 = 2.8f, k2 = 4.0f;
  const float error = (baro_alt_m - h->baro_origin_m) - h->height_m;
  h->climb_mps += (up_accel + k2 * error) * dt_s;
  h->height_m += (h->climb_mps + k1 * error) * dt_s;
}
