/* An SBUS receiver as the flight controller's UART sees it: a 25-byte frame every frame period
 * (14 ms; 7 ms in Futaba's high-speed mode) from a clock the caller drives, on an inverted 100000
 * baud 8E2 line, read through the bus_uart_t of firmware/drivers/bus.h. Frame layout as in
 * firmware/drivers/sbus.h.
 *
 * The board's UART format is not part of bus_uart_t, so the model is told what the board set up:
 * `reader_inverted` and `reader_even_parity`/`reader_stop_bits` (true/2 when the board did it
 * right) and the baud the driver asked for (set_baud). When they do not match the line, each frame
 * is delivered as that UART samples it (firmware/chips/uart_line.h): deterministic garbage.
 *
 * Faults: the failsafe flag (the receiver lost its transmitter; the channels then hold
 * `failsafe_values` as a receiver's configured failsafe positions do); the frame-lost flag on every
 * Nth frame; every Nth frame with a wrong end byte; every Nth frame cut short (half its bytes, then
 * the line idle); silence (no receiver, or a receiver configured for "no pulses" on failsafe). */
#ifndef NAVIGATOR_CHIPS_SBUS_MODEL_H
#define NAVIGATOR_CHIPS_SBUS_MODEL_H

#include "firmware/drivers/bus.h"
#include "firmware/drivers/sbus.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { SBUS_MODEL_BUFFER = 2048 };

typedef struct {
  uint16_t channels[RC_PACKED_CHANNELS]; /* 11-bit values */
  bool ch17, ch18;
  uint32_t frame_period_us;
  /* Faults. */
  bool failsafe;
  uint16_t failsafe_values[RC_PACKED_CHANNELS];
  uint32_t frame_lost_every; /* 0: none */
  uint32_t bad_end_every;
  uint32_t cut_every;
  bool silent;
  /* The board's UART. */
  uint32_t line_baud;
  bool reader_inverted;
  bool reader_even_parity;
  uint8_t reader_stop_bits;
  /* State. */
  bool started;
  uint64_t next_frame_us;
  uint8_t buffer[SBUS_MODEL_BUFFER];
  size_t head, count;
  uint32_t frames_sent, bytes_dropped;
} sbus_model_t;

/* Channels at 992 (1500 us) but ch3 (throttle) at 172; 14 ms; failsafe values: all 992 with
 * throttle 172; the board's UART right (100000 baud, 8E2, inverted); no fault. */
void sbus_model_init(sbus_model_t* model);

void sbus_model_advance(sbus_model_t* model, uint64_t now_us);

size_t sbus_model_read(void* context, uint8_t* data, size_t capacity);
size_t sbus_model_write(void* context, const uint8_t* data, size_t length);
bool sbus_model_set_baud(void* context, uint32_t baud);
bus_uart_t sbus_model_uart(sbus_model_t* model);

#ifdef __cplusplus
}
#endif

#endif
