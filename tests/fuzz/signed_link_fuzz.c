/* libFuzzer target for the firmware's side of MAVLink 2 signing (firmware/link/fc_link.c with
 * firmware/mavlink/mavlink_signing.c): a byte stream reaches a flight core that holds a key.
 *
 * Input layout: byte 0 bit 0 says the stream comes over the private link (USB/serial: there
 * SETUP_SIGNING is taken unsigned); the rest is the stream, parsed whole. The key is KEY below
 * (make_signed_corpus.py signs its seeds with it), the board's clock stands at CLOCK and the
 * local timestamp starts at START.
 *
 * Checks, each a __builtin_trap() when it fails:
 *  - a frame is acted on (fc_link_accept true) only when a key is off, or when it is signed
 *    and its signature matches the key in force (mavlink_signature_matches, against the key
 *    the harness saw in force before the frame, not the link's state after it);
 *  - every frame the firmware sends while a key is in force is signed;
 *  - the key changes only through SETUP_SIGNING, and then only over the private link or when
 *    that frame is signed with the key in force;
 *  - each checked frame is counted exactly once (the counts grow by one per check);
 *  - the local timestamp never goes back. */
#include "firmware/link/fc_link.h"
#include "firmware/mavlink/mavlink_sha256.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
      __builtin_trap();                                                        \
    }                                                                          \
  } while (0)

static const uint8_t KEY[32] = {0x4e, 0x61, 0x76, 0x69, 0x67, 0x61, 0x74, 0x6f, 0x72, 0x20, 0x66,
                                0x75, 0x7a, 0x7a, 0x20, 0x6b, 0x65, 0x79, 0x20, 0x30, 0x31, 0x32,
                                0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x61, 0x62, 0x63};
enum { CLOCK = 100 };
static const uint64_t START = 38000000000000ull;

typedef struct {
  fc_t fc;
  fc_link_t link;
  mavlink_parser_t out_parser;
  bool private_link;
} harness_t;

static harness_t h;

static void on_sent(void* context, const mavlink_frame_t* frame) {
  const harness_t* x = context;
  if (x->link.signing.enabled) CHECK(frame->is_signed);
}

static void send(void* context, const uint8_t* bytes, size_t n) {
  harness_t* x = context;
  mavlink_parse_all(&x->out_parser, bytes, n, on_sent, x);
}

static uint32_t total(const mavlink_signing_t* s) {
  uint32_t n = 0;
  for (int i = 0; i < MAVLINK_SIGNATURE_RESULTS; ++i) n += s->counts[i];
  return n;
}

static bool signed_with(const mavlink_frame_t* f, const uint8_t key[32]) {
  return mavlink_signature_matches(mavlink_sha256, key, f);
}

static void on_frame(void* context, const mavlink_frame_t* frame) {
  harness_t* x = context;
  mavlink_signing_t before = x->link.signing;
  const uint64_t now_before = mavlink_signing_now(&x->link.signing);
  const bool accepted = fc_link_accept(&x->link, &x->fc, frame, x->private_link);
  const mavlink_signing_t* after = &x->link.signing;
  CHECK(mavlink_signing_now(after) >= now_before);
  const bool key_changed = before.enabled != after->enabled || memcmp(before.key, after->key, 32) != 0;
  if (frame->msgid == MAVLINK_MSG_ID_SETUP_SIGNING) {
    CHECK(!accepted);
    if (key_changed) CHECK(x->private_link || (before.enabled && signed_with(frame, before.key)));
  } else {
    CHECK(!key_changed);
    if (before.enabled) {
      CHECK(total(after) == total(&before) + 1);
      if (accepted) CHECK(signed_with(frame, before.key));
    }
    if (accepted) fc_link_dispatch(&x->link, &x->fc, frame);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  memset(&h, 0, sizeof h);
  fc_mixer_table_t mixer;
  fc_mixer_quad_x(&mixer);
  fc_init(&h.fc, &mixer);
  mavlink_parser_init(&h.out_parser);
  fc_link_init(&h.link, &h.fc, send, &h);
  mavlink_signing_set_clock(&h.link.signing, CLOCK);
  mavlink_signing_set_key(&h.link.signing, KEY, START);
  h.private_link = data[0] & 1;
  mavlink_parser_t parser;
  mavlink_parser_init(&parser);
  mavlink_parse_all(&parser, data + 1, size - 1, on_frame, &h);
  fc_link_update(&h.link, &h.fc, NULL); /* what is queued goes out, signed */
  return 0;
}
