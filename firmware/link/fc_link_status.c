#include "firmware/link/fc_link_status.h"

#include <math.h>
#include <string.h>

/* A sensor the HAL reported a fault for; not reported is not a fault (the core's own checks
 * still apply). */
static bool driver_fault(const fc_state_t* s, fc_sensor_id_t sensor) {
  return s->health[sensor].reported && s->health[sensor].code != 0;
}

static uint32_t sensor_bits(const fc_t* fc, uint64_t now, uint32_t* health_out) {
  const fc_state_t* s = &fc->state;
  const fc_params_t* p = &fc->config.params;
  uint32_t present = FC_MAV_SENSOR_3D_GYRO | FC_MAV_SENSOR_3D_ACCEL | FC_MAV_SENSOR_3D_MAG |
                     FC_MAV_SENSOR_ABSOLUTE_PRESSURE | FC_MAV_SENSOR_ANGULAR_RATE_CONTROL |
                     FC_MAV_SENSOR_ATTITUDE_STABILIZATION | FC_MAV_SENSOR_MOTOR_OUTPUTS;
  uint32_t health = FC_MAV_SENSOR_MOTOR_OUTPUTS;
  static const struct {
    fc_sensor_id_t sensor;
    uint32_t bit;
  } imu_baro[] = {{FC_SENSOR_GYRO, FC_MAV_SENSOR_3D_GYRO},
                  {FC_SENSOR_ACCEL, FC_MAV_SENSOR_3D_ACCEL},
                  {FC_SENSOR_MAG, FC_MAV_SENSOR_3D_MAG},
                  {FC_SENSOR_BARO, FC_MAV_SENSOR_ABSOLUTE_PRESSURE}};
  for (size_t i = 0; i < sizeof imu_baro / sizeof imu_baro[0]; ++i)
    if (s->sensors_healthy && !driver_fault(s, imu_baro[i].sensor)) health |= imu_baro[i].bit;
  if (s->att.initialised) health |= FC_MAV_SENSOR_ANGULAR_RATE_CONTROL | FC_MAV_SENSOR_ATTITUDE_STABILIZATION;
  if (s->att.aid.last_fix_arrival_us != 0 || s->health[FC_SENSOR_GPS].reported) present |= FC_MAV_SENSOR_GPS;
  if (fc_attitude_gps_aided(&s->att, fc_param(p, FC_PARAM_ATT_GPS_K), now) && !driver_fault(s, FC_SENSOR_GPS))
    health |= FC_MAV_SENSOR_GPS;
  if (s->receiver.seen || s->receiver_failsafe || s->health[FC_SENSOR_RC].reported ||
      (int)fc_param(p, FC_PARAM_RC_IN_MODE) == FC_RC_IN_RECEIVER)
    present |= FC_MAV_SENSOR_RC_RECEIVER;
  const bool receiver_fresh = s->receiver.seen && now >= s->receiver.time_us &&
                              (float)(now - s->receiver.time_us) * 1e-6f <= fc_param(p, FC_PARAM_FS_TIMEOUT_S);
  if (receiver_fresh && !s->receiver_failsafe && !driver_fault(s, FC_SENSOR_RC)) health |= FC_MAV_SENSOR_RC_RECEIVER;
  if (s->battery_set || s->health[FC_SENSOR_BATTERY].reported) present |= FC_MAV_SENSOR_BATTERY;
  if (s->battery_set && s->battery.level != FC_BATTERY_CRITICAL && !driver_fault(s, FC_SENSOR_BATTERY))
    health |= FC_MAV_SENSOR_BATTERY;
  *health_out = health & present;
  return present;
}

/* A measurement in MAVLink's integer unit, or its "not measured" value. */
static long scaled(float value, float per_unit, long lo, long hi, long unknown) {
  if (!isfinite(value)) return unknown;
  const float v = roundf(value * per_unit);
  return v < (float)lo ? lo : v > (float)hi ? hi : (long)v;
}

static int8_t remaining_pct(const fc_battery_t* b) {
  if (b->remaining < 0.0f || !isfinite(b->remaining)) return -1;
  return (int8_t)scaled(b->remaining, 100.0f, 0, 100, -1);
}

void fc_link_sys_status(const fc_t* fc, uint64_t now, mavlink_sys_status_t* out) {
  memset(out, 0, sizeof *out);
  uint32_t health = 0;
  out->onboard_control_sensors_present = sensor_bits(fc, now, &health);
  out->onboard_control_sensors_enabled = out->onboard_control_sensors_present;
  out->onboard_control_sensors_health = health;
  out->voltage_battery = UINT16_MAX;
  out->current_battery = -1;
  out->battery_remaining = -1;
  if (!fc->state.battery_set) return;
  const fc_battery_t* b = &fc->state.battery;
  out->voltage_battery = (uint16_t)scaled(b->voltage_v, 1000.0f, 0, UINT16_MAX - 1, UINT16_MAX);
  out->current_battery = (int16_t)scaled(b->current_a, 100.0f, 0, INT16_MAX, -1);
  out->battery_remaining = remaining_pct(b);
}

void fc_link_rc_channels(const uint16_t* channels_us, int count, int link_quality_pct, uint32_t time_boot_ms,
                         mavlink_rc_channels_t* out) {
  uint16_t raw[18];
  for (int i = 0; i < 18; ++i) raw[i] = i < count ? channels_us[i] : UINT16_MAX;
  memset(out, 0, sizeof *out);
  out->time_boot_ms = time_boot_ms;
  out->chan1_raw = raw[0], out->chan2_raw = raw[1], out->chan3_raw = raw[2], out->chan4_raw = raw[3];
  out->chan5_raw = raw[4], out->chan6_raw = raw[5], out->chan7_raw = raw[6], out->chan8_raw = raw[7];
  out->chan9_raw = raw[8], out->chan10_raw = raw[9], out->chan11_raw = raw[10], out->chan12_raw = raw[11];
  out->chan13_raw = raw[12], out->chan14_raw = raw[13], out->chan15_raw = raw[14], out->chan16_raw = raw[15];
  out->chan17_raw = raw[16], out->chan18_raw = raw[17];
  out->chancount = (uint8_t)(count < 18 ? count : 18);
  out->rssi = link_quality_pct < 0 ? UINT8_MAX : (uint8_t)((link_quality_pct * 254 + 50) / 100);
}

bool fc_link_battery_status(const fc_t* fc, mavlink_battery_status_t* out) {
  if (!fc->state.battery_set) return false;
  const fc_battery_t* b = &fc->state.battery;
  memset(out, 0, sizeof *out);
  out->battery_function = 1; /* MAV_BATTERY_FUNCTION_ALL */
  out->type = 1;             /* MAV_BATTERY_TYPE_LIPO */
  out->temperature = INT16_MAX;
  for (int i = 0; i < 10; ++i) out->voltages[i] = UINT16_MAX;
  const long mv = scaled(b->voltage_v, 1000.0f, 0, 2L * (UINT16_MAX - 1), -1);
  if (mv >= 0) {
    out->voltages[0] = (uint16_t)(mv > UINT16_MAX - 1 ? UINT16_MAX - 1 : mv);
    if (mv > UINT16_MAX - 1) out->voltages[1] = (uint16_t)(mv - (UINT16_MAX - 1));
  }
  out->current_battery = (int16_t)scaled(b->current_a, 100.0f, 0, INT16_MAX, -1);
  out->current_consumed = (int32_t)scaled(b->consumed_mah, 1.0f, 0, INT32_MAX, -1);
  out->energy_consumed = (int32_t)scaled(b->consumed_j, 0.01f, 0, INT32_MAX, -1);
  out->battery_remaining = remaining_pct(b);
  if (driver_fault(&fc->state, FC_SENSOR_BATTERY))
    out->charge_state = FC_MAV_BATTERY_CHARGE_STATE_UNHEALTHY;
  else
    out->charge_state = b->level == FC_BATTERY_CRITICAL ? FC_MAV_BATTERY_CHARGE_STATE_CRITICAL
                        : b->level == FC_BATTERY_LOW    ? FC_MAV_BATTERY_CHARGE_STATE_LOW
                                                        : FC_MAV_BATTERY_CHARGE_STATE_OK;
  return true;
}

void fc_link_pilot_vect(const fc_t* fc, uint64_t now, mavlink_debug_vect_t* out) {
  const fc_state_t* s = &fc->state;
  memset(out, 0, sizeof *out);
  out->time_usec = now;
  memcpy(out->name, "PILOT_IN", 8);
  out->x = (float)s->pilot_source;
  out->y = s->receiver.seen || s->receiver_failsafe ? (float)s->receiver_quality_pct : -1.0f;
  out->z = s->sticks_seen && now >= s->sticks_time_us ? (float)(now - s->sticks_time_us) * 1e-6f : -1.0f;
}
