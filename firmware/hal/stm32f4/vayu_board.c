/* vayu on the STM32F405: the same flight core as vayu_sitl. The ground station talks MAVLink over
 * USART1 (HEARTBEAT, parameters, commands, MANUAL_CONTROL, telemetry); the board's own chips and
 * receivers are read by their drivers (firmware/drivers): a u-blox GNSS receiver on USART3
 * (board_gps.h), a CRSF radio receiver on USART6 (board_radio.h), a BMX160 and a BMP388 on SPI2
 * and the battery on ADC1 (board_sensors.h). When the BMX160 answers at boot it drives the control
 * step; otherwise (QEMU, or a board without it) the station's simulator does, hardware in the
 * loop: the newest HIL_SENSOR is one control step, answered with HIL_ACTUATOR_CONTROLS stamped
 * with the frame's time (what the simulator's lockstep waits for), and the duties drive the PWM.
 * HIL_GPS fills the GPS fix only while no real receiver delivers (a real receiver wins).
 *
 * The loop runs at 1 kHz on the SysTick tick (board_time.c): each pass reads what the link
 * received, polls the GPS and radio drivers (the receiver's sticks go to the core through
 * fc_rc_input per RC_IN_MODE, its loss into the core's pilot-input failsafe; the drivers' health
 * through fc_sensor_health into SYS_STATUS and STATUSTEXT), reads the board's chips, steps the core
 * on the IMU's sample or the pending HIL_SENSOR (one step per pass: the simulator's lockstep sends
 * the next sample only after the answer, and 115200 baud carries a HIL_SENSOR in 6.7 ms; samples
 * queued behind a flash stall are each stepped, in order), and does the link's and the flash's
 * upkeep (board_storage.c). Its timing is measured on the microsecond clock (loop_timing.h) and
 * sent once a second as DEBUG_VECTs: "LOOP_US" (x min, y mean, z max period between passes, µs,
 * over that second), "LOOP_N" (x periods measured in it, y overruns and z flash stalls since boot)
 * and "LINK_N" (x received bytes lost and y writes that waited for room in the send ring, since
 * boot; z control steps in that second).
 *
 * MISSING for a real flight: a watchdog, and proof on hardware: the SPI and ADC paths to the
 * board's own chips have met only QEMU (nothing on its bus) and the chip models on the host, and
 * the IMU is polled each pass rather than read on its data-ready interrupt. */
#include "firmware/core/flight.h"
#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/board_main.h"
#include "firmware/hal/stm32f4/board_serial.h"
#include "firmware/hal/stm32f4/board_spi.h"
#include "firmware/hal/stm32f4/loop_timing.h"
#include "firmware/link/fc_link.h"
#include "firmware/mavlink/mavlink_codec.h"

#include <string.h>

/* Without sensor frames the core's clock (sensor time) stands still; the link is then kept
 * alive from the board's own clock, so a ground station still sees the vehicle and can read
 * its parameters. */
enum { SENSOR_SILENCE_MS = 200, IDLE_HEARTBEAT_MS = 1000, TIMING_REPORT_MS = 1000 };

/* How far past the stored signing timestamp a board starts after a reset (10 µs units), so it
 * never signs a timestamp it used before. */
#define SIGNING_RESTART_MARGIN 6100000ull

static void send_uart(void* context, const uint8_t* frame, size_t length) {
  (void)context;
  board_serial_write_all(BOARD_SERIAL_LINK, frame, length);
}

/* The pending sample: a control step, the motor duties to the PWM and back to the simulator,
 * and telemetry (as vayu_sitl's on_sensor_frame). */
static void control_step(flight_t* f) {
  if (!f->sample_pending) return;
  f->sample_pending = false;
  if (board_sensors_imu_drives(&f->chips)) return; /* the board's own IMU steps the core */
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

/* A sample of the board's own IMU: a control step, the duties to the PWM, telemetry. */
static void own_step(flight_t* f, const fc_sensors_t* sensors) {
  ++f->steps;
  fc_step(f->fc, sensors);
  f->last_sensor_ms = board_time_ms();
  f->sensors_seen = true;
  board_pwm_write(f->fc->state.out.duty, f->fc->config.mixer.motor_count);
  fc_link_update(f->link, f->fc, sensors);
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
    if (board_gps_hil(&f->receiver, board_time_us64())) fc_gps_from_hil(&gps, &f->gps); /* for the next step */
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
  const board_serial_counts_t link = board_serial_counts(BOARD_SERIAL_LINK);
  send_vector(f->link, "LINK_N", (float)link.overruns, (float)link.tx_full_waits, (float)f->steps);
  f->steps = 0;
}

/* Sleeps until the next tick (the UARTs' interrupts wake it too, and it sleeps again). Interrupts
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

/* The peripherals, the core, the link and the stored parameters; what the clock runs from said. */
static void board_start(flight_t* f, fc_t* fc, fc_link_t* link) {
  const board_clock_t clock = board_clock_init();
  board_time_init(clock.clocks.hclk_hz);
  board_pwm_init(clock.clocks.tim_apb1_hz);
  const uint32_t apb1_hz = clock.clocks.pclk1_hz, apb2_hz = clock.clocks.pclk2_hz;
  board_serial_init(BOARD_SERIAL_LINK, apb1_hz, apb2_hz, BOARD_UART_BAUD);
  board_serial_init(BOARD_SERIAL_GPS, apb1_hz, apb2_hz, 9600u); /* the driver sets its own rates */
  board_serial_init(BOARD_SERIAL_RC, apb1_hz, apb2_hz, CRSF_BAUD);
#if NAVIGATOR_BOARD_RC_SBUS
  board_serial_set_format(BOARD_SERIAL_RC, 100000u, BOARD_SERIAL_8E2);
#endif

  fc_mixer_table_t mixer;
  fc_mixer_quad_x(&mixer);
  fc_init(fc, &mixer);
  fc_link_init(link, fc, send_uart, NULL);
  link->estimate_period_us = 0; /* 115200 baud: the room is the HIL frames' */
  f->fc = fc;
  f->link = link;
  f->param_flash = board_param_flash();
  loop_timing_init(&f->timing);
  link->storage = board_param_storage(f);
  board_statustext(link, clock.severity, clock.message);
  board_load_params(f);
  board_spi_init();
  board_adc_init();
  board_sensors_start(&f->chips, fc);
  board_gps_start(&f->receiver, fc);
  board_radio_start(&f->radio, fc);
}

int main(void) {
  static fc_t fc;
  static fc_link_t link;
  static flight_t flight;
  board_start(&flight, &fc, &link);
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
    const uint64_t now_us = board_time_us64();
    mavlink_signing_set_clock(&link.signing, (uint64_t)now_ms * 100u); /* 10 µs units */
    for (size_t n; (n = board_serial_read(BOARD_SERIAL_LINK, buffer, sizeof buffer)) > 0;)
      mavlink_parse_all(&parser, buffer, n, on_frame, &flight);
    board_gps_pass(&flight.receiver, &fc, &link, &flight.gps, now_us);
    board_radio_pass(&flight.radio, &fc, &link, now_us);
    fc_sensors_t own;
    if (board_sensors_pass(&flight.chips, &fc, &flight.gps, &own, now_us)) own_step(&flight, &own);
    control_step(&flight);
    idle_link_tick(&flight, now_ms, &next_heartbeat_ms);
    if (board_save_signing(&link, &fc, &signing_flash, now_ms, &last_signing_save_ms, &saved_signing_timestamp))
      loop_timing_stalled(&flight.timing);
    board_save_params(&flight, now_ms);
    report_timing(&flight, now_ms, &next_report_ms);
  }
}
