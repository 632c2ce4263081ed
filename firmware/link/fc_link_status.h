/* The board's state in MAVLink's terms, from the flight core (fc_link.c sends them once a
 * second): SYS_STATUS's sensor bits and battery, BATTERY_STATUS, and the pilot input in force as
 * DEBUG_VECT "PILOT_IN". Plain functions of the core, for the link and the tests. */
#ifndef NAVIGATOR_FC_LINK_STATUS_H
#define NAVIGATOR_FC_LINK_STATUS_H

#include "firmware/core/flight.h"
#include "firmware/mavlink/mavlink_codec.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* MAV_SYS_STATUS_SENSOR bits (common.xml) that Vayu fills. */
enum {
  FC_MAV_SENSOR_3D_GYRO = 1u << 0,
  FC_MAV_SENSOR_3D_ACCEL = 1u << 1,
  FC_MAV_SENSOR_3D_MAG = 1u << 2,
  FC_MAV_SENSOR_ABSOLUTE_PRESSURE = 1u << 3,
  FC_MAV_SENSOR_GPS = 1u << 5,
  FC_MAV_SENSOR_ANGULAR_RATE_CONTROL = 1u << 10,
  FC_MAV_SENSOR_ATTITUDE_STABILIZATION = 1u << 11,
  FC_MAV_SENSOR_MOTOR_OUTPUTS = 1u << 15,
  FC_MAV_SENSOR_RC_RECEIVER = 1u << 16,
  FC_MAV_SENSOR_BATTERY = 1u << 25
};
/* MAV_BATTERY_CHARGE_STATE (common.xml). */
enum {
  FC_MAV_BATTERY_CHARGE_STATE_UNDEFINED = 0,
  FC_MAV_BATTERY_CHARGE_STATE_OK = 1,
  FC_MAV_BATTERY_CHARGE_STATE_LOW = 2,
  FC_MAV_BATTERY_CHARGE_STATE_CRITICAL = 3,
  FC_MAV_BATTERY_CHARGE_STATE_UNHEALTHY = 6
};

/* SYS_STATUS at `now` (the core's clock):
 *  - gyro, accel, mag, baro: present always (the core flies on them); healthy while the core's
 *    own check passes (finite, |accel| < 50 g) and, where the HAL reported the driver's health,
 *    that says ok;
 *  - GPS: present once a fix came or the HAL reported it; healthy while the estimate is
 *    GPS-aided and the driver (when reported) says ok;
 *  - angular rate control and attitude stabilisation: present; healthy once the attitude is known;
 *  - motor outputs: present and healthy;
 *  - RC receiver: present once a receiver frame came, the HAL reported it, or RC_IN_MODE asks for
 *    one; healthy while its input is fresh, not in failsafe, and its driver (when reported) ok;
 *  - battery: present once fc_set_battery was called (or its health reported); healthy unless its
 *    monitor reports a fault or the charge is critical.
 * Enabled = present. voltage_battery [mV], current_battery [cA], battery_remaining [%] from the
 * battery, or UINT16_MAX / -1 / -1 (common.xml's "not measured") without one. */
void fc_link_sys_status(const fc_t* fc, uint64_t now, mavlink_sys_status_t* out);

/* BATTERY_STATUS: id 0, function ALL (1), type LIPO (1), temperature unknown (INT16_MAX), the
 * pack's voltage in voltages[0] (above 65.534 V the rest in voltages[1], as common.xml says),
 * the others UINT16_MAX, current [cA], consumed [mAh] and energy [hJ] (-1 not counted),
 * remaining [%] (-1), charge_state from the level (OK, LOW, CRITICAL; UNHEALTHY when the monitor
 * reports a fault). False (nothing written) while no battery was set. */
bool fc_link_battery_status(const fc_t* fc, mavlink_battery_status_t* out);

/* DEBUG_VECT "PILOT_IN": x the source in force (0 station, 1 receiver), y the receiver's link
 * quality [%] (-1 not reported or no receiver), z the age of the input in force [s] (-1 none yet). */
void fc_link_pilot_vect(const fc_t* fc, uint64_t now, mavlink_debug_vect_t* out);

/* RC_CHANNELS of a receiver's channels: chan1_raw.. [µs] for the first `count` (at most 18;
 * UINT16_MAX beyond), chancount, rssi = link quality 0..100 scaled to 0..254 (255: none
 * reported, link_quality_pct < 0). */
void fc_link_rc_channels(const uint16_t* channels_us, int count, int link_quality_pct, uint32_t time_boot_ms,
                         mavlink_rc_channels_t* out);

#ifdef __cplusplus
}
#endif

#endif
