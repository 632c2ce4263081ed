/* The board's own IMU, barometer and battery monitor (board_sensors.h). */
#include "firmware/hal/stm32f4/board_sensors.h"

#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/board_spi.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef NAVIGATOR_BOARD_BATTERY
#define NAVIGATOR_BOARD_BATTERY 1
#endif

static const char* const kSensorNames[FC_SENSOR_COUNT] = {"Gyro", "Accelerometer", "Magnetometer", "Barometer",
                                                          "GPS",  "RC receiver",   "Battery"};

/* A sensor's health to the core, on a change of code or once a second; `source` follows the
 * driver's message when not NULL (what the core flies on instead). */
static void report(board_sensors_t* s, fc_t* fc, fc_sensor_id_t sensor, int code, const char* message,
                   const char* source, bool periodic) {
  if (code == s->reported[sensor] && !periodic) return;
  s->reported[sensor] = code;
  char text[FC_HEALTH_TEXT];
  snprintf(text, sizeof text, "%s: %s%s%s", kSensorNames[sensor], message, source ? ", " : "", source ? source : "");
  fc_sensor_health(fc, sensor, code, text);
}

static void report_chips(board_sensors_t* s, fc_t* fc, bool periodic) {
  const char* hil = "HIL_SENSOR in force";
  const int imu = (int)bmx160_health(&s->imu), baro = (int)bmp388_health(&s->baro);
  const char* imu_text = bmx160_message(&s->imu);
  report(s, fc, FC_SENSOR_GYRO, imu == BMX160_HEALTH_MAG_OVERFLOW ? 0 : imu, imu_text, s->imu_up ? NULL : hil,
         periodic);
  report(s, fc, FC_SENSOR_ACCEL, imu == BMX160_HEALTH_MAG_OVERFLOW ? 0 : imu, imu_text, s->imu_up ? NULL : hil,
         periodic);
  report(s, fc, FC_SENSOR_MAG, imu, imu_text, s->imu_up ? NULL : hil, periodic);
  report(s, fc, FC_SENSOR_BARO, baro, bmp388_message(&s->baro), s->baro_up ? NULL : hil, periodic);
}

/* The battery monitor's configuration from the BAT_* parameters (ADC1 channels 10 and 11). */
static battery_config_t battery_config(const fc_params_t* p) {
  battery_config_t c = battery_config_default();
  c.voltage_channel = BOARD_ADC_BATTERY_VOLTAGE;
  c.current_channel = BOARD_ADC_BATTERY_CURRENT;
  c.voltage_divider = fc_param(p, FC_PARAM_BAT_V_DIV);
  c.amps_per_volt = fc_param(p, FC_PARAM_BAT_A_PER_V);
  c.current_offset_v = fc_param(p, FC_PARAM_BAT_V_OFFS_CURR);
  c.cell_count = (uint8_t)fc_param(p, FC_PARAM_BAT_N_CELLS);
  c.capacity_mah = fc_param(p, FC_PARAM_BAT_CAPACITY);
  c.empty_cell_v = fc_param(p, FC_PARAM_BAT_V_EMPTY);
  c.full_cell_v = fc_param(p, FC_PARAM_BAT_V_CHARGED);
  c.low_cell_v = fc_param(p, FC_PARAM_BAT_LOW_V);
  c.critical_cell_v = fc_param(p, FC_PARAM_BAT_CRIT_V);
  c.low_remaining = fc_param(p, FC_PARAM_BAT_LOW_THR);
  c.critical_remaining = fc_param(p, FC_PARAM_BAT_CRIT_THR);
  return c;
}

void board_sensors_start(board_sensors_t* s, fc_t* fc) {
  memset(s, 0, sizeof *s);
  for (int i = 0; i < FC_SENSOR_COUNT; ++i) s->reported[i] = -1;
  const bus_clock_t clock = board_bus_clock();
  const bmx160_config_t imu = bmx160_config_default();
  s->imu_up = bmx160_init(&s->imu, board_spi_bus(BOARD_SPI_BMX160), clock, &imu);
  const bmp388_config_t baro = bmp388_config_default();
  s->baro_up = bmp388_init_spi(&s->baro, board_spi_bus(BOARD_SPI_BMP388), clock, &baro);
  report_chips(s, fc, false);
  if (NAVIGATOR_BOARD_BATTERY) {
    s->battery_config = battery_config(&fc->config.params);
    battery_init(&s->battery, board_adc_battery(), &s->battery_config);
  }
}

bool board_sensors_imu_drives(const board_sensors_t* s) { return s->imu_up; }

static fc_battery_t core_battery(const battery_t* b) {
  const battery_state_t* st = battery_state(b);
  fc_battery_t out;
  out.voltage_v = st->voltage_v;
  out.current_a = st->current_measured ? st->current_a : NAN;
  out.consumed_mah = st->current_measured ? st->consumed_mah : NAN;
  out.consumed_j = st->current_measured ? st->consumed_j : NAN;
  out.remaining = st->remaining;
  out.cell_count = st->cell_count;
  out.level = b->warning == BATTERY_HEALTH_CRITICAL ? FC_BATTERY_CRITICAL
              : b->warning == BATTERY_HEALTH_LOW    ? FC_BATTERY_LOW
                                                    : FC_BATTERY_OK;
  return out;
}

/* Member by member: the struct's padding is not part of its value (memcmp would see it). */
static bool same_battery_config(const battery_config_t* a, const battery_config_t* b) {
  return a->adc_reference_v == b->adc_reference_v && a->adc_bits == b->adc_bits &&
         a->voltage_channel == b->voltage_channel && a->current_channel == b->current_channel &&
         a->voltage_divider == b->voltage_divider && a->amps_per_volt == b->amps_per_volt &&
         a->current_offset_v == b->current_offset_v && a->cell_count == b->cell_count &&
         a->capacity_mah == b->capacity_mah && a->empty_cell_v == b->empty_cell_v && a->full_cell_v == b->full_cell_v &&
         a->internal_resistance_ohm == b->internal_resistance_ohm && a->low_cell_v == b->low_cell_v &&
         a->critical_cell_v == b->critical_cell_v && a->low_remaining == b->low_remaining &&
         a->critical_remaining == b->critical_remaining && a->not_connected_v == b->not_connected_v &&
         a->filter_tau_s == b->filter_tau_s;
}

/* At 10 Hz: the monitor (its configuration taken again when BAT_* changed), the result to the core
 * while a pack is measured, and the monitor's health (its charge levels are not faults). */
static void update_battery(board_sensors_t* s, fc_t* fc, uint64_t now_us, bool periodic) {
  if (!NAVIGATOR_BOARD_BATTERY || now_us < s->next_battery_us) return;
  s->next_battery_us = now_us + BOARD_BATTERY_PERIOD_US;
  const battery_config_t config = battery_config(&fc->config.params);
  if (!same_battery_config(&config, &s->battery_config)) {
    s->battery_config = config;
    battery_init(&s->battery, board_adc_battery(), &s->battery_config);
  }
  battery_update(&s->battery, now_us);
  const battery_health_t h = battery_health(&s->battery);
  const bool measured = h == BATTERY_HEALTH_OK || h == BATTERY_HEALTH_LOW || h == BATTERY_HEALTH_CRITICAL ||
                        h == BATTERY_HEALTH_SATURATED;
  if (measured) {
    const fc_battery_t b = core_battery(&s->battery);
    fc_set_battery(fc, &b);
  }
  const int code = h == BATTERY_HEALTH_LOW || h == BATTERY_HEALTH_CRITICAL ? 0 : (int)h;
  if (code == s->reported[FC_SENSOR_BATTERY] && !periodic) return;
  s->reported[FC_SENSOR_BATTERY] = code;
  fc_sensor_health(fc, FC_SENSOR_BATTERY, code, battery_message(&s->battery)); /* "Battery: ..." already */
}

static void read_baro(board_sensors_t* s) {
  bmp388_sample_t sample;
  if (!s->baro_up || bmp388_read(&s->baro, &sample) != BMP388_READ_NEW) return;
  s->baro_alt_m = 44330.8f * (1.0f - powf(sample.pressure_pa / 101325.0f, 1.0f / 5.25588f));
  s->baro_valid = isfinite(s->baro_alt_m);
}

static bool read_imu(board_sensors_t* s, fc_gps_t* pending_gps, fc_sensors_t* out, uint64_t now_us) {
  bmx160_sample_t sample;
  if (!s->imu_up || bmx160_read(&s->imu, &sample) != BMX160_READ_NEW) return false;
  memset(out, 0, sizeof *out);
  out->time_us = now_us; /* the board's clock: the core's time runs on it when its IMU drives */
  out->accel_mps2 = fc_v3(sample.accel_mps2[0], sample.accel_mps2[1], sample.accel_mps2[2]);
  out->gyro_radps = fc_v3(sample.gyro_radps[0], sample.gyro_radps[1], sample.gyro_radps[2]);
  out->mag = fc_v3(sample.mag_gauss[0], sample.mag_gauss[1], sample.mag_gauss[2]);
  out->mag_valid = sample.mag_valid;
  out->baro_alt_m = s->baro_alt_m;
  out->baro_valid = s->baro_valid;
  out->gps = *pending_gps;
  pending_gps->fresh = false;
  return true;
}

bool board_sensors_pass(board_sensors_t* s, fc_t* fc, fc_gps_t* pending_gps, fc_sensors_t* out, uint64_t now_us) {
  const bool periodic = now_us >= s->next_health_us;
  if (periodic) s->next_health_us = now_us + BOARD_SENSORS_HEALTH_PERIOD_US;
  read_baro(s);
  const bool sample = read_imu(s, pending_gps, out, now_us);
  report_chips(s, fc, periodic);
  update_battery(s, fc, now_us, periodic);
  return sample;
}
