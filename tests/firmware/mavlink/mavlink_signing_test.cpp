// MAVLink 2 signing (firmware/mavlink/mavlink_signing.h) and the board's SHA-256: against FIPS
// 180-4's example digests, OpenSSL's SHA-256, a signed frame published with rust-mavlink's
// tests, and the timestamp rules of mavlink.io's "Message Signing".
#include "firmware/mavlink/mavlink_codec.h"
#include "firmware/mavlink/mavlink_sha256.h"
#include "firmware/mavlink/mavlink_signing.h"

#include <openssl/sha.h>

#include <QtTest>

#include <array>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using Bytes = std::vector<std::uint8_t>;
using Key = std::array<std::uint8_t, 32>;

std::string hex(const std::uint8_t* data, std::size_t n) {
  static const char digits[] = "0123456789abcdef";
  std::string s;
  for (std::size_t i = 0; i < n; ++i) {
    s += digits[data[i] >> 4];
    s += digits[data[i] & 15];
  }
  return s;
}

std::string sha256Hex(const std::string& text) {
  std::uint8_t d[32];
  mavlink_sha256(reinterpret_cast<const std::uint8_t*>(text.data()), text.size(), d);
  return hex(d, 32);
}

void opensslSha256(const std::uint8_t* data, std::size_t length, std::uint8_t digest[32]) {
  SHA256(data, length, digest);
}

std::vector<mavlink_frame_t> parse(const Bytes& bytes) {
  mavlink_parser_t p;
  mavlink_parser_init(&p);
  std::vector<mavlink_frame_t> frames;
  mavlink_parse_all(
      &p, bytes.data(), bytes.size(),
      [](void* out, const mavlink_frame_t* f) { static_cast<std::vector<mavlink_frame_t>*>(out)->push_back(*f); },
      &frames);
  return frames;
}

Bytes signedHeartbeat(mavlink_signing_t& s, mavlink_sender_t& sender, std::uint32_t custom_mode = 0) {
  mavlink_heartbeat_t h{};
  h.custom_mode = custom_mode;
  h.type = 2;
  h.mavlink_version = 3;
  std::uint8_t out[MAVLINK_MAX_FRAME_LEN];
  std::size_t n = mavlink_heartbeat_pack(&sender, &h, out);
  n = mavlink_sign_frame(&s, out, n);
  return Bytes(out, out + n);
}

Key keyOf(std::uint8_t seed) {
  Key k;
  for (int i = 0; i < 32; ++i) k[i] = static_cast<std::uint8_t>(seed * 31 + i * 7 + 1);
  return k;
}

}  // namespace

class MavlinkSigningTest : public QObject {
  Q_OBJECT

 private slots:
  // FIPS 180-4's examples (NIST CSRC "SHA256.pdf", "SHA256_2.pdf"; the million 'a' of FIPS 180-2
  // appendix B.3), and every length 0..300 against OpenSSL, so each padding case (the tail in
  // one block, in two, exactly 55/56/64 bytes) is covered.
  void sha256MatchesPublishedDigestsAndOpenSsl() {
    QCOMPARE(sha256Hex("abc"), std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    QCOMPARE(sha256Hex(""), std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    QCOMPARE(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
             std::string("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
    QCOMPARE(sha256Hex(std::string(1000000, 'a')),
             std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
    std::mt19937 rng(7);
    Bytes data(300);
    for (auto& b : data) b = static_cast<std::uint8_t>(rng());
    for (std::size_t n = 0; n <= data.size(); ++n) {
      std::uint8_t ours[32], theirs[32];
      mavlink_sha256(data.data(), n, ours);
      SHA256(data.data(), n, theirs);
      QVERIFY2(std::memcmp(ours, theirs, 32) == 0, qPrintable(QString("length %1").arg(n)));
    }
  }

  // A signed HEARTBEAT published in rust-mavlink's tests (tests/signing.rs, test_shared.rs): key,
  // header (seq 239, system 1, component 2), payload, CRC with the signed flag, link 0, timestamp
  // 2^48-1, signature 27 18 b1 68 cc f5. We verify it, and sign the same message to the same bytes.
  void publishedSignedFrameVerifiesAndIsReproduced() {
    const Key key = {0x00, 0x01, 0xf2, 0xe3, 0xd4, 0xc5, 0xb6, 0xa7, 0x98, 0x00, 0x70, 0x76, 0x34, 0x32, 0x00, 0x16,
                     0x22, 0x42, 0x00, 0xcc, 0xff, 0x7a, 0x00, 0x52, 0x75, 0x73, 0x74, 0x00, 0x4d, 0x41, 0x56, 0xb3};
    const Bytes published = {0xfd, 0x09, 0x01, 0x00, 239,  0x01, 0x02, 0x00, 0x00, 0x00, 0x05, 0x00,
                             0x00, 0x00, 0x02, 0x03, 0x59, 0x03, 0x03, 0xc9, 0x8b, 0x00, 0xff, 0xff,
                             0xff, 0xff, 0xff, 0xff, 0x27, 0x18, 0xb1, 0x68, 0xcc, 0xf5};
    for (mavlink_sha256_fn sha : {mavlink_sha256, opensslSha256}) {
      mavlink_signing_t rx;
      mavlink_signing_init(&rx, sha, 0);
      mavlink_signing_set_key(&rx, key.data(), 0);
      const auto frames = parse(published);
      QCOMPARE(frames.size(), std::size_t(1));
      QVERIFY(frames[0].is_signed);
      QCOMPARE(mavlink_signing_check(&rx, &frames[0]), MAVLINK_SIGNATURE_OK);

      mavlink_signing_t tx;
      mavlink_signing_init(&tx, sha, 0);
      mavlink_signing_set_key(&tx, key.data(), 0xFFFFFFFFFFFEull);  // the next frame carries 2^48-1
      mavlink_sender_t sender{1, 2, 239};
      mavlink_heartbeat_t h{};
      h.custom_mode = 5;
      h.type = 2;
      h.autopilot = 3;
      h.base_mode = 0x59;
      h.system_status = 3;
      h.mavlink_version = 3;
      std::uint8_t out[MAVLINK_MAX_FRAME_LEN];
      const std::size_t n = mavlink_sign_frame(&tx, out, mavlink_heartbeat_pack(&sender, &h, out));
      QCOMPARE(hex(out, n), hex(published.data(), published.size()));
    }
  }

  // What a receiver refuses, each counted: no signature, another key, an altered byte, the same
  // frame again, an older frame of a heard stream, and a new stream more than a minute behind.
  void refusesWhatTheSpecificationRefuses() {
    const Key key = keyOf(1), other = keyOf(2);
    mavlink_signing_t tx, rx, intruder;
    mavlink_signing_init(&tx, mavlink_sha256, 3);
    mavlink_signing_init(&rx, mavlink_sha256, 0);
    mavlink_signing_init(&intruder, mavlink_sha256, 3);
    const std::uint64_t t0 = 38000000000000ull;  // early 2027, in 10 µs since 2015
    mavlink_signing_set_clock(&tx, t0);
    mavlink_signing_set_clock(&rx, t0);
    mavlink_signing_set_key(&tx, key.data(), 0);
    mavlink_signing_set_key(&rx, key.data(), 0);
    mavlink_signing_set_key(&intruder, other.data(), 0);
    mavlink_sender_t sender{1, 1, 0};

    const Bytes first = signedHeartbeat(tx, sender);
    const Bytes second = signedHeartbeat(tx, sender);
    QCOMPARE(mavlink_frame_signature_timestamp(&parse(first)[0]), t0);       // never behind the clock
    QCOMPARE(mavlink_frame_signature_timestamp(&parse(second)[0]), t0 + 1);  // one more per frame
    QCOMPARE(parse(first)[0].signature[0], std::uint8_t(3));                 // our link id
    QCOMPARE(mavlink_signing_check(&rx, &parse(second)[0]), MAVLINK_SIGNATURE_OK);
    QCOMPARE(mavlink_signing_check(&rx, &parse(second)[0]), MAVLINK_SIGNATURE_REPLAYED);  // the same again
    QCOMPARE(mavlink_signing_check(&rx, &parse(first)[0]), MAVLINK_SIGNATURE_REPLAYED);   // older, same stream

    mavlink_heartbeat_t h{};
    std::uint8_t plain[MAVLINK_MAX_FRAME_LEN];
    const std::size_t plain_n = mavlink_heartbeat_pack(&sender, &h, plain);
    QCOMPARE(mavlink_signing_check(&rx, &parse(Bytes(plain, plain + plain_n))[0]), MAVLINK_SIGNATURE_UNSIGNED);

    mavlink_signing_set_clock(&intruder, t0 + 500);
    QCOMPARE(mavlink_signing_check(&rx, &parse(signedHeartbeat(intruder, sender))[0]), MAVLINK_SIGNATURE_WRONG);

    // An altered payload byte with the CRC made good again: the parser takes it, the signature does not.
    Bytes altered = signedHeartbeat(tx, sender, 7);
    altered[10] ^= 0x01;
    const std::size_t crc_at = MAVLINK_V2_HEADER_LEN + altered[1];
    std::uint16_t crc = mavlink_crc_calculate(altered.data() + 1, crc_at - 1);
    crc = mavlink_crc_accumulate(mavlink_message_info(MAVLINK_MSG_ID_HEARTBEAT)->crc_extra, crc);
    altered[crc_at] = static_cast<std::uint8_t>(crc & 0xFF);
    altered[crc_at + 1] = static_cast<std::uint8_t>(crc >> 8);
    QCOMPARE(parse(altered).size(), std::size_t(1));
    QCOMPARE(mavlink_signing_check(&rx, &parse(altered)[0]), MAVLINK_SIGNATURE_WRONG);

    // A stream not heard before (another component) signed 61 s behind the receiver: too old; 59 s: taken.
    mavlink_signing_t late;
    mavlink_signing_init(&late, mavlink_sha256, 3);
    mavlink_signing_set_key(&late, key.data(), 0);
    mavlink_sender_t other_component{1, 2, 0};
    mavlink_signing_set_clock(&late, t0 - 6100000);
    QCOMPARE(mavlink_signing_check(&rx, &parse(signedHeartbeat(late, other_component))[0]), MAVLINK_SIGNATURE_TOO_OLD);
    mavlink_signing_t recent;
    mavlink_signing_init(&recent, mavlink_sha256, 4);
    mavlink_signing_set_key(&recent, key.data(), 0);
    mavlink_signing_set_clock(&recent, t0 - 5900000);
    QCOMPARE(mavlink_signing_check(&rx, &parse(signedHeartbeat(recent, other_component))[0]), MAVLINK_SIGNATURE_OK);

    QCOMPARE(rx.counts[MAVLINK_SIGNATURE_OK], 2u);
    QCOMPARE(rx.counts[MAVLINK_SIGNATURE_REPLAYED], 2u);
    QCOMPARE(rx.counts[MAVLINK_SIGNATURE_UNSIGNED], 1u);
    QCOMPARE(rx.counts[MAVLINK_SIGNATURE_WRONG], 2u);
    QCOMPARE(rx.counts[MAVLINK_SIGNATURE_TOO_OLD], 1u);
  }

  // The local timestamp: pulled forward by an accepted frame from a side whose clock is ahead (a
  // board learns the calendar from the station), then it runs on with its own clock from there.
  void localTimestampFollowsAcceptedFramesAndItsClock() {
    const Key key = keyOf(3);
    mavlink_signing_t station, board;
    mavlink_signing_init(&station, mavlink_sha256, 0);
    mavlink_signing_init(&board, mavlink_sha256, 0);
    mavlink_signing_set_key(&station, key.data(), 0);
    mavlink_signing_set_key(&board, key.data(), 1000);  // stored before a reboot
    QCOMPARE(mavlink_signing_now(&board), std::uint64_t(1000));
    mavlink_signing_set_clock(&board, 50);  // 0.5 ms later
    QCOMPARE(mavlink_signing_now(&board), std::uint64_t(1050));
    mavlink_signing_set_clock(&station, 35000000000000ull);
    mavlink_sender_t gcs{255, 190, 0};
    QCOMPARE(mavlink_signing_check(&board, &parse(signedHeartbeat(station, gcs))[0]), MAVLINK_SIGNATURE_OK);
    QCOMPARE(mavlink_signing_now(&board), std::uint64_t(35000000000000ull));
    mavlink_signing_set_clock(&board, 50 + 100000);  // one second later on the board's clock
    QCOMPARE(mavlink_signing_now(&board), std::uint64_t(35000000100000ull));
    // A clock that went back does not take the timestamp with it.
    mavlink_signing_set_clock(&board, 10);
    QCOMPARE(mavlink_signing_now(&board), std::uint64_t(35000000100000ull));
  }

  // More streams than remembered: the one heard longest ago gives way, and a frame of it is then a
  // new stream again (taken within the minute); the others still refuse their replays.
  void oldestStreamGivesWay() {
    const Key key = keyOf(4);
    mavlink_signing_t rx;
    mavlink_signing_init(&rx, mavlink_sha256, 0);
    mavlink_signing_set_key(&rx, key.data(), 0);
    mavlink_signing_set_clock(&rx, 1000000000);
    std::vector<Bytes> firsts;
    for (int c = 0; c <= MAVLINK_SIGNING_STREAMS; ++c) {
      mavlink_signing_t tx;
      mavlink_signing_init(&tx, mavlink_sha256, 0);
      mavlink_signing_set_key(&tx, key.data(), 0);
      mavlink_signing_set_clock(&tx, 1000000000 + static_cast<std::uint64_t>(c));
      mavlink_sender_t sender{1, static_cast<std::uint8_t>(c + 1), 0};
      firsts.push_back(signedHeartbeat(tx, sender));
      QCOMPARE(mavlink_signing_check(&rx, &parse(firsts.back())[0]), MAVLINK_SIGNATURE_OK);
    }
    QCOMPARE(mavlink_signing_check(&rx, &parse(firsts[0])[0]), MAVLINK_SIGNATURE_OK);  // forgotten: new again
    QCOMPARE(mavlink_signing_check(&rx, &parse(firsts[MAVLINK_SIGNING_STREAMS])[0]), MAVLINK_SIGNATURE_REPLAYED);
  }

  // Without a key frames go out as packed; an all-zero key is no key; what cannot be signed is refused.
  void noKeyLeavesFramesAndRefusesWhatItCannotSign() {
    mavlink_signing_t s;
    mavlink_signing_init(&s, mavlink_sha256, 0);
    mavlink_sender_t sender{1, 1, 0};
    mavlink_heartbeat_t h{};
    std::uint8_t out[MAVLINK_MAX_FRAME_LEN];
    const std::size_t n = mavlink_heartbeat_pack(&sender, &h, out);
    QCOMPARE(mavlink_sign_frame(&s, out, n), n);
    QCOMPARE(out[2], std::uint8_t(0));
    const Key zero{};
    mavlink_signing_set_key(&s, zero.data(), 0);
    QVERIFY(!s.enabled);
    mavlink_signing_set_key(&s, keyOf(5).data(), 0);
    QVERIFY(s.enabled);
    QCOMPARE(mavlink_sign_frame(&s, out, n - 1), std::size_t(0));  // length disagrees with the header
    const std::size_t signed_n = mavlink_sign_frame(&s, out, n);
    QCOMPARE(signed_n, n + MAVLINK_SIGNATURE_LEN);
    QCOMPARE(mavlink_sign_frame(&s, out, signed_n), std::size_t(0));  // already signed
  }
};

QTEST_APPLESS_MAIN(MavlinkSigningTest)
#include "mavlink_signing_test.moc"
