/* vayu_sitl's power module: the board's voltage divider and current sensor on its ADC (the
 * battery_model chip, firmware/chips/battery_model.h), read by the battery monitor
 * (firmware/drivers/battery_adc.h) configured from the BAT_* parameters, and told to the core as
 * its battery (fc_set_battery) and the battery's health (fc_sensor_health).
 *
 * What the chip reads: a charged 4S pack at rest (16.8 V, 0 A) until the simulator sends the
 * pack it models (the airframe's battery section, sim/vehicle/battery_model.h), as a
 * BATTERY_STATUS on the sensor pipe: the whole pack's voltage in voltages[0] [mV] (with
 * voltages[1] holding the rest above 65,534 mV, as common.xml says for a pack above that) and
 * current_battery [cA]. From then on the chip reads that pack, and the firmware's own monitor
 * makes of it what it makes of a real board's ADC: its filtering, its counted charge, its
 * LOW and CRITICAL. */
#ifndef NAVIGATOR_HAL_SITL_SITL_POWER_H
#define NAVIGATOR_HAL_SITL_SITL_POWER_H

#include "firmware/chips/battery_model.h"
#include "firmware/core/flight.h"
#include "firmware/drivers/battery_adc.h"
#include "firmware/mavlink/mavlink_codec.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  battery_model_t chip;
  battery_t monitor;
  bool fed; /* the simulator has sent its pack */
} sitl_power_t;

/* The chip at a charged 4S at rest, the monitor configured from `params` (a BAT_* value out of
 * range is the monitor's BAD_CONFIG health, told to the core). */
void sitl_power_init(sitl_power_t* power, const fc_params_t* params);

/* The pack the simulator sent: false (nothing changed) when `status` carries no voltage
 * (voltages[0] UINT16_MAX) or no current (current_battery −1). */
bool sitl_power_feed(sitl_power_t* power, const mavlink_battery_status_t* status);

/* One read of the monitor at `now_us` (the HIL frame's time). */
void sitl_power_update(sitl_power_t* power, uint64_t now_us);

/* The monitor's state as the core's battery; its LOW and CRITICAL are the charge, not a fault. */
void sitl_power_to_core(const sitl_power_t* power, fc_t* fc);

#ifdef __cplusplus
}
#endif

#endif
