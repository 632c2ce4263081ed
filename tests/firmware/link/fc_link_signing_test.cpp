// The firmware's side of MAVLink 2 signing (fc_link_accept): SETUP_SIGNING taken only from a
// private link or signed with the key in force, every frame refused once a key is set unless
// it is signed with it, later than its stream's last and within the minute (mavlink.io,
// "Message Signing"), each refusal counted and told, and every frame out signed.
#include "firmware/link/fc_link.h"
#include "firmware/mavlink/mavlink_sha256.h"

#include <QtTest>

#include <array>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Key = std::array<std::uint8_t, 32>;

Key keyOf(std::uint8_t seed) {
  Key k;
  for (int i = 0; i < 32; ++i) k[i] = static_cast<std::uint8_t>(seed * 13 + i * 5 + 3);
  return k;
}

constexpr std::uint64_t kNow = 38000000000000ull;  // early 2027, 10 µs units since 2015

struct Firmware {
  fc_t fc;
  fc_link_t link;
  std::vector<mavlink_frame_t> out;
  mavlink_parser_t out_parser;
  Firmware() {
    fc_mixer_table_t mixer;
    fc_mixer_quad_x(&mixer);
    fc_init(&fc, &mixer);
    mavlink_parser_init(&out_parser);
    fc_link_init(&link, &fc, &Firmware::send, this);
    mavlink_signing_set_clock(&link.signing, 100);  // a board's clock: 1 ms after boot
  }
  static void send(void* self, const std::uint8_t* bytes, std::size_t n) {
    auto* fw = static_cast<Firmware*>(self);
    mavlink_parse_all(
        &fw->out_parser, bytes, n,
        [](void* s, const mavlink_frame_t* f) { static_cast<Firmware*>(s)->out.push_back(*f); }, fw);
  }
  // Frames in: over the private link or not.
  void receive(const std::vector<std::uint8_t>& bytes, bool private_link = false) {
    mavlink_parser_t p;
    mavlink_parser_init(&p);
    struct Ctx {
      Firmware* fw;
      bool private_link;
    } ctx{this, private_link};
    mavlink_parse_all(
        &p, bytes.data(), bytes.size(),
        [](void* c, const mavlink_frame_t* f) {
          auto* x = static_cast<Ctx*>(c);
          if (fc_link_accept(&x->fw->link, &x->fw->fc, f, x->private_link))
            fc_link_dispatch(&x->fw->link, &x->fw->fc, f);
        },
        &ctx);
  }
  std::vector<std::string> texts() const {
    std::vector<std::string> t;
    for (const auto& f : out) {
      mavlink_statustext_t s;
      if (mavlink_statustext_decode(&f, &s)) t.emplace_back(s.text, strnlen(s.text, sizeof s.text));
    }
    return t;
  }
  std::uint32_t refused(mavlink_signature_result_t r) const { return link.signing.counts[r]; }
  // COMMAND_ACKs sent: a command the core was given is answered (accepted or denied), a refused
  // frame never reaches it.
  std::size_t acks() const {
    std::size_t n = 0;
    for (const auto& f : out) n += f.msgid == MAVLINK_MSG_ID_COMMAND_ACK;
    return n;
  }
};

// A sender (the station, or someone else on the network) with its own key or none.
struct Sender {
  mavlink_sender_t id{255, 190, 0};
  mavlink_signing_t signing;
  explicit Sender(const Key* key, std::uint64_t clock = kNow, std::uint8_t link_id = 0) {
    mavlink_signing_init(&signing, mavlink_sha256, link_id);
    mavlink_signing_set_clock(&signing, clock);
    if (key) mavlink_signing_set_key(&signing, key->data(), 0);
  }
  template <class M>
  std::vector<std::uint8_t> frame(std::uint32_t msgid, const M& m) {
    std::uint8_t b[MAVLINK_MAX_FRAME_LEN];
    std::size_t n = mavlink_pack(&id, msgid, &m, b);
    n = mavlink_sign_frame(&signing, b, n);
    return std::vector<std::uint8_t>(b, b + n);
  }
  std::vector<std::uint8_t> command(std::uint16_t id, float param1, float param2) {
    mavlink_command_long_t c{};
    c.command = id;
    c.param1 = param1;
    c.param2 = param2;
    c.target_system = 1;
    return frame(MAVLINK_MSG_ID_COMMAND_LONG, c);
  }
  std::vector<std::uint8_t> arm() { return command(MAV_CMD_COMPONENT_ARM_DISARM, 1, float(MAV_ARM_FORCE_MAGIC)); }
  std::vector<std::uint8_t> mode(vayu_mode_t mode) { return command(MAV_CMD_DO_SET_MODE, 1, float(mode)); }
  std::vector<std::uint8_t> setup(const Key& key, std::uint64_t timestamp = kNow) {
    mavlink_setup_signing_t s{};
    s.target_system = 1;
    s.target_component = 1;
    std::memcpy(s.secret_key, key.data(), 32);
    s.initial_timestamp = timestamp;
    return frame(MAVLINK_MSG_ID_SETUP_SIGNING, s);
  }
  std::vector<std::uint8_t> sticks(std::int16_t roll) {
    mavlink_manual_control_t m{};
    m.target = 1;
    m.y = roll;
    m.z = 500;
    return frame(MAVLINK_MSG_ID_MANUAL_CONTROL, m);
  }
  std::vector<std::uint8_t> param(const char* name, float value) {
    mavlink_param_set_t p{};
    p.target_system = 1;
    std::strncpy(p.param_id, name, sizeof p.param_id);
    p.param_value = value;
    p.param_type = MAV_PARAM_TYPE_REAL32;
    return frame(MAVLINK_MSG_ID_PARAM_SET, p);
  }
};

}  // namespace

class FcLinkSigningTest : public QObject {
  Q_OBJECT

 private slots:
  // A key only from the private link: over UDP, unsigned, it is refused with the reason.
  void theKeyIsSetOnlyOverThePrivateLink() {
    Firmware fw;
    const Key key = keyOf(1);
    Sender station(nullptr);
    fw.receive(station.setup(key), false);
    QVERIFY(!fw.link.signing.enabled);
    QVERIFY(fw.texts().back().find("only over USB/serial") != std::string::npos);
    fw.receive(station.setup(key), true);
    QVERIFY(fw.link.signing.enabled);
    QVERIFY(fw.link.signing_changed);  // for the HAL to persist
    QCOMPARE(std::memcmp(fw.link.signing.key, key.data(), 32), 0);
    QCOMPARE(fw.texts().back(), std::string("Signing on: unsigned frames refused"));
    QVERIFY(fw.out.back().is_signed);  // that answer already signed, one after SETUP_SIGNING's initial timestamp
    QCOMPARE(mavlink_frame_signature_timestamp(&fw.out.back()), kNow + 1);
  }

  // With a key: nobody without it arms, sets a parameter or moves the sticks — no key, another
  // key, a replay of the station's own frame, an old frame on a new stream — and each is counted.
  void strangersCannotArmSetParametersOrMoveTheSticks() {
    Firmware fw;
    const Key key = keyOf(2), wrong = keyOf(3);
    Sender station(&key, kNow, 0);
    fw.receive(station.setup(key), true);
    const float p_before = fc_param(&fw.fc.config.params, FC_PARAM_RATE_RP_P);

    Sender nobody(nullptr), intruder(&wrong, kNow + 10, 0), stale(&key, kNow - 6100000, 7);
    const std::size_t acks_before = fw.acks();
    const vayu_mode_t mode_before = fw.fc.state.mode;
    for (Sender* s : {&nobody, &intruder}) {
      fw.receive(s->arm());
      fw.receive(s->param("RATE_RP_P", 0.5f));
      fw.receive(s->sticks(800));
    }
    QCOMPARE(fw.acks(), acks_before);  // the arm commands never reached the core
    QVERIFY(!fw.fc.state.armed);
    QCOMPARE(fc_param(&fw.fc.config.params, FC_PARAM_RATE_RP_P), p_before);
    QCOMPARE(fw.fc.state.sticks.roll, 0.0f);
    QCOMPARE(fw.refused(MAVLINK_SIGNATURE_UNSIGNED), 3u);
    QCOMPARE(fw.refused(MAVLINK_SIGNATURE_WRONG), 3u);

    const auto sticks = station.sticks(400);
    fw.receive(sticks);
    QCOMPARE(fw.fc.state.sticks.roll, 0.4f);  // the station's own, signed: taken
    fw.receive(station.sticks(0));
    fw.receive(sticks);  // the same signed frame again, captured and replayed
    QCOMPARE(fw.fc.state.sticks.roll, 0.0f);
    QCOMPARE(fw.refused(MAVLINK_SIGNATURE_REPLAYED), 1u);
    fw.receive(stale.mode(VAYU_MODE_ACRO));  // signed with the key, but a new stream 61 s behind
    QCOMPARE(int(fw.fc.state.mode), int(mode_before));
    QCOMPARE(fw.refused(MAVLINK_SIGNATURE_TOO_OLD), 1u);
    fw.receive(nobody.mode(VAYU_MODE_ACRO));
    fw.receive(nobody.mode(VAYU_MODE_ACRO));
    QCOMPARE(int(fw.fc.state.mode), int(mode_before));
    QCOMPARE(fw.acks(), acks_before);

    // Told after the 1st and the 10th refusal, not after each.
    std::vector<std::string> told;
    for (const auto& t : fw.texts())
      if (t.rfind("Refused ", 0) == 0) told.push_back(t);
    QCOMPARE(told.size(), std::size_t(2));
    QCOMPARE(told[0], std::string("Refused 1: 1 unsigned, 0 bad, 0 replayed"));
    QVERIFY2(told[1].rfind("Refused 10:", 0) == 0, told[1].c_str());

    fw.receive(station.arm());  // and the station still commands it (denied by the core: no sensors yet)
    QCOMPARE(fw.acks(), acks_before + 1);
    fw.receive(station.mode(VAYU_MODE_ACRO));
    QCOMPARE(int(fw.fc.state.mode), int(VAYU_MODE_ACRO));
    for (const auto& f : fw.out) QVERIFY(f.is_signed);
  }

  // Over UDP the key changes only by a frame signed with the key in force; a malformed
  // SETUP_SIGNING is refused with the old key kept; an all-zero key from the private link turns it off.
  void theKeyChangesOnlyFromWhoHoldsIt() {
    Firmware fw;
    const Key key = keyOf(4), next = keyOf(5), attacker = keyOf(6);
    Sender station(&key);
    fw.receive(station.setup(key), true);
    Sender nobody(nullptr);
    fw.receive(nobody.setup(attacker), false);
    QCOMPARE(std::memcmp(fw.link.signing.key, key.data(), 32), 0);
    // The station restating the key in force (it does at each start) keeps the streams heard:
    // a frame captured before is still a replay.
    const auto captured = station.sticks(300);
    fw.receive(captured);
    fw.receive(station.setup(key), true);
    fw.receive(captured);
    QCOMPARE(fw.refused(MAVLINK_SIGNATURE_REPLAYED), 1u);
    fw.receive(station.setup(next), false);  // signed with the key in force
    QCOMPARE(std::memcmp(fw.link.signing.key, next.data(), 32), 0);

    Sender station2(&next, kNow + 1000);
    auto bad = station2.setup(key, 1ull << 50);  // a timestamp beyond 48 bits
    fw.receive(bad, true);
    QCOMPARE(std::memcmp(fw.link.signing.key, next.data(), 32), 0);
    QVERIFY(fw.texts().back().find("malformed; key kept") != std::string::npos);

    // A SETUP_SIGNING longer than the message (42 bytes: 8 timestamp, 2 target, 32 key), framed
    // and checksummed correctly with its CRC_EXTRA 71: malformed, refused, the key kept.
    {
      std::vector<std::uint8_t> raw = {0xFD, 50, 0, 0, 0, 255, 190, 0x00, 0x01, 0x00};  // msgid 256
      for (int i = 0; i < 50; ++i) raw.push_back(std::uint8_t(i == 8 ? 1 : i + 1));
      std::uint16_t crc = mavlink_crc_calculate(raw.data() + 1, raw.size() - 1);
      crc = mavlink_crc_accumulate(71, crc);
      raw.push_back(std::uint8_t(crc & 0xFF));
      raw.push_back(std::uint8_t(crc >> 8));
      fw.receive(raw, true);
      QCOMPARE(std::memcmp(fw.link.signing.key, next.data(), 32), 0);
      QCOMPARE(fw.texts().back(), std::string("SETUP_SIGNING refused: malformed; key kept"));
    }

    fw.receive(nobody.setup(Key{}), true);
    QVERIFY(!fw.link.signing.enabled);
    QCOMPARE(fw.texts().back(), std::string("Signing off"));
    fw.receive(nobody.mode(VAYU_MODE_ACRO));  // unsigned commands are taken again
    QCOMPARE(int(fw.fc.state.mode), int(VAYU_MODE_ACRO));
  }
};

QTEST_APPLESS_MAIN(FcLinkSigningTest)
#include "fc_link_signing_test.moc"
