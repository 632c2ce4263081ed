#include "firmware/core/estimator.h"

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
}

void fc_attitude_update(fc_attitude_t* est, const fc_attitude_gains_t* gains, fc_vec3_t gyro_B, fc_vec3_t accel_B,
                        fc_vec3_t mag_B, bool mag_valid, float dt_s) {
  if (!est->initialised) {
    fc_attitude_init(est, accel_B, mag_B, mag_valid, gains->declination_rad);
    return;
  }
  fc_vec3_t correction = fc_v3(0, 0, 0);
  /* The first second after alignment runs with ten times the gains, so the noise of the one
   * sample it aligned to is averaged away quickly. */
  const float boost = est->age_s < 1.0f ? 10.0f : 1.0f;
  est->age_s += dt_s;

  /* Accelerometer: its "down" pulls the estimate's down towards it, weighted by how close the
   * specific force is to 1 g (a vehicle accelerating sideways feels a tilted "down", 000 §5:
   * trusting it would drag the estimate towards a phantom). */
  /* The accelerometer through a 20 ms low-pass: the gate below then judges the specific
   * force, not its noise. */
  if (!est->accel_filtered_valid) {
    est->accel_filtered_B = accel_B;
    est->accel_filtered_valid = true;
  }
  est->accel_filtered_B = fc_add(est->accel_filtered_B, fc_scale(fc_sub(accel_B, est->accel_filtered_B), fc_clampf(dt_s / 0.02f, 0.0f, 1.0f)));
  accel_B = est->accel_filtered_B;
  const float f = fc_norm(accel_B);
  const float deviation = fabsf(f / FC_GRAVITY_MPS2 - 1.0f);
  est->accel_weight = gains->acc_gate > 0.0f ? fc_clampf(1.0f - deviation / gains->acc_gate, 0.0f, 1.0f) : 1.0f;
  fc_vec3_t error_acc = fc_v3(0, 0, 0);
  if (f > 1e-3f && est->accel_weight > 0.0f) {
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
    const fc_vec3_t e = fc_add(fc_scale(error_acc, est->accel_weight), fc_scale(error_mag, gains->kp_mag > 0.0f ? 1.0f : 0.0f));
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
}

void fc_height_update(fc_height_t* h, const fc_attitude_t* att, fc_vec3_t accel_B, float baro_alt_m, float dt_s) {
  if (!h->initialised) {
    h->baro_origin_m = baro_alt_m;
    h->height_m = 0.0f;
    h->climb_mps = 0.0f;
    h->initialised = true;
    return;
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
