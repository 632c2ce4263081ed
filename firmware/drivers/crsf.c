#include "firmware/drivers/crsf.h"

#include <stdio.h>
#include <string.h>

enum { READ_CHUNK = 64, READ_LIMIT = 1024, WRONG_BAUD_MIN_BYTES = CRSF_MAX_FRAME };

uint8_t crsf_crc8(const uint8_t* data, size_t length) {
  uint8_t crc = 0;
  for (size_t i = 0; i < length; ++i) {
    crc ^= data[i];
    for (int bit = 0; bit < 8; ++bit)
      crc = (uint8_t)((crc & 0x80u) ? ((unsigned)crc << 1) ^ 0xD5u : (unsigned)crc << 1);
  }
  return crc;
}

size_t crsf_build_frame(uint8_t type, const uint8_t* payload, size_t length, uint8_t* out) {
  if (length > CRSF_MAX_LEN - 2) return 0;
  out[0] = CRSF_SYNC;
  out[1] = (uint8_t)(length + 2);
  out[2] = type;
  if (length > 0) memcpy(out + 3, payload, length);
  out[3 + length] = crsf_crc8(out + 2, length + 1);
  return length + 4;
}

/* ---- parser ---- */

static bool is_sync(uint8_t byte) { return byte == CRSF_SYNC || byte == CRSF_SYNC_EDGETX; }

static void drop(crsf_parser_t* p, uint8_t n) {
  memmove(p->buffer, p->buffer + n, (size_t)(p->count - n));
  p->count = (uint8_t)(p->count - n);
}

void crsf_parser_init(crsf_parser_t* parser) { memset(parser, 0, sizeof *parser); }

void crsf_parser_push(crsf_parser_t* parser, uint8_t byte) {
  if (parser->count == CRSF_MAX_FRAME) {
    /* Only when the caller pushes without calling crsf_parser_next: the oldest byte goes. */
    drop(parser, 1);
    ++parser->garbage_bytes;
  }
  if (parser->count == 0) parser->rescanning = false; /* a new start */
  parser->buffer[parser->count++] = byte;
}

bool crsf_parser_partial(const crsf_parser_t* parser) { return parser->count > 0; }

/* The scan: skip to a sync byte with a possible length, wait for the whole frame, check its CRC;
 * a failed CRC drops only the sync byte so the bytes after it are scanned again. */
bool crsf_parser_next(crsf_parser_t* parser, crsf_frame_t* frame) {
  crsf_parser_t* p = parser;
  while (p->count > 0) {
    if (!is_sync(p->buffer[0])) {
      drop(p, 1);
      ++p->garbage_bytes;
      continue;
    }
    if (p->count < 2) return false;
    const uint8_t len = p->buffer[1];
    if (len < CRSF_MIN_LEN || len > CRSF_MAX_LEN) {
      drop(p, 1);
      ++p->garbage_bytes;
      continue;
    }
    if (p->count < len + 2) return false;
    if (crsf_crc8(p->buffer + 2, (size_t)len - 1u) != p->buffer[len + 1]) {
      ++p->bad_crc;
      p->rescanning = true;
      drop(p, 1);
      continue;
    }
    frame->type = p->buffer[2];
    frame->length = (uint8_t)(len - 2);
    memcpy(frame->payload, p->buffer + 3, frame->length);
    drop(p, (uint8_t)(len + 2));
    ++p->frames;
    p->rescanning = false;
    return true;
  }
  return false;
}

void crsf_parser_cut(crsf_parser_t* parser) {
  if (parser->count == 0) return;
  if (is_sync(parser->buffer[0]) && !parser->rescanning) {
    ++parser->cut_frames;
  } else {
    ++parser->garbage_bytes;
  }
  drop(parser, 1);
  parser->rescanning = false;
}

/* ---- frames ---- */

bool crsf_decode_link_stats(const crsf_frame_t* frame, crsf_link_stats_t* stats) {
  if (frame->type != CRSF_TYPE_LINK_STATISTICS || frame->length != CRSF_LINK_STATISTICS_LENGTH) return false;
  const uint8_t* b = frame->payload;
  stats->uplink_rssi_ant1_neg_dbm = b[0];
  stats->uplink_rssi_ant2_neg_dbm = b[1];
  stats->uplink_lq_pct = b[2];
  stats->uplink_snr_db = (int8_t)b[3];
  stats->active_antenna = b[4];
  stats->rf_mode = b[5];
  stats->uplink_tx_power_index = b[6];
  stats->downlink_rssi_neg_dbm = b[7];
  stats->downlink_lq_pct = b[8];
  stats->downlink_snr_db = (int8_t)b[9];
  return true;
}

void crsf_encode_link_stats(const crsf_link_stats_t* s, uint8_t payload[CRSF_LINK_STATISTICS_LENGTH]) {
  payload[0] = s->uplink_rssi_ant1_neg_dbm;
  payload[1] = s->uplink_rssi_ant2_neg_dbm;
  payload[2] = s->uplink_lq_pct;
  payload[3] = (uint8_t)s->uplink_snr_db;
  payload[4] = s->active_antenna;
  payload[5] = s->rf_mode;
  payload[6] = s->uplink_tx_power_index;
  payload[7] = s->downlink_rssi_neg_dbm;
  payload[8] = s->downlink_lq_pct;
  payload[9] = (uint8_t)s->downlink_snr_db;
}

bool crsf_decode_channels(const crsf_frame_t* frame, uint16_t values[RC_PACKED_CHANNELS]) {
  if (frame->type != CRSF_TYPE_RC_CHANNELS_PACKED || frame->length != CRSF_RC_CHANNELS_LENGTH) return false;
  rc_unpack_11bit(frame->payload, values);
  return true;
}

uint16_t crsf_tx_power_mw(uint8_t index) {
  static const uint16_t kMilliwatts[9] = {0, 10, 25, 100, 500, 1000, 2000, 250, 50};
  return index < 9 ? kMilliwatts[index] : 0;
}

static uint32_t field(float value, float step, uint32_t max) {
  if (!(value > 0.0f)) return 0; /* negative or NaN */
  const float counts = value / step + 0.5f;
  return counts >= (float)max ? max : (uint32_t)counts;
}

void crsf_encode_battery(const crsf_battery_t* battery, uint8_t payload[CRSF_BATTERY_SENSOR_LENGTH]) {
  const uint32_t dv = field(battery->voltage_v, 0.1f, 0xFFFFu);
  const uint32_t da = field(battery->current_a, 0.1f, 0xFFFFu);
  const uint32_t mah = battery->consumed_mah > 0xFFFFFFu ? 0xFFFFFFu : battery->consumed_mah;
  payload[0] = (uint8_t)(dv >> 8);
  payload[1] = (uint8_t)dv;
  payload[2] = (uint8_t)(da >> 8);
  payload[3] = (uint8_t)da;
  payload[4] = (uint8_t)(mah >> 16);
  payload[5] = (uint8_t)(mah >> 8);
  payload[6] = (uint8_t)mah;
  payload[7] = battery->remaining_pct > 100 ? 100 : battery->remaining_pct;
}

bool crsf_decode_battery(const crsf_frame_t* frame, crsf_battery_t* battery) {
  if (frame->type != CRSF_TYPE_BATTERY_SENSOR || frame->length != CRSF_BATTERY_SENSOR_LENGTH) return false;
  const uint8_t* b = frame->payload;
  battery->voltage_v = (float)(((unsigned)b[0] << 8) | b[1]) * 0.1f;
  battery->current_a = (float)(((unsigned)b[2] << 8) | b[3]) * 0.1f;
  battery->consumed_mah = ((uint32_t)b[4] << 16) | ((uint32_t)b[5] << 8) | b[6];
  battery->remaining_pct = b[7];
  return true;
}

/* ---- driver ---- */

crsf_config_t crsf_config_default(void) {
  crsf_config_t c;
  c.baud = CRSF_BAUD;
  c.rc_timeout_us = CRSF_RC_TIMEOUT_US;
  return c;
}

bool crsf_config_check(const crsf_config_t* config, char* problem, size_t capacity) {
  char text[CRSF_MESSAGE_CAPACITY - 8] = "";
  if (config->baud < 100000u || config->baud > 4000000u) {
    snprintf(text, sizeof text, "baud %lu is not within 100000..4000000", (unsigned long)config->baud);
  } else if (config->rc_timeout_us < 20000u || config->rc_timeout_us > 2000000u) {
    snprintf(text, sizeof text, "rc timeout %lu us is not within 20000..2000000 us",
             (unsigned long)config->rc_timeout_us);
  }
  if (problem && capacity > 0) snprintf(problem, capacity, "%s", text);
  return text[0] == '\0';
}

static void set_message(crsf_t* c, crsf_health_t health, const char* text) {
  c->health = health;
  snprintf(c->message, sizeof c->message, "CRSF: %s", text);
}

bool crsf_start(crsf_t* crsf, bus_uart_t uart, bus_clock_t clock, const crsf_config_t* config) {
  memset(crsf, 0, sizeof *crsf);
  char problem[CRSF_MESSAGE_CAPACITY - 8];
  if (!crsf_config_check(config, problem, sizeof problem)) {
    set_message(crsf, CRSF_HEALTH_BAD_CONFIG, problem);
    return false;
  }
  crsf->uart = uart;
  crsf->clock = clock;
  crsf->config = *config;
  crsf_parser_init(&crsf->parser);
  if (uart.set_baud) uart.set_baud(uart.context, config->baud);
  crsf->start_us = clock.now_us(clock.context);
  crsf->last_valid_us = crsf->start_us;
  crsf->last_byte_us = crsf->start_us;
  crsf->rate_window_us = crsf->start_us;
  crsf->input.channel_count = RC_PACKED_CHANNELS;
  crsf->input.link_quality_pct = -1;
  crsf->input.failsafe = true;
  crsf->input.failsafe_reason = RC_FAILSAFE_NO_FRAMES;
  crsf->started = true;
  set_message(crsf, CRSF_HEALTH_NO_RECEIVER, "waiting for the receiver");
  return true;
}

static bool handle_frame(crsf_t* c, const crsf_frame_t* frame, uint64_t now_us) {
  c->last_valid_us = now_us;
  c->bytes_since_valid = 0;
  uint16_t values[RC_PACKED_CHANNELS];
  if (crsf_decode_channels(frame, values)) {
    for (int i = 0; i < RC_PACKED_CHANNELS; ++i) c->input.channels_us[i] = rc_value_to_us(values[i]);
    c->input.frame_time_us = now_us;
    ++c->input.frames;
    ++c->rate_count;
    return true;
  }
  if (crsf_decode_link_stats(frame, &c->stats)) {
    c->have_stats = true;
    c->last_stats_us = now_us;
    ++c->stats_frames;
    c->input.link_quality_pct = c->stats.uplink_lq_pct;
    const uint8_t best = c->stats.uplink_rssi_ant1_neg_dbm < c->stats.uplink_rssi_ant2_neg_dbm
                             ? c->stats.uplink_rssi_ant1_neg_dbm
                             : c->stats.uplink_rssi_ant2_neg_dbm;
    c->input.rssi_dbm = (int16_t) - (int16_t)best;
    return false;
  }
  ++c->other_frames;
  return false;
}

static void update_failsafe(crsf_t* c, uint64_t now_us) {
  rc_failsafe_t reason = RC_FAILSAFE_NONE;
  if (c->input.frames == 0 || now_us - c->input.frame_time_us > c->config.rc_timeout_us) {
    reason = RC_FAILSAFE_NO_FRAMES;
  } else if (c->have_stats && now_us - c->last_stats_us <= c->config.rc_timeout_us && c->stats.uplink_lq_pct == 0) {
    reason = RC_FAILSAFE_LINK_QUALITY;
  }
  c->input.failsafe = reason != RC_FAILSAFE_NONE;
  c->input.failsafe_reason = reason;
  if (now_us - c->rate_window_us >= 1000000u) {
    c->rc_frames_per_s = (uint32_t)((uint64_t)c->rate_count * 1000000u / (now_us - c->rate_window_us));
    c->rate_count = 0;
    c->rate_window_us = now_us;
  }
}

static void update_health(crsf_t* c, uint64_t now_us) {
  const uint32_t bad = c->parser.bad_crc + c->parser.cut_frames;
  if (bad != c->bad_seen) {
    c->bad_seen = bad;
    c->last_bad_us = now_us;
  }
  char text[CRSF_MESSAGE_CAPACITY - 8];
  char when[24];
  const uint64_t silent_us = now_us - c->last_valid_us;
  rc_seconds_text(silent_us, when, sizeof when);
  if (silent_us >= CRSF_SILENT_US && c->bytes_since_valid >= WRONG_BAUD_MIN_BYTES) {
    snprintf(text, sizeof text, "bytes but no valid frame for %s (is the receiver at %lu baud?)", when,
             (unsigned long)c->config.baud);
    set_message(c, CRSF_HEALTH_WRONG_BAUD, text);
  } else if (silent_us >= CRSF_SILENT_US && c->parser.frames == 0) {
    snprintf(text, sizeof text, "no receiver (nothing received for %s)", when);
    set_message(c, CRSF_HEALTH_NO_RECEIVER, text);
  } else if (c->input.failsafe_reason == RC_FAILSAFE_LINK_QUALITY) {
    set_message(c, CRSF_HEALTH_FAILSAFE, "failsafe (uplink LQ 0 %)");
  } else if (c->input.failsafe) {
    rc_seconds_text(c->input.frames ? now_us - c->input.frame_time_us : now_us - c->start_us, when, sizeof when);
    snprintf(text, sizeof text, "failsafe (no RC frame for %s)", when);
    set_message(c, CRSF_HEALTH_FAILSAFE, text);
  } else if (c->bad_seen > 0 && now_us - c->last_bad_us < CRSF_BAD_FRAME_HOLD_US) {
    rc_seconds_text(now_us - c->last_bad_us, when, sizeof when);
    snprintf(text, sizeof text, "%lu bad CRC%s, %lu cut frame%s (the last %s ago)", (unsigned long)c->parser.bad_crc,
             c->parser.bad_crc == 1 ? "" : "s", (unsigned long)c->parser.cut_frames,
             c->parser.cut_frames == 1 ? "" : "s", when);
    set_message(c, CRSF_HEALTH_BAD_FRAMES, text);
  } else {
    snprintf(text, sizeof text, "ok (LQ %d %%, RSSI %d dBm, RF mode %u, %lu RC frames/s)",
             c->have_stats ? (int)c->stats.uplink_lq_pct : -1, (int)c->input.rssi_dbm,
             c->have_stats ? (unsigned)c->stats.rf_mode : 0u, (unsigned long)c->rc_frames_per_s);
    set_message(c, CRSF_HEALTH_OK, text);
  }
}

crsf_poll_t crsf_poll(crsf_t* crsf, rc_input_t* input) {
  if (!crsf->started) return CRSF_POLL_NONE;
  const uint64_t now_us = crsf->clock.now_us(crsf->clock.context);
  bool fresh = false;
  size_t total = 0;
  crsf_frame_t frame;
  uint8_t chunk[READ_CHUNK];
  while (total < READ_LIMIT) {
    const size_t got = crsf->uart.read(crsf->uart.context, chunk, sizeof chunk);
    if (got == 0) break;
    total += got;
    for (size_t i = 0; i < got; ++i) {
      crsf_parser_push(&crsf->parser, chunk[i]);
      ++crsf->bytes_since_valid;
      while (crsf_parser_next(&crsf->parser, &frame)) fresh |= handle_frame(crsf, &frame, now_us);
    }
  }
  if (total > 0) {
    crsf->last_byte_us = now_us;
  } else if (crsf_parser_partial(&crsf->parser) && now_us - crsf->last_byte_us > CRSF_CUT_GAP_US) {
    /* The line went idle inside a frame: it was cut. Whatever it held is rescanned. */
    crsf_parser_cut(&crsf->parser);
    while (crsf_parser_partial(&crsf->parser)) {
      if (crsf_parser_next(&crsf->parser, &frame)) {
        fresh |= handle_frame(crsf, &frame, now_us);
      } else if (crsf_parser_partial(&crsf->parser)) {
        drop(&crsf->parser, 1); /* what remains of the cut frame (already counted) */
        ++crsf->parser.garbage_bytes;
      }
    }
  }
  update_failsafe(crsf, now_us);
  update_health(crsf, now_us);
  if (input) *input = crsf->input;
  return fresh ? CRSF_POLL_NEW : CRSF_POLL_NONE;
}

bool crsf_send_battery(crsf_t* crsf, const crsf_battery_t* battery) {
  if (!crsf->started) return false;
  uint8_t payload[CRSF_BATTERY_SENSOR_LENGTH];
  uint8_t frame[CRSF_BATTERY_SENSOR_LENGTH + 4];
  crsf_encode_battery(battery, payload);
  const size_t n = crsf_build_frame(CRSF_TYPE_BATTERY_SENSOR, payload, sizeof payload, frame);
  if (crsf->uart.write(crsf->uart.context, frame, n) != n) {
    ++crsf->write_shortfalls;
    return false;
  }
  ++crsf->telemetry_frames;
  return true;
}

const crsf_link_stats_t* crsf_link_stats(const crsf_t* crsf) { return crsf->have_stats ? &crsf->stats : NULL; }
crsf_health_t crsf_health(const crsf_t* crsf) { return crsf->health; }
const char* crsf_message(const crsf_t* crsf) { return crsf->message; }
