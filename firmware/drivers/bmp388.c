#include "firmware/drivers/bmp388.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Registers and bits (BMP388 datasheet rev. 1.0, register map). */
enum {
  REG_CHIP_ID = 0x00,
  REG_ERR = 0x02, /* bit 0 fatal_err, bit 1 cmd_err, bit 2 conf_err */
  REG_STATUS = 0x03,
  REG_PWR_CTRL = 0x1B, /* bit 0 press_en, bit 1 temp_en, bits 5..4 mode (11 normal) */
  REG_OSR = 0x1C,      /* bits 2..0 osr_p, bits 5..3 osr_t */
  REG_ODR = 0x1D,      /* bits 4..0 odr_sel */
  REG_CONFIG = 0x1F,   /* bits 3..1 iir_filter */
  REG_NVM = 0x31,
  REG_CMD = 0x7E
};
enum {
  SPI_READ = 0x80,
  ERR_FATAL = 0x01,
  ERR_CMD = 0x02,
  ERR_CONF = 0x04,
  STATUS_CMD_RDY = 0x10,
  STATUS_DRDY_PRESS = 0x20,
  STATUS_DRDY_TEMP = 0x40,
  PWR_NORMAL_BOTH = 0x33,
  PWR_MODE_MASK = 0x30,
  CMD_SOFT_RESET = 0xB6,
  BURST_BYTES = 8, /* ERR_REG 0x02 .. DATA_5 0x09 */
  MAX_READ = BMP388_NVM_BYTES,
  /* The datasheet's start-up time after a power-on or soft reset is 2 ms; we wait 5 ms, a cost
   * paid only at start-up. */
  WAIT_SOFT_RESET_US = 5000,
  MAX_ODR_CODE = 17
};

static const uint8_t kOversampling[6] = {1, 2, 4, 8, 16, 32};
static const uint8_t kIirCoefficients[8] = {0, 1, 3, 7, 15, 31, 63, 127};

static int oversampling_code(unsigned value) {
  for (int i = 0; i < 6; ++i) {
    if (kOversampling[i] == value) return i;
  }
  return -1;
}

static int iir_code(unsigned value) {
  for (int i = 0; i < 8; ++i) {
    if (kIirCoefficients[i] == value) return i;
  }
  return -1;
}

/* odr_sel k for 200 / 2^k Hz (exact in binary floating point), -1 for any other rate. */
static int odr_code(float hz) {
  for (int k = 0; k <= MAX_ODR_CODE; ++k) {
    if (hz == 200.0f / (float)(1ul << k)) return k;
  }
  return -1;
}

bmp388_config_t bmp388_config_default(void) {
  bmp388_config_t c;
  c.pressure_oversampling = 8;
  c.temperature_oversampling = 1;
  c.odr_hz = 50.0f;
  c.iir_coefficient = 3;
  return c;
}

uint32_t bmp388_conversion_time_us(uint8_t pressure_oversampling, uint8_t temperature_oversampling) {
  return 234u + (392u + (uint32_t)pressure_oversampling * 2020u) + (163u + (uint32_t)temperature_oversampling * 2020u);
}

/* A rate as text without floating-point printf (12.5 -> "12.5", 0.00153 -> "0.002"). */
static void format_hz(char* text, size_t capacity, float hz) {
  if (!isfinite(hz) || hz < 0.0f || hz > 1.0e6f) {
    snprintf(text, capacity, "(not a rate)");
    return;
  }
  const unsigned millihertz = (unsigned)lroundf(hz * 1000.0f); /* at most 1e9: fits */
  const unsigned whole = millihertz / 1000u;
  unsigned fraction = millihertz % 1000u;
  int digits = 3;
  while (digits > 0 && fraction % 10u == 0u) {
    fraction /= 10u;
    --digits;
  }
  /* (One literal format per case, so the compiler sees each output's bound.) */
  switch (digits) {
    case 0:
      snprintf(text, capacity, "%u", whole);
      break;
    case 1:
      snprintf(text, capacity, "%u.%01u", whole, fraction);
      break;
    case 2:
      snprintf(text, capacity, "%u.%02u", whole, fraction);
      break;
    default:
      snprintf(text, capacity, "%u.%03u", whole, fraction);
      break;
  }
}

bool bmp388_config_check(const bmp388_config_t* config, char* problem, size_t capacity) {
  char text[BMP388_MESSAGE_CAPACITY - 8] = "";
  char hz[24];
  const size_t n = sizeof text;
  format_hz(hz, sizeof hz, config->odr_hz);
  const int k = odr_code(config->odr_hz);
  if (oversampling_code(config->pressure_oversampling) < 0) {
    snprintf(text, n, "pressure oversampling x%u is not 1, 2, 4, 8, 16 or 32", (unsigned)config->pressure_oversampling);
  } else if (oversampling_code(config->temperature_oversampling) < 0) {
    snprintf(text, n, "temperature oversampling x%u is not 1, 2, 4, 8, 16 or 32",
             (unsigned)config->temperature_oversampling);
  } else if (iir_code(config->iir_coefficient) < 0) {
    snprintf(text, n, "IIR coefficient %u is not 0, 1, 3, 7, 15, 31, 63 or 127", (unsigned)config->iir_coefficient);
  } else if (k < 0) {
    snprintf(text, n, "rate %s Hz is not 200 / 2^k Hz (200, 100, 50, 25, 12.5 ... 0.0015)", hz);
  } else {
    const uint32_t conversion_us =
        bmp388_conversion_time_us(config->pressure_oversampling, config->temperature_oversampling);
    const uint32_t period_us = 5000ul << k;
    if (conversion_us >= period_us) {
      snprintf(text, n, "rate %s Hz is too fast for pressure x%u, temperature x%u (conversion %lu us, period %lu us)",
               hz, (unsigned)config->pressure_oversampling, (unsigned)config->temperature_oversampling,
               (unsigned long)conversion_us, (unsigned long)period_us);
    }
  }
  if (problem && capacity > 0) snprintf(problem, capacity, "%s", text);
  return text[0] == '\0';
}

/* ---- compensation (datasheet appendix, floating point) ---- */

static uint16_t u16_le(const uint8_t* p) { return (uint16_t)(p[0] | ((uint16_t)p[1] << 8)); }
static int16_t s16_le(const uint8_t* p) { return (int16_t)u16_le(p); }
static float s8f(uint8_t byte) { return (float)(int8_t)byte; }

void bmp388_calibration_from_nvm(const uint8_t nvm[BMP388_NVM_BYTES], bmp388_calibration_t* c) {
  c->par_t1 = ldexpf((float)u16_le(&nvm[0]), 8);
  c->par_t2 = ldexpf((float)u16_le(&nvm[2]), -30);
  c->par_t3 = ldexpf(s8f(nvm[4]), -48);
  c->par_p1 = ldexpf((float)(s16_le(&nvm[5]) - 16384), -20);
  c->par_p2 = ldexpf((float)(s16_le(&nvm[7]) - 16384), -29);
  c->par_p3 = ldexpf(s8f(nvm[9]), -32);
  c->par_p4 = ldexpf(s8f(nvm[10]), -37);
  c->par_p5 = ldexpf((float)u16_le(&nvm[11]), 3);
  c->par_p6 = ldexpf((float)u16_le(&nvm[13]), -6);
  c->par_p7 = ldexpf(s8f(nvm[15]), -8);
  c->par_p8 = ldexpf(s8f(nvm[16]), -15);
  c->par_p9 = ldexpf((float)s16_le(&nvm[17]), -48);
  c->par_p10 = ldexpf(s8f(nvm[19]), -48);
  c->par_p11 = ldexpf(s8f(nvm[20]), -65);
}

float bmp388_compensate_temperature_c(const bmp388_calibration_t* c, uint32_t raw_temperature) {
  const float d1 = (float)raw_temperature - c->par_t1; /* exact: both below 2^24 */
  return d1 * c->par_t2 + d1 * d1 * c->par_t3;
}

float bmp388_compensate_pressure_pa(const bmp388_calibration_t* c, uint32_t raw_pressure, float temperature_c) {
  const float t = temperature_c, t2 = t * t, t3 = t2 * t;
  const float offset = c->par_p5 + c->par_p6 * t + c->par_p7 * t2 + c->par_p8 * t3;
  const float up = (float)raw_pressure;
  const float sensitivity = up * (c->par_p1 + c->par_p2 * t + c->par_p3 * t2 + c->par_p4 * t3);
  const float up2 = up * up;
  const float nonlinear = up2 * (c->par_p9 + c->par_p10 * t) + up2 * up * c->par_p11;
  return offset + sensitivity + nonlinear;
}

/* ---- bus ---- */

static bool read_registers(const bmp388_t* b, uint8_t reg, uint8_t* data, size_t length) {
  if (length > MAX_READ) return false;
  if (b->on_i2c) return b->i2c.write_read(b->i2c.context, b->i2c_address, &reg, 1, data, length);
  /* SPI: the address byte, then one dummy byte the chip sends before the data. */
  uint8_t tx[2 + MAX_READ];
  uint8_t rx[2 + MAX_READ];
  memset(tx, 0, sizeof tx);
  tx[0] = (uint8_t)(reg | SPI_READ);
  if (!b->spi.transfer(b->spi.context, tx, rx, length + 2)) return false;
  memcpy(data, rx + 2, length);
  return true;
}

static bool write_register(const bmp388_t* b, uint8_t reg, uint8_t value) {
  if (b->on_i2c) {
    const uint8_t tx[2] = {reg, value};
    return b->i2c.write_read(b->i2c.context, b->i2c_address, tx, 2, NULL, 0);
  }
  const uint8_t tx[2] = {(uint8_t)(reg & 0x7F), value};
  return b->spi.transfer(b->spi.context, tx, NULL, 2);
}

static bool finish_health(bmp388_t* b, bmp388_health_t health) {
  memcpy(b->message, "BMP388: ", 8);
  b->health = health;
  return health == BMP388_HEALTH_OK;
}

/* Sets the health and its message, "BMP388: " and the printf-style text after it; true for OK. */
#define set_health(b, health, ...) \
  (snprintf((b)->message + 8, sizeof(b)->message - 8, __VA_ARGS__), finish_health((b), (health)))

static bool bus_failure(bmp388_t* b) { return set_health(b, BMP388_HEALTH_NOT_ANSWERING, "not answering (bus error)"); }

static bool all_bytes(const uint8_t* data, size_t length, uint8_t value) {
  for (size_t i = 0; i < length; ++i) {
    if (data[i] != value) return false;
  }
  return true;
}

/* CHIP_ID: 0x00 and 0xFF are a silent bus (MISO or SDA held low, or floating high). */
static bool check_identity(bmp388_t* b) {
  uint8_t id = 0;
  if (!read_registers(b, REG_CHIP_ID, &id, 1)) return bus_failure(b);
  if (id == BMP388_CHIP_ID) return true;
  if (id == 0x00 || id == 0xFF) {
    return set_health(b, BMP388_HEALTH_NOT_ANSWERING, "not answering (reads 0x%02X)", (unsigned)id);
  }
  b->identity_read = id;
  return set_health(b, BMP388_HEALTH_WRONG_IDENTITY, "wrong identity 0x%02X (expected 0x%02X)", (unsigned)id,
                    (unsigned)BMP388_CHIP_ID);
}

/* The error register's bits by name, e.g. "0x05 (fatal, configuration)". */
static void describe_errors(char* text, size_t capacity, uint8_t err) {
  snprintf(text, capacity, "0x%02X (%s%s%s)", (unsigned)err, (err & ERR_FATAL) ? "fatal" : "",
           (err & ERR_CMD) ? ((err & ERR_FATAL) ? ", command" : "command") : "",
           (err & ERR_CONF) ? ((err & (ERR_FATAL | ERR_CMD)) ? ", configuration" : "configuration") : "");
}

static bool soft_reset(bmp388_t* b) {
  uint8_t status = 0, err = 0;
  char errors[48];
  if (!read_registers(b, REG_STATUS, &status, 1)) return bus_failure(b);
  if (!(status & STATUS_CMD_RDY)) {
    return set_health(b, BMP388_HEALTH_CHIP_ERROR, "not ready for a command (STATUS 0x%02X)", (unsigned)status);
  }
  if (!write_register(b, REG_CMD, CMD_SOFT_RESET)) return bus_failure(b);
  b->clock.delay_us(b->clock.context, WAIT_SOFT_RESET_US);
  if (!read_registers(b, REG_ERR, &err, 1)) return bus_failure(b);
  if (err & (ERR_FATAL | ERR_CMD)) {
    describe_errors(errors, sizeof errors, err);
    return set_health(b, BMP388_HEALTH_CHIP_ERROR, "soft reset failed, error register %s", errors);
  }
  return check_identity(b);
}

static bool read_calibration(bmp388_t* b) {
  uint8_t nvm[BMP388_NVM_BYTES];
  if (!read_registers(b, REG_NVM, nvm, sizeof nvm)) return bus_failure(b);
  if (all_bytes(nvm, sizeof nvm, nvm[0])) {
    return set_health(b, BMP388_HEALTH_CHIP_ERROR, "calibration NVM unusable (reads all 0x%02X)", (unsigned)nvm[0]);
  }
  if (u16_le(&nvm[0]) == 0 || u16_le(&nvm[2]) == 0) {
    return set_health(b, BMP388_HEALTH_CHIP_ERROR, "calibration NVM unusable (NVM_PAR_T1 %u, NVM_PAR_T2 %u)",
                      (unsigned)u16_le(&nvm[0]), (unsigned)u16_le(&nvm[2]));
  }
  bmp388_calibration_from_nvm(nvm, &b->calibration);
  return true;
}

static bool write_checked(bmp388_t* b, uint8_t reg, uint8_t value) {
  uint8_t back = 0;
  if (!write_register(b, reg, value)) return bus_failure(b);
  if (!read_registers(b, reg, &back, 1)) return bus_failure(b);
  if (back != value) {
    return set_health(b, BMP388_HEALTH_CHIP_ERROR, "register 0x%02X reads 0x%02X after writing 0x%02X", (unsigned)reg,
                      (unsigned)back, (unsigned)value);
  }
  return true;
}

static bool configure(bmp388_t* b) {
  const bmp388_config_t* c = &b->config;
  const uint8_t osr =
      (uint8_t)(oversampling_code(c->pressure_oversampling) | (oversampling_code(c->temperature_oversampling) << 3));
  if (!write_checked(b, REG_OSR, osr)) return false;
  if (!write_checked(b, REG_ODR, (uint8_t)odr_code(c->odr_hz))) return false;
  if (!write_checked(b, REG_CONFIG, (uint8_t)(iir_code(c->iir_coefficient) << 1))) return false;
  uint8_t power = 0, err = 0;
  char errors[48];
  if (!write_register(b, REG_PWR_CTRL, PWR_NORMAL_BOTH)) return bus_failure(b);
  if (!read_registers(b, REG_PWR_CTRL, &power, 1) || !read_registers(b, REG_ERR, &err, 1)) return bus_failure(b);
  if (power != PWR_NORMAL_BOTH || err != 0) {
    describe_errors(errors, sizeof errors, err);
    return set_health(b, BMP388_HEALTH_CHIP_ERROR, "normal mode refused (PWR_CTRL 0x%02X, error register %s)",
                      (unsigned)power, err ? errors : "0x00");
  }
  return true;
}

static bool start(bmp388_t* b, bus_clock_t clock, const bmp388_config_t* config) {
  char problem[BMP388_MESSAGE_CAPACITY - 8];
  b->clock = clock;
  b->config = *config;
  b->initialised = false;
  b->identical_samples = 0;
  b->identity_read = 0;
  if (!bmp388_config_check(config, problem, sizeof problem)) {
    return set_health(b, BMP388_HEALTH_CHIP_ERROR, "%s", problem);
  }
  if (!check_identity(b) || !soft_reset(b) || !read_calibration(b) || !configure(b)) return false;
  b->initialised = true;
  b->last_sample_us = clock.now_us(clock.context);
  return set_health(b, BMP388_HEALTH_OK, "ok");
}

bool bmp388_init_spi(bmp388_t* baro, bus_spi_t spi, bus_clock_t clock, const bmp388_config_t* config) {
  memset(baro, 0, sizeof *baro);
  baro->spi = spi;
  return start(baro, clock, config);
}

bool bmp388_init_i2c(bmp388_t* baro, bus_i2c_t i2c, uint8_t address_7bit, bus_clock_t clock,
                     const bmp388_config_t* config) {
  memset(baro, 0, sizeof *baro);
  baro->i2c = i2c;
  baro->i2c_address = address_7bit;
  baro->on_i2c = true;
  return start(baro, clock, config);
}

/* ---- periodic read ---- */

static uint32_t u24_le(const uint8_t* p) { return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16); }

static void assess(bmp388_t* b, const bmp388_sample_t* s) {
  const uint32_t raw[2] = {s->raw_pressure, s->raw_temperature};
  if (b->identical_samples > 0 && raw[0] == b->previous_raw[0] && raw[1] == b->previous_raw[1]) {
    if (b->identical_samples < UINT16_MAX) ++b->identical_samples;
  } else {
    b->identical_samples = 1;
    memcpy(b->previous_raw, raw, sizeof raw);
  }
  if (b->identical_samples >= BMP388_STUCK_SAMPLES) {
    set_health(b, BMP388_HEALTH_STUCK, "stuck (%u identical samples)", (unsigned)b->identical_samples);
  } else if (s->pressure_pa < BMP388_PRESSURE_MIN_PA - BMP388_PRESSURE_MARGIN_PA ||
             s->pressure_pa > BMP388_PRESSURE_MAX_PA + BMP388_PRESSURE_MARGIN_PA) {
    set_health(b, BMP388_HEALTH_OUT_OF_RANGE, "pressure %ld Pa outside the operating range %ld..%ld Pa",
               lroundf(s->pressure_pa), lroundf(BMP388_PRESSURE_MIN_PA), lroundf(BMP388_PRESSURE_MAX_PA));
  } else if (s->temperature_c < BMP388_TEMPERATURE_MIN_C - BMP388_TEMPERATURE_MARGIN_C ||
             s->temperature_c > BMP388_TEMPERATURE_MAX_C + BMP388_TEMPERATURE_MARGIN_C) {
    set_health(b, BMP388_HEALTH_OUT_OF_RANGE, "temperature %ld C outside the operating range %ld..%ld C",
               lroundf(s->temperature_c), lroundf(BMP388_TEMPERATURE_MIN_C), lroundf(BMP388_TEMPERATURE_MAX_C));
  } else {
    set_health(b, BMP388_HEALTH_OK, "ok");
  }
}

/* No data-ready: a chip that has produced nothing for BMP388_STALE_PERIODS output periods is stuck. */
static bmp388_read_t no_new_sample(bmp388_t* b, uint64_t now_us) {
  const uint64_t limit_us = (uint64_t)BMP388_STALE_PERIODS * (5000ull << odr_code(b->config.odr_hz));
  if (now_us - b->last_sample_us > limit_us) {
    set_health(b, BMP388_HEALTH_STUCK, "stuck (no new sample for %lu ms)", (unsigned long)(limit_us / 1000u));
  }
  return BMP388_READ_NONE;
}

bmp388_read_t bmp388_read(bmp388_t* b, bmp388_sample_t* sample) {
  uint8_t d[BURST_BYTES];
  char errors[48];
  if (!b->initialised) return BMP388_READ_FAILED;
  if (!read_registers(b, REG_ERR, d, sizeof d)) {
    bus_failure(b);
    return BMP388_READ_FAILED;
  }
  if (all_bytes(d, sizeof d, 0x00) || all_bytes(d, sizeof d, 0xFF)) {
    set_health(b, BMP388_HEALTH_NOT_ANSWERING, "not answering (reads 0x%02X)", (unsigned)d[0]);
    return BMP388_READ_FAILED;
  }
  if (d[0] & (ERR_FATAL | ERR_CMD | ERR_CONF)) {
    describe_errors(errors, sizeof errors, d[0]);
    set_health(b, BMP388_HEALTH_CHIP_ERROR, "error register %s", errors);
    return BMP388_READ_FAILED;
  }
  const uint64_t now_us = b->clock.now_us(b->clock.context);
  if ((d[1] & STATUS_DRDY_PRESS) == 0) return no_new_sample(b, now_us);
  memset(sample, 0, sizeof *sample);
  sample->time_us = now_us;
  sample->raw_pressure = u24_le(&d[2]);
  sample->raw_temperature = u24_le(&d[5]);
  sample->temperature_c = bmp388_compensate_temperature_c(&b->calibration, sample->raw_temperature);
  sample->pressure_pa = bmp388_compensate_pressure_pa(&b->calibration, sample->raw_pressure, sample->temperature_c);
  b->last_sample_us = now_us;
  assess(b, sample);
  return BMP388_READ_NEW;
}

bmp388_health_t bmp388_health(const bmp388_t* baro) { return baro->health; }

const char* bmp388_message(const bmp388_t* baro) { return baro->message; }
