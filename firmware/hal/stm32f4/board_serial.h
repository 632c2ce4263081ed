/* The board's serial ports: three USARTs, each with a receive ring filled by its RXNE interrupt and
 * a send ring drained by its TXE interrupt, so the 1 kHz loop never waits on a wire.
 *
 *   LINK  USART1  PA9 TX / PA10 RX  AF7  APB2  115200 8N1: MAVLink to the ground station
 *   GPS   USART3  PB10 TX / PB11 RX AF7  APB1  the u-blox receiver (the driver moves it from 9600)
 *   RC    USART6  PC6 TX / PC7 RX   AF8  APB2  the radio receiver: CRSF 420000 8N1 (SBUS 100000
 *                                              8E2 with an inverter in front of PC7: the F405's
 *                                              USART cannot invert its RX pin)
 * None of these pins is a motor output (TIM3 on PA6/PA7/PB0/PB1, TIM2 on PA0..PA3, board.h).
 * QEMU 7.2's netduinoplus2 maps its -serial options in order to USART1, USART2, USART3, UART4,
 * UART5 and USART6 (hw/arm/stm32f405_soc.c): LINK is the first, GPS the third, RC the sixth. Its
 * USART takes any BRR and moves a byte the moment it is written or arrives: the baud and the line's
 * timing are not emulated.
 *
 * One thread (the main loop) calls these; the interrupts only fill and drain the rings. */
#ifndef NAVIGATOR_STM32F4_BOARD_SERIAL_H
#define NAVIGATOR_STM32F4_BOARD_SERIAL_H

#include "firmware/drivers/bus.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { BOARD_SERIAL_LINK = 0, BOARD_SERIAL_GPS, BOARD_SERIAL_RC, BOARD_SERIAL_COUNT } board_serial_id_t;

typedef enum {
  BOARD_SERIAL_8N1 = 0, /* 8 data bits, no parity, 1 stop bit */
  BOARD_SERIAL_8E2      /* 8 data bits, even parity, 2 stop bits (SBUS) */
} board_serial_format_t;

/* The port's pins, clock and interrupt, at `baud` 8N1 from its bus clock (APB1 or APB2, Hz). */
void board_serial_init(board_serial_id_t id, uint32_t apb1_hz, uint32_t apb2_hz, uint32_t baud);
/* A new rate and format: waits (at most BOARD_SERIAL_DRAIN_MS) for what is queued to leave at the
 * old one, then sets it. False for a baud the bus clock cannot make (BRR below 16) or a port not
 * initialised. */
enum { BOARD_SERIAL_DRAIN_MS = 20 };
bool board_serial_set_format(board_serial_id_t id, uint32_t baud, board_serial_format_t format);
uint32_t board_serial_baud(board_serial_id_t id);

/* Queues what fits in the send ring and returns how many bytes it took (never waits). */
size_t board_serial_write(board_serial_id_t id, const uint8_t* data, size_t length);
/* Queues all of it, waiting while the ring is full (the link: a frame is never cut). */
void board_serial_write_all(board_serial_id_t id, const uint8_t* data, size_t length);
/* What has arrived, at most `capacity` bytes; never waits. */
size_t board_serial_read(board_serial_id_t id, uint8_t* out, size_t capacity);

typedef struct {
  uint32_t overruns;      /* bytes lost: the ring full, or ORE (the interrupt came too late) */
  uint32_t line_errors;   /* bytes with a framing, noise or parity error (kept: the driver judges) */
  uint32_t tx_full_waits; /* write_all calls that found the send ring full */
} board_serial_counts_t;
board_serial_counts_t board_serial_counts(board_serial_id_t id);

/* The port as firmware/drivers/bus.h's byte stream (set_baud keeps the port's format). */
bus_uart_t board_serial_bus(board_serial_id_t id);

#endif
