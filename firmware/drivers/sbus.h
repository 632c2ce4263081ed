/* An SBUS receiver (Futaba S.BUS, and the FrSky, ExpressLRS and other receivers that output it)
 * on a UART: 16 proportional channels, two digital ones, and the receiver's own failsafe flag.
 *
 * The line: 100000 baud, 8 data bits, even parity, 2 stop bits (8E2), and INVERTED (idle low).
 * bus_uart_t has no format call, so the board must set its UART up for it before handing it over:
 *   STM32F4 USART: M = 1 (9-bit word: 8 data + parity), PCE = 1, PS = 0 (even), STOP = 10 (2 stop
 *   bits), BRR for 100000 baud (RM0090 section 30.6); the F4's USART cannot invert its RX pin, so
 *   the board needs an inverter in front of it (an F7 or H7 USART sets RXINV in CR2 instead).
 * Our set_baud(100000) call at start is the only thing the driver asks of the UART. A UART left at
 * 8N1 or not inverted receives garbled bytes: the driver reports WRONG_FORMAT.
 *
 * Frame (25 bytes, no checksum; Futaba never published SBUS, so the layout is the one the public
 * descriptions agree on, e.g. the README of Bolder Flight Systems' sbus-arduino library and the
 * mbed page "Futaba S-BUS controlled by mbed"):
 *   [0x0F] [22 bytes: 16 channels x 11 bits, LSB first, as in rc_input.h] [flags] [end]
 *   flags  bit 0 channel 17, bit 1 channel 18, bit 2 frame lost (the receiver missed a radio
 *          packet and repeats the last values), bit 3 failsafe (the receiver lost the
 *          transmitter; the channels are its failsafe values); bits 4..7 are 0.
 *   end    0x00 (SBUS2 receivers put 0x04, 0x14, 0x24 or 0x34 there for their telemetry slots;
 *          those are accepted too).
 * Sent every 14 ms (every 7 ms in Futaba's high-speed mode, 9 ms or so from FrSky); a frame takes
 * 3 ms on the line (25 bytes x 12 bits at 100000 baud).
 * A frame is taken when it starts with 0x0F, its flags' high nibble is 0 and its end byte is one
 * of the five; otherwise scanning resumes at its second byte (a 0x0F inside channel data is not a
 * header for long). A partial frame with the line idle for longer than a whole frame takes
 * (SBUS_CUT_GAP_US) is dropped and counted as cut: the gap between frames is how SBUS frames are
 * delimited, so a frame never straddles one.
 *
 * Values: us = 1500 + (value - 992) * 5 / 8 (rc_value_to_us), the scale FrSky receivers use:
 * they send 172..1811 for -100..+100 % (the sbus-arduino README), the same 988..2012 us their PWM
 * outputs give, and CRSF's scale. A Futaba transmitter's +-100 % comes out narrower on this
 * scale; the RCx_MIN/MAX calibration of rc_input.h absorbs it. Channels 17 and 18 read 988 us
 * (off) or 2012 us (on).
 *
 * Failsafe (rc_input_t.failsafe): no frame yet or none for config.rc_timeout_us (250 ms, as for
 * CRSF, so the failsafe's delay does not depend on the receiver; 17 frames at 14 ms), or the
 * failsafe flag set. Frame-lost frames are counted and their (repeated) channels used.
 *
 * Health (sbus_health_t) and its message:
 *   OK            "SBUS: ok (71 frames/s, 2 frames lost by the radio)"
 *   NO_RECEIVER   "SBUS: no receiver (nothing received for 1.00 s)"
 *   WRONG_FORMAT  "SBUS: bytes but no valid frame for 1.00 s (is the UART at 100000 baud, 8E2, inverted?)"
 *   FAILSAFE      "SBUS: failsafe (the receiver lost the transmitter)", "SBUS: failsafe (no frame for 0.25 s)"
 *   BAD_FRAMES    "SBUS: 3 bad frames, 1 cut frame (the last 0.20 s ago)"
 *   BAD_CONFIG    "SBUS: rc timeout 10000 us is not within 20000..2000000 us" */
#ifndef NAVIGATOR_DRIVERS_SBUS_H
#define NAVIGATOR_DRIVERS_SBUS_H

#include "firmware/drivers/bus.h"
#include "firmware/drivers/rc_input.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  SBUS_BAUD = 100000,
  SBUS_FRAME_BYTES = 25,
  SBUS_HEADER = 0x0F,
  SBUS_FLAG_CH17 = 0x01,
  SBUS_FLAG_CH18 = 0x02,
  SBUS_FLAG_FRAME_LOST = 0x04,
  SBUS_FLAG_FAILSAFE = 0x08,
  SBUS_MESSAGE_CAPACITY = 128
};

#define SBUS_RC_TIMEOUT_US 250000u
#define SBUS_SILENT_US 1000000u
#define SBUS_BAD_FRAME_HOLD_US 1000000u
#define SBUS_CUT_GAP_US 4000u /* a frame takes 3000 us on the line */

/* True for 0x00 and SBUS2's 0x04, 0x14, 0x24, 0x34. */
bool sbus_end_byte_valid(uint8_t end);

typedef struct {
  uint16_t values[RC_PACKED_CHANNELS]; /* 11-bit */
  uint8_t flags;
} sbus_frame_t;

/* Builds a 25-byte frame with end byte 0x00. */
void sbus_build_frame(const sbus_frame_t* frame, uint8_t out[SBUS_FRAME_BYTES]);

typedef struct {
  uint8_t buffer[SBUS_FRAME_BYTES];
  uint8_t count;
  uint32_t frames;        /* valid frames */
  uint32_t bad_frames;    /* 25 bytes from a header whose flags or end byte are wrong */
  uint32_t cut_frames;    /* partial frames ended by sbus_parser_cut */
  uint32_t garbage_bytes; /* bytes skipped outside frames */
  bool rescanning;        /* the bytes held follow a rejected frame's header: not a cut frame */
} sbus_parser_t;

void sbus_parser_init(sbus_parser_t* parser);
void sbus_parser_push(sbus_parser_t* parser, uint8_t byte);
/* Returns true with the next valid frame held; call until false after each push. */
bool sbus_parser_next(sbus_parser_t* parser, sbus_frame_t* frame);
/* Drops every byte held (the line went idle): one cut frame when they began with a header that
 * was not found inside a rejected frame. */
void sbus_parser_cut(sbus_parser_t* parser);
bool sbus_parser_partial(const sbus_parser_t* parser);

typedef struct {
  uint32_t rc_timeout_us; /* SBUS_RC_TIMEOUT_US; 20000..2000000 */
} sbus_config_t;

sbus_config_t sbus_config_default(void);
bool sbus_config_check(const sbus_config_t* config, char* problem, size_t capacity);

typedef enum {
  SBUS_HEALTH_OK = 0,
  SBUS_HEALTH_NO_RECEIVER,
  SBUS_HEALTH_WRONG_FORMAT,
  SBUS_HEALTH_FAILSAFE,
  SBUS_HEALTH_BAD_FRAMES,
  SBUS_HEALTH_BAD_CONFIG
} sbus_health_t;

typedef struct {
  bus_uart_t uart;
  bus_clock_t clock;
  sbus_config_t config;
  sbus_parser_t parser;
  bool started;
  uint64_t start_us, last_byte_us, last_valid_us, last_bad_us;
  uint32_t bytes_since_valid;
  uint32_t bad_seen;
  uint32_t frames_lost; /* frames with the frame-lost flag */
  uint32_t failsafe_frames;
  bool receiver_failsafe; /* the latest frame's flag */
  uint64_t rate_window_us;
  uint32_t rate_count, frames_per_s;
  rc_input_t input;
  sbus_health_t health;
  char message[SBUS_MESSAGE_CAPACITY];
} sbus_t;

/* Sets the UART to 100000 baud (its format is the board's, see above) and clears the state. An
 * invalid config touches no bus: false with BAD_CONFIG. */
bool sbus_start(sbus_t* sbus, bus_uart_t uart, bus_clock_t clock, const sbus_config_t* config);

typedef enum { SBUS_POLL_NONE = 0, SBUS_POLL_NEW } sbus_poll_t;

/* Reads what the UART has (at most 1 KiB a call), decodes, updates failsafe and health, and
 * copies the common result into *input (may be NULL). NEW when a frame arrived. Never waits. */
sbus_poll_t sbus_poll(sbus_t* sbus, rc_input_t* input);

sbus_health_t sbus_health(const sbus_t* sbus);
const char* sbus_message(const sbus_t* sbus);

#ifdef __cplusplus
}
#endif

#endif
