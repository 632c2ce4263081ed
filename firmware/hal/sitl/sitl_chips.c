/* vayu_sitl --sensors chips (sitl_chips.h). */
#include "firmware/hal/sitl/sitl_chips.h"

#include <math.h>

bool sitl_chips_init(sitl_chips_t* chips, FILE* log) {
  /* A 1 kHz loop: the simulator's default frame rate, and the first step's advance only. */
  const chip_sensors_config_t config = {1000u, 2000.0f, 16.0f * 9.80665f};
  char problem[256] = "";
  chips->imu_reported = BMX160_HEALTH_OK;
  chips->baro_reported = BMP388_HEALTH_OK;
  if (!chip_sensors_init(&chips->bench, &config, problem, sizeof problem)) {
    fprintf(log, "vayu_sitl: --sensors chips: %s\n", problem);
    return false;
  }
  fprintf(log, "vayu_sitl: sensors through the chips: %s, %s (GPS from HIL_GPS)\n", bmx160_message(&chips->bench.imu),
          bmp388_message(&chips->bench.baro));
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
}

void sitl_chips_apply(sitl_chips_t* chips, const mavlink_hil_sensor_t* hil, fc_sensors_t* sensors, FILE* log) {
  const chip_sensors_input_t in = {{hil->xacc, hil->yacc, hil->zacc},
                                   {hil->xgyro, hil->ygyro, hil->zgyro},
                                   {hil->xmag, hil->ymag, hil->zmag},
                                   hil->abs_pressure * 100.0f, /* hPa */
                                   hil->temperature};
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
}

void sitl_chips_report(const sitl_chips_t* chips, FILE* log) {
  char text[1024];
  chip_sensors_summary(&chips->bench, text, sizeof text);
  fprintf(log, "vayu_sitl: %s\n", text);
}
