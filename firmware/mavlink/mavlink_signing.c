/* MAVLink 2 message signing: see mavlink_signing.h. Facts from mavlink.io's "Message Signing"
 * (frame layout, what is hashed, timestamp rules) and its C guide (the all-zero key). */
#include "firmware/mavlink/mavlink_signing.h"

#include <string.h>

const char* mavlink_signature_result_text(mavlink_signature_result_t result) {
  switch (result) {
    case MAVLINK_SIGNATURE_OK:
      return "signed";
    case MAVLINK_SIGNATURE_UNSIGNED:
      return "unsigned";
    case MAVLINK_SIGNATURE_WRONG:
      return "wrong signature";
    case MAVLINK_SIGNATURE_REPLAYED:
      return "replayed";
    case MAVLINK_SIGNATURE_TOO_OLD:
      return "too old";
    case MAVLINK_SIGNATURE_RESULTS:
      break;
  }
  return "?";
}

void mavlink_signing_init(mavlink_signing_t* signing, mavlink_sha256_fn sha256, uint8_t link_id) {
  memset(signing, 0, sizeof *signing);
  signing->sha256 = sha256;
  signing->link_id = link_id;
}

bool mavlink_signing_key_is_zero(const uint8_t key[MAVLINK_SIGNING_KEY_LEN]) {
  uint8_t any = 0;
  for (int i = 0; i < MAVLINK_SIGNING_KEY_LEN; ++i) any |= key[i];
  return any == 0;
}

uint64_t mavlink_signing_now(const mavlink_signing_t* signing) {
  const uint64_t clock_now = signing->clock + signing->clock_offset;
  return clock_now > signing->timestamp ? clock_now : signing->timestamp;
}

void mavlink_signing_advance(mavlink_signing_t* s, uint64_t timestamp) {
  if (timestamp > s->timestamp) s->timestamp = timestamp;
  if (timestamp > s->clock + s->clock_offset) s->clock_offset = timestamp - s->clock;
}

void mavlink_signing_set_key(mavlink_signing_t* signing, const uint8_t key[MAVLINK_SIGNING_KEY_LEN],
                             uint64_t timestamp) {
  memcpy(signing->key, key, MAVLINK_SIGNING_KEY_LEN);
  signing->enabled = !mavlink_signing_key_is_zero(key);
  memset(signing->streams, 0, sizeof signing->streams);
  mavlink_signing_advance(signing, timestamp);
}

void mavlink_signing_set_clock(mavlink_signing_t* signing, uint64_t clock) {
  /* A clock that went back (it never should) keeps the timestamp where it was: the offset
   * grows so that now does not go back with it. */
  const uint64_t before = signing->clock + signing->clock_offset;
  signing->clock = clock;
  if (clock + signing->clock_offset < before) signing->clock_offset = before - clock;
}

static void put48(uint8_t* out, uint64_t v) {
  for (int i = 0; i < 6; ++i) out[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get48(const uint8_t* in) {
  uint64_t v = 0;
  for (int i = 0; i < 6; ++i) v |= (uint64_t)in[i] << (8 * i);
  return v;
}

void mavlink_signature_compute(mavlink_sha256_fn sha256, const uint8_t key[MAVLINK_SIGNING_KEY_LEN],
                               const uint8_t* signed_part, size_t length, uint8_t signature[MAVLINK_SIGNING_HASH_LEN]) {
  uint8_t buffer[MAVLINK_SIGNING_KEY_LEN + MAVLINK_MAX_FRAME_LEN];
  if (length > MAVLINK_MAX_FRAME_LEN) length = MAVLINK_MAX_FRAME_LEN;
  memcpy(buffer, key, MAVLINK_SIGNING_KEY_LEN);
  memcpy(buffer + MAVLINK_SIGNING_KEY_LEN, signed_part, length);
  uint8_t digest[32];
  sha256(buffer, MAVLINK_SIGNING_KEY_LEN + length, digest);
  memcpy(signature, digest, MAVLINK_SIGNING_HASH_LEN);
  memset(buffer, 0, sizeof buffer); /* the key does not stay on the stack */
}

size_t mavlink_sign_frame(mavlink_signing_t* signing, uint8_t* frame, size_t length) {
  if (length < MAVLINK_V2_HEADER_LEN + MAVLINK_CHECKSUM_LEN || frame[0] != MAVLINK_STX_V2 ||
      (frame[2] & MAVLINK_IFLAG_SIGNED) || length != (size_t)MAVLINK_V2_HEADER_LEN + frame[1] + MAVLINK_CHECKSUM_LEN)
    return 0;
  const uint32_t msgid = (uint32_t)frame[7] | (uint32_t)frame[8] << 8 | (uint32_t)frame[9] << 16;
  const mavlink_message_info_t* info = mavlink_message_info(msgid);
  if (!info) return 0;
  if (!signing->enabled) return length;
  frame[2] |= MAVLINK_IFLAG_SIGNED; /* the CRC covers the flags: computed again */
  const size_t crc_at = MAVLINK_V2_HEADER_LEN + frame[1];
  uint16_t crc = mavlink_crc_calculate(frame + 1, crc_at - 1);
  crc = mavlink_crc_accumulate(info->crc_extra, crc);
  frame[crc_at] = (uint8_t)(crc & 0xFF);
  frame[crc_at + 1] = (uint8_t)(crc >> 8);
  const uint64_t now = mavlink_signing_now(signing);
  signing->timestamp = now > signing->timestamp ? now : signing->timestamp + 1;
  uint8_t* signature = frame + crc_at + MAVLINK_CHECKSUM_LEN;
  signature[0] = signing->link_id;
  put48(signature + 1, signing->timestamp);
  mavlink_signature_compute(signing->sha256, signing->key, frame, crc_at + MAVLINK_CHECKSUM_LEN + 7, signature + 7);
  return length + MAVLINK_SIGNATURE_LEN;
}

uint64_t mavlink_frame_signature_timestamp(const mavlink_frame_t* frame) {
  return frame->is_signed ? get48(frame->signature + 1) : 0;
}

bool mavlink_signature_matches(mavlink_sha256_fn sha256, const uint8_t key[MAVLINK_SIGNING_KEY_LEN],
                               const mavlink_frame_t* frame) {
  if (!frame->is_signed || frame->version != 2) return false;
  /* The frame as it came: header, payload, CRC, link id and timestamp. */
  uint8_t bytes[MAVLINK_MAX_FRAME_LEN];
  bytes[0] = MAVLINK_STX_V2;
  bytes[1] = frame->length;
  bytes[2] = frame->incompat_flags;
  bytes[3] = frame->compat_flags;
  bytes[4] = frame->seq;
  bytes[5] = frame->sysid;
  bytes[6] = frame->compid;
  bytes[7] = (uint8_t)(frame->msgid & 0xFF);
  bytes[8] = (uint8_t)((frame->msgid >> 8) & 0xFF);
  bytes[9] = (uint8_t)((frame->msgid >> 16) & 0xFF);
  memcpy(bytes + MAVLINK_V2_HEADER_LEN, frame->payload, frame->length);
  size_t n = MAVLINK_V2_HEADER_LEN + frame->length;
  bytes[n++] = (uint8_t)(frame->checksum & 0xFF);
  bytes[n++] = (uint8_t)(frame->checksum >> 8);
  memcpy(bytes + n, frame->signature, 7);
  n += 7;
  uint8_t expected[MAVLINK_SIGNING_HASH_LEN];
  mavlink_signature_compute(sha256, key, bytes, n, expected);
  uint8_t differ = 0; /* in constant time: how much matched says nothing */
  for (int i = 0; i < MAVLINK_SIGNING_HASH_LEN; ++i) differ |= (uint8_t)(expected[i] ^ frame->signature[7 + i]);
  return differ == 0;
}

static mavlink_signature_result_t counted(mavlink_signing_t* s, mavlink_signature_result_t r) {
  ++s->counts[r];
  return r;
}

mavlink_signature_result_t mavlink_signing_check(mavlink_signing_t* signing, const mavlink_frame_t* frame) {
  if (!frame->is_signed || frame->version != 2) return counted(signing, MAVLINK_SIGNATURE_UNSIGNED);
  if (!signing->enabled || !mavlink_signature_matches(signing->sha256, signing->key, frame))
    return counted(signing, MAVLINK_SIGNATURE_WRONG);

  const uint8_t link_id = frame->signature[0];
  const uint64_t timestamp = get48(frame->signature + 1);
  mavlink_signing_stream_t* stream = NULL;
  mavlink_signing_stream_t* oldest = &signing->streams[0];
  for (int i = 0; i < MAVLINK_SIGNING_STREAMS; ++i) {
    mavlink_signing_stream_t* st = &signing->streams[i];
    if (st->used && st->sysid == frame->sysid && st->compid == frame->compid && st->link_id == link_id) stream = st;
    if (!st->used) {
      if (oldest->used) oldest = st;
    } else if (oldest->used && st->timestamp < oldest->timestamp) {
      oldest = st;
    }
  }
  if (stream && timestamp <= stream->timestamp) return counted(signing, MAVLINK_SIGNATURE_REPLAYED);
  if (!stream) {
    if (timestamp + MAVLINK_SIGNING_WINDOW < mavlink_signing_now(signing))
      return counted(signing, MAVLINK_SIGNATURE_TOO_OLD);
    stream = oldest;
    stream->used = 1;
    stream->sysid = frame->sysid;
    stream->compid = frame->compid;
    stream->link_id = link_id;
  }
  stream->timestamp = timestamp;
  mavlink_signing_advance(signing, timestamp);
  return counted(signing, MAVLINK_SIGNATURE_OK);
}
