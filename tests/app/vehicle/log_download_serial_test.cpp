// A log downloaded over a serial port that is unplugged mid-download and plugged in again: the
// station's AutopilotLink on serial:DEVICE in front of the PX4 stand-in (with its log side,
// log_stand_in.h) on the far end of a socat pseudo-terminal pair (pty_pair.h), as PX4 on its USB
// port. The link is said lost, the bytes and ranges kept in the .part; when the port is back
// and the vehicle beats again, the download goes on by itself and ends byte-identical with what
// was served. LogDownload's clock is the test's and stands still while the port is out (so no
// stall is declared); everything else waits by condition (QTRY_*), never by sleeping.
#include "app/link/autopilot_link.h"
#include "app/vehicle/log_download.h"
#include "tests/app/link/log_stand_in.h"
#include "tests/app/link/pty_pair.h"
#include "tests/support/optional_tools.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <random>

using namespace navigator;
using navigator::test::PtyPair;

class LogDownloadSerialTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    NAVIGATOR_REQUIRE_PROGRAM("socat");
  }

  void unpluggedMidDownloadAndResumed() {
    QDir().mkpath(dir_.path() + "/pty");
    QDir().mkpath(dir_.path() + "/logs");
    PtyPair pty(dir_.path() + "/pty");
    QVERIFY(pty.start());
    AutopilotStandIn px4({AutopilotStandIn::Kind::Px4, 1});
    LogStandIn logs(&px4, AutopilotStandIn::Kind::Px4);
    std::mt19937 rng(17);
    std::vector<std::uint8_t> bytes(60000);
    for (auto& b : bytes) b = std::uint8_t(rng());
    logs.logs.push_back({bytes, 0});
    logs.paced_by_test = true;  // 2 LOG_DATA every 10 ms below: about 18 kB/s, 3.3 s for the log
    // The log protocol's path: the PX4 stand-in's FTP answers at once, unpaced, and a download
    // over it could end before the test unplugs the port (test_log_download covers the FTP path).
    logs.serve_ftp = false;
    QVERIFY(px4.openSerial(pty.b()));

    AutopilotLink station;
    QVERIFY(station.open(*LinkEndpoint::parse("serial:" + pty.a())));
    // While plugged in, the vehicle beats twice a second and serves its data; the download's
    // clock moves 100 ms per beat of a 100 ms timer.
    bool plugged = true;
    ManualTickClock clock;
    QTimer beat, ticks, serve;
    connect(&serve, &QTimer::timeout, this, [&] {
      if (plugged) logs.serve(2);
    });
    connect(&beat, &QTimer::timeout, this, [&] {
      if (plugged) px4.heartbeat();
    });
    connect(&ticks, &QTimer::timeout, this, [&] {
      if (plugged) clock.advance(100);
    });
    beat.start(500);
    serve.start(10);
    ticks.start(100);
    px4.heartbeat();
    QTRY_VERIFY_WITH_TIMEOUT(station.roster()->selected(), 8000);
    VehicleLink* link = station.roster()->selected();
    QTRY_COMPARE_WITH_TIMEOUT(link->linkState(), LinkState::Connected, 3000);
    LogDownload download(link);
    download.setClock(&clock);
    download.setFolder(dir_.path() + "/logs");
    QVERIFY(download.requestList());
    QTRY_COMPARE_WITH_TIMEOUT(download.state(), LogDownload::State::Idle, 5000);
    QCOMPARE(download.entries().size(), std::size_t(1));
    QVERIFY(download.download(0));
    QTRY_VERIFY_WITH_TIMEOUT(download.receivedBytes() >= 6000, 10000);

    // Unplugged: the pair closes mid-download. Said, the bytes kept.
    QSignalSpy finished(&download, &LogDownload::finished);
    plugged = false;
    px4.closeSerial();
    pty.stop();
    QTRY_COMPARE_WITH_TIMEOUT(download.state(), LogDownload::State::LinkLost, 10000);
    QVERIFY2(finished.at(0).at(1).toString().contains(QStringLiteral("The link to the vehicle was lost")),
             qPrintable(finished.at(0).at(1).toString()));
    const std::uint64_t kept = download.receivedBytes();
    QVERIFY(kept > 0 && kept < bytes.size());
    QCOMPARE(QFileInfo(download.partPath()).size() >= qint64(kept), true);

    // Plugged in again: the vehicle beats, the download goes on into the same .part.
    QVERIFY(pty.start());
    QVERIFY(px4.openSerial(pty.b()));
    plugged = true;
    QTRY_COMPARE_WITH_TIMEOUT(download.state(), LogDownload::State::Done, 30000);
    QFile f(download.finishedPath());
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size())));
  }

 private:
  QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(LogDownloadSerialTest)
#include "log_download_serial_test.moc"
