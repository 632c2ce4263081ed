// UdpTransport on the loopback: a port in use is an error naming the port; the vehicle's
// address is learned from its first datagram holding a valid frame (not from junk), followed
// when it moves, and answered there; bytes sent before a vehicle is known are counted as dropped;
// with two vehicles on the port, a frame addressed to one goes only to its address and a
// broadcast to both.
#include "app/link/mavlink_connection.h"
#include "app/link/udp_transport.h"

#include <QSignalSpy>
#include <QNetworkDatagram>
#include <QUdpSocket>
#include <QtTest>

using namespace navigator;

namespace {

QByteArray heartbeatBytes(std::uint8_t sysid = 1) {
  mavlink_sender_t s{sysid, 1, 0};
  mavlink_heartbeat_t h{};
  h.type = 2;
  std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
  const std::size_t n = mavlink_heartbeat_pack(&s, &h, frame);
  return QByteArray(reinterpret_cast<const char*>(frame), qsizetype(n));
}

template <class Message>
QByteArray frameOf(const Message& m) {
  mavlink_sender_t s{255, 190, 0};
  std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
  const std::size_t n = mavlink_pack(&s, MavlinkMessageId<Message>::value, &m, frame);
  return QByteArray(reinterpret_cast<const char*>(frame), qsizetype(n));
}

}  // namespace

class UdpTransportTest : public QObject {
  Q_OBJECT

 private slots:
  void portInUseNamesThePort();
  void learnsTheVehicleFromItsFirstValidDatagram();
  void targetSystemOfAFrame();
  void eachVehicleAnsweredWhereItSendsFrom();
  void onlyTheOwnFirmwareIsHeard();
};

void UdpTransportTest::onlyTheOwnFirmwareIsHeard() {
  // Seen before: a PX4 sending to the station's SITL port became "SITL: 1 PX4 quadrotor". With
  // the own firmware's source set, a stranger's datagrams are kept out — counted, named once
  // with the systems in them — and nothing is written to it.
  UdpTransport gcs(0);
  QVERIFY(gcs.open());
  MavlinkConnection connection;
  connection.attachTransport(&gcs);
  QSignalSpy frames(&connection, &MavlinkConnection::frameReceived);
  QSignalSpy strangers(&gcs, &UdpTransport::foreignSource);
  QUdpSocket own, stranger;
  QVERIFY(own.bind(QHostAddress::LocalHost, 0));
  QVERIFY(stranger.bind(QHostAddress::LocalHost, 0));
  gcs.setOnlySource({QHostAddress(QHostAddress::LocalHost), own.localPort()});
  QCOMPARE(gcs.peerPort(), own.localPort());  // written to before it is heard

  for (int i = 0; i < 3; ++i) stranger.writeDatagram(heartbeatBytes(1), QHostAddress::LocalHost, gcs.localPort());
  QTRY_COMPARE_WITH_TIMEOUT(gcs.foreignDatagrams(), std::uint64_t(3), 2000);
  QCOMPARE(strangers.count(), 1);
  QCOMPARE(strangers.at(0).at(1).toInt(), int(stranger.localPort()));
  QCOMPARE(strangers.at(0).at(2).value<QList<int>>(), QList<int>({1}));
  QCOMPARE(frames.count(), 0);
  QCOMPARE(connection.stats().bytes_in, 0u);

  own.writeDatagram(heartbeatBytes(1), QHostAddress::LocalHost, gcs.localPort());
  QTRY_COMPARE_WITH_TIMEOUT(frames.count(), 1, 2000);
  // A command for system 1 goes to the own firmware only.
  mavlink_param_request_list_t r{};
  r.target_system = 1;
  connection.send(r);
  QTRY_VERIFY_WITH_TIMEOUT(own.hasPendingDatagrams(), 2000);
  QVERIFY(!stranger.hasPendingDatagrams());
  stranger.writeDatagram(heartbeatBytes(1), QHostAddress::LocalHost, gcs.localPort());
  QTRY_COMPARE_WITH_TIMEOUT(gcs.foreignDatagrams(), std::uint64_t(4), 2000);
  QCOMPARE(strangers.count(), 1);  // named once
  QCOMPARE(frames.count(), 1);
}

void UdpTransportTest::portInUseNamesThePort() {
  UdpTransport first(0);
  QVERIFY(first.open());
  const quint16 port = first.localPort();
  QVERIFY(port != 0);
  UdpTransport second(port);
  QSignalSpy errors(&second, &MavlinkTransport::errorOccurred);
  QVERIFY(!second.open());
  QCOMPARE(errors.count(), 1);
  const QString message = errors.at(0).at(0).toString();
  QVERIFY2(message.contains(QString::number(port)) && message.contains("in use"), qPrintable(message));
  QVERIFY(!second.isOpen());
}

void UdpTransportTest::learnsTheVehicleFromItsFirstValidDatagram() {
  UdpTransport gcs(0);
  QVERIFY(gcs.open());
  MavlinkConnection connection;
  connection.attachTransport(&gcs);
  QSignalSpy frames(&connection, &MavlinkConnection::frameReceived);
  QSignalSpy peers(&gcs, &UdpTransport::peerChanged);

  // Before any vehicle: sending goes nowhere, and is counted.
  mavlink_param_request_list_t r{};
  connection.send(r);
  QCOMPARE(connection.stats().writes_dropped, connection.stats().bytes_out);
  QVERIFY(connection.stats().writes_dropped > 0);

  QUdpSocket junk, vehicle, moved;
  QVERIFY(junk.bind(QHostAddress::LocalHost, 0));
  QVERIFY(vehicle.bind(QHostAddress::LocalHost, 0));
  QVERIFY(moved.bind(QHostAddress::LocalHost, 0));
  junk.writeDatagram(QByteArray("not mavlink"), QHostAddress::LocalHost, gcs.localPort());
  QTRY_VERIFY_WITH_TIMEOUT(connection.stats().bytes_in > 0, 2000);
  QVERIFY(!gcs.hasPeer());  // junk does not make a vehicle
  QCOMPARE(connection.stats().bytes_dropped, 11u);

  vehicle.writeDatagram(heartbeatBytes(), QHostAddress::LocalHost, gcs.localPort());
  QTRY_COMPARE_WITH_TIMEOUT(frames.count(), 1, 2000);
  QVERIFY(gcs.hasPeer());
  QCOMPARE(gcs.peerPort(), vehicle.localPort());
  QCOMPARE(peers.count(), 1);
  QVERIFY(gcs.description().contains(QString::number(vehicle.localPort())));

  connection.send(r);
  QTRY_VERIFY_WITH_TIMEOUT(vehicle.hasPendingDatagrams(), 2000);
  const QByteArray answer = vehicle.receiveDatagram().data();
  QCOMPARE(quint8(answer[0]), quint8(MAVLINK_STX_V2));

  // A restarted vehicle on another port is followed.
  moved.writeDatagram(heartbeatBytes(), QHostAddress::LocalHost, gcs.localPort());
  QTRY_COMPARE_WITH_TIMEOUT(frames.count(), 2, 2000);
  QCOMPARE(gcs.peerPort(), moved.localPort());
  connection.send(r);
  QTRY_VERIFY_WITH_TIMEOUT(moved.hasPendingDatagrams(), 2000);
}

void UdpTransportTest::targetSystemOfAFrame() {
  // The target_system field where mavgen's wire order puts it: COMMAND_LONG's after 7 floats
  // and the command (offset 30), PARAM_REQUEST_READ's after the index (2), MANUAL_CONTROL's
  // "target" after five 16-bit fields (10).
  mavlink_command_long_t c{};
  c.target_system = 2;
  c.command = 400;
  QCOMPARE(int(UdpTransport::frameTargetSystem(frameOf(c))), 2);
  mavlink_param_request_read_t r{};
  r.target_system = 7;
  QCOMPARE(int(UdpTransport::frameTargetSystem(frameOf(r))), 7);
  mavlink_manual_control_t m{};
  m.target = 3;
  QCOMPARE(int(UdpTransport::frameTargetSystem(frameOf(m))), 3);
  // A target of 0 is cut off a MAVLink 2 payload (trailing zeros): still 0, a broadcast.
  c.target_system = 0;
  QCOMPARE(int(UdpTransport::frameTargetSystem(frameOf(c))), 0);
  QCOMPARE(int(UdpTransport::frameTargetSystem(heartbeatBytes())), 0);  // no target field
  QCOMPARE(int(UdpTransport::frameTargetSystem(QByteArray("junk"))), 0);
}

void UdpTransportTest::eachVehicleAnsweredWhereItSendsFrom() {
  UdpTransport gcs(0);
  QVERIFY(gcs.open());
  MavlinkConnection connection;
  connection.attachTransport(&gcs);
  QSignalSpy frames(&connection, &MavlinkConnection::frameReceived);
  QUdpSocket one, two;
  QVERIFY(one.bind(QHostAddress::LocalHost, 0));
  QVERIFY(two.bind(QHostAddress::LocalHost, 0));
  one.writeDatagram(heartbeatBytes(1), QHostAddress::LocalHost, gcs.localPort());
  two.writeDatagram(heartbeatBytes(2), QHostAddress::LocalHost, gcs.localPort());
  QTRY_COMPARE_WITH_TIMEOUT(frames.count(), 2, 2000);
  QCOMPARE(gcs.systemPeers().size(), std::size_t(2));

  mavlink_command_long_t c{};
  c.target_system = 2;
  c.command = 400;
  connection.send(c);
  mavlink_heartbeat_t beat{};
  beat.type = 6;
  connection.send(beat);  // no target: to both
  QTRY_VERIFY_WITH_TIMEOUT(two.pendingDatagramSize() > 0, 2000);
  QTRY_VERIFY_WITH_TIMEOUT(one.hasPendingDatagrams(), 2000);
  const auto msgid = [](const QByteArray& d) { return int(quint8(d[7])); };
  QCOMPARE(msgid(two.receiveDatagram().data()), int(MAVLINK_MSG_ID_COMMAND_LONG));
  QTRY_VERIFY_WITH_TIMEOUT(two.hasPendingDatagrams(), 2000);
  QCOMPARE(msgid(two.receiveDatagram().data()), int(MAVLINK_MSG_ID_HEARTBEAT));
  QCOMPARE(msgid(one.receiveDatagram().data()), int(MAVLINK_MSG_ID_HEARTBEAT));  // the command never came here
  QVERIFY(!one.hasPendingDatagrams());
}

QTEST_GUILESS_MAIN(UdpTransportTest)
#include "udp_transport_test.moc"
