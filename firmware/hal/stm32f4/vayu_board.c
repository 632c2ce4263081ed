/* vayu on the STM32F405: the same flight core as vayu_sitl, in hardware-in-the-loop mode.
 * The ground station talks MAVLink over USART1 (HEARTBEAT, parameters, commands,
 * MANUAL_CONTROL, telemetry) and its simulator feeds the sensors on the same link: the newest
 * HIL_SENSOR is one control step, answered with HIL_ACTUATOR_CONTROLS stamped with the frame's
 * time (what the simulator's lockstep waits for), and the duties drive the PWM.
 *
 * The loop runs at 1 kHz on the SysTick tick (board_time.c): each pass reads what the UART
 * received, steps the core when a sensor sample came (one step per pass: the simulator's lockstep
 * sends the next sample only after the answer, and 115200 baud carries a HIL_SENSOR in 6.7 ms;
 * samples queued behind a flash stall are each stepped, in order; an IMU's data-ready takes the
 * sample's place when a driver comes), and does the link's and the flash's
 * upkeep. Its timing is measured on the microsecond clock (loop_timing.h) and sent once a second
 * as DEBUG_VECTs: "LOOP_US" (x min, y mean, z max period between passes, µs, over that second),
 * "LOOP_N" (x periods measured in it, y overruns and z flash stalls since boot) and "LINK_N"
 * (x received bytes lost and y writes that waited for room in the send ring, since boot; z
 * control steps in that second).
 *
 * Flash (board_flash.c): the parameters (param_store.h) are loaded at boot, saved on
 * MAV_CMD_PREFLIGHT_STORAGE and once PARAM_SETs have stopped for a second; the signing record
 * (signing_store.h) when SETUP_SIGNING changes it and once a minute while the timestamps move.
 * An erase stalls the CPU for 1-2 s and a record's write for milliseconds (the one flash bank
 * holds the code): both happen only while disarmed, never inside a control step, and the
 * period that held one is counted as a stall rather than measured.
 *
 * MISSING for a real flight: sensor drivers (IMU, magnetometer, barometer: the sensors come only
 * from HIL_SENSOR in this build) and a watchdog. */
#include "firmware/core/flight.h"
#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/loop_timing.h"
#include "firmware/link/fc_link.h"
#include "firmware/link/param_store.h"
#include "firmware/mavlink/mavlink_codec.h"

#include <stdio.h>
#include <string.h>

/* Without sensor frames the core's clock (sensor time) stands still; the link is then kept
 * alive from the board's own clock, so a ground station still sees the vehicle and can read
 * its parameters. */
enum { SENSOR_SILENCE_MS = 200, IDLE_HEARTBEAT_MS = 1000, PARAM_SAVE_QUIET_MS = 1000, TIMING_REPORT_MS = 1000 };

/* How often the signing timestamps are saved while they move, and how far past the stored one a
 * board starts after a reset (10 µs units), so it never signs a timestamp it used before. */
enum { SIGNING_SAVE_MS = 60000 };
#define SIGNING_RESTART_MARGIN 6100000ull

typedef struct {
  fc_t* fc;
  fc_link_t* link;
  uint32_t last_sensor_ms;
  bool sensors_seen;
  fc_gps_t gps;                /* the last HIL_GPS fix, handed to the core with the next HIL_SENSOR */
  mavlink_hil_sensor_t sample; /* the newest HIL_SENSOR, for the next pass */
  bool sample_pending;
  signing_flash_t param_flash;
  bool params_dirty; /* a PARAM_SET took effect and is not saved yet */
  uint32_t params_changed_ms;
  loop_timing_t timing;
  uint32_t steps; /* control steps since the last timing report */
} flight_t;

static void send_uart(void* context, const uint8_t* frame, size_t length) {
  (void)context;
  board_uart_write(frame, length);
}

static void statustext(fc_link_t* link, uint8_t severity, const char* text) {
  mavlink_statustext_t t;
  memset(&t, 0, sizeof t);
  t.severity = severity;
  const size_t n = strlen(text);
  memcpy(t.text, text, n < sizeof t.text ? n : sizeof t.text); /* unterminated when full, as MAVLink allows */
  fc_link_send(link, MAVLINK_MSG_ID_STATUSTEXT, &t);
}

/* The pending sample: a control step, the motor duties to the PWM and back to the simulator,
 * and telemetry (as vayu_sitl's on_sensor_frame). */
static void control_step(flight_t* f) {
  if (!f->sample_pending) return;
  f->sample_pending = false;
  ++f->steps;
  fc_sensors_t sensors;
  fc_sensors_from_hil(&f->sample, &f->gps, &sensors);
  fc_step(f->fc, &sensors);
  f->last_sensor_ms = board_time_ms();
  f->sensors_seen = true;
  board_pwm_write(f->fc->state.out.duty, f->fc->config.mixer.motor_count);

  mavlink_hil_actuator_controls_t out;
  fc_hil_actuator_controls(f->fc, f->sample.time_usec, &out);
  /* one link, one sender: the ground station sees one unbroken (and, with a key, signed) sequence */
  fc_link_send(f->link, MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS, &out);
  fc_link_update(f->link, f->fc, &sensors);
}

/* The UART is the board's private link (wired to the station, as USB would be): SETUP_SIGNING is
 * taken there. With a key, the HIL frames too must be signed. */
static void on_frame(void* context, const mavlink_frame_t* frame) {
  flight_t* f = context;
  if (!fc_link_accept(f->link, f->fc, frame, true)) return;
  mavlink_hil_gps_t gps;
  if (frame->msgid == MAVLINK_MSG_ID_HIL_SENSOR) {
    if (f->sample_pending) control_step(f); /* two in one pass (not lockstep): both stepped, in order */
    f->sample_pending = mavlink_hil_sensor_decode(frame, &f->sample);
  } else if (mavlink_hil_gps_decode(frame, &gps)) {
    fc_gps_from_hil(&gps, &f->gps); /* for the next step */
  } else {
    fc_link_dispatch(f->link, f->fc, frame);
  }
}

/* Once a pass while no sensor frames arrive: parameter lists and events go out, and a
 * HEARTBEAT and SYS_STATUS once a second by the board's clock. */
static void idle_link_tick(flight_t* f, uint32_t now_ms, uint32_t* next_heartbeat_ms) {
  if (f->sensors_seen && now_ms - f->last_sensor_ms < SENSOR_SILENCE_MS) return;
  if ((int32_t)(now_ms - *next_heartbeat_ms) >= 0) {
    *next_heartbeat_ms = now_ms + IDLE_HEARTBEAT_MS;
    f->link->next_heartbeat_us = f->fc->state.time_us; /* due now by the core's (stopped) clock */
    f->link->next_status_us = f->fc->state.time_us;
  }
  fc_link_update(f->link, f->fc, NULL);
}

/* Saves the signing record when SETUP_SIGNING changed it (told when the flash does not keep it)
 * or a minute after the last save while the timestamps moved; never while armed. Returns whether
 * the flash was written (the CPU stalled). */
static bool save_signing(fc_link_t* link, const fc_t* fc, const signing_flash_t* flash, uint32_t now_ms,
                         uint32_t* last_save_ms, uint64_t* saved_timestamp) {
  if (fc->state.armed) return false;
  const bool changed = link->signing_changed;
  const bool moved = link->signing.enabled && mavlink_signing_now(&link->signing) != *saved_timestamp &&
                     now_ms - *last_save_ms >= SIGNING_SAVE_MS;
  if (!changed && !moved) return false;
  link->signing_changed = false;
  *last_save_ms = now_ms;
  *saved_timestamp = mavlink_signing_now(&link->signing);
  const char* problem = "";
  if (signing_store_save(flash, &link->signing, &problem) || !changed) return true;
  statustext(link, 4, "Signing key not kept in flash: lasts until reset");
  return true;
}

/* The parameters saved once PARAM_SETs have stopped for PARAM_SAVE_QUIET_MS, while disarmed (an
 * armed vehicle's changes wait for the disarm); a flash that does not keep them is said. */
static void save_params(flight_t* f, uint32_t now_ms) {
  if (f->link->params_changed) {
    f->link->params_changed = false;
    f->params_dirty = true;
    f->params_changed_ms = now_ms;
  }
  if (!f->params_dirty || f->fc->state.armed || now_ms - f->params_changed_ms < PARAM_SAVE_QUIET_MS) return;
  f->params_dirty = false;
  loop_timing_stalled(&f->timing);
  const char* problem = "";
  if (param_store_save(&f->param_flash, &f->fc->config.params, &problem)) return;
  char text[FC_EVENT_TEXT];
  snprintf(text, sizeof text, "Parameters not saved: %s", problem);
  statustext(f->link, 4, text);
}

/* MAV_CMD_PREFLIGHT_STORAGE's storage (fc_link_param_storage_t): the parameters' flash sectors. */
static bool storage_save(void* context, const fc_params_t* params, const char** message) {
  flight_t* f = context;
  loop_timing_stalled(&f->timing);
  f->params_dirty = false;
  return param_store_save(&f->param_flash, params, message);
}

static bool storage_load(void* context, fc_params_t* params, const char** message) {
  flight_t* f = context;
  static param_store_report_t report; /* its message is read after the call */
  const bool found = param_store_load(&f->param_flash, params, &report);
  *message = report.message;
  return found;
}

/* At boot: the stored parameters in force (MODE_DEFAULT's mode with them), and what happened
 * said: how many were loaded and what was dropped, or that the defaults are in force. */
static void load_params(flight_t* f) {
  fc_params_t stored;
  fc_params_defaults(&stored);
  param_store_report_t report;
  if (!param_store_load(&f->param_flash, &stored, &report)) {
    statustext(f->link, 6, "Parameters: none stored, defaults in force");
    return;
  }
  const int refused = fc_link_apply_params(f->link, f->fc, &stored);
  f->fc->state.mode = (vayu_mode_t)(int)fc_param(&f->fc->config.params, FC_PARAM_MODE_DEFAULT);
  char text[FC_EVENT_TEXT];
  snprintf(text, sizeof text, "Parameters: %d loaded from flash", report.taken - refused);
  statustext(f->link, 6, text);
  if (report.message[0]) statustext(f->link, 4, report.message);
}

static void send_vector(fc_link_t* link, const char* name, float x, float y, float z) {
  mavlink_debug_vect_t v;
  memset(&v, 0, sizeof v);
  v.time_usec = (uint64_t)board_time_ms() * 1000u;
  memcpy(v.name, name, strlen(name) < sizeof v.name ? strlen(name) : sizeof v.name);
  v.x = x;
  v.y = y;
  v.z = z;
  fc_link_send(link, MAVLINK_MSG_ID_DEBUG_VECT, &v);
}

/* Once a second: the loop's timing over that second and the link's losses (DEBUG_VECT "LOOP_US",
 * "LOOP_N", "LINK_N"). */
static void report_timing(flight_t* f, uint32_t now_ms, uint32_t* next_report_ms) {
  if ((int32_t)(now_ms - *next_report_ms) < 0) return;
  *next_report_ms = now_ms + TIMING_REPORT_MS;
  loop_timing_report_t r;
  if (!loop_timing_take(&f->timing, &r)) return;
  send_vector(f->link, "LOOP_US", r.min_us, r.mean_us, r.max_us);
  send_vector(f->link, "LOOP_N", (float)r.periods, (float)r.overruns, (float)r.stalls);
  send_vector(f->link, "LINK_N", (float)board_uart_overruns(), (float)board_uart_tx_full_waits(), (float)f->steps);
  f->steps = 0;
}

/* Sleeps until the next tick (the UART's interrupt wakes it too, and it sleeps again). Interrupts
 * are masked around the check, so a tick between the check and WFI still wakes it (WFI wakes on a
 * pending interrupt even when masked); they are taken at cpsie. */
static uint32_t wait_for_tick(uint32_t last_tick) {
  for (;;) {
    __asm volatile("cpsid i" ::: "memory");
    if (board_time_ms() == last_tick) __asm volatile("wfi");
    __asm volatile("cpsie i" ::: "memory");
    const uint32_t now = board_time_ms();
    if (now != last_tick) return now;
  }
}

int main(void) {
  const board_clock_t clock = board_clock_init();
  board_time_init(clock.clocks.hclk_hz);
  board_pwm_init(clock.clocks.tim_apb1_hz);
  board_uart_init(clock.clocks.pclk2_hz);

  static fc_t fc;
  fc_mixer_table_t mixer;
  fc_mixer_quad_x(&mixer);
  fc_init(&fc, &mixer);

  static fc_link_t link;
  fc_link_init(&link, &fc, send_uart, NULL);
  link.estimate_period_us = 0; /* 115200 baud: the room is the HIL frames' */
  static flight_t flight;
  flight.fc = &fc;
  flight.link = &link;
  flight.param_flash = board_param_flash();
  loop_timing_init(&flight.timing);
  link.storage = (fc_link_param_storage_t){storage_save, storage_load, &flight};
  statustext(&link, clock.severity, clock.message);
  load_params(&flight);
  const signing_flash_t signing_flash = board_signing_flash();
  if (signing_store_load(&signing_flash, &link.signing) && link.signing.enabled)
    mavlink_signing_advance(&link.signing, link.signing.timestamp + SIGNING_RESTART_MARGIN);
  uint32_t last_signing_save_ms = board_time_ms();
  uint64_t saved_signing_timestamp = mavlink_signing_now(&link.signing);
  static mavlink_parser_t parser;
  mavlink_parser_init(&parser);

  uint32_t tick = board_time_ms(), next_heartbeat_ms = tick, next_report_ms = tick + TIMING_REPORT_MS;
  uint8_t buffer[128];
  for (;;) {
    const uint32_t now_ms = wait_for_tick(tick);
    loop_timing_pass(&flight.timing, board_time_us(), now_ms - tick);
    tick = now_ms;
    mavlink_signing_set_clock(&link.signing, (uint64_t)now_ms * 100u); /* 10 µs units */
    for (size_t n; (n = board_uart_read(buffer, sizeof buffer)) > 0;)
      mavlink_parse_all(&parser, buffer, n, on_frame, &flight);
    control_step(&flight);
    idle_link_tick(&flight, now_ms, &next_heartbeat_ms);
    if (save_signing(&link, &fc, &signing_flash, now_ms, &last_signing_save_ms, &saved_signing_timestamp))
      loop_timing_stalled(&flight.timing);
    save_params(&flight, now_ms);
    report_timing(&flight, now_ms, &next_report_ms);
  }
}
