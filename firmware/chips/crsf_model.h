/* A CRSF receiver (ExpressLRS or TBS Crossfire) as the flight controller's UART sees it: the
 * byte stream of RC_CHANNELS_PACKED frames at the packet rate and LINK_STATISTICS frames at
 * their own interval, from a clock the caller drives (crsf_model_advance), read through the
 * bus_uart_t of firmware/drivers/bus.h. Frame layouts as in firmware/drivers/crsf.h (crsf-wg
 * "Message Format", "CRSF_FRAMETYPE_RC_CHANNELS_PACKED", "CRSF_FRAMETYPE_LINK_STATISTICS").
 *
 * Channels are held as the 11-bit values on the wire (172..1811 for 988..2012 us); the test sets
 * them directly, in microseconds, or from the pilot's sticks in AETR order (roll ch1, pitch ch2,
 * throttle ch3, yaw ch4: the order ExpressLRS and Crossfire transmitters default to).
 *
 * Faults: every Nth frame with a wrong CRC; every Nth frame cut short (half its bytes, then the
 * line idle until the next frame); silence (the link lost: an ExpressLRS receiver stops sending);
 * uplink LQ reported as 0 while RC frames continue; and the wrong baud, which needs no switch:
 * when the flight controller's UART is set to another rate than the receiver's, each frame is
 * delivered as that UART samples it (firmware/chips/uart_line.h), deterministically garbled.
 * Telemetry the flight controller writes is parsed (its CRC checked) and the latest battery
 * frame kept, as the receiver would before relaying it to the transmitter.
 * Not modelled: the receiver's own failsafe channel values (ExpressLRS sends none on CRSF), the
 * UART's receive buffer overflowing (the model's buffer holds 2 KiB and counts what it drops). */
#ifndef NAVIGATOR_CHIPS_CRSF_MODEL_H
#define NAVIGATOR_CHIPS_CRSF_MODEL_H

#include "firmware/drivers/bus.h"
#include "firmware/drivers/crsf.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { CRSF_MODEL_BUFFER = 2048 };

typedef struct {
  /* What the receiver sends. */
  uint16_t channels[RC_PACKED_CHANNELS]; /* 11-bit values */
  crsf_link_stats_t stats;
  uint32_t packet_rate_hz;    /* RC frames per second (ExpressLRS: 25..1000) */
  uint32_t stats_interval_us; /* a LINK_STATISTICS frame this often; 0: none */
  uint32_t baud;              /* the receiver's UART, 420000 */
  /* Faults. */
  uint32_t bad_crc_every; /* 0: none; N: frames N, 2N, ... carry a wrong CRC */
  uint32_t cut_every;     /* 0: none; N: frames N, 2N, ... stop half way */
  bool silent;            /* nothing sent (link lost) */
  bool lq_zero;           /* link statistics say uplink LQ 0 */
  /* State. */
  uint32_t line_baud; /* what the flight controller's UART was set to */
  uint64_t next_rc_us, next_stats_us;
  bool started;
  uint8_t buffer[CRSF_MODEL_BUFFER];
  size_t head, count;
  /* Telemetry from the flight controller, parsed as the receiver would before relaying it. */
  crsf_parser_t telemetry_parser;
  bool have_battery;
  crsf_battery_t battery;
  /* Counters. */
  uint32_t frames_sent, rc_frames_sent, stats_frames_sent, bytes_dropped, bytes_written_by_fc;
} crsf_model_t;

/* All channels at 992 (1500 us) but throttle (ch3) at 172 (988 us); 250 Hz; link statistics every
 * 100 ms saying -45/-47 dBm, LQ 100, SNR 9 dB, antenna 0, RF mode 7 (ExpressLRS 3's 250 Hz),
 * power index 3 (100 mW), downlink -50 dBm, LQ 100, SNR 8 dB; 420000 baud; no fault. */
void crsf_model_init(crsf_model_t* model);

void crsf_model_set_channel_us(crsf_model_t* model, int channel_index, uint16_t pulse_us);
/* roll, pitch, yaw -1..1 and throttle 0..1 to ch1, ch2, ch4, ch3 over the full 172..1811. */
void crsf_model_set_sticks(crsf_model_t* model, float roll, float pitch, float yaw, float throttle);

/* Sends every frame due up to now_us (the first at the first call). */
void crsf_model_advance(crsf_model_t* model, uint64_t now_us);

/* The bus_uart_t callbacks (context: the model). */
size_t crsf_model_read(void* context, uint8_t* data, size_t capacity);
size_t crsf_model_write(void* context, const uint8_t* data, size_t length);
bool crsf_model_set_baud(void* context, uint32_t baud);
bus_uart_t crsf_model_uart(crsf_model_t* model);

#ifdef __cplusplus
}
#endif

#endif
