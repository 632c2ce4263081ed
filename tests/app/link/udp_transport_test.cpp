// UdpTransport on the loopback: a port in use is an error naming the port; the vehicle's
// address is learned from its first datagram holding a valid frame (not from junk), followed
// when it moves, and answered there; bytes sent before a vehicle is known are counted as dropped.
#include "app/link/mavlink_connection.h"
#include "app/link/udp_transport.h"

#include <QSignalSpy>
#include <QNetworkDatagram>
#include <QUdpSocket>
#include <QtTest>

using namespace navigator;

namespace {

QByteArray heartbeatBytes() {
  mavlink_sender_t s{1, 1, 0};
  mavlink_heartbeat_t h{};
  h.type = 2;
  std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
  const std::size_t n = mavlink_heartbeat_pack(&s, &h, frame);
  return QByteArray(reinterpret_cast<const char*>(frame), qsizetype(n));
}

}  // namespace

class UdpTransportTest : public QObject {
  Q_OBJECT

 private slots:
  void portInUseNamesThePort();
  void learnsTheVehicleFromItsFirstValidDatagram();
};

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

QTEST_GUILESS_MAIN(UdpTransportTest)
#include "udp_transport_test.moc"
