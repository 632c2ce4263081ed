#include "firmware/drivers/bmx160.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Registers (BMX160 datasheet rev. 1.2, register descriptions; the datasheet calls 0x4C..0x4F MAG_IF[0..3],
 * the BMI160's MAG_IF_1..4). */
enum {
  REG_CHIP_ID = 0x00,
  REG_ERR = 0x02,
  REG_PMU_STATUS = 0x03,
  REG_DATA = 0x04, /* DATA_MAG 0x04..0x0B, DATA_GYR 0x0C..0x11, DATA_ACC 0x12..0x17 */
  REG_STATUS = 0x1B,
  REG_ACC_CONF = 0x40,
  REG_ACC_RANGE = 0x41,
  REG_GYR_CONF = 0x42,
  REG_GYR_RANGE = 0x43,
  REG_MAG_CONF = 0x44,
  REG_MAG_IF_CONFIG = 0x4C, /* MAG_IF[0]: bit 7 manual (set-up) mode, bits 1..0 read burst */
  REG_MAG_IF_READ = 0x4D,   /* MAG_IF[1]: BMM150 register to read (a manual read starts on write) */
  REG_MAG_IF_WRITE = 0x4E,  /* MAG_IF[2]: BMM150 register to write (the write starts on write) */
  REG_MAG_IF_DATA = 0x4F,   /* MAG_IF[3]: the byte to write */
  REG_CMD = 0x7E,
  REG_SPI_SELECT = 0x7F
};
enum {
  SPI_READ = 0x80,
  CMD_SOFT_RESET = 0xB6,
  CMD_ACC_NORMAL = 0x11,
  CMD_GYR_NORMAL = 0x15,
  CMD_MAG_IF_NORMAL = 0x19,
  PMU_ALL_NORMAL = 0x15, /* acc 01 (bits 5..4), gyr 01 (3..2), mag_if 01 (1..0) */
  STATUS_DRDY_ACC = 0x80,
  STATUS_DRDY_GYR = 0x40,
  STATUS_DRDY_MAG = 0x20,
  STATUS_MAG_MAN_OP = 0x04,
  CONF_BWP_NORMAL = 0x20, /* acc_bwp / gyr_bwp = 0b010: normal filter */
  MAG_IF_MANUAL_BURST8 = 0x83,
  MAG_IF_DATA_BURST8 = 0x03,
  BMM150_POWER = 0x4B,
  BMM150_OP_MODE = 0x4C,
  BMM150_REP_XY = 0x51,
  BMM150_REP_Z = 0x52,
  BMM150_CHIP_ID_REG = 0x40,
  BMM150_DATA = 0x42,
  BMM150_FORCED_MODE = 0x02,    /* op mode bits 2..1 = 01 */
  BMM150_REGULAR_REP_XY = 0x04, /* 9 repetitions: the regular preset (BMM150 datasheet) */
  BMM150_REGULAR_REP_Z = 0x0E,  /* 15 repetitions */
  BURST_BYTES = 24              /* 0x04..0x1B */
};
/* Waits in microseconds. Soft reset: Bosch's BMI160 SensorAPI waits 1 ms; 10 ms gives margin at a
 * cost only at start-up. PMU start-up times (BMX160 datasheet Table 29): accelerometer 3.8 ms
 * (we wait 5 ms, as the SensorAPI), gyroscope 80 ms (81 ms), MAG_IF 0.5 ms (650 us, the wait
 * Table 16 gives). BMM150 suspend to sleep: 3 ms (BMM150 datasheet start-up time, and the
 * SensorAPI's BMM150_START_UP_TIME). Writes while no sensor is in normal mode: 450 us apart
 * (BMI160 datasheet, primary interface timing). */
enum {
  WAIT_SOFT_RESET_US = 10000,
  WAIT_ACC_START_US = 5000,
  WAIT_GYR_START_US = 81000,
  WAIT_MAG_IF_START_US = 650,
  WAIT_BMM150_START_US = 3000,
  WAIT_SUSPEND_WRITE_US = 450,
  WAIT_MAG_POLL_US = 100,
  MAG_POLL_TRIES = 50
};

static const float kStandardGravity_mps2 = 9.80665f;
static const float kRadPerDeg = 0.017453292519943295f;
static const float kGaussPerMicrotesla = 0.01f;

static const uint8_t kAccelRanges_g[4] = {2, 4, 8, 16};
static const uint8_t kAccelRangeCodes[4] = {0x03, 0x05, 0x08, 0x0C};
static const uint16_t kGyroRanges_dps[5] = {125, 250, 500, 1000, 2000};
static const uint8_t kGyroRangeCodes[5] = {0x04, 0x03, 0x02, 0x01, 0x00};

/* ODR code of 25 * 2^k Hz is 6 + k (100 Hz is 0x08); -1 outside [min_hz, max_hz] or not of that form. */
static int odr_code(unsigned hz, unsigned min_hz, unsigned max_hz) {
  if (hz < min_hz || hz > max_hz) return -1;
  for (int k = 0; k < 8; ++k) {
    if (hz == (25u << k)) return 6 + k;
  }
  return -1;
}

static int accel_range_index(unsigned g) {
  for (int i = 0; i < 4; ++i) {
    if (kAccelRanges_g[i] == g) return i;
  }
  return -1;
}

static int gyro_range_index(unsigned dps) {
  for (int i = 0; i < 5; ++i) {
    if (kGyroRanges_dps[i] == dps) return i;
  }
  return -1;
}

bmx160_config_t bmx160_config_default(void) {
  bmx160_config_t c;
  c.accel_range_g = 8;
  c.accel_odr_hz = 1600;
  c.gyro_range_dps = 2000;
  c.gyro_odr_hz = 1600;
  c.mag_odr_hz = 50;
  c.rotation = 0;
  return c;
}

bool bmx160_config_check(const bmx160_config_t* config, char* problem, size_t capacity) {
  char text[BMX160_MESSAGE_CAPACITY - 32] = "";
  const size_t n = sizeof text;
  if (accel_range_index(config->accel_range_g) < 0) {
    snprintf(text, n, "accelerometer range %u g is not 2, 4, 8 or 16", (unsigned)config->accel_range_g);
  } else if (odr_code(config->accel_odr_hz, 25, 1600) < 0) {
    snprintf(text, n, "accelerometer rate %u Hz is not 25, 50, 100 ... 1600", (unsigned)config->accel_odr_hz);
  } else if (gyro_range_index(config->gyro_range_dps) < 0) {
    snprintf(text, n, "gyroscope range %u deg/s is not 125, 250, 500, 1000 or 2000", (unsigned)config->gyro_range_dps);
  } else if (odr_code(config->gyro_odr_hz, 25, 3200) < 0) {
    snprintf(text, n, "gyroscope rate %u Hz is not 25, 50, 100 ... 3200", (unsigned)config->gyro_odr_hz);
  } else if (odr_code(config->mag_odr_hz, 25, 100) < 0) {
    snprintf(text, n, "magnetometer rate %u Hz is not 25, 50 or 100", (unsigned)config->mag_odr_hz);
  } else if (config->rotation < 0 || config->rotation >= SENSOR_ROTATION_COUNT) {
    snprintf(text, n, "rotation %d is not a MAV_SENSOR_ORIENTATION (0..25)", config->rotation);
  }
  if (problem && capacity > 0) snprintf(problem, capacity, "%s", text);
  return text[0] == '\0';
}

bool bmx160_gyro_range_for_rate(float max_rate_dps, uint16_t* range_dps) {
  *range_dps = 2000;
  if (!(max_rate_dps > 0.0f) || !isfinite(max_rate_dps)) return false;
  for (int i = 0; i < 5; ++i) {
    if ((float)kGyroRanges_dps[i] >= max_rate_dps) {
      *range_dps = kGyroRanges_dps[i];
      return true;
    }
  }
  return false;
}

/* ---- bus ---- */

static bool read_registers(const bmx160_t* imu, uint8_t reg, uint8_t* data, size_t length) {
  uint8_t tx[1 + BURST_BYTES];
  uint8_t rx[1 + BURST_BYTES];
  if (length > BURST_BYTES) return false;
  memset(tx, 0, sizeof tx);
  tx[0] = (uint8_t)(reg | SPI_READ);
  if (!imu->spi.transfer(imu->spi.context, tx, rx, length + 1)) return false;
  memcpy(data, rx + 1, length);
  return true;
}

static bool write_register(const bmx160_t* imu, uint8_t reg, uint8_t value) {
  const uint8_t tx[2] = {(uint8_t)(reg & 0x7F), value};
  return imu->spi.transfer(imu->spi.context, tx, NULL, 2);
}

static void wait_us(const bmx160_t* imu, uint32_t microseconds) {
  imu->clock.delay_us(imu->clock.context, microseconds);
}

static bool finish_health(bmx160_t* imu, bmx160_health_t health) {
  memcpy(imu->message, "BMX160: ", 8);
  imu->health = health;
  return health == BMX160_HEALTH_OK;
}

/* Sets the health and its message, "BMX160: " and the printf-style text after it; true for OK. */
#define set_health(imu, health, ...) \
  (snprintf((imu)->message + 8, sizeof(imu)->message - 8, __VA_ARGS__), finish_health((imu), (health)))

static bool bus_failure(bmx160_t* imu) {
  return set_health(imu, BMX160_HEALTH_NOT_ANSWERING, "not answering (bus error)");
}

/* An identity register's value: 0x00 and 0xFF are a silent bus (MISO held low or floating high). */
static bool check_identity(bmx160_t* imu, uint8_t id, uint8_t expected, const char* who) {
  if (id == expected) return true;
  if (id == 0x00 || id == 0xFF) {
    return set_health(imu, BMX160_HEALTH_NOT_ANSWERING, "%snot answering (reads 0x%02X)", who, (unsigned)id);
  }
  imu->identity_read = id;
  return set_health(imu, BMX160_HEALTH_WRONG_IDENTITY, "%swrong identity 0x%02X (expected 0x%02X)", who, (unsigned)id,
                    (unsigned)expected);
}

/* Writes a configuration register, waits the write spacing and reads it back. */
static bool write_checked(bmx160_t* imu, uint8_t reg, uint8_t value) {
  uint8_t back = 0;
  if (!write_register(imu, reg, value)) return bus_failure(imu);
  wait_us(imu, WAIT_SUSPEND_WRITE_US);
  if (!read_registers(imu, reg, &back, 1)) return bus_failure(imu);
  if (back != value) {
    return set_health(imu, BMX160_HEALTH_CHIP_ERROR, "register 0x%02X reads 0x%02X after writing 0x%02X", (unsigned)reg,
                      (unsigned)back, (unsigned)value);
  }
  return true;
}

static bool command(bmx160_t* imu, uint8_t cmd, uint32_t wait_after_us) {
  if (!write_register(imu, REG_CMD, cmd)) return bus_failure(imu);
  wait_us(imu, wait_after_us);
  return true;
}

/* ---- start-up ---- */

/* A read of 0x7F gives the chip the rising CSB edge that selects SPI (its answer is not used). */
static bool select_spi(bmx160_t* imu) {
  uint8_t ignored;
  return read_registers(imu, REG_SPI_SELECT, &ignored, 1) || bus_failure(imu);
}

static bool start_chip(bmx160_t* imu) {
  uint8_t id = 0;
  if (!select_spi(imu)) return false;
  if (!command(imu, CMD_SOFT_RESET, WAIT_SOFT_RESET_US)) return false;
  if (!select_spi(imu)) return false; /* the reset put the interface back to I2C */
  if (!read_registers(imu, REG_CHIP_ID, &id, 1)) return bus_failure(imu);
  return check_identity(imu, id, BMX160_CHIP_ID, "");
}

static bool configure_rates_and_ranges(bmx160_t* imu) {
  const bmx160_config_t* c = &imu->config;
  return write_checked(imu, REG_ACC_CONF, (uint8_t)(CONF_BWP_NORMAL | odr_code(c->accel_odr_hz, 25, 1600))) &&
         write_checked(imu, REG_ACC_RANGE, kAccelRangeCodes[accel_range_index(c->accel_range_g)]) &&
         write_checked(imu, REG_GYR_CONF, (uint8_t)(CONF_BWP_NORMAL | odr_code(c->gyro_odr_hz, 25, 3200))) &&
         write_checked(imu, REG_GYR_RANGE, kGyroRangeCodes[gyro_range_index(c->gyro_range_dps)]) &&
         write_checked(imu, REG_MAG_CONF, (uint8_t)odr_code(c->mag_odr_hz, 25, 100));
}

static bool power_up(bmx160_t* imu) {
  uint8_t pmu = 0, err = 0;
  if (!command(imu, CMD_ACC_NORMAL, WAIT_ACC_START_US) || !command(imu, CMD_GYR_NORMAL, WAIT_GYR_START_US) ||
      !command(imu, CMD_MAG_IF_NORMAL, WAIT_MAG_IF_START_US)) {
    return false;
  }
  if (!read_registers(imu, REG_PMU_STATUS, &pmu, 1) || !read_registers(imu, REG_ERR, &err, 1)) return bus_failure(imu);
  if (pmu != PMU_ALL_NORMAL) {
    return set_health(imu, BMX160_HEALTH_CHIP_ERROR, "power modes not reached (PMU_STATUS 0x%02X, expected 0x%02X)",
                      (unsigned)pmu, (unsigned)PMU_ALL_NORMAL);
  }
  if (err != 0) {
    return set_health(imu, BMX160_HEALTH_CHIP_ERROR, "error register 0x%02X (fatal %u, code %u, dropped command %u)",
                      (unsigned)err, (unsigned)(err & 1u), (unsigned)((err >> 1) & 0x0Fu), (unsigned)((err >> 6) & 1u));
  }
  return true;
}

/* ---- the BMM150 through MAG_IF (manual mode) ---- */

static bool mag_wait_idle(bmx160_t* imu) {
  for (int i = 0; i < MAG_POLL_TRIES; ++i) {
    uint8_t status = 0;
    if (!read_registers(imu, REG_STATUS, &status, 1)) return bus_failure(imu);
    if ((status & STATUS_MAG_MAN_OP) == 0) return true;
    wait_us(imu, WAIT_MAG_POLL_US);
  }
  return set_health(imu, BMX160_HEALTH_CHIP_ERROR, "magnetometer BMM150 access timed out");
}

static bool mag_write(bmx160_t* imu, uint8_t bmm_reg, uint8_t value) {
  if (!write_register(imu, REG_MAG_IF_DATA, value) || !write_register(imu, REG_MAG_IF_WRITE, bmm_reg)) {
    return bus_failure(imu);
  }
  return mag_wait_idle(imu);
}

static bool mag_read8(bmx160_t* imu, uint8_t bmm_reg, uint8_t out[8]) {
  if (!write_register(imu, REG_MAG_IF_READ, bmm_reg)) return bus_failure(imu);
  if (!mag_wait_idle(imu)) return false;
  return read_registers(imu, REG_DATA, out, 8) || bus_failure(imu);
}

static bool mag_read_trims(bmx160_t* imu) {
  uint8_t t[24]; /* 0x5D..0x74: three 8-byte bursts cover 0x5D..0x71 */
  if (!mag_read8(imu, 0x5D, t) || !mag_read8(imu, 0x65, t + 8) || !mag_read8(imu, 0x6D, t + 16)) return false;
  bmm150_trim_decode(t, &imu->trim);
  if (!bmm150_trim_plausible(&imu->trim)) {
    return set_health(imu, BMX160_HEALTH_CHIP_ERROR,
                      "magnetometer BMM150 trims unusable (dig_xyz1 %u, dig_z1 %u, dig_z2 %d)",
                      (unsigned)imu->trim.dig_xyz1, (unsigned)imu->trim.dig_z1, (int)imu->trim.dig_z2);
  }
  return true;
}

/* BMX160 datasheet Table 16, with an 8-byte burst so that DATA_MAG holds x, y, z and RHALL. */
static bool setup_magnetometer(bmx160_t* imu) {
  uint8_t id[8];
  if (!write_checked(imu, REG_MAG_IF_CONFIG, MAG_IF_MANUAL_BURST8)) return false;
  if (!mag_write(imu, BMM150_POWER, 0x01)) return false; /* suspend -> sleep */
  wait_us(imu, WAIT_BMM150_START_US);
  if (!mag_read8(imu, BMM150_CHIP_ID_REG, id)) return false;
  if (!check_identity(imu, id[0], BMM150_CHIP_ID, "magnetometer BMM150 ")) return false;
  if (!mag_read_trims(imu)) return false;
  if (!mag_write(imu, BMM150_REP_XY, BMM150_REGULAR_REP_XY) || !mag_write(imu, BMM150_REP_Z, BMM150_REGULAR_REP_Z)) {
    return false;
  }
  /* What data mode repeats before each read: a forced measurement, then 8 bytes from 0x42. */
  if (!mag_write(imu, BMM150_OP_MODE, BMM150_FORCED_MODE)) return false;
  if (!write_register(imu, REG_MAG_IF_READ, BMM150_DATA)) return bus_failure(imu);
  if (!mag_wait_idle(imu)) return false;
  return write_checked(imu, REG_MAG_IF_CONFIG, MAG_IF_DATA_BURST8);
}

bool bmx160_init(bmx160_t* imu, bus_spi_t spi, bus_clock_t clock, const bmx160_config_t* config) {
  char problem[BMX160_MESSAGE_CAPACITY - 32]; /* room for the prefixes in the message */
  memset(imu, 0, sizeof *imu);
  imu->spi = spi;
  imu->clock = clock;
  if (!bmx160_config_check(config, problem, sizeof problem)) {
    return set_health(imu, BMX160_HEALTH_CHIP_ERROR, "configuration refused: %s", problem);
  }
  imu->config = *config;
  sensor_rotation_from_orientation(config->rotation, &imu->rotation);
  /* Sensitivities (BMX160 datasheet, specification table): 16384/8192/4096/2048 LSB/g at 2/4/8/16 g, i.e.
   * 32768 counts per range; 262.4 LSB/(deg/s) at 125 deg/s halving with each doubling, i.e.
   * 32800 counts per range. */
  imu->accel_mps2_per_count = (float)config->accel_range_g * kStandardGravity_mps2 / 32768.0f;
  imu->gyro_radps_per_count = (float)config->gyro_range_dps * kRadPerDeg / 32800.0f;
  if (!start_chip(imu) || !configure_rates_and_ranges(imu) || !power_up(imu) || !setup_magnetometer(imu)) {
    return false;
  }
  imu->initialised = true;
  return set_health(imu, BMX160_HEALTH_OK, "ok");
}

/* ---- periodic read ---- */

static int16_t s16_le(const uint8_t* p) { return (int16_t)(uint16_t)(p[0] | ((uint16_t)p[1] << 8)); }

static bool all_bytes(const uint8_t* data, size_t length, uint8_t value) {
  for (size_t i = 0; i < length; ++i) {
    if (data[i] != value) return false;
  }
  return true;
}

static bool at_rail(const int16_t v[3]) {
  for (int i = 0; i < 3; ++i) {
    if (v[i] == INT16_MAX || v[i] == INT16_MIN) return true;
  }
  return false;
}

static void read_magnetometer(bmx160_t* imu, const uint8_t data[8]) {
  bmm150_raw_t raw;
  float field_uT[3];
  bmm150_raw_decode(data, &raw);
  imu->mag_unreported = true;
  imu->mag_overflow = !bmm150_compensate_uT(&imu->trim, &raw, field_uT);
  if (imu->mag_overflow) {
    imu->mag_valid = false;
    return;
  }
  for (int i = 0; i < 3; ++i) field_uT[i] *= kGaussPerMicrotesla;
  sensor_rotation_apply(&imu->rotation, field_uT, imu->mag_gauss);
  imu->mag_valid = true;
}

static void advance_time(bmx160_t* imu, const uint8_t time_bytes[3]) {
  const uint32_t t = (uint32_t)time_bytes[0] | ((uint32_t)time_bytes[1] << 8) | ((uint32_t)time_bytes[2] << 16);
  if (imu->have_time) imu->sensor_ticks += (t - imu->previous_sensor_time) & 0xFFFFFFu;
  imu->previous_sensor_time = t;
  imu->have_time = true;
}

static void assess(bmx160_t* imu, const bmx160_sample_t* s) {
  const int16_t raw[6] = {s->raw_accel[0], s->raw_accel[1], s->raw_accel[2],
                          s->raw_gyro[0],  s->raw_gyro[1],  s->raw_gyro[2]};
  if (imu->identical_samples > 0 && memcmp(raw, imu->previous_raw, sizeof raw) == 0) {
    if (imu->identical_samples < UINT16_MAX) ++imu->identical_samples;
  } else {
    imu->identical_samples = 1;
    memcpy(imu->previous_raw, raw, sizeof raw);
  }
  if (imu->identical_samples >= BMX160_STUCK_SAMPLES) {
    set_health(imu, BMX160_HEALTH_STUCK, "stuck (%u identical samples)", (unsigned)imu->identical_samples);
  } else if (at_rail(s->raw_accel)) {
    set_health(imu, BMX160_HEALTH_SATURATED, "accelerometer saturated (range %u g)",
               (unsigned)imu->config.accel_range_g);
  } else if (at_rail(s->raw_gyro)) {
    set_health(imu, BMX160_HEALTH_SATURATED, "gyroscope saturated (range %u deg/s)",
               (unsigned)imu->config.gyro_range_dps);
  } else if (imu->mag_overflow) {
    set_health(imu, BMX160_HEALTH_MAG_OVERFLOW, "magnetometer BMM150 overflow");
  } else {
    set_health(imu, BMX160_HEALTH_OK, "ok");
  }
}

bmx160_read_t bmx160_read(bmx160_t* imu, bmx160_sample_t* sample) {
  uint8_t b[BURST_BYTES];
  if (!imu->initialised) return BMX160_READ_FAILED;
  if (!read_registers(imu, REG_DATA, b, sizeof b)) {
    bus_failure(imu);
    return BMX160_READ_FAILED;
  }
  if (all_bytes(b, sizeof b, 0x00) || all_bytes(b, sizeof b, 0xFF)) {
    set_health(imu, BMX160_HEALTH_NOT_ANSWERING, "not answering (reads 0x%02X)", (unsigned)b[0]);
    return BMX160_READ_FAILED;
  }
  const uint8_t status = b[BURST_BYTES - 1];
  /* The burst cleared every data-ready bit: a magnetometer sample is taken now even without a new
   * accelerometer or gyroscope sample, and reported with the next one. */
  if (status & STATUS_DRDY_MAG) read_magnetometer(imu, b);
  if ((status & (STATUS_DRDY_ACC | STATUS_DRDY_GYR)) == 0) return BMX160_READ_NONE;
  memset(sample, 0, sizeof *sample);
  float accel_S[3], gyro_S[3];
  for (int i = 0; i < 3; ++i) {
    sample->raw_gyro[i] = s16_le(&b[8 + 2 * i]);
    sample->raw_accel[i] = s16_le(&b[14 + 2 * i]);
    gyro_S[i] = (float)sample->raw_gyro[i] * imu->gyro_radps_per_count;
    accel_S[i] = (float)sample->raw_accel[i] * imu->accel_mps2_per_count;
  }
  sensor_rotation_apply(&imu->rotation, accel_S, sample->accel_mps2);
  sensor_rotation_apply(&imu->rotation, gyro_S, sample->gyro_radps);
  advance_time(imu, &b[20]);
  sample->time_us = imu->sensor_ticks * 625u / 16u; /* 39.0625 us per count */
  sample->mag_fresh = imu->mag_unreported;
  imu->mag_unreported = false;
  memcpy(sample->mag_gauss, imu->mag_gauss, sizeof sample->mag_gauss);
  sample->mag_valid = imu->mag_valid;
  assess(imu, sample);
  return BMX160_READ_NEW;
}

bmx160_health_t bmx160_health(const bmx160_t* imu) { return imu->health; }

const char* bmx160_message(const bmx160_t* imu) { return imu->message; }
