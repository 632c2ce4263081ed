/* MAVLink v2 codec (v1 frames accepted on input): framing, CRC-16/MCRF4XX with CRC_EXTRA,
 * payload truncation, an incremental parser that resynchronises after garbage, and
 * table-driven packing and decoding of the messages in mavlink_message_table.h.
 *
 * C11, no allocation, no globals that change: the firmware, the simulator and the ground
 * station all use it. A parser or sender is owned by one thread; the tables are constant. */
#ifndef NAVIGATOR_MAVLINK_CODEC_H
#define NAVIGATOR_MAVLINK_CODEC_H

#include "firmware/mavlink/mavlink_message_table.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  MAVLINK_STX_V1 = 0xFE,
  MAVLINK_STX_V2 = 0xFD,
  MAVLINK_V1_HEADER_LEN = 6,  /* STX len seq sysid compid msgid */
  MAVLINK_V2_HEADER_LEN = 10, /* STX len incompat compat seq sysid compid msgid[3] */
  MAVLINK_CHECKSUM_LEN = 2,
  MAVLINK_SIGNATURE_LEN = 13,  /* link id, 6-byte timestamp, 6-byte signature */
  MAVLINK_IFLAG_SIGNED = 0x01, /* the only incompatibility flag MAVLink 2 defines */
  MAVLINK_MAX_PAYLOAD_LEN = 255,
  MAVLINK_MAX_FRAME_LEN =
      MAVLINK_V2_HEADER_LEN + MAVLINK_MAX_PAYLOAD_LEN + MAVLINK_CHECKSUM_LEN + MAVLINK_SIGNATURE_LEN /* 280 */
};

/* Message ids, MAVLINK_MSG_ID_<NAME>. */
#define MAVLINK_ID_ENUM_(NAME, name, id, crc, base, ext) MAVLINK_MSG_ID_##NAME = id,
#define MAVLINK_IGNORE_FIELD_(...)
enum { MAVLINK_MESSAGE_TABLE(MAVLINK_ID_ENUM_, MAVLINK_IGNORE_FIELD_, MAVLINK_IGNORE_FIELD_) };
#undef MAVLINK_ID_ENUM_

/* One struct per message, mavlink_<name>_t, fields in wire order, extensions last. A field
 * an older sender did not send (a truncated or v1 payload) decodes as zero. */
#define MAVLINK_STRUCT_S_(type, name) type name;
#define MAVLINK_STRUCT_A_(type, name, n) type name[n];
#define MAVLINK_STRUCT_(NAME, name, id, crc, base, ext) \
  typedef struct {                                      \
    base ext                                            \
  } mavlink_##name##_t;
MAVLINK_MESSAGE_TABLE(MAVLINK_STRUCT_, MAVLINK_STRUCT_S_, MAVLINK_STRUCT_A_)
#undef MAVLINK_STRUCT_
#undef MAVLINK_STRUCT_S_
#undef MAVLINK_STRUCT_A_

/* The wire types MAVLink defines. */
typedef enum {
  MAVLINK_TYPE_char,
  MAVLINK_TYPE_uint8_t,
  MAVLINK_TYPE_int8_t,
  MAVLINK_TYPE_uint16_t,
  MAVLINK_TYPE_int16_t,
  MAVLINK_TYPE_uint32_t,
  MAVLINK_TYPE_int32_t,
  MAVLINK_TYPE_uint64_t,
  MAVLINK_TYPE_int64_t,
  MAVLINK_TYPE_float,
  MAVLINK_TYPE_double
} mavlink_type_t;

/* Size in bytes of one element of a wire type. */
size_t mavlink_type_size(mavlink_type_t type);

typedef struct {
  const char* name;      /* as in common.xml */
  const char* type_name; /* C type as mavgen spells it for CRC_EXTRA ("uint8_t", "char") */
  mavlink_type_t type;
  uint8_t array_length; /* 0 for a scalar */
} mavlink_field_info_t;

typedef struct {
  uint32_t id;
  const char* name;
  uint8_t crc_extra;
  uint8_t field_count;
  uint8_t base_field_count; /* fields before <extensions/> */
  uint8_t base_length;      /* payload bytes of the base fields (v1 length, MIN_LEN) */
  uint8_t max_length;       /* payload bytes with every extension */
  size_t struct_size;
  const mavlink_field_info_t* fields;
} mavlink_message_info_t;

/* The table entry for a message id, or NULL when the codec does not know it. */
const mavlink_message_info_t* mavlink_message_info(uint32_t msgid);
/* Every known message by index 0..mavlink_message_count()-1, for tests and tools. */
size_t mavlink_message_count(void);
const mavlink_message_info_t* mavlink_message_info_at(size_t index);

/* CRC-16/MCRF4XX (the X.25 accumulate MAVLink uses, initial value 0xFFFF). */
uint16_t mavlink_crc_accumulate(uint8_t byte, uint16_t crc);
uint16_t mavlink_crc_calculate(const uint8_t* data, size_t length);

/* CRC_EXTRA computed from a message's name and base fields the way mavgen does: the name and
 * a space, then for each base field in wire order its type, a space, its name, a space, and
 * for arrays the length as one byte; folded to one byte as (crc & 0xFF) ^ (crc >> 8). */
uint8_t mavlink_compute_crc_extra(const mavlink_message_info_t* info);

/* A received frame. Payload bytes beyond `length` are zero, so a truncated payload decodes
 * as the sender meant. */
typedef struct {
  uint8_t version; /* 1 or 2 */
  uint8_t length;  /* payload bytes on the wire */
  uint8_t incompat_flags;
  uint8_t compat_flags;
  uint8_t seq;
  uint8_t sysid;
  uint8_t compid;
  uint32_t msgid;
  uint16_t checksum;
  bool is_signed; /* a signature followed; it is carried, not verified */
  uint8_t signature[MAVLINK_SIGNATURE_LEN];
  uint8_t payload[MAVLINK_MAX_PAYLOAD_LEN];
} mavlink_frame_t;

/* The sending side of one link: who we are and the next sequence number. */
typedef struct {
  uint8_t sysid;
  uint8_t compid;
  uint8_t seq;
} mavlink_sender_t;

/* Packs one message (the struct for `msgid`) as a MAVLink v2 frame into `out`, which holds
 * MAVLINK_MAX_FRAME_LEN bytes; trailing zero bytes of the payload are truncated (one byte
 * always stays). Advances the sender's sequence. Returns the frame length, 0 for an unknown
 * msgid. */
size_t mavlink_pack(mavlink_sender_t* sender, uint32_t msgid, const void* message, uint8_t* out);

/* Decodes a frame's payload into the struct for frame->msgid. Fields past the received
 * length are zero. Returns false if the frame is not a `msgid` message. */
bool mavlink_decode(const mavlink_frame_t* frame, uint32_t msgid, void* message);

/* Typed wrappers: mavlink_<name>_pack(sender, &msg, out) and
 * mavlink_<name>_decode(frame, &msg). */
#define MAVLINK_TYPED_(NAME, name, id, crc, base, ext)                                                         \
  static inline size_t mavlink_##name##_pack(mavlink_sender_t* s, const mavlink_##name##_t* m, uint8_t* out) { \
    return mavlink_pack(s, id, m, out);                                                                        \
  }                                                                                                            \
  static inline bool mavlink_##name##_decode(const mavlink_frame_t* f, mavlink_##name##_t* m) {                \
    return mavlink_decode(f, id, m);                                                                           \
  }
MAVLINK_MESSAGE_TABLE(MAVLINK_TYPED_, MAVLINK_IGNORE_FIELD_, MAVLINK_IGNORE_FIELD_)
#undef MAVLINK_TYPED_

/* Link statistics a parser keeps. */
typedef struct {
  uint32_t frames;           /* good frames delivered */
  uint32_t v1_frames;        /* of which MAVLink 1 */
  uint32_t signed_frames;    /* of which carried a signature */
  uint32_t crc_errors;       /* complete frames whose checksum did not match */
  uint32_t unknown_messages; /* frames with a message id this codec does not know (skipped) */
  uint32_t bad_headers;      /* an unknown incompatibility flag */
  uint32_t bad_lengths;      /* a known message longer than it can be (its fields and extensions) */
  uint32_t bytes_dropped;    /* bytes that were not part of any good frame */
  uint32_t unknown_bytes;    /* bytes of framed unknown messages skipped whole (mavlink_parser_source_counts) */
  uint32_t sequence_gaps;    /* frames missing by the senders' sequence numbers */
} mavlink_parser_stats_t;

enum { MAVLINK_PARSER_SOURCES = 16 };

/* An incremental parser. Zero-initialise it (or call mavlink_parser_init). After a bad frame
 * it rescans from the byte after the bad start marker, so a torn frame never hides the good
 * frame that follows it. */
typedef struct {
  uint8_t buffer[MAVLINK_MAX_FRAME_LEN]; /* the candidate frame so far */
  size_t buffered;
  mavlink_parser_stats_t stats;
  /* last sequence number per source (sysid, compid), for the gap count, and what came from it:
   * frames (good ones, and framed ones of unknown messages) and the gaps between them */
  struct {
    uint8_t sysid, compid, seq, used;
    uint32_t frames, gaps;
  } sources[MAVLINK_PARSER_SOURCES];
} mavlink_parser_t;

void mavlink_parser_init(mavlink_parser_t* parser);

/* What arrived from system `sysid` (all its components) and what its sequence numbers say is
 * missing: a link's loss for one vehicle. A frame of a message this codec does not know still
 * counts — from a source already heard whose next sequence number it carries, and followed by
 * a start marker, it is skipped whole instead of being rescanned (so it is taken when the next
 * frame begins) — so an autopilot that sends messages we do not decode does not look lossy. Sources beyond
 * MAVLINK_PARSER_SOURCES evict one another and lose counts. */
void mavlink_parser_source_counts(const mavlink_parser_t* parser, uint8_t sysid, uint32_t* frames, uint32_t* gaps);

/* Consumes bytes from data[0..length) until one frame is complete; returns how many bytes it
 * consumed and sets *got_frame. Call again with the rest; call with length 0 to collect
 * frames already buffered. When *got_frame is false every byte was consumed. The usual loop:
 *   do { size_t used = mavlink_parse(p, d, n, &f, &got); d += used; n -= used;
 *        if (got) handle(&f); } while (got);  */
size_t mavlink_parse(mavlink_parser_t* parser, const uint8_t* data, size_t length, mavlink_frame_t* frame,
                     bool* got_frame);

/* Parses every frame in data[0..length) (after any already buffered) and calls `on_frame`
 * for each, in order. Returns how many it delivered. */
typedef void (*mavlink_frame_handler_t)(void* context, const mavlink_frame_t* frame);
size_t mavlink_parse_all(mavlink_parser_t* parser, const uint8_t* data, size_t length, mavlink_frame_handler_t on_frame,
                         void* context);

#ifdef __cplusplus
}
#endif

#endif
