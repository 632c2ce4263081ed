#include "firmware/chips/battery_model.h"

#include <math.h>
#include <string.h>

void battery_model_init(battery_model_t* model) {
  memset(model, 0, sizeof *model);
  model->battery_v = 16.8f;
  model->divider = 11.0f;
  model->amps_per_volt = 17.0f;
  model->reference_v = 3.3f;
  model->bits = 12;
  model->voltage_channel = 0;
  model->current_channel = 1;
}

uint16_t battery_model_counts(const battery_model_t* model, float pin_v) {
  const float top = (float)((1ul << model->bits) - 1ul);
  const float counts = roundf(pin_v / model->reference_v * (float)(1ul << model->bits));
  if (!(counts > 0.0f)) return 0; /* negative, or NaN: the pin at ground */
  return (uint16_t)(counts > top ? top : counts);
}

bool battery_model_read(void* context, uint8_t channel, uint16_t* counts) {
  battery_model_t* m = (battery_model_t*)context;
  ++m->reads;
  if (m->fault == BATTERY_MODEL_FAULT_ADC_FAILS) return false;
  if (m->fault == BATTERY_MODEL_FAULT_CHANNEL_FIXED && channel == m->fixed_channel) {
    *counts = m->fixed_counts;
    return true;
  }
  if (channel == m->voltage_channel) {
    *counts = battery_model_counts(m, m->battery_v / m->divider);
  } else if (channel == m->current_channel) {
    *counts = battery_model_counts(m, m->current_offset_v + m->current_a / m->amps_per_volt);
  } else {
    return false;
  }
  return true;
}

battery_adc_t battery_model_adc(battery_model_t* model) {
  battery_adc_t adc = {battery_model_read, model};
  return adc;
}
