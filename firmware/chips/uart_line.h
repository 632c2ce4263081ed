/* A UART line at the bit level, for the receiver models' "wrong baud" and "wrong line format"
 * faults: the bytes one UART sends (start bit 0, data LSB first, optional even parity, stop bits
 * 1; the line idle at 1; "inverted" swaps the levels on the wire) are sampled by another UART
 * with its own baud and format as a real one samples them: it waits for the line at 1, takes a
 * falling edge as a start bit (edges looked for at 16 samples a bit, as the STM32's USART does,
 * RM0090 section 30.3.3), and reads each data bit at its middle. A byte whose stop bit reads 0
 * (a framing error) is still delivered, as the STM32's USART delivers it with FE set.
 * Deterministic: the same bytes and formats always give the same garbled bytes. */
#ifndef NAVIGATOR_CHIPS_UART_LINE_H
#define NAVIGATOR_CHIPS_UART_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
  uint32_t baud;
  bool even_parity;  /* 8E: a parity bit after the data */
  uint8_t stop_bits; /* 1 or 2 */
  bool inverted;     /* the levels on the wire are swapped (SBUS) */
} uart_line_format_t;

/* True when a reader with format `rx` reads what `tx` sends unchanged (same baud, same
 * inversion; parity and stop bits only add or expect idle time between bytes). */
bool uart_line_compatible(const uart_line_format_t* tx, const uart_line_format_t* rx);

/* The bytes a UART with format `rx` reads when bytes[0..count) are sent back to back by one with
 * format `tx`, the line idle before and after. Writes at most `capacity`; returns how many. */
size_t uart_line_resample(const uint8_t* bytes, size_t count, const uart_line_format_t* tx,
                          const uart_line_format_t* rx, uint8_t* out, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
