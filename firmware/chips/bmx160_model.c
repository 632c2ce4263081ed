#include "firmware/chips/bmx160_model.h"

#include <math.h>
#include <string.h>

/* Register addresses and reset values: BMX160 datasheet rev. 1.2, register descriptions. */
enum {
  REG_CHIP_ID = 0x00,
  REG_ERR = 0x02,
  REG_PMU_STATUS = 0x03,
  REG_DATA_MAG = 0x04,
  REG_DATA_GYR = 0x0C,
  REG_DATA_ACC = 0x12,
  REG_SENSORTIME = 0x18,
  REG_STATUS = 0x1B,
  REG_ACC_CONF = 0x40,
  REG_ACC_RANGE = 0x41,
  REG_GYR_CONF = 0x42,
  REG_GYR_RANGE = 0x43,
  REG_MAG_CONF = 0x44,
  REG_MAG_IF_CONFIG = 0x4C,
  REG_MAG_IF_READ = 0x4D,
  REG_MAG_IF_WRITE = 0x4E,
  REG_MAG_IF_DATA = 0x4F,
  REG_CMD = 0x7E,
  CHIP_ID = 0xD8,
  DRDY_ACC = 0x80,
  DRDY_GYR = 0x40,
  DRDY_MAG = 0x20,
  STATUS_NVM_RDY = 0x10,
  STATUS_MAG_MAN_OP = 0x04,
  ERR_DROP_CMD = 0x40,
  PMU_SUSPEND = 0,
  PMU_NORMAL = 1,
  BMM_FIRST = 0x40,
  BMM_LAST = 0x71
};
/* Times in microseconds: soft reset (Bosch's SensorAPI waits 1 ms), the PMU start-ups (BMX160
 * datasheet Table 29: accelerometer 3.8 ms, gyroscope 80 ms, MAG_IF 0.5 ms), writes while no
 * sensor is in normal mode (450 us apart, BMI160 datasheet), a manual MAG_IF access (our figure for
 * the internal I2C transfer of up to 8 bytes: 250 us). */
enum {
  RESET_US = 1000,
  ACC_START_US = 3800,
  GYR_START_US = 80000,
  MAG_IF_START_US = 500,
  SUSPEND_WRITE_SPACING_US = 450,
  MAG_OP_US = 250
};

static const double kStandardGravity_mps2 = 9.80665;
static const double kDegPerRad = 57.29577951308232;

/* ---- the BMM150 ---- */

static uint8_t* bmm_reg(bmx160_model_t* m, uint8_t address) { return &m->bmm[address - BMM_FIRST]; }

static void put_u16(uint8_t* p, uint16_t v) {
  p[0] = (uint8_t)(v & 0xFF);
  p[1] = (uint8_t)(v >> 8);
}

static void bmm_write_trims(bmx160_model_t* m) {
  const bmm150_trim_t* t = &m->trim;
  *bmm_reg(m, 0x5D) = (uint8_t)t->dig_x1;
  *bmm_reg(m, 0x5E) = (uint8_t)t->dig_y1;
  put_u16(bmm_reg(m, 0x62), (uint16_t)t->dig_z4);
  *bmm_reg(m, 0x64) = (uint8_t)t->dig_x2;
  *bmm_reg(m, 0x65) = (uint8_t)t->dig_y2;
  put_u16(bmm_reg(m, 0x68), (uint16_t)t->dig_z2);
  put_u16(bmm_reg(m, 0x6A), t->dig_z1);
  put_u16(bmm_reg(m, 0x6C), (uint16_t)(t->dig_xyz1 & 0x7FFF));
  put_u16(bmm_reg(m, 0x6E), (uint16_t)t->dig_z3);
  *bmm_reg(m, 0x70) = (uint8_t)t->dig_xy2;
  *bmm_reg(m, 0x71) = t->dig_xy1;
}

/* BMM150 datasheet 5.2: reset values; power control bit 0 (suspend) after power-on. */
static void bmm_reset(bmx160_model_t* m, bool keep_power) {
  const uint8_t power = *bmm_reg(m, 0x4B) & 0x01;
  memset(m->bmm, 0, sizeof m->bmm);
  *bmm_reg(m, 0x4B) = keep_power ? power : 0x00;
  *bmm_reg(m, 0x4C) = 0x06; /* sleep */
  *bmm_reg(m, 0x4D) = 0x3F;
  *bmm_reg(m, 0x4E) = 0x07;
}

/* The raw x (or y) count whose compensation (bmm150_compensation.h) is `field_uT`. */
static int16_t inverse_xy(const bmm150_trim_t* t, double field_uT, uint16_t rhall, int8_t dig_1, int8_t dig_2) {
  const double r = (double)t->dig_xyz1 * 16384.0 / (double)rhall - 16384.0;
  const double k =
      ((double)t->dig_xy2 * (r * r / 268435456.0) + r * (double)t->dig_xy1 / 16384.0 + 256.0) * ((double)dig_2 + 160.0);
  const double raw = round((16.0 * field_uT - 8.0 * (double)dig_1) * 8192.0 / k);
  if (!(raw >= -4095.0 && raw <= 4095.0)) return BMM150_XY_OVERFLOW;
  return (int16_t)raw;
}

static int16_t inverse_z(const bmm150_trim_t* t, double field_uT, uint16_t rhall) {
  const double denominator = ((double)t->dig_z2 + (double)t->dig_z1 * (double)rhall / 32768.0) * 4.0;
  const double raw =
      round((double)t->dig_z4 +
            (16.0 * field_uT * denominator + (double)t->dig_z3 * ((double)rhall - (double)t->dig_xyz1)) / 131072.0);
  if (!(raw >= -16383.0 && raw <= 16383.0)) return BMM150_Z_OVERFLOW;
  return (int16_t)raw;
}

bool bmx160_model_bmm150_measure(const bmx160_model_t* model, const float field_uT[3], bmm150_raw_t* raw) {
  const bmm150_trim_t* t = &model->trim;
  raw->x = inverse_xy(t, field_uT[0], model->rhall, t->dig_x1, t->dig_x2);
  raw->y = inverse_xy(t, field_uT[1], model->rhall, t->dig_y1, t->dig_y2);
  raw->z = inverse_z(t, field_uT[2], model->rhall);
  raw->rhall = model->rhall;
  return raw->x != BMM150_XY_OVERFLOW && raw->y != BMM150_XY_OVERFLOW && raw->z != BMM150_Z_OVERFLOW;
}

/* A forced measurement: data registers 0x42..0x49 (BMM150 datasheet 5.4). */
static void bmm_measure(bmx160_model_t* m) {
  const float field_uT[3] = {100.0f * m->field_gauss[0], 100.0f * m->field_gauss[1], 100.0f * m->field_gauss[2]};
  bmm150_raw_t raw;
  bmx160_model_bmm150_measure(m, field_uT, &raw);
  const int16_t x = raw.x, y = raw.y, z = raw.z;
  uint8_t* d = bmm_reg(m, 0x42);
  d[0] = (uint8_t)(((uint16_t)x & 0x1F) << 3);
  d[1] = (uint8_t)(((uint16_t)x >> 5) & 0xFF);
  d[2] = (uint8_t)(((uint16_t)y & 0x1F) << 3);
  d[3] = (uint8_t)(((uint16_t)y >> 5) & 0xFF);
  d[4] = (uint8_t)(((uint16_t)z & 0x7F) << 1);
  d[5] = (uint8_t)(((uint16_t)z >> 7) & 0xFF);
  d[6] = (uint8_t)(((m->rhall & 0x3F) << 2) | 0x01); /* bit 0: data ready */
  d[7] = (uint8_t)((m->rhall >> 6) & 0xFF);
}

static uint8_t bmm_read(bmx160_model_t* m, uint8_t address) {
  if (address < BMM_FIRST || address > BMM_LAST) return 0x00;
  if (address != 0x4B && (*bmm_reg(m, 0x4B) & 0x01) == 0) return 0x00; /* suspend: only 0x4B answers */
  if (address == 0x40) return m->bmm150_id;
  return *bmm_reg(m, address);
}

static void bmm_write(bmx160_model_t* m, uint8_t address, uint8_t value) {
  if (address == 0x4B) {
    if ((value & 0x82) == 0x82) bmm_reset(m, true);
    *bmm_reg(m, 0x4B) = (uint8_t)(value & 0x01);
    return;
  }
  if ((*bmm_reg(m, 0x4B) & 0x01) == 0) return;
  if (address < 0x4C || address > 0x52) return; /* read-only data, trims and reserved registers */
  *bmm_reg(m, address) = value;
  if (address == 0x4C && ((value >> 1) & 0x03) == 0x01) {
    bmm_measure(m);
    *bmm_reg(m, 0x4C) = (uint8_t)(value | 0x06); /* back to sleep once measured */
  }
}

/* ---- the BMX160 ---- */

static void reset_registers(bmx160_model_t* m) {
  memset(m->reg, 0, sizeof m->reg);
  m->reg[REG_CHIP_ID] = CHIP_ID;
  m->reg[REG_ACC_CONF] = 0x28;
  m->reg[REG_ACC_RANGE] = 0x03;
  m->reg[REG_GYR_CONF] = 0x28;
  m->reg[REG_GYR_RANGE] = 0x00;
  m->reg[REG_MAG_CONF] = 0x0B;
  m->reg[REG_MAG_IF_CONFIG] = 0x80;
  memset(&m->acc, 0, sizeof m->acc);
  memset(&m->gyr, 0, sizeof m->gyr);
  memset(&m->mag_if, 0, sizeof m->mag_if);
  memset(&m->mag_op, 0, sizeof m->mag_op);
  m->drdy = 0;
  m->mag_copy_pending = false;
  m->written_once = false;
  m->spi_selected = false; /* back to I2C until the next rising CSB edge */
}

void bmx160_model_init(bmx160_model_t* model) {
  memset(model, 0, sizeof *model);
  const bmm150_trim_t trim = {.dig_x1 = 0,
                              .dig_y1 = 0,
                              .dig_x2 = 28,
                              .dig_y2 = 28,
                              .dig_z1 = 22792,
                              .dig_z2 = 736,
                              .dig_z3 = 0,
                              .dig_z4 = 0,
                              .dig_xy1 = 29,
                              .dig_xy2 = -3,
                              .dig_xyz1 = 6806};
  model->trim = trim;
  model->rhall = 7080;
  model->bmm150_id = BMM150_CHIP_ID;
  model->wrong_id = 0xD1;
  model->no_answer_byte = 0xFF;
  reset_registers(model);
  bmm_reset(model, false);
  bmm_write_trims(model);
}

static uint8_t pmu_status(const bmx160_model_t* m) {
  return (uint8_t)((m->acc.mode << 4) | (m->gyr.mode << 2) | m->mag_if.mode);
}

static uint8_t read_register(const bmx160_model_t* m, uint8_t address) {
  switch (address) {
    case REG_CHIP_ID:
      return m->fault == BMX160_MODEL_FAULT_WRONG_ID ? m->wrong_id : CHIP_ID;
    case REG_PMU_STATUS:
      return pmu_status(m);
    case REG_STATUS:
      return (uint8_t)(m->drdy | STATUS_NVM_RDY | (m->mag_op.pending ? STATUS_MAG_MAN_OP : 0));
    case REG_CMD:
      return 0x00;
    default:
      return m->reg[address & 0x7F];
  }
}

static void start_pmu(bmx160_model_t* m, bmx160_model_pmu_t* p, uint8_t mode, uint32_t start_us) {
  if (m->acc.pending || m->gyr.pending || m->mag_if.pending) {
    m->reg[REG_ERR] |= ERR_DROP_CMD; /* a command while another is still running */
    return;
  }
  if (mode == PMU_SUSPEND) {
    p->mode = mode;
    return;
  }
  p->target = mode;
  p->pending = true;
  p->ready_at_us = m->now_us + start_us;
}

static void command(bmx160_model_t* m, uint8_t value) {
  if (value == 0xB6) {
    reset_registers(m);
    m->reset_done_us = m->now_us + RESET_US;
  } else if (value >= 0x10 && value <= 0x12) {
    start_pmu(m, &m->acc, (uint8_t)(value - 0x10), ACC_START_US);
  } else if (value == 0x14 || value == 0x15 || value == 0x17) {
    start_pmu(m, &m->gyr, (uint8_t)(value - 0x14), GYR_START_US);
  } else if (value >= 0x18 && value <= 0x1A) {
    start_pmu(m, &m->mag_if, (uint8_t)(value - 0x18), MAG_IF_START_US);
  }
}

static void start_mag_op(bmx160_model_t* m, bool is_read, uint8_t address) {
  static const uint8_t kBurst[4] = {1, 2, 6, 8};
  if (!(m->reg[REG_MAG_IF_CONFIG] & 0x80) || m->mag_if.mode != PMU_NORMAL || m->mag_op.pending) return;
  m->mag_op.pending = true;
  m->mag_op.is_read = is_read;
  m->mag_op.address = address;
  m->mag_op.value = m->reg[REG_MAG_IF_DATA];
  m->mag_op.length = kBurst[m->reg[REG_MAG_IF_CONFIG] & 0x03];
  m->mag_op.done_at_us = m->now_us + MAG_OP_US;
}

static void write_register(bmx160_model_t* m, uint8_t address, uint8_t value) {
  const bool low_power = m->acc.mode != PMU_NORMAL && m->gyr.mode != PMU_NORMAL && m->mag_if.mode != PMU_NORMAL;
  if (low_power && m->written_once && m->now_us - m->last_write_us < SUSPEND_WRITE_SPACING_US) {
    ++m->writes_lost;
    m->last_write_us = m->now_us;
    return;
  }
  m->last_write_us = m->now_us;
  m->written_once = true;
  if (address == REG_CMD) {
    command(m, value);
  } else if (address >= REG_ACC_CONF && address <= 0x7D) {
    m->reg[address] = value;
    if (address == REG_MAG_IF_READ) start_mag_op(m, true, value);
    if (address == REG_MAG_IF_WRITE) start_mag_op(m, false, value);
  }
}

static bool overlaps(uint8_t first, size_t count, uint8_t lo, uint8_t hi) {
  return first <= hi && (size_t)first + count > lo;
}

bool bmx160_model_transfer(void* context, const uint8_t* tx, uint8_t* rx, size_t length) {
  bmx160_model_t* m = (bmx160_model_t*)context;
  ++m->transfers;
  if (m->fault == BMX160_MODEL_FAULT_BUS_ERROR) return false;
  if (length == 0) return true;
  const bool resetting = m->now_us < m->reset_done_us;
  if (m->fault == BMX160_MODEL_FAULT_NO_ANSWER || resetting || !m->spi_selected) {
    if (rx) memset(rx, m->fault == BMX160_MODEL_FAULT_NO_ANSWER ? m->no_answer_byte : 0xFF, length);
    if (!resetting && m->fault != BMX160_MODEL_FAULT_NO_ANSWER) m->spi_selected = true; /* CSB rose */
    return true;
  }
  const uint8_t address = (uint8_t)(tx[0] & 0x7F);
  const size_t count = length - 1;
  if (tx[0] & 0x80) {
    if (!rx) return true;
    rx[0] = 0x00;
    for (size_t i = 0; i < count; ++i) rx[1 + i] = read_register(m, (uint8_t)((address + i) & 0x7F));
    if (overlaps(address, count, 0x04, 0x0B)) m->drdy &= (uint8_t)~DRDY_MAG;
    if (overlaps(address, count, 0x0C, 0x11)) m->drdy &= (uint8_t)~DRDY_GYR;
    if (overlaps(address, count, 0x12, 0x17)) m->drdy &= (uint8_t)~DRDY_ACC;
  } else {
    if (rx) memset(rx, 0, length);
    for (size_t i = 0; i < count; ++i) write_register(m, (uint8_t)((address + i) & 0x7F), tx[1 + i]);
  }
  return true;
}

bus_spi_t bmx160_model_spi(bmx160_model_t* model) {
  bus_spi_t spi = {bmx160_model_transfer, model};
  return spi;
}

/* ---- time ---- */

static void finish_pmu(bmx160_model_pmu_t* p, uint64_t now_us) {
  if (p->pending && now_us >= p->ready_at_us) {
    p->mode = p->target;
    p->pending = false;
  }
}

/* Sensor-time counts (39.0625 us = 1/25600 s) between samples at ODR code `code`: 100 Hz is 0x08,
 * each step doubles or halves the rate; 0 for a reserved code. */
static uint64_t period_ticks(uint8_t code) {
  if (code < 1 || code > 13) return 0;
  return code <= 8 ? (256u << (8 - code)) : (256u >> (code - 8));
}

static bool due(uint64_t ticks, uint8_t code, uint64_t* last_sample) {
  const uint64_t period = period_ticks(code);
  if (period == 0) return false;
  const uint64_t index = ticks / period;
  if (index == *last_sample) return false;
  *last_sample = index;
  return true;
}

static int16_t quantise(double value, double counts_per_unit) {
  const double c = round(value * counts_per_unit);
  if (!(c == c)) return 0;
  if (c > 32767.0) return 32767;
  if (c < -32768.0) return -32768;
  return (int16_t)c;
}

static double accel_range_g(uint8_t code) {
  switch (code & 0x0F) {
    case 0x05:
      return 4.0;
    case 0x08:
      return 8.0;
    case 0x0C:
      return 16.0;
    default:
      return 2.0; /* 0x03, and the reserved codes */
  }
}

static void write_axes(bmx160_model_t* m, uint8_t first, const float v[3], double counts_per_unit) {
  for (int i = 0; i < 3; ++i) {
    const int16_t c = (int16_t)(m->fault == BMX160_MODEL_FAULT_SATURATED ? 32767 : quantise(v[i], counts_per_unit));
    put_u16(&m->reg[first + 2 * i], (uint16_t)c);
  }
}

static void take_samples(bmx160_model_t* m, uint64_t ticks) {
  const bool frozen = m->fault == BMX160_MODEL_FAULT_STUCK;
  if (m->acc.mode == PMU_NORMAL && due(ticks, m->reg[REG_ACC_CONF] & 0x0F, &m->acc_sample)) {
    const double range_g = accel_range_g(m->reg[REG_ACC_RANGE]);
    if (!frozen) write_axes(m, REG_DATA_ACC, m->specific_force_mps2, 32768.0 / (range_g * kStandardGravity_mps2));
    m->drdy |= DRDY_ACC;
  }
  if (m->gyr.mode == PMU_NORMAL && due(ticks, m->reg[REG_GYR_CONF] & 0x0F, &m->gyr_sample)) {
    const uint8_t code = m->reg[REG_GYR_RANGE] & 0x07;
    const double range_dps = 2000.0 / (double)(1u << (code <= 4 ? code : 0));
    if (!frozen) write_axes(m, REG_DATA_GYR, m->rate_radps, 32800.0 / range_dps * kDegPerRad);
    m->drdy |= DRDY_GYR;
  }
  const bool data_mode = (m->reg[REG_MAG_IF_CONFIG] & 0x80) == 0;
  if (m->mag_if.mode == PMU_NORMAL && data_mode && due(ticks, m->reg[REG_MAG_CONF] & 0x0F, &m->mag_sample)) {
    m->mag_copy_pending = true; /* the internal I2C transfer takes MAG_OP_US */
    m->mag_copy_at_us = m->now_us + MAG_OP_US;
  }
}

/* Data mode's transfer: the forced-mode trigger, then the burst from the read address. */
static void finish_mag_copy(bmx160_model_t* m) {
  static const uint8_t kBurst[4] = {1, 2, 6, 8};
  m->mag_copy_pending = false;
  if (m->mag_if.mode != PMU_NORMAL || (m->reg[REG_MAG_IF_CONFIG] & 0x80)) return;
  bmm_write(m, m->reg[REG_MAG_IF_WRITE], m->reg[REG_MAG_IF_DATA]);
  for (uint8_t i = 0; i < kBurst[m->reg[REG_MAG_IF_CONFIG] & 0x03] && m->fault != BMX160_MODEL_FAULT_STUCK; ++i) {
    m->reg[REG_DATA_MAG + i] = bmm_read(m, (uint8_t)(m->reg[REG_MAG_IF_READ] + i));
  }
  m->drdy |= DRDY_MAG;
}

void bmx160_model_advance_us(bmx160_model_t* model, uint64_t microseconds) {
  bmx160_model_t* m = model;
  m->now_us += microseconds;
  finish_pmu(&m->acc, m->now_us);
  finish_pmu(&m->gyr, m->now_us);
  finish_pmu(&m->mag_if, m->now_us);
  if (m->mag_op.pending && m->now_us >= m->mag_op.done_at_us) {
    m->mag_op.pending = false;
    if (m->mag_op.is_read) {
      for (uint8_t i = 0; i < m->mag_op.length; ++i) {
        m->reg[REG_DATA_MAG + i] = bmm_read(m, (uint8_t)(m->mag_op.address + i));
      }
    } else {
      bmm_write(m, m->mag_op.address, m->mag_op.value);
    }
  }
  if (m->mag_copy_pending && m->now_us >= m->mag_copy_at_us) finish_mag_copy(m);
  const uint64_t ticks = m->now_us * 16u / 625u;
  m->reg[REG_SENSORTIME] = (uint8_t)(ticks & 0xFF);
  m->reg[REG_SENSORTIME + 1] = (uint8_t)((ticks >> 8) & 0xFF);
  m->reg[REG_SENSORTIME + 2] = (uint8_t)((ticks >> 16) & 0xFF);
  take_samples(m, ticks);
}
