/* The board's own IMU, barometer and battery monitor: a BMX160 (accelerometer, gyroscope and its
 * BMM150 magnetometer) and a BMP388 on SPI2, the power module on ADC1 (board_spi.h), read through
 * their drivers (firmware/drivers/bmx160.h, bmp388.h, battery_adc.h).
 *
 * At boot each chip is probed with its driver's power-up sequence. A BMX160 that answers drives
 * the control step: each loop pass (1 kHz) reads it (polled; the chip samples at 1600 Hz, so a
 * pass finds a new sample), with the BMP388's latest pressure as the pressure altitude (the
 * standard atmosphere: 44330.8 m * (1 - (p / 101325 Pa)^(1 / 5.25588))) and the pending GPS fix;
 * HIL_SENSOR is then ignored. A chip that does not answer (QEMU: nothing on the bus, every byte
 * 0x00) is said with its driver's message and the source that stays, e.g. "Gyro: BMX160: not
 * answering (reads 0x00), HIL_SENSOR in force", through fc_sensor_health: SYS_STATUS marks the
 * gyro, accelerometer and magnetometer (BMX160) or the barometer (BMP388) unhealthy, and the
 * sensors keep coming from HIL_SENSOR. Health after boot is reported on each change and once a
 * second. The chip's axes are taken as the board's (rotation 0): the vehicle's SENS_ROT turns them.
 *
 * The battery: with NAVIGATOR_BOARD_BATTERY (the board's CMake option, on by default: a power
 * module on PC0/PC1) the monitor runs at 10 Hz with the BAT_* parameters (taken again when they
 * change), its result to the core through fc_set_battery while a pack is measured, its health
 * through fc_sensor_health (LOW and CRITICAL are the charge, told by fc_set_battery: health ok).
 * QEMU's ADC never ends a conversion: "Battery: ADC read failed (voltage channel 10)".
 *
 * None of these paths has met a real chip: they are written from the datasheets and the drivers'
 * host tests against the chip models, and on QEMU only the not-answering side runs. */
#ifndef NAVIGATOR_STM32F4_BOARD_SENSORS_H
#define NAVIGATOR_STM32F4_BOARD_SENSORS_H

#include "firmware/core/flight.h"
#include "firmware/drivers/battery_adc.h"
#include "firmware/drivers/bmp388.h"
#include "firmware/drivers/bmx160.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define BOARD_BATTERY_PERIOD_US 100000u
#define BOARD_SENSORS_HEALTH_PERIOD_US 1000000u

typedef struct {
  bmx160_t imu;
  bmp388_t baro;
  bool imu_up, baro_up; /* answered at boot */
  float baro_alt_m;
  bool baro_valid;
  battery_t battery;
  battery_config_t battery_config;
  uint64_t next_battery_us, next_health_us;
  int reported[FC_SENSOR_COUNT];
} board_sensors_t;

/* Probes the chips (SPI2 and ADC1 initialised by the caller); says what answered. */
void board_sensors_start(board_sensors_t* sensors, fc_t* fc);
/* Whether the board's IMU drives the control step (else HIL_SENSOR does). */
bool board_sensors_imu_drives(const board_sensors_t* sensors);
/* One pass: the barometer and the battery read when due, health reported; with the IMU up, true
 * with a new sample in *out (the pending GPS fix taken into it). */
bool board_sensors_pass(board_sensors_t* sensors, fc_t* fc, fc_gps_t* pending_gps, fc_sensors_t* out, uint64_t now_us);

#ifdef __cplusplus
}
#endif

#endif
