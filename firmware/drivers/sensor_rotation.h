/* A sensor's mounting on the board: which way its axes point in the body frame (FRD), as
 * MAVLink's MAV_SENSOR_ORIENTATION enumerates it (common.xml; the values PX4's SENS_BOARD_ROT and
 * ArduPilot's AHRS_ORIENTATION use for the same mountings). Each entry is a roll, then pitch, then
 * yaw of the sensor's axes relative to the body; a reading turns into the body frame as
 * v_B = Rz(yaw) Ry(pitch) Rx(roll) v_S. */
#ifndef NAVIGATOR_DRIVERS_SENSOR_ROTATION_H
#define NAVIGATOR_DRIVERS_SENSOR_ROTATION_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { SENSOR_ROTATION_COUNT = 26 }; /* MAV_SENSOR_ORIENTATION 0 (none) .. 25 (pitch 270) */

typedef struct {
  float m[3][3]; /* v_B = m v_S */
} sensor_rotation_t;

/* Fills `rotation` for MAV_SENSOR_ORIENTATION `orientation`; false (and the identity) for a value
 * outside 0..SENSOR_ROTATION_COUNT-1. Entries that are 0 or +-1 in closed form are exact. */
bool sensor_rotation_from_orientation(int orientation, sensor_rotation_t* rotation);

/* out = m v (out may be v). */
void sensor_rotation_apply(const sensor_rotation_t* rotation, const float v_S[3], float out_B[3]);

#ifdef __cplusplus
}
#endif

#endif
