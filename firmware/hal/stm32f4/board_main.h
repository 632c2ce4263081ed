/* What the board image's main loop (vayu_board.c) shares with its parts: the loop's state, and
 * the flash upkeep of parameters and the signing record (board_storage.c). */
#ifndef NAVIGATOR_STM32F4_BOARD_MAIN_H
#define NAVIGATOR_STM32F4_BOARD_MAIN_H

#include "firmware/core/flight.h"
#include "firmware/hal/stm32f4/board_gps.h"
#include "firmware/hal/stm32f4/board_radio.h"
#include "firmware/hal/stm32f4/board_sensors.h"
#include "firmware/hal/stm32f4/loop_timing.h"
#include "firmware/link/fc_link.h"
#include "firmware/link/signing_store.h"
#include "firmware/mavlink/mavlink_codec.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct {
  fc_t* fc;
  fc_link_t* link;
  uint32_t last_sensor_ms;
  bool sensors_seen;
  fc_gps_t gps;                /* the pending GPS fix (the receiver's, else HIL_GPS's), for the next step */
  mavlink_hil_sensor_t sample; /* the newest HIL_SENSOR, for the next pass */
  bool sample_pending;
  signing_flash_t param_flash;
  bool params_dirty; /* a PARAM_SET took effect and is not saved yet */
  uint32_t params_changed_ms;
  loop_timing_t timing;
  uint32_t steps; /* control steps since the last timing report */
  board_gps_t receiver;
  board_radio_t radio;
  board_sensors_t chips; /* the board's IMU, barometer and battery */
} flight_t;

/* One STATUSTEXT of up to 50 characters (longer text is cut). */
void board_statustext(fc_link_t* link, uint8_t severity, const char* text);

/* At boot: the stored parameters in force, and what happened said. */
void board_load_params(flight_t* f);
/* The parameters saved once PARAM_SETs have stopped for a second, while disarmed. */
void board_save_params(flight_t* f, uint32_t now_ms);
/* MAV_CMD_PREFLIGHT_STORAGE's storage: the parameters' flash sectors. */
fc_link_param_storage_t board_param_storage(flight_t* f);
/* Saves the signing record when SETUP_SIGNING changed it or a minute after the last save while
 * the timestamps moved; never while armed. Returns whether the flash was written. */
bool board_save_signing(fc_link_t* link, const fc_t* fc, const signing_flash_t* flash, uint32_t now_ms,
                        uint32_t* last_save_ms, uint64_t* saved_timestamp);

#endif
