/* MAV_CMD_PREFLIGHT_CALIBRATION as PX4 answers it (fc_link.c dispatches it here): the core's sensor
 * calibration (firmware/core/fc_calibration.h) started, or cancelled, from a ground station.
 *   param1 1: gyro   param2 1: magnetometer   param5 1: accelerometer, 2: level horizon
 *   (PX4's precedence when several are set: param1, then param2, then param5)
 *   param1..param6 all 0 (as whole numbers): cancel the one running (QGroundControl's "Cancel")
 * COMMAND_ACK: ACCEPTED when it starts, and for the cancel (with nothing running, too, as PX4);
 * TEMPORARILY_REJECTED while armed ("[cal] calibration failed: vehicle armed" follows, so a station
 * waiting for its calibration's words ends it) or while another runs; UNSUPPORTED for the rest
 * (barometer, radio, airspeed, ESC, temperature and PX4's quick accelerometer calibration). The
 * "[cal]" words follow as STATUSTEXT, the parameters written at the end as PARAM_VALUE
 * (fc_link_update), and the HAL stores them as any PARAM_SET (fc_link_t.params_changed). */
#ifndef NAVIGATOR_FC_LINK_CALIBRATION_H
#define NAVIGATOR_FC_LINK_CALIBRATION_H

#include "firmware/core/flight.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { MAV_CMD_PREFLIGHT_CALIBRATION = 241 }; /* common.xml's MAV_CMD */

/* The COMMAND_ACK result for a MAV_CMD_PREFLIGHT_CALIBRATION with params[0..6] = param1..param7. */
uint8_t fc_link_preflight_calibration(fc_t* fc, const float params[7]);

#ifdef __cplusplus
}
#endif

#endif
