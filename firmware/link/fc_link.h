/* The flight core's MAVLink side: pilot input (MANUAL_CONTROL), arm/disarm and mode changes
 * (COMMAND_LONG, answered with COMMAND_ACK), the parameter protocol (list, read, set), and
 * telemetry (HEARTBEAT, SYS_STATUS, ATTITUDE, ATTITUDE_QUATERNION, HIGHRES_IMU, STATUSTEXT for
 * events). Transport-free: frames go out through a callback. Owned by the flight thread. */
#ifndef NAVIGATOR_FC_LINK_H
#define NAVIGATOR_FC_LINK_H

#include "firmware/core/flight.h"
#include "firmware/mavlink/mavlink_codec.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*fc_link_send_fn)(void* context, const uint8_t* frame, size_t length);

typedef struct {
  mavlink_sender_t sender;
  fc_link_send_fn send;
  void* context;
  uint64_t next_heartbeat_us, next_status_us, next_attitude_us, next_hud_us;
  int param_stream_next;   /* next index of a PARAM_REQUEST_LIST answer, or -1 */
  bool params_changed;     /* a PARAM_SET took effect since the HAL last saved */
  fc_sensors_t last_sensors;
  uint32_t frames_in, manual_controls_in;
} fc_link_t;

void fc_link_init(fc_link_t* link, const fc_t* fc, fc_link_send_fn send, void* context);

/* Acts on one received frame (frames for another system are ignored). */
void fc_link_handle(fc_link_t* link, fc_t* fc, const mavlink_frame_t* frame);

/* After each control step: telemetry that is due by the core's clock, queued events as
 * STATUSTEXT, and the next few PARAM_VALUEs of a list request. */
void fc_link_update(fc_link_t* link, fc_t* fc, const fc_sensors_t* sensors);

/* HIL, the same on every HAL: the sensors a HIL_SENSOR frame carries (mag and baro valid when
 * its fields_updated says they were updated; bit 31 is the simulator's reset) with the pending
 * GPS fix (may be NULL), and the
 * HIL_ACTUATOR_CONTROLS answering it (the motor duties, stamped with the frame's time, which
 * a lockstep simulator waits for; mode carries MAV_MODE_FLAG_SAFETY_ARMED). */
void fc_sensors_from_hil(const mavlink_hil_sensor_t* hil, fc_gps_t* pending_gps, fc_sensors_t* sensors);
/* A HIL_GPS frame's velocity fix, kept by a HAL as `pending_gps` until fc_sensors_from_hil hands
 * it to the core with the next HIL_SENSOR (once: it is no longer fresh after): fresh
 * when it is a 3-D fix (fix_type >= 3) with its velocity known (vn, ve, vd in cm/s), measured at
 * its time_usec (the simulator stamps the fix with when it was measured, before its latency). */
void fc_gps_from_hil(const mavlink_hil_gps_t* hil, fc_gps_t* gps);
void fc_hil_actuator_controls(const fc_t* fc, uint64_t time_usec, mavlink_hil_actuator_controls_t* out);

#ifdef __cplusplus
}
#endif

#endif
