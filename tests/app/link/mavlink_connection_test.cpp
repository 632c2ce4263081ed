// MavlinkConnection: frames out of a byte stream in any split, garbage between frames skipped
// and counted, sequence gaps counted, frames and bytes counted both ways.
#include "app/link/mavlink_connection.h"
#include "app/link/udp_transport.h"
#include "tests/app/link/scripted_vehicle.h"

#include <QNetworkDatagram>
#include <QSignalSpy>
#include <QThread>
#include <QUdpSocket>
#include <QtTest>

using navigator::LinkStats;
using navigator::MavlinkConnection;

class MavlinkConnectionTest : public QObject {
  Q_OBJECT

 private slots:
  void framesInAnySplit();
  void garbageBetweenFramesIsSkippedAndCounted();
  void corruptedFrameCountedAndNextOneKept();
  void sequenceGapsCounted();
  void sendingCountsAndUsesGroundStationIdentity();
  void transportOnItsOwnThread();
};

void MavlinkConnectionTest::framesInAnySplit() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  QSignalSpy frames(&c, &MavlinkConnection::frameReceived);
  mavlink_heartbeat_t h{};
  h.type = 2;
  const QByteArray stream = v.bytes(h) + v.bytes(h) + v.bytes(h);
  for (qsizetype i = 0; i < stream.size(); ++i) c.feedBytes(stream.mid(i, 1));  // one byte at a time
  QCOMPARE(frames.count(), 3);
  const LinkStats s = c.stats();
  QCOMPARE(s.frames_in, 3u);
  QCOMPARE(s.bytes_in, std::uint64_t(stream.size()));
  QCOMPARE(s.bytes_dropped, 0u);
  QCOMPARE(frames.at(2).at(0).value<mavlink_frame_t>().sysid, 1);
}

void MavlinkConnectionTest::garbageBetweenFramesIsSkippedAndCounted() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  QSignalSpy frames(&c, &MavlinkConnection::frameReceived);
  mavlink_attitude_t a{};
  a.roll = 0.25f;
  // 7 bytes of noise (one a v2 start marker whose "frame" cannot check out), a frame, 5 more.
  const QByteArray noise1 = QByteArray::fromHex("00112233fd0102"), noise2 = QByteArray::fromHex("deadbeef42");
  c.feedBytes(noise1 + v.bytes(a) + noise2 + v.bytes(a));
  QCOMPARE(frames.count(), 2);
  mavlink_attitude_t got;
  const mavlink_frame_t second = frames.at(1).at(0).value<mavlink_frame_t>();
  QVERIFY(mavlink_attitude_decode(&second, &got));
  QCOMPARE(got.roll, 0.25f);
  QCOMPARE(c.stats().bytes_dropped, std::uint64_t(noise1.size() + noise2.size()));
}

void MavlinkConnectionTest::corruptedFrameCountedAndNextOneKept() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  QSignalSpy frames(&c, &MavlinkConnection::frameReceived);
  mavlink_heartbeat_t h{};
  QByteArray bad = v.bytes(h);
  bad[bad.size() - 1] = char(bad[bad.size() - 1] ^ 0x5A);  // checksum broken
  c.feedBytes(bad + v.bytes(h));
  QCOMPARE(frames.count(), 1);
  QCOMPARE(c.stats().crc_errors, 1u);
  QCOMPARE(c.stats().bytes_dropped, std::uint64_t(bad.size()));
}

void MavlinkConnectionTest::sequenceGapsCounted() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  mavlink_heartbeat_t h{};
  v.send(h);   // seq 0
  v.bytes(h);  // seq 1, 2 lost on the way
  v.bytes(h);
  v.send(h);  // seq 3
  QCOMPARE(c.stats().frames_in, 2u);
  QCOMPARE(c.stats().sequence_gaps, 2u);
}

void MavlinkConnectionTest::sendingCountsAndUsesGroundStationIdentity() {
  MavlinkConnection c;
  ScriptedVehicle v(&c);
  mavlink_param_request_list_t r{};
  r.target_system = 1;
  QVERIFY(c.send(r));
  QVERIFY(c.send(r));
  QCOMPARE(v.sent.size(), std::size_t(2));
  QCOMPARE(int(v.sent[0].sysid), 255);
  QCOMPARE(int(v.sent[0].compid), 190);
  QCOMPARE(int(v.sent[1].seq), 1);
  QCOMPARE(c.stats().frames_out, 2u);
  QVERIFY(c.stats().bytes_out > 2 * 10u);
  QVERIFY(!c.send(9999, &r));  // unknown message id: nothing sent
  QCOMPARE(c.stats().frames_out, 2u);
}

// The arrangement the serial port uses: the transport on its own thread, the connection
// on this one, bytes crossing through queued signals both ways.
void MavlinkConnectionTest::transportOnItsOwnThread() {
  QThread io;
  io.start();
  auto* transport = new navigator::UdpTransport(0);
  transport->moveToThread(&io);
  bool opened = false;
  QMetaObject::invokeMethod(
      transport, [&] { opened = transport->open(); }, Qt::BlockingQueuedConnection);
  QVERIFY(opened);
  quint16 port = 0;
  QMetaObject::invokeMethod(
      transport, [&] { port = transport->localPort(); }, Qt::BlockingQueuedConnection);

  MavlinkConnection c;
  c.attachTransport(transport);
  QSignalSpy frames(&c, &MavlinkConnection::frameReceived);
  QUdpSocket vehicle;
  QVERIFY(vehicle.bind(QHostAddress::LocalHost, 0));
  mavlink_sender_t s{1, 1, 0};
  mavlink_heartbeat_t h{};
  std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
  const std::size_t n = mavlink_heartbeat_pack(&s, &h, frame);
  vehicle.writeDatagram(reinterpret_cast<const char*>(frame), qint64(n), QHostAddress::LocalHost, port);
  QTRY_COMPARE_WITH_TIMEOUT(frames.count(), 1, 2000);
  QCOMPARE(frames.at(0).at(0).value<mavlink_frame_t>().msgid, 0u);

  mavlink_param_request_list_t r{};
  QVERIFY(c.send(r));
  QTRY_VERIFY_WITH_TIMEOUT(vehicle.hasPendingDatagrams(), 2000);
  QCOMPARE(quint8(vehicle.receiveDatagram().data().at(7)), quint8(MAVLINK_MSG_ID_PARAM_REQUEST_LIST));

  QMetaObject::invokeMethod(
      transport, [&] { delete transport; }, Qt::BlockingQueuedConnection);
  io.quit();
  io.wait();
}

QTEST_GUILESS_MAIN(MavlinkConnectionTest)
#include "mavlink_connection_test.moc"
