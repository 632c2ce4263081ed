/* Bosch BMP388 barometric pressure sensor on SPI (or I2C).
 *
 * Sources: BMP388 datasheet BST-BMP388-DS001, revision 1.0 (January 2018): the register map
 * (CHIP_ID 0x50, ERR_REG, STATUS, DATA 0x04..0x09, PWR_CTRL, OSR, ODR, CONFIG, the calibration
 * NVM 0x31..0x45, CMD), the SPI protocol (a read returns one dummy byte after the address byte
 * before the data; the I2C read has none), the interface selection (a chip select pulled low
 * once selects SPI until the next power-on), the measurement time in normal mode (section 3.9.2)
 * and the appendix "computation formulae" (the NVM coefficients turned into floating point by
 * powers of two, and the floating-point temperature and pressure compensation). Bosch's
 * BMP3_SensorAPI (BSD-3) confirms the coefficient widths and signs; we wrote our own code.
 * docs/design/barometer_battery.md explains the choices.
 *
 * Use: bmp388_config_check, then bmp388_init_spi (or bmp388_init_i2c) once at start-up (it waits
 * about 5 ms through the clock), then bmp388_read from the loop: it never waits, one bus
 * transaction per call (ERR_REG, STATUS and the six data bytes in one burst).
 *
 * Units: pressure in Pa, temperature in degrees Celsius (the die's temperature, not the air's).
 *
 * Health (bmp388_health_t) and its message, for STATUSTEXT and the station's Board tab:
 *   OK             "BMP388: ok"
 *   NOT_ANSWERING  "BMP388: not answering (reads 0xFF)", "(reads 0x00)", "(bus error)"
 *   WRONG_IDENTITY "BMP388: wrong identity 0x60 (expected 0x50)"
 *   CHIP_ERROR     "BMP388: error register 0x01 (fatal)" (the bits named: fatal, command,
 *                  configuration), "BMP388: soft reset failed, error register 0x02 (command)",
 *                  "BMP388: not ready for a command (STATUS 0x00)", "BMP388: calibration NVM unusable (reads all
 * 0x00)", "BMP388: register 0x1C reads 0x02 after writing 0x03", "BMP388: normal mode refused (PWR_CTRL 0x03, error
 * register 0x04 (configuration))", or the config's own problem ("BMP388: rate 200 Hz is too fast for pressure x8,
 * temperature x1 (conversion 18969 us, period 5000 us)") STUCK          "BMP388: stuck (10 identical samples)",
 * "BMP388: stuck (no new sample for 200 ms)" OUT_OF_RANGE   "BMP388: pressure 29012 Pa outside the operating range
 * 30000..125000 Pa", "BMP388: temperature -45 C outside the operating range -40..85 C" NOT_ANSWERING, WRONG_IDENTITY
 * and CHIP_ERROR from an init stay until the next init; the others describe the latest read and clear when a good
 * sample arrives. */
#ifndef NAVIGATOR_DRIVERS_BMP388_H
#define NAVIGATOR_DRIVERS_BMP388_H

#include "firmware/drivers/bus.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  BMP388_CHIP_ID = 0x50,
  BMP388_NVM_BYTES = 21, /* 0x31..0x45 */
  /* Identical raw pressure + temperature samples in a row that make the chip "stuck". One count
   * of raw pressure is about 0.016 Pa (the compensation's slope with typical coefficients): the
   * chip's own noise and the air's fluctuations move it by several counts between samples even
   * through the IIR filter, and the raw temperature must repeat as well, so ten identical 24-bit
   * pairs (0.2 s at 50 Hz) are what a frozen data path gives, not a quiet room. */
  BMP388_STUCK_SAMPLES = 10,
  /* Output periods without data-ready after which a chip is stuck (it left normal mode, e.g.
   * after a brown-out reset, or stopped converting). */
  BMP388_STALE_PERIODS = 10,
  BMP388_MESSAGE_CAPACITY = 160
};

/* The operating range (datasheet, "operating conditions": 300..1250 hPa, -40..+85 C). A reading
 * is out of range only beyond these by more than the chip's absolute accuracy (0.5 hPa, 0.5 C),
 * so that a pressure right at the edge is not a fault because of its last digit. */
#define BMP388_PRESSURE_MIN_PA 30000.0f
#define BMP388_PRESSURE_MAX_PA 125000.0f
#define BMP388_PRESSURE_MARGIN_PA 50.0f
#define BMP388_TEMPERATURE_MIN_C (-40.0f)
#define BMP388_TEMPERATURE_MAX_C 85.0f
#define BMP388_TEMPERATURE_MARGIN_C 0.5f

typedef enum {
  BMP388_HEALTH_OK = 0,
  BMP388_HEALTH_NOT_ANSWERING,
  BMP388_HEALTH_WRONG_IDENTITY,
  BMP388_HEALTH_CHIP_ERROR,
  BMP388_HEALTH_STUCK,
  BMP388_HEALTH_OUT_OF_RANGE
} bmp388_health_t;

typedef struct {
  uint8_t pressure_oversampling;    /* 1, 2, 4, 8, 16 or 32 (OSR osr_p) */
  uint8_t temperature_oversampling; /* 1, 2, 4, 8, 16 or 32 (OSR osr_t) */
  float odr_hz;                     /* 200 / 2^k, k = 0..17: 200, 100, 50, 25, 12.5, ... (ODR odr_sel = k) */
  uint8_t iir_coefficient;          /* 0 (off), 1, 3, 7, 15, 31, 63 or 127 (CONFIG iir_filter) */
} bmp388_config_t;

/* The datasheet's recommended settings for a drone (its table of settings by use case, "standard
 * resolution"): pressure x8, temperature x1, IIR filter setting 2 (coefficient 3), 50 Hz. */
bmp388_config_t bmp388_config_default(void);

/* The longest conversion of one pressure + temperature measurement in microseconds (datasheet
 * section 3.9.2): 234 + (392 + 2^osr_p * 2020) + (163 + 2^osr_t * 2020). */
uint32_t bmp388_conversion_time_us(uint8_t pressure_oversampling, uint8_t temperature_oversampling);

/* True when every field holds an allowed value and the conversion fits in the output period
 * (the chip refuses normal mode with ERR_REG conf_err otherwise); else false with `problem`
 * (capacity bytes, may be NULL) naming the field and its value. With both sensors enabled the
 * fastest rates are: x1 200 Hz, x2 100 Hz, x4 and x8 50 Hz, x16 25 Hz, x32 12.5 Hz (pressure
 * oversampling, temperature x1). */
bool bmp388_config_check(const bmp388_config_t* config, char* problem, size_t capacity);

/* The calibration coefficients in floating point (datasheet appendix, "calibration coefficient"). */
typedef struct {
  float par_t1, par_t2, par_t3;
  float par_p1, par_p2, par_p3, par_p4, par_p5, par_p6, par_p7, par_p8, par_p9, par_p10, par_p11;
} bmp388_calibration_t;

/* Converts the 21 NVM bytes (0x31..0x45, little-endian words) to the coefficients: T1 * 2^8,
 * T2 / 2^30, T3 / 2^48, (P1 - 2^14) / 2^20, (P2 - 2^14) / 2^29, P3 / 2^32, P4 / 2^37, P5 * 2^3,
 * P6 / 2^6, P7 / 2^8, P8 / 2^15, P9 / 2^48, P10 / 2^48, P11 / 2^65 (T1, T2, P5, P6 unsigned 16-bit;
 * P1, P2, P9 signed 16-bit; the rest signed 8-bit). */
void bmp388_calibration_from_nvm(const uint8_t nvm[BMP388_NVM_BYTES], bmp388_calibration_t* calibration);

/* The datasheet's floating-point compensation of the 24-bit raw temperature and pressure:
 * temperature in degrees C (t_lin) first, then pressure in Pa from it. */
float bmp388_compensate_temperature_c(const bmp388_calibration_t* calibration, uint32_t raw_temperature);
float bmp388_compensate_pressure_pa(const bmp388_calibration_t* calibration, uint32_t raw_pressure,
                                    float temperature_c);

typedef struct {
  uint64_t time_us; /* the clock's time at the read that brought it */
  float pressure_pa;
  float temperature_c;
  uint32_t raw_pressure; /* 24 bits, DATA 0x04..0x06 */
  uint32_t raw_temperature;
} bmp388_sample_t;

typedef struct {
  bus_spi_t spi;
  bus_i2c_t i2c;
  uint8_t i2c_address; /* 0x76 (SDO low) or 0x77 */
  bool on_i2c;
  bus_clock_t clock;
  bmp388_config_t config;
  bmp388_calibration_t calibration;
  bmp388_health_t health;
  bool initialised;
  uint8_t identity_read; /* the CHIP_ID a WRONG_IDENTITY read */
  char message[BMP388_MESSAGE_CAPACITY];
  uint32_t previous_raw[2];
  uint16_t identical_samples;
  uint64_t last_sample_us;
} bmp388_t;

/* The power-up sequence: CHIP_ID, soft reset (CMD 0xB6 once STATUS.cmd_rdy is set, 2 ms, ERR_REG),
 * the calibration NVM, OSR, ODR and CONFIG (each read back), then PWR_CTRL: pressure and
 * temperature enabled in normal mode, checked by reading PWR_CTRL and ERR_REG back. Returns true
 * with health OK; otherwise false with the health and message saying what failed. An invalid
 * config is refused before the bus is touched (CHIP_ERROR with the config's problem). */
bool bmp388_init_spi(bmp388_t* baro, bus_spi_t spi, bus_clock_t clock, const bmp388_config_t* config);
bool bmp388_init_i2c(bmp388_t* baro, bus_i2c_t i2c, uint8_t address_7bit, bus_clock_t clock,
                     const bmp388_config_t* config);

typedef enum {
  BMP388_READ_NEW = 0, /* *sample holds a new measurement (health may flag it) */
  BMP388_READ_NONE,    /* no new measurement since the last read (data-ready clear) */
  BMP388_READ_FAILED   /* the chip did not answer, or the driver is not initialised */
} bmp388_read_t;

/* One burst of ERR_REG, STATUS and DATA (0x02..0x09). Never waits. Updates the health. */
bmp388_read_t bmp388_read(bmp388_t* baro, bmp388_sample_t* sample);

bmp388_health_t bmp388_health(const bmp388_t* baro);
const char* bmp388_message(const bmp388_t* baro);

#ifdef __cplusplus
}
#endif

#endif
