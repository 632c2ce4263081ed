#include "firmware/chips/uart_line.h"

bool uart_line_compatible(const uart_line_format_t* tx, const uart_line_format_t* rx) {
  return tx->baud == rx->baud && tx->inverted == rx->inverted;
}

static int bits_per_byte(const uart_line_format_t* f) { return 1 + 8 + (f->even_parity ? 1 : 0) + f->stop_bits; }

/* The logical level the sender puts on the wire for its bit `index` (past the end: idle 1). */
static int tx_bit(const uint8_t* bytes, size_t count, const uart_line_format_t* tx, uint64_t index) {
  const uint64_t per = (uint64_t)bits_per_byte(tx);
  const uint64_t byte = index / per;
  const int bit = (int)(index % per);
  if (byte >= count) return 1;
  const uint8_t b = bytes[byte];
  if (bit == 0) return 0;
  if (bit <= 8) return (b >> (bit - 1)) & 1;
  if (tx->even_parity && bit == 9) {
    int ones = 0;
    for (int i = 0; i < 8; ++i) ones += (b >> i) & 1;
    return ones & 1;
  }
  return 1;
}

/* Time in ticks: one sender bit is rx->baud ticks, one reader bit tx->baud ticks. The reader's
 * logical level at tick t. */
static int rx_level(const uint8_t* bytes, size_t count, const uart_line_format_t* tx, const uart_line_format_t* rx,
                    uint64_t t) {
  const int wire = tx_bit(bytes, count, tx, t / rx->baud) ^ (tx->inverted ? 1 : 0);
  return wire ^ (rx->inverted ? 1 : 0);
}

size_t uart_line_resample(const uint8_t* bytes, size_t count, const uart_line_format_t* tx,
                          const uart_line_format_t* rx, uint8_t* out, size_t capacity) {
  if (tx->baud == 0 || rx->baud == 0) return 0;
  const uint64_t end = ((uint64_t)count * (uint64_t)bits_per_byte(tx) + 2u) * rx->baud;
  const uint64_t period = tx->baud; /* one reader bit */
  const uint64_t step = period / 16u > 0 ? period / 16u : 1u;
  size_t n = 0;
  uint64_t t = 0;
  int previous = 1 ^ (tx->inverted ? 1 : 0) ^ (rx->inverted ? 1 : 0); /* the idle line before */
  while (t < end && n < capacity) {
    const int level = rx_level(bytes, count, tx, rx, t);
    const bool start = previous == 1 && level == 0;
    previous = level;
    if (!start) {
      t += step;
      continue;
    }
    uint8_t value = 0;
    for (int k = 0; k < 8; ++k) {
      const uint64_t centre = t + period / 2u + (uint64_t)(k + 1) * period;
      value |= (uint8_t)(rx_level(bytes, count, tx, rx, centre) << k);
    }
    out[n++] = value;
    /* Resume looking for an edge from the middle of the (first) stop bit. */
    t += period / 2u + (uint64_t)(8 + (rx->even_parity ? 1 : 0) + 1) * period;
    previous = rx_level(bytes, count, tx, rx, t);
  }
  return n;
}
