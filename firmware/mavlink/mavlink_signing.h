/* MAVLink 2 message signing as mavlink.io's "Message Signing" specifies it: a signed frame has
 * incompatibility flag 0x01 and 13 more bytes — the sender's link id, a 48-bit timestamp (10 µs
 * units since 2015-01-01 00:00 UTC, little-endian) and the first 6 bytes of
 * SHA-256(secret key + header + payload + CRC + link id + timestamp).
 *
 * A receiver keeps the last timestamp of every stream (system, component, link id) it accepted
 * and refuses a frame that is not later than its stream's last (a replay); a stream it has not
 * heard is accepted only within one minute of the local timestamp. The local timestamp is what
 * this side sends: at least one more than the last it sent, never behind its clock, and pulled
 * forward by every frame it accepts (a board without a calendar clock learns the time so).
 *
 * C11, no allocation. SHA-256 comes through a function pointer: the firmware passes its own
 * (mavlink_sha256.h), the ground station OpenSSL's. One mavlink_signing_t per link, owned by
 * the thread that owns the link. */
#ifndef NAVIGATOR_MAVLINK_SIGNING_H
#define NAVIGATOR_MAVLINK_SIGNING_H

#include "firmware/mavlink/mavlink_codec.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum {
  MAVLINK_SIGNING_KEY_LEN = 32,
  MAVLINK_SIGNING_STREAMS = 8, /* streams remembered; the oldest gives way to a new one */
  MAVLINK_SIGNING_HASH_LEN = 6
};

/* One minute in timestamp units (10 µs): how far behind the local timestamp a new stream may be. */
#define MAVLINK_SIGNING_WINDOW 6000000ull
/* The signing epoch, 2015-01-01 00:00:00 UTC, in Unix seconds. */
#define MAVLINK_SIGNING_EPOCH_UNIX_S 1420070400ull

typedef void (*mavlink_sha256_fn)(const uint8_t* data, size_t length, uint8_t digest[32]);

/* What a check found. */
typedef enum {
  MAVLINK_SIGNATURE_OK = 0,
  MAVLINK_SIGNATURE_UNSIGNED, /* no signature (or a MAVLink 1 frame, which cannot carry one) */
  MAVLINK_SIGNATURE_WRONG,    /* signed with another key, or altered on the way */
  MAVLINK_SIGNATURE_REPLAYED, /* not later than the last frame of its stream */
  MAVLINK_SIGNATURE_TOO_OLD,  /* a new stream more than a minute behind the local timestamp */
  MAVLINK_SIGNATURE_RESULTS
} mavlink_signature_result_t;

/* "signed", "unsigned", "wrong signature", "replayed", "too old". */
const char* mavlink_signature_result_text(mavlink_signature_result_t result);

typedef struct {
  uint8_t sysid, compid, link_id, used;
  uint64_t timestamp; /* the last accepted */
} mavlink_signing_stream_t;

typedef struct {
  bool enabled; /* a key is set (an all-zero key is none, as SETUP_SIGNING uses it) */
  uint8_t key[MAVLINK_SIGNING_KEY_LEN];
  uint8_t link_id;       /* ours, in every frame we sign */
  uint64_t timestamp;    /* the last we sent or accepted */
  uint64_t clock;        /* the owner's monotonic clock, 10 µs units (mavlink_signing_set_clock) */
  uint64_t clock_offset; /* now = clock + clock_offset */
  mavlink_sha256_fn sha256;
  mavlink_signing_stream_t streams[MAVLINK_SIGNING_STREAMS];
  uint32_t counts[MAVLINK_SIGNATURE_RESULTS]; /* checks by result */
} mavlink_signing_t;

/* No key; frames go out unsigned. */
void mavlink_signing_init(mavlink_signing_t* signing, mavlink_sha256_fn sha256, uint8_t link_id);

/* Sets the key (all zero: signing off) and raises the local timestamp to at least `timestamp`
 * (SETUP_SIGNING's initial_timestamp, or the one stored before a restart). The streams heard
 * under another key are forgotten; the counts stay. */
void mavlink_signing_set_key(mavlink_signing_t* signing, const uint8_t key[MAVLINK_SIGNING_KEY_LEN],
                             uint64_t timestamp);
bool mavlink_signing_key_is_zero(const uint8_t key[MAVLINK_SIGNING_KEY_LEN]);

/* The owner's clock now, in 10 µs units: monotonic, any origin (a board's time since boot; the
 * station's calendar time since the signing epoch). The local timestamp never falls behind it. */
void mavlink_signing_set_clock(mavlink_signing_t* signing, uint64_t clock);
/* The timestamp a frame sent now would carry, without sending one. */
uint64_t mavlink_signing_now(const mavlink_signing_t* signing);
/* Pulls the local timestamp (and the clock's mapping to it) forward to at least `timestamp`;
 * never back. (An accepted frame does this; so does a restated key or a restart's margin.) */
void mavlink_signing_advance(mavlink_signing_t* signing, uint64_t timestamp);

/* Signs a frame mavlink_pack made, in place (the buffer holds MAVLINK_MAX_FRAME_LEN bytes):
 * sets the signed flag, recomputes the CRC and appends the 13 signature bytes. Returns the new
 * length; without a key, the frame as it was; 0 for what is not an unsigned MAVLink 2 frame of
 * a known message. */
size_t mavlink_sign_frame(mavlink_signing_t* signing, uint8_t* frame, size_t length);

/* Checks a received frame against the key and the streams, counts the result, and on success
 * remembers its stream's timestamp and pulls the local timestamp forward. Without a key the
 * result is MAVLINK_SIGNATURE_UNSIGNED for an unsigned frame and MAVLINK_SIGNATURE_WRONG for
 * a signed one (nothing to check it with). */
mavlink_signature_result_t mavlink_signing_check(mavlink_signing_t* signing, const mavlink_frame_t* frame);

/* The 6 signature bytes for `signed_part` (the frame from its start marker to the end of the
 * timestamp: header, payload, CRC, link id, timestamp). */
void mavlink_signature_compute(mavlink_sha256_fn sha256, const uint8_t key[MAVLINK_SIGNING_KEY_LEN],
                               const uint8_t* signed_part, size_t length, uint8_t signature[MAVLINK_SIGNING_HASH_LEN]);

/* Whether a received frame carries a good signature under `key` (its bytes rebuilt from the
 * frame's fields: header, payload, CRC, link id, timestamp). No stream or window rule. */
bool mavlink_signature_matches(mavlink_sha256_fn sha256, const uint8_t key[MAVLINK_SIGNING_KEY_LEN],
                               const mavlink_frame_t* frame);

/* A frame's signature timestamp (0 for an unsigned one). */
uint64_t mavlink_frame_signature_timestamp(const mavlink_frame_t* frame);

#ifdef __cplusplus
}
#endif

#endif
