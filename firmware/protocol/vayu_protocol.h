/* The protocol constants the flight firmware and the ground station share, defined once:
 * the values of MAVLink's enums that Navigator uses (common.xml, https://mavlink.io/en/messages/common.html)
 * and Vayu's custom flight modes (HEARTBEAT.custom_mode, MAV_CMD_DO_SET_MODE param2).
 * Header only, C11 and C++: the firmware core, its MAVLink side, the simulator service and the
 * station include it; it includes nothing but <stdbool.h> and <stdint.h>. */
#ifndef NAVIGATOR_VAYU_PROTOCOL_H
#define NAVIGATOR_VAYU_PROTOCOL_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Vayu's flight modes: M(NAME, number, label). The number is what HEARTBEAT.custom_mode and
 * MAV_CMD_DO_SET_MODE's param2 carry; the label is what a pilot reads. */
#define VAYU_MODE_TABLE(M)   \
  M(ACRO, 0, "ACRO")         \
  M(ANGLE, 1, "ANGLE")       \
  M(ALT_HOLD, 2, "ALT_HOLD") \
  M(POSITION, 3, "POSITION")

typedef enum {
#define VAYU_MODE_ENUM_(name, number, label) VAYU_MODE_##name = number,
  VAYU_MODE_TABLE(VAYU_MODE_ENUM_)
#undef VAYU_MODE_ENUM_
      VAYU_MODE_COUNT
} vayu_mode_t;

/* The mode's label ("ACRO"), or NULL for a number that is no mode. */
static inline const char* vayu_mode_name(int mode) {
  switch (mode) {
#define VAYU_MODE_CASE_(name, number, label) \
  case number:                               \
    return label;
    VAYU_MODE_TABLE(VAYU_MODE_CASE_)
#undef VAYU_MODE_CASE_
    default:
      return 0;
  }
}

/* Whether the mode reads the throttle stick as a climb rate (centred: hold the height) rather
 * than as thrust: ALT_HOLD and POSITION. */
static inline bool vayu_mode_climb_rate_throttle(int mode) {
  return mode == VAYU_MODE_ALT_HOLD || mode == VAYU_MODE_POSITION;
}

/* MAV_SEVERITY: how urgent a STATUSTEXT is. */
typedef enum {
  MAV_SEVERITY_EMERGENCY = 0,
  MAV_SEVERITY_ALERT = 1,
  MAV_SEVERITY_CRITICAL = 2,
  MAV_SEVERITY_ERROR = 3,
  MAV_SEVERITY_WARNING = 4,
  MAV_SEVERITY_NOTICE = 5,
  MAV_SEVERITY_INFO = 6,
  MAV_SEVERITY_DEBUG = 7
} mav_severity_t;

/* MAV_STATE: HEARTBEAT.system_status. */
typedef enum {
  MAV_STATE_UNINIT = 0,
  MAV_STATE_BOOT = 1,
  MAV_STATE_CALIBRATING = 2,
  MAV_STATE_STANDBY = 3,
  MAV_STATE_ACTIVE = 4,
  MAV_STATE_CRITICAL = 5, /* Vayu: failsafe (no pilot input), still flying */
  MAV_STATE_EMERGENCY = 6,
  MAV_STATE_POWEROFF = 7,
  MAV_STATE_FLIGHT_TERMINATION = 8
} mav_state_t;

/* A vehicle in failsafe reports CRITICAL (still in control) or EMERGENCY (lost control). */
static inline bool mav_state_is_failsafe(uint8_t system_status) {
  return system_status == MAV_STATE_CRITICAL || system_status == MAV_STATE_EMERGENCY;
}

enum {
  MAV_TYPE_QUADROTOR = 2, /* MAV_TYPE (common.xml) */
  MAV_TYPE_ROCKET = 9,
  MAV_TYPE_HEXAROTOR = 13,
  MAV_TYPE_OCTOROTOR = 14,
  MAV_TYPE_GCS = 6,
  MAV_AUTOPILOT_GENERIC = 0, /* MAV_AUTOPILOT */
  MAV_AUTOPILOT_INVALID = 8, /* (not a flight controller: a ground station) */
  /* MAV_MODE_FLAG bits (HEARTBEAT.base_mode, HIL_ACTUATOR_CONTROLS.mode) */
  MAV_MODE_FLAG_CUSTOM_MODE_ENABLED = 1,
  MAV_MODE_FLAG_STABILIZE_ENABLED = 16,
  MAV_MODE_FLAG_MANUAL_INPUT_ENABLED = 64,
  MAV_MODE_FLAG_SAFETY_ARMED = 128,
  MAV_CMD_DO_SET_MODE = 176, /* MAV_CMD */
  MAV_CMD_COMPONENT_ARM_DISARM = 400,
  MAV_RESULT_ACCEPTED = 0, /* MAV_RESULT */
  MAV_RESULT_TEMPORARILY_REJECTED = 1,
  MAV_RESULT_DENIED = 2,
  MAV_RESULT_UNSUPPORTED = 3,
  MAV_RESULT_FAILED = 4,
  MAV_RESULT_IN_PROGRESS = 5,
  MAV_RESULT_CANCELLED = 6,
  MAV_PARAM_TYPE_INT32 = 6, /* MAV_PARAM_TYPE */
  MAV_PARAM_TYPE_REAL32 = 9,
  /* MAV_CMD_COMPONENT_ARM_DISARM param2 that skips the arming checks (PX4 and ArduPilot use
   * the same number). */
  MAV_ARM_FORCE_MAGIC = 21196
};

#ifdef __cplusplus
}
#endif

#endif
