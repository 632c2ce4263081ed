/* vayu on the STM32F405: the same flight core as vayu_sitl, in hardware-in-the-loop mode.
 * The ground station talks MAVLink over USART1 (HEARTBEAT, parameters, commands,
 * MANUAL_CONTROL, telemetry) and its simulator feeds the sensors on the same link: each
 * HIL_SENSOR received is one control step, answered with HIL_ACTUATOR_CONTROLS stamped with
 * the frame's time (what the simulator's lockstep waits for), and the duties drive the PWM.
 *
 * The MAVLink signing record (key, timestamp, streams) is kept in flash (board_flash.c,
 * signing_store.h): saved when SETUP_SIGNING changes it and once a minute while the timestamps
 * move, only while disarmed (an erase stalls the CPU), and loaded at boot.
 *
 * MISSING for a real flight: sensor drivers (IMU, magnetometer, barometer: the sensors come
 * only from HIL_SENSOR in this build), the clock tree (see board.h), parameter storage in
 * flash (parameters start from their defaults at every boot; a PARAM_SET lasts until reset),
 * and a watchdog. */
#include "firmware/link/fc_link.h"
#include "firmware/core/flight.h"
#include "firmware/hal/stm32f4/board.h"
#include "firmware/mavlink/mavlink_codec.h"

#include <string.h>

/* Without sensor frames the core's clock (sensor time) stands still; the link is then kept
 * alive from the board's own clock, so a ground station still sees the vehicle and can read
 * its parameters. */
enum { SENSOR_SILENCE_MS = 200, IDLE_HEARTBEAT_MS = 1000 };

/* How often the signing timestamps are saved while they move, and how far past the stored one a
 * board starts after a reset (10 µs units), so it never signs a timestamp it used before. */
enum { SIGNING_SAVE_MS = 60000 };
#define SIGNING_RESTART_MARGIN 6100000ull

typedef struct {
  fc_t* fc;
  fc_link_t* link;
  uint32_t last_sensor_ms;
  bool sensors_seen;
  fc_gps_t gps; /* the last HIL_GPS fix, handed to the core with the next HIL_SENSOR */
} flight_t;

static void send_uart(void* context, const uint8_t* frame, size_t length) {
  (void)context;
  board_uart_write(frame, length);
}

/* One HIL_SENSOR: a control step, the motor duties to the PWM and back to the simulator, and
 * telemetry (as vayu_sitl's on_sensor_frame). */
static void on_sensor_frame(flight_t* f, const mavlink_frame_t* frame) {
  mavlink_hil_sensor_t h;
  if (!mavlink_hil_sensor_decode(frame, &h)) return;
  fc_sensors_t sensors;
  fc_sensors_from_hil(&h, &f->gps, &sensors);
  fc_step(f->fc, &sensors);
  f->last_sensor_ms = board_time_ms();
  f->sensors_seen = true;
  board_pwm_write(f->fc->state.out.duty, f->fc->config.mixer.motor_count);

  mavlink_hil_actuator_controls_t out;
  fc_hil_actuator_controls(f->fc, h.time_usec, &out);
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
  if (frame->msgid == MAVLINK_MSG_ID_HIL_SENSOR)
    on_sensor_frame(f, frame);
  else if (mavlink_hil_gps_decode(frame, &gps))
    fc_gps_from_hil(&gps, &f->gps); /* for the next step */
  else
    fc_link_dispatch(f->link, f->fc, frame);
}

/* Once a millisecond while no sensor frames arrive: parameter lists and events go out, and a
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
 * or a minute after the last save while the timestamps moved; never while armed. */
static void save_signing(fc_link_t* link, const fc_t* fc, const signing_flash_t* flash, uint32_t now_ms,
                         uint32_t* last_save_ms, uint64_t* saved_timestamp) {
  if (fc->state.armed) return;
  const bool changed = link->signing_changed;
  const bool moved = link->signing.enabled && mavlink_signing_now(&link->signing) != *saved_timestamp &&
                     now_ms - *last_save_ms >= SIGNING_SAVE_MS;
  if (!changed && !moved) return;
  link->signing_changed = false;
  *last_save_ms = now_ms;
  *saved_timestamp = mavlink_signing_now(&link->signing);
  const char* problem = "";
  if (signing_store_save(flash, &link->signing, &problem) || !changed) return;
  mavlink_statustext_t t;
  memset(&t, 0, sizeof t);
  t.severity = 4; /* MAV_SEVERITY_WARNING */
  strncpy(t.text, "Signing key not kept in flash: lasts until reset", sizeof t.text);
  fc_link_send(link, MAVLINK_MSG_ID_STATUSTEXT, &t);
}

int main(void) {
  board_time_init();
  board_pwm_init();
  board_uart_init();

  static fc_t fc;
  fc_mixer_table_t mixer;
  fc_mixer_quad_x(&mixer);
  fc_init(&fc, &mixer); /* parameters at their defaults (no flash storage yet), MODE_DEFAULT's mode */

  static fc_link_t link;
  fc_link_init(&link, &fc, send_uart, NULL);
  link.estimate_period_us = 0; /* 115200 baud: the room is the HIL frames' */
  const signing_flash_t flash = board_signing_flash();
  if (signing_store_load(&flash, &link.signing) && link.signing.enabled)
    mavlink_signing_advance(&link.signing, link.signing.timestamp + SIGNING_RESTART_MARGIN);
  uint32_t last_signing_save_ms = board_time_ms();
  uint64_t saved_signing_timestamp = mavlink_signing_now(&link.signing);
  static mavlink_parser_t parser;
  mavlink_parser_init(&parser);
  flight_t flight = {&fc, &link, 0, false, {false, 0, {0, 0, 0}}};

  uint32_t last_tick_ms = board_time_ms(), next_heartbeat_ms = last_tick_ms;
  uint8_t buffer[128];
  for (;;) {
    const size_t n = board_uart_read(buffer, sizeof buffer);
    mavlink_signing_set_clock(&link.signing, (uint64_t)board_time_ms() * 100u); /* 10 µs units */
    if (n > 0) mavlink_parse_all(&parser, buffer, n, on_frame, &flight);
    const uint32_t now_ms = board_time_ms();
    if (now_ms != last_tick_ms) {
      last_tick_ms = now_ms;
      idle_link_tick(&flight, now_ms, &next_heartbeat_ms);
      save_signing(&link, &fc, &flash, now_ms, &last_signing_save_ms, &saved_signing_timestamp);
    }
    /* Sleep until the next interrupt (a received byte or the 1 ms tick); a byte that came in
     * just before is read at the latest one tick later. */
    if (n == 0) __asm volatile("wfi");
  }
}
