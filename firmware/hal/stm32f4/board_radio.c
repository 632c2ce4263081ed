/* The board's radio receiver (board_radio.h). */
#include "firmware/hal/stm32f4/board_radio.h"

#include "firmware/hal/stm32f4/board.h"
#include "firmware/hal/stm32f4/board_serial.h"
#include "firmware/link/fc_link_status.h"

#include <stdio.h>
#include <string.h>

#if NAVIGATOR_BOARD_RC_SBUS
static bool radio_start(board_radio_t* radio) {
  const sbus_config_t config = sbus_config_default();
  return sbus_start(&radio->driver, board_serial_bus(BOARD_SERIAL_RC), board_bus_clock(), &config);
}
#define RADIO_POLL(d, in) (sbus_poll((d), (in)) == SBUS_POLL_NEW)
#define RADIO_HEALTH(d) (int)sbus_health(d)
#define RADIO_MESSAGE(d) sbus_message(d)
#else
static bool radio_start(board_radio_t* radio) {
  const crsf_config_t config = crsf_config_default();
  return crsf_start(&radio->driver, board_serial_bus(BOARD_SERIAL_RC), board_bus_clock(), &config);
}
#define RADIO_POLL(d, in) (crsf_poll((d), (in)) == CRSF_POLL_NEW)
#define RADIO_HEALTH(d) (int)crsf_health(d)
#define RADIO_MESSAGE(d) crsf_message(d)
#endif

void board_radio_start(board_radio_t* radio, fc_t* fc) {
  memset(radio, 0, sizeof *radio);
  radio->reported_code = -1;
  radio->started = radio_start(radio);
  if (!radio->started) fc_sensor_health(fc, FC_SENSOR_RC, RADIO_HEALTH(&radio->driver), RADIO_MESSAGE(&radio->driver));
}

/* The channel map from the parameters (RC_MAP_*, RC1..8 MIN/TRIM/MAX/REV/DZ); false with the
 * problem when it is unusable. */
static bool channel_map(const fc_params_t* p, rc_map_config_t* map, char* problem, size_t capacity) {
  *map = rc_map_config_default();
  map->map_roll = (uint8_t)fc_param(p, FC_PARAM_RC_MAP_ROLL);
  map->map_pitch = (uint8_t)fc_param(p, FC_PARAM_RC_MAP_PITCH);
  map->map_throttle = (uint8_t)fc_param(p, FC_PARAM_RC_MAP_THROTTLE);
  map->map_yaw = (uint8_t)fc_param(p, FC_PARAM_RC_MAP_YAW);
  for (int ch = 1; ch <= FC_RC_CAL_CHANNELS; ++ch) {
    fc_rc_channel_cal_t c;
    if (!fc_rc_channel_cal(p, ch, &c)) continue;
    map->channel[ch - 1] = (rc_channel_cal_t){c.min_us, c.trim_us, c.max_us, c.reversed, c.deadband_us};
  }
  return rc_map_config_check(map, problem, capacity);
}

/* The driver's result to the core: a new frame, or a change of failsafe. */
static void give(board_radio_t* radio, fc_t* fc, bool new_frame) {
  const rc_input_t* in = &radio->input;
  if (!new_frame && (!radio->given || in->failsafe == radio->given_failsafe)) return;
  fc_rc_frame_t frame;
  memset(&frame, 0, sizeof frame);
  frame.failsafe = in->failsafe;
  frame.link_quality_pct = in->link_quality_pct;
  frame.frame_count = in->frames;
  rc_map_config_t map;
  rc_sticks_t sticks = {0.0f, 0.0f, 0.0f, 0.0f};
  radio->map_problem[0] = '\0';
  if (!channel_map(&fc->config.params, &map, radio->map_problem, sizeof radio->map_problem)) frame.failsafe = true;
  if (!frame.failsafe && !rc_map_sticks(&map, in, &sticks)) frame.failsafe = true;
  frame.sticks = (fc_sticks_t){sticks.roll, sticks.pitch, sticks.yaw, sticks.throttle};
  fc_rc_input(fc, &frame);
  radio->given = true;
  radio->given_failsafe = in->failsafe;
}

static void send_channels(fc_link_t* link, const rc_input_t* in) {
  mavlink_rc_channels_t m;
  fc_link_rc_channels(in->channels_us, in->channel_count, in->link_quality_pct, board_time_ms(), &m);
  fc_link_send(link, MAVLINK_MSG_ID_RC_CHANNELS, &m);
}

static void report_health(board_radio_t* radio, fc_t* fc, uint64_t now_us) {
  const bool bad_map = radio->map_problem[0] != '\0';
  const int code = bad_map ? BOARD_RADIO_BAD_MAP : RADIO_HEALTH(&radio->driver);
  if (code == radio->reported_code && now_us < radio->next_health_us) return;
  radio->reported_code = code;
  radio->next_health_us = now_us + BOARD_RADIO_HEALTH_PERIOD_US;
  char text[FC_HEALTH_TEXT];
  if (bad_map)
    snprintf(text, sizeof text, "RC map unusable: %s", radio->map_problem);
  else
    snprintf(text, sizeof text, "%s", RADIO_MESSAGE(&radio->driver));
  fc_sensor_health(fc, FC_SENSOR_RC, code, text);
}

void board_radio_pass(board_radio_t* radio, fc_t* fc, fc_link_t* link, uint64_t now_us) {
  if (!radio->started) return;
  const bool new_frame = RADIO_POLL(&radio->driver, &radio->input);
  if ((int)fc_param(&fc->config.params, FC_PARAM_RC_IN_MODE) == FC_RC_IN_STATION) return;
  give(radio, fc, new_frame);
  if (radio->input.frames > 0 && now_us >= radio->next_channels_us) {
    radio->next_channels_us = now_us + BOARD_RADIO_CHANNELS_PERIOD_US;
    send_channels(link, &radio->input);
  }
  report_health(radio, fc, now_us);
}
