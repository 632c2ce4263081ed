/* The mixer: normalised collective thrust and body torques to per-motor thrust, from an
 * allocation table, with saturation handling that keeps attitude authority (thrust gives way
 * first, then yaw). Plain code: no OS, no HAL. */
#ifndef NAVIGATOR_FC_MIXER_H
#define NAVIGATOR_FC_MIXER_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { FC_MAX_MOTORS = 8 };

/* Per motor: its share of roll, pitch and yaw torque and of thrust (body FRD: positive roll
 * lowers the right side, positive pitch raises the nose, positive yaw turns the nose right). */
typedef struct {
  int motor_count;
  float roll[FC_MAX_MOTORS], pitch[FC_MAX_MOTORS], yaw[FC_MAX_MOTORS], thrust[FC_MAX_MOTORS];
} fc_mixer_table_t;

/* Quad X in PX4's motor order: 1 front-right (ccw), 2 rear-left (ccw), 3 front-left (cw),
 * 4 rear-right (cw). */
void fc_mixer_quad_x(fc_mixer_table_t* table);

/* Motor thrusts in [0, 1]. Returns true when the request had to be changed to fit (the rate
 * integrators then hold). */
bool fc_mix(const fc_mixer_table_t* table, float thrust, float roll, float pitch, float yaw, float out[FC_MAX_MOTORS]);

#ifdef __cplusplus
}
#endif

#endif
