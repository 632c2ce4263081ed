/* MAV_CMD_DO_MOTOR_TEST (common.xml) as the link takes it (fc_link.c dispatches it here), for the
 * core's motor test (firmware/core/fc_motor_test.h):
 *   param1 the motor (1-based: the board's output, as MOTOR_TEST_ORDER_BOARD numbers it)
 *   param2 MOTOR_TEST_THROTTLE_PERCENT (0) only: the PWM, pilot and compass-calibration
 *          throttle types are refused (UNSUPPORTED)
 *   param3 the throttle in %, 0 stops a test   param4 the time in s (0.1-10)
 *   param5 motors to test in turn: 0 or 1 (one at a time; more is refused, DENIED)
 *   param6 the order: 0 default or 2 board (both the board's numbering; 1, the sequence, DENIED)
 * COMMAND_ACK ACCEPTED when it spins (or stops), DENIED with a STATUSTEXT saying why otherwise
 * ("Motor test refused: vehicle armed"). */
#ifndef NAVIGATOR_FC_LINK_MOTOR_TEST_H
#define NAVIGATOR_FC_LINK_MOTOR_TEST_H

#include "firmware/core/flight.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { MAV_CMD_DO_MOTOR_TEST = 209 }; /* common.xml's MAV_CMD */

/* The COMMAND_ACK result for a MAV_CMD_DO_MOTOR_TEST with params[0..6] = param1..param7. */
uint8_t fc_link_motor_test(fc_t* fc, const float params[7]);

#ifdef __cplusplus
}
#endif

#endif
