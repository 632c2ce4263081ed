/* The flight core's MAVLink side: pilot input (MANUAL_CONTROL), arm/disarm and mode changes
 * (COMMAND_LONG, answered with COMMAND_ACK), the parameter protocol (list, read, set), and
 * telemetry (HEARTBEAT, SYS_STATUS and BATTERY_STATUS with the sensors' health and the battery
 * (fc_link_status.h), ATTITUDE, ATTITUDE_QUATERNION, HIGHRES_IMU, STATUSTEXT for events), and sensor
 * calibration (MAV_CMD_PREFLIGHT_CALIBRATION, fc_link_calibration.h). Transport-free: frames go out
 * through a callback. Owned by the flight thread. */
#ifndef NAVIGATOR_FC_LINK_H
#define NAVIGATOR_FC_LINK_H

#include "firmware/core/flight.h"
#include "firmware/mavlink/mavlink_codec.h"
#include "firmware/mavlink/mavlink_signing.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void (*fc_link_send_fn)(void* context, const uint8_t* frame, size_t length);

enum { MAV_CMD_PREFLIGHT_STORAGE = 245 }; /* common.xml's MAV_CMD */

/* Where a HAL keeps the parameters (a board: param_store.h in flash), for
 * MAV_CMD_PREFLIGHT_STORAGE. param1 (common.xml): 0 read the stored set into the core, 1 write
 * the set in force, 2 every parameter back to its default and that kept. Refused while armed
 * (TEMPORARILY_REJECTED); without `save` and `load` the command is UNSUPPORTED. Each callback
 * returns false with *message set (a short sentence for STATUSTEXT) when it failed; `load` may
 * also set *message on success (what of the stored set it dropped). `load` gets the defaults in
 * `params` and leaves them where nothing is stored. */
typedef struct {
  bool (*save)(void* context, const fc_params_t* params, const char** message);
  bool (*load)(void* context, fc_params_t* params, const char** message);
  void* context;
} fc_link_param_storage_t;

typedef struct {
  mavlink_sender_t sender;
  fc_link_send_fn send;
  void* context;
  uint64_t next_heartbeat_us, next_status_us, next_attitude_us, next_hud_us, next_estimate_us;
  /* How often the estimate, the setpoints and the gyro bias go out for a flight log
   * (LOCAL_POSITION_NED, ATTITUDE_TARGET, DEBUG_VECT "GYRO_BIAS"): 100 ms from fc_link_init; a
   * HAL on a slow serial link sets 0 (not sent), leaving the room to the HIL frames. */
  uint32_t estimate_period_us;
  int param_stream_next;           /* next index of a PARAM_REQUEST_LIST answer, or -1 */
  bool params_changed;             /* a PARAM_SET took effect since the HAL last saved */
  fc_link_param_storage_t storage; /* zero from fc_link_init: none */
  fc_sensors_t last_sensors;
  uint32_t frames_in, manual_controls_in;
  /* MAVLink 2 signing (mavlink_signing.h): off until a key is set by SETUP_SIGNING or by the
   * HAL from its storage. With a key every frame goes out signed, and a received frame is acted
   * on only when it is signed with the key, later than its stream's last and within the
   * window; there are no exceptions (the messages a radio inserts unsigned, RADIO_STATUS, are
   * not ones Vayu acts on). The HAL sets signing's clock from its own before each turn and
   * persists the key and timestamps when signing_changed is set, and at least once a second
   * while the timestamp moves. */
  mavlink_signing_t signing;
  bool signing_changed;
  uint32_t refusals_reported; /* frames refused when the last STATUSTEXT about them went out */
  uint16_t statustext_id;     /* the last long STATUSTEXT's id (its chunks share it) */
} fc_link_t;

void fc_link_init(fc_link_t* link, const fc_t* fc, fc_link_send_fn send, void* context);

/* Acts on one received frame (frames for another system are ignored) that came over a link
 * anyone may reach (UDP, a radio): fc_link_accept(link, fc, frame, false), then fc_link_dispatch. */
void fc_link_handle(fc_link_t* link, fc_t* fc, const mavlink_frame_t* frame);

/* Whether a received frame may be acted on: with a key, only when its signature checks out
 * (each refusal counted in signing.counts and told to the station as STATUSTEXT after the 1st,
 * 10th, 100th, ... refusal). SETUP_SIGNING is handled here and never passed on: taken from a
 * private link (USB or serial wired to the station, the SITL's standard input) as it comes,
 * elsewhere only signed with the current key; refused when malformed (a payload longer than
 * the message, a timestamp beyond 48 bits), the key in force kept. */
bool fc_link_accept(fc_link_t* link, fc_t* fc, const mavlink_frame_t* frame, bool private_link);

/* Acts on an accepted frame (commands, sticks, parameters). */
void fc_link_dispatch(fc_link_t* link, fc_t* fc, const mavlink_frame_t* frame);

/* Puts `values` in force on a disarmed core through fc_set_param (MIXER last, so a geometry is
 * checked once it is whole; SYSID also names the link's sender). Returns how many were refused
 * (their old value kept). */
int fc_link_apply_params(fc_link_t* link, fc_t* fc, const fc_params_t* values);

/* Packs, signs (with a key) and sends one message on the link: for a HAL's own frames
 * (HIL_ACTUATOR_CONTROLS on a board's one link), so the station sees one signed sequence. */
void fc_link_send(fc_link_t* link, uint32_t msgid, const void* message);

/* After each control step: telemetry that is due by the core's clock, the parameters a calibration
 * has just written as PARAM_VALUE (params_changed set, so the HAL stores them), queued events as
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
