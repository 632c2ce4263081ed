// libFuzzer target for the station's side of MAVLink 2 signing: MavlinkConnection (app/link)
// holding a key for one vehicle, fed what arrives on its link.
//
// Input layout: byte 0 bits 0-5 say how the rest is cut into reads (the largest read, 1-64
// bytes), the rest is the stream. The keyed vehicle is system 255 with the key of
// signed_link_fuzz.c (KEY), so the seeds of make_signed_corpus.py — frames signed with it,
// replays, a wrong key, an old stream — meet a connection that checks them. The signing clock
// stands still at START.
//
// Checks, each a __builtin_trap() when it fails:
//  - every frame of the keyed system that comes out (frameReceived) is signed with the key
//    (mavlink_signature_matches with the board's SHA-256, which tests/firmware holds to OpenSSL's;
//    the connection itself checked with OpenSSL's);
//  - every frame of the keyed system is either delivered (signed_in) or refused (one of the four
//    counts), once;
//  - frames of other systems come out whatever they carry.
#include "app/link/mavlink_connection.h"
#include "firmware/mavlink/mavlink_sha256.h"
#include "tests/fuzz/fuzz_support.h"

#include <QCoreApplication>

#include <array>
#include <cstdint>
#include <cstring>

namespace {

constexpr std::uint8_t kSystem = 255;
constexpr std::array<std::uint8_t, 32> kKey = {0x4e, 0x61, 0x76, 0x69, 0x67, 0x61, 0x74, 0x6f, 0x72, 0x20, 0x66,
                                               0x75, 0x7a, 0x7a, 0x20, 0x6b, 0x65, 0x79, 0x20, 0x30, 0x31, 0x32,
                                               0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x61, 0x62, 0x63};
constexpr std::uint64_t kStart = 38000000000000ull;

bool signedWithKey(const mavlink_frame_t& f) { return mavlink_signature_matches(mavlink_sha256, kKey.data(), &f); }

// Counts the keyed system's frames as the parser delivers them, before the connection judges.
struct Counter {
  std::uint64_t keyed = 0;
  static void onFrame(void* self, const mavlink_frame_t* f) {
    if (f->sysid == kSystem) ++static_cast<Counter*>(self)->keyed;
  }
};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  static QCoreApplication app(*argc, *argv);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::size_t largest = 1 + (data[0] & 63);
  navigator::MavlinkConnection connection;
  connection.setSigningClock([] { return kStart; });
  connection.setSigningKey(kSystem, kKey, kStart);
  std::uint64_t delivered_keyed = 0;
  QObject::connect(&connection, &navigator::MavlinkConnection::frameReceived, [&](const mavlink_frame_t& f) {
    if (f.sysid != kSystem) return;
    CHECK(signedWithKey(f));
    ++delivered_keyed;
  });
  // The same stream through a parser of our own, to count the keyed system's frames.
  mavlink_parser_t reference;
  mavlink_parser_init(&reference);
  Counter counter;
  for (std::size_t at = 1; at < size; at += largest) {
    const std::size_t n = std::min(largest, size - at);
    connection.feedBytes(QByteArray(reinterpret_cast<const char*>(data + at), qsizetype(n)));
    mavlink_parse_all(&reference, data + at, n, &Counter::onFrame, &counter);
  }
  const navigator::LinkStats s = connection.stats();
  CHECK(s.signed_in == delivered_keyed);
  CHECK(s.signed_in + s.refused() == counter.keyed);
  return 0;
}
