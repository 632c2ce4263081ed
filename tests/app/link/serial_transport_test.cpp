// SerialTransport over socat pseudo-terminal pairs, on its own thread as in the application:
// frames both ways; random garbage between frames (every frame arrives, the garbage is counted);
// the peer vanishing mid-frame and coming back (lost, reconnected, nothing received lost); baud
// detection; a path that does not exist.
//
// What a pty can and cannot show: a pseudo-terminal accepts any baud rate and carries bytes
// unchanged whatever rate either side sets, so a real rate mismatch (framing errors, garbled
// bytes) cannot happen on it. The detection test emulates one: the peer hears which rate the
// transport is trying (baudDetectionTrying) and sends what a mismatched UART would deliver —
// bytes that never form a frame (random, without MAVLink start markers) — at every rate but the
// "true" one, where it sends heartbeats. That proves the detector's logic (try in order, keep the
// first rate with a valid frame, report none), not the electrical behaviour of a UART.
#include "app/link/mavlink_connection.h"
#include "app/link/serial_transport.h"
#include "tests/app/link/pty_pair.h"
#include "tests/support/optional_tools.h"

#include <QDir>
#include <QProcess>
#include <QSerialPort>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <random>

using namespace navigator;
using navigator::test::PtyPair;

namespace {

QByteArray heartbeat(mavlink_sender_t* s) {
  mavlink_heartbeat_t h{};
  h.type = 2;
  h.custom_mode = s->seq;
  std::uint8_t frame[MAVLINK_MAX_FRAME_LEN];
  const std::size_t n = mavlink_heartbeat_pack(s, &h, frame);
  return QByteArray(reinterpret_cast<const char*>(frame), qsizetype(n));
}

// Junk that can never hold a frame: random bytes without the v1/v2 start markers.
QByteArray junk(std::mt19937& rng, int n) {
  QByteArray out;
  std::uniform_int_distribution<int> byte(0, 255);
  while (out.size() < n) {
    const int b = byte(rng);
    if (b != MAVLINK_STX_V1 && b != MAVLINK_STX_V2) out.append(char(b));
  }
  return out;
}

// The vehicle's end: a plain QSerialPort on the test thread.
bool openPeer(QSerialPort& port, const QString& path) {
  port.setPortName(path);
  return port.open(QIODevice::ReadWrite);
}

void writePeer(QSerialPort& port, const QByteArray& bytes) {
  port.write(bytes);
  port.waitForBytesWritten(1000);
}

// The transport on its own thread, as the application runs it.
class TransportThread {
 public:
  TransportThread(const QString& path, qint32 baud = SerialTransport::kDefaultBaudRate)
      : transport(new SerialTransport(path, baud)) {
    transport->setReconnectIntervalMs(100);
    transport->moveToThread(&thread_);
    thread_.start();
  }
  ~TransportThread() {
    QMetaObject::invokeMethod(
        transport, [t = transport] { delete t; }, Qt::BlockingQueuedConnection);
    thread_.quit();
    thread_.wait();
  }
  bool open() {
    bool ok = false;
    QMetaObject::invokeMethod(
        transport, [&] { ok = transport->open(); }, Qt::BlockingQueuedConnection);
    return ok;
  }
  SerialTransport* transport;

 private:
  QThread thread_;
};

}  // namespace

class SerialTransportTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void framesArriveBothWays();
  void garbageBetweenFramesIsCountedAndSkipped();
  void peerVanishesMidFrameAndComesBack();
  void pathDisappearingIsALossToo();
  void detectsTheBaudRateThatCarriesMavlink();
  void reportsNoMavlinkAtAnyBaudRate();
  void detectionResumesAfterTheDeviceComesBack();
  void missingPathIsAnErrorNamingIt();

 private:
  QTemporaryDir dir_;
};

void SerialTransportTest::initTestCase() {
  QVERIFY(dir_.isValid());
  NAVIGATOR_REQUIRE_PROGRAM("socat");
}

void SerialTransportTest::framesArriveBothWays() {
  PtyPair pty(dir_.path() + "/both");
  QDir().mkpath(dir_.path() + "/both");
  QVERIFY(pty.start());
  TransportThread t(pty.a());
  MavlinkConnection connection;
  connection.attachTransport(t.transport);
  QSignalSpy frames(&connection, &MavlinkConnection::frameReceived);
  QVERIFY(t.open());
  QSerialPort peer;
  QVERIFY(openPeer(peer, pty.b()));

  mavlink_sender_t vehicle{1, 1, 0};
  for (int i = 0; i < 20; ++i) writePeer(peer, heartbeat(&vehicle));
  QTRY_COMPARE_WITH_TIMEOUT(frames.count(), 20, 5000);
  for (int i = 0; i < 20; ++i) QCOMPARE(frames.at(i).at(0).value<mavlink_frame_t>().seq, std::uint8_t(i));
  QCOMPARE(connection.stats().bytes_dropped, 0u);

  // And back: a ground-station message reaches the vehicle's end whole.
  mavlink_param_request_list_t r{};
  r.target_system = 1;
  QVERIFY(connection.send(r));
  QByteArray got;
  QTRY_VERIFY_WITH_TIMEOUT((got += peer.readAll(), got.size() >= qsizetype(connection.stats().bytes_out)), 5000);
  mavlink_parser_t p;
  mavlink_parser_init(&p);
  QCOMPARE(mavlink_parse_all(
               &p, reinterpret_cast<const std::uint8_t*>(got.constData()), std::size_t(got.size()),
               [](void*, const mavlink_frame_t*) {}, nullptr),
           std::size_t(1));
  QCOMPARE(connection.stats().writes_dropped, 0u);
}

void SerialTransportTest::garbageBetweenFramesIsCountedAndSkipped() {
  QDir().mkpath(dir_.path() + "/junk");
  PtyPair pty(dir_.path() + "/junk");
  QVERIFY(pty.start());
  TransportThread t(pty.a());
  MavlinkConnection connection;
  connection.attachTransport(t.transport);
  QSignalSpy frames(&connection, &MavlinkConnection::frameReceived);
  QVERIFY(t.open());
  QSerialPort peer;
  QVERIFY(openPeer(peer, pty.b()));

  // Random garbage, start markers included (a torn frame must not hide the next good one).
  std::mt19937 rng(8);
  std::uniform_int_distribution<int> length(0, 40), byte(0, 255);
  mavlink_sender_t vehicle{1, 1, 0};
  qsizetype garbage = 0;
  for (int i = 0; i < 50; ++i) {
    QByteArray g;
    for (int n = length(rng); n > 0; --n) g.append(char(byte(rng)));
    garbage += g.size();
    writePeer(peer, g + heartbeat(&vehicle));
  }
  QTRY_COMPARE_WITH_TIMEOUT(frames.count(), 50, 5000);
  for (int i = 0; i < 50; ++i) QCOMPARE(frames.at(i).at(0).value<mavlink_frame_t>().seq, std::uint8_t(i));
  const LinkStats s = connection.stats();
  QCOMPARE(s.frames_in, 50u);
  QCOMPARE(s.bytes_dropped, std::uint64_t(garbage));
  QVERIFY(garbage > 500);
}

void SerialTransportTest::peerVanishesMidFrameAndComesBack() {
  QDir().mkpath(dir_.path() + "/replug");
  PtyPair pty(dir_.path() + "/replug");
  QVERIFY(pty.start());
  TransportThread t(pty.a());
  MavlinkConnection connection;
  connection.attachTransport(t.transport);
  QSignalSpy frames(&connection, &MavlinkConnection::frameReceived);
  QSignalSpy lost(t.transport, &SerialTransport::deviceLost);
  QSignalSpy back(t.transport, &SerialTransport::deviceReconnected);
  QVERIFY(t.open());

  mavlink_sender_t vehicle{1, 1, 0};
  {
    QSerialPort peer;
    QVERIFY(openPeer(peer, pty.b()));
    for (int i = 0; i < 10; ++i) writePeer(peer, heartbeat(&vehicle));
    QTRY_COMPARE_WITH_TIMEOUT(frames.count(), 10, 5000);
    const QByteArray torn = heartbeat(&vehicle);  // seq 10: only its first half ever arrives
    const std::uint64_t before = connection.stats().bytes_in;
    writePeer(peer, torn.left(torn.size() / 2));
    QTRY_COMPARE_WITH_TIMEOUT(connection.stats().bytes_in, before + std::uint64_t(torn.size() / 2), 5000);
    pty.stop();  // the cable is pulled
  }
  QTRY_COMPARE_WITH_TIMEOUT(lost.count(), 1, 5000);
  const QString message = lost.at(0).at(0).toString();
  qInfo("%s", qPrintable(message));
  QVERIFY2(message.contains(pty.a()), qPrintable(message));
  QCOMPARE(frames.count(), 10);  // nothing that had arrived is lost
  QCOMPARE(connection.stats().frames_in, 10u);

  // Writes while the device is gone are dropped and counted, not queued.
  mavlink_param_request_list_t r{};
  QTRY_VERIFY_WITH_TIMEOUT(t.transport->state() == SerialTransport::State::Lost, 2000);
  connection.send(r);
  QTRY_VERIFY_WITH_TIMEOUT(connection.stats().writes_dropped > 0, 2000);

  const std::uint64_t tries = t.transport->reopenAttempts();
  QTRY_VERIFY_WITH_TIMEOUT(t.transport->reopenAttempts() >= tries + 3, 5000);  // three looks while it is away
  QCOMPARE(back.count(), 0);
  QVERIFY(pty.start());  // plugged in again, same names
  QTRY_COMPARE_WITH_TIMEOUT(back.count(), 1, 5000);
  QVERIFY2(back.at(0).at(0).toString().contains(pty.a()), qPrintable(back.at(0).at(0).toString()));

  QSerialPort peer;
  QVERIFY(openPeer(peer, pty.b()));
  for (int i = 0; i < 10; ++i) writePeer(peer, heartbeat(&vehicle));
  QTRY_COMPARE_WITH_TIMEOUT(frames.count(), 20, 5000);
  for (int i = 0; i < 10; ++i) QCOMPARE(frames.at(i).at(0).value<mavlink_frame_t>().seq, std::uint8_t(i));
  for (int i = 10; i < 20; ++i) QCOMPARE(frames.at(i).at(0).value<mavlink_frame_t>().seq, std::uint8_t(i + 1));
  const LinkStats s = connection.stats();
  QCOMPARE(s.frames_in, 20u);
  QCOMPARE(s.sequence_gaps, 1u);  // the torn frame, seen by its sequence number
  QCOMPARE(lost.count(), 1);
}

// A USB device can vanish without a read error on its open descriptor; its path going away
// counts as the loss. Emulated with a symlink to the pty that is removed and put back.
void SerialTransportTest::pathDisappearingIsALossToo() {
  QDir().mkpath(dir_.path() + "/path");
  PtyPair pty(dir_.path() + "/path");
  QVERIFY(pty.start());
  const QString device = QFileInfo(pty.a()).symLinkTarget();
  const QString path = dir_.path() + "/path/ttyACM-like";
  QVERIFY(QFile::link(device, path));
  TransportThread t(path);
  MavlinkConnection connection;
  connection.attachTransport(t.transport);
  QSignalSpy frames(&connection, &MavlinkConnection::frameReceived);
  QSignalSpy lost(t.transport, &SerialTransport::deviceLost);
  QSignalSpy back(t.transport, &SerialTransport::deviceReconnected);
  QVERIFY(t.open());
  QSerialPort peer;
  QVERIFY(openPeer(peer, pty.b()));
  mavlink_sender_t vehicle{1, 1, 0};
  writePeer(peer, heartbeat(&vehicle));
  QTRY_COMPARE_WITH_TIMEOUT(frames.count(), 1, 5000);

  QVERIFY(QFile::remove(path));
  QTRY_COMPARE_WITH_TIMEOUT(lost.count(), 1, 5000);
  const QString message = lost.at(0).at(0).toString();
  QVERIFY2(message.contains(path) && message.contains(QLatin1String("path disappeared")), qPrintable(message));
  QVERIFY(QFile::link(device, path));
  QTRY_COMPARE_WITH_TIMEOUT(back.count(), 1, 5000);
  writePeer(peer, heartbeat(&vehicle));
  QTRY_COMPARE_WITH_TIMEOUT(frames.count(), 2, 5000);
  QCOMPARE(connection.stats().sequence_gaps, 0u);
}

void SerialTransportTest::detectsTheBaudRateThatCarriesMavlink() {
  QDir().mkpath(dir_.path() + "/baud");
  PtyPair pty(dir_.path() + "/baud");
  QVERIFY(pty.start());
  TransportThread t(pty.a(), 9600);
  MavlinkConnection connection;
  connection.attachTransport(t.transport);
  QSignalSpy detected(t.transport, &SerialTransport::baudRateDetected);
  QSignalSpy failed(t.transport, &SerialTransport::baudDetectionFailed);
  QVERIFY(t.open());
  QSerialPort peer;
  QVERIFY(openPeer(peer, pty.b()));

  // The emulated board talks at 230400 (fifth in the default list); see the file comment.
  constexpr qint32 kTrueRate = 230400;
  qint32 trying = 0;
  QList<qint32> tried;
  connect(t.transport, &SerialTransport::baudDetectionTrying, this, [&](qint32 rate) {
    trying = rate;
    tried << rate;
  });
  std::mt19937 rng(1);
  mavlink_sender_t vehicle{1, 1, 0};
  QTimer board;
  connect(&board, &QTimer::timeout, this,
          [&] { writePeer(peer, trying == kTrueRate ? heartbeat(&vehicle) : junk(rng, 60)); });
  board.start(50);
  QMetaObject::invokeMethod(t.transport,
                            [&] { t.transport->startBaudDetection(SerialTransport::defaultDetectionRates(), 300); });
  QTRY_COMPARE_WITH_TIMEOUT(detected.count(), 1, 10000);
  board.stop();
  QCOMPARE(detected.at(0).at(0).value<qint32>(), kTrueRate);
  QVERIFY(detected.at(0).at(1).toString().contains(QString::number(kTrueRate)));
  QCOMPARE(tried, QList<qint32>({115200, 57600, 921600, 460800, 230400}));
  QCOMPARE(failed.count(), 0);
  qint32 rate = 0;
  QMetaObject::invokeMethod(
      t.transport, [&] { rate = t.transport->baudRate(); }, Qt::BlockingQueuedConnection);
  QCOMPARE(rate, kTrueRate);
}

void SerialTransportTest::reportsNoMavlinkAtAnyBaudRate() {
  QDir().mkpath(dir_.path() + "/nobaud");
  PtyPair pty(dir_.path() + "/nobaud");
  QVERIFY(pty.start());
  TransportThread t(pty.a(), 57600);
  QSignalSpy detected(t.transport, &SerialTransport::baudRateDetected);
  QSignalSpy failed(t.transport, &SerialTransport::baudDetectionFailed);
  QVERIFY(t.open());
  QSerialPort peer;
  QVERIFY(openPeer(peer, pty.b()));
  std::mt19937 rng(2);
  QTimer board;  // a device that never speaks MAVLink at any rate
  connect(&board, &QTimer::timeout, this, [&] { writePeer(peer, junk(rng, 60)); });
  board.start(50);
  QMetaObject::invokeMethod(t.transport, [&] { t.transport->startBaudDetection({115200, 921600, 9600}, 300); });
  QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
  board.stop();
  const QString message = failed.at(0).at(0).toString();
  QVERIFY2(message.contains(QLatin1String("no MAVLink at any baud rate")) && message.contains(pty.a()) &&
               message.contains(QLatin1String("115200, 921600, 9600")),
           qPrintable(message));
  QCOMPARE(detected.count(), 0);
  qint32 rate = 0;
  QMetaObject::invokeMethod(
      t.transport, [&] { rate = t.transport->baudRate(); }, Qt::BlockingQueuedConnection);
  QCOMPARE(rate, 57600);  // the rate from before the detection is restored
}

void SerialTransportTest::detectionResumesAfterTheDeviceComesBack() {
  QDir().mkpath(dir_.path() + "/baudreplug");
  PtyPair pty(dir_.path() + "/baudreplug");
  QVERIFY(pty.start());
  TransportThread t(pty.a(), 9600);
  QSignalSpy detected(t.transport, &SerialTransport::baudRateDetected);
  QSignalSpy failed(t.transport, &SerialTransport::baudDetectionFailed);
  QSignalSpy lost(t.transport, &SerialTransport::deviceLost);
  QSignalSpy back(t.transport, &SerialTransport::deviceReconnected);
  QVERIFY(t.open());
  QList<qint32> tried;
  connect(t.transport, &SerialTransport::baudDetectionTrying, this, [&](qint32 rate) { tried << rate; });
  // Windows long enough that the unplug falls inside the first one (115200).
  QMetaObject::invokeMethod(t.transport, [&] { t.transport->startBaudDetection({115200, 57600}, 1000); });
  QTRY_COMPARE_WITH_TIMEOUT(tried.size(), 1, 2000);
  pty.stop();
  QTRY_COMPARE_WITH_TIMEOUT(lost.count(), 1, 5000);
  // Twelve failed looks at the reconnect interval (100 ms, on the transport's own timers) span
  // more than a detection window (1000 ms): a gone device does not use up the rates.
  const std::uint64_t tries = t.transport->reopenAttempts();
  QTRY_VERIFY_WITH_TIMEOUT(t.transport->reopenAttempts() >= tries + 12, 10000);
  QCOMPARE(failed.count(), 0);
  QCOMPARE(tried, QList<qint32>({115200}));
  QVERIFY(pty.start());
  QTRY_COMPARE_WITH_TIMEOUT(back.count(), 1, 5000);
  QTRY_COMPARE_WITH_TIMEOUT(tried.size(), 2, 2000);
  QCOMPARE(tried.last(), 115200);  // the interrupted rate is tried again from the start
  QSerialPort peer;
  QVERIFY(openPeer(peer, pty.b()));
  mavlink_sender_t vehicle{1, 1, 0};
  writePeer(peer, heartbeat(&vehicle));
  QTRY_COMPARE_WITH_TIMEOUT(detected.count(), 1, 5000);
  QCOMPARE(detected.at(0).at(0).value<qint32>(), 115200);
  QCOMPARE(failed.count(), 0);
}

void SerialTransportTest::missingPathIsAnErrorNamingIt() {
  const QString path = dir_.path() + "/no-such-tty";
  TransportThread t(path);
  QSignalSpy errors(t.transport, &MavlinkTransport::errorOccurred);
  QVERIFY(!t.open());
  QCOMPARE(errors.count(), 1);
  QVERIFY2(errors.at(0).at(0).toString().contains(path), qPrintable(errors.at(0).at(0).toString()));
}

QTEST_GUILESS_MAIN(SerialTransportTest)
#include "serial_transport_test.moc"
