#include "firmware/core/control.h"

void fc_pid_reset(fc_pid_t* pid) {
  pid->integrator = 0.0f;
  pid->derivative = 0.0f;
  pid->previous_measurement = 0.0f;
  pid->started = false;
}

float fc_pid_update(fc_pid_t* pid, const fc_pid_gains_t* gains, float setpoint, float measurement, float dt_s,
                    float d_alpha, bool freeze_integrator) {
  const float error = setpoint - measurement;
  if (!pid->started) {
    pid->previous_measurement = measurement;
    pid->started = true;
  }
  /* Derivative on the measurement: a setpoint step does not kick the output. */
  const float raw_derivative = dt_s > 0.0f ? -(measurement - pid->previous_measurement) / dt_s : 0.0f;
  pid->previous_measurement = measurement;
  pid->derivative += d_alpha * (raw_derivative - pid->derivative);
  if (!freeze_integrator) {
    pid->integrator += gains->ki * error * dt_s;
    pid->integrator = fc_clampf(pid->integrator, -gains->integrator_limit, gains->integrator_limit);
  }
  const float out = gains->kp * error + pid->integrator + gains->kd * pid->derivative;
  return fc_clampf(out, -gains->output_limit, gains->output_limit);
}

void fc_shaper_step(fc_shaper_t* s, float command_rad, float omega_radps, float dt_s) {
  const float w = omega_radps;
  const float jerk =
      w * w * w * (command_rad - s->angle_rad) - 3.0f * w * w * s->rate_radps - 3.0f * w * s->accel_radps2;
  s->accel_radps2 += jerk * dt_s;
  s->rate_radps += s->accel_radps2 * dt_s;
  s->angle_rad += s->rate_radps * dt_s;
}

fc_vec3_t fc_attitude_error_B(fc_quat_t q_WB, fc_quat_t q_sp_WB) {
  /* q_err = q^-1 ⊗ q_sp: the rotation from the estimate to the setpoint, in the body. */
  fc_quat_t e = fc_quat_mul(fc_quat_conj(q_WB), q_sp_WB);
  if (e.w < 0.0f) { /* the short way round */
    e.w = -e.w;
    e.x = -e.x;
    e.y = -e.y;
    e.z = -e.z;
  }
  /* Small-angle exact enough and monotonic: 2·vector part is the axis times 2·sin(θ/2). */
  return fc_v3(2.0f * e.x, 2.0f * e.y, 2.0f * e.z);
}
