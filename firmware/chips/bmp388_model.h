/* A register-level model of the Bosch BMP388 barometer on SPI (and I2C), written from its
 * datasheet (BST-BMP388-DS001, rev. 1.0, January 2018), for the host tests and the SITL's chip mode.
 *
 * What it does as the chip does:
 *   - SPI: the address byte's bit 7 set reads, clear writes; a read answers one dummy byte
 *     (0xFF here, like MISO during the address byte) before the data, and auto-increments over a
 *     burst; a write is register/value pairs. I2C: the same registers without the dummy byte. The
 *     first SPI transaction selects SPI until power-off (the chip no longer answers I2C);
 *   - CHIP_ID 0x50, REV_ID 0x01, the calibration NVM at 0x31..0x45 (default: the coefficients a
 *     real BMP388 reported, see bmp388_model_init), OSR/ODR/CONFIG as written, STATUS.cmd_rdy;
 *   - CMD 0xB6 (soft reset): every register back to its reset value, and for the datasheet's 2 ms
 *     start-up time nothing answers (reads 0x00, writes lost); EVENT.por_detected set after it;
 *   - PWR_CTRL: normal mode is entered only when the conversion (datasheet section 3.9.2:
 *     234 + 392 + 2^osr_p * 2020 + 163 + 2^osr_t * 2020 us) fits in the ODR period; otherwise
 *     ERR_REG conf_err is set and the mode stays sleep (the enables kept). Forced mode measures
 *     once and returns to sleep. In normal mode a measurement completes every ODR period;
 *   - a measurement writes DATA 0x04..0x09 and sets STATUS drdy_press and drdy_temp; reading a
 *     pressure (temperature) data byte clears drdy_press (drdy_temp); ERR_REG's cmd_err and
 *     conf_err and EVENT clear when read;
 *   - the raw values invert the datasheet's compensation (the driver's own functions): the
 *     24-bit raw temperature whose compensated value is nearest `temperature_c`, then the raw
 *     pressure whose compensated value at that temperature is nearest `pressure_pa`, both by
 *     bisection (the compensation is monotonic in the raw value for realistic coefficients), so
 *     the driver reads the inputs back within 0.1 Pa and 0.001 C (one raw count is about
 *     0.016 Pa and 0.00002 C with the default coefficients; the rest is float rounding).
 * Not modelled: oversampling noise, the IIR filter (a constant input reads the same through it),
 * the FIFO, interrupts, sensor time.
 * Faults: no answer (SPI reads 0xFF throughout; I2C NACKs), bus error (the transfer fails),
 * wrong identity (CHIP_ID reads `wrong_id`), stuck (DATA stops changing while data-ready still
 * rises), fatal (ERR_REG fatal_err stays set).
 *
 * Time is the model's own: advance it with bmp388_model_advance_us (a test's clock does it from
 * its delay_us). */
#ifndef NAVIGATOR_CHIPS_BMP388_MODEL_H
#define NAVIGATOR_CHIPS_BMP388_MODEL_H

#include "firmware/drivers/bmp388.h"
#include "firmware/drivers/bus.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  BMP388_MODEL_FAULT_NONE = 0,
  BMP388_MODEL_FAULT_NO_ANSWER,
  BMP388_MODEL_FAULT_BUS_ERROR,
  BMP388_MODEL_FAULT_WRONG_ID,
  BMP388_MODEL_FAULT_STUCK,
  BMP388_MODEL_FAULT_FATAL
} bmp388_model_fault_t;

typedef struct {
  /* Physical inputs (set them at any time; the next measurement takes them). */
  float pressure_pa;
  float temperature_c;
  /* The factory calibration, NVM_PAR_T1 .. NVM_PAR_P11 as the bytes of 0x31..0x45. */
  uint8_t nvm[BMP388_NVM_BYTES];
  /* Faults. */
  bmp388_model_fault_t fault;
  uint8_t wrong_id;    /* CHIP_ID under BMP388_MODEL_FAULT_WRONG_ID (default 0x60, a BMP390) */
  uint8_t i2c_address; /* default 0x76 (SDO to ground) */

  /* State (read it in tests, change it only through the bus). */
  uint8_t reg[128];
  bool spi_selected;
  uint64_t now_us;
  uint64_t reset_until_us; /* a soft reset's start-up time ends */
  uint64_t next_sample_us; /* normal or forced mode: when the next measurement completes */
  uint32_t measurements;
  uint32_t transfers;
} bmp388_model_t;

/* Power-on state: the NVM of a real BMP388 (T1 27427, T2 18776, T3 -10, P1 -164, P2 -2866,
 * P3 35, P4 0, P5 25578, P6 31086, P7 -13, P8 -10, P9 17322, P10 18, P11 -60), 101325 Pa,
 * 25 C, no fault, I2C address 0x76. */
void bmp388_model_init(bmp388_model_t* model);

/* Advances the model's time: the reset's start-up ends, measurements complete at the rate. */
void bmp388_model_advance_us(bmp388_model_t* model, uint64_t microseconds);

/* The bus_spi_t transfer and the bus_i2c_t write_read (context: the model). */
bool bmp388_model_transfer(void* context, const uint8_t* tx, uint8_t* rx, size_t length);
bool bmp388_model_write_read(void* context, uint8_t address_7bit, const uint8_t* tx, size_t tx_length, uint8_t* rx,
                             size_t rx_length);

bus_spi_t bmp388_model_spi(bmp388_model_t* model);
bus_i2c_t bmp388_model_i2c(bmp388_model_t* model);

/* The raw 24-bit values the model's NVM gives for a pressure and temperature (the inversion a
 * measurement uses). */
void bmp388_model_raw(const bmp388_model_t* model, float pressure_pa, float temperature_c, uint32_t* raw_pressure,
                      uint32_t* raw_temperature);

#ifdef __cplusplus
}
#endif

#endif
