#include "firmware/drivers/ublox.h"

#include <stdio.h>
#include <string.h>

/* The standard rates a receiver may be at, after the target (M8 factory default 9600; M9 and
 * M10 38400; the rest what a configuration may have left). */
static const uint32_t kStandardBauds[UBLOX_BAUD_COUNT] = {9600, 38400, 57600, 115200, 230400, 460800};

enum {
  ACK_FRAME_BYTES = 2 + UBLOX_FRAME_OVERHEAD,
  PVT_FRAME_BYTES = UBLOX_NAV_PVT_LENGTH + UBLOX_FRAME_OVERHEAD,
  READ_CHUNK = 64,
  READ_LIMIT = 1024,
  STEP_RATE = 0,
  STEP_MSG_PVT,
  STEP_NAV5,
  STEP_COUNT
};

uint32_t ublox_line_time_us(size_t bytes, uint32_t baud) {
  if (baud == 0) return UINT32_MAX;
  return (uint32_t)(((uint64_t)bytes * 10u * 1000000u + baud - 1u) / baud);
}

ublox_config_t ublox_config_default(void) {
  ublox_config_t c;
  c.baud = 115200;
  c.measurement_period_ms = 100;
  c.airborne_dynamic_model = true;
  return c;
}

static bool standard_baud(uint32_t baud) {
  for (int i = 0; i < UBLOX_BAUD_COUNT; ++i) {
    if (kStandardBauds[i] == baud) return true;
  }
  return false;
}

bool ublox_config_check(const ublox_config_t* config, char* problem, size_t capacity) {
  char text[UBLOX_MESSAGE_CAPACITY - 8] = "";
  const size_t n = sizeof text;
  if (!standard_baud(config->baud)) {
    snprintf(text, n, "baud %lu is not 9600, 38400, 57600, 115200, 230400 or 460800", (unsigned long)config->baud);
  } else if (config->measurement_period_ms < UBLOX_MIN_PERIOD_MS ||
             config->measurement_period_ms > UBLOX_MAX_PERIOD_MS) {
    snprintf(text, n, "measurement period %u ms is outside %u..%u ms", (unsigned)config->measurement_period_ms,
             (unsigned)UBLOX_MIN_PERIOD_MS, (unsigned)UBLOX_MAX_PERIOD_MS);
  } else if (2u * ublox_line_time_us(PVT_FRAME_BYTES, config->baud) > 1000u * config->measurement_period_ms) {
    snprintf(text, n, "baud %lu is too slow for NAV-PVT every %u ms (%lu us a frame, more than half the period)",
             (unsigned long)config->baud, (unsigned)config->measurement_period_ms,
             (unsigned long)ublox_line_time_us(PVT_FRAME_BYTES, config->baud));
  }
  if (problem && capacity > 0) snprintf(problem, capacity, "%s", text);
  return text[0] == '\0';
}

/* ---- health ---- */

static void finish_health(ublox_t* d, ublox_health_t health) {
  memcpy(d->message, "u-blox: ", 8);
  d->health = health;
}

/* Sets the health and its message, "u-blox: " and the printf-style text after it. */
#define set_health(d, health, ...) \
  (snprintf((d)->message + 8, sizeof(d)->message - 8, __VA_ARGS__), finish_health((d), (health)))

static uint64_t now(const ublox_t* d) { return d->clock.now_us(d->clock.context); }

/* Tenths of a second, for messages without floating-point printf: "2.0" (at most "999.9"). */
static void format_seconds(char* text, size_t capacity, uint64_t microseconds) {
  const uint64_t limit_us = 999900000u;
  const unsigned tenths = (unsigned)(((microseconds < limit_us ? microseconds : limit_us) + 50000u) / 100000u);
  snprintf(text, capacity, "%u.%u", tenths / 10u % 1000u, tenths % 10u);
}

static const char* step_name(uint8_t step) {
  static const char* const kNames[STEP_COUNT] = {"CFG-RATE", "CFG-MSG NAV-PVT", "CFG-NAV5"};
  return step < STEP_COUNT ? kNames[step] : "CFG";
}

static void search_health(ublox_t* d, uint64_t t) {
  const uint64_t since = d->last_valid_us > d->search_started_us ? d->last_valid_us : d->search_started_us;
  char seconds[16];
  format_seconds(seconds, sizeof seconds, UBLOX_SILENT_US);
  if (d->parser.nmea_sentences != d->nmea_at_search && t - d->search_started_us >= UBLOX_SILENT_US) {
    /* A receiver at a baud we know, taking none of our UBX: its input mask lacks UBX, or it
     * speaks another generation's configuration. */
    set_health(d, UBLOX_HEALTH_CONFIG_REFUSED, "answers NMEA at %lu baud but not the UBX configuration",
               (unsigned long)d->nmea_baud);
  } else if (t < since || t - since < UBLOX_SILENT_US) { /* (a frame of this poll is stamped after t) */
    if (d->state == UBLOX_STATE_CONFIGURE) {
      set_health(d, UBLOX_HEALTH_SEARCHING, "configuring at %lu baud (%s)", (unsigned long)d->line_baud,
                 step_name(d->step));
    } else {
      set_health(d, UBLOX_HEALTH_SEARCHING, "searching (%lu baud)", (unsigned long)d->bauds[d->baud_index]);
    }
  } else if (d->bytes_since_valid > 0) {
    char list[48] = "";
    size_t used = 0;
    for (int i = 0; i < UBLOX_BAUD_COUNT && used < sizeof list; ++i) {
      used += (size_t)snprintf(list + used, sizeof list - used, i ? " %lu" : "%lu", (unsigned long)d->bauds[i]);
    }
    set_health(d, UBLOX_HEALTH_WRONG_BAUD, "bytes arrive but no valid frame at any baud for %s s (%s)", seconds, list);
  } else {
    set_health(d, UBLOX_HEALTH_NOT_ANSWERING, "not answering at any baud (nothing received for %s s)", seconds);
  }
}

static void run_health(ublox_t* d, uint64_t t) {
  const unsigned long checksums = (unsigned long)(d->parser.bad_checksums - d->checksums_at_run);
  const unsigned long cut = (unsigned long)(d->parser.cut_frames - d->cuts_at_run);
  const ublox_pvt_t* p = &d->latest;
  if (d->refused) {
    set_health(d, UBLOX_HEALTH_CONFIG_REFUSED, "%s refused (ACK-NAK)", d->refused_name);
  } else if (!d->have_pvt) {
    set_health(d, UBLOX_HEALTH_SEARCHING, "configured, waiting for NAV-PVT");
  } else if (!(p->fix_type == UBLOX_FIX_3D || p->fix_type == UBLOX_FIX_GNSS_DEAD_RECKONING) || !p->gnss_fix_ok) {
    set_health(d, UBLOX_HEALTH_NO_FIX, "no 3-D fix (fixType %u, gnssFixOK %u, %u satellites)", (unsigned)p->fix_type,
               (unsigned)p->gnss_fix_ok, (unsigned)p->satellites);
  } else if (checksums + cut > 0 && t - d->last_bad_frame_us < UBLOX_BAD_FRAME_HOLD_US) {
    char ago[16];
    format_seconds(ago, sizeof ago, t - d->last_bad_frame_us);
    set_health(d, UBLOX_HEALTH_BAD_FRAMES, "%lu bad checksum%s, %lu cut frame%s since configured (the last %s s ago)",
               checksums, checksums == 1 ? "" : "s", cut, cut == 1 ? "" : "s", ago);
  } else {
    set_health(d, UBLOX_HEALTH_OK, "ok (3-D fix, %u satellites, %lu baud, every %u ms)", (unsigned)p->satellites,
               (unsigned long)d->line_baud, (unsigned)d->config.measurement_period_ms);
  }
}

/* ---- sending ---- */

static void send(ublox_t* d, uint8_t message_class, uint8_t message_id, const uint8_t* payload, uint16_t length) {
  uint8_t frame[UBLOX_CFG_NAV5_LENGTH + UBLOX_FRAME_OVERHEAD];
  const size_t size = ublox_frame_build(frame, sizeof frame, message_class, message_id, payload, length);
  if (d->uart.write(d->uart.context, frame, size) != size) ++d->write_shortfalls;
  ++d->config_sends;
  d->await_class = message_class;
  d->await_id = message_id;
  d->answer = 0;
  /* Our frame out, its ACK back, and the receiver's time to answer. */
  d->deadline_us = now(d) + ublox_line_time_us(size + ACK_FRAME_BYTES, d->line_baud) + UBLOX_ANSWER_US;
}

static void send_cfg_prt(ublox_t* d) {
  uint8_t p[UBLOX_CFG_PRT_LENGTH] = {0};
  p[0] = UBLOX_PORT_UART1;
  ublox_put_u32(&p[4], UBLOX_PRT_MODE_8N1);
  ublox_put_u32(&p[8], d->config.baud);
  ublox_put_u16(&p[12], UBLOX_PROTO_UBX | UBLOX_PROTO_NMEA); /* in: NMEA too, harmless */
  ublox_put_u16(&p[14], UBLOX_PROTO_UBX);                    /* out: UBX only, the NMEA off */
  send(d, UBLOX_CLASS_CFG, UBLOX_ID_CFG_PRT, p, sizeof p);
}

static void send_step(ublox_t* d) {
  if (d->step == STEP_RATE) {
    uint8_t p[UBLOX_CFG_RATE_LENGTH] = {0};
    ublox_put_u16(&p[0], d->config.measurement_period_ms);
    ublox_put_u16(&p[2], 1); /* navRate: a solution every measurement */
    ublox_put_u16(&p[4], 1); /* timeRef: GPS time */
    send(d, UBLOX_CLASS_CFG, UBLOX_ID_CFG_RATE, p, sizeof p);
  } else if (d->step == STEP_MSG_PVT) {
    const uint8_t p[UBLOX_CFG_MSG_LENGTH] = {UBLOX_CLASS_NAV, UBLOX_ID_NAV_PVT, 1};
    send(d, UBLOX_CLASS_CFG, UBLOX_ID_CFG_MSG, p, sizeof p);
  } else {
    uint8_t p[UBLOX_CFG_NAV5_LENGTH] = {0};
    ublox_put_u16(&p[0], 0x0001); /* mask: apply dynModel only */
    p[2] = UBLOX_DYN_MODEL_AIRBORNE_4G;
    send(d, UBLOX_CLASS_CFG, UBLOX_ID_CFG_NAV5, p, sizeof p);
  }
  ++d->tries;
}

static void set_line(ublox_t* d, uint32_t baud) {
  d->uart.set_baud(d->uart.context, baud);
  d->line_baud = baud;
}

/* PROBE_OLD at the candidate baud. */
static void probe(ublox_t* d) {
  d->state = UBLOX_STATE_PROBE_OLD;
  ++d->bauds_tried;
  set_line(d, d->bauds[d->baud_index]);
  send_cfg_prt(d);
}

static void begin_search(ublox_t* d) {
  ++d->searches;
  d->search_started_us = now(d);
  d->nmea_at_search = d->parser.nmea_sentences;
  d->bytes_since_valid = 0;
  d->refused = false;
  d->have_pvt = false;
  d->baud_index = 0;
  probe(d);
}

static void next_candidate(ublox_t* d) {
  d->baud_index = (uint8_t)((d->baud_index + 1) % UBLOX_BAUD_COUNT);
  probe(d);
}

static void begin_step(ublox_t* d, uint8_t step) {
  if (step == STEP_NAV5 && !d->config.airborne_dynamic_model) step = STEP_COUNT;
  if (step >= STEP_COUNT) {
    d->state = UBLOX_STATE_RUN;
    d->last_pvt_us = now(d);
    d->checksums_at_run = d->parser.bad_checksums;
    d->cuts_at_run = d->parser.cut_frames;
    return;
  }
  d->state = UBLOX_STATE_CONFIGURE;
  d->step = step;
  d->tries = 0;
  send_step(d);
}

bool ublox_start(ublox_t* d, bus_uart_t uart, bus_clock_t clock, const ublox_config_t* config) {
  char problem[UBLOX_MESSAGE_CAPACITY - 8];
  memset(d, 0, sizeof *d);
  d->uart = uart;
  d->clock = clock;
  d->config = *config;
  ublox_parser_init(&d->parser);
  if (!ublox_config_check(config, problem, sizeof problem)) {
    set_health(d, UBLOX_HEALTH_CONFIG_REFUSED, "%s", problem);
    return false;
  }
  d->bauds[0] = config->baud;
  int n = 1;
  for (int i = 0; i < UBLOX_BAUD_COUNT && n < UBLOX_BAUD_COUNT; ++i) {
    if (kStandardBauds[i] != config->baud) d->bauds[n++] = kStandardBauds[i];
  }
  d->started = true;
  begin_search(d);
  search_health(d, now(d));
  return true;
}

/* ---- receiving ---- */

static void on_frame(void* context, const ublox_frame_t* f) {
  ublox_t* d = (ublox_t*)context;
  if (f->message_class == UBLOX_CLASS_ACK && f->length == 2 && f->payload[0] == d->await_class &&
      f->payload[1] == d->await_id) {
    d->answer = f->message_id == UBLOX_ID_ACK_ACK ? 1 : -1;
  } else if (f->message_class == UBLOX_CLASS_NAV && f->message_id == UBLOX_ID_NAV_PVT && d->state == UBLOX_STATE_RUN &&
             ublox_decode_nav_pvt(f->payload, f->length, &d->latest)) {
    d->latest.time_us = now(d);
    d->last_pvt_us = d->latest.time_us;
    d->have_pvt = true;
    d->fresh = true;
    ++d->samples;
  }
}

static void receive(ublox_t* d, uint64_t t) {
  uint8_t chunk[READ_CHUNK];
  size_t total = 0, got;
  while (total < READ_LIMIT && (got = d->uart.read(d->uart.context, chunk, sizeof chunk)) > 0) {
    total += got;
    ublox_parser_feed(&d->parser, chunk, got, on_frame, d);
  }
  const uint32_t valid = d->parser.frames + d->parser.nmea_sentences;
  if (d->parser.nmea_sentences != d->nmea_seen) {
    d->nmea_seen = d->parser.nmea_sentences;
    d->nmea_baud = d->line_baud;
  }
  if (valid != d->valid_seen) {
    d->valid_seen = valid;
    d->last_valid_us = t;
    d->bytes_since_valid = 0;
  } else {
    d->bytes_since_valid += (uint32_t)total;
  }
  const uint32_t bad = d->parser.bad_checksums + d->parser.cut_frames;
  if (bad != d->bad_seen) {
    d->bad_seen = bad;
    d->last_bad_frame_us = t;
  }
}

/* ---- the start-up's steps ---- */

static void advance_configure(ublox_t* d, uint64_t t) {
  if (d->answer < 0) {
    d->refused = true;
    snprintf(d->refused_name, sizeof d->refused_name, "%s", step_name(d->step));
  }
  if (d->answer != 0) {
    begin_step(d, (uint8_t)(d->step + 1));
  } else if (t >= d->deadline_us) {
    if (d->tries < UBLOX_CONFIG_TRIES) {
      send_step(d);
    } else {
      begin_search(d); /* the receiver went away (or was reset) between two messages */
    }
  }
}

static void advance(ublox_t* d, uint64_t t) {
  switch (d->state) {
    case UBLOX_STATE_PROBE_OLD:
      if (d->answer != 0 || t >= d->deadline_us) {
        d->state = UBLOX_STATE_PROBE_TARGET;
        if (d->line_baud == d->config.baud && d->answer > 0) {
          begin_step(d, STEP_RATE); /* at the target already: that ACK is the proof */
        } else if (d->line_baud == d->config.baud) {
          next_candidate(d);
        } else {
          set_line(d, d->config.baud);
          send_cfg_prt(d);
        }
      }
      break;
    case UBLOX_STATE_PROBE_TARGET:
      if (d->answer > 0) {
        begin_step(d, STEP_RATE);
      } else if (d->answer < 0 || t >= d->deadline_us) {
        next_candidate(d);
      }
      break;
    case UBLOX_STATE_CONFIGURE:
      advance_configure(d, t);
      break;
    case UBLOX_STATE_RUN: {
      uint64_t lost_us = (uint64_t)UBLOX_LOST_PERIODS * d->config.measurement_period_ms * 1000u;
      if (lost_us < UBLOX_LOST_MIN_US) lost_us = UBLOX_LOST_MIN_US;
      /* (a NAV-PVT read in this very poll is stamped after t: not lost) */
      if (t > d->last_pvt_us && t - d->last_pvt_us > lost_us) begin_search(d);
      break;
    }
  }
}

ublox_poll_t ublox_poll(ublox_t* d, ublox_pvt_t* sample) {
  if (!d->started) return UBLOX_POLL_NONE;
  const uint64_t t = now(d);
  d->fresh = false;
  receive(d, t);
  advance(d, t);
  if (d->state == UBLOX_STATE_RUN) {
    run_health(d, t);
  } else {
    search_health(d, t);
  }
  if (!d->fresh) return UBLOX_POLL_NONE;
  if (sample) *sample = d->latest;
  return UBLOX_POLL_NEW;
}

ublox_health_t ublox_health(const ublox_t* d) { return d->health; }
const char* ublox_message(const ublox_t* d) { return d->message; }
