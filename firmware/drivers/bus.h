/* The buses a driver talks to its chip through, as function pointers with a context, so one
 * driver runs unchanged on the board (firmware/hal/stm32f4 fills these from its SPI, I2C and USART
 * peripherals) and on a PC (the host tests and vayu_sitl fill them from the chip models in
 * firmware/chips). A driver includes this header and nothing of a HAL.
 *
 * Every call is bounded: none waits for a chip that does not answer. A bus error (a timeout, a
 * NACK) is reported by the return value, and the driver turns it into a health state and a
 * message; it never retries forever. */
#ifndef NAVIGATOR_DRIVERS_BUS_H
#define NAVIGATOR_DRIVERS_BUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One full-duplex SPI transaction with the chip selected for its whole length: sends
 * tx[0..length) and receives rx[0..length) (rx may be NULL). Chip select is asserted before
 * the first byte and released after the last. Returns false on a bus error. */
typedef struct {
  bool (*transfer)(void* context, const uint8_t* tx, uint8_t* rx, size_t length);
  void* context;
} bus_spi_t;

/* One I2C transaction to the 7-bit address: writes tx[0..tx_length), then (with a repeated
 * start) reads rx[0..rx_length); either length may be 0. Returns false on a NACK or timeout. */
typedef struct {
  bool (*write_read)(void* context, uint8_t address_7bit, const uint8_t* tx, size_t tx_length, uint8_t* rx,
                     size_t rx_length);
  void* context;
} bus_i2c_t;

/* A UART's byte stream. read takes what has arrived, at most `capacity` bytes, without waiting
 * (0 when nothing has); write queues `length` bytes and returns how many it took; set_baud
 * changes the line's rate (8N1 unless the driver's header says otherwise; set_format, when not
 * NULL, sets SBUS's 8E2 and inverted line where the UART can). */
typedef struct {
  size_t (*read)(void* context, uint8_t* data, size_t capacity);
  size_t (*write)(void* context, const uint8_t* data, size_t length);
  bool (*set_baud)(void* context, uint32_t baud);
  void* context;
} bus_uart_t;

/* Time as the driver sees it: a monotonic microsecond count and a bounded busy wait (start-up
 * sequences only; a driver never waits in its periodic read). */
typedef struct {
  uint64_t (*now_us)(void* context);
  void (*delay_us)(void* context, uint32_t microseconds);
  void* context;
} bus_clock_t;

#ifdef __cplusplus
}
#endif

#endif
