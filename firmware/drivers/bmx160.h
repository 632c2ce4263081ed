/* Bosch BMX160 (accelerometer + gyroscope, with a BMM150 magnetometer behind its MAG_IF
 * auxiliary interface) on SPI.
 *
 * Sources: BMX160 datasheet BST-BMX160-DS000-11, revision 1.2 (January 2019): register
 * descriptions, the primary interface's SPI selection (a rising CSB edge after power-up or reset
 * selects SPI; the datasheet advises a read of 0x7F first), the magnetometer set-up sequence
 * (Table 16), the PMU start-up times (Table 29); the BMI160 datasheet BST-BMI160-DS000-07 rev. 0.8 for what the
 * BMX160's datasheet shares with it (PMU start-up times, 450 us between writes outside normal mode); the BMM150
 * datasheet BST-BMM150-DS001 rev. 1.0 and Bosch's SensorAPIs for the magnetometer (see
 * bmm150_compensation.h). docs/design/imu.md explains the choices.
 *
 * Use: bmx160_config_check, then bmx160_init once at start-up (it waits, through the clock, for
 * the power modes to start: about 100 ms), then bmx160_read from the loop: it never waits, one
 * SPI transaction per call.
 *
 * Output frame: the chip's axes turned by `rotation` (MAV_SENSOR_ORIENTATION). The rotation is the
 * chip's mounting on the board (a chip soldered top side up with its x axis forward needs
 * ROLL_180 = 8 to reach x forward, y right, z down). The flight core applies the vehicle's own
 * SENS_ROT afterwards to what it is given; a board must not pass SENS_ROT here as well.
 *
 * Units: specific force m/s^2, rate rad/s, magnetic field in gauss (1 G = 100 uT), the unit the
 * simulator's magnetometer and MAVLink's HIL_SENSOR use; the flight core uses only its direction.
 *
 * Health (bmx160_health_t) and its message, for STATUSTEXT and the station's Board tab:
 *   OK                "BMX160: ok"
 *   NOT_ANSWERING     "BMX160: not answering (reads 0xFF)", "(reads 0x00)", "(bus error)"
 *   WRONG_IDENTITY    "BMX160: wrong identity 0xD1 (expected 0xD8)", or for the magnetometer
 *                     "BMX160: magnetometer BMM150 wrong identity 0x31 (expected 0x32)"
 *   CHIP_ERROR        "BMX160: power modes not reached (PMU_STATUS 0x14, expected 0x15)",
 *                     "BMX160: error register 0x..", "BMX160: register 0x41 reads 0x03 after writing 0x08",
 *                     "BMX160: magnetometer BMM150 trims unusable", "BMX160: magnetometer BMM150
 *                     access timed out"
 *   STUCK             "BMX160: stuck (10 identical samples)"
 *   SATURATED         "BMX160: accelerometer saturated (range 8 g)" / "gyroscope saturated (range
 *                     2000 deg/s)"
 *   MAG_OVERFLOW      "BMX160: magnetometer BMM150 overflow"
 * NOT_ANSWERING, WRONG_IDENTITY and CHIP_ERROR from bmx160_init stay until the next init; the
 * others describe the latest sample and clear when a good one arrives. */
#ifndef NAVIGATOR_DRIVERS_BMX160_H
#define NAVIGATOR_DRIVERS_BMX160_H

#include "firmware/drivers/bmm150_compensation.h"
#include "firmware/drivers/bus.h"
#include "firmware/drivers/sensor_rotation.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  BMX160_CHIP_ID = 0xD8,
  /* Identical raw accelerometer + gyroscope samples in a row that make the chip "stuck". At rest
   * a working BMX160's noise (datasheet: 180 ug/sqrt(Hz), 0.007 deg/s/sqrt(Hz)) spreads each axis
   * over several LSB, so six words repeating even once is rarer than 1 in 10^7; ten in a row is
   * 10 ms at 1 kHz, short enough to act on. */
  BMX160_STUCK_SAMPLES = 10,
  BMX160_MESSAGE_CAPACITY = 128
};

typedef enum {
  BMX160_HEALTH_OK = 0,
  BMX160_HEALTH_NOT_ANSWERING,
  BMX160_HEALTH_WRONG_IDENTITY,
  BMX160_HEALTH_CHIP_ERROR,
  BMX160_HEALTH_STUCK,
  BMX160_HEALTH_SATURATED,
  BMX160_HEALTH_MAG_OVERFLOW
} bmx160_health_t;

typedef struct {
  uint8_t accel_range_g;   /* 2, 4, 8 or 16 */
  uint16_t accel_odr_hz;   /* 25, 50, 100, 200, 400, 800 or 1600 */
  uint16_t gyro_range_dps; /* 125, 250, 500, 1000 or 2000 */
  uint16_t gyro_odr_hz;    /* 25, 50, ... 3200 */
  uint8_t mag_odr_hz;      /* 25, 50 or 100 (the BMM150's regular preset reaches about 100 Hz) */
  int rotation;            /* MAV_SENSOR_ORIENTATION 0..25: chip axes to board axes */
} bmx160_config_t;

/* 8 g at 1600 Hz, 2000 deg/s at 1600 Hz, magnetometer 50 Hz, no rotation. */
bmx160_config_t bmx160_config_default(void);

/* True when every field holds an allowed value; otherwise false with `problem` (capacity bytes,
 * may be NULL) naming the field and its value. */
bool bmx160_config_check(const bmx160_config_t* config, char* problem, size_t capacity);

/* The smallest gyroscope range that covers `max_rate_dps` (an airframe's expected maximum rate);
 * false (and 2000) when even 2000 deg/s does not, or the rate is not a positive finite number. */
bool bmx160_gyro_range_for_rate(float max_rate_dps, uint16_t* range_dps);

typedef struct {
  uint64_t time_us;     /* the chip's sensor time (39.0625 us per count), unwrapped, from init */
  float accel_mps2[3];  /* specific force, output frame */
  float gyro_radps[3];  /* output frame */
  float mag_gauss[3];   /* output frame; the latest good field (see mag_valid, mag_fresh) */
  bool mag_valid;       /* a compensated field has been read and the latest was not an overflow */
  bool mag_fresh;       /* this sample brought a new magnetometer measurement */
  int16_t raw_accel[3]; /* chip axes, counts */
  int16_t raw_gyro[3];
} bmx160_sample_t;

typedef struct {
  bus_spi_t spi;
  bus_clock_t clock;
  bmx160_config_t config;
  sensor_rotation_t rotation;
  float accel_mps2_per_count;
  float gyro_radps_per_count;
  bmm150_trim_t trim;
  bmx160_health_t health;
  bool initialised;
  uint8_t identity_read; /* the CHIP_ID (or BMM150 id) that a WRONG_IDENTITY read */
  char message[BMX160_MESSAGE_CAPACITY];
  int16_t previous_raw[6];
  uint16_t identical_samples;
  bool have_time;
  uint32_t previous_sensor_time; /* 24 bits */
  uint64_t sensor_ticks;         /* unwrapped since the first sample */
  float mag_gauss[3];
  bool mag_valid;
  bool mag_overflow;
  bool mag_unreported; /* a magnetometer sample arrived since the last sample returned */
} bmx160_t;

/* Runs the power-up sequence: SPI selection, soft reset, CHIP_ID, ranges and rates (read back),
 * power modes (PMU_STATUS, ERR_REG), the BMM150 through MAG_IF (power, id 0x32, trims,
 * repetitions, data mode). Returns true with health OK; otherwise false with the health and
 * message saying what failed. An invalid config is refused before the bus is touched (CHIP_ERROR
 * with the config's problem as message). */
bool bmx160_init(bmx160_t* imu, bus_spi_t spi, bus_clock_t clock, const bmx160_config_t* config);

typedef enum {
  BMX160_READ_NEW = 0, /* *sample holds a new accelerometer + gyroscope sample (health may flag it) */
  BMX160_READ_NONE,    /* no new data since the last read (data-ready clear) */
  BMX160_READ_FAILED   /* the chip did not answer or the driver is not initialised */
} bmx160_read_t;

/* One burst read of 0x04..0x1B (magnetometer, RHALL, gyroscope, accelerometer, sensor time,
 * STATUS). Never waits. Updates the health. */
bmx160_read_t bmx160_read(bmx160_t* imu, bmx160_sample_t* sample);

bmx160_health_t bmx160_health(const bmx160_t* imu);
const char* bmx160_message(const bmx160_t* imu);

#ifdef __cplusplus
}
#endif

#endif
