/* The stages of one flight-core step, in the order fc_step runs them (as PX4 splits its
 * modules): each is a plain function of the configuration and the state, tested on its own
 * (tests/firmware/stages_test.cpp).
 *
 *   0. calibration      a sensor calibration in progress takes the raw sample   stage_calibration.c
 *   1. sensor remap     calibration (CAL_*), sensor axes → vehicle axes (SENS_ROT), level
 *                       horizon (SENS_BOARD_*_OFF)                             stage_estimation.c
 *   2. estimator        attitude (Mahony) and height; sensor health           stage_estimation.c
 *      velocity         GPS-aided velocity and the position reckoned from it  stage_position.c
 *   3. failsafe         armed without fresh pilot input ↔ failsafe            stage_safety.c
 *      (disarmed: motors off, controllers reset, setpoints follow the vehicle; fc_stage_idle)
 *   4a. position        POSITION: sticks → velocity, centred → hold; → tilt   stage_position.c
 *   4. setpoints        the mode's attitude and rate setpoints from the sticks stage_setpoints.c
 *   5. altitude         the thrust setpoint: throttle, or ALT_HOLD's climb loop stage_setpoints.c
 *   6. rate control     rate PIDs → torque demand                             stage_output.c
 *   7. mixer            thrust and torques → motor duties                     stage_output.c
 *   8. land detector    landed for a while in failsafe → disarm               stage_safety.c
 */
#ifndef NAVIGATOR_FC_STAGES_H
#define NAVIGATOR_FC_STAGES_H

#include "firmware/core/flight.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Shared by the stages: the estimated heading, holding the heading and height the vehicle has
 * now, and whether pilot input is fresh (younger than FS_TIMEOUT_S). */
static inline float fc_current_yaw(const fc_state_t* s) { return fc_quat_to_euler(s->att.q_WB).z; }
static inline void fc_hold_here(fc_state_t* s) {
  s->yaw_sp_rad = fc_current_yaw(s);
  s->yaw_ref_rad = s->yaw_sp_rad;
  s->height_sp_m = s->height.height_m;
}
static inline bool fc_sticks_fresh(const fc_params_t* p, const fc_state_t* s) {
  return s->sticks_seen && (float)(s->time_us - s->sticks_time_us) * 1e-6f <= fc_param(p, FC_PARAM_FS_TIMEOUT_S);
}
/* A stick value with `band` around centre removed and the rest stretched back to ±1. */
float fc_deadband(float v, float band);
/* STICK_MAP's values. */
enum { FC_STICKS_VEHICLE_AXES = 0, FC_STICKS_BETWEEN_AXES = 1, FC_STICKS_BETWEEN_AXES_TWIST_ANGLE = 2 };
/* The roll and pitch sticks (deadband removed) as tilt deflections about the flight axes, by
 * STICK_MAP: roll right-side-down positive, pitch nose-up positive, ±1 each on the vehicle's
 * axes (0); a pilot facing between the axes, as a lander's (1, 2): pitch = Y + X, roll = -Y + X with the
 * joystick's Y back positive, so ±2 on a diagonal. Times MAX_ANGLE_DEG they are the angles. */
void fc_stick_tilt(const fc_params_t* p, const fc_sticks_t* sticks, float* roll, float* pitch_up);

/* 0. Sensor calibration: the raw sample to a calibration in progress (fc_start_calibration), its
 *    result written at the end; a simulation reset fails it.                  stage_calibration.c */
void fc_stage_calibration(fc_t* fc, const fc_sensors_t* sensors_S);

/* 1. One vector from sensor axes to vehicle axes: rotation 0–3 yaws by 90° steps, 4–7 roll
 *    180° first (SENS_ROT). */
fc_vec3_t fc_sensor_rotate(int rotation, fc_vec3_t v_S);
/*    The whole sample in the flight axes (gyro, accel, mag: the calibration in the sensor's axes,
 *    fc_cal_fit.h, SENS_ROT, VEH_UP's turn, flight_axes.h, then the level horizon; the rest unchanged). */
fc_sensors_t fc_stage_sensor_remap(const fc_params_t* p, const fc_sensors_t* sensors_S);

/* 2. Sensors are healthy when gyro and accel are finite and |accel| < 50 g; then the attitude
 *    estimate takes the sample (the magnetometer when valid and finite) and the height estimate
 *    the barometer (when valid and finite). */
void fc_stage_estimator(const fc_params_t* p, fc_state_t* s, const fc_sensors_t* sensors_B, float dt_s);

/*    The gyro's full scale (GYRO_RANGE_DPS, 0: unknown): a rate at 97 % of it on any axis starts
 *    an excursion, which queues one warning ("Gyro range exceeded: attitude may be off") and is
 *    counted; it ends after 0.5 s with every axis below 90 %. Nothing else changes: the flight
 *    goes on (cutting thrust would crash a vehicle that has only lost some attitude), the
 *    motion beyond the scale is lost to the estimate. */
void fc_stage_gyro_range(const fc_params_t* p, fc_state_t* s, fc_vec3_t gyro_radps, float dt_s);

/*    The horizontal velocity (world) while GPS-aided, and the position integrated from it
 *    since it became known (writes s->horizontal: valid, vel_W_mps, pos_W_m). */
void fc_stage_velocity_estimate(const fc_params_t* p, fc_state_t* s, float dt_s);

/* 3. Armed without fresh pilot input (the source in force, fc_select_pilot_input): failsafe
 *    (levels, descends in ALT_HOLD). Input back: failsafe cleared, holding where the vehicle
 *    is. A critical battery with BAT_CRIT_ACT 1 is the same failsafe, which input back does not
 *    clear. Each change queues an event. */
void fc_stage_failsafe(const fc_params_t* p, fc_state_t* s);

/*    The sensors' health transitions due to be told (fc_sensor_health's rate limit), queued as
 *    events by the core's clock. */
void fc_stage_health_texts(fc_state_t* s);

/*    Disarmed (or sensors failed, which disarms): motors off, controllers reset, setpoints
 *    follow the vehicle so that arming starts from where it is. */
void fc_stage_idle(fc_state_t* s);

/* 4a. POSITION's horizontal loops: the roll/pitch sticks ask for a velocity (VEL_XY_MAX at
 *    full stick, in the heading's frame); centred, the vehicle brakes and then holds the point
 *    where it stopped (POS_XY_P); a PI velocity loop (VEL_XY_P, VEL_XY_I) gives an acceleration,
 *    limited by MAX_ANGLE_DEG, turned into the tilt (horizontal.roll_sp_rad, pitch_sp_rad) that
 *    stage 4 flies. True when it set the tilt; false in another mode or without a velocity
 *    (then, in POSITION, the sticks tilt as in ALT_HOLD and a warning says so once). On the
 *    ground it asks for level and holds nothing. */
bool fc_stage_position(const fc_params_t* p, fc_state_t* s, const fc_sticks_t* sticks, vayu_mode_t mode, float dt_s);
/*    Forgets the held point and the integrator (mode changes, arming, the ground). */
void fc_horizontal_reset(fc_state_t* s);

/* 4. The rate setpoint [rad/s, body] for `mode` from `sticks` (already failsafe-filtered):
 *    ACRO maps sticks to rates; ANGLE and ALT_HOLD map them to tilt (MAX_ANGLE_DEG), POSITION
 *    takes stage 4a's tilt when it set one; the yaw stick is a rate and the heading is held
 *    when centred. With ANG_RP_TC the stick's tilt is shaped (fc_shaper_t) and its rate fed
 *    forward over `dt_s`. Writes out.q_sp_WB, out.rate_sp_B, the shaper and the held heading. */
fc_vec3_t fc_stage_setpoints(const fc_params_t* p, fc_state_t* s, const fc_sticks_t* sticks, vayu_mode_t mode,
                             float dt_s);

/* 5. The collective thrust setpoint [0, 1]: the throttle stick, or in ALT_HOLD and POSITION a climb rate
 *    from the stick (centred: hold the height; failsafe: descend at FS_DESCENT_MPS) closed by
 *    a PI loop around HOVER_THRUST with tilt compensation and anti-windup. Writes out.thrust_sp. */
float fc_stage_altitude(const fc_params_t* p, fc_state_t* s, const fc_sticks_t* sticks, vayu_mode_t mode, float dt_s);

/* 6. Rate PIDs (roll/pitch with D on a low-passed derivative, yaw PI) → normalised torques;
 *    integrators held while saturated or below 10 % thrust. Writes out.torque. */
fc_vec3_t fc_stage_rate_control(const fc_params_t* p, fc_state_t* s, fc_vec3_t rate_sp_B, float dt_s);

/* 7. Thrust and torques through the mixer table to duties: sqrt for MOT_THR_QUAD, clamped to
 *    [MOT_IDLE, 1], never NaN, 0 beyond the motor count. Writes out.duty and saturated. */
void fc_stage_mixer(const fc_config_t* c, fc_state_t* s);

/* 8. Landed: low thrust (below 0.9 hover in ALT_HOLD and POSITION, throttle < 5 % otherwise),
 *    |climb| < 0.2 m/s and no rotation (|rate| < FC_LAND_MAX_RATE_RADPS) accumulate
 *    land_timer_s; in failsafe, LAND_DETECT_S of it disarms; after a flight (airborne),
 *    LAND_DETECT_S + DISARM_LAND_S of it disarms. In ALT_HOLD and POSITION stage 5 keeps pressing
 *    down once the evidence has lasted FC_LAND_PRESS_AFTER_S with the stick centred, and puts a
 *    landed vehicle at idle thrust until the stick asks to climb: the stick may be left centred. */
#define FC_LAND_MAX_RATE_RADPS 0.35f /* 20 deg/s: above it the vehicle is tumbling, not standing */
#define FC_LAND_PRESS_AFTER_S 0.5f   /* ground contact suspected this long: a centred stick presses on */
#define FC_LAND_PRESS_MPS 0.5f       /* ... asking for this descent, which the ground stops */
#define FC_LAND_CONTACT_G 0.3f       /* upward specific force beyond the thrust's: the ground [g] */
#define FC_LAND_CONTACT_HOLD_S 0.5f  /* ... felt this recently: a centred stick presses on */
void fc_stage_land_detector(const fc_params_t* p, fc_state_t* s, const fc_sticks_t* sticks, vayu_mode_t mode,
                            float dt_s);

#ifdef __cplusplus
}
#endif

#endif
