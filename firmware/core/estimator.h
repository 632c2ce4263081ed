/* State estimation: a Mahony attitude filter (gyro integration corrected towards the
 * accelerometer's "down" and, for heading only, the magnetometer, whose north is turned to
 * true north by the declination) with gyro bias learning,
 * and a vertical complementary filter (barometer + accelerometer). Plain code: no OS, no HAL. */
#ifndef NAVIGATOR_FC_ESTIMATOR_H
#define NAVIGATOR_FC_ESTIMATOR_H

#include "firmware/core/fc_math.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  fc_quat_t q_WB;          /* attitude estimate, body FRD -> world NED */
  fc_vec3_t gyro_bias_B;   /* learned gyro bias [rad/s] */
  fc_vec3_t rate_B;        /* bias-corrected body rate [rad/s] */
  bool initialised;        /* aligned to the first accelerometer (and magnetometer) sample */
  float accel_weight;      /* how much the last accelerometer sample was trusted, 0..1 */
  float age_s;             /* time since alignment */
  fc_vec3_t accel_filtered_B;
  bool accel_filtered_valid;
} fc_attitude_t;

typedef struct {
  float kp_acc, ki_acc;    /* [1/s], [1/s^2] */
  float acc_gate;          /* accelerometer trusted within this fraction of g (tapering to 0) */
  float kp_mag;            /* [1/s]; 0 disables the magnetometer */
  float declination_rad;   /* magnetic north's heading from true north, east positive */
} fc_attitude_gains_t;

/* Aligns to gravity (and true north, from the magnetic field and the declination, when
 * `mag_valid`) from one sample at rest. */
void fc_attitude_init(fc_attitude_t* est, fc_vec3_t accel_B, fc_vec3_t mag_B, bool mag_valid, float declination_rad);

/* One update: gyro [rad/s], accelerometer specific force [m/s^2], magnetometer (any unit),
 * dt [s]. */
void fc_attitude_update(fc_attitude_t* est, const fc_attitude_gains_t* gains, fc_vec3_t gyro_B, fc_vec3_t accel_B,
                        fc_vec3_t mag_B, bool mag_valid, float dt_s);

/* Height above the start point (up positive) and climb rate, from the barometer's pressure
 * altitude and the accelerometer's vertical specific force rotated into the world. */
typedef struct {
  float height_m, climb_mps;
  float baro_origin_m;
  bool initialised;
} fc_height_t;

void fc_height_update(fc_height_t* h, const fc_attitude_t* att, fc_vec3_t accel_B, float baro_alt_m, float dt_s);

#ifdef __cplusplus
}
#endif

#endif
