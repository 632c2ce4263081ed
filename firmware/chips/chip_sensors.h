/* The board's sensors on a PC: the chip models of this folder answering on the bus callbacks,
 * read through the firmware's own drivers, as the board reads its chips. What the simulator says
 * the sensors feel goes in (SI units, in the chips' own axes); what the drivers make of it comes
 * out, for the flight core in the place where the simulator's values would go straight in.
 * vsim-fly and vayu_sitl use it for `--sensors chips`; docs/design/chips_in_the_loop.md explains
 * the choices.
 *
 * Chips: the BMX160 (accelerometer, gyroscope and its BMM150 magnetometer) on SPI, the BMP388
 * barometer on SPI, and a u-blox M8 receiver on a UART (found at its factory 9600 baud and brought
 * to 115200 baud, NAV-PVT every `gps_period_ms`, during start-up).
 *
 * Mounting: the chips' axes are the axes the simulator reports its IMU in (its sensor axes), and
 * the drivers' rotation is NONE. The flight core maps those axes to the vehicle's with its own
 * SENS_ROT, exactly as for the values handed over directly, so nothing is rotated twice.
 *
 * Time: the bench has its own microsecond clock. The drivers' start-up waits run on it (about
 * 100 ms for the BMX160, 5 ms for the BMP388, the u-blox search and configuration polled every
 * millisecond until it runs) before the first step; each step then advances both
 * models by the time since the previous step (the first step by `sample_period_us`) and reads each
 * chip once, as the board's 1 kHz loop does.
 *
 * What a step hands over: the latest accelerometer and gyroscope sample (the BMX160 at 1600 Hz
 * always has one newer than the previous 1 ms step), the latest compensated magnetic field
 * (50 Hz), and the latest pressure (50 Hz, the datasheet's drone setting; the model is given the
 * mean of the pressures since its previous measurement, as the chip's oversampling averages over
 * its conversion, where one instantaneous value would keep 20 times the simulator's per-sample
 * noise variance in the 50 Hz output), each held between
 * their samples, and a GPS velocity once per NAV-PVT. A GPS fix goes into the receiver model as
 * its truth when the simulator reports it; the model reports it in the next NAV-PVT (its next
 * solution, then the line time: 100 bytes at 115200 baud, 8.7 ms), and the bench stamps the
 * velocity with the simulator's measurement time of that fix (found from NAV-PVT's iTOW on the
 * bench clock), so the core's delay compensation sees the same fix times as on the direct path.
 * A sample the driver flags (stuck, saturated) is still handed over: the flight
 * core does not act on a driver's health, and a simulator configured without noise gives the
 * model identical inputs at rest, which the BMX160 driver flags as stuck after 10 samples (a real
 * chip's own noise never does). The health is kept for the caller to report. */
#ifndef NAVIGATOR_CHIPS_CHIP_SENSORS_H
#define NAVIGATOR_CHIPS_CHIP_SENSORS_H

#include "firmware/chips/bmp388_model.h"
#include "firmware/chips/bmx160_model.h"
#include "firmware/chips/ublox_model.h"
#include "firmware/drivers/bmp388.h"
#include "firmware/drivers/bmx160.h"
#include "firmware/drivers/ublox.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  uint32_t sample_period_us; /* the loop's period, 1..1000000 (the first step advances this much) */
  float gyro_range_dps;      /* the rate the gyroscope must cover: the smallest BMX160 range above it */
  float accel_range_mps2;    /* the specific force the accelerometer must cover: 2, 4, 8 or 16 g */
  uint16_t gps_period_ms;    /* the receiver's measurement period, 25..1000 (the simulator's fix period) */
} chip_sensors_config_t;

typedef struct {
  float accel_mps2[3]; /* specific force, chip axes */
  float gyro_radps[3]; /* chip axes */
  float field_gauss[3];
  float pressure_pa;
  float temperature_c;
  /* A GPS fix the simulator reports at this step (gps_new): its measurement time on the caller's
   * clock, position (WGS-84, height above mean sea level) and velocity. */
  bool gps_new;
  uint64_t gps_time_us;
  double gps_lat_deg, gps_lon_deg, gps_height_m;
  float gps_vel_ned_mps[3];
} chip_sensors_input_t;

typedef struct {
  float accel_mps2[3]; /* the driver's output (chip axes, rotation NONE) */
  float gyro_radps[3];
  bool imu_valid; /* an accelerometer + gyroscope sample has been read */
  bool imu_new;   /* this step read a new one */
  float mag_gauss[3];
  bool mag_valid;
  float pressure_pa;
  float temperature_c;
  bool baro_valid; /* a pressure has been read */
  bool baro_new;
  bool gps_new;         /* this step read a NAV-PVT with a 3-D fix of a fix the bench was given */
  uint64_t gps_time_us; /* that fix's measurement time (the caller's clock) */
  float gps_vel_ned_mps[3];
} chip_sensors_output_t;

/* Counts over the whole run, for a summary. */
typedef struct {
  uint64_t steps;
  uint64_t imu_new, imu_none, imu_failed, imu_flagged; /* flagged: new, with health not OK */
  uint64_t baro_new, baro_failed, baro_flagged;
  uint64_t gps_new, gps_unmatched; /* NAV-PVT handed over; NAV-PVT of no fix the bench was given */
} chip_sensors_counts_t;

enum { CHIP_SENSORS_GPS_FIXES = 8 }; /* the fixes given to the receiver model, remembered */

typedef struct {
  bmx160_model_t imu_chip;
  bmp388_model_t baro_chip;
  ublox_model_t gps_chip;
  bmx160_t imu;
  bmp388_t baro;
  ublox_t gps;
  /* The pressures given since the BMP388's last measurement: the model is fed their mean, as the
   * chip's oversampled conversion (x8: 19 ms of its 20 ms period) averages the air's pressure. */
  double pressure_sum_pa;
  uint32_t pressure_count, baro_measurements;
  /* The last fixes given to the receiver model: when on the bench clock, and their measurement
   * time on the caller's. */
  struct {
    uint64_t bench_us, fix_time_us;
  } fixes[CHIP_SENSORS_GPS_FIXES];
  unsigned fix_count; /* written so far (the ring holds the last CHIP_SENSORS_GPS_FIXES) */
  chip_sensors_config_t config;
  uint64_t now_us; /* the bench's clock */
  bool have_time;
  uint64_t last_time_us; /* the caller's time at the previous step */
  chip_sensors_output_t held;
  chip_sensors_counts_t counts;
  /* The driver's message at the latest flagged sample ("" while none was): what it flagged. */
  char imu_flag_message[BMX160_MESSAGE_CAPACITY];
  char baro_flag_message[BMP388_MESSAGE_CAPACITY];
} chip_sensors_t;

/* The chips' configuration for this bench: the BMX160's defaults with the ranges the config asks
 * for; false with `problem` (capacity bytes) when a range is beyond the chip's (2000 deg/s, 16 g)
 * or a field is not a positive finite number. */
bool chip_sensors_imu_config(const chip_sensors_config_t* config, bmx160_config_t* out, char* problem, size_t capacity);

/* Powers the models up and runs the drivers' start-up on the bench's clock: chip_sensors_power_up
 * then chip_sensors_start. False with `problem` (capacity bytes) naming the chip and what failed
 * (the driver's own message). */
bool chip_sensors_init(chip_sensors_t* bench, const chip_sensors_config_t* config, char* problem, size_t capacity);

/* The two halves of chip_sensors_init, for a caller that sets the models' faults in between
 * (vayu_sitl --chip-fault): the models at power-on (false with `problem` when the config is
 * refused), then every driver's start-up, each tried even when an earlier one failed, as a board
 * starts all its chips (false with the first failure's message; a failed driver's reads then
 * fail and its health keeps what its start-up found). */
bool chip_sensors_power_up(chip_sensors_t* bench, const chip_sensors_config_t* config, char* problem, size_t capacity);
bool chip_sensors_start(chip_sensors_t* bench, char* problem, size_t capacity);

/* One loop step at the caller's time `time_us`: sets the models' inputs, advances them, reads
 * both drivers once, and fills `out` (the latest of each sensor, held between samples). */
void chip_sensors_step(chip_sensors_t* bench, uint64_t time_us, const chip_sensors_input_t* in,
                       chip_sensors_output_t* out);

/* One line on the run, for a log: the steps, each chip's samples (and how many the driver flagged,
 * with the last flag's message), the reads that brought none or failed, and each driver's health now. */
void chip_sensors_summary(const chip_sensors_t* bench, char* text, size_t capacity);

/* Pressure altitude in metres from a pressure, by the International Standard Atmosphere below
 * 11 km (T0 288.15 K, lapse 6.5 K/km, p0 101325 Pa, exponent 5.25588): the conversion the
 * simulator's own pressure altitude uses, so both paths measure height alike. */
float chip_sensors_pressure_altitude_m(float pressure_pa);

#ifdef __cplusplus
}
#endif

#endif
