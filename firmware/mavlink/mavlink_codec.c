/* MAVLink v2 codec: see mavlink_codec.h. Facts from the MAVLink serialization
 * specification (frame layout, CRC, truncation) and mavgen (field order, CRC_EXTRA). */
#include "firmware/mavlink/mavlink_codec.h"

#include <string.h>

size_t mavlink_type_size(mavlink_type_t type) {
  switch (type) {
    case MAVLINK_TYPE_char:
    case MAVLINK_TYPE_uint8_t:
    case MAVLINK_TYPE_int8_t:
      return 1;
    case MAVLINK_TYPE_uint16_t:
    case MAVLINK_TYPE_int16_t:
      return 2;
    case MAVLINK_TYPE_uint32_t:
    case MAVLINK_TYPE_int32_t:
    case MAVLINK_TYPE_float:
      return 4;
    case MAVLINK_TYPE_uint64_t:
    case MAVLINK_TYPE_int64_t:
    case MAVLINK_TYPE_double:
      return 8;
  }
  return 0;
}

/* ---- little-endian writers and readers, one per wire type ---------------------------- */

typedef struct {
  uint8_t* out;
  size_t pos;
} writer_t;

typedef struct {
  const uint8_t* in;
  size_t length; /* bytes received; the rest read as zero */
  size_t pos;
} reader_t;

static inline void put_bytes(writer_t* w, uint64_t bits, size_t size) {
  for (size_t i = 0; i < size; ++i) w->out[w->pos++] = (uint8_t)(bits >> (8 * i));
}
static inline uint64_t get_bytes(reader_t* r, size_t size) {
  uint64_t bits = 0;
  for (size_t i = 0; i < size; ++i, ++r->pos)
    if (r->pos < r->length) bits |= (uint64_t)r->in[r->pos] << (8 * i);
  return bits;
}

static inline void put_char(writer_t* w, char v) { put_bytes(w, (uint8_t)v, 1); }
static inline void put_uint8_t(writer_t* w, uint8_t v) { put_bytes(w, v, 1); }
static inline void put_int8_t(writer_t* w, int8_t v) { put_bytes(w, (uint8_t)v, 1); }
static inline void put_uint16_t(writer_t* w, uint16_t v) { put_bytes(w, v, 2); }
static inline void put_int16_t(writer_t* w, int16_t v) { put_bytes(w, (uint16_t)v, 2); }
static inline void put_uint32_t(writer_t* w, uint32_t v) { put_bytes(w, v, 4); }
static inline void put_int32_t(writer_t* w, int32_t v) { put_bytes(w, (uint32_t)v, 4); }
static inline void put_uint64_t(writer_t* w, uint64_t v) { put_bytes(w, v, 8); }
static inline void put_int64_t(writer_t* w, int64_t v) { put_bytes(w, (uint64_t)v, 8); }
static inline void put_float(writer_t* w, float v) {
  uint32_t bits;
  memcpy(&bits, &v, 4);
  put_bytes(w, bits, 4);
}
static inline void put_double(writer_t* w, double v) {
  uint64_t bits;
  memcpy(&bits, &v, 8);
  put_bytes(w, bits, 8);
}

static inline char get_char(reader_t* r) { return (char)get_bytes(r, 1); }
static inline uint8_t get_uint8_t(reader_t* r) { return (uint8_t)get_bytes(r, 1); }
static inline int8_t get_int8_t(reader_t* r) { return (int8_t)(uint8_t)get_bytes(r, 1); }
static inline uint16_t get_uint16_t(reader_t* r) { return (uint16_t)get_bytes(r, 2); }
static inline int16_t get_int16_t(reader_t* r) { return (int16_t)(uint16_t)get_bytes(r, 2); }
static inline uint32_t get_uint32_t(reader_t* r) { return (uint32_t)get_bytes(r, 4); }
static inline int32_t get_int32_t(reader_t* r) { return (int32_t)(uint32_t)get_bytes(r, 4); }
static inline uint64_t get_uint64_t(reader_t* r) { return get_bytes(r, 8); }
static inline int64_t get_int64_t(reader_t* r) { return (int64_t)get_bytes(r, 8); }
static inline float get_float(reader_t* r) {
  const uint32_t bits = (uint32_t)get_bytes(r, 4);
  float v;
  memcpy(&v, &bits, 4);
  return v;
}
static inline double get_double(reader_t* r) {
  const uint64_t bits = get_bytes(r, 8);
  double v;
  memcpy(&v, &bits, 8);
  return v;
}

/* ---- generated from the table: field descriptors, packers, decoders -------------------- */

#define FIELD_S_(t, n) {#n, #t, MAVLINK_TYPE_##t, 0},
#define FIELD_A_(t, n, len) {#n, #t, MAVLINK_TYPE_##t, len},
#define FIELDS_(NAME, name, id, crc, base, ext) static const mavlink_field_info_t fields_##name[] = {base ext};
MAVLINK_MESSAGE_TABLE(FIELDS_, FIELD_S_, FIELD_A_)
#undef FIELDS_

/* The number of base fields: count the base list only. */
#define COUNT_S_(t, n) +1
#define COUNT_A_(t, n, len) +1
#define COUNT_(NAME, name, id, crc, base, ext) enum { base_count_##name = 0 base };
MAVLINK_MESSAGE_TABLE(COUNT_, COUNT_S_, COUNT_A_)
#undef COUNT_
#undef COUNT_S_
#undef COUNT_A_

/* Payload lengths: sizes summed. */
#define LEN_S_(t, n) +sizeof(t)
#define LEN_A_(t, n, len) +sizeof(t) * (len)
#define LEN_(NAME, name, id, crc, base, ext) enum { base_length_##name = 0 base, max_length_##name = 0 base ext };
MAVLINK_MESSAGE_TABLE(LEN_, LEN_S_, LEN_A_)
#undef LEN_
#undef LEN_S_
#undef LEN_A_

#define PACK_S_(t, n) put_##t(&w, m->n);
#define PACK_A_(t, n, len) \
  for (size_t i_ = 0; i_ < (len); ++i_) put_##t(&w, m->n[i_]);
#define PACK_(NAME, name, id, crc, base, ext)                    \
  static size_t pack_##name(const void* message, uint8_t* out) { \
    const mavlink_##name##_t* m = message;                       \
    writer_t w = {out, 0};                                       \
    base ext return w.pos;                                       \
  }
MAVLINK_MESSAGE_TABLE(PACK_, PACK_S_, PACK_A_)
#undef PACK_
#undef PACK_S_
#undef PACK_A_

#define DECODE_S_(t, n) m->n = get_##t(&r);
#define DECODE_A_(t, n, len) \
  for (size_t i_ = 0; i_ < (len); ++i_) m->n[i_] = get_##t(&r);
#define DECODE_(NAME, name, id, crc, base, ext)                                     \
  static void decode_##name(const uint8_t* payload, size_t length, void* message) { \
    mavlink_##name##_t* m = message;                                                \
    reader_t r = {payload, length, 0};                                              \
    base ext                                                                        \
  }
MAVLINK_MESSAGE_TABLE(DECODE_, DECODE_S_, DECODE_A_)
#undef DECODE_
#undef DECODE_S_
#undef DECODE_A_

typedef struct {
  mavlink_message_info_t info;
  size_t (*pack)(const void* message, uint8_t* out);
  void (*decode)(const uint8_t* payload, size_t length, void* message);
} message_entry_t;

#define ENTRY_(NAME, name, id, crc, base, ext)                                                                        \
  {{id, #NAME, crc, (uint8_t)(sizeof fields_##name / sizeof fields_##name[0]), base_count_##name, base_length_##name, \
    max_length_##name, sizeof(mavlink_##name##_t), fields_##name},                                                    \
   pack_##name,                                                                                                       \
   decode_##name},
static const message_entry_t entries[] = {MAVLINK_MESSAGE_TABLE(ENTRY_, MAVLINK_IGNORE_FIELD_, MAVLINK_IGNORE_FIELD_)};
#undef ENTRY_
#undef FIELD_S_
#undef FIELD_A_

enum { entry_count = sizeof entries / sizeof entries[0] };

static const message_entry_t* find_entry(uint32_t msgid) {
  for (size_t i = 0; i < entry_count; ++i)
    if (entries[i].info.id == msgid) return &entries[i];
  return NULL;
}

const mavlink_message_info_t* mavlink_message_info(uint32_t msgid) {
  const message_entry_t* e = find_entry(msgid);
  return e ? &e->info : NULL;
}

size_t mavlink_message_count(void) { return entry_count; }

const mavlink_message_info_t* mavlink_message_info_at(size_t index) {
  return index < entry_count ? &entries[index].info : NULL;
}

/* ---- CRC ------------------------------------------------------------------------------ */

uint16_t mavlink_crc_accumulate(uint8_t byte, uint16_t crc) {
  uint8_t tmp = byte ^ (uint8_t)(crc & 0xFF);
  tmp ^= (uint8_t)(tmp << 4);
  return (uint16_t)((crc >> 8) ^ ((uint16_t)tmp << 8) ^ ((uint16_t)tmp << 3) ^ (tmp >> 4));
}

uint16_t mavlink_crc_calculate(const uint8_t* data, size_t length) {
  uint16_t crc = 0xFFFF;
  for (size_t i = 0; i < length; ++i) crc = mavlink_crc_accumulate(data[i], crc);
  return crc;
}

static uint16_t crc_string(const char* s, uint16_t crc) {
  while (*s) crc = mavlink_crc_accumulate((uint8_t)*s++, crc);
  return mavlink_crc_accumulate(' ', crc);
}

uint8_t mavlink_compute_crc_extra(const mavlink_message_info_t* info) {
  uint16_t crc = crc_string(info->name, 0xFFFF);
  for (size_t i = 0; i < info->base_field_count; ++i) {
    const mavlink_field_info_t* f = &info->fields[i];
    crc = crc_string(f->type_name, crc);
    crc = crc_string(f->name, crc);
    if (f->array_length) crc = mavlink_crc_accumulate(f->array_length, crc);
  }
  return (uint8_t)((crc & 0xFF) ^ (crc >> 8));
}

/* ---- packing and decoding --------------------------------------------------------------- */

size_t mavlink_pack(mavlink_sender_t* sender, uint32_t msgid, const void* message, uint8_t* out) {
  const message_entry_t* e = find_entry(msgid);
  if (!e) return 0;
  size_t length = e->pack(message, out + MAVLINK_V2_HEADER_LEN);
  while (length > 1 && out[MAVLINK_V2_HEADER_LEN + length - 1] == 0) --length; /* truncation */
  out[0] = MAVLINK_STX_V2;
  out[1] = (uint8_t)length;
  out[2] = 0; /* incompat flags: unsigned */
  out[3] = 0; /* compat flags */
  out[4] = sender->seq++;
  out[5] = sender->sysid;
  out[6] = sender->compid;
  out[7] = (uint8_t)(msgid & 0xFF);
  out[8] = (uint8_t)((msgid >> 8) & 0xFF);
  out[9] = (uint8_t)((msgid >> 16) & 0xFF);
  uint16_t crc = mavlink_crc_calculate(out + 1, MAVLINK_V2_HEADER_LEN - 1 + length);
  crc = mavlink_crc_accumulate(e->info.crc_extra, crc);
  out[MAVLINK_V2_HEADER_LEN + length] = (uint8_t)(crc & 0xFF);
  out[MAVLINK_V2_HEADER_LEN + length + 1] = (uint8_t)(crc >> 8);
  return MAVLINK_V2_HEADER_LEN + length + MAVLINK_CHECKSUM_LEN;
}

bool mavlink_decode(const mavlink_frame_t* frame, uint32_t msgid, void* message) {
  if (frame->msgid != msgid) return false;
  const message_entry_t* e = find_entry(msgid);
  if (!e) return false;
  memset(message, 0, e->info.struct_size);
  e->decode(frame->payload, frame->length, message);
  return true;
}

/* ---- parsing ---------------------------------------------------------------------------- */

void mavlink_parser_init(mavlink_parser_t* parser) { memset(parser, 0, sizeof *parser); }

typedef enum { CANDIDATE_NEED_MORE, CANDIDATE_GOOD, CANDIDATE_BAD, CANDIDATE_UNKNOWN } candidate_t;

/* The source slot of (sysid, compid), or MAVLINK_PARSER_SOURCES when it was never heard. */
static size_t find_source(const mavlink_parser_t* p, uint8_t sysid, uint8_t compid) {
  for (size_t i = 0; i < MAVLINK_PARSER_SOURCES; ++i)
    if (p->sources[i].used && p->sources[i].sysid == sysid && p->sources[i].compid == compid) return i;
  return MAVLINK_PARSER_SOURCES;
}

/* A frame of an unknown message cannot be checked (no CRC_EXTRA). It is taken as a frame when
 * its header continues a source already heard with the very next sequence number, and a start
 * marker follows its end (judge): what a random start marker in a payload or in noise, or a
 * torn frame, almost never does. */
static bool plausible_unknown(const mavlink_parser_t* p, bool v2) {
  const uint8_t* b = p->buffer;
  const uint8_t seq = v2 ? b[4] : b[2], sysid = v2 ? b[5] : b[3], compid = v2 ? b[6] : b[4];
  const size_t i = find_source(p, sysid, compid);
  return i < MAVLINK_PARSER_SOURCES && (uint8_t)(p->sources[i].seq + 1) == seq;
}

/* Judges the candidate frame in the buffer; *frame_length is set when it is complete. */
static candidate_t judge(mavlink_parser_t* p, size_t* frame_length) {
  const uint8_t* b = p->buffer;
  const size_t n = p->buffered;
  /* Bytes left behind a frame taken out of a resynchronised buffer need not start with a
   * marker (found by tests/fuzz): they are no candidate at all. */
  if (b[0] != MAVLINK_STX_V2 && b[0] != MAVLINK_STX_V1) return CANDIDATE_BAD;
  const bool v2 = b[0] == MAVLINK_STX_V2;
  const size_t header = v2 ? MAVLINK_V2_HEADER_LEN : MAVLINK_V1_HEADER_LEN;
  if (v2 && n >= 3 && (b[2] & ~MAVLINK_IFLAG_SIGNED)) {
    ++p->stats.bad_headers; /* an incompatibility we cannot understand: drop, as the spec says */
    return CANDIDATE_BAD;
  }
  if (n < header) return CANDIDATE_NEED_MORE;
  const uint32_t msgid = v2 ? (uint32_t)b[7] | (uint32_t)b[8] << 8 | (uint32_t)b[9] << 16 : b[5];
  const message_entry_t* e = find_entry(msgid);
  const size_t signature = v2 && (b[2] & MAVLINK_IFLAG_SIGNED) ? MAVLINK_SIGNATURE_LEN : 0;
  const size_t total = header + b[1] + MAVLINK_CHECKSUM_LEN + signature;
  if (!e) {
    /* No CRC_EXTRA, so no way to check it. It must also end where the next frame starts: a
     * torn frame's real header followed by the next frame reads as an unknown message from the
     * right source with the right sequence (found by tests/app/link/serial_transport_test.cpp),
     * but what follows its supposed end is the middle of that next frame. (A frame of the
     * largest size cannot be looked past.) Counted once, when it is judged. */
    const bool plausible = plausible_unknown(p, v2);
    const size_t look = total < MAVLINK_MAX_FRAME_LEN ? total + 1 : total;
    if (plausible && n < look) return CANDIDATE_NEED_MORE;
    ++p->stats.unknown_messages;
    if (!plausible || (look > total && b[total] != MAVLINK_STX_V2 && b[total] != MAVLINK_STX_V1)) return CANDIDATE_BAD;
    *frame_length = total;
    return CANDIDATE_UNKNOWN;
  }
  /* A payload longer than the message with every extension is no frame of it, and waiting for
   * its bytes would hold back the good frames behind it (random bytes after a stray start
   * marker read as a 171-byte LOG_ERASE, a 2-byte message, held three heartbeats back). */
  if (b[1] > e->info.max_length) {
    ++p->stats.bad_lengths;
    return CANDIDATE_BAD;
  }
  if (n < total) return CANDIDATE_NEED_MORE;
  uint16_t crc = mavlink_crc_calculate(b + 1, header - 1 + b[1]);
  crc = mavlink_crc_accumulate(e->info.crc_extra, crc);
  const uint16_t sent = (uint16_t)(b[header + b[1]] | b[header + b[1] + 1] << 8);
  if (crc != sent) {
    ++p->stats.crc_errors;
    return CANDIDATE_BAD;
  }
  *frame_length = total;
  return CANDIDATE_GOOD;
}

static void count_sequence(mavlink_parser_t* p, uint8_t sysid, uint8_t compid, uint8_t seq) {
  size_t free_slot = MAVLINK_PARSER_SOURCES;
  for (size_t i = 0; i < MAVLINK_PARSER_SOURCES; ++i) {
    if (!p->sources[i].used) {
      if (free_slot == MAVLINK_PARSER_SOURCES) free_slot = i;
      continue;
    }
    if (p->sources[i].sysid == sysid && p->sources[i].compid == compid) {
      const uint8_t gap = (uint8_t)(seq - p->sources[i].seq - 1);
      p->stats.sequence_gaps += gap;
      p->sources[i].gaps += gap;
      ++p->sources[i].frames;
      p->sources[i].seq = seq;
      return;
    }
  }
  if (free_slot == MAVLINK_PARSER_SOURCES) free_slot = seq % MAVLINK_PARSER_SOURCES; /* evict one */
  p->sources[free_slot].used = 1;
  p->sources[free_slot].sysid = sysid;
  p->sources[free_slot].compid = compid;
  p->sources[free_slot].seq = seq;
  p->sources[free_slot].frames = 1;
  p->sources[free_slot].gaps = 0;
}

void mavlink_parser_source_counts(const mavlink_parser_t* p, uint8_t sysid, uint32_t* frames, uint32_t* gaps) {
  uint32_t f = 0, g = 0;
  for (size_t i = 0; i < MAVLINK_PARSER_SOURCES; ++i)
    if (p->sources[i].used && p->sources[i].sysid == sysid) {
      f += p->sources[i].frames;
      g += p->sources[i].gaps;
    }
  *frames = f;
  *gaps = g;
}

/* Skips a framed frame of an unknown message (judge: plausible_unknown), counting its sequence. */
static void skip_unknown(mavlink_parser_t* p, size_t total) {
  const uint8_t* b = p->buffer;
  const bool v2 = b[0] == MAVLINK_STX_V2;
  count_sequence(p, v2 ? b[5] : b[3], v2 ? b[6] : b[4], v2 ? b[4] : b[2]);
  p->stats.unknown_bytes += (uint32_t)total;
  p->buffered -= total;
  memmove(p->buffer, p->buffer + total, p->buffered);
}

static void take_frame(mavlink_parser_t* p, size_t total, mavlink_frame_t* f) {
  const uint8_t* b = p->buffer;
  const bool v2 = b[0] == MAVLINK_STX_V2;
  const size_t header = v2 ? MAVLINK_V2_HEADER_LEN : MAVLINK_V1_HEADER_LEN;
  memset(f, 0, sizeof *f);
  f->version = v2 ? 2 : 1;
  f->length = b[1];
  if (v2) {
    f->incompat_flags = b[2];
    f->compat_flags = b[3];
    f->seq = b[4];
    f->sysid = b[5];
    f->compid = b[6];
    f->msgid = (uint32_t)b[7] | (uint32_t)b[8] << 8 | (uint32_t)b[9] << 16;
  } else {
    f->seq = b[2];
    f->sysid = b[3];
    f->compid = b[4];
    f->msgid = b[5];
  }
  memcpy(f->payload, b + header, f->length);
  f->checksum = (uint16_t)(b[header + f->length] | b[header + f->length + 1] << 8);
  f->is_signed = v2 && (f->incompat_flags & MAVLINK_IFLAG_SIGNED);
  if (f->is_signed) memcpy(f->signature, b + header + f->length + MAVLINK_CHECKSUM_LEN, MAVLINK_SIGNATURE_LEN);

  ++p->stats.frames;
  if (!v2) ++p->stats.v1_frames;
  if (f->is_signed) ++p->stats.signed_frames;
  count_sequence(p, f->sysid, f->compid, f->seq);
  p->buffered -= total;
  memmove(p->buffer, p->buffer + total, p->buffered);
}

/* Drops the candidate's start byte and everything up to the next start marker. */
static void resynchronise(mavlink_parser_t* p) {
  size_t next = 1;
  while (next < p->buffered && p->buffer[next] != MAVLINK_STX_V2 && p->buffer[next] != MAVLINK_STX_V1) ++next;
  p->stats.bytes_dropped += (uint32_t)next;
  p->buffered -= next;
  memmove(p->buffer, p->buffer + next, p->buffered);
}

size_t mavlink_parse(mavlink_parser_t* p, const uint8_t* data, size_t length, mavlink_frame_t* frame, bool* got_frame) {
  size_t consumed = 0;
  *got_frame = false;
  for (;;) {
    while (p->buffered > 0) {
      size_t total = 0;
      const candidate_t verdict = judge(p, &total);
      if (verdict == CANDIDATE_NEED_MORE) break;
      if (verdict == CANDIDATE_GOOD) {
        take_frame(p, total, frame);
        *got_frame = true;
        return consumed;
      }
      if (verdict == CANDIDATE_UNKNOWN) {
        skip_unknown(p, total);
        continue;
      }
      resynchronise(p);
    }
    if (consumed == length) return consumed;
    const uint8_t byte = data[consumed++];
    if (p->buffered == 0 && byte != MAVLINK_STX_V2 && byte != MAVLINK_STX_V1) {
      ++p->stats.bytes_dropped;
      continue;
    }
    p->buffer[p->buffered++] = byte;
  }
}

size_t mavlink_parse_all(mavlink_parser_t* parser, const uint8_t* data, size_t length, mavlink_frame_handler_t on_frame,
                         void* context) {
  size_t delivered = 0;
  bool got = false;
  do {
    mavlink_frame_t frame;
    const size_t used = mavlink_parse(parser, data, length, &frame, &got);
    data += used;
    length -= used;
    if (got) {
      ++delivered;
      on_frame(context, &frame);
    }
  } while (got);
  return delivered;
}
