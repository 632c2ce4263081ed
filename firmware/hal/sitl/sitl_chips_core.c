/* vayu_sitl --sensors chips: what the drivers read, told to the flight core (sitl_chips.h,
 * sitl_chips_to_core). */
#include "firmware/hal/sitl/sitl_chips.h"

#include <math.h>
#include <string.h>

/* The BMX160's health for its three sensors: a saturation is the saturated part's alone and a
 * BMM150 overflow the magnetometer's; anything else (not answering, wrong identity, stuck, a chip
 * error) stops the whole chip, the BMM150 included, since it is read through the BMX160. */
static void tell_imu(const bmx160_t* imu, fc_t* fc) {
  const bmx160_health_t health = bmx160_health(imu);
  const char* message = bmx160_message(imu);
  int gyro = (int)health, accel = (int)health, mag = (int)health;
  if (health == BMX160_HEALTH_SATURATED) {
    accel = strstr(message, "accelerometer") ? accel : 0;
    gyro = strstr(message, "gyroscope") ? gyro : 0;
    mag = 0;
  } else if (health == BMX160_HEALTH_MAG_OVERFLOW) {
    gyro = accel = 0;
  }
  fc_sensor_health(fc, FC_SENSOR_GYRO, gyro, gyro ? message : "BMX160: gyroscope ok");
  fc_sensor_health(fc, FC_SENSOR_ACCEL, accel, accel ? message : "BMX160: accelerometer ok");
  fc_sensor_health(fc, FC_SENSOR_MAG, mag, mag ? message : "BMX160: magnetometer BMM150 ok");
}

/* The channel map from RC_MAP_* and RCn_* (the mode switch rc_map_config_default's). */
static rc_map_config_t rc_map_from(const fc_params_t* p) {
  rc_map_config_t c = rc_map_config_default();
  c.map_roll = (uint8_t)lroundf(fc_param(p, FC_PARAM_RC_MAP_ROLL));
  c.map_pitch = (uint8_t)lroundf(fc_param(p, FC_PARAM_RC_MAP_PITCH));
  c.map_yaw = (uint8_t)lroundf(fc_param(p, FC_PARAM_RC_MAP_YAW));
  c.map_throttle = (uint8_t)lroundf(fc_param(p, FC_PARAM_RC_MAP_THROTTLE));
  for (int ch = 1; ch <= FC_RC_CAL_CHANNELS; ++ch) {
    fc_rc_channel_cal_t cal;
    if (!fc_rc_channel_cal(p, ch, &cal)) continue;
    c.channel[ch - 1] = (rc_channel_cal_t){cal.min_us, cal.trim_us, cal.max_us, cal.reversed, cal.deadband_us};
  }
  return c;
}

/* A receiver frame for the core: each decoded RC frame, and a change of failsafe. */
static void tell_receiver(sitl_chips_t* chips, fc_t* fc) {
  fc_sensor_health(fc, FC_SENSOR_RC, (int)crsf_health(&chips->rc), crsf_message(&chips->rc));
  const rc_input_t* in = &chips->rc_input;
  if (!chips->rc_new && chips->rc_told && in->failsafe == chips->rc_failsafe_told) return;
  if (!chips->rc_new && !chips->rc_told) return; /* nothing decoded yet */
  fc_rc_frame_t frame;
  memset(&frame, 0, sizeof frame);
  const rc_map_config_t map = rc_map_from(&fc->config.params);
  rc_sticks_t sticks;
  /* A map the parameters make unusable is a failsafe as a lost transmitter is. */
  const bool mapped = rc_map_config_check(&map, NULL, 0) && rc_map_sticks(&map, in, &sticks);
  frame.failsafe = in->failsafe || !mapped;
  if (mapped) frame.sticks = (fc_sticks_t){sticks.roll, sticks.pitch, sticks.yaw, sticks.throttle};
  frame.link_quality_pct = in->link_quality_pct;
  frame.frame_count = in->frames;
  fc_rc_input(fc, &frame);
  chips->rc_told = true;
  chips->rc_failsafe_told = in->failsafe;
}

void sitl_chips_to_core(sitl_chips_t* chips, fc_t* fc) {
  tell_imu(&chips->bench.imu, fc);
  fc_sensor_health(fc, FC_SENSOR_BARO, (int)bmp388_health(&chips->bench.baro), bmp388_message(&chips->bench.baro));
  fc_sensor_health(fc, FC_SENSOR_GPS, (int)ublox_health(&chips->bench.gps), ublox_message(&chips->bench.gps));
  sitl_power_to_core(&chips->power, fc);
  if (chips->receiver_fitted) tell_receiver(chips, fc);
}
