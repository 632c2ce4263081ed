/* State estimation: a Mahony attitude filter (gyro integration corrected towards the
 * accelerometer's "down" and, for heading only, the magnetometer, whose north is turned to
 * true north by the declination) with gyro bias learning,
 * and a vertical complementary filter (barometer + accelerometer). Plain code: no OS, no HAL.
 *
 * With GPS velocity fixes the tilt is corrected from them instead of from the accelerometer's
 * "down": a vehicle held in a tilt accelerates, its accelerometer then reads a tilted specific
 * force, and levelling the estimate towards it leans the vehicle further (the accelerometer
 * measures specific force, not gravity: under a held tilt it points along the thrust). The aid is a velocity observer
 * in the world frame, the form of Hua, "Attitude estimation for accelerated vehicles using GPS/INS measurements",
 * Control Engineering Practice 18 (2010) 723-732: the estimated specific force, rotated into
 * the world and with gravity added, integrates to a velocity; the GPS velocity's difference from
 * it (compared at the fix's own measurement time, so the receiver's latency does not matter)
 * turns the estimate's tilt and corrects the velocity. Heading stays with the magnetometer.
 * Without fresh fixes (none for FC_GPS_AID_TIMEOUT_US) the accelerometer corrects as before. */
#ifndef NAVIGATOR_FC_ESTIMATOR_H
#define NAVIGATOR_FC_ESTIMATOR_H

#include "firmware/core/fc_math.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A GPS velocity fix as the flight core takes it. */
typedef struct {
  bool fresh;            /* a new fix came with this sample: a 3-D fix, velocity finite */
  uint64_t time_us;      /* when it was measured, on the sensors' clock (before its latency) */
  fc_vec3_t vel_ned_mps; /* ground velocity, world NED */
} fc_gps_t;

#define FC_GPS_AID_SLOT_US 2000u /* the velocity integral's history: one entry per 2 ms ... */
#define FC_GPS_AID_SLOTS 256     /* ... for 512 ms: a receiver's latency plus its fix period */
#define FC_GPS_AID_TIMEOUT_US 500000u
#define FC_GPS_AID_MAX_INNOVATION_MPS 5.0f /* beyond: the observer restarts from the fix */

/* The velocity observer behind the GPS aid: v_hat(t) = integral(t) + offset. */
typedef struct {
  bool active;                               /* a fix started it and fixes keep coming */
  fc_vec3_t integral_W_mps;                  /* integral of (R f + g) dt since it started [m/s] */
  fc_vec3_t offset_W_mps;                    /* the fixes' corrections */
  fc_vec3_t history_W_mps[FC_GPS_AID_SLOTS]; /* integral_W at the end of each slot ... */
  uint32_t history_slot[FC_GPS_AID_SLOTS];   /* ... and which slot (time / FC_GPS_AID_SLOT_US) */
  fc_vec3_t rate_W_radps;                    /* tilt correction held from one fix to the next, world axes */
  uint64_t last_fix_time_us;                 /* measurement time of the last fix taken */
  uint64_t last_fix_arrival_us;              /* the sample it came with */
  fc_vec3_t innovation_mps;                  /* the last fix's GPS - observer velocity, for telemetry/tests */
  uint32_t restarts;                         /* fixes too far from the observer (or its history) to use */
} fc_velocity_aid_t;

typedef struct {
  fc_quat_t q_WB;        /* attitude estimate, body FRD -> world NED */
  fc_vec3_t gyro_bias_B; /* learned gyro bias [rad/s] */
  fc_vec3_t rate_B;      /* bias-corrected body rate [rad/s] */
  bool initialised;      /* aligned to the first accelerometer (and magnetometer) sample */
  float accel_weight;    /* how much the last tilt reference was trusted, 0..1 (GPS-aided: 1) */
  float age_s;           /* time since alignment */
  fc_vec3_t accel_filtered_B;
  bool accel_filtered_valid;
  fc_velocity_aid_t aid;
  /* The accelerometer's bias across the thrust axis (x, y; z stays 0), learned in flight while
   * GPS-aided (see fc_attitude_update) and taken off every sample. learn_accel_bias: set by the
   * caller while the vehicle flies on its thrust (armed, airborne, not standing on the ground). */
  fc_vec3_t accel_bias_B;
  bool learn_accel_bias;
} fc_attitude_t;

/* The bias learning's time constant [s], the speed and body rate under which it learns (the
 * drag, and the IMU's offset from the centre of mass under rotation, stay small there) and the
 * largest bias it takes [m/s^2] (three times a consumer MEMS accelerometer's turn-on bias σ of
 * about 0.2 m/s^2, as the simulator's IMU model has it). */
#define FC_ACCEL_BIAS_TC_S 1.0f
#define FC_ACCEL_BIAS_MAX_SPEED_MPS 2.0f
#define FC_ACCEL_BIAS_MAX_RATE_RADPS 0.5f
#define FC_ACCEL_BIAS_LIMIT_MPS2 0.6f

typedef struct {
  float kp_acc, ki_acc;  /* [1/s], [1/s^2] */
  float acc_gate;        /* accelerometer trusted within this fraction of g (tapering to 0) */
  float kp_mag;          /* [1/s]; 0 disables the magnetometer */
  float declination_rad; /* magnetic north's heading from true north, east positive */
  float k_gps;           /* [1/s^2] velocity aid: the observer's squared natural frequency; 0 disables */
} fc_attitude_gains_t;

/* Aligns to gravity (and true north, from the magnetic field and the declination, when
 * `mag_valid`) from one sample at rest. */
void fc_attitude_init(fc_attitude_t* est, fc_vec3_t accel_B, fc_vec3_t mag_B, bool mag_valid, float declination_rad);

/* One update at sensor time `time_us`: gyro [rad/s], accelerometer specific force [m/s^2],
 * magnetometer (any unit), a GPS fix when `gps` is fresh (NULL: none), dt [s]. */
void fc_attitude_update(fc_attitude_t* est, const fc_attitude_gains_t* gains, uint64_t time_us, fc_vec3_t gyro_B,
                        fc_vec3_t accel_B, fc_vec3_t mag_B, bool mag_valid, const fc_gps_t* gps, float dt_s);

/* Whether the tilt is being corrected from GPS velocity at sensor time `time_us` (k_gps: ATT_GPS_K). */
bool fc_attitude_gps_aided(const fc_attitude_t* est, float k_gps, uint64_t time_us);

/* The GPS-aided velocity [m/s, world NED] while fc_attitude_gps_aided holds: the observer's
 * integral plus the fixes' corrections, current at every step (not only at fixes). */
static inline fc_vec3_t fc_attitude_velocity_W(const fc_attitude_t* est) {
  return fc_add(est->aid.integral_W_mps, est->aid.offset_W_mps);
}

/* Height above the start point (up positive) and climb rate, from the barometer's pressure
 * altitude and the accelerometer's vertical specific force rotated into the world. The start
 * point's pressure altitude (baro_origin_m) is the mean of the first FC_BARO_ORIGIN_S of samples
 * less the height the filter saw move meanwhile: one sample's noise (0.1-0.3 m) taken as the
 * origin would move a vehicle holding its height by as much once the filter averaged it away. */
#define FC_BARO_ORIGIN_S 1.0f
typedef struct {
  float height_m, climb_mps;
  float baro_origin_m;
  float origin_age_s;      /* time since the first sample, up to FC_BARO_ORIGIN_S */
  uint32_t origin_samples; /* samples in baro_origin_m's mean */
  bool initialised;
} fc_height_t;

void fc_height_update(fc_height_t* h, const fc_attitude_t* att, fc_vec3_t accel_B, float baro_alt_m, float dt_s);

#ifdef __cplusplus
}
#endif

#endif
