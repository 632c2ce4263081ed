/* vayu_sitl --sensors chips: each HIL_SENSOR from the simulator feeds the chip models (the
 * BMX160 with its BMM150, the BMP388; firmware/chips/chip_sensors.h), the firmware's drivers read
 * them over the bus callbacks, and their output replaces the HIL values in the sensors handed to
 * the flight core, where fc_sensors_from_hil put them. Each HIL_GPS fix feeds the u-blox receiver
 * model, and the velocities its driver reads replace the HIL_GPS ones.
 *
 * The board's other parts: the battery monitor (the power module's divider and current sensor on
 * the ADC, firmware/chips/battery_model.h, read by firmware/drivers/battery_adc.h with the BAT_*
 * parameters, sitl_power.h) is always fitted: it reads a charged 4S (16.8 V) at 0 A until the
 * simulator sends the pack it models. A CRSF receiver (firmware/chips/crsf_model.h, its sticks centred
 * and throttle low, read by firmware/drivers/crsf.h and mapped with RC_MAP_* and RCn_*) is fitted
 * only when a --chip-fault names crsf, since RC_IN_MODE 2 (the default) flies on a fresh
 * receiver before the station.
 *
 * Each driver's health goes to the core (fc_sensor_health: the BMX160's to the gyro, the
 * accelerometer and the magnetometer, a saturation only to the part saturated and a BMM150
 * overflow only to the magnetometer; the BMP388's to the barometer; the u-blox's to the GPS; the
 * receiver's to the RC receiver; the battery monitor's to the battery, with its LOW and CRITICAL
 * as the charge through fc_set_battery), which tells transitions as STATUSTEXT and sets
 * SYS_STATUS's health bits. --chip-fault's faults (sitl_chip_faults.h) go into the models. */
#ifndef NAVIGATOR_HAL_SITL_SITL_CHIPS_H
#define NAVIGATOR_HAL_SITL_SITL_CHIPS_H

#include "firmware/chips/battery_model.h"
#include "firmware/chips/chip_sensors.h"
#include "firmware/chips/crsf_model.h"
#include "firmware/core/flight.h"
#include "firmware/drivers/battery_adc.h"
#include "firmware/drivers/crsf.h"
#include "firmware/hal/sitl/sitl_chip_faults.h"
#include "firmware/hal/sitl/sitl_power.h"
#include "firmware/link/fc_link.h"

#include <stdbool.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  chip_sensors_t bench;
  chip_sensors_input_t gps_pending; /* the last HIL_GPS, given to the model with the next HIL_SENSOR */
  bmx160_health_t imu_reported;     /* the health last said on the log, in full (a STATUSTEXT's */
  bmp388_health_t baro_reported;    /* echo there keeps its first 50 characters) */
  ublox_health_t gps_reported;
  sitl_chip_fault_t faults[SITL_CHIP_FAULTS];
  int fault_count;
  bool have_first_time;
  uint64_t first_time_us; /* the first HIL_SENSOR's time: --chip-fault's @SECONDS count from it */
  bool receiver_fitted;
  crsf_model_t rc_chip;
  crsf_t rc;
  rc_input_t rc_input;
  bool rc_new; /* the last step decoded an RC frame */
  bool rc_told, rc_failsafe_told;
  sitl_power_t power; /* the battery monitor (sitl_power.h) */
} sitl_chips_t;

/* The drivers' start-up against fresh models, with the faults marked at_start already in them.
 * The ranges are the BMX160's widest (2000 deg/s, 16 g): the firmware does not know the
 * simulated airframe's when it starts, and these cover the simulator's defaults. `params` gives
 * the battery monitor's BAT_* configuration. A driver that does not start is said on `log`; it is
 * false (vayu_sitl stops) unless a start fault asked for it, in which case the firmware runs on
 * with that driver's reads failing and its health saying why. */
bool sitl_chips_init(sitl_chips_t* chips, const sitl_chip_fault_t* faults, int fault_count, const fc_params_t* params,
                     FILE* log);

/* Keeps a HIL_GPS fix (3-D fixes only) for the receiver model's next step. */
void sitl_chips_gps(sitl_chips_t* chips, const mavlink_hil_gps_t* hil);

/* Applies the faults due (said on `log`), steps the chips with one HIL_SENSOR and replaces the
 * IMU, magnetometer and barometer in `sensors` (filled by fc_sensors_from_hil from the same
 * frame), and its GPS, with the drivers' output; reads the receiver and the battery monitor. */
void sitl_chips_apply(sitl_chips_t* chips, const mavlink_hil_sensor_t* hil, fc_sensors_t* sensors, FILE* log);

/* The simulator's transmitter (vsim_d's RC_CHANNELS) into the receiver model: chancount 0 switches
 * it off (the model falls silent: the link lost), else each channel's microseconds, the model
 * sending again. False (nothing done) without a receiver fitted. */
bool sitl_chips_transmitter(sitl_chips_t* chips, const mavlink_rc_channels_t* rc);

/* RC_CHANNELS for the station of what the receiver's driver last decoded; false before its first
 * frame or without a receiver. */
bool sitl_chips_rc_channels(const sitl_chips_t* chips, uint32_t time_boot_ms, mavlink_rc_channels_t* out);

/* Tells the core what the last apply read: every driver's health, the battery, the receiver's
 * frame (when it decoded one or its failsafe changed). Before fc_step. */
void sitl_chips_to_core(sitl_chips_t* chips, fc_t* fc);

/* The run's counts and the drivers' health, one line on `log`. */
void sitl_chips_report(const sitl_chips_t* chips, FILE* log);

#ifdef __cplusplus
}
#endif

#endif
