/* libFuzzer target for the MAVLink parser in firmware/mavlink/mavlink_codec.c.
 *
 * Input layout: byte 0 chooses how the rest (the "stream") is cut into the chunks handed to
 * mavlink_parse; the stream is what a link would deliver.
 *   control == 0     the whole stream in one call
 *   bits 0..5        the largest chunk, 1..64 bytes
 *   bit 6            chunk sizes vary (1..largest, from a xorshift seeded by the control byte)
 *                    instead of all being the largest
 *   bit 7            after each chunk also call mavlink_parse with length 0 ("collect")
 *
 * Checks, each a __builtin_trap() when it fails (see CHECK):
 *  - after every call: buffered <= MAVLINK_MAX_FRAME_LEN; a call that delivers no frame
 *    consumed all it was given; stats.frames == frames delivered;
 *  - every stream byte is accounted for, exactly, after every call:
 *      stats.bytes_dropped + stats.unknown_bytes + bytes of delivered frames + buffered == bytes consumed.
 *    This holds exactly with the current mavlink_parse: a byte it consumes is either counted
 *    in bytes_dropped at once (no candidate open and not a start marker) or appended to the
 *    buffer; buffered bytes leave only through take_frame (a delivered frame's wire length:
 *    header + length + checksum + signature if signed, the same length judge() measured) or
 *    through resynchronise, which adds what it removes to bytes_dropped, or as a framed frame
 *    of an unknown message from a source already heard (skip_unknown: unknown_bytes). (bytes_dropped is a
 *    uint32_t; fuzz inputs are far below 4 GiB, so it cannot wrap here.)
 *  - a delivered frame is, byte for byte, stream bytes the call consumed or had buffered:
 *    its fields re-serialised (start marker of its version first) must equal the stream
 *    ending at  consumed - buffered  (the buffer holds the latest consumed bytes, and with
 *    the current mavlink_parse the frame sits right before them), or ending earlier if only
 *    bytes that are not start markers lie between (a parser that drops such bytes right after
 *    a frame is correct too). Its checksum must be the CRC with the message's CRC_EXTRA: only
 *    known messages with a good checksum are delivered;
 *  - after a call that delivers no frame (the parser has judged everything it holds), a
 *    non-empty buffer starts with a start marker (0xFD or 0xFE): it is "the candidate frame
 *    so far", and a candidate begins with one. (Right after a frame is delivered the bytes
 *    behind it have not been looked at yet, so nothing is asked of them then.)
 *    The current codec breaks both of these checks (bytes after a frame found by
 *    resynchronising are not rescanned for a start marker): README.md, "Findings";
 *  - payload bytes past frame.length are zero (mavlink_codec.h promises it);
 *  - decode, pack, parse again, decode again: exactly one frame, same msgid, same decoded
 *    struct bytes, and packing that struct again gives the same bytes (pack∘decode is a fixed
 *    point after one step);
 *  - chunking does not matter: a second parser fed the whole stream at once delivers the same
 *    frames in the same order and ends with the same statistics and buffer. */
#include "firmware/mavlink/mavlink_codec.h"

#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Says which check failed (the trap's stack trace has the line too), then traps. */
#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      __builtin_trap();                                                        \
    }                                                                          \
  } while (0)

/* Large enough for any message struct; checked against every table entry on each use. */
enum { MESSAGE_BUFFER_SIZE = 512 };

static size_t wire_length(const mavlink_frame_t* f) {
  return (f->version == 2 ? MAVLINK_V2_HEADER_LEN : MAVLINK_V1_HEADER_LEN) + f->length + MAVLINK_CHECKSUM_LEN +
         (f->is_signed ? MAVLINK_SIGNATURE_LEN : 0);
}

/* The frame's bytes as they must have been on the wire; returns their count. */
static size_t serialise(const mavlink_frame_t* f, uint8_t* out) {
  size_t n = 0;
  if (f->version == 2) {
    out[n++] = MAVLINK_STX_V2;
    out[n++] = f->length;
    out[n++] = f->incompat_flags;
    out[n++] = f->compat_flags;
    out[n++] = f->seq;
    out[n++] = f->sysid;
    out[n++] = f->compid;
    out[n++] = (uint8_t)(f->msgid & 0xFF);
    out[n++] = (uint8_t)((f->msgid >> 8) & 0xFF);
    out[n++] = (uint8_t)((f->msgid >> 16) & 0xFF);
  } else {
    out[n++] = MAVLINK_STX_V1;
    out[n++] = f->length;
    out[n++] = f->seq;
    out[n++] = f->sysid;
    out[n++] = f->compid;
    out[n++] = (uint8_t)f->msgid;
  }
  memcpy(out + n, f->payload, f->length);
  n += f->length;
  out[n++] = (uint8_t)(f->checksum & 0xFF);
  out[n++] = (uint8_t)(f->checksum >> 8);
  if (f->is_signed) {
    memcpy(out + n, f->signature, MAVLINK_SIGNATURE_LEN);
    n += MAVLINK_SIGNATURE_LEN;
  }
  return n;
}

/* Field by field: padding bytes of mavlink_frame_t carry no meaning. */
static bool same_frame(const mavlink_frame_t* a, const mavlink_frame_t* b) {
  return a->version == b->version && a->length == b->length && a->incompat_flags == b->incompat_flags &&
         a->compat_flags == b->compat_flags && a->seq == b->seq && a->sysid == b->sysid && a->compid == b->compid &&
         a->msgid == b->msgid && a->checksum == b->checksum && a->is_signed == b->is_signed &&
         memcmp(a->signature, b->signature, sizeof a->signature) == 0 &&
         memcmp(a->payload, b->payload, sizeof a->payload) == 0;
}

static bool is_start_marker(uint8_t byte) { return byte == MAVLINK_STX_V2 || byte == MAVLINK_STX_V1; }

static void check_parser(const mavlink_parser_t* p, bool got_frame) {
  CHECK(p->buffered <= MAVLINK_MAX_FRAME_LEN);
  if (!got_frame) CHECK(p->buffered == 0 || is_start_marker(p->buffer[0]));
}

/* decode -> pack -> parse -> decode -> pack, for one delivered frame. */
static void check_round_trip(const mavlink_frame_t* f, const mavlink_message_info_t* info) {
  static alignas(max_align_t) uint8_t first[MESSAGE_BUFFER_SIZE];
  static alignas(max_align_t) uint8_t second[MESSAGE_BUFFER_SIZE];
  CHECK(info->struct_size <= MESSAGE_BUFFER_SIZE);
  CHECK(info->base_length <= info->max_length);

  memset(first, 0xA5, sizeof first);
  CHECK(mavlink_decode(f, f->msgid, first));
  for (size_t i = info->struct_size; i < sizeof first; ++i) CHECK(first[i] == 0xA5); /* stayed inside */
  /* A frame is only ever decodable as its own message. */
  CHECK(!mavlink_decode(f, f->msgid ^ 1u, second));

  uint8_t packed[MAVLINK_MAX_FRAME_LEN];
  mavlink_sender_t sender = {f->sysid, f->compid, f->seq};
  const mavlink_sender_t sender_before = sender;
  const size_t packed_len = mavlink_pack(&sender, f->msgid, first, packed);
  CHECK(packed_len >= MAVLINK_V2_HEADER_LEN + 1 + MAVLINK_CHECKSUM_LEN);
  CHECK(packed_len <= MAVLINK_V2_HEADER_LEN + (size_t)info->max_length + MAVLINK_CHECKSUM_LEN);
  CHECK(sender.seq == (uint8_t)(f->seq + 1));

  mavlink_parser_t again;
  mavlink_parser_init(&again);
  mavlink_frame_t g;
  bool got = false;
  size_t used = mavlink_parse(&again, packed, packed_len, &g, &got);
  CHECK(got && used == packed_len);
  CHECK(again.buffered == 0 && again.stats.bytes_dropped == 0 && again.stats.frames == 1);
  CHECK(again.stats.crc_errors == 0 && again.stats.unknown_messages == 0 && again.stats.bad_headers == 0 &&
        again.stats.bad_lengths == 0);
  CHECK(g.version == 2 && !g.is_signed && g.incompat_flags == 0 && g.compat_flags == 0);
  CHECK(g.msgid == f->msgid && g.seq == f->seq && g.sysid == f->sysid && g.compid == f->compid);
  used = mavlink_parse(&again, packed + packed_len, 0, &g, &got);
  CHECK(!got && used == 0); /* exactly one frame */

  memset(second, 0x5A, sizeof second);
  CHECK(mavlink_decode(&g, g.msgid, second));
  /* Whole structs compared: mavlink_decode memsets the struct before filling the fields, so
   * padding is zero in both. */
  CHECK(memcmp(first, second, info->struct_size) == 0);

  uint8_t repacked[MAVLINK_MAX_FRAME_LEN];
  sender = sender_before;
  const size_t repacked_len = mavlink_pack(&sender, g.msgid, second, repacked);
  CHECK(repacked_len == packed_len && memcmp(packed, repacked, packed_len) == 0);
}

/* Checks one frame the chunked parser delivered. `consumed` counts the stream bytes consumed
 * so far, this call's included; the frame lies in the stream after `window_start`, where the
 * parser's buffer began before this call. */
static void check_frame(const mavlink_parser_t* p, const mavlink_frame_t* f, const uint8_t* stream, size_t consumed,
                        size_t window_start) {
  CHECK(f->version == 1 || f->version == 2);
  if (f->version == 1) {
    CHECK(f->msgid <= 0xFF && !f->is_signed && f->incompat_flags == 0 && f->compat_flags == 0);
  } else {
    CHECK(f->msgid <= 0xFFFFFF);
    CHECK((f->incompat_flags & ~MAVLINK_IFLAG_SIGNED) == 0);
    CHECK(f->is_signed == ((f->incompat_flags & MAVLINK_IFLAG_SIGNED) != 0));
  }
  for (size_t i = f->length; i < MAVLINK_MAX_PAYLOAD_LEN; ++i) CHECK(f->payload[i] == 0);

  /* The frame is the stream bytes just before what is still buffered, or before bytes that
   * are not start markers and were dropped right behind it. */
  const size_t length = wire_length(f);
  uint8_t wire[MAVLINK_MAX_FRAME_LEN];
  CHECK(serialise(f, wire) == length);
  CHECK(consumed >= p->buffered);
  size_t end = consumed - p->buffered;
  while (!(end >= window_start + length && memcmp(wire, stream + (end - length), length) == 0)) {
    CHECK(end > window_start + length);       /* not found */
    CHECK(!is_start_marker(stream[end - 1])); /* only non-markers may be dropped behind a frame */
    --end;
  }

  /* Only known messages with a good checksum are delivered. */
  const mavlink_message_info_t* info = mavlink_message_info(f->msgid);
  CHECK(info != NULL && info->id == f->msgid);
  const size_t header = f->version == 2 ? MAVLINK_V2_HEADER_LEN : MAVLINK_V1_HEADER_LEN;
  uint16_t crc = mavlink_crc_calculate(wire + 1, header - 1 + f->length);
  crc = mavlink_crc_accumulate(info->crc_extra, crc);
  CHECK(crc == f->checksum);

  check_round_trip(f, info);
}

/* The reference: one parser fed the whole stream with the usual loop, pulled one frame at a
 * time. */
typedef struct {
  mavlink_parser_t parser;
  const uint8_t* data;
  size_t left;
} reference_t;

static bool reference_next(reference_t* r, mavlink_frame_t* f) {
  bool got = false;
  const size_t used = mavlink_parse(&r->parser, r->data, r->left, f, &got);
  CHECK(used <= r->left);
  r->data += used;
  r->left -= used;
  if (!got) CHECK(r->left == 0);
  return got;
}

static size_t next_chunk(uint8_t control, uint32_t* state, size_t left) {
  if (control == 0) return left;
  const size_t largest = (size_t)(control & 0x3F) + 1;
  size_t size = largest;
  if (control & 0x40) {
    *state ^= *state << 13;
    *state ^= *state >> 17;
    *state ^= *state << 5;
    size = 1 + *state % largest;
  }
  return size < left ? size : left;
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t control = data[0];
  const uint8_t* stream = data + 1;
  const size_t stream_len = size - 1;

  for (size_t i = 0; i < mavlink_message_count(); ++i)
    CHECK(mavlink_message_info_at(i)->struct_size <= MESSAGE_BUFFER_SIZE);

  static mavlink_parser_t parser;
  static reference_t reference;
  mavlink_parser_init(&parser);
  mavlink_parser_init(&reference.parser);
  reference.data = stream;
  reference.left = stream_len;

  uint32_t state = 0x9E3779B9u ^ control;
  size_t consumed = 0;        /* stream bytes handed to the parser and consumed by it */
  size_t delivered = 0;       /* frames */
  size_t delivered_bytes = 0; /* their wire bytes */
  mavlink_frame_t frame, expected;

  while (consumed < stream_len) {
    const size_t chunk = next_chunk(control, &state, stream_len - consumed);
    const uint8_t* d = stream + consumed;
    size_t n = chunk;
    bool got;
    do {
      const size_t window_start = consumed - parser.buffered;
      const size_t used = mavlink_parse(&parser, d, n, &frame, &got);
      CHECK(used <= n);
      d += used;
      n -= used;
      consumed += used;
      check_parser(&parser, got);
      if (got) {
        ++delivered;
        delivered_bytes += wire_length(&frame);
        check_frame(&parser, &frame, stream, consumed, window_start);
        CHECK(reference_next(&reference, &expected));
        CHECK(same_frame(&frame, &expected));
      } else {
        CHECK(n == 0);
      }
      CHECK(parser.stats.frames == delivered);
      CHECK(parser.stats.v1_frames <= parser.stats.frames && parser.stats.signed_frames <= parser.stats.frames);
      CHECK((size_t)parser.stats.bytes_dropped + parser.stats.unknown_bytes + delivered_bytes + parser.buffered ==
            consumed);
    } while (got);
    if (control & 0x80) {
      const size_t used = mavlink_parse(&parser, NULL, 0, &frame, &got);
      CHECK(used == 0 && !got); /* nothing complete was left buffered */
      check_parser(&parser, got);
    }
  }
  CHECK(consumed == stream_len);

  /* The reference saw the same stream in one piece: nothing more, and the same end state. */
  CHECK(!reference_next(&reference, &expected));
  CHECK(reference.parser.buffered == parser.buffered);
  CHECK(memcmp(reference.parser.buffer, parser.buffer, parser.buffered) == 0);
  CHECK(memcmp(&reference.parser.stats, &parser.stats, sizeof parser.stats) == 0);
  CHECK(memcmp(reference.parser.sources, parser.sources, sizeof parser.sources) == 0);
  return 0;
}
