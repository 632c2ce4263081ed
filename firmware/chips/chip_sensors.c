/* The board's sensors as chip models read through their drivers (chip_sensors.h). */
#include "firmware/chips/chip_sensors.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Standard gravity (the BMX160 datasheet's g, as its model scales the accelerometer). */
#define CHIP_SENSORS_G_MPS2 9.80665f

static uint64_t bench_now_us(void* context) { return ((const chip_sensors_t*)context)->now_us; }

/* The drivers' start-up waits: the bench's time passes for both chips. */
static void bench_delay_us(void* context, uint32_t microseconds) {
  chip_sensors_t* bench = context;
  bmx160_model_advance_us(&bench->imu_chip, microseconds);
  bmp388_model_advance_us(&bench->baro_chip, microseconds);
  ublox_model_advance_us(&bench->gps_chip, microseconds);
  bench->now_us += microseconds;
}

/* A GPS week in milliseconds (iTOW's range). */
#define CHIP_SENSORS_WEEK_MS 604800000u
/* How long the receiver may take to be found and configured: two passes of the driver's search
 * over its six bauds (UBLOX_SILENT_US each at most) and the configuration's three messages. */
#define CHIP_SENSORS_GPS_START_US 10000000u

/* The u-blox driver's start-up, polled every millisecond on the bench clock until it runs. */
static bool start_gps(chip_sensors_t* bench, bus_clock_t clock, char* problem, size_t capacity) {
  ublox_config_t config = ublox_config_default();
  config.measurement_period_ms = bench->config.gps_period_ms;
  if (!ublox_config_check(&config, problem, capacity)) return false;
  ublox_start(&bench->gps, ublox_model_uart(&bench->gps_chip), clock, &config);
  for (uint32_t waited_us = 0; waited_us < CHIP_SENSORS_GPS_START_US; waited_us += 1000u) {
    bench_delay_us(bench, 1000u);
    ublox_pvt_t sample;
    (void)ublox_poll(&bench->gps, &sample);
    if (bench->gps.state == UBLOX_STATE_RUN) return true;
  }
  snprintf(problem, capacity, "%s", ublox_message(&bench->gps));
  return false;
}

static bool positive_finite(float value) { return isfinite(value) && value > 0.0f; }

bool chip_sensors_imu_config(const chip_sensors_config_t* config, bmx160_config_t* out, char* problem,
                             size_t capacity) {
  *out = bmx160_config_default();
  if (!positive_finite(config->gyro_range_dps) ||
      !bmx160_gyro_range_for_rate(config->gyro_range_dps, &out->gyro_range_dps)) {
    snprintf(problem, capacity, "BMX160: gyroscope range %g deg/s: the chip covers up to 2000 deg/s",
             (double)config->gyro_range_dps);
    return false;
  }
  if (!positive_finite(config->accel_range_mps2)) {
    snprintf(problem, capacity, "BMX160: accelerometer range %g m/s^2 is not a positive number",
             (double)config->accel_range_mps2);
    return false;
  }
  /* The smallest of the chip's ranges that covers the one asked for (a part per million spared
   * for a range given as 16 * 9.80665 in double precision). */
  static const uint8_t kRanges_g[4] = {2, 4, 8, 16};
  for (int i = 0; i < 4; ++i) {
    if ((float)kRanges_g[i] * CHIP_SENSORS_G_MPS2 * 1.000001f >= config->accel_range_mps2) {
      out->accel_range_g = kRanges_g[i];
      return true;
    }
  }
  snprintf(problem, capacity, "BMX160: accelerometer range %g m/s^2 (%.1f g): the chip covers up to 16 g",
           (double)config->accel_range_mps2, (double)(config->accel_range_mps2 / CHIP_SENSORS_G_MPS2));
  return false;
}

bool chip_sensors_power_up(chip_sensors_t* bench, const chip_sensors_config_t* config, char* problem, size_t capacity) {
  memset(bench, 0, sizeof *bench);
  bench->config = *config;
  if (config->sample_period_us == 0 || config->sample_period_us > 1000000u) {
    snprintf(problem, capacity, "chip sensors: sample period %u us is outside 1..1000000",
             (unsigned)config->sample_period_us);
    return false;
  }
  bmx160_config_t imu_config;
  if (!chip_sensors_imu_config(config, &imu_config, problem, capacity)) return false;
  bmx160_model_init(&bench->imu_chip);
  bmp388_model_init(&bench->baro_chip);
  ublox_model_init(&bench->gps_chip);
  bench->gps_chip.geoid_separation_m = 0.0; /* the height given is the one reported as hMSL */
  return true;
}

bool chip_sensors_start(chip_sensors_t* bench, char* problem, size_t capacity) {
  bmx160_config_t imu_config;
  if (!chip_sensors_imu_config(&bench->config, &imu_config, problem, capacity)) return false;
  const bus_clock_t clock = {bench_now_us, bench_delay_us, bench};
  char failed[3][128] = {"", "", ""};
  if (!bmx160_init(&bench->imu, bmx160_model_spi(&bench->imu_chip), clock, &imu_config))
    snprintf(failed[0], sizeof failed[0], "%s", bmx160_message(&bench->imu));
  const bmp388_config_t baro_config = bmp388_config_default();
  if (!bmp388_init_spi(&bench->baro, bmp388_model_spi(&bench->baro_chip), clock, &baro_config))
    snprintf(failed[1], sizeof failed[1], "%s", bmp388_message(&bench->baro));
  if (!start_gps(bench, clock, failed[2], sizeof failed[2]) && !failed[2][0])
    snprintf(failed[2], sizeof failed[2], "%s", ublox_message(&bench->gps));
  for (int i = 0; i < 3; ++i) {
    if (failed[i][0]) {
      snprintf(problem, capacity, "%s", failed[i]);
      return false;
    }
  }
  return true;
}

bool chip_sensors_init(chip_sensors_t* bench, const chip_sensors_config_t* config, char* problem, size_t capacity) {
  return chip_sensors_power_up(bench, config, problem, capacity) && chip_sensors_start(bench, problem, capacity);
}

static void set_inputs(chip_sensors_t* bench, const chip_sensors_input_t* in) {
  for (int i = 0; i < 3; ++i) {
    bench->imu_chip.specific_force_mps2[i] = in->accel_mps2[i];
    bench->imu_chip.rate_radps[i] = in->gyro_radps[i];
    bench->imu_chip.field_gauss[i] = in->field_gauss[i];
  }
  if (bench->baro_chip.measurements != bench->baro_measurements) { /* a measurement took the mean */
    bench->baro_measurements = bench->baro_chip.measurements;
    bench->pressure_sum_pa = 0.0;
    bench->pressure_count = 0;
  }
  bench->pressure_sum_pa += in->pressure_pa;
  ++bench->pressure_count;
  bench->baro_chip.pressure_pa = (float)(bench->pressure_sum_pa / bench->pressure_count);
  bench->baro_chip.temperature_c = in->temperature_c;
  if (!in->gps_new) return;
  ublox_model_t* gps = &bench->gps_chip;
  gps->lat_deg = in->gps_lat_deg;
  gps->lon_deg = in->gps_lon_deg;
  gps->height_ellipsoid_m = in->gps_height_m;
  for (int i = 0; i < 3; ++i) gps->vel_ned_mps[i] = in->gps_vel_ned_mps[i];
  const unsigned slot = bench->fix_count++ % CHIP_SENSORS_GPS_FIXES;
  bench->fixes[slot].bench_us = bench->now_us;
  bench->fixes[slot].fix_time_us = in->gps_time_us;
}

/* The caller's measurement time of the fix a NAV-PVT carries: the latest given to the model at
 * or before its solution (iTOW on the bench clock, whose time 0 is the model's). False when the
 * solution came before every fix the bench remembers. */
static bool fix_of_solution(const chip_sensors_t* bench, uint32_t itow_ms, uint64_t* fix_time_us) {
  const uint32_t since_ms =
      (itow_ms + CHIP_SENSORS_WEEK_MS - bench->gps_chip.start_tow_ms % CHIP_SENSORS_WEEK_MS) % CHIP_SENSORS_WEEK_MS;
  /* iTOW counts whole milliseconds: a fix given within the solution's millisecond is in it. */
  const uint64_t solution_end_us = (uint64_t)since_ms * 1000u + 999u;
  bool found = false;
  uint64_t latest_bench_us = 0;
  const unsigned kept = bench->fix_count < CHIP_SENSORS_GPS_FIXES ? bench->fix_count : CHIP_SENSORS_GPS_FIXES;
  for (unsigned i = 0; i < kept; ++i) {
    if (bench->fixes[i].bench_us <= solution_end_us && (!found || bench->fixes[i].bench_us >= latest_bench_us)) {
      found = true;
      latest_bench_us = bench->fixes[i].bench_us;
      *fix_time_us = bench->fixes[i].fix_time_us;
    }
  }
  return found;
}

static void read_gps(chip_sensors_t* bench) {
  chip_sensors_output_t* held = &bench->held;
  held->gps_new = false;
  ublox_pvt_t pvt;
  if (ublox_poll(&bench->gps, &pvt) != UBLOX_POLL_NEW) return;
  if (pvt.fix_type != UBLOX_FIX_3D || !pvt.gnss_fix_ok) return;
  if (!fix_of_solution(bench, pvt.itow_ms, &held->gps_time_us)) {
    ++bench->counts.gps_unmatched;
    return;
  }
  ++bench->counts.gps_new;
  held->gps_new = true;
  memcpy(held->gps_vel_ned_mps, pvt.vel_ned_mps, sizeof held->gps_vel_ned_mps);
}

static void read_imu(chip_sensors_t* bench) {
  chip_sensors_output_t* held = &bench->held;
  bmx160_sample_t sample;
  const bmx160_read_t r = bmx160_read(&bench->imu, &sample);
  held->imu_new = r == BMX160_READ_NEW;
  if (r == BMX160_READ_NONE) ++bench->counts.imu_none;
  if (r == BMX160_READ_FAILED) ++bench->counts.imu_failed;
  if (r != BMX160_READ_NEW) return;
  ++bench->counts.imu_new;
  if (bmx160_health(&bench->imu) != BMX160_HEALTH_OK) {
    ++bench->counts.imu_flagged;
    snprintf(bench->imu_flag_message, sizeof bench->imu_flag_message, "%s", bmx160_message(&bench->imu));
  }
  memcpy(held->accel_mps2, sample.accel_mps2, sizeof held->accel_mps2);
  memcpy(held->gyro_radps, sample.gyro_radps, sizeof held->gyro_radps);
  held->imu_valid = true;
  held->mag_valid = sample.mag_valid;
  if (sample.mag_valid) memcpy(held->mag_gauss, sample.mag_gauss, sizeof held->mag_gauss);
}

static void read_baro(chip_sensors_t* bench) {
  chip_sensors_output_t* held = &bench->held;
  bmp388_sample_t sample;
  const bmp388_read_t r = bmp388_read(&bench->baro, &sample);
  held->baro_new = r == BMP388_READ_NEW;
  if (r == BMP388_READ_FAILED) ++bench->counts.baro_failed;
  if (r != BMP388_READ_NEW) return;
  ++bench->counts.baro_new;
  if (bmp388_health(&bench->baro) != BMP388_HEALTH_OK) {
    ++bench->counts.baro_flagged;
    snprintf(bench->baro_flag_message, sizeof bench->baro_flag_message, "%s", bmp388_message(&bench->baro));
  }
  held->pressure_pa = sample.pressure_pa;
  held->temperature_c = sample.temperature_c;
  held->baro_valid = true;
}

void chip_sensors_step(chip_sensors_t* bench, uint64_t time_us, const chip_sensors_input_t* in,
                       chip_sensors_output_t* out) {
  /* The time since the previous step; the loop's period at the first step and after the caller's
   * clock went back (a simulator reset). */
  uint64_t elapsed_us = bench->config.sample_period_us;
  if (bench->have_time && time_us >= bench->last_time_us) elapsed_us = time_us - bench->last_time_us;
  bench->have_time = true;
  bench->last_time_us = time_us;
  set_inputs(bench, in);
  bmx160_model_advance_us(&bench->imu_chip, elapsed_us);
  bmp388_model_advance_us(&bench->baro_chip, elapsed_us);
  ublox_model_advance_us(&bench->gps_chip, elapsed_us);
  bench->now_us += elapsed_us;
  ++bench->counts.steps;
  read_imu(bench);
  read_baro(bench);
  read_gps(bench);
  *out = bench->held;
}

float chip_sensors_pressure_altitude_m(float pressure_pa) {
  return 288.15f / 0.0065f * (1.0f - powf(pressure_pa / 101325.0f, 1.0f / 5.25588f));
}

void chip_sensors_summary(const chip_sensors_t* bench, char* text, size_t capacity) {
  const chip_sensors_counts_t* c = &bench->counts;
  snprintf(text, capacity,
           "chips: %llu steps; BMX160 %llu samples (%llu flagged%s%s%s, %llu steps without one, %llu failed reads), "
           "now \"%s\"; BMP388 %llu samples (%llu flagged%s%s%s, %llu failed reads), now \"%s\"; u-blox %llu "
           "fixes (%llu NAV-PVT of none given), now \"%s\"",
           (unsigned long long)c->steps, (unsigned long long)c->imu_new, (unsigned long long)c->imu_flagged,
           c->imu_flagged ? ", the last \"" : "", bench->imu_flag_message, c->imu_flagged ? "\"" : "",
           (unsigned long long)c->imu_none, (unsigned long long)c->imu_failed, bmx160_message(&bench->imu),
           (unsigned long long)c->baro_new, (unsigned long long)c->baro_flagged, c->baro_flagged ? ", the last \"" : "",
           bench->baro_flag_message, c->baro_flagged ? "\"" : "", (unsigned long long)c->baro_failed,
           bmp388_message(&bench->baro), (unsigned long long)c->gps_new, (unsigned long long)c->gps_unmatched,
           ublox_message(&bench->gps));
}
