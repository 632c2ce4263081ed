/* The battery monitor: a power module's voltage divider (and, where fitted, its current-sense
 * amplifier) read through the microcontroller's ADC.
 *
 * Scaling, in the terms of the two open autopilots' parameters (their documented meaning; the
 * code is ours):
 *   battery volts = pin volts * voltage_divider            (PX4 BAT1_V_DIV, ArduPilot BATT_VOLT_MULT)
 *   battery amps  = (pin volts - current_offset_v) * amps_per_volt
 *                          (PX4 BAT1_A_PER_V and BAT_V_OFFS_CURR, ArduPilot BATT_AMP_PERVLT and
 *                           BATT_AMP_OFFSET)
 *   pin volts     = counts * adc_reference_v / 2^adc_bits  (an ideal ADC: one LSB is Vref / 2^bits,
 *                                                           full scale 2^bits - 1 counts)
 * Voltage and current are low-pass filtered (first order, time constant filter_tau_s, started at
 * the first reading); the consumed charge integrates the unfiltered current over the microsecond
 * clock the caller passes (mAh, and the energy in joules for BATTERY_STATUS).
 *
 * Cells: cell_count when set; otherwise estimated once per connection as the smallest count
 * whose cells are at most 4.25 V (a charged LiPo's 4.20 V and a margin): right for any LiPo
 * charged above 4.25 * (n - 1) / n volts per cell (3.19 V for 4S, 3.54 V for 6S), wrong for a
 * deeply discharged pack or a LiHV one, so a vehicle should set it.
 *
 * Remaining (0..1), see docs/design/barometer_battery.md for why:
 *   - from capacity when capacity_mah > 0 and current is measured: the voltage estimate taken at
 *     connection (the pack at rest) minus consumed / capacity. Under load a pack's voltage sags
 *     and recovers with the throttle; the counted charge does not;
 *   - otherwise from the voltage: linear per cell between empty_cell_v (0) and full_cell_v (1),
 *     the filtered voltage raised by current * internal_resistance_ohm to undo the sag (PX4's
 *     BAT1_V_EMPTY, BAT1_V_CHARGED, BAT1_R_INTERNAL).
 *
 * Health (battery_health_t) and its message, for STATUSTEXT and the station's Board tab:
 *   OK             "Battery: ok"
 *   NOT_CONNECTED  "Battery: not connected (0.12 V, below 2.50 V)"
 *   SATURATED      "Battery: ADC saturated (voltage channel at 4095 counts, 36.30 V or more)",
 *                  "Battery: ADC saturated (current channel at 4095 counts, 56.10 A or more)"
 *   LOW            "Battery: low (3.47 V per cell, threshold 3.50 V)",
 *                  "Battery: low (14 % remaining, threshold 15 %)"
 *   CRITICAL       "Battery: critical (3.27 V per cell, threshold 3.30 V)", "... (6 % remaining,
 *                  threshold 7 %)"
 *   ADC_FAILED     "Battery: ADC read failed (voltage channel 0)"
 *   BAD_CONFIG     "Battery: voltage divider 0.00 is not in 1.00..100.00" (the config's problem)
 * The remaining-fraction thresholds apply when the fraction comes from counted charge (from the
 * voltage they would only repeat the cell-voltage test at another voltage). LOW and CRITICAL latch: a pack whose
 * voltage recovers when the throttle drops stays low until it is disconnected (the voltage below not_connected_v) or
 * the monitor is initialised again. */
#ifndef NAVIGATOR_DRIVERS_BATTERY_ADC_H
#define NAVIGATOR_DRIVERS_BATTERY_ADC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One ADC conversion of `channel`: *counts holds 0 .. 2^bits - 1. Returns false when the ADC
 * failed (a timeout, a channel it does not have). Bounded like the calls of bus.h. The board
 * fills it from its ADC; the host tests and vayu_sitl from firmware/chips/battery_model. */
typedef struct {
  bool (*read)(void* context, uint8_t channel, uint16_t* counts);
  void* context;
} battery_adc_t;

enum {
  BATTERY_MESSAGE_CAPACITY = 128,
  BATTERY_MAX_CELLS = 14, /* BATTERY_STATUS carries 10 cell voltages and 4 more in its extension */
  BATTERY_NO_CHANNEL = -1
};

#define BATTERY_CELL_MAX_V 4.25f /* cell count estimate: a charged LiPo (4.20 V) and a margin */

typedef enum {
  BATTERY_HEALTH_OK = 0,
  BATTERY_HEALTH_NOT_CONNECTED,
  BATTERY_HEALTH_SATURATED,
  BATTERY_HEALTH_LOW,
  BATTERY_HEALTH_CRITICAL,
  BATTERY_HEALTH_ADC_FAILED,
  BATTERY_HEALTH_BAD_CONFIG
} battery_health_t;

typedef enum {
  BATTERY_REMAINING_UNKNOWN = 0, /* not connected */
  BATTERY_REMAINING_VOLTAGE,     /* from the per-cell voltage */
  BATTERY_REMAINING_CAPACITY     /* from the counted charge and the capacity */
} battery_remaining_source_t;

typedef struct {
  float adc_reference_v;         /* the ADC's reference, e.g. 3.3 */
  uint8_t adc_bits;              /* 12 on the STM32F4 */
  int8_t voltage_channel;        /* 0..15 */
  int8_t current_channel;        /* 0..15, or BATTERY_NO_CHANNEL */
  float voltage_divider;         /* battery volts per pin volt (BAT1_V_DIV, BATT_VOLT_MULT) */
  float amps_per_volt;           /* BAT1_A_PER_V, BATT_AMP_PERVLT */
  float current_offset_v;        /* pin volts at zero current (BAT_V_OFFS_CURR, BATT_AMP_OFFSET) */
  uint8_t cell_count;            /* 0: estimate (BAT1_N_CELLS) */
  float capacity_mah;            /* 0: unknown (BAT1_CAPACITY, BATT_CAPACITY) */
  float empty_cell_v;            /* BAT1_V_EMPTY */
  float full_cell_v;             /* BAT1_V_CHARGED */
  float internal_resistance_ohm; /* the pack's (BAT1_R_INTERNAL is per cell) */
  float low_cell_v;              /* per cell, on the filtered voltage (BATT_LOW_VOLT is per pack) */
  float critical_cell_v;         /* BATT_CRT_VOLT per cell */
  float low_remaining;           /* fraction (BAT_LOW_THR) */
  float critical_remaining;      /* fraction (BAT_CRIT_THR) */
  float not_connected_v;         /* below this the battery is not connected */
  float filter_tau_s;            /* low-pass time constant of voltage and current; 0: none */
} battery_config_t;

/* 3.3 V 12-bit ADC; voltage on channel 0 through a divider of 11 (10 k over 1 k), current on
 * channel 1 at 17 A/V with no offset (ArduPilot's analog default); cells estimated, capacity
 * unknown; 3.6 V empty and 4.05 V full per cell and 3.50 / 3.30 V per cell low / critical; 15 % /
 * 7 % remaining (PX4's defaults); not connected below 2.5 V; a 1 s filter; no internal resistance. */
battery_config_t battery_config_default(void);

/* True when every field is a finite number in its range and the pairs are ordered (empty below
 * full, critical below low, the two channels different); otherwise false with `problem`
 * (capacity bytes, may be NULL) naming the field and its value. */
bool battery_config_check(const battery_config_t* config, char* problem, size_t capacity);

typedef struct {
  uint64_t time_us;
  float voltage_v; /* filtered */
  float current_a; /* filtered; 0 when not measured */
  bool current_measured;
  float consumed_mah; /* since connection */
  float consumed_j;
  uint8_t cell_count; /* 0 while not connected and not set */
  float cell_v;       /* filtered voltage / cells */
  float remaining;    /* 0..1, or -1 when not known */
  battery_remaining_source_t remaining_source;
  uint16_t voltage_counts; /* the latest raw conversions */
  uint16_t current_counts;
} battery_state_t;

typedef struct {
  battery_adc_t adc;
  battery_config_t config;
  bool configured;
  bool connected;
  bool have_time;
  uint64_t last_us;
  battery_state_t state;
  int64_t charge_nc; /* consumed charge in nanocoulombs (an int64 holds 2.5e6 Ah; a float sum
                      * would lose the 10 A * 1 ms steps against a large total) */
  int64_t energy_nj;
  float start_remaining; /* the voltage estimate at connection */
  battery_health_t health;
  battery_health_t warning; /* the latched LOW or CRITICAL, else OK */
  char warning_message[BATTERY_MESSAGE_CAPACITY - 9];
  char message[BATTERY_MESSAGE_CAPACITY];
} battery_t;

/* Checks the config (BAD_CONFIG with its problem, false, when it fails) and clears the state. */
bool battery_init(battery_t* battery, battery_adc_t adc, const battery_config_t* config);

/* Reads the channels and updates the state at `now_us` (the caller's monotonic microsecond
 * clock). Returns false when not configured or the ADC failed (the state keeps its last values).
 * Never waits. */
bool battery_update(battery_t* battery, uint64_t now_us);

const battery_state_t* battery_state(const battery_t* battery);
battery_health_t battery_health(const battery_t* battery);
const char* battery_message(const battery_t* battery);

/* What MAVLink's SYS_STATUS and BATTERY_STATUS carry about the battery, in their units and
 * with their "unknown" values (common.xml). */
typedef struct {
  /* SYS_STATUS */
  uint16_t voltage_battery_mv;  /* UINT16_MAX: not measured */
  int16_t current_battery_ca;   /* -1: not measured */
  int8_t battery_remaining_pct; /* -1: not estimated */
  /* BATTERY_STATUS (and current_battery, battery_remaining as above) */
  uint16_t voltages_mv[10];     /* the pack in [0] (and the rest above 65.534 V in [1]), others UINT16_MAX */
  int32_t current_consumed_mah; /* -1: not measured */
  int32_t energy_consumed_hj;   /* hectojoules; -1: not measured */
  int16_t temperature_cdegc;    /* INT16_MAX: not measured */
  int32_t time_remaining_s;     /* 0: not provided */
  uint8_t battery_function;     /* MAV_BATTERY_FUNCTION_ALL = 1 */
  uint8_t type;                 /* MAV_BATTERY_TYPE_LIPO = 1 */
  uint8_t charge_state;         /* MAV_BATTERY_CHARGE_STATE: 0 undefined, 1 ok, 2 low, 3 critical, 6 unhealthy */
} battery_mavlink_t;

void battery_mavlink(const battery_t* battery, battery_mavlink_t* out);

#ifdef __cplusplus
}
#endif

#endif
