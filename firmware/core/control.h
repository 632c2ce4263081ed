/* Cascaded attitude control: angle P -> rate PID (derivative on the measurement through a
 * first-order low-pass, integrator clamped and frozen while the mixer saturates). Outputs are
 * normalised torques, the mixer's inputs. Plain code: no OS, no HAL. */
#ifndef NAVIGATOR_FC_CONTROL_H
#define NAVIGATOR_FC_CONTROL_H

#include "firmware/core/fc_math.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  float kp, ki, kd;
  float integrator_limit;  /* |I term| bound [normalised torque] */
  float output_limit;      /* |output| bound */
} fc_pid_gains_t;

typedef struct {
  float integrator;        /* the I term itself [normalised torque] */
  float previous_measurement;
  float derivative;        /* filtered d(measurement)/dt */
  bool started;
} fc_pid_t;

/* One step. `d_alpha` is the low-pass coefficient dt/(dt + 1/(2 pi f_c)). With `freeze_integrator`
 * the integrator holds (anti-windup while the outputs saturate). */
float fc_pid_update(fc_pid_t* pid, const fc_pid_gains_t* gains, float setpoint, float measurement, float dt_s, float d_alpha,
                    bool freeze_integrator);
void fc_pid_reset(fc_pid_t* pid);

/* Body-rate setpoint [rad/s] that turns q_WB towards q_sp_WB with gains per axis [1/s]
 * (the shortest rotation, as an axis-angle error in the body). */
fc_vec3_t fc_attitude_error_B(fc_quat_t q_WB, fc_quat_t q_sp_WB);

#ifdef __cplusplus
}
#endif

#endif
