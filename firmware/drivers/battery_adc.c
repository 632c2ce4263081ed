#include "firmware/drivers/battery_adc.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum {
  MAV_BATTERY_FUNCTION_ALL = 1,
  MAV_BATTERY_TYPE_LIPO = 1,
  CHARGE_STATE_UNDEFINED = 0,
  CHARGE_STATE_OK = 1,
  CHARGE_STATE_LOW = 2,
  CHARGE_STATE_CRITICAL = 3,
  CHARGE_STATE_UNHEALTHY = 6
};

battery_config_t battery_config_default(void) {
  battery_config_t c;
  c.adc_reference_v = 3.3f;
  c.adc_bits = 12;
  c.voltage_channel = 0;
  c.current_channel = 1;
  c.voltage_divider = 11.0f;
  c.amps_per_volt = 17.0f;
  c.current_offset_v = 0.0f;
  c.cell_count = 0;
  c.capacity_mah = 0.0f;
  c.empty_cell_v = 3.6f;
  c.full_cell_v = 4.05f;
  c.internal_resistance_ohm = 0.0f;
  c.low_cell_v = 3.5f;
  c.critical_cell_v = 3.3f;
  c.low_remaining = 0.15f;
  c.critical_remaining = 0.07f;
  c.not_connected_v = 2.5f;
  c.filter_tau_s = 1.0f;
  return c;
}

/* A value with two decimals without floating-point printf: 16.8 -> "16.80", -0.5 -> "-0.50". */
static void format_centi(char* text, size_t capacity, float value) {
  if (!isfinite(value) || fabsf(value) > 1.0e7f) {
    snprintf(text, capacity, "%s", isnan(value) ? "NaN" : "(out of range)");
    return;
  }
  const long centi = lroundf(value * 100.0f);
  const unsigned long magnitude = (unsigned long)(centi < 0 ? -centi : centi);
  snprintf(text, capacity, "%s%lu.%02lu", centi < 0 ? "-" : "", magnitude / 100ul, magnitude % 100ul);
}

typedef struct {
  const char* name;
  float value, min, max;
} range_t;

static bool check_ranges(const range_t* ranges, size_t count, char* text, size_t capacity) {
  for (size_t i = 0; i < count; ++i) {
    const range_t* r = &ranges[i];
    if (isfinite(r->value) && r->value >= r->min && r->value <= r->max) continue;
    char value[24], min[24], max[24];
    format_centi(value, sizeof value, r->value);
    format_centi(min, sizeof min, r->min);
    format_centi(max, sizeof max, r->max);
    snprintf(text, capacity, "%s %s is not in %s..%s", r->name, value, min, max);
    return false;
  }
  return true;
}

static bool check_order(const battery_config_t* c, char* text, size_t n) {
  char a[24], b[24];
  if (c->empty_cell_v >= c->full_cell_v) {
    format_centi(a, sizeof a, c->empty_cell_v);
    format_centi(b, sizeof b, c->full_cell_v);
    snprintf(text, n, "empty cell voltage %s is not below the full one %s", a, b);
  } else if (c->critical_cell_v > c->low_cell_v) {
    format_centi(a, sizeof a, c->critical_cell_v);
    format_centi(b, sizeof b, c->low_cell_v);
    snprintf(text, n, "critical cell voltage %s is above the low one %s", a, b);
  } else if (c->critical_remaining > c->low_remaining) {
    format_centi(a, sizeof a, c->critical_remaining);
    format_centi(b, sizeof b, c->low_remaining);
    snprintf(text, n, "critical remaining %s is above the low one %s", a, b);
  } else if (c->voltage_channel < 0 || c->voltage_channel > 15) {
    snprintf(text, n, "voltage channel %d is not 0..15", (int)c->voltage_channel);
  } else if (c->current_channel != BATTERY_NO_CHANNEL && (c->current_channel < 0 || c->current_channel > 15)) {
    snprintf(text, n, "current channel %d is not 0..15 or -1 (none)", (int)c->current_channel);
  } else if (c->current_channel == c->voltage_channel) {
    snprintf(text, n, "current channel %d is the voltage channel", (int)c->current_channel);
  } else if (c->adc_bits < 8 || c->adc_bits > 16) {
    snprintf(text, n, "ADC resolution %u bits is not 8..16", (unsigned)c->adc_bits);
  } else if (c->cell_count > BATTERY_MAX_CELLS) {
    snprintf(text, n, "cell count %u is not 0 (estimate) .. %d", (unsigned)c->cell_count, BATTERY_MAX_CELLS);
  } else {
    return true;
  }
  return false;
}

bool battery_config_check(const battery_config_t* c, char* problem, size_t capacity) {
  char text[BATTERY_MESSAGE_CAPACITY - 9] = "";
  const range_t ranges[] = {
      {"ADC reference", c->adc_reference_v, 0.5f, 10.0f},
      {"voltage divider", c->voltage_divider, 1.0f, 100.0f},
      {"amps per volt", c->amps_per_volt, 0.001f, 1000.0f},
      {"current offset", c->current_offset_v, 0.0f, c->adc_reference_v},
      {"capacity", c->capacity_mah, 0.0f, 1.0e6f},
      {"empty cell voltage", c->empty_cell_v, 2.0f, 4.5f},
      {"full cell voltage", c->full_cell_v, 2.0f, 4.5f},
      {"internal resistance", c->internal_resistance_ohm, 0.0f, 1.0f},
      {"low cell voltage", c->low_cell_v, 0.0f, 4.5f},
      {"critical cell voltage", c->critical_cell_v, 0.0f, 4.5f},
      {"low remaining", c->low_remaining, 0.0f, 1.0f},
      {"critical remaining", c->critical_remaining, 0.0f, 1.0f},
      {"not-connected voltage", c->not_connected_v, 0.0f, 100.0f},
      {"filter time constant", c->filter_tau_s, 0.0f, 100.0f},
  };
  const bool ok =
      check_ranges(ranges, sizeof ranges / sizeof ranges[0], text, sizeof text) && check_order(c, text, sizeof text);
  if (problem && capacity > 0) snprintf(problem, capacity, "%s", ok ? "" : text);
  return ok;
}

/* ---- health ---- */

static void finish_health(battery_t* b, battery_health_t health) {
  memcpy(b->message, "Battery: ", 9);
  b->health = health;
}

/* Sets the health and its message, "Battery: " and the printf-style text after it. */
#define set_health(b, health, ...) \
  (snprintf((b)->message + 9, sizeof(b)->message - 9, __VA_ARGS__), finish_health((b), (health)))

bool battery_init(battery_t* battery, battery_adc_t adc, const battery_config_t* config) {
  char problem[BATTERY_MESSAGE_CAPACITY - 9];
  memset(battery, 0, sizeof *battery);
  battery->adc = adc;
  battery->config = *config;
  battery->state.remaining = -1.0f;
  if (!battery_config_check(config, problem, sizeof problem)) {
    set_health(battery, BATTERY_HEALTH_BAD_CONFIG, "%s", problem);
    return false;
  }
  battery->configured = true;
  set_health(battery, BATTERY_HEALTH_NOT_CONNECTED, "not connected (no reading yet)");
  return true;
}

/* ---- update ---- */

static float pin_volts(const battery_config_t* c, uint16_t counts) {
  return (float)counts * c->adc_reference_v / (float)(1ul << c->adc_bits);
}

static uint16_t full_scale(const battery_config_t* c) { return (uint16_t)((1ul << c->adc_bits) - 1ul); }

static float curve_remaining(const battery_t* b) {
  const battery_config_t* c = &b->config;
  const float rest_v = b->state.voltage_v + b->state.current_a * c->internal_resistance_ohm;
  const float fraction = (rest_v / (float)b->state.cell_count - c->empty_cell_v) / (c->full_cell_v - c->empty_cell_v);
  return fminf(fmaxf(fraction, 0.0f), 1.0f);
}

/* A new connection: a fresh count, cells, and the starting estimate from the voltage at rest. */
static void connect(battery_t* b, float voltage_v, float current_a) {
  b->connected = true;
  b->charge_nc = 0;
  b->energy_nj = 0;
  b->warning = BATTERY_HEALTH_OK;
  b->state.voltage_v = voltage_v;
  b->state.current_a = current_a;
  b->state.cell_count = b->config.cell_count;
  if (b->state.cell_count == 0) b->state.cell_count = (uint8_t)ceilf(voltage_v / BATTERY_CELL_MAX_V);
  if (b->state.cell_count == 0) b->state.cell_count = 1;
  if (b->state.cell_count > BATTERY_MAX_CELLS) b->state.cell_count = BATTERY_MAX_CELLS;
  b->start_remaining = curve_remaining(b);
}

static void filter_and_count(battery_t* b, float voltage_v, float current_a, uint64_t dt_us) {
  const float dt_s = (float)dt_us * 1.0e-6f;
  const float tau_s = b->config.filter_tau_s;
  const float alpha = tau_s > 0.0f ? dt_s / (tau_s + dt_s) : 1.0f;
  b->state.voltage_v += alpha * (voltage_v - b->state.voltage_v);
  b->state.current_a += alpha * (current_a - b->state.current_a);
  b->charge_nc += llroundf(current_a * (float)dt_us * 1000.0f);
  b->energy_nj += llroundf(current_a * voltage_v * (float)dt_us * 1000.0f);
}

static void estimate_remaining(battery_t* b) {
  battery_state_t* s = &b->state;
  s->consumed_mah = (float)b->charge_nc / 3.6e9f; /* 1 mAh = 3.6 C */
  s->consumed_j = (float)b->energy_nj * 1.0e-9f;
  s->cell_v = s->voltage_v / (float)s->cell_count;
  if (b->config.capacity_mah > 0.0f && s->current_measured) {
    s->remaining = fminf(fmaxf(b->start_remaining - s->consumed_mah / b->config.capacity_mah, 0.0f), 1.0f);
    s->remaining_source = BATTERY_REMAINING_CAPACITY;
  } else {
    s->remaining = curve_remaining(b);
    s->remaining_source = BATTERY_REMAINING_VOLTAGE;
  }
}

/* The warning this reading earns, latched upward: the filtered cell voltage below its threshold,
 * or (counting charge only: from the voltage it would repeat the voltage's test) the remaining
 * fraction below its threshold. The message follows the readings while they still earn the
 * warning, and keeps the last such words once they recover. */
static void assess(battery_t* b) {
  const battery_config_t* c = &b->config;
  const battery_state_t* s = &b->state;
  const bool counted = s->remaining_source == BATTERY_REMAINING_CAPACITY;
  const bool critical = s->cell_v < c->critical_cell_v || (counted && s->remaining < c->critical_remaining);
  const bool low = critical || s->cell_v < c->low_cell_v || (counted && s->remaining < c->low_remaining);
  const battery_health_t earned = critical ? BATTERY_HEALTH_CRITICAL : low ? BATTERY_HEALTH_LOW : BATTERY_HEALTH_OK;
  if (earned != BATTERY_HEALTH_OK && earned >= b->warning) {
    b->warning = earned;
    const bool is_critical = earned == BATTERY_HEALTH_CRITICAL;
    const float cell_threshold = is_critical ? c->critical_cell_v : c->low_cell_v;
    const char* word = is_critical ? "critical" : "low";
    char value[24], threshold[24];
    if (s->cell_v < cell_threshold) {
      format_centi(value, sizeof value, s->cell_v);
      format_centi(threshold, sizeof threshold, cell_threshold);
      snprintf(b->warning_message, sizeof b->warning_message, "%s (%s V per cell, threshold %s V)", word, value,
               threshold);
    } else {
      snprintf(b->warning_message, sizeof b->warning_message, "%s (%ld %% remaining, threshold %ld %%)", word,
               lroundf(s->remaining * 100.0f),
               lroundf((is_critical ? c->critical_remaining : c->low_remaining) * 100.0f));
    }
  }
  if (b->warning == BATTERY_HEALTH_OK) {
    set_health(b, BATTERY_HEALTH_OK, "ok");
  } else {
    set_health(b, b->warning, "%s", b->warning_message);
  }
}

static bool read_channel(battery_t* b, int8_t channel, const char* name, uint16_t* counts) {
  if (b->adc.read(b->adc.context, (uint8_t)channel, counts) && *counts <= full_scale(&b->config)) return true;
  set_health(b, BATTERY_HEALTH_ADC_FAILED, "ADC read failed (%s channel %d)", name, (int)channel);
  return false;
}

static bool saturated(battery_t* b) {
  const battery_config_t* c = &b->config;
  char limit[24];
  const uint16_t top = full_scale(c);
  if (b->state.voltage_counts >= top) {
    format_centi(limit, sizeof limit, c->adc_reference_v * c->voltage_divider);
    set_health(b, BATTERY_HEALTH_SATURATED, "ADC saturated (voltage channel at %u counts, %s V or more)", (unsigned)top,
               limit);
    return true;
  }
  if (b->state.current_measured && b->state.current_counts >= top) {
    format_centi(limit, sizeof limit, (c->adc_reference_v - c->current_offset_v) * c->amps_per_volt);
    set_health(b, BATTERY_HEALTH_SATURATED, "ADC saturated (current channel at %u counts, %s A or more)", (unsigned)top,
               limit);
    return true;
  }
  return false;
}

bool battery_update(battery_t* b, uint64_t now_us) {
  const battery_config_t* c = &b->config;
  battery_state_t* s = &b->state;
  uint16_t v_counts = 0, i_counts = 0;
  if (!b->configured) return false;
  const bool has_current = c->current_channel != BATTERY_NO_CHANNEL;
  if (!read_channel(b, c->voltage_channel, "voltage", &v_counts)) return false;
  if (has_current && !read_channel(b, c->current_channel, "current", &i_counts)) return false;
  const uint64_t dt_us = b->have_time && now_us > b->last_us ? now_us - b->last_us : 0u;
  b->have_time = true;
  b->last_us = now_us;
  s->time_us = now_us;
  s->voltage_counts = v_counts;
  s->current_counts = i_counts;
  s->current_measured = has_current;
  const float voltage_v = pin_volts(c, v_counts) * c->voltage_divider;
  const float current_a = has_current ? (pin_volts(c, i_counts) - c->current_offset_v) * c->amps_per_volt : 0.0f;
  if (voltage_v < c->not_connected_v) {
    char value[24], threshold[24];
    b->connected = false;
    s->voltage_v = voltage_v;
    s->current_a = current_a;
    s->remaining = -1.0f;
    s->remaining_source = BATTERY_REMAINING_UNKNOWN;
    format_centi(value, sizeof value, voltage_v);
    format_centi(threshold, sizeof threshold, c->not_connected_v);
    set_health(b, BATTERY_HEALTH_NOT_CONNECTED, "not connected (%s V, below %s V)", value, threshold);
    return true;
  }
  if (v_counts >= full_scale(c)) {
    /* Not a reading but a floor: neither a connection (its cells would be counted from it) nor a
     * value to filter or count with. Until a connection it is the voltage shown. */
    if (!b->connected) s->voltage_v = voltage_v;
    saturated(b);
    return true;
  }
  if (!b->connected) {
    connect(b, voltage_v, current_a);
  } else {
    filter_and_count(b, voltage_v, current_a, dt_us);
  }
  estimate_remaining(b);
  if (!saturated(b)) assess(b);
  return true;
}

const battery_state_t* battery_state(const battery_t* battery) { return &battery->state; }

battery_health_t battery_health(const battery_t* battery) { return battery->health; }

const char* battery_message(const battery_t* battery) { return battery->message; }

/* ---- MAVLink ---- */

static uint8_t charge_state(battery_health_t health) {
  switch (health) {
    case BATTERY_HEALTH_OK:
      return CHARGE_STATE_OK;
    case BATTERY_HEALTH_LOW:
      return CHARGE_STATE_LOW;
    case BATTERY_HEALTH_CRITICAL:
      return CHARGE_STATE_CRITICAL;
    case BATTERY_HEALTH_SATURATED:
    case BATTERY_HEALTH_ADC_FAILED:
      return CHARGE_STATE_UNHEALTHY;
    default:
      return CHARGE_STATE_UNDEFINED;
  }
}

static void fill_battery_status(const battery_t* b, battery_mavlink_t* out) {
  const battery_state_t* s = &b->state;
  for (int i = 0; i < 10; ++i) out->voltages_mv[i] = UINT16_MAX;
  /* common.xml: a pack above 65.534 V puts 65534 in cell 0 and the rest in cell 1. */
  const long pack_mv = lroundf(fmaxf(s->voltage_v, 0.0f) * 1000.0f);
  out->voltages_mv[0] = (uint16_t)(pack_mv > 65534 ? 65534 : pack_mv);
  if (pack_mv > 65534) out->voltages_mv[1] = (uint16_t)(pack_mv - 65534 > 65534 ? 65534 : pack_mv - 65534);
  out->current_consumed_mah = s->current_measured ? (int32_t)lroundf(s->consumed_mah) : -1;
  out->energy_consumed_hj = s->current_measured ? (int32_t)lroundf(s->consumed_j / 100.0f) : -1;
  out->temperature_cdegc = INT16_MAX;
  out->time_remaining_s = 0;
  if (s->remaining_source == BATTERY_REMAINING_CAPACITY && s->current_a > 0.1f) {
    out->time_remaining_s = (int32_t)lroundf(s->remaining * b->config.capacity_mah * 3.6f / s->current_a);
  }
  out->battery_function = MAV_BATTERY_FUNCTION_ALL;
  out->type = MAV_BATTERY_TYPE_LIPO;
  out->charge_state = charge_state(b->health);
}

void battery_mavlink(const battery_t* b, battery_mavlink_t* out) {
  const battery_state_t* s = &b->state;
  memset(out, 0, sizeof *out);
  const long mv = lroundf(fmaxf(s->voltage_v, 0.0f) * 1000.0f);
  out->voltage_battery_mv = b->have_time ? (uint16_t)(mv > 65534 ? 65534 : mv) : UINT16_MAX;
  /* Centiamps; a discharging pack draws a positive current, and a reading below zero is the
   * sensor's offset, so it is sent as 0 (-1 means "not measured"). */
  const long ca = lroundf(fmaxf(s->current_a, 0.0f) * 100.0f);
  out->current_battery_ca = (int16_t)(s->current_measured ? (ca > INT16_MAX ? INT16_MAX : ca) : -1);
  out->battery_remaining_pct = (int8_t)(s->remaining < 0.0f ? -1 : lroundf(s->remaining * 100.0f));
  fill_battery_status(b, out);
  if (!b->have_time) {
    out->current_consumed_mah = -1;
    out->energy_consumed_hj = -1;
  }
}
