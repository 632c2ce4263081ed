/* What the HAL reports of the board: each sensor's health from its driver and the battery
 * (flight.h: fc_sensor_health, fc_set_battery), told as events on transitions. */
#include "firmware/core/flight.h"
#include "firmware/core/stages.h"

#include <stdio.h>
#include <string.h>

static const char* const sensor_names[FC_SENSOR_COUNT] = {"Gyro", "Accelerometer", "Magnetometer", "Barometer",
                                                          "GPS",  "RC receiver",   "Battery"};

void fc_sensor_health(fc_t* fc, fc_sensor_id_t sensor, int code, const char* message) {
  if ((unsigned)sensor >= (unsigned)FC_SENSOR_COUNT) return;
  fc_sensor_health_t* h = &fc->state.health[sensor];
  if (h->reported && code != h->code) ++h->changes;
  h->reported = true;
  h->code = code;
  snprintf(h->message, sizeof h->message, "%s", message && message[0] ? message : sensor_names[sensor]);
  fc_stage_health_texts(&fc->state); /* a first fault is told at once */
}

/* The gyro, the accelerometer and the battery keep the vehicle in the air: their faults are
 * CRITICAL; the others' WARNING. */
static mav_severity_t fault_severity(int sensor) {
  return sensor == FC_SENSOR_GYRO || sensor == FC_SENSOR_ACCEL || sensor == FC_SENSOR_BATTERY ? MAV_SEVERITY_CRITICAL
                                                                                              : MAV_SEVERITY_WARNING;
}

void fc_stage_health_texts(fc_state_t* s) {
  for (int i = 0; i < FC_SENSOR_COUNT; ++i) {
    fc_sensor_health_t* h = &s->health[i];
    if (!h->reported || h->code == h->told_code) continue;
    /* (time going back, a simulation reset, ends the interval) */
    if (h->told_any && s->time_us >= h->told_us && s->time_us - h->told_us < FC_HEALTH_TEXT_INTERVAL_US) continue;
    char text[FC_EVENT_TEXT];
    if (h->changes > 1)
      snprintf(text, sizeof text, "%s (%lu changes)", h->message, (unsigned long)h->changes);
    else
      snprintf(text, sizeof text, "%s", h->message);
    fc_event_push(&s->events, h->code == 0 ? MAV_SEVERITY_INFO : fault_severity(i), text);
    h->told_code = h->code;
    h->told_any = true;
    h->told_us = s->time_us;
    h->changes = 0;
  }
}

static const char* level_text(fc_battery_level_t level) {
  return level == FC_BATTERY_CRITICAL ? "critical" : level == FC_BATTERY_LOW ? "low" : "ok";
}

void fc_set_battery(fc_t* fc, const fc_battery_t* battery) {
  fc_state_t* s = &fc->state;
  s->battery = *battery;
  if (battery->level != FC_BATTERY_OK && battery->level != FC_BATTERY_LOW && battery->level != FC_BATTERY_CRITICAL)
    s->battery.level = FC_BATTERY_OK;
  s->battery_set = true;
  if (s->battery.level == s->battery_told) return;
  /* whole numbers only: the board's C library (newlib nano) prints no floats */
  const long cv = isfinite(battery->voltage_v) ? lroundf(fc_clampf(battery->voltage_v, 0.0f, 1000.0f) * 100.0f) : 0;
  char text[FC_EVENT_TEXT];
  if (battery->remaining >= 0.0f)
    snprintf(text, sizeof text, "Battery %s: %ld.%02ld V, %d %% remaining", level_text(s->battery.level), cv / 100,
             cv % 100, (int)lroundf(100.0f * fc_clampf(battery->remaining, 0.0f, 1.0f)));
  else
    snprintf(text, sizeof text, "Battery %s: %ld.%02ld V", level_text(s->battery.level), cv / 100, cv % 100);
  const mav_severity_t severity = s->battery.level == FC_BATTERY_CRITICAL ? MAV_SEVERITY_CRITICAL
                                  : s->battery.level == FC_BATTERY_LOW    ? MAV_SEVERITY_WARNING
                                                                          : MAV_SEVERITY_INFO;
  fc_event_push(&s->events, severity, text);
  s->battery_told = s->battery.level;
}
