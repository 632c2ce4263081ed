/* vayu_sitl's power module (sitl_power.h). */
#include "firmware/hal/sitl/sitl_power.h"

#include <math.h>
#include <string.h>

/* The battery monitor's configuration from the BAT_* parameters (the rest battery_config_default's). */
static battery_config_t battery_config_from(const fc_params_t* p) {
  battery_config_t c = battery_config_default();
  c.voltage_divider = fc_param(p, FC_PARAM_BAT_V_DIV);
  c.amps_per_volt = fc_param(p, FC_PARAM_BAT_A_PER_V);
  c.current_offset_v = fc_param(p, FC_PARAM_BAT_V_OFFS_CURR);
  c.cell_count = (uint8_t)lroundf(fc_param(p, FC_PARAM_BAT_N_CELLS));
  c.capacity_mah = fc_param(p, FC_PARAM_BAT_CAPACITY);
  c.empty_cell_v = fc_param(p, FC_PARAM_BAT_V_EMPTY);
  c.full_cell_v = fc_param(p, FC_PARAM_BAT_V_CHARGED);
  c.low_cell_v = fc_param(p, FC_PARAM_BAT_LOW_V);
  c.critical_cell_v = fc_param(p, FC_PARAM_BAT_CRIT_V);
  c.low_remaining = fc_param(p, FC_PARAM_BAT_LOW_THR);
  c.critical_remaining = fc_param(p, FC_PARAM_BAT_CRIT_THR);
  return c;
}

void sitl_power_init(sitl_power_t* power, const fc_params_t* params) {
  memset(power, 0, sizeof *power);
  battery_model_init(&power->chip);
  const battery_config_t config = battery_config_from(params);
  (void)battery_init(&power->monitor, battery_model_adc(&power->chip), &config); /* BAD_CONFIG told */
}

bool sitl_power_feed(sitl_power_t* power, const mavlink_battery_status_t* status) {
  if (status->voltages[0] == UINT16_MAX || status->current_battery < 0) return false;
  /* common.xml: a pack above 65,534 mV has 65,534 in cell 0 and the rest in cell 1. */
  uint32_t millivolts = status->voltages[0];
  if (millivolts == UINT16_MAX - 1u && status->voltages[1] != UINT16_MAX) millivolts += status->voltages[1];
  power->chip.battery_v = (float)millivolts * 1e-3f;
  power->chip.current_a = (float)status->current_battery * 1e-2f;
  power->fed = true;
  return true;
}

void sitl_power_update(sitl_power_t* power, uint64_t now_us) {
  (void)battery_update(&power->monitor, now_us); /* a failed read is in its health */
}

void sitl_power_to_core(const sitl_power_t* power, fc_t* fc) {
  const battery_t* battery = &power->monitor;
  const battery_health_t health = battery_health(battery);
  const bool charge = health == BATTERY_HEALTH_LOW || health == BATTERY_HEALTH_CRITICAL;
  fc_sensor_health(fc, FC_SENSOR_BATTERY, charge ? 0 : (int)health, battery_message(battery));
  const battery_state_t* s = battery_state(battery);
  const bool connected = battery->connected && health != BATTERY_HEALTH_ADC_FAILED;
  fc_battery_t b;
  b.voltage_v = connected ? s->voltage_v : NAN;
  b.current_a = connected && s->current_measured ? s->current_a : NAN;
  b.consumed_mah = connected && s->current_measured ? s->consumed_mah : NAN;
  b.consumed_j = connected && s->current_measured ? s->consumed_j : NAN;
  b.remaining = connected ? s->remaining : -1.0f;
  b.cell_count = s->cell_count;
  b.level = battery->warning == BATTERY_HEALTH_CRITICAL ? FC_BATTERY_CRITICAL
            : battery->warning == BATTERY_HEALTH_LOW    ? FC_BATTERY_LOW
                                                        : FC_BATTERY_OK;
  fc_set_battery(fc, &b);
}
