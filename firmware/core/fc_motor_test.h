/* The motor test: one motor of a disarmed vehicle spun at a throttle for a time, as a ground
 * station's motor page asks with MAV_CMD_DO_MOTOR_TEST (firmware/link/fc_link_motor_test.c). The
 * core's idle stage holds every output at 0 while disarmed; while a test runs, fc_step sets that
 * one motor's duty to the throttle asked for, until the time is up, a stop is asked (throttle 0),
 * or the vehicle arms. Motors are the board's outputs, 1-based, as the station numbers them.
 * Refused (nothing changes, the reason in words for the link):
 *   armed; a calibration running (it needs the vehicle still); a motor the mixer does not have;
 *   a throttle outside 0..100 % or not a number; a time outside FC_MOTOR_TEST_MIN_S..MAX_S. */
#ifndef NAVIGATOR_FC_MOTOR_TEST_H
#define NAVIGATOR_FC_MOTOR_TEST_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define FC_MOTOR_TEST_MIN_S 0.1f
#define FC_MOTOR_TEST_MAX_S 10.0f /* ArduPilot's limit for one test too */

typedef struct {
  int motor;         /* 0-based output spinning; -1: no test */
  float duty;        /* 0..1 */
  uint64_t until_us; /* in the core's sensor time; set from the first step after the start */
  float duration_s;
  bool started; /* until_us is set */
} fc_motor_test_t;

/* fc_motor_test_start and fc_motor_test_step take the core (fc_t): declared in flight.h. */

#ifdef __cplusplus
}
#endif

#endif
