// serialHilBandwidth: frame lengths from the codec's tables and the rate from the formula in the
// header, rate = floor((baud / 10) · (1 − share) / max(sensor_frame, actuator_frame)).
#include "app/link/serial_hil_bandwidth.h"

#include "firmware/mavlink/mavlink_codec.h"

#include <QtTest>

using namespace navigator;

class SerialHilBandwidthTest : public QObject {
  Q_OBJECT

 private slots:
  void frameLengthsFromTheCodec();
  void rateFromTheFormula_data();
  void rateFromTheFormula();
  void nonsenseInputGivesNoRate();
};

void SerialHilBandwidthTest::frameLengthsFromTheCodec() {
  // common.xml: HIL_SENSOR base fields uint64 + 13 floats + uint32 = 8 + 52 + 4 = 64 bytes, the
  // extension `id` (uint8) makes 65; HIL_ACTUATOR_CONTROLS uint64 + uint64 + 16 floats + uint8
  // = 81. MAVLink v2 adds a 10-byte header and a 2-byte checksum.
  QCOMPARE(mavlinkV2FrameBytes(MAVLINK_MSG_ID_HIL_SENSOR), 10 + 65 + 2);
  QCOMPARE(mavlinkV2FrameBytes(MAVLINK_MSG_ID_HIL_ACTUATOR_CONTROLS), 10 + 81 + 2);
  QCOMPARE(mavlinkV2FrameBytes(999999), 0);
  // And the longest real frame the codec packs is that long (all fields non-zero).
  mavlink_hil_sensor_t s{};
  s.time_usec = 1;
  s.xacc = s.yacc = s.zacc = s.xgyro = s.ygyro = s.zgyro = s.xmag = s.ymag = s.zmag = 1.f;
  s.abs_pressure = s.diff_pressure = s.pressure_alt = s.temperature = 1.f;
  s.fields_updated = 1;
  s.id = 1;
  mavlink_sender_t sender{1, 1, 0};
  std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
  QCOMPARE(int(mavlink_hil_sensor_pack(&sender, &s, frame)), 77);
  // HIL_GPS (the simulator's 10 Hz fix, which the bridge sends before a HIL_SENSOR): uint64 +
  // 3 int32 + 4 uint16 + 3 int16 + uint16 + 2 uint8 = 36 bytes, extensions id (uint8) and yaw
  // (uint16) make 39. It fits in what the sensor direction leaves: the rate is set by the
  // 93-byte answer, so each 77-byte HIL_SENSOR leaves 16 bytes; at 115200 baud and 91 exchanges
  // per second (hil_bridge.h) that is 1456 B/s against 10 × 51 = 510 B/s of fixes.
  QCOMPARE(mavlinkV2FrameBytes(MAVLINK_MSG_ID_HIL_GPS), 10 + 39 + 2);
  QVERIFY(91 * 77 + 10 * mavlinkV2FrameBytes(MAVLINK_MSG_ID_HIL_GPS) <= 11520 * 8 / 10);
}

void SerialHilBandwidthTest::rateFromTheFormula_data() {
  QTest::addColumn<qint64>("baud");
  QTest::addColumn<double>("share");
  QTest::addColumn<double>("bytes_per_s");
  QTest::addColumn<int>("rate_hz");
  // Expected by hand: baud/10 · (1 − share) / 93, rounded down.
  QTest::newRow("115200, 20 %") << qint64(115200) << 0.2 << 11520.0 << 99;        // 9216 / 93 = 99.1
  QTest::newRow("57600, 20 %") << qint64(57600) << 0.2 << 5760.0 << 49;           // 4608 / 93 = 49.5
  QTest::newRow("921600, 20 %") << qint64(921600) << 0.2 << 92160.0 << 792;       // 73728 / 93 = 792.8
  QTest::newRow("460800, 20 %") << qint64(460800) << 0.2 << 46080.0 << 396;       // 36864 / 93 = 396.4
  QTest::newRow("9600, 20 %") << qint64(9600) << 0.2 << 960.0 << 8;               // 768 / 93 = 8.3
  QTest::newRow("115200, none kept") << qint64(115200) << 0.0 << 11520.0 << 123;  // 11520 / 93 = 123.9
  QTest::newRow("2000000, 50 %") << qint64(2000000) << 0.5 << 200000.0 << 1075;   // 100000 / 93 = 1075.3
}

void SerialHilBandwidthTest::rateFromTheFormula() {
  QFETCH(qint64, baud);
  QFETCH(double, share);
  QFETCH(double, bytes_per_s);
  QFETCH(int, rate_hz);
  const SerialHilBandwidth b = serialHilBandwidth(baud, share);
  QCOMPARE(b.bytes_per_s, bytes_per_s);
  QCOMPARE(b.sensor_frame_bytes, 77);
  QCOMPARE(b.actuator_frame_bytes, 93);
  QCOMPARE(b.max_sensor_rate_hz, rate_hz);
}

void SerialHilBandwidthTest::nonsenseInputGivesNoRate() {
  QCOMPARE(serialHilBandwidth(0).max_sensor_rate_hz, 0);
  QCOMPARE(serialHilBandwidth(-115200).max_sensor_rate_hz, 0);
  // A NaN or out-of-range share is clamped, never turned into a larger rate.
  QVERIFY(serialHilBandwidth(115200, std::nan("")).max_sensor_rate_hz <= 99);
  QCOMPARE(serialHilBandwidth(115200, -1.0).max_sensor_rate_hz, 123);
  QCOMPARE(serialHilBandwidth(115200, 5.0).max_sensor_rate_hz, 1);  // 0.99 kept: 115.2 / 93
}

QTEST_GUILESS_MAIN(SerialHilBandwidthTest)
#include "serial_hil_bandwidth_test.moc"
