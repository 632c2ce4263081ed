/* A register-level model of the Bosch BMX160 on SPI, with its BMM150 magnetometer behind MAG_IF,
 * written from the BMX160 datasheet (BST-BMX160-DS000-11, rev. 1.2, January 2019), the BMI160
 * datasheet it shares its digital part with (BST-BMI160-DS000-07, rev. 0.8) and the BMM150
 * datasheet (BST-BMM150-DS001, rev. 1.0), for the host tests and the SITL's chip mode.
 *
 * What it does as the chip does:
 *   - the interface is I2C after power-up and after a soft reset; the first SPI transaction (its
 *     rising CSB edge) selects SPI and is itself not answered (MISO reads 0xFF);
 *   - reads set bit 7 of the address byte and auto-increment over a burst; a burst is answered from
 *     the registers as they stood when chip select fell (the datasheet's shadowing of the data
 *     registers), and reading a sensor's data clears its data-ready bit in STATUS;
 *   - CMD (0x7E): soft reset 0xB6 (1 ms without answer, then every register at its reset value) and
 *     the PMU commands; PMU_STATUS changes only once the start-up time has passed (accelerometer
 *     3.8 ms, gyroscope 80 ms, MAG_IF 0.5 ms: the BMX160 datasheet's Table 29), and a PMU command that
 *     arrives while another is starting is dropped with ERR_REG's drop_cmd_err set;
 *   - outside normal mode, a write that follows the previous one by less than 450 us is lost;
 *   - ACC_CONF/ACC_RANGE/GYR_CONF/GYR_RANGE/MAG_CONF: the data registers refresh at the configured
 *     rates as time advances, quantised with the configured range and saturated at the 16-bit rails;
 *     SENSORTIME counts 39.0625 us;
 *   - MAG_IF: manual mode (MAG_IF[0] bit 7) reads a burst from the BMM150 into DATA_0.. or writes a
 *     register of it, with mag_man_op set in STATUS for 250 us; data mode (bit 7 clear) makes the
 *     BMM150 measure at MAG_CONF's rate and copies its 8 data bytes into DATA_MAG, the same 250 us
 *     after the rate's tick (so drdy_mag can rise between two accelerometer samples);
 *   - the BMM150: suspend until its power bit (0x4B bit 0) is set (then only 0x4B answers, the rest
 *     reads 0x00), chip id 0x32, trim registers 0x5D..0x71, forced measurements whose raw x, y, z
 *     are the inverse of Bosch's compensation (bmm150_compensation.h) of the input field at the
 *     model's RHALL, so the driver's compensated reading equals the input within half a count
 *     (about 0.19 uT on x and y and 0.19 uT on z with the default trims); beyond the range the
 *     overflow codes (-4096 x/y, -16384 z).
 * Faults: no answer (MISO stays at `no_answer_byte`), bus error (the transfer fails), wrong
 * identity (CHIP_ID reads `wrong_id`), stuck (the data registers stop changing while data-ready
 * still rises), saturated (every accelerometer and gyroscope axis reads +32767).
 *
 * Time is the model's own: advance it with bmx160_model_advance_us (a test's clock does it from
 * its delay_us). */
#ifndef NAVIGATOR_CHIPS_BMX160_MODEL_H
#define NAVIGATOR_CHIPS_BMX160_MODEL_H

#include "firmware/drivers/bmm150_compensation.h"
#include "firmware/drivers/bus.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  BMX160_MODEL_FAULT_NONE = 0,
  BMX160_MODEL_FAULT_NO_ANSWER,
  BMX160_MODEL_FAULT_BUS_ERROR,
  BMX160_MODEL_FAULT_WRONG_ID,
  BMX160_MODEL_FAULT_STUCK,
  BMX160_MODEL_FAULT_SATURATED
} bmx160_model_fault_t;

typedef struct {
  uint8_t target;       /* PMU mode code being started (0 suspend, 1 normal, 2 low power, 3 fast start-up) */
  uint8_t mode;         /* the mode PMU_STATUS shows */
  uint64_t ready_at_us; /* when target becomes mode */
  bool pending;
} bmx160_model_pmu_t;

typedef struct {
  /* Physical inputs, in the chip's own axes (set them at any time). */
  float specific_force_mps2[3];
  float rate_radps[3];
  float field_gauss[3];
  /* The BMM150's factory trims and its Hall resistance reading. */
  bmm150_trim_t trim;
  uint16_t rhall;
  uint8_t bmm150_id;
  /* Faults. */
  bmx160_model_fault_t fault;
  uint8_t wrong_id;       /* CHIP_ID under BMX160_MODEL_FAULT_WRONG_ID (default 0xD1, a BMI160) */
  uint8_t no_answer_byte; /* MISO under BMX160_MODEL_FAULT_NO_ANSWER (default 0xFF) */

  /* State (read it in tests, change it only through the bus). */
  uint8_t reg[128];
  uint8_t bmm[0x72 - 0x40];
  bool spi_selected;
  uint64_t now_us;
  uint64_t reset_done_us;
  uint64_t last_write_us;
  bool written_once;
  bmx160_model_pmu_t acc, gyr, mag_if;
  uint8_t drdy;                                /* STATUS bits 7..5 */
  uint64_t acc_sample, gyr_sample, mag_sample; /* index of the last sample instant taken */
  struct {
    bool pending, is_read;
    uint8_t address, length, value;
    uint64_t done_at_us;
  } mag_op;
  bool mag_copy_pending; /* data mode: a magnetometer read under way since the rate's tick */
  uint64_t mag_copy_at_us;
  uint32_t writes_lost; /* writes dropped for coming too soon outside normal mode */
  uint32_t transfers;
} bmx160_model_t;

/* Power-on state, default trims (a published BMM-family readout: dig_x2 = dig_y2 = 28,
 * dig_z1 22792, dig_z2 736, dig_xyz1 6806, dig_xy1 29, dig_xy2 -3, the rest 0), RHALL 7080, zero
 * inputs, no fault. */
void bmx160_model_init(bmx160_model_t* model);

/* Advances the model's time: PMU start-ups complete, samples are taken at their rates, a manual
 * MAG_IF access finishes. */
void bmx160_model_advance_us(bmx160_model_t* model, uint64_t microseconds);

/* The bus_spi_t transfer (context: the model). */
bool bmx160_model_transfer(void* context, const uint8_t* tx, uint8_t* rx, size_t length);

bus_spi_t bmx160_model_spi(bmx160_model_t* model);

/* The raw counts the model's BMM150 reports for `field_uT` (chip axes) with its trims and RHALL;
 * false when an axis is beyond its range (that axis holds the overflow code). */
bool bmx160_model_bmm150_measure(const bmx160_model_t* model, const float field_uT[3], bmm150_raw_t* raw);

#ifdef __cplusplus
}
#endif

#endif
