/* The battery's "chip": a power module's resistor divider and current-sense amplifier feeding an
 * ideal successive-approximation ADC, for the host tests and the SITL's chip mode. Physical
 * battery voltage and current in, ADC counts out, read through the battery_adc_t interface of
 * firmware/drivers/battery_adc.h.
 *
 *   voltage pin = battery_v / divider
 *   current pin = current_offset_v + current_a / amps_per_volt
 *   counts      = round(pin / reference_v * 2^bits), clipped to 0 .. 2^bits - 1
 * so one count is reference_v / 2^bits (0.806 mV at 3.3 V and 12 bits: 8.86 mV of battery voltage
 * through a divider of 11), the quantisation error at most half of that, and a pin above the
 * reference reads full scale (the ADC saturates; the STM32F4's ADC, RM0090 section 13, converts
 * 0..VREF+ to 0..4095). A negative pin reads 0.
 * Not modelled: ADC noise, offset and gain errors, the divider's tolerance, the sample-and-hold.
 * Faults: the ADC fails (read returns false), or one channel reads a fixed value (a broken wire:
 * 0 counts for an open divider). */
#ifndef NAVIGATOR_CHIPS_BATTERY_MODEL_H
#define NAVIGATOR_CHIPS_BATTERY_MODEL_H

#include "firmware/drivers/battery_adc.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  BATTERY_MODEL_FAULT_NONE = 0,
  BATTERY_MODEL_FAULT_ADC_FAILS,
  BATTERY_MODEL_FAULT_CHANNEL_FIXED /* `fixed_channel` reads `fixed_counts` */
} battery_model_fault_t;

typedef struct {
  /* Physical inputs. */
  float battery_v;
  float current_a;
  /* The hardware. */
  float divider;          /* battery volts per pin volt */
  float amps_per_volt;    /* the current sensor's gain */
  float current_offset_v; /* its output at zero current */
  float reference_v;
  uint8_t bits;
  uint8_t voltage_channel;
  uint8_t current_channel;
  /* Faults. */
  battery_model_fault_t fault;
  uint8_t fixed_channel;
  uint16_t fixed_counts;
  uint32_t reads;
} battery_model_t;

/* 16.8 V (a charged 4S LiPo), 0 A; divider 11, 17 A/V, no offset, 3.3 V, 12 bits; voltage on
 * channel 0, current on channel 1 (battery_config_default's wiring); no fault. */
void battery_model_init(battery_model_t* model);

/* The counts the ADC gives for a pin voltage. */
uint16_t battery_model_counts(const battery_model_t* model, float pin_v);

/* The battery_adc_t read (context: the model): false under ADC_FAILS or for another channel. */
bool battery_model_read(void* context, uint8_t channel, uint16_t* counts);

battery_adc_t battery_model_adc(battery_model_t* model);

#ifdef __cplusplus
}
#endif

#endif
