/* vayu_sitl --sensors chips: each HIL_SENSOR from the simulator feeds the chip models (the
 * BMX160 with its BMM150, the BMP388; firmware/chips/chip_sensors.h), the firmware's drivers read
 * them over the bus callbacks, and their output replaces the HIL values in the sensors handed to
 * the flight core, where fc_sensors_from_hil put them. Each HIL_GPS fix feeds the u-blox receiver
 * model, and the velocities its driver reads replace the HIL_GPS ones. */
#ifndef NAVIGATOR_HAL_SITL_SITL_CHIPS_H
#define NAVIGATOR_HAL_SITL_SITL_CHIPS_H

#include "firmware/chips/chip_sensors.h"
#include "firmware/core/flight.h"
#include "firmware/link/fc_link.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct {
  chip_sensors_t bench;
  bmx160_health_t imu_reported; /* the health last said on the log */
  bmp388_health_t baro_reported;
  ublox_health_t gps_reported;
  chip_sensors_input_t gps_pending; /* the last HIL_GPS, given to the model with the next HIL_SENSOR */
} sitl_chips_t;

/* The drivers' start-up against fresh models. The ranges are the BMX160's widest (2000 deg/s,
 * 16 g): the firmware does not know the simulated airframe's when it starts, and these cover the
 * simulator's defaults. False with the driver's message on `log`. */
bool sitl_chips_init(sitl_chips_t* chips, FILE* log);

/* Keeps a HIL_GPS fix (3-D fixes only) for the receiver model's next step. */
void sitl_chips_gps(sitl_chips_t* chips, const mavlink_hil_gps_t* hil);

/* Steps the chips with one HIL_SENSOR and replaces the IMU, magnetometer and barometer in
 * `sensors` (filled by fc_sensors_from_hil from the same frame), and its GPS, with the drivers'
 * output. A
 * driver's health that changes is said on `log`. */
void sitl_chips_apply(sitl_chips_t* chips, const mavlink_hil_sensor_t* hil, fc_sensors_t* sensors, FILE* log);

/* The run's counts and the drivers' health, one line on `log`. */
void sitl_chips_report(const sitl_chips_t* chips, FILE* log);

#endif
