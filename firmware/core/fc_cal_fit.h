/* Sensor calibration, the arithmetic: applying the CAL_* and SENS_BOARD_* parameters to a sample,
 * and solving for them from what fc_calibration.h collected (docs/design/calibration.md gives the
 * methods and their sources). No state, no allocation; the solvers work in double (a one-off
 * computation at the end of a calibration, where the float normal equations of an ellipsoid fit
 * would lose half their digits). */
#ifndef NAVIGATOR_FC_CAL_FIT_H
#define NAVIGATOR_FC_CAL_FIT_H

#include "firmware/core/fc_math.h"
#include "firmware/core/fc_params.h"

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The corrections in force, in the sensor's axes (before SENS_ROT):
 *   gyro  = reading - CAL_GYRO_*OFF
 *   accel = CAL_ACC_M (reading - CAL_ACC_*OFF)
 *   mag   = W (reading - CAL_MAG_*OFF), W the symmetric soft-iron matrix (CAL_MAG_*SCALE, *ODIAG)
 * Each returns the reading unchanged (bit for bit) while its parameters are at their defaults. */
fc_vec3_t fc_cal_gyro(const fc_params_t* p, fc_vec3_t gyro_S);
fc_vec3_t fc_cal_accel(const fc_params_t* p, fc_vec3_t accel_S);
fc_vec3_t fc_cal_mag(const fc_params_t* p, fc_vec3_t mag_S);
/* The level horizon, in the flight axes: v_corrected = Ry(SENS_BOARD_Y_OFF) Rx(SENS_BOARD_X_OFF) v,
 * which turns a board sitting rolled and pitched by those angles on a level vehicle back to level.
 * Unchanged while both are 0. */
fc_vec3_t fc_cal_level(const fc_params_t* p, fc_vec3_t v_F);

/* SENS_ROT as a matrix: column i is fc_sensor_rotate(rotation, e_i) (a signed permutation). */
void fc_cal_rotation_matrix(int rotation, float r_BS[3][3]);

/* The six-position accelerometer method. mean_S[side]: the mean reading with the specific force
 * true_S[side] (±g along a sensor axis, each axis once each way). Model reading = K f + b; then
 * b = the mean of the six, K's column for the axis = (reading(+g) - reading(-g)) / 2g, and the
 * correction M = K^-1. False when the sides do not pair up or K is singular. */
bool fc_cal_solve_accel(const fc_vec3_t mean_S[6], const fc_vec3_t true_S[6], fc_vec3_t* offset, float m[3][3]);

/* The level offsets [rad] from the mean specific force at rest in the flight axes (a board rolled
 * by φ and pitched by θ reads g (sin θ, -sin φ cos θ, -cos φ cos θ)). */
void fc_cal_level_angles(fc_vec3_t mean_F, float* roll_rad, float* pitch_rad);

/* A least-squares ellipsoid through `n` magnetometer readings: the algebraic fit
 * x'Ax + 2b'x = 1 (9 unknowns, normal equations solved in double on centred, scaled data), its
 * centre (the hard-iron offset) and W = A^(1/2) scaled to det W = 1 (the soft-iron correction),
 * so that |W (x - offset)| is the same `radius` [gauss] everywhere on the ellipsoid; rms: the
 * RMS of |W (x_i - offset)| - radius over the readings [gauss]. False when the readings do not
 * make an ellipsoid (fewer than 9, singular, or not positive definite). */
typedef struct {
  fc_vec3_t offset;
  float w[3][3];
  float radius, rms;
} fc_cal_ellipsoid_t;
bool fc_cal_fit_ellipsoid(const fc_vec3_t* samples, int n, fc_cal_ellipsoid_t* out);

/* The direction bin of a vector: 6 faces of a cube (its largest component and that sign) times
 * the 4 quadrants of the other two components' signs: 0 .. FC_CAL_DIRECTION_BINS - 1. */
enum { FC_CAL_DIRECTION_BINS = 24 };
int fc_cal_direction_bin(fc_vec3_t v);

#ifdef __cplusplus
}
#endif

#endif
