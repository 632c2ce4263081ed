#include "firmware/drivers/ublox_parser.h"

#include <string.h>

uint16_t ublox_u16(const uint8_t* p) { return (uint16_t)(p[0] | ((uint16_t)p[1] << 8)); }

uint32_t ublox_u32(const uint8_t* p) {
  return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

void ublox_put_u16(uint8_t* p, uint16_t value) {
  p[0] = (uint8_t)value;
  p[1] = (uint8_t)(value >> 8);
}

void ublox_put_u32(uint8_t* p, uint32_t value) {
  for (int i = 0; i < 4; ++i) p[i] = (uint8_t)(value >> (8 * i));
}

static int32_t s32(const uint8_t* p) { return (int32_t)ublox_u32(p); }

void ublox_checksum(const uint8_t* data, size_t length, uint8_t* ck_a, uint8_t* ck_b) {
  uint8_t a = 0, b = 0;
  for (size_t i = 0; i < length; ++i) {
    a = (uint8_t)(a + data[i]);
    b = (uint8_t)(b + a);
  }
  *ck_a = a;
  *ck_b = b;
}

size_t ublox_frame_build(uint8_t* out, size_t capacity, uint8_t message_class, uint8_t message_id,
                         const uint8_t* payload, uint16_t length) {
  const size_t total = (size_t)length + UBLOX_FRAME_OVERHEAD;
  if (length > UBLOX_MAX_PAYLOAD || total > capacity) return 0;
  out[0] = UBLOX_SYNC_1;
  out[1] = UBLOX_SYNC_2;
  out[2] = message_class;
  out[3] = message_id;
  ublox_put_u16(&out[4], length);
  if (length > 0) memcpy(&out[6], payload, length);
  ublox_checksum(&out[2], (size_t)length + 4, &out[6 + length], &out[7 + length]);
  return total;
}

uint8_t ublox_nmea_checksum(const char* body, size_t length) {
  uint8_t sum = 0;
  for (size_t i = 0; i < length; ++i) sum ^= (uint8_t)body[i];
  return sum;
}

void ublox_parser_init(ublox_parser_t* parser) { memset(parser, 0, sizeof *parser); }

/* ---- NMEA: whole sentences with their checksum, from the bytes no UBX frame claimed ---- */

static int hex_digit(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static void nmea_byte(ublox_parser_t* p, uint8_t c) {
  if (c == '$') { /* a new sentence, whatever came before */
    p->nmea_state = 1;
    p->nmea_sum = 0;
    p->nmea_chars = 1;
    return;
  }
  if (p->nmea_state == 0) return;
  if (++p->nmea_chars > UBLOX_NMEA_MAX_CHARS) {
    p->nmea_state = 0;
    return;
  }
  if (p->nmea_state == 1) {
    if (c == '*') {
      p->nmea_state = 2;
    } else if (c >= 0x20 && c < 0x7F) {
      p->nmea_sum ^= c;
    } else {
      p->nmea_state = 0;
    }
  } else if (p->nmea_state == 2 || p->nmea_state == 3) {
    const int digit = hex_digit(c);
    if (digit < 0) {
      p->nmea_state = 0;
    } else {
      p->nmea_given = (uint8_t)((p->nmea_state == 2 ? 0 : p->nmea_given << 4) | digit);
      ++p->nmea_state;
    }
  } else {
    if (c == '\r' || c == '\n') {
      if (p->nmea_given == p->nmea_sum) {
        ++p->nmea_sentences;
      } else {
        ++p->nmea_bad;
      }
    }
    p->nmea_state = 0;
  }
}

/* ---- UBX: the buffer always starts where a frame could start ---- */

/* Drops `count` bytes from the front; skipped ones go to the NMEA recogniser. */
static void drop(ublox_parser_t* p, size_t count, bool skipped) {
  if (skipped) {
    for (size_t i = 0; i < count; ++i) nmea_byte(p, p->buffer[i]);
    p->skipped_bytes += (uint32_t)count;
  }
  p->have -= count;
  if (p->have > 0) memmove(p->buffer, p->buffer + count, p->have);
}

/* Skips the first byte, then everything up to the next sync char 1. */
static void resync(ublox_parser_t* p) {
  size_t next = 1;
  while (next < p->have && p->buffer[next] != UBLOX_SYNC_1) ++next;
  drop(p, next, true);
}

static bool holds_sync_pair(const uint8_t* data, size_t length) {
  for (size_t i = 0; i + 1 < length; ++i) {
    if (data[i] == UBLOX_SYNC_1 && data[i + 1] == UBLOX_SYNC_2) return true;
  }
  return false;
}

/* Takes every complete frame the buffer holds, resynchronising after each failure; returns when
 * the buffer holds only the start of a frame (or nothing). */
static void settle(ublox_parser_t* p, ublox_frame_handler_t handler, void* context) {
  while (p->have > 0) {
    if (p->buffer[0] != UBLOX_SYNC_1 || (p->have >= 2 && p->buffer[1] != UBLOX_SYNC_2)) {
      resync(p);
      continue;
    }
    if (p->have < 6) return;
    const uint16_t length = ublox_u16(&p->buffer[4]);
    if (length > UBLOX_MAX_PAYLOAD) {
      ++p->cut_frames;
      resync(p);
      continue;
    }
    const size_t total = (size_t)length + UBLOX_FRAME_OVERHEAD;
    if (p->have < total) return;
    uint8_t ck_a, ck_b;
    ublox_checksum(&p->buffer[2], (size_t)length + 4, &ck_a, &ck_b);
    if (ck_a != p->buffer[total - 2] || ck_b != p->buffer[total - 1]) {
      if (holds_sync_pair(&p->buffer[2], total - 2)) {
        ++p->cut_frames;
      } else {
        ++p->bad_checksums;
      }
      resync(p);
      continue;
    }
    ++p->frames;
    const ublox_frame_t frame = {p->buffer[2], p->buffer[3], length, &p->buffer[6]};
    if (handler) handler(context, &frame);
    drop(p, total, false);
  }
}

void ublox_parser_feed(ublox_parser_t* p, const uint8_t* data, size_t length, ublox_frame_handler_t handler,
                       void* context) {
  for (size_t i = 0; i < length; ++i) {
    /* Never full here: settle leaves at most a frame's start of at most a maximal frame's size
     * minus one byte. */
    p->buffer[p->have++] = data[i];
    if (p->have == 1 && data[i] != UBLOX_SYNC_1) { /* the common case between frames: no copying */
      nmea_byte(p, data[i]);
      ++p->skipped_bytes;
      p->have = 0;
      continue;
    }
    settle(p, handler, context);
  }
}

/* ---- NAV-PVT ---- */

/* Payload offsets (UBX-NAV-PVT): iTOW 0 (U4 ms), fixType 20 (U1), flags 21 (X1), numSV 23
 * (U1), lon 24 and lat 28 (I4 1e-7 deg), height 32 and hMSL 36 (I4 mm), hAcc 40 and vAcc 44
 * (U4 mm), velN 48, velE 52, velD 56, gSpeed 60 (I4 mm/s), headMot 64 (I4 1e-5 deg), sAcc 68
 * (U4 mm/s), pDOP 76 (U2 0.01). */
bool ublox_decode_nav_pvt(const uint8_t* payload, size_t length, ublox_pvt_t* pvt) {
  if (length != UBLOX_NAV_PVT_LENGTH) return false;
  pvt->itow_ms = ublox_u32(&payload[0]);
  pvt->fix_type = payload[20];
  pvt->gnss_fix_ok = (payload[21] & UBLOX_PVT_FLAG_GNSS_FIX_OK) != 0;
  pvt->satellites = payload[23];
  pvt->lon_e7 = s32(&payload[24]);
  pvt->lat_e7 = s32(&payload[28]);
  pvt->lon_deg = (double)pvt->lon_e7 * 1e-7;
  pvt->lat_deg = (double)pvt->lat_e7 * 1e-7;
  pvt->height_ellipsoid_m = (float)s32(&payload[32]) / 1000.0f;
  pvt->height_msl_m = (float)s32(&payload[36]) / 1000.0f;
  pvt->horizontal_accuracy_m = (float)ublox_u32(&payload[40]) / 1000.0f;
  pvt->vertical_accuracy_m = (float)ublox_u32(&payload[44]) / 1000.0f;
  for (int i = 0; i < 3; ++i) pvt->vel_ned_mps[i] = (float)s32(&payload[48 + 4 * i]) / 1000.0f;
  pvt->ground_speed_mps = (float)s32(&payload[60]) / 1000.0f;
  pvt->course_deg = (float)s32(&payload[64]) / 100000.0f;
  pvt->speed_accuracy_mps = (float)ublox_u32(&payload[68]) / 1000.0f;
  pvt->pdop = (float)ublox_u16(&payload[76]) / 100.0f;
  return true;
}
