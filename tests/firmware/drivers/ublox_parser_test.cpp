// The UBX framing and decoding (firmware/drivers/ublox_parser.h) and the receiver model's
// sentences (firmware/chips/ublox_model.h): the Fletcher-8 checksum worked by hand, a stream of
// NMEA, garbage, cut and corrupted frames in which every good frame is still found, a NAV-PVT of
// known fields decoded to SI, and the model's GGA/RMC text with its checksum.
#include "firmware/chips/ublox_model.h"
#include "firmware/drivers/ublox_parser.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <vector>

namespace {

using Bytes = std::vector<uint8_t>;

Bytes frame(uint8_t message_class, uint8_t message_id, const Bytes& payload) {
  Bytes out(payload.size() + UBLOX_FRAME_OVERHEAD);
  const size_t n = ublox_frame_build(out.data(), out.size(), message_class, message_id, payload.data(),
                                     static_cast<uint16_t>(payload.size()));
  out.resize(n);
  return out;
}

void append(Bytes& to, const Bytes& more) { to.insert(to.end(), more.begin(), more.end()); }

struct Seen {
  std::vector<std::pair<int, int>> ids;  // class, id of each good frame in order
  std::vector<Bytes> payloads;
};

void collect(void* context, const ublox_frame_t* f) {
  auto* seen = static_cast<Seen*>(context);
  seen->ids.emplace_back(f->message_class, f->message_id);
  seen->payloads.emplace_back(f->payload, f->payload + f->length);
}

void put32(Bytes& p, size_t at, int32_t v) { ublox_put_u32(&p[at], static_cast<uint32_t>(v)); }

// A NAV-PVT payload with known fields (offsets from UBX-NAV-PVT in UBX-13003221).
Bytes knownPvt() {
  Bytes p(UBLOX_NAV_PVT_LENGTH, 0);
  put32(p, 0, 295218000);      // iTOW: Wednesday 10:00:18 GPS
  p[20] = 3;                   // fixType 3-D
  p[21] = 0x01;                // gnssFixOK
  p[23] = 14;                  // numSV
  put32(p, 24, -1234567);      // lon -0.1234567 deg
  put32(p, 28, 525200066);     // lat 52.5200066 deg
  put32(p, 32, 80123);         // height 80.123 m
  put32(p, 36, 40123);         // hMSL 40.123 m
  put32(p, 40, 1500);          // hAcc 1.5 m
  put32(p, 44, 2250);          // vAcc 2.25 m
  put32(p, 48, -1234);         // velN -1.234 m/s
  put32(p, 52, 5678);          // velE 5.678 m/s
  put32(p, 56, 250);           // velD 0.25 m/s
  put32(p, 60, 5810);          // gSpeed 5.81 m/s
  put32(p, 64, 12345678);      // headMot 123.45678 deg
  put32(p, 68, 160);           // sAcc 0.16 m/s
  ublox_put_u16(&p[76], 156);  // pDOP 1.56
  return p;
}

}  // namespace

class UbloxParserTest : public QObject {
  Q_OBJECT
 private slots:
  void fletcherChecksumOfCfgRateWorkedByHand() {
    // CFG-RATE 200 ms, navRate 1, timeRef 1 (GPS): class..payload = 06 08 06 00 C8 00 01 00 01 00.
    // CK_A is the running sum: 6, 14, 20, 20, 220, 220, 221, 221, 222, 222 -> 0xDE; CK_B the sum
    // of those: 6, 20, 40, 60, 280=24, 244, 465=209, 430=174, 396=140, 362=106 -> 0x6A (mod 256).
    const Bytes body = {0x06, 0x08, 0x06, 0x00, 0xC8, 0x00, 0x01, 0x00, 0x01, 0x00};
    uint8_t a = 0, b = 0;
    ublox_checksum(body.data(), body.size(), &a, &b);
    QCOMPARE(a, uint8_t{0xDE});
    QCOMPARE(b, uint8_t{0x6A});
    const Bytes built = frame(0x06, 0x08, {0xC8, 0x00, 0x01, 0x00, 0x01, 0x00});
    const Bytes expected = {0xB5, 0x62, 0x06, 0x08, 0x06, 0x00, 0xC8, 0x00, 0x01, 0x00, 0x01, 0x00, 0xDE, 0x6A};
    QCOMPARE(built, expected);
  }

  void everyGoodFrameIsFoundAmongNmeaGarbageCutAndBadFrames() {
    // ACK-ACK of CFG-RATE: 05 01 02 00 06 08, CK_A 5+1+2+0+6+8 = 22 = 0x16, CK_B 5+6+8+8+14+22 =
    // 63 = 0x3F (by hand).
    const Bytes ack = frame(0x05, 0x01, {0x06, 0x08});
    QCOMPARE(ack.back(), uint8_t{0x3F});
    Bytes nak = frame(0x05, 0x00, {0x06, 0x24});
    Bytes corrupted = frame(0x05, 0x01, {0x06, 0x01});
    corrupted.back() ^= 0x55;
    const Bytes pvt = frame(0x01, 0x07, knownPvt());
    const Bytes cut(pvt.begin(), pvt.begin() + 50);
    // A payload holding the sync pair is data, not a cut (its checksum holds).
    const Bytes syncInside = frame(0x0A, 0x04, {0xB5, 0x62, 0x01, 0x07, 0x5C, 0x00});
    const char* sentence = "$GNGGA,100001.00,5231.20040,N,01324.29724,E,1,12,1.30,40.0,M,40.0,M,,*7E\r\n";

    Bytes stream(sentence, sentence + std::strlen(sentence));
    append(stream, {0x00, 0xFF, 0xB5, 0x13, 0x62, 0x62});  // garbage, a lone sync char included
    append(stream, ack);
    append(stream, cut);  // cut short: its length says 92, the next frame begins after 50 bytes
    append(stream, nak);
    append(stream, corrupted);
    append(stream, pvt);
    append(stream, syncInside);

    ublox_parser_t parser;
    ublox_parser_init(&parser);
    Seen seen;
    // Fed in uneven pieces: the result must not depend on how the UART splits the stream.
    for (size_t at = 0; at < stream.size(); at += 7) {
      ublox_parser_feed(&parser, stream.data() + at, std::min<size_t>(7, stream.size() - at), collect, &seen);
    }
    const std::vector<std::pair<int, int>> expected = {{0x05, 0x01}, {0x05, 0x00}, {0x01, 0x07}, {0x0A, 0x04}};
    QCOMPARE(seen.ids, expected);
    QCOMPARE(seen.payloads[2], knownPvt());
    QCOMPARE(parser.frames, 4u);
    QCOMPARE(parser.cut_frames, 1u);
    QCOMPARE(parser.bad_checksums, 1u);
    QCOMPARE(parser.nmea_sentences, 1u);
    QCOMPARE(parser.nmea_bad, 0u);
  }

  void aLengthBeyondTheMaximumIsCountedAndTheNextFrameRead() {
    // A header whose length field reads 0xFFFF (65535 > 512): corrupted, skipped at once.
    Bytes stream = {0xB5, 0x62, 0x01, 0x07, 0xFF, 0xFF};
    append(stream, frame(0x05, 0x01, {0x06, 0x08}));
    ublox_parser_t parser;
    ublox_parser_init(&parser);
    Seen seen;
    ublox_parser_feed(&parser, stream.data(), stream.size(), collect, &seen);
    QCOMPARE(seen.ids.size(), size_t{1});
    QCOMPARE(parser.cut_frames, 1u);
  }

  void navPvtDecodesToSiUnits() {
    ublox_pvt_t pvt{};
    const Bytes p = knownPvt();
    QVERIFY(ublox_decode_nav_pvt(p.data(), p.size(), &pvt));
    QCOMPARE(pvt.itow_ms, 295218000u);
    QCOMPARE(pvt.fix_type, uint8_t{3});
    QVERIFY(pvt.gnss_fix_ok);
    QCOMPARE(pvt.satellites, uint8_t{14});
    // 1e-7 deg per count: 525200066 -> 52.5200066 deg (double: within 1e-12 deg, 0.1 um).
    QCOMPARE(pvt.lat_e7, 525200066);
    QVERIFY(std::fabs(pvt.lat_deg - 52.5200066) < 1e-12);
    QVERIFY(std::fabs(pvt.lon_deg - -0.1234567) < 1e-12);
    // mm -> m and mm/s -> m/s: a correctly rounded division of exact integers, so each equals the
    // float literal of the decimal value exactly.
    QCOMPARE(pvt.height_ellipsoid_m, 80.123f);
    QCOMPARE(pvt.height_msl_m, 40.123f);
    QCOMPARE(pvt.horizontal_accuracy_m, 1.5f);
    QCOMPARE(pvt.vertical_accuracy_m, 2.25f);
    QCOMPARE(pvt.vel_ned_mps[0], -1.234f);
    QCOMPARE(pvt.vel_ned_mps[1], 5.678f);
    QCOMPARE(pvt.vel_ned_mps[2], 0.25f);
    QCOMPARE(pvt.ground_speed_mps, 5.81f);
    QCOMPARE(pvt.course_deg, 123.45678f);  // 1e-5 deg per count
    QCOMPARE(pvt.speed_accuracy_mps, 0.16f);
    QCOMPARE(pvt.pdop, 1.56f);                           // 0.01 per count
    QVERIFY(!ublox_decode_nav_pvt(p.data(), 84, &pvt));  // the older 84-byte form is not NAV-PVT here
  }

  void modelSentencesCarryTheTruthAndAGoodChecksum() {
    ublox_model_t model;
    ublox_model_init(&model);
    // The model's first solution is at 1 s: iTOW 295219000 = Wednesday 10:00:19 GPS = 10:00:01 UTC.
    // 52.5200066 deg = 52 deg 1.200396' -> 5231.20040; 13.4049540 deg = 13 deg 24.29724' ->
    // 01324.29724; hMSL 80 - 40 = 40.0 m. Checksums: the XOR of the characters between '$' and '*'
    // (python3: functools.reduce(lambda a, c: a ^ ord(c), body, 0)) = 0x7E for both.
    char text[100];
    ublox_model_gga(&model, 295219000u, text, sizeof text);
    QCOMPARE(QString(text), QString("$GNGGA,100001.00,5231.20040,N,01324.29724,E,1,12,1.30,40.0,M,40.0,M,,*7E\r\n"));
    ublox_model_rmc(&model, 295219000u, text, sizeof text);
    QCOMPARE(QString(text), QString("$GNRMC,100001.00,A,5231.20040,N,01324.29724,E,0.000,0.00,120624,,,A*7E\r\n"));
    // What the factory receiver sends in its first 1.2 s at 9600 baud: GGA and RMC, both good.
    ublox_parser_t parser;
    ublox_parser_init(&parser);
    uint8_t bytes[512];
    ublox_model_advance_us(&model, 1200000);
    const size_t n = ublox_model_read(&model, bytes, sizeof bytes);
    ublox_parser_feed(&parser, bytes, n, nullptr, nullptr);
    QCOMPARE(parser.nmea_sentences, 2u);
    QCOMPARE(parser.nmea_bad, 0u);
    QCOMPARE(parser.frames, 0u);
  }
};

QTEST_APPLESS_MAIN(UbloxParserTest)
#include "ublox_parser_test.moc"
