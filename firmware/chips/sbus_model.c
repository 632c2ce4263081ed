#include "firmware/chips/sbus_model.h"

#include "firmware/chips/uart_line.h"

#include <string.h>

void sbus_model_init(sbus_model_t* model) {
  memset(model, 0, sizeof *model);
  for (int i = 0; i < RC_PACKED_CHANNELS; ++i) {
    model->channels[i] = 992;
    model->failsafe_values[i] = 992;
  }
  model->channels[2] = 172;
  model->failsafe_values[2] = 172;
  model->frame_period_us = 14000;
  model->line_baud = SBUS_BAUD;
  model->reader_inverted = true;
  model->reader_even_parity = true;
  model->reader_stop_bits = 2;
}

static void put(sbus_model_t* m, const uint8_t* bytes, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (m->count == SBUS_MODEL_BUFFER) {
      ++m->bytes_dropped;
      continue;
    }
    m->buffer[(m->head + m->count) % SBUS_MODEL_BUFFER] = bytes[i];
    ++m->count;
  }
}

static void send_frame(sbus_model_t* m) {
  const uint32_t index = ++m->frames_sent;
  sbus_frame_t f;
  memcpy(f.values, m->failsafe ? m->failsafe_values : m->channels, sizeof f.values);
  f.flags = (uint8_t)((m->ch17 ? SBUS_FLAG_CH17 : 0) | (m->ch18 ? SBUS_FLAG_CH18 : 0) |
                      (m->failsafe ? SBUS_FLAG_FAILSAFE : 0));
  if (m->frame_lost_every && index % m->frame_lost_every == 0) f.flags |= SBUS_FLAG_FRAME_LOST;
  uint8_t frame[SBUS_FRAME_BYTES];
  sbus_build_frame(&f, frame);
  size_t n = SBUS_FRAME_BYTES;
  if (m->bad_end_every && index % m->bad_end_every == 0) frame[24] = 0xA5;
  if (m->cut_every && index % m->cut_every == 0) n /= 2;
  const uart_line_format_t tx = {SBUS_BAUD, true, 2, true};
  const uart_line_format_t rx = {m->line_baud, m->reader_even_parity, m->reader_stop_bits, m->reader_inverted};
  if (uart_line_compatible(&tx, &rx)) {
    put(m, frame, n);
  } else {
    uint8_t garbled[4 * SBUS_FRAME_BYTES];
    put(m, garbled, uart_line_resample(frame, n, &tx, &rx, garbled, sizeof garbled));
  }
}

void sbus_model_advance(sbus_model_t* model, uint64_t now_us) {
  if (!model->started) {
    model->started = true;
    model->next_frame_us = now_us;
  }
  if (model->frame_period_us == 0) return;
  while (model->next_frame_us <= now_us) {
    model->next_frame_us += model->frame_period_us;
    if (!model->silent) send_frame(model);
  }
}

size_t sbus_model_read(void* context, uint8_t* data, size_t capacity) {
  sbus_model_t* m = (sbus_model_t*)context;
  size_t n = 0;
  while (n < capacity && m->count > 0) {
    data[n++] = m->buffer[m->head];
    m->head = (m->head + 1) % SBUS_MODEL_BUFFER;
    --m->count;
  }
  return n;
}

size_t sbus_model_write(void* context, const uint8_t* data, size_t length) {
  (void)context;
  (void)data;
  return length; /* an SBUS receiver has no input on this wire */
}

bool sbus_model_set_baud(void* context, uint32_t baud) {
  ((sbus_model_t*)context)->line_baud = baud;
  return true;
}

bus_uart_t sbus_model_uart(sbus_model_t* model) {
  bus_uart_t u = {sbus_model_read, sbus_model_write, sbus_model_set_baud, model};
  return u;
}
