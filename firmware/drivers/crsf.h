/* A CRSF receiver (ExpressLRS, TBS Crossfire) on a UART: RC channels and link statistics.
 *
 * Source: the CRSF protocol as the CRSF working group documents it (github.com/crsf-wg/crsf wiki,
 * pages "Message Format", "CRSF_FRAMETYPE_RC_CHANNELS_PACKED", "CRSF_FRAMETYPE_LINK_STATISTICS",
 * "Packet Types"), which follows TBS's CRSF specification:
 *   line     420000 baud, 8N1, not inverted (a full-duplex UART; ExpressLRS's default rate);
 *   frame    [sync 0xC8] [len] [type] [payload, len - 2 bytes] [crc8], len = type + payload + crc,
 *            2..62, so a frame is at most 64 bytes. The sync byte is also the flight
 *            controller's address (0xC8); EdgeTX's own output begins with 0xEE, which the working
 *            group asks readers to accept as well, so both are taken;
 *   crc8     CRC-8/DVB-S2 (polynomial 0xD5, initial 0, no reflection, no final XOR) over type and
 *            payload;
 *   0x16     RC_CHANNELS_PACKED: 22 bytes, 16 channels of 11 bits LSB first (rc_input.h), value
 *            172 = 988 us, 992 = 1500 us, 1811 = 2012 us;
 *   0x14     LINK_STATISTICS: 10 bytes, uplink RSSI antenna 1 and 2 (dBm negated, uint8), uplink
 *            LQ (%), uplink SNR (dB, int8), active antenna, RF mode, uplink TX power (an index:
 *            0, 10, 25, 100, 500, 1000, 2000, 250, 50 mW), downlink RSSI (dBm negated), LQ, SNR.
 * Multi-byte telemetry fields are big-endian; only the channels are packed little-endian.
 *
 * The parser is a pure function of the bytes fed to it: a frame whose CRC fails is not thrown
 * away whole; scanning resumes at its second byte, so a frame cut short and directly followed by
 * the next one (whose sync then lies inside the "payload" of the cut one) costs that one frame and
 * a bad-CRC count, and the next frame is still read. The driver also ends a partial frame when the
 * line has been idle longer than a whole frame takes (CRSF_CUT_GAP_US), counted as a cut frame, so
 * a frame cut short before a pause never holds back the next one.
 *
 * Failsafe (rc_input_t.failsafe): no RC frame yet, none for config.rc_timeout_us (250 ms by
 * default: 6 packet periods at ExpressLRS's slowest rate, 25 Hz, 40 ms; an ExpressLRS receiver
 * that lost its transmitter stops sending channels), or link statistics younger than the timeout
 * that say uplink LQ 0 %. Recovery: the next RC frame, with no fresh LQ 0. The channels keep their
 * last values in failsafe; the caller must not fly on them (rc_map_sticks refuses).
 *
 * Health (crsf_health_t) and its message, for STATUSTEXT and the station's Board tab:
 *   OK           "CRSF: ok (LQ 100 %, RSSI -45 dBm, RF mode 7, 250 RC frames/s)"
 *   NO_RECEIVER  "CRSF: no receiver (nothing received for 1.00 s)"
 *   WRONG_BAUD   "CRSF: bytes but no valid frame for 1.00 s (is the receiver at 420000 baud?)"
 *   FAILSAFE     "CRSF: failsafe (no RC frame for 0.25 s)", "CRSF: failsafe (uplink LQ 0 %)"
 *   BAD_FRAMES   "CRSF: 3 bad CRCs, 1 cut frame (the last 0.20 s ago)"
 *   BAD_CONFIG   "CRSF: rc timeout 10000 us is not within 20000..2000000 us"
 * NO_RECEIVER and WRONG_BAUD need CRSF_SILENT_US without a valid frame; FAILSAFE outranks
 * BAD_FRAMES, which lasts CRSF_BAD_FRAME_HOLD_US after the latest bad or cut frame. */
#ifndef NAVIGATOR_DRIVERS_CRSF_H
#define NAVIGATOR_DRIVERS_CRSF_H

#include "firmware/drivers/bus.h"
#include "firmware/drivers/rc_input.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  CRSF_BAUD = 420000,
  CRSF_SYNC = 0xC8, /* = CRSF_ADDRESS_FLIGHT_CONTROLLER */
  CRSF_SYNC_EDGETX = 0xEE,
  CRSF_MAX_FRAME = 64,
  CRSF_MIN_LEN = 2, /* type + crc */
  CRSF_MAX_LEN = 62,
  CRSF_TYPE_BATTERY_SENSOR = 0x08,
  CRSF_TYPE_LINK_STATISTICS = 0x14,
  CRSF_TYPE_RC_CHANNELS_PACKED = 0x16,
  CRSF_LINK_STATISTICS_LENGTH = 10,
  CRSF_RC_CHANNELS_LENGTH = 22,
  CRSF_BATTERY_SENSOR_LENGTH = 8,
  CRSF_MESSAGE_CAPACITY = 128
};

#define CRSF_RC_TIMEOUT_US 250000u
#define CRSF_SILENT_US 1000000u
#define CRSF_BAD_FRAME_HOLD_US 1000000u
/* A 64-byte frame takes 1524 us at 420000 baud (10 bits a byte); a partial frame with the line
 * idle for longer than this was cut. */
#define CRSF_CUT_GAP_US 2000u

/* CRC-8/DVB-S2 over data[0..length). */
uint8_t crsf_crc8(const uint8_t* data, size_t length);

/* Builds a frame (sync 0xC8, len, type, payload, crc) into out (at least length + 4 bytes).
 * Returns its size, or 0 when the payload is longer than 60 bytes. */
size_t crsf_build_frame(uint8_t type, const uint8_t* payload, size_t length, uint8_t* out);

typedef struct {
  uint8_t type;
  uint8_t length; /* payload bytes */
  uint8_t payload[CRSF_MAX_LEN - 2];
} crsf_frame_t;

typedef struct {
  uint8_t buffer[CRSF_MAX_FRAME];
  uint8_t count;
  /* Counters since init. */
  uint32_t frames;        /* good CRC */
  uint32_t bad_crc;       /* complete frames whose CRC failed */
  uint32_t cut_frames;    /* partial frames ended by crsf_parser_cut */
  uint32_t garbage_bytes; /* bytes skipped outside frames (no sync, impossible length) */
  bool rescanning;        /* the bytes held follow a rejected frame's header: not a cut frame */
} crsf_parser_t;

void crsf_parser_init(crsf_parser_t* parser);
/* Appends one byte. */
void crsf_parser_push(crsf_parser_t* parser, uint8_t byte);
/* Returns true with the next good frame held in the buffer; call until false after each push. */
bool crsf_parser_next(crsf_parser_t* parser, crsf_frame_t* frame);
/* Ends the partial frame held (counted as cut when it had begun) and rescans after its first byte. */
void crsf_parser_cut(crsf_parser_t* parser);
/* True while bytes of an unfinished frame are held. */
bool crsf_parser_partial(const crsf_parser_t* parser);

typedef struct {
  uint8_t uplink_rssi_ant1_neg_dbm, uplink_rssi_ant2_neg_dbm; /* 45 means -45 dBm */
  uint8_t uplink_lq_pct;
  int8_t uplink_snr_db;
  uint8_t active_antenna;
  uint8_t rf_mode;
  uint8_t uplink_tx_power_index;
  uint8_t downlink_rssi_neg_dbm;
  uint8_t downlink_lq_pct;
  int8_t downlink_snr_db;
} crsf_link_stats_t;

/* Decoders of the two frames' payloads; false when the length is not the frame type's. */
bool crsf_decode_link_stats(const crsf_frame_t* frame, crsf_link_stats_t* stats);
bool crsf_decode_channels(const crsf_frame_t* frame, uint16_t values[RC_PACKED_CHANNELS]);
void crsf_encode_link_stats(const crsf_link_stats_t* stats, uint8_t payload[CRSF_LINK_STATISTICS_LENGTH]);
/* The TX power index in mW (0 for an unknown index). */
uint16_t crsf_tx_power_mw(uint8_t index);

/* Telemetry to the transmitter: BATTERY_SENSOR (0x08), 8 bytes, big-endian: voltage in 0.1 V
 * (uint16), current in 0.1 A (uint16), charge drawn in mAh (uint24), remaining in % (uint8), the
 * layout the crsf-wg "Packet Types" page names and Betaflight's and Zephyr's documentation of the
 * frame spell out. Values are rounded to the field's step and clipped to its range; a NaN or a
 * negative value sends 0. */
typedef struct {
  float voltage_v;
  float current_a;
  uint32_t consumed_mah;
  uint8_t remaining_pct;
} crsf_battery_t;

void crsf_encode_battery(const crsf_battery_t* battery, uint8_t payload[CRSF_BATTERY_SENSOR_LENGTH]);
bool crsf_decode_battery(const crsf_frame_t* frame, crsf_battery_t* battery);

typedef struct {
  uint32_t baud;          /* 420000 (CRSF_BAUD); ExpressLRS also offers 400000, 921600, 1870000... */
  uint32_t rc_timeout_us; /* CRSF_RC_TIMEOUT_US; 20000..2000000 */
} crsf_config_t;

crsf_config_t crsf_config_default(void);
bool crsf_config_check(const crsf_config_t* config, char* problem, size_t capacity);

typedef enum {
  CRSF_HEALTH_OK = 0,
  CRSF_HEALTH_NO_RECEIVER,
  CRSF_HEALTH_WRONG_BAUD,
  CRSF_HEALTH_FAILSAFE,
  CRSF_HEALTH_BAD_FRAMES,
  CRSF_HEALTH_BAD_CONFIG
} crsf_health_t;

typedef struct {
  bus_uart_t uart;
  bus_clock_t clock;
  crsf_config_t config;
  crsf_parser_t parser;
  bool started;
  uint64_t start_us;
  uint64_t last_byte_us;
  uint64_t last_valid_us; /* any good frame (or start) */
  uint64_t last_stats_us;
  uint64_t last_bad_us;
  bool have_stats;
  crsf_link_stats_t stats;
  uint32_t bad_seen;
  uint32_t bytes_since_valid;
  uint32_t stats_frames;
  uint32_t other_frames;
  uint32_t telemetry_frames; /* written whole */
  uint32_t write_shortfalls;
  uint64_t rate_window_us; /* RC frames counted over 1 s windows */
  uint32_t rate_count;
  uint32_t rc_frames_per_s;
  rc_input_t input;
  crsf_health_t health;
  char message[CRSF_MESSAGE_CAPACITY];
} crsf_t;

/* Sets the UART to the config's baud and clears the state (failsafe until the first RC frame).
 * An invalid config touches no bus: false with BAD_CONFIG. */
bool crsf_start(crsf_t* crsf, bus_uart_t uart, bus_clock_t clock, const crsf_config_t* config);

typedef enum { CRSF_POLL_NONE = 0, CRSF_POLL_NEW } crsf_poll_t;

/* Reads what the UART has (at most 1 KiB a call), decodes, updates failsafe and health, and
 * copies the common result into *input (may be NULL). NEW when an RC frame arrived. Never waits;
 * call every 1..10 ms. */
crsf_poll_t crsf_poll(crsf_t* crsf, rc_input_t* input);

/* Writes a BATTERY_SENSOR frame to the receiver, which relays it to the transmitter (ExpressLRS and
 * Crossfire receivers take telemetry on the same UART; send it at a few hertz, the downlink is
 * slow). Returns false, counted in write_shortfalls, when the UART took less than the whole frame;
 * false when not started. Never waits. */
bool crsf_send_battery(crsf_t* crsf, const crsf_battery_t* battery);

const crsf_link_stats_t* crsf_link_stats(const crsf_t* crsf); /* NULL before the first */
crsf_health_t crsf_health(const crsf_t* crsf);
const char* crsf_message(const crsf_t* crsf);

#ifdef __cplusplus
}
#endif

#endif
