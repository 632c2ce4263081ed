#include "firmware/chips/ublox_model.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

enum {
  WEEK_MS = 604800000u,
  DAY_S = 86400u,
  GPS_UTC_LEAP_S = 18u, /* GPS - UTC since 1 January 2017 */
  GARBLE_DROP_EVERY = 5
};

static const double kKnotsPerMps = 3600.0 / 1852.0;

/* ---- the wire ---- */

static uint64_t byte_time_ns(uint32_t baud) { return baud ? 10000000000ull / baud : UINT64_MAX / 4; }

/* Queues bytes sent at `baud` from `start_ns` on; all or nothing. */
static bool line_send(ublox_model_line_t* line, const uint8_t* data, size_t length, uint32_t baud, uint64_t start_ns) {
  if (line->count + length > UBLOX_MODEL_LINE_CAPACITY) return false;
  uint64_t t = line->free_ns > start_ns ? line->free_ns : start_ns;
  for (size_t i = 0; i < length; ++i) {
    t += byte_time_ns(baud);
    ublox_model_byte_t* b = &line->ring[(line->head + line->count) % UBLOX_MODEL_LINE_CAPACITY];
    b->byte = data[i];
    b->baud = baud;
    b->arrival_ns = t;
    ++line->count;
  }
  line->free_ns = t;
  return true;
}

static const ublox_model_byte_t* line_front(const ublox_model_line_t* line) {
  return line->count ? &line->ring[line->head] : NULL;
}

static void line_pop(ublox_model_line_t* line) {
  line->head = (line->head + 1) % UBLOX_MODEL_LINE_CAPACITY;
  --line->count;
}

/* A byte read at `baud`: itself, or garbled (false: lost) when sent at another. */
static bool deliver(ublox_model_t* m, const ublox_model_byte_t* b, uint32_t baud, uint8_t* out) {
  if (b->baud == baud) {
    *out = b->byte;
    return true;
  }
  ++m->garbled;
  if (m->garbled % GARBLE_DROP_EVERY == 0) return false;
  *out = (uint8_t)(b->byte * 167u + 59u);
  return true;
}

/* ---- output ---- */

static void send_bytes(ublox_model_t* m, const uint8_t* data, size_t length) {
  if (!line_send(&m->to_host, data, length, m->baud, m->now_ns)) ++m->dropped_outputs;
}

static void send_frame(ublox_model_t* m, uint8_t message_class, uint8_t message_id, const uint8_t* payload,
                       uint16_t length, bool faultable) {
  uint8_t frame[UBLOX_NAV_PVT_LENGTH + UBLOX_FRAME_OVERHEAD];
  size_t size = ublox_frame_build(frame, sizeof frame, message_class, message_id, payload, length);
  ++m->output_frames;
  const uint32_t every = m->fault_every ? m->fault_every : 1u;
  if (faultable && m->output_frames % every == 0) {
    if (m->fault == UBLOX_MODEL_FAULT_BAD_CHECKSUM) frame[size - 1] ^= 0x55;
    if (m->fault == UBLOX_MODEL_FAULT_CUT_FRAMES) size /= 2;
  }
  send_bytes(m, frame, size);
}

static void send_ack(ublox_model_t* m, const ublox_frame_t* f, bool ack) {
  const uint8_t payload[2] = {f->message_class, f->message_id};
  send_frame(m, UBLOX_CLASS_ACK, ack ? UBLOX_ID_ACK_ACK : UBLOX_ID_ACK_NAK, payload, 2, false);
  if (ack) {
    ++m->acks;
  } else {
    ++m->naks;
  }
}

static int32_t round_i32(double value) { return (int32_t)llround(value); }

static bool has_fix(const ublox_model_t* m) {
  return m->fault != UBLOX_MODEL_FAULT_NO_FIX && m->fix_type != UBLOX_FIX_NONE && m->fix_type != UBLOX_FIX_TIME_ONLY;
}

/* UTC time of day [ms] at GPS time of week `itow_ms`. */
static uint32_t utc_ms_of_day(uint32_t itow_ms) {
  const uint64_t utc = (uint64_t)itow_ms + WEEK_MS - GPS_UTC_LEAP_S * 1000u;
  return (uint32_t)(utc % ((uint64_t)DAY_S * 1000u));
}

static double course_deg(const ublox_model_t* m) {
  double c = atan2(m->vel_ned_mps[1], m->vel_ned_mps[0]) * (180.0 / 3.14159265358979323846);
  return c < 0.0 ? c + 360.0 : c;
}

void ublox_model_nav_pvt(const ublox_model_t* m, uint32_t itow_ms, uint8_t p[UBLOX_NAV_PVT_LENGTH]) {
  memset(p, 0, UBLOX_NAV_PVT_LENGTH);
  const uint32_t day_ms = utc_ms_of_day(itow_ms);
  const bool fix = has_fix(m);
  ublox_put_u32(&p[0], itow_ms);
  ublox_put_u16(&p[4], 2024); /* the model's date does not roll over (tests last minutes) */
  p[6] = 6;
  p[7] = 12;
  p[8] = (uint8_t)(day_ms / 3600000u);
  p[9] = (uint8_t)(day_ms / 60000u % 60u);
  p[10] = (uint8_t)(day_ms / 1000u % 60u);
  p[11] = 0x07;                                                 /* validDate, validTime, fullyResolved */
  ublox_put_u32(&p[12], 30);                                    /* tAcc [ns] */
  ublox_put_u32(&p[16], (uint32_t)(day_ms % 1000u) * 1000000u); /* nano */
  p[20] = fix ? m->fix_type : UBLOX_FIX_NONE;
  p[21] = (fix && m->gnss_fix_ok) ? UBLOX_PVT_FLAG_GNSS_FIX_OK : 0;
  p[23] = m->satellites;
  ublox_put_u32(&p[24], (uint32_t)round_i32(m->lon_deg * 1e7));
  ublox_put_u32(&p[28], (uint32_t)round_i32(m->lat_deg * 1e7));
  ublox_put_u32(&p[32], (uint32_t)round_i32(m->height_ellipsoid_m * 1000.0));
  ublox_put_u32(&p[36], (uint32_t)round_i32((m->height_ellipsoid_m - m->geoid_separation_m) * 1000.0));
  ublox_put_u32(&p[40], (uint32_t)round_i32(m->horizontal_accuracy_m * 1000.0));
  ublox_put_u32(&p[44], (uint32_t)round_i32(m->vertical_accuracy_m * 1000.0));
  for (int i = 0; i < 3; ++i) ublox_put_u32(&p[48 + 4 * i], (uint32_t)round_i32(m->vel_ned_mps[i] * 1000.0));
  ublox_put_u32(&p[60], (uint32_t)round_i32(hypot(m->vel_ned_mps[0], m->vel_ned_mps[1]) * 1000.0));
  ublox_put_u32(&p[64], (uint32_t)round_i32(course_deg(m) * 1e5));
  ublox_put_u32(&p[68], (uint32_t)round_i32(m->speed_accuracy_mps * 1000.0));
  ublox_put_u32(&p[72], 5000000u); /* headAcc 50 deg */
  ublox_put_u16(&p[76], (uint16_t)round_i32(m->pdop * 100.0));
}

/* "ddmm.mmmmm,N" (degrees digits: 2 for latitude, 3 for longitude); |deg| beyond 180 as 180. */
static int nmea_angle(char* text, size_t capacity, double deg, int degree_digits, char positive, char negative) {
  const double a = fabs(deg) <= 180.0 ? fabs(deg) : 180.0;
  unsigned whole = (unsigned)a;
  unsigned long minutes_e5 = (unsigned long)lround((a - (double)whole) * 60.0 * 1e5);
  if (minutes_e5 >= 6000000ul) {
    ++whole;
    minutes_e5 -= 6000000ul;
  }
  return snprintf(text, capacity, "%0*u%02u.%05u,%c", degree_digits, whole % 1000u,
                  (unsigned)(minutes_e5 / 100000ul % 100u), (unsigned)(minutes_e5 % 100000ul),
                  deg < 0.0 ? negative : positive);
}

/* Appends "*hh\r\n" to the sentence in text (which starts with '$'). */
static size_t nmea_finish(char* text, size_t capacity, int length) {
  if (length < 0 || (size_t)length + 6 > capacity) return 0;
  const uint8_t sum = ublox_nmea_checksum(text + 1, (size_t)length - 1);
  return (size_t)length + (size_t)snprintf(text + length, capacity - (size_t)length, "*%02X\r\n", (unsigned)sum);
}

static void utc_text(uint32_t itow_ms, char* text, size_t capacity) {
  const uint32_t ms = utc_ms_of_day(itow_ms);
  snprintf(text, capacity, "%02lu%02lu%02lu.%02lu", (unsigned long)(ms / 3600000u), (unsigned long)(ms / 60000u % 60u),
           (unsigned long)(ms / 1000u % 60u), (unsigned long)(ms % 1000u / 10u));
}

size_t ublox_model_gga(const ublox_model_t* m, uint32_t itow_ms, char* text, size_t capacity) {
  char utc[16], lat[24], lon[24];
  utc_text(itow_ms, utc, sizeof utc);
  nmea_angle(lat, sizeof lat, m->lat_deg, 2, 'N', 'S');
  nmea_angle(lon, sizeof lon, m->lon_deg, 3, 'E', 'W');
  const bool fix = has_fix(m);
  const int n =
      snprintf(text, capacity, "$GNGGA,%s,%s,%s,%d,%02u,%.2f,%.1f,M,%.1f,M,,", utc, lat, lon, fix ? 1 : 0,
               (unsigned)m->satellites, m->pdop, m->height_ellipsoid_m - m->geoid_separation_m, m->geoid_separation_m);
  return nmea_finish(text, capacity, n);
}

size_t ublox_model_rmc(const ublox_model_t* m, uint32_t itow_ms, char* text, size_t capacity) {
  char utc[16], lat[24], lon[24];
  utc_text(itow_ms, utc, sizeof utc);
  nmea_angle(lat, sizeof lat, m->lat_deg, 2, 'N', 'S');
  nmea_angle(lon, sizeof lon, m->lon_deg, 3, 'E', 'W');
  const bool fix = has_fix(m);
  const double knots = hypot(m->vel_ned_mps[0], m->vel_ned_mps[1]) * kKnotsPerMps;
  const int n = snprintf(text, capacity, "$GNRMC,%s,%c,%s,%s,%.3f,%.2f,120624,,,%c", utc, fix ? 'A' : 'V', lat, lon,
                         knots, course_deg(m), fix ? 'A' : 'N');
  return nmea_finish(text, capacity, n);
}

static uint32_t itow_at(const ublox_model_t* m, uint64_t t_ns) {
  return (uint32_t)(((uint64_t)m->start_tow_ms + t_ns / 1000000u) % WEEK_MS);
}

static void solution(ublox_model_t* m) {
  ++m->solutions;
  if (m->fault == UBLOX_MODEL_FAULT_SILENT) return;
  const uint32_t itow = itow_at(m, m->now_ns);
  char text[UBLOX_NMEA_MAX_CHARS + 16];
  if ((m->out_proto & UBLOX_PROTO_NMEA) && m->gga_rate && m->solutions % m->gga_rate == 0) {
    send_bytes(m, (const uint8_t*)text, ublox_model_gga(m, itow, text, sizeof text));
    ++m->nmea_sentences;
  }
  if ((m->out_proto & UBLOX_PROTO_NMEA) && m->rmc_rate && m->solutions % m->rmc_rate == 0) {
    send_bytes(m, (const uint8_t*)text, ublox_model_rmc(m, itow, text, sizeof text));
    ++m->nmea_sentences;
  }
  if ((m->out_proto & UBLOX_PROTO_UBX) && m->pvt_rate && m->solutions % m->pvt_rate == 0) {
    uint8_t payload[UBLOX_NAV_PVT_LENGTH];
    ublox_model_nav_pvt(m, itow, payload);
    send_frame(m, UBLOX_CLASS_NAV, UBLOX_ID_NAV_PVT, payload, UBLOX_NAV_PVT_LENGTH, true);
    ++m->pvt_frames;
  }
}

/* ---- input ---- */

static bool cfg_prt(ublox_model_t* m, const ublox_frame_t* f) {
  if (f->length != UBLOX_CFG_PRT_LENGTH || f->payload[0] != UBLOX_PORT_UART1) return false;
  const uint32_t mode = ublox_u32(&f->payload[4]), baud = ublox_u32(&f->payload[8]);
  if ((mode & 0x00C0u) != 0x00C0u || (mode & 0x0E00u) != 0x0800u || (mode & 0x3000u) != 0) return false;
  if (baud < 4800 || baud > 921600) return false;
  m->in_proto = ublox_u16(&f->payload[12]);
  m->out_proto = ublox_u16(&f->payload[14]);
  if (m->switch_before_ack && baud != m->baud) {
    m->baud = baud;
    ++m->baud_changes;
  }
  send_ack(m, f, true);
  if (baud != m->baud) { /* after the ACK has left at the old baud */
    m->baud_pending = true;
    m->pending_baud = baud;
    m->pending_baud_ns = m->to_host.free_ns;
  }
  return true;
}

static bool cfg_rate(ublox_model_t* m, const ublox_frame_t* f) {
  if (f->length != UBLOX_CFG_RATE_LENGTH) return false;
  const uint16_t meas = ublox_u16(&f->payload[0]), nav = ublox_u16(&f->payload[2]);
  if (meas < 25 || nav < 1 || nav > 127) return false;
  m->measurement_period_ms = meas;
  m->nav_rate = nav;
  return true;
}

static bool cfg_msg(ublox_model_t* m, const ublox_frame_t* f) {
  uint8_t rate;
  if (f->length == UBLOX_CFG_MSG_LENGTH) {
    rate = f->payload[2];
  } else if (f->length == 8) {
    rate = f->payload[2 + UBLOX_PORT_UART1];
  } else {
    return false;
  }
  const uint8_t c = f->payload[0], id = f->payload[1];
  if (c == UBLOX_CLASS_NAV && id == UBLOX_ID_NAV_PVT) m->pvt_rate = rate;
  if (c == UBLOX_CLASS_NMEA && id == UBLOX_ID_NMEA_GGA) m->gga_rate = rate;
  if (c == UBLOX_CLASS_NMEA && id == UBLOX_ID_NMEA_RMC) m->rmc_rate = rate;
  return true;
}

static bool cfg_nav5(ublox_model_t* m, const ublox_frame_t* f) {
  if (f->length != UBLOX_CFG_NAV5_LENGTH) return false;
  if (ublox_u16(&f->payload[0]) & 0x0001u) {
    const uint8_t model = f->payload[2];
    if (model == 1 || model > 10) return false;
    m->dyn_model = model;
  }
  return true;
}

static void on_command(void* context, const ublox_frame_t* f) {
  ublox_model_t* m = (ublox_model_t*)context;
  if (m->fault == UBLOX_MODEL_FAULT_SILENT || !(m->in_proto & UBLOX_PROTO_UBX)) return;
  if (f->message_class != UBLOX_CLASS_CFG) return;
  if (m->refuse && f->message_class == m->refuse_class && f->message_id == m->refuse_id) {
    send_ack(m, f, false);
    return;
  }
  switch (f->message_id) {
    case UBLOX_ID_CFG_PRT:
      if (!cfg_prt(m, f)) send_ack(m, f, false); /* (the ACK of a good one goes before the switch) */
      break;
    case UBLOX_ID_CFG_RATE:
      send_ack(m, f, cfg_rate(m, f));
      break;
    case UBLOX_ID_CFG_MSG:
      send_ack(m, f, cfg_msg(m, f));
      break;
    case UBLOX_ID_CFG_NAV5:
      send_ack(m, f, cfg_nav5(m, f));
      break;
    default:
      send_ack(m, f, false);
      break;
  }
}

/* ---- time ---- */

static uint64_t solution_period_ns(const ublox_model_t* m) {
  return (uint64_t)m->measurement_period_ms * m->nav_rate * 1000000u;
}

void ublox_model_advance_us(ublox_model_t* m, uint64_t microseconds) {
  const uint64_t end = m->now_ns + microseconds * 1000u;
  for (;;) { /* the events up to `end` in time order; on a tie the baud switch, the input, the solution */
    const ublox_model_byte_t* in = line_front(&m->to_receiver);
    uint64_t t = UINT64_MAX;
    int event = 0;
    if (m->baud_pending) {
      t = m->pending_baud_ns;
      event = 1;
    }
    if (in && in->arrival_ns < t) {
      t = in->arrival_ns;
      event = 2;
    }
    if (m->next_solution_ns < t) {
      t = m->next_solution_ns;
      event = 3;
    }
    if (t > end) break;
    m->now_ns = t;
    if (event == 1) {
      m->baud = m->pending_baud;
      m->baud_pending = false;
      ++m->baud_changes;
    } else if (event == 2) {
      uint8_t byte;
      const bool kept = deliver(m, in, m->baud, &byte);
      line_pop(&m->to_receiver);
      if (kept) ublox_parser_feed(&m->parser, &byte, 1, on_command, m);
    } else {
      solution(m);
      m->next_solution_ns += solution_period_ns(m);
    }
  }
  m->now_ns = end;
}

uint64_t ublox_model_now_us(const ublox_model_t* m) { return m->now_ns / 1000u; }

/* ---- the flight controller's side ---- */

size_t ublox_model_read(void* context, uint8_t* data, size_t capacity) {
  ublox_model_t* m = (ublox_model_t*)context;
  size_t n = 0;
  const ublox_model_byte_t* b;
  while (n < capacity && (b = line_front(&m->to_host)) != NULL && b->arrival_ns <= m->now_ns) {
    if (deliver(m, b, m->host_baud, &data[n])) ++n;
    line_pop(&m->to_host);
  }
  return n;
}

size_t ublox_model_write(void* context, const uint8_t* data, size_t length) {
  ublox_model_t* m = (ublox_model_t*)context;
  return line_send(&m->to_receiver, data, length, m->host_baud, m->now_ns) ? length : 0;
}

bool ublox_model_set_baud(void* context, uint32_t baud) {
  ((ublox_model_t*)context)->host_baud = baud;
  return true;
}

bus_uart_t ublox_model_uart(ublox_model_t* m) {
  bus_uart_t uart = {ublox_model_read, ublox_model_write, ublox_model_set_baud, m};
  return uart;
}

static void factory_configuration(ublox_model_t* m) {
  m->baud = 9600;
  m->baud_pending = false;
  m->in_proto = UBLOX_PROTO_UBX | UBLOX_PROTO_NMEA;
  m->out_proto = UBLOX_PROTO_NMEA;
  m->measurement_period_ms = 1000;
  m->nav_rate = 1;
  m->pvt_rate = 0;
  m->gga_rate = 1;
  m->rmc_rate = 1;
  m->dyn_model = 0; /* portable */
  m->next_solution_ns = m->now_ns + solution_period_ns(m);
  ublox_parser_init(&m->parser);
}

void ublox_model_init(ublox_model_t* m) {
  memset(m, 0, sizeof *m);
  m->lat_deg = 52.5200066;
  m->lon_deg = 13.4049540;
  m->height_ellipsoid_m = 80.0;
  m->geoid_separation_m = 40.0;
  m->horizontal_accuracy_m = 1.2;
  m->vertical_accuracy_m = 1.8;
  m->speed_accuracy_mps = 0.15;
  m->pdop = 1.3;
  m->fix_type = UBLOX_FIX_3D;
  m->gnss_fix_ok = true;
  m->satellites = 12;
  m->fault_every = 1;
  m->host_baud = 9600;
  /* Wednesday: 3 days into the GPS week, 10:00:00 UTC + 18 s. */
  m->start_tow_ms = (3u * DAY_S + 10u * 3600u + GPS_UTC_LEAP_S) * 1000u;
  factory_configuration(m);
}

void ublox_model_power_cycle(ublox_model_t* m) {
  memset(&m->to_receiver, 0, sizeof m->to_receiver);
  memset(&m->to_host, 0, sizeof m->to_host);
  factory_configuration(m);
}

void ublox_model_configured(ublox_model_t* m, uint32_t baud, uint16_t period_ms) {
  m->baud = baud;
  m->out_proto = UBLOX_PROTO_UBX;
  m->measurement_period_ms = period_ms;
  m->pvt_rate = 1;
  m->gga_rate = 0;
  m->rmc_rate = 0;
  m->next_solution_ns = m->now_ns + solution_period_ns(m);
}
