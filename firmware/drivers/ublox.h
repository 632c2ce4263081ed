/* A u-blox GNSS receiver (M8 generation, UBX protocol) on a UART: found at whatever baud it
 * talks, brought to UBX at the configured baud and rate, and read as NAV-PVT solutions.
 *
 * Source: u-blox 8 / u-blox M8 Receiver Description including Protocol Specification,
 * UBX-13003221: the messages UBX-CFG-PRT (port: baud, 8N1, protocols in and out), UBX-CFG-RATE
 * (measurement period), UBX-CFG-MSG (a message's rate on the port), UBX-CFG-NAV5 (dynamic
 * model), UBX-ACK-ACK / UBX-ACK-NAK (the answer to every CFG message) and UBX-NAV-PVT. Frames and
 * decoding are in ublox_parser.h. M9 and M10 receivers (protocol 27 and later) take the same
 * settings as CFG-VALSET keys instead (CFG-UART1-BAUDRATE 0x40520001, CFG-UART1OUTPROT-NMEA
 * 0x10740002, CFG-RATE-MEAS 0x30210001, CFG-MSGOUT-UBX_NAV_PVT_UART1 0x20910007,
 * CFG-NAVSPG-DYNMODEL 0x20110021); this driver speaks the M8's messages, which M9 still accepts
 * and M10 does not. docs/design/gps.md explains the choices.
 *
 * Start-up, without waiting (ublox_start, then ublox_poll from the loop, every 1..10 ms):
 *   search: the receiver's baud is not known (an M8 leaves the factory at 9600 with NMEA out; a
 *     receiver that kept its settings, or was configured by an earlier boot while it stayed
 *     powered, is at the target baud already). For each baud of the list (the target first, then
 *     9600, 38400, 57600, 115200, 230400, 460800): our UART at that baud, CFG-PRT (UART1, 8N1,
 *     the target baud, UBX + NMEA in, UBX out), a wait for its ACK there (a receiver sends it at
 *     the old baud, then switches), then our UART at the target baud and the same CFG-PRT again:
 *     its ACK at the target baud is the proof the receiver is there. A receiver at the target
 *     already answers the first CFG-PRT, which changes nothing on it.
 *   configure: CFG-RATE (measurement period, one solution per measurement, GPS time), CFG-MSG
 *     NAV-PVT once per solution, CFG-NAV5 dynamic model "airborne <4g" (when asked); each waits
 *     for its ACK (UBLOX_ANSWER_US after the bytes are out), is sent again up to
 *     UBLOX_CONFIG_TRIES times, and an ACK-NAK is remembered and reported (the next step goes on).
 *     The NMEA output is off by CFG-PRT's output mask, so no CFG-MSG per NMEA sentence is needed.
 *   run: NAV-PVT frames become samples. No NAV-PVT for the lost time (5 periods, at least 1 s)
 *     and the search starts again (a receiver that was reset is back at 9600 with NMEA).
 *
 * Health (ublox_health_t) and its message, for STATUSTEXT and the station's Board tab:
 *   OK              "u-blox: ok (3-D fix, 12 satellites, 115200 baud, every 100 ms)"
 *   SEARCHING       "u-blox: searching (9600 baud)", "u-blox: configuring at 115200 baud (CFG-RATE)",
 *                   "u-blox: configured, waiting for NAV-PVT"
 *   NOT_ANSWERING   "u-blox: not answering at any baud (nothing received for 2.0 s)"
 *   WRONG_BAUD      "u-blox: bytes arrive but no valid frame at any baud for 2.0 s (115200 9600 38400 57600
 *                   230400 460800)"
 *   CONFIG_REFUSED  "u-blox: CFG-RATE refused (ACK-NAK)", "u-blox: answers NMEA at 9600 baud but not the UBX
 *                   configuration"
 *   NO_FIX          "u-blox: no 3-D fix (fixType 2, gnssFixOK 0, 4 satellites)"
 *   BAD_FRAMES      "u-blox: 3 bad checksums, 1 cut frame since configured (the last 0.2 s ago)"
 * NOT_ANSWERING and WRONG_BAUD come after UBLOX_SILENT_US without a valid UBX frame or NMEA
 * sentence while searching; CONFIG_REFUSED stays until the next search; BAD_FRAMES lasts
 * UBLOX_BAD_FRAME_HOLD_US after the latest bad frame. In run, CONFIG_REFUSED outranks NO_FIX, which
 * outranks BAD_FRAMES. Samples are delivered whatever the health says (the caller gates on it). */
#ifndef NAVIGATOR_DRIVERS_UBLOX_H
#define NAVIGATOR_DRIVERS_UBLOX_H

#include "firmware/drivers/bus.h"
#include "firmware/drivers/ublox_parser.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  UBLOX_BAUD_COUNT = 6, /* the target, then the five other standard rates */
  UBLOX_CONFIG_TRIES = 3,
  UBLOX_MESSAGE_CAPACITY = 160,
  UBLOX_MIN_PERIOD_MS = 25, /* CFG-RATE's measRate lower bound (40 Hz) */
  UBLOX_MAX_PERIOD_MS = 1000
};

/* How long an answer may take after our frame and its answer have crossed the line. */
#define UBLOX_ANSWER_US 250000u
/* Searching this long without a valid frame or sentence makes the receiver NOT_ANSWERING or
 * WRONG_BAUD: more than one pass at the target and 9600 (2 x (250 ms + the line time)). */
#define UBLOX_SILENT_US 2000000u
#define UBLOX_BAD_FRAME_HOLD_US 1000000u
#define UBLOX_LOST_MIN_US 1000000u
#define UBLOX_LOST_PERIODS 5u

typedef enum {
  UBLOX_HEALTH_OK = 0,
  UBLOX_HEALTH_SEARCHING,
  UBLOX_HEALTH_NOT_ANSWERING,
  UBLOX_HEALTH_WRONG_BAUD,
  UBLOX_HEALTH_CONFIG_REFUSED,
  UBLOX_HEALTH_NO_FIX,
  UBLOX_HEALTH_BAD_FRAMES
} ublox_health_t;

typedef struct {
  uint32_t baud;                  /* the rate to run at: 9600, 38400, 57600, 115200, 230400 or 460800 */
  uint16_t measurement_period_ms; /* CFG-RATE measRate, 25..1000 (100: 10 Hz) */
  bool airborne_dynamic_model;    /* CFG-NAV5 dynModel 8, airborne <4g */
} ublox_config_t;

/* 115200 baud, 100 ms, airborne <4g. */
ublox_config_t ublox_config_default(void);

/* True when the baud is a standard one, the period within 25..1000 ms, and a NAV-PVT frame
 * (100 bytes, 1000 bits on an 8N1 line) takes at most half the period at that baud; else false
 * with `problem` (capacity bytes, may be NULL) naming the field and its value. */
bool ublox_config_check(const ublox_config_t* config, char* problem, size_t capacity);

typedef enum {
  UBLOX_STATE_PROBE_OLD = 0, /* CFG-PRT sent at a candidate baud, waiting for its ACK there */
  UBLOX_STATE_PROBE_TARGET,  /* CFG-PRT sent again at the target baud, waiting for its ACK */
  UBLOX_STATE_CONFIGURE,     /* CFG-RATE, CFG-MSG, CFG-NAV5 one by one */
  UBLOX_STATE_RUN
} ublox_state_t;

typedef struct {
  bus_uart_t uart;
  bus_clock_t clock;
  ublox_config_t config;
  ublox_parser_t parser;
  ublox_state_t state;
  uint32_t bauds[UBLOX_BAUD_COUNT];
  uint8_t baud_index; /* the candidate being tried */
  uint32_t line_baud; /* our UART's rate now */
  uint8_t step;       /* CONFIGURE: which message */
  uint8_t tries;      /* CONFIGURE: sends of this message so far */
  uint64_t deadline_us;
  uint8_t await_class, await_id; /* the CFG message whose ACK we wait for */
  int8_t answer;                 /* 0 none yet, 1 ACK-ACK, -1 ACK-NAK */
  uint64_t search_started_us;
  uint64_t last_valid_us; /* a good UBX frame or NMEA sentence */
  uint64_t last_pvt_us;
  uint64_t last_bad_frame_us;
  uint32_t bytes_since_valid;
  uint32_t valid_seen;       /* parser.frames + parser.nmea_sentences at the last look */
  uint32_t nmea_at_search;   /* parser.nmea_sentences when the search began */
  uint32_t nmea_seen;        /* parser.nmea_sentences at the last look */
  uint32_t nmea_baud;        /* the baud at which the last good NMEA sentence arrived */
  uint32_t checksums_at_run; /* parser.bad_checksums when the run began */
  uint32_t cuts_at_run;      /* parser.cut_frames when the run began */
  uint32_t bad_seen;
  bool started;
  bool refused;
  char refused_name[16];
  bool have_pvt;
  bool fresh;
  ublox_pvt_t latest;
  /* Counters since start. */
  uint32_t samples;
  uint32_t searches;         /* search passes begun (1 at start) */
  uint32_t bauds_tried;      /* candidates probed */
  uint32_t config_sends;     /* CFG frames written */
  uint32_t write_shortfalls; /* writes the UART did not take whole */
  ublox_health_t health;
  char message[UBLOX_MESSAGE_CAPACITY];
} ublox_t;

/* Begins the search (nothing waits; the first CFG-PRT goes out here) and returns true. An invalid
 * config touches no bus: false, with CONFIG_REFUSED naming the problem, and ublox_poll does
 * nothing until a start with a valid one. */
bool ublox_start(ublox_t* gps, bus_uart_t uart, bus_clock_t clock, const ublox_config_t* config);

typedef enum {
  UBLOX_POLL_NONE = 0, /* nothing new */
  UBLOX_POLL_NEW       /* *sample holds a new NAV-PVT (check the health and its fix fields) */
} ublox_poll_t;

/* Reads what the UART has (at most 1 KiB a call), advances the start-up, updates the health.
 * Never waits. */
ublox_poll_t ublox_poll(ublox_t* gps, ublox_pvt_t* sample);

ublox_health_t ublox_health(const ublox_t* gps);
const char* ublox_message(const ublox_t* gps);

/* The time an 8N1 line at `baud` takes for `bytes` bytes (10 bits each), in microseconds,
 * rounded up. */
uint32_t ublox_line_time_us(size_t bytes, uint32_t baud);

#ifdef __cplusplus
}
#endif

#endif
