/* The board's radio receiver: CRSF (ExpressLRS, TBS Crossfire) at 420000 baud 8N1 on USART6
 * (board_serial.h), through the CRSF driver (firmware/drivers/crsf.h).
 *
 * Each pass of the main loop polls the driver (it never waits). What it gives:
 *   - the core, while RC_IN_MODE is 1 or 2: each new RC frame's channels mapped to sticks by the
 *     RC_MAP_* and RCn_* parameters (rc_input.h's rc_map_sticks) through fc_rc_input, and every
 *     change of the driver's failsafe. A receiver in failsafe brings no sticks: the core's pilot
 *     input ages into its FS_TIMEOUT_S failsafe, exactly as a quiet MANUAL_CONTROL link does
 *     (RC_IN_MODE 2 first falls back to the station's MANUAL_CONTROL while that is fresh). A
 *     channel map the parameters make unusable counts as failsafe and is said (health code
 *     BOARD_RADIO_BAD_MAP);
 *   - the station: RC_CHANNELS (the channels in microseconds, chancount, rssi = uplink LQ scaled
 *     to 0..254, 255 unknown) every BOARD_RADIO_CHANNELS_PERIOD_US once a frame came;
 *   - health: the driver's state and message through fc_sensor_health (SYS_STATUS's RC bit and a
 *     STATUSTEXT on each change), on every change and once a second; not while RC_IN_MODE is 0
 *     (the receiver is not used then).
 * SBUS instead of CRSF: build with -DNAVIGATOR_BOARD_RC_SBUS=ON (the board's CMake option); the
 * port is then 100000 baud 8E2, and the F405's USART cannot invert its RX pin: an SBUS receiver
 * needs an inverter in front of PC7. */
#ifndef NAVIGATOR_STM32F4_BOARD_RADIO_H
#define NAVIGATOR_STM32F4_BOARD_RADIO_H

#include "firmware/core/flight.h"
#include "firmware/drivers/crsf.h"
#include "firmware/drivers/sbus.h"
#include "firmware/link/fc_link.h"

#include <stdbool.h>
#include <stdint.h>

#define BOARD_RADIO_CHANNELS_PERIOD_US 200000u /* RC_CHANNELS at 5 Hz: ~0.27 kB/s of the link */
#define BOARD_RADIO_HEALTH_PERIOD_US 1000000u
enum { BOARD_RADIO_BAD_MAP = 100 }; /* the health code of an unusable channel map */

typedef struct {
#if NAVIGATOR_BOARD_RC_SBUS
  sbus_t driver;
#else
  crsf_t driver;
#endif
  bool started;
  rc_input_t input;
  bool given;          /* fc_rc_input has been called */
  bool given_failsafe; /* the failsafe of the last call */
  uint64_t next_channels_us;
  int reported_code;
  uint64_t next_health_us;
  char map_problem[80];
} board_radio_t;

/* Starts the driver on USART6 (initialised by the caller at the protocol's rate and format). */
void board_radio_start(board_radio_t* radio, fc_t* fc);
void board_radio_pass(board_radio_t* radio, fc_t* fc, fc_link_t* link, uint64_t now_us);

#endif
