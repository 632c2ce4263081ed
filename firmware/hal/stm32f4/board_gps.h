/* The board's GNSS receiver: a u-blox M8 on USART3 (board_serial.h) through the u-blox driver
 * (firmware/drivers/ublox.h), which finds it at whatever baud it talks (a factory-fresh one at
 * 9600 with NMEA) and moves it to 115200 baud, UBX NAV-PVT every 100 ms.
 *
 * Each pass of the main loop polls the driver (it never waits). What it gives:
 *   - the core: a NAV-PVT with a 3-D fix and gnssFixOK becomes the pending GPS velocity fix (the
 *     same slot HIL_GPS fills), stamped with the core's clock at the pass it was read: the
 *     receiver's own latency (tens of milliseconds) is not subtracted;
 *   - the station: GPS_RAW_INT for each NAV-PVT, at most every BOARD_GPS_RAW_PERIOD_US (position,
 *     heights, velocity, accuracies and satellites as the receiver sent them; eph/epv unknown,
 *     since NAV-PVT carries only pDOP);
 *   - health: the driver's state and message through fc_sensor_health (SYS_STATUS's GPS bit, and
 *     a STATUSTEXT on each change), on every change and once a second.
 * The rule between the two sources: a real receiver wins. While the driver runs and its latest
 * NAV-PVT is younger than UBLOX_LOST_MIN_US (board_gps_delivers), HIL_GPS frames are ignored; a
 * receiver that goes quiet hands the fix back to HIL_GPS until it delivers again. While HIL_GPS
 * is the source (one came within BOARD_GPS_HIL_FRESH_US and no receiver delivers), the GPS in
 * force is the simulator's: its health is reported ok, the message naming it and what the
 * receiver's driver says ("GPS: HIL_GPS in force; u-blox: not answering at any baud ..."). */
#ifndef NAVIGATOR_STM32F4_BOARD_GPS_H
#define NAVIGATOR_STM32F4_BOARD_GPS_H

#include "firmware/core/flight.h"
#include "firmware/drivers/ublox.h"
#include "firmware/link/fc_link.h"

#include <stdbool.h>
#include <stdint.h>

#define BOARD_GPS_RAW_PERIOD_US 200000u /* GPS_RAW_INT at most 5 Hz: ~0.3 kB/s of the link's 11.5 */
#define BOARD_GPS_HEALTH_PERIOD_US 1000000u
#define BOARD_GPS_HIL_FRESH_US 1000000u

typedef struct {
  ublox_t driver;
  bool started;
  uint64_t next_raw_us;
  int reported_code;
  uint64_t next_health_us;
  uint32_t fixes; /* 3-D fixes handed to the core */
  bool hil_seen;
  uint64_t hil_us; /* when the last HIL_GPS arrived (board clock) */
} board_gps_t;

/* Starts the driver on USART3 (initialised by the caller); says a bad configuration. */
void board_gps_start(board_gps_t* gps, fc_t* fc);
/* One pass: polls the driver; a new 3-D fix goes into *pending (for the next control step). */
void board_gps_pass(board_gps_t* gps, fc_t* fc, fc_link_t* link, fc_gps_t* pending, uint64_t now_us);
/* Whether the receiver delivers NAV-PVT now (HIL_GPS is then ignored). */
bool board_gps_delivers(const board_gps_t* gps, uint64_t now_us);
/* A HIL_GPS frame arrived: true when it is to be taken (no receiver delivers). */
bool board_gps_hil(board_gps_t* gps, uint64_t now_us);

#endif
