/* The flight controller: sensors in, motor duties out, one call per IMU sample. Modes ACRO,
 * ANGLE and ALT_HOLD; arming checks; failsafe on lost MANUAL_CONTROL. Time is the sensor
 * frames' own timestamps, so a lockstep run is deterministic. No malloc, no OS, no HAL: the
 * same code runs in SITL, in tests and on the board. One thread owns an fc_t.
 *
 * An fc_t is its configuration (fc_config_t: parameters and mixer table, changed only between
 * steps — by the parameter protocol or the HAL, never by a step) and its state (fc_state_t:
 * everything a step changes). fc_step runs the stages of firmware/core/stages.h in order. */
#ifndef NAVIGATOR_FC_FLIGHT_H
#define NAVIGATOR_FC_FLIGHT_H

#include "firmware/core/allocation.h"
#include "firmware/core/control.h"
#include "firmware/core/estimator.h"
#include "firmware/core/events.h"
#include "firmware/core/fc_calibration.h"
#include "firmware/core/fc_motor_test.h"
#include "firmware/core/fc_params.h"
#include "firmware/core/mixer.h"
#include "firmware/protocol/vayu_protocol.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One IMU sample, in the sensor's axes (SENS_ROT maps them to the vehicle's). */
typedef struct {
  uint64_t time_us;
  fc_vec3_t accel_mps2; /* specific force */
  fc_vec3_t gyro_radps;
  fc_vec3_t mag;    /* any unit; only its direction is used */
  float baro_alt_m; /* pressure altitude */
  bool mag_valid, baro_valid;
  bool reset;   /* the world was reset (HIL_SENSOR_UPDATED_RESET): start afresh */
  fc_gps_t gps; /* a GPS velocity fix, when one arrived with this sample (gps.fresh) */
} fc_sensors_t;

/* Pilot input, as MANUAL_CONTROL carries it: roll +1 right, pitch +1 forward (nose down),
 * yaw +1 clockwise, throttle 0..1. */
typedef struct {
  float roll, pitch, yaw, throttle;
} fc_sticks_t;

/* Where the pilot's sticks come from (RC_IN_MODE chooses; fc_state_t.pilot_source says which
 * is in force). */
typedef enum { FC_PILOT_STATION = 0, FC_PILOT_RECEIVER = 1 } fc_pilot_source_t;
enum { FC_RC_IN_STATION = 0, FC_RC_IN_RECEIVER = 1, FC_RC_IN_RECEIVER_FIRST = 2 }; /* RC_IN_MODE */

/* One source's latest good input, stamped with the core's clock (sensor time) when it came. */
typedef struct {
  fc_sticks_t sticks;
  bool seen;
  uint64_t time_us;
} fc_pilot_input_t;

/* What a radio receiver's driver gives the core, in the core's terms (the HAL maps the channels
 * to sticks with the RC_MAP_* and RCn_* parameters; firmware/drivers/rc_input.h). */
typedef struct {
  fc_sticks_t sticks;       /* as MANUAL_CONTROL's: roll, pitch, yaw -1..1, throttle 0..1 */
  bool failsafe;            /* the receiver lost its transmitter, no frames, or the map is unusable */
  int16_t link_quality_pct; /* 0..100; -1 when the protocol reports none (SBUS) */
  uint32_t frame_count;     /* the driver's frames decoded: the same count again is no new frame */
} fc_rc_frame_t;

/* One receiver channel's calibration from the RCn_* parameters, in the units of
 * firmware/drivers/rc_input.h's rc_channel_cal_t, for the HAL to build its channel map from
 * (with the RC_MAP_* parameters); channels 1..FC_RC_CAL_CHANNELS (beyond: false, *cal alone). */
enum { FC_RC_CAL_CHANNELS = 8 };
typedef struct {
  uint16_t min_us, trim_us, max_us;
  bool reversed;
  uint16_t deadband_us;
} fc_rc_channel_cal_t;
bool fc_rc_channel_cal(const fc_params_t* params, int channel, fc_rc_channel_cal_t* cal);

/* The sensors whose health the HAL reports (fc_sensor_health); SYS_STATUS names them with its
 * MAV_SYS_STATUS_SENSOR bits. */
typedef enum {
  FC_SENSOR_GYRO = 0,
  FC_SENSOR_ACCEL,
  FC_SENSOR_MAG,
  FC_SENSOR_BARO,
  FC_SENSOR_GPS,
  FC_SENSOR_RC,
  FC_SENSOR_BATTERY,
  FC_SENSOR_COUNT
} fc_sensor_id_t;

enum { FC_HEALTH_TEXT = 101 };              /* two STATUSTEXT chunks of 50 and a terminator */
#define FC_HEALTH_TEXT_INTERVAL_US 1000000u /* at most one health STATUSTEXT per sensor per second */

typedef struct {
  bool reported; /* the HAL has said something of it: present */
  int code;      /* 0 ok, else the driver's fault code */
  char message[FC_HEALTH_TEXT];
  int told_code; /* the state the last STATUSTEXT said (0 before any) */
  bool told_any;
  uint64_t told_us;
  uint32_t changes; /* transitions since that STATUSTEXT */
} fc_sensor_health_t;

/* The battery's charge level (the monitor's latched warnings). */
typedef enum { FC_BATTERY_OK = 0, FC_BATTERY_LOW = 1, FC_BATTERY_CRITICAL = 2 } fc_battery_level_t;

/* What a battery monitor measured (firmware/drivers/battery_adc.h's state, in plain numbers). */
typedef struct {
  float voltage_v;    /* the pack; NaN: not measured */
  float current_a;    /* NaN: not measured */
  float consumed_mah; /* NaN: not counted */
  float consumed_j;   /* NaN: not counted */
  float remaining;    /* 0..1; negative: not known */
  uint8_t cell_count; /* 0: not known */
  fc_battery_level_t level;
} fc_battery_t;

/* What the core is configured with. */
typedef struct {
  fc_params_t params;
  fc_mixer_table_t mixer;         /* the allocation in force */
  fc_mixer_table_t hal_mixer;     /* the HAL's table, which MIXER 0 uses (quad X on the board and in SITL) */
  const char* allocation_problem; /* MIXER 1 with a geometry that cannot fly: what is wrong; else NULL */
} fc_config_t;

/* What the last step decided, for the motors, telemetry and logs. */
typedef struct {
  fc_quat_t q_sp_WB;   /* attitude setpoint (the estimate itself in ACRO) */
  fc_vec3_t rate_sp_B; /* body rate setpoint [rad/s] */
  fc_vec3_t torque;    /* normalised torque demand, body axes */
  float thrust_sp;     /* normalised collective thrust [0, 1] */
  float duty[FC_MAX_MOTORS];
} fc_outputs_t;

/* POSITION's horizontal state: the GPS-aided velocity, a position dead-reckoned from it (no GPS
 * position: the point held is where the vehicle was, not a coordinate), and the loops' state. */
typedef struct {
  bool valid;                      /* the velocity is known: GPS-aided (fc_attitude_gps_aided) */
  fc_vec3_t vel_W_mps;             /* world NED; x, y used */
  fc_vec3_t pos_W_m;               /* integral of vel_W_mps since it became valid */
  bool holding;                    /* a point is held (the sticks centred and the vehicle braked) */
  fc_vec3_t pos_sp_W_m;            /* the point held */
  fc_vec3_t vel_sp_W_mps;          /* the velocity asked for */
  fc_vec3_t accel_i_W_mps2;        /* the velocity loop's integrator */
  float roll_sp_rad, pitch_sp_rad; /* the tilt it asks of stage 4 */
  bool lost_warned;                /* "GPS lost" said once per loss */
} fc_horizontal_t;

/* The shaped set-point's rate above which the roll/pitch rate integrators hold [rad/s] (5 deg/s:
 * a pilot moving the stick, not a hover's noise, which the shaper never sees). */
#define FC_SHAPING_RELAX_RADPS 0.0873f

/* Everything a step changes. */
typedef struct {
  fc_attitude_t att;
  fc_height_t height;
  fc_pid_t rate_pid[3];
  float climb_integrator;
  fc_horizontal_t horizontal;
  /* ANG_RP_TC's shaped roll and pitch set-points (flight axes, Euler), while `shaping` holds. */
  bool shaping;
  fc_shaper_t shaped[2];
  fc_vec3_t accel_ff_B;     /* the shaped angular acceleration [rad/s^2], body, for RATE_RP_FF */
  bool gyro_clipping;       /* a rate at the gyro's full scale (GYRO_RANGE_DPS) in this excursion */
  uint32_t gyro_clip_count; /* excursions beyond the full scale since start */
  float gyro_in_range_s;    /* how long every axis has been back within 90 % of it */

  vayu_mode_t mode;
  bool armed, failsafe, sensors_healthy;
  bool battery_failsafe; /* the failsafe is the critical battery's (BAT_CRIT_ACT 1): it stays */
  /* The pilot input in force (the selected source's, fc_select_pilot_input): what every stage
   * and the failsafe read. */
  fc_sticks_t sticks;
  bool sticks_seen;
  uint64_t sticks_time_us;
  fc_pilot_input_t station, receiver; /* MANUAL_CONTROL's and the radio receiver's */
  fc_pilot_source_t pilot_source;
  bool receiver_failsafe;       /* the receiver's latest frame said failsafe */
  int16_t receiver_quality_pct; /* its latest link quality; -1 not reported */
  uint32_t receiver_frames;     /* frame_count of its latest frame */
  fc_sensor_health_t health[FC_SENSOR_COUNT];
  bool battery_set; /* fc_set_battery has been called */
  fc_battery_t battery;
  fc_battery_level_t battery_told; /* the level the last battery STATUSTEXT said */
  uint64_t time_us;
  bool started;
  float yaw_sp_rad, height_sp_m;
  float yaw_ref_rad; /* the heading when the vehicle armed or changed mode (STICK_MAP 2's zero) */
  float land_timer_s;
  float thrust_peak;     /* thrust_sp's recent peak, decaying as the motors spin down (land detector) */
  float since_contact_s; /* time since the ground was felt pushing up (land detector; large: never) */
  bool land_pressing;    /* ALT_HOLD/POSITION: stick centred, ground suspected, pressing down */
  bool airborne;         /* flown since arming (the land detector's timer ran out of low thrust once) */
  bool saturated;

  fc_calibration_t cal;       /* a sensor calibration in progress (kind FC_CAL_NONE: none) */
  fc_motor_test_t motor_test; /* a motor spun while disarmed (motor -1: none) */

  fc_outputs_t out;
  fc_events_t events;
} fc_state_t;

typedef struct {
  fc_config_t config;
  fc_state_t state;
} fc_t;

void fc_init(fc_t* fc, const fc_mixer_table_t* mixer);

/* After parameters changed (cheap: call it after any change): the allocation MIXER selects — the
 * HAL's table (0) or the table built from the CA_ROTOR* geometry (1, allocation.h). A geometry
 * that cannot fly keeps the table in force, queues a warning the first time, and arming is
 * refused naming the problem until it is fixed. Between steps, never during one. Returns the
 * problem, or NULL. */
const char* fc_apply_allocation(fc_t* fc);
/* Sets a parameter (fc_param_set) and, when the allocation is built from it (MIXER, VEH_UP,
 * CA_*), applies the allocation again. A new VEH_UP is refused while armed
 * (FC_PARAM_NOT_WHILE_ARMED) and otherwise restarts the attitude estimate in the new axes. Every
 * writer of a live core's parameters goes through it. */
fc_param_result_t fc_set_param(fc_t* fc, int id, float value);
/* MANUAL_CONTROL's sticks (the station), stamped with the core's clock. */
void fc_set_sticks(fc_t* fc, const fc_sticks_t* sticks);
/* A radio receiver's frame (the HAL calls it for each frame the driver decoded, and whenever the
 * driver's failsafe changes). A new frame without failsafe is the receiver's input, stamped with
 * the core's clock as MANUAL_CONTROL is — the clock the failsafe is judged on, sensor time, not
 * the HAL's. A failsafe frame brings no sticks (a receiver's preset failsafe channels are never
 * flown): the last good ones age as the station's do when its link goes quiet, so a lost
 * receiver meets the same FS_TIMEOUT_S failsafe as a lost station link. */
void fc_rc_input(fc_t* fc, const fc_rc_frame_t* frame);
/* Picks the pilot input in force by RC_IN_MODE (0 the station, 1 the receiver, 2 the receiver
 * while it is fresh and not in failsafe, else the station while it is fresh, else the one in
 * force stays, so its age runs into the failsafe) and copies it into sticks / sticks_seen /
 * sticks_time_us; a change of source queues a STATUSTEXT. fc_set_sticks, fc_rc_input and
 * fc_step call it. */
void fc_select_pilot_input(fc_t* fc);

/* A sensor's health from its driver: code 0 ok, else the driver's fault code and its message
 * (cut to FC_HEALTH_TEXT - 1). The HAL calls it whenever it likes (each read is fine): a
 * transition is told as STATUSTEXT (CRITICAL for the gyro, accelerometer and battery, WARNING
 * for the others; INFO back to ok) with the driver's message, at most one per sensor per
 * FC_HEALTH_TEXT_INTERVAL_US — the state in force at the end of the interval is told then,
 * with the number of changes in between when there were more. The battery's LOW and CRITICAL
 * are its charge, given by fc_set_battery, not a fault: report the battery ok for them. */
void fc_sensor_health(fc_t* fc, fc_sensor_id_t sensor, int code, const char* message);
/* The battery's measurements and charge level (the HAL calls it with its monitor's result).
 * A change of level is told once per transition (WARNING low, CRITICAL critical, INFO back to
 * ok). Critical while armed with BAT_CRIT_ACT 1: the failsafe (level, descend, land, disarm),
 * which pilot input does not clear. */
void fc_set_battery(fc_t* fc, const fc_battery_t* battery);
/* Changes the flight mode; POSITION is refused (false, with an event saying why) while the
 * velocity is not known (no GPS aid). */
bool fc_set_mode(fc_t* fc, vayu_mode_t mode);

typedef enum { FC_ARM_OK, FC_ARM_REFUSED } fc_arm_result_t;
/* Arms after the checks (sensors healthy, attitude known, pilot input present, throttle low,
 * near level), or disarms; `force` skips all but sensor health. A refusal queues an event
 * that says why. */
fc_arm_result_t fc_arm(fc_t* fc, bool arm, bool force);

/* The motor test (fc_motor_test.h): starts (or, with throttle 0, stops) one; NULL when taken,
 * else the refusal's reason. fc_step runs it while disarmed; arming ends it. */
const char* fc_motor_test_start(fc_t* fc, int motor_1based, float throttle_pct, float duration_s);
void fc_motor_test_step(fc_t* fc);

/* Sensor calibration (fc_calibration.h), driven by MAV_CMD_PREFLIGHT_CALIBRATION: started disarmed
 * with no other running (arming is refused while one runs), stepped by fc_step with each raw sample,
 * its result written through fc_set_param at the end — all of it, or nothing when a value is refused,
 * the run fails or it is cancelled — and the parameters written left in state.cal.announce_first /
 * announce_count for the link to announce. */
typedef enum { FC_CAL_START_OK, FC_CAL_START_ARMED, FC_CAL_START_BUSY } fc_cal_start_t;
fc_cal_start_t fc_start_calibration(fc_t* fc, fc_cal_kind_t kind);
/* Cancels the running calibration ("[cal] calibration cancelled"); false when none runs. */
bool fc_cancel_calibration(fc_t* fc);

/* One control step: the stages of stages.h; fc->state.out.duty holds the motor duties in
 * [0, 1], always finite. A sample with the same time as the last one is a repeat and changes
 * nothing. */
void fc_step(fc_t* fc, const fc_sensors_t* sensors);

/* Pops the oldest queued event into `out`; false when there is none. */
bool fc_pop_event(fc_t* fc, fc_event_t* out);

#ifdef __cplusplus
}
#endif

#endif
