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
  float integrator_limit; /* |I term| bound [normalised torque] */
  float output_limit;     /* |output| bound */
} fc_pid_gains_t;

typedef struct {
  float integrator; /* the I term itself [normalised torque] */
  float previous_measurement;
  float derivative; /* filtered d(measurement)/dt */
  bool started;
} fc_pid_t;

/* One step. `d_alpha` is the low-pass coefficient dt/(dt + 1/(2 pi f_c)). With `freeze_integrator`
 * the integrator holds (anti-windup while the outputs saturate). */
float fc_pid_update(fc_pid_t* pid, const fc_pid_gains_t* gains, float setpoint, float measurement, float dt_s,
                    float d_alpha, bool freeze_integrator);
void fc_pid_reset(fc_pid_t* pid);

/* Stick shaping (ANG_RP_TC): a critically damped third-order reference (three poles at -omega:
 * angle''' = omega^3 (command - angle) - 3 omega^2 angle' - 3 omega angle''), so a step of the
 * command is followed without overshoot, 95 % of the way within 6.30/omega, and its rate and
 * acceleration (continuous: no torque step for the motors) are known to feed forward. This is
 * the "input shaping" of ArduPilot's ATC_INPUT_TC and the feedforward of PX4 in their documented
 * sense: the step response set apart from the disturbance response, which the feedback alone
 * keeps. */
typedef struct {
  float angle_rad, rate_radps, accel_radps2;
} fc_shaper_t;

/* One step of `dt_s` (semi-implicit Euler; stable and unbiased for omega dt well below 1). */
void fc_shaper_step(fc_shaper_t* s, float command_rad, float omega_radps, float dt_s);

/* Body-rate setpoint [rad/s] that turns q_WB towards q_sp_WB with gains per axis [1/s]
 * (the shortest rotation, as an axis-angle error in the body). */
fc_vec3_t fc_attitude_error_B(fc_quat_t q_WB, fc_quat_t q_sp_WB);

#ifdef __cplusplus
}
#endif

#endif
