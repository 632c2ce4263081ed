/* vayu_sitl --sensors chips (sitl_chips.h). */
#include "firmware/hal/sitl/sitl_chips.h"

#include <math.h>
#include <string.h>

bool sitl_chips_init(sitl_chips_t* chips, FILE* log) {
  /* A 1 kHz loop: the simulator's default frame rate, and the first step's advance only. */
  const chip_sensors_config_t config = {1000u, 2000.0f, 16.0f * 9.80665f, 100u};
  char problem[256] = "";
  chips->imu_reported = BMX160_HEALTH_OK;
  chips->baro_reported = BMP388_HEALTH_OK;
  chips->gps_reported = UBLOX_HEALTH_OK;
  chips->gps_pending.gps_new = false;
  if (!chip_sensors_init(&chips->bench, &config, problem, sizeof problem)) {
    fprintf(log, "vayu_sitl: --sensors chips: %s\n", problem);
    return false;
  }
  chips->imu_reported = bmx160_health(&chips->bench.imu); /* said below: only changes are said later */
  chips->baro_reported = bmp388_health(&chips->bench.baro);
  chips->gps_reported = ublox_health(&chips->bench.gps);
  fprintf(log, "vayu_sitl: sensors through the chips: %s, %s, %s\n", bmx160_message(&chips->bench.imu),
          bmp388_message(&chips->bench.baro), ublox_message(&chips->bench.gps));
  return true;
}

/* Says a driver's health on the log when it changed since it was last said. */
static void say_health(sitl_chips_t* chips, FILE* log) {
  const bmx160_health_t imu = bmx160_health(&chips->bench.imu);
  if (imu != chips->imu_reported) {
    chips->imu_reported = imu;
    fprintf(log, "vayu_sitl: %s\n", bmx160_message(&chips->bench.imu));
  }
  const bmp388_health_t baro = bmp388_health(&chips->bench.baro);
  if (baro != chips->baro_reported) {
    chips->baro_reported = baro;
    fprintf(log, "vayu_sitl: %s\n", bmp388_message(&chips->bench.baro));
  }
  const ublox_health_t gps = ublox_health(&chips->bench.gps);
  if (gps != chips->gps_reported) {
    chips->gps_reported = gps;
    fprintf(log, "vayu_sitl: %s\n", ublox_message(&chips->bench.gps));
  }
}

void sitl_chips_gps(sitl_chips_t* chips, const mavlink_hil_gps_t* hil) {
  chip_sensors_input_t* p = &chips->gps_pending;
  p->gps_new = hil->fix_type >= 3; /* as fc_gps_from_hil takes a fix */
  p->gps_time_us = hil->time_usec;
  p->gps_lat_deg = (double)hil->lat * 1e-7;
  p->gps_lon_deg = (double)hil->lon * 1e-7;
  p->gps_height_m = (double)hil->alt * 1e-3;      /* mm */
  p->gps_vel_ned_mps[0] = (float)hil->vn * 0.01f; /* cm/s */
  p->gps_vel_ned_mps[1] = (float)hil->ve * 0.01f;
  p->gps_vel_ned_mps[2] = (float)hil->vd * 0.01f;
}

void sitl_chips_apply(sitl_chips_t* chips, const mavlink_hil_sensor_t* hil, fc_sensors_t* sensors, FILE* log) {
  chip_sensors_input_t in = chips->gps_pending;
  const float accel[3] = {hil->xacc, hil->yacc, hil->zacc}, gyro[3] = {hil->xgyro, hil->ygyro, hil->zgyro},
              mag[3] = {hil->xmag, hil->ymag, hil->zmag};
  for (int i = 0; i < 3; ++i) {
    in.accel_mps2[i] = accel[i];
    in.gyro_radps[i] = gyro[i];
    in.field_gauss[i] = mag[i];
  }
  in.pressure_pa = hil->abs_pressure * 100.0f; /* hPa */
  in.temperature_c = hil->temperature;
  chips->gps_pending.gps_new = false;
  chip_sensors_output_t out;
  chip_sensors_step(&chips->bench, hil->time_usec, &in, &out);
  say_health(chips, log);
  if (out.imu_valid) {
    sensors->accel_mps2 = fc_v3(out.accel_mps2[0], out.accel_mps2[1], out.accel_mps2[2]);
    sensors->gyro_radps = fc_v3(out.gyro_radps[0], out.gyro_radps[1], out.gyro_radps[2]);
  } else { /* nothing read yet: the core's own check refuses the step */
    sensors->accel_mps2 = sensors->gyro_radps = fc_v3(NAN, NAN, NAN);
  }
  sensors->mag = fc_v3(out.mag_gauss[0], out.mag_gauss[1], out.mag_gauss[2]);
  sensors->mag_valid = out.mag_valid;
  sensors->baro_alt_m = chip_sensors_pressure_altitude_m(out.pressure_pa);
  sensors->baro_valid = out.baro_valid;
  memset(&sensors->gps, 0, sizeof sensors->gps);
  if (out.gps_new) {
    sensors->gps.fresh = true;
    sensors->gps.time_us = out.gps_time_us;
    sensors->gps.vel_ned_mps = fc_v3(out.gps_vel_ned_mps[0], out.gps_vel_ned_mps[1], out.gps_vel_ned_mps[2]);
  }
}

void sitl_chips_report(const sitl_chips_t* chips, FILE* log) {
  char text[1024];
  chip_sensors_summary(&chips->bench, text, sizeof text);
  fprintf(log, "vayu_sitl: %s\n", text);
}
