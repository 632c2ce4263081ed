#include "firmware/chips/bmp388_model.h"

#include <math.h>
#include <string.h>

/* Register addresses, bits and reset values: BMP388 datasheet rev. 1.0, register map. */
enum {
  REG_CHIP_ID = 0x00,
  REG_REV_ID = 0x01,
  REG_ERR = 0x02,
  REG_STATUS = 0x03,
  REG_DATA = 0x04, /* pressure 0x04..0x06, temperature 0x07..0x09, xlsb first */
  REG_EVENT = 0x10,
  REG_PWR_CTRL = 0x1B,
  REG_OSR = 0x1C,
  REG_ODR = 0x1D,
  REG_CONFIG = 0x1F,
  REG_NVM = 0x31,
  REG_CMD = 0x7E,
  CHIP_ID = 0x50,
  ERR_FATAL = 0x01,
  ERR_CMD = 0x02,
  ERR_CONF = 0x04,
  STATUS_CMD_RDY = 0x10,
  DRDY_PRESS = 0x20,
  DRDY_TEMP = 0x40,
  MODE_MASK = 0x30,
  MODE_NORMAL = 0x30,
  CMD_SOFT_RESET = 0xB6,
  START_UP_US = 2000, /* datasheet: start-up time after power-on or soft reset */
  RAW_MAX = 0xFFFFFF
};

/* The NVM bytes 0x31..0x45 of a real BMP388 (published readout; see the header for the words). */
static const uint8_t kDefaultNvm[BMP388_NVM_BYTES] = {0x23, 0x6B, 0x58, 0x49, 0xF6, 0x5C, 0xFF, 0xCE, 0xF4, 0x23, 0x00,
                                                      0xEA, 0x63, 0x6E, 0x79, 0xF3, 0xF6, 0xAA, 0x43, 0x12, 0xC4};

static void reset_registers(bmp388_model_t* m) {
  memset(m->reg, 0, sizeof m->reg);
  m->reg[REG_CHIP_ID] = CHIP_ID;
  m->reg[REG_REV_ID] = 0x01;
  m->reg[REG_STATUS] = STATUS_CMD_RDY;
  m->reg[REG_DATA + 2] = 0x80; /* DATA_2 and DATA_5 reset to 0x80 */
  m->reg[REG_DATA + 5] = 0x80;
  m->reg[REG_EVENT] = 0x01; /* por_detected */
  m->reg[REG_OSR] = 0x02;
  memcpy(&m->reg[REG_NVM], m->nvm, sizeof m->nvm);
}

void bmp388_model_init(bmp388_model_t* model) {
  memset(model, 0, sizeof *model);
  model->pressure_pa = 101325.0f;
  model->temperature_c = 25.0f;
  memcpy(model->nvm, kDefaultNvm, sizeof kDefaultNvm);
  model->wrong_id = 0x60;
  model->i2c_address = 0x76;
  reset_registers(model);
}

/* ---- measurement: the compensation inverted ---- */

typedef struct {
  const bmp388_calibration_t* calibration;
  bool pressure;
  float temperature_c; /* for the pressure */
} raw_function_t;

static float evaluate(const raw_function_t* f, uint32_t raw) {
  return f->pressure ? bmp388_compensate_pressure_pa(f->calibration, raw, f->temperature_c)
                     : bmp388_compensate_temperature_c(f->calibration, raw);
}

/* The raw value in 0..2^24-1 whose compensated value is nearest `target`, by bisection over a
 * function monotonic in the raw value (increasing for temperature, decreasing for pressure with
 * real coefficients: the direction is taken from the ends). */
static uint32_t invert(const raw_function_t* f, float target) {
  uint32_t lo = 0, hi = RAW_MAX;
  const bool increasing = evaluate(f, hi) > evaluate(f, lo);
  while (hi - lo > 1u) {
    const uint32_t mid = lo + (hi - lo) / 2u;
    if ((evaluate(f, mid) < target) == increasing) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return fabsf(evaluate(f, lo) - target) <= fabsf(evaluate(f, hi) - target) ? lo : hi;
}

void bmp388_model_raw(const bmp388_model_t* model, float pressure_pa, float temperature_c, uint32_t* raw_pressure,
                      uint32_t* raw_temperature) {
  bmp388_calibration_t calibration;
  bmp388_calibration_from_nvm(model->nvm, &calibration);
  raw_function_t f = {&calibration, false, 0.0f};
  *raw_temperature = invert(&f, temperature_c);
  f.pressure = true;
  f.temperature_c = bmp388_compensate_temperature_c(&calibration, *raw_temperature);
  *raw_pressure = invert(&f, pressure_pa);
}

static void put_u24(uint8_t* p, uint32_t v) {
  p[0] = (uint8_t)(v & 0xFF);
  p[1] = (uint8_t)((v >> 8) & 0xFF);
  p[2] = (uint8_t)((v >> 16) & 0xFF);
}

static void measure(bmp388_model_t* m) {
  ++m->measurements;
  if (m->fault != BMP388_MODEL_FAULT_STUCK) {
    uint32_t raw_p = 0, raw_t = 0;
    bmp388_model_raw(m, m->pressure_pa, m->temperature_c, &raw_p, &raw_t);
    const uint8_t power = m->reg[REG_PWR_CTRL];
    if (power & 0x01) put_u24(&m->reg[REG_DATA], raw_p);
    if (power & 0x02) put_u24(&m->reg[REG_DATA + 3], raw_t);
  }
  m->reg[REG_STATUS] |=
      (uint8_t)(((m->reg[REG_PWR_CTRL] & 0x01) ? DRDY_PRESS : 0) | ((m->reg[REG_PWR_CTRL] & 0x02) ? DRDY_TEMP : 0));
}

/* ---- configuration ---- */

static uint32_t period_us(const bmp388_model_t* m) {
  const unsigned odr_sel = m->reg[REG_ODR] & 0x1F;
  return odr_sel <= 17u ? 5000ul << odr_sel : 0ul; /* codes above 17 are invalid */
}

/* Datasheet section 3.9.2: the longest conversion time with the enabled sensors. */
static uint32_t conversion_us(const bmp388_model_t* m) {
  const uint8_t power = m->reg[REG_PWR_CTRL], osr = m->reg[REG_OSR];
  uint32_t t = 234u;
  if (power & 0x01) t += 392u + (2020u << (osr & 0x07));
  if (power & 0x02) t += 163u + (2020u << ((osr >> 3) & 0x07));
  return t;
}

static void write_power(bmp388_model_t* m, uint8_t value) {
  const uint8_t mode = value & MODE_MASK;
  m->reg[REG_PWR_CTRL] = (uint8_t)(value & 0x33);
  if (mode == MODE_NORMAL) {
    const uint32_t period = period_us(m);
    if (period == 0u || conversion_us(m) >= period) {
      m->reg[REG_ERR] |= ERR_CONF;
      m->reg[REG_PWR_CTRL] &= (uint8_t)~MODE_MASK;
      return;
    }
    m->next_sample_us = m->now_us + conversion_us(m);
  } else if (mode != 0) {
    m->next_sample_us = m->now_us + conversion_us(m); /* forced: one measurement, then sleep */
  }
}

static void write_register(bmp388_model_t* m, uint8_t address, uint8_t value) {
  switch (address) {
    case REG_CMD:
      if (value == CMD_SOFT_RESET) {
        reset_registers(m);
        m->reset_until_us = m->now_us + START_UP_US;
      } else {
        m->reg[REG_ERR] |= ERR_CMD;
      }
      break;
    case REG_PWR_CTRL:
      write_power(m, value);
      break;
    case REG_OSR:
      m->reg[address] = value & 0x3F;
      break;
    case REG_ODR:
      m->reg[address] = value & 0x1F;
      break;
    case REG_CONFIG:
      m->reg[address] = value & 0x0E;
      break;
    default:
      break; /* read-only or not modelled */
  }
}

static uint8_t read_register(bmp388_model_t* m, uint8_t address) {
  uint8_t value = m->reg[address];
  if (address == REG_CHIP_ID && m->fault == BMP388_MODEL_FAULT_WRONG_ID) value = m->wrong_id;
  if (address == REG_ERR && m->fault == BMP388_MODEL_FAULT_FATAL) value |= ERR_FATAL;
  if (address == REG_ERR) m->reg[REG_ERR] &= (uint8_t) ~(ERR_CMD | ERR_CONF); /* cleared on read */
  if (address == REG_EVENT) m->reg[REG_EVENT] = 0;
  if (address >= REG_DATA && address < REG_DATA + 3) m->reg[REG_STATUS] &= (uint8_t)~DRDY_PRESS;
  if (address >= REG_DATA + 3 && address < REG_DATA + 6) m->reg[REG_STATUS] &= (uint8_t)~DRDY_TEMP;
  return value;
}

/* ---- bus ---- */

static bool silent(const bmp388_model_t* m) {
  return m->fault == BMP388_MODEL_FAULT_NO_ANSWER || m->now_us < m->reset_until_us;
}

bool bmp388_model_transfer(void* context, const uint8_t* tx, uint8_t* rx, size_t length) {
  bmp388_model_t* m = (bmp388_model_t*)context;
  ++m->transfers;
  if (m->fault == BMP388_MODEL_FAULT_BUS_ERROR) return false;
  m->spi_selected = true; /* chip select low once: SPI until power-off */
  if (length == 0) return true;
  if (silent(m)) {
    if (rx) memset(rx, m->fault == BMP388_MODEL_FAULT_NO_ANSWER ? 0xFF : 0x00, length);
    return true;
  }
  const uint8_t address = (uint8_t)(tx[0] & 0x7F);
  if (tx[0] & 0x80) {
    if (!rx) return true;
    rx[0] = 0xFF;
    if (length > 1) rx[1] = 0xFF; /* the dummy byte */
    for (size_t i = 2; i < length; ++i) rx[i] = read_register(m, (uint8_t)((address + i - 2) & 0x7F));
  } else {
    if (rx) memset(rx, 0xFF, length);
    for (size_t i = 0; i + 1 < length; i += 2) write_register(m, (uint8_t)(tx[i] & 0x7F), tx[i + 1]);
  }
  return true;
}

bool bmp388_model_write_read(void* context, uint8_t address_7bit, const uint8_t* tx, size_t tx_length, uint8_t* rx,
                             size_t rx_length) {
  bmp388_model_t* m = (bmp388_model_t*)context;
  ++m->transfers;
  if (m->fault == BMP388_MODEL_FAULT_BUS_ERROR || m->fault == BMP388_MODEL_FAULT_NO_ANSWER) return false;
  if (m->spi_selected || address_7bit != m->i2c_address || m->now_us < m->reset_until_us) return false; /* NACK */
  if (tx_length == 0) return rx_length == 0;
  for (size_t i = 0; i + 1 < tx_length; i += 2) write_register(m, (uint8_t)(tx[i] & 0x7F), tx[i + 1]);
  if (tx_length == 1) {
    for (size_t i = 0; i < rx_length; ++i) rx[i] = read_register(m, (uint8_t)((tx[0] + i) & 0x7F));
  }
  return true;
}

bus_spi_t bmp388_model_spi(bmp388_model_t* model) {
  bus_spi_t spi = {bmp388_model_transfer, model};
  return spi;
}

bus_i2c_t bmp388_model_i2c(bmp388_model_t* model) {
  bus_i2c_t i2c = {bmp388_model_write_read, model};
  return i2c;
}

/* ---- time ---- */

void bmp388_model_advance_us(bmp388_model_t* m, uint64_t microseconds) {
  const uint64_t end_us = m->now_us + microseconds;
  while ((m->reg[REG_PWR_CTRL] & MODE_MASK) != 0 && m->next_sample_us <= end_us) {
    m->now_us = m->next_sample_us;
    measure(m);
    if ((m->reg[REG_PWR_CTRL] & MODE_MASK) == MODE_NORMAL) {
      m->next_sample_us += period_us(m);
    } else {
      m->reg[REG_PWR_CTRL] &= (uint8_t)~MODE_MASK; /* forced mode done: back to sleep */
    }
  }
  m->now_us = end_us;
}
