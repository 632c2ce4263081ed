#include "firmware/chips/crsf_model.h"

#include "firmware/chips/uart_line.h"

#include <string.h>

void crsf_model_init(crsf_model_t* model) {
  memset(model, 0, sizeof *model);
  for (int i = 0; i < RC_PACKED_CHANNELS; ++i) model->channels[i] = 992;
  model->channels[2] = 172;
  model->stats.uplink_rssi_ant1_neg_dbm = 45;
  model->stats.uplink_rssi_ant2_neg_dbm = 47;
  model->stats.uplink_lq_pct = 100;
  model->stats.uplink_snr_db = 9;
  model->stats.rf_mode = 7;
  model->stats.uplink_tx_power_index = 3;
  model->stats.downlink_rssi_neg_dbm = 50;
  model->stats.downlink_lq_pct = 100;
  model->stats.downlink_snr_db = 8;
  model->packet_rate_hz = 250;
  model->stats_interval_us = 100000;
  model->baud = CRSF_BAUD;
  model->line_baud = CRSF_BAUD;
}

void crsf_model_set_channel_us(crsf_model_t* model, int channel_index, uint16_t pulse_us) {
  if (channel_index >= 0 && channel_index < RC_PACKED_CHANNELS)
    model->channels[channel_index] = rc_us_to_value(pulse_us);
}

static uint16_t stick_value(float x, float lo, float hi) {
  x = x < lo ? lo : (x > hi ? hi : x);
  return (uint16_t)(992.0f + x * 819.0f + 0.5f);
}

void crsf_model_set_sticks(crsf_model_t* model, float roll, float pitch, float yaw, float throttle) {
  model->channels[0] = stick_value(roll, -1.0f, 1.0f);
  model->channels[1] = stick_value(pitch, -1.0f, 1.0f);
  model->channels[3] = stick_value(yaw, -1.0f, 1.0f);
  model->channels[2] = stick_value(2.0f * throttle - 1.0f, -1.0f, 1.0f);
}

static void put(crsf_model_t* m, const uint8_t* bytes, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (m->count == CRSF_MODEL_BUFFER) {
      ++m->bytes_dropped;
      continue;
    }
    m->buffer[(m->head + m->count) % CRSF_MODEL_BUFFER] = bytes[i];
    ++m->count;
  }
}

/* One frame onto the line, with the faults that apply to frame number `index` (1-based). */
static void send_frame(crsf_model_t* m, uint8_t type, const uint8_t* payload, size_t length) {
  uint8_t frame[CRSF_MAX_FRAME];
  size_t n = crsf_build_frame(type, payload, length, frame);
  const uint32_t index = ++m->frames_sent;
  if (m->bad_crc_every && index % m->bad_crc_every == 0) frame[n - 1] ^= 0x5A;
  if (m->cut_every && index % m->cut_every == 0) n /= 2;
  const uart_line_format_t tx = {m->baud, false, 1, false};
  const uart_line_format_t rx = {m->line_baud, false, 1, false};
  if (uart_line_compatible(&tx, &rx)) {
    put(m, frame, n);
  } else {
    uint8_t garbled[4 * CRSF_MAX_FRAME];
    put(m, garbled, uart_line_resample(frame, n, &tx, &rx, garbled, sizeof garbled));
  }
}

void crsf_model_advance(crsf_model_t* model, uint64_t now_us) {
  crsf_model_t* m = model;
  if (!m->started) {
    m->started = true;
    m->next_rc_us = now_us;
    m->next_stats_us = now_us;
  }
  const uint64_t rc_period_us = m->packet_rate_hz ? 1000000u / m->packet_rate_hz : 0u;
  if (rc_period_us == 0) m->next_rc_us = UINT64_MAX; /* no RC frames at all */
  while (m->next_rc_us <= now_us || (m->stats_interval_us && m->next_stats_us <= now_us)) {
    const bool stats_first = m->stats_interval_us && m->next_stats_us < m->next_rc_us;
    if (stats_first) {
      m->next_stats_us += m->stats_interval_us;
      if (m->silent) continue;
      crsf_link_stats_t s = m->stats;
      if (m->lq_zero) s.uplink_lq_pct = 0;
      uint8_t payload[CRSF_LINK_STATISTICS_LENGTH];
      crsf_encode_link_stats(&s, payload);
      send_frame(m, CRSF_TYPE_LINK_STATISTICS, payload, sizeof payload);
      ++m->stats_frames_sent;
    } else {
      m->next_rc_us += rc_period_us;
      if (m->silent) continue;
      uint8_t payload[RC_PACKED_BYTES];
      rc_pack_11bit(m->channels, payload);
      send_frame(m, CRSF_TYPE_RC_CHANNELS_PACKED, payload, sizeof payload);
      ++m->rc_frames_sent;
    }
  }
}

size_t crsf_model_read(void* context, uint8_t* data, size_t capacity) {
  crsf_model_t* m = (crsf_model_t*)context;
  size_t n = 0;
  while (n < capacity && m->count > 0) {
    data[n++] = m->buffer[m->head];
    m->head = (m->head + 1) % CRSF_MODEL_BUFFER;
    --m->count;
  }
  return n;
}

size_t crsf_model_write(void* context, const uint8_t* data, size_t length) {
  crsf_model_t* m = (crsf_model_t*)context;
  m->bytes_written_by_fc += (uint32_t)length;
  crsf_frame_t frame;
  for (size_t i = 0; i < length; ++i) {
    crsf_parser_push(&m->telemetry_parser, data[i]);
    while (crsf_parser_next(&m->telemetry_parser, &frame)) {
      if (crsf_decode_battery(&frame, &m->battery)) m->have_battery = true;
    }
  }
  return length;
}

bool crsf_model_set_baud(void* context, uint32_t baud) {
  ((crsf_model_t*)context)->line_baud = baud;
  return true;
}

bus_uart_t crsf_model_uart(crsf_model_t* model) {
  bus_uart_t u = {crsf_model_read, crsf_model_write, crsf_model_set_baud, model};
  return u;
}
