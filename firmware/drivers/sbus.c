#include "firmware/drivers/sbus.h"

#include <stdio.h>
#include <string.h>

enum { READ_CHUNK = 64, READ_LIMIT = 1024, WRONG_FORMAT_MIN_BYTES = 2 * SBUS_FRAME_BYTES };

bool sbus_end_byte_valid(uint8_t end) {
  return end == 0x00 || end == 0x04 || end == 0x14 || end == 0x24 || end == 0x34;
}

void sbus_build_frame(const sbus_frame_t* frame, uint8_t out[SBUS_FRAME_BYTES]) {
  out[0] = SBUS_HEADER;
  rc_pack_11bit(frame->values, out + 1);
  out[23] = frame->flags;
  out[24] = 0x00;
}

/* ---- parser ---- */

static void drop(sbus_parser_t* p, uint8_t n) {
  memmove(p->buffer, p->buffer + n, (size_t)(p->count - n));
  p->count = (uint8_t)(p->count - n);
}

void sbus_parser_init(sbus_parser_t* parser) { memset(parser, 0, sizeof *parser); }

void sbus_parser_push(sbus_parser_t* parser, uint8_t byte) {
  if (parser->count == SBUS_FRAME_BYTES) { /* only when sbus_parser_next was not called */
    drop(parser, 1);
    ++parser->garbage_bytes;
  }
  if (parser->count == 0) parser->rescanning = false; /* a new start */
  parser->buffer[parser->count++] = byte;
}

bool sbus_parser_partial(const sbus_parser_t* parser) { return parser->count > 0; }

bool sbus_parser_next(sbus_parser_t* parser, sbus_frame_t* frame) {
  sbus_parser_t* p = parser;
  while (p->count > 0) {
    if (p->buffer[0] != SBUS_HEADER) {
      drop(p, 1);
      ++p->garbage_bytes;
      continue;
    }
    if (p->count < SBUS_FRAME_BYTES) return false;
    if ((p->buffer[23] & 0xF0u) != 0 || !sbus_end_byte_valid(p->buffer[24])) {
      ++p->bad_frames;
      p->rescanning = true;
      drop(p, 1);
      continue;
    }
    rc_unpack_11bit(p->buffer + 1, frame->values);
    frame->flags = p->buffer[23];
    p->count = 0;
    ++p->frames;
    p->rescanning = false;
    return true;
  }
  return false;
}

void sbus_parser_cut(sbus_parser_t* parser) {
  if (parser->count == 0) return;
  if (parser->buffer[0] == SBUS_HEADER && !parser->rescanning) {
    ++parser->cut_frames;
  } else {
    parser->garbage_bytes += parser->count;
  }
  parser->count = 0;
  parser->rescanning = false;
}

/* ---- driver ---- */

sbus_config_t sbus_config_default(void) {
  sbus_config_t c;
  c.rc_timeout_us = SBUS_RC_TIMEOUT_US;
  return c;
}

bool sbus_config_check(const sbus_config_t* config, char* problem, size_t capacity) {
  char text[SBUS_MESSAGE_CAPACITY - 8] = "";
  if (config->rc_timeout_us < 20000u || config->rc_timeout_us > 2000000u) {
    snprintf(text, sizeof text, "rc timeout %lu us is not within 20000..2000000 us",
             (unsigned long)config->rc_timeout_us);
  }
  if (problem && capacity > 0) snprintf(problem, capacity, "%s", text);
  return text[0] == '\0';
}

static void set_message(sbus_t* s, sbus_health_t health, const char* text) {
  s->health = health;
  snprintf(s->message, sizeof s->message, "SBUS: %s", text);
}

bool sbus_start(sbus_t* sbus, bus_uart_t uart, bus_clock_t clock, const sbus_config_t* config) {
  memset(sbus, 0, sizeof *sbus);
  char problem[SBUS_MESSAGE_CAPACITY - 8];
  if (!sbus_config_check(config, problem, sizeof problem)) {
    set_message(sbus, SBUS_HEALTH_BAD_CONFIG, problem);
    return false;
  }
  sbus->uart = uart;
  sbus->clock = clock;
  sbus->config = *config;
  sbus_parser_init(&sbus->parser);
  if (uart.set_baud) uart.set_baud(uart.context, SBUS_BAUD);
  sbus->start_us = clock.now_us(clock.context);
  sbus->last_byte_us = sbus->start_us;
  sbus->last_valid_us = sbus->start_us;
  sbus->rate_window_us = sbus->start_us;
  sbus->input.channel_count = RC_MAX_CHANNELS;
  sbus->input.link_quality_pct = -1;
  sbus->input.failsafe = true;
  sbus->input.failsafe_reason = RC_FAILSAFE_NO_FRAMES;
  sbus->started = true;
  set_message(sbus, SBUS_HEALTH_NO_RECEIVER, "waiting for the receiver");
  return true;
}

static void handle_frame(sbus_t* s, const sbus_frame_t* frame, uint64_t now_us) {
  s->last_valid_us = now_us;
  s->bytes_since_valid = 0;
  for (int i = 0; i < RC_PACKED_CHANNELS; ++i) s->input.channels_us[i] = rc_value_to_us(frame->values[i]);
  s->input.channels_us[16] = rc_value_to_us((frame->flags & SBUS_FLAG_CH17) ? 1811 : 172);
  s->input.channels_us[17] = rc_value_to_us((frame->flags & SBUS_FLAG_CH18) ? 1811 : 172);
  s->receiver_failsafe = (frame->flags & SBUS_FLAG_FAILSAFE) != 0;
  if (frame->flags & SBUS_FLAG_FRAME_LOST) ++s->frames_lost;
  if (s->receiver_failsafe) ++s->failsafe_frames;
  s->input.frame_time_us = now_us;
  ++s->input.frames;
  ++s->rate_count;
}

static void update_failsafe(sbus_t* s, uint64_t now_us) {
  rc_failsafe_t reason = RC_FAILSAFE_NONE;
  if (s->input.frames == 0 || now_us - s->input.frame_time_us > s->config.rc_timeout_us) {
    reason = RC_FAILSAFE_NO_FRAMES;
  } else if (s->receiver_failsafe) {
    reason = RC_FAILSAFE_RECEIVER;
  }
  s->input.failsafe = reason != RC_FAILSAFE_NONE;
  s->input.failsafe_reason = reason;
  if (now_us - s->rate_window_us >= 1000000u) {
    s->frames_per_s = (uint32_t)((uint64_t)s->rate_count * 1000000u / (now_us - s->rate_window_us));
    s->rate_count = 0;
    s->rate_window_us = now_us;
  }
}

static void update_health(sbus_t* s, uint64_t now_us) {
  const uint32_t bad = s->parser.bad_frames + s->parser.cut_frames;
  if (bad != s->bad_seen) {
    s->bad_seen = bad;
    s->last_bad_us = now_us;
  }
  char text[SBUS_MESSAGE_CAPACITY - 8];
  char when[24];
  const uint64_t silent_us = now_us - s->last_valid_us;
  rc_seconds_text(silent_us, when, sizeof when);
  if (silent_us >= SBUS_SILENT_US && s->bytes_since_valid >= WRONG_FORMAT_MIN_BYTES) {
    snprintf(text, sizeof text, "bytes but no valid frame for %s (is the UART at 100000 baud, 8E2, inverted?)", when);
    set_message(s, SBUS_HEALTH_WRONG_FORMAT, text);
  } else if (silent_us >= SBUS_SILENT_US && s->parser.frames == 0) {
    snprintf(text, sizeof text, "no receiver (nothing received for %s)", when);
    set_message(s, SBUS_HEALTH_NO_RECEIVER, text);
  } else if (s->input.failsafe_reason == RC_FAILSAFE_RECEIVER) {
    set_message(s, SBUS_HEALTH_FAILSAFE, "failsafe (the receiver lost the transmitter)");
  } else if (s->input.failsafe) {
    rc_seconds_text(s->input.frames ? now_us - s->input.frame_time_us : now_us - s->start_us, when, sizeof when);
    snprintf(text, sizeof text, "failsafe (no frame for %s)", when);
    set_message(s, SBUS_HEALTH_FAILSAFE, text);
  } else if (s->bad_seen > 0 && now_us - s->last_bad_us < SBUS_BAD_FRAME_HOLD_US) {
    rc_seconds_text(now_us - s->last_bad_us, when, sizeof when);
    snprintf(text, sizeof text, "%lu bad frame%s, %lu cut frame%s (the last %s ago)",
             (unsigned long)s->parser.bad_frames, s->parser.bad_frames == 1 ? "" : "s",
             (unsigned long)s->parser.cut_frames, s->parser.cut_frames == 1 ? "" : "s", when);
    set_message(s, SBUS_HEALTH_BAD_FRAMES, text);
  } else {
    snprintf(text, sizeof text, "ok (%lu frames/s, %lu frame%s lost by the radio)", (unsigned long)s->frames_per_s,
             (unsigned long)s->frames_lost, s->frames_lost == 1 ? "" : "s");
    set_message(s, SBUS_HEALTH_OK, text);
  }
}

sbus_poll_t sbus_poll(sbus_t* sbus, rc_input_t* input) {
  if (!sbus->started) return SBUS_POLL_NONE;
  const uint64_t now_us = sbus->clock.now_us(sbus->clock.context);
  bool fresh = false;
  size_t total = 0;
  sbus_frame_t frame;
  uint8_t chunk[READ_CHUNK];
  while (total < READ_LIMIT) {
    const size_t got = sbus->uart.read(sbus->uart.context, chunk, sizeof chunk);
    if (got == 0) break;
    total += got;
    for (size_t i = 0; i < got; ++i) {
      sbus_parser_push(&sbus->parser, chunk[i]);
      ++sbus->bytes_since_valid;
      while (sbus_parser_next(&sbus->parser, &frame)) {
        handle_frame(sbus, &frame, now_us);
        fresh = true;
      }
    }
  }
  if (total > 0) {
    sbus->last_byte_us = now_us;
  } else if (sbus_parser_partial(&sbus->parser) && now_us - sbus->last_byte_us > SBUS_CUT_GAP_US) {
    sbus_parser_cut(&sbus->parser); /* the line went idle inside a frame */
  }
  update_failsafe(sbus, now_us);
  update_health(sbus, now_us);
  if (input) *input = sbus->input;
  return fresh ? SBUS_POLL_NEW : SBUS_POLL_NONE;
}

sbus_health_t sbus_health(const sbus_t* sbus) { return sbus->health; }
const char* sbus_message(const sbus_t* sbus) { return sbus->message; }
