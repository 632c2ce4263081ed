// LogDownload against the PX4 and ArduPilot stand-ins' log side (tests/app/link/log_stand_in.h):
// the list as each numbers it, a download byte-identical with what was served, gaps from
// dropped LOG_DATA asked again, a lost link resumed into the same file, a stall said and
// resumed, a vehicle lying about a log's size said, an existing file never written over.
// Everything runs on a clock the test drives (100 ms steps); the stand-in serves a fixed number
// of LOG_DATA per step where a speed is checked.
#include "app/vehicle/log_download.h"

#include "tests/app/link/log_stand_in.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <random>

using namespace navigator;
using Kind = AutopilotStandIn::Kind;

namespace {

constexpr std::int64_t kStepMs = 100;

// Bytes no run could produce by accident: a seeded generator's.
std::vector<std::uint8_t> logBytes(std::size_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> bytes(n);
  for (auto& b : bytes) b = std::uint8_t(rng());
  return bytes;
}

QByteArray asBytes(const std::vector<std::uint8_t>& v) {
  return QByteArray(reinterpret_cast<const char*>(v.data()), qsizetype(v.size()));
}

QByteArray contentOf(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

struct Bench {
  explicit Bench(Kind kind) : autopilot({kind, 1}), logs(&autopilot, kind), download(&link) {
    autopilot.attach(&connection);
    link.setClock(&clock);
    download.setClock(&clock);
    download.setFolder(dir.path());
    download.setFtpAllowed(false);  // the log protocol's tests; the MAVLink FTP ones allow it
    autopilot.heartbeat();
    settle();
  }
  void settle() {
    for (int i = 0; i < 4; ++i) QCoreApplication::processEvents();
  }
  // One step of the clock; a heartbeat every second and `chunks_per_step` LOG_DATA while the
  // link is up.
  void step() {
    clock.advance(kStepMs);
    if (link_up && clock.nowMs() % 1000 == 0) autopilot.heartbeat();
    if (link_up && logs.paced_by_test) logs.serve(chunks_per_step);
    settle();
  }
  bool runUntil(const std::function<bool()>& done, int max_steps) {
    for (int i = 0; i < max_steps && !done(); ++i) step();
    return done();
  }
  bool list() {
    if (!download.requestList()) return false;
    return runUntil([this] { return download.state() == LogDownload::State::Idle; }, 50);
  }
  QStringList files() const { return QDir(dir.path()).entryList(QDir::Files, QDir::Name); }

  MavlinkConnection connection;
  VehicleLink link{&connection};
  AutopilotStandIn autopilot;
  LogStandIn logs;
  LogDownload download;
  ManualTickClock clock;
  QTemporaryDir dir;
  bool link_up = true;
  int chunks_per_step = 8;
};

bool ended(const LogDownload& d) { return d.state() != LogDownload::State::Downloading; }

}  // namespace

class LogDownloadTest : public QObject {
  Q_OBJECT

 private slots:
  void listAsEachAutopilotNumbersIt_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("firstId");
    // PX4's log handler numbers from 0 (and its LOG_ENTRY says num_logs as the last id of a whole
    // list: the stand-in does so, as the real PX4 b67c65bf did), ArduPilot's logger from 1.
    QTest::newRow("PX4") << int(Kind::Px4) << 0;
    QTest::newRow("ArduPilot") << int(Kind::ArduCopter) << 1;
  }
  void listAsEachAutopilotNumbersIt() {
    QFETCH(int, kind);
    QFETCH(int, firstId);
    Bench b{Kind(kind)};
    // 2026-11-28 10:00:00 UTC = 1,795,860,000 s since 1970 (20,785 days × 86,400 + 36,000).
    for (int i = 0; i < 3; ++i) b.logs.logs.push_back({logBytes(1000 + std::size_t(i), 1), 1795860000u + 60u * i});
    QSignalSpy finished(&b.download, &LogDownload::listFinished);
    QVERIFY(b.list());
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QCOMPARE(b.download.entries().size(), std::size_t(3));
    for (int i = 0; i < 3; ++i) {
      const VehicleLogEntry& e = b.download.entries()[std::size_t(i)];
      QCOMPARE(int(e.id), firstId + i);
      QCOMPARE(e.size_bytes, std::uint32_t(1000 + i));
      QCOMPARE(e.time(), QDateTime(QDate(2026, 11, 28), QTime(10, i, 0), Qt::UTC));
    }
  }

  void missingEntriesAreAskedForOneByOne() {
    Bench b{Kind::ArduCopter};
    for (int i = 0; i < 5; ++i) b.logs.logs.push_back({logBytes(100, 1), 0});
    b.logs.entries_lost_once = {2, 4};
    QSignalSpy finished(&b.download, &LogDownload::listFinished);
    QVERIFY(b.list());
    QCOMPARE(finished.at(0).at(0).toBool(), true);
    QCOMPARE(b.download.entries().size(), std::size_t(5));
    // The whole list once, then each missing id alone (start = end = id).
    QCOMPARE(b.logs.list_requests.size(), std::size_t(3));
    QCOMPARE(int(b.logs.list_requests[1].start), 2);
    QCOMPARE(int(b.logs.list_requests[1].end), 2);
    QCOMPARE(int(b.logs.list_requests[2].start), 4);
    // An id never sent: asked 1 + kListRetries (3) times, then said.
    b.logs.entries_never = {3};
    QVERIFY(b.list());
    QCOMPARE(b.download.entries().size(), std::size_t(4));
    QCOMPARE(finished.at(1).at(0).toBool(), false);
    QCOMPARE(finished.at(1).at(1).toString(),
             QStringLiteral("4 of 5 logs listed: the vehicle never sent log 3 (asked 4 times)."));
  }

  void anEmptyCardAndASilentVehicleAreSaid() {
    Bench b(Kind::Px4);
    QSignalSpy finished(&b.download, &LogDownload::listFinished);
    QVERIFY(b.list());  // no logs: one LOG_ENTRY with num_logs 0
    QCOMPARE(finished.at(0).at(1).toString(), QStringLiteral("The vehicle keeps no logs."));
    // A vehicle that never answers: asked 1 + kListRetries times, kListTimeoutMs apart.
    b.autopilot.frame_listeners.clear();
    QVERIFY(b.download.requestList());
    QVERIFY(b.runUntil([&] { return b.download.state() == LogDownload::State::Idle; }, 60));
    QCOMPARE(b.logs.list_requests.size(), std::size_t(1));
    QVERIFY2(finished.at(1).at(1).toString().contains(QStringLiteral("did not answer the log list (asked 4 times")),
             qPrintable(finished.at(1).at(1).toString()));
  }

  void aDownloadIsByteIdentical_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("name");
    QTest::newRow("PX4") << int(Kind::Px4) << QStringLiteral("PX4_sys1_log0_2026-11-28_10-00-00.ulg");
    QTest::newRow("ArduPilot") << int(Kind::ArduCopter)
                               << QStringLiteral("ArduPilot_sys1_log1_2026-11-28_10-00-00.bin");
  }
  void aDownloadIsByteIdentical() {
    QFETCH(int, kind);
    QFETCH(QString, name);
    Bench b{Kind(kind)};
    const auto bytes = logBytes(50000, 7);
    b.logs.logs.push_back({bytes, 1795860000u});
    b.logs.paced_by_test = true;
    QVERIFY(b.list());
    const std::uint16_t id = b.download.entries().front().id;
    QVERIFY(b.download.download(id));
    QSignalSpy finished(&b.download, &LogDownload::finished);
    // 2.5 s in: 8 chunks of 90 bytes per 100 ms step = 7200 B/s over the last 2 s.
    b.runUntil([&] { return b.clock.nowMs() >= 2500; }, 40);
    QCOMPARE(b.download.state(), LogDownload::State::Downloading);
    QCOMPARE(b.download.speedBytesPerS(), 7200.0);
    QVERIFY(b.runUntil([&] { return ended(b.download); }, 200));
    QCOMPARE(b.download.state(), LogDownload::State::Done);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(b.download.finishedPath(), QDir(b.dir.path()).filePath(name));
    QCOMPARE(contentOf(b.download.finishedPath()), asBytes(bytes));
    QCOMPARE(b.files(), QStringList{name});  // no .part left
    // ceil(50,000 / 5,760) = 9 windows, none asked twice; LOG_REQUEST_END once.
    QCOMPARE(b.download.requestsSent(), 9);
    QCOMPARE(b.download.gapsRequested(), 0);
    QCOMPARE(b.logs.ends, 1);
  }

  void gapsLeftByDroppedDataAreAskedAgain() {
    Bench b(Kind::ArduCopter);
    const auto bytes = logBytes(30001, 3);
    b.logs.logs.push_back({bytes, 0});
    b.logs.drop_every = 7;
    QVERIFY(b.list());
    QVERIFY(b.download.download(1));
    QVERIFY(b.runUntil([&] { return ended(b.download); }, 300));
    QCOMPARE(b.download.state(), LogDownload::State::Done);
    QCOMPARE(contentOf(b.download.finishedPath()), asBytes(bytes));
    // ceil(30,001 / 90) = 334 chunks needed: every 7th sent is dropped, at least 334 / 7 = 47.
    QVERIFY2(b.logs.chunks_dropped >= 47, qPrintable(QString::number(b.logs.chunks_dropped)));
    QVERIFY(b.download.gapsRequested() >= 1);
    QCOMPARE(b.download.finishedPath(), QDir(b.dir.path()).filePath(QStringLiteral("ArduPilot_sys1_log1.bin")));
  }

  void aLostLinkIsResumedIntoTheSameFile() {
    Bench b(Kind::Px4);
    const auto bytes = logBytes(40000, 11);
    b.logs.logs.push_back({bytes, 1795860000u});
    b.logs.paced_by_test = true;
    QVERIFY(b.list());
    QVERIFY(b.download.download(0));
    QVERIFY(b.runUntil([&] { return b.download.receivedBytes() >= 10000; }, 50));
    const QString part = b.download.partPath();
    QSignalSpy finished(&b.download, &LogDownload::finished);
    b.link_up = false;  // unplugged: no heartbeat, no data
    // The link is lost after LinkTimings' 3 s without a heartbeat: before the 5 s stall.
    QVERIFY(b.runUntil([&] { return b.download.state() == LogDownload::State::LinkLost; }, 50));
    const std::uint64_t kept = b.download.receivedBytes();
    QCOMPARE(finished.count(), 1);
    QVERIFY(finished.at(0).at(1).toString().contains(QStringLiteral("%1 of 40000 bytes are kept").arg(kept)));
    QCOMPARE(QFileInfo(part).size(), qint64(kept));
    b.link_up = true;  // back: the download goes on by itself
    QVERIFY(b.runUntil([&] { return b.download.state() == LogDownload::State::Done; }, 200));
    QCOMPARE(contentOf(b.download.finishedPath()), asBytes(bytes));
    QVERIFY(!QFileInfo::exists(part));
  }

  void aStallIsSaidAndResumable() {
    Bench b(Kind::Px4);
    const auto bytes = logBytes(40000, 5);
    b.logs.logs.push_back({bytes, 0});
    b.logs.paced_by_test = true;
    b.logs.stall_after_bytes = 20000;
    QVERIFY(b.list());
    QVERIFY(b.download.download(0));
    QSignalSpy finished(&b.download, &LogDownload::finished);
    QVERIFY(b.runUntil([&] { return ended(b.download); }, 200));
    QCOMPARE(b.download.state(), LogDownload::State::Stalled);
    // Served whole chunks until 20,000 bytes were out: ceil(20,000 / 90) × 90 = 20,070.
    QCOMPARE(b.download.receivedBytes(), std::uint64_t(20070));
    QVERIFY2(finished.at(0).at(1).toString().contains(QStringLiteral("stalled: the vehicle sent nothing for 5 s")),
             qPrintable(finished.at(0).at(1).toString()));
    QCOMPARE(QFileInfo(b.download.partPath()).size(), qint64(20070));
    QCOMPARE(b.logs.ends, 1);  // told the transfer is over
    b.logs.stall_after_bytes = -1;
    QVERIFY(b.download.resume());
    QVERIFY(b.runUntil([&] { return ended(b.download); }, 200));
    QCOMPARE(b.download.state(), LogDownload::State::Done);
    QCOMPARE(contentOf(b.download.finishedPath()), asBytes(bytes));
  }

  void aVehicleLyingAboutTheSizeIsSaid_data() {
    QTest::addColumn<int>("lie");
    QTest::addColumn<QString>("said");
    QTest::newRow("longer than listed") << -1000 << QStringLiteral("which it listed as 19000 bytes");
    QTest::newRow("shorter than listed") << 1000 << QStringLiteral("ended log 0 at byte 20000, though it listed 21000");
  }
  void aVehicleLyingAboutTheSizeIsSaid() {
    QFETCH(int, lie);
    QFETCH(QString, said);
    Bench b(Kind::Px4);
    b.logs.logs.push_back({logBytes(20000, 9), 0});
    b.logs.size_lie_bytes = lie;
    QVERIFY(b.list());
    QVERIFY(b.download.download(0));
    QSignalSpy finished(&b.download, &LogDownload::finished);
    QVERIFY(b.runUntil([&] { return ended(b.download); }, 200));
    QCOMPARE(b.download.state(), LogDownload::State::Failed);
    QVERIFY2(finished.at(0).at(1).toString().contains(said), qPrintable(finished.at(0).at(1).toString()));
    QVERIFY(b.download.finishedPath().isEmpty());
    QCOMPARE(b.files(), QStringList{QStringLiteral("PX4_sys1_log0.ulg.part")});  // kept, not passed off as a log
  }

  void anExistingFileIsNeverWrittenOver() {
    Bench b(Kind::Px4);
    const auto bytes = logBytes(5000, 13);
    b.logs.logs.push_back({bytes, 0});
    for (const QString& name : {QStringLiteral("PX4_sys1_log0.ulg"), QStringLiteral("PX4_sys1_log0_2.ulg.part")}) {
      QFile f(QDir(b.dir.path()).filePath(name));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write("keep me");
    }
    QVERIFY(b.list());
    QVERIFY(b.download.download(0));
    QVERIFY(b.runUntil([&] { return ended(b.download); }, 100));
    QCOMPARE(b.download.state(), LogDownload::State::Done);
    QCOMPARE(b.download.finishedPath(), QDir(b.dir.path()).filePath(QStringLiteral("PX4_sys1_log0_3.ulg")));
    QCOMPARE(contentOf(b.download.finishedPath()), asBytes(bytes));
    QCOMPARE(contentOf(QDir(b.dir.path()).filePath(QStringLiteral("PX4_sys1_log0.ulg"))), QByteArray("keep me"));
    QCOMPARE(contentOf(QDir(b.dir.path()).filePath(QStringLiteral("PX4_sys1_log0_2.ulg.part"))), QByteArray("keep me"));
  }

  void px4LogsComeOverFtp() {
    // Two logs; the second (id 1, 100,000 bytes) is found by its size in PX4 SITL's day folder
    // (/fs/microsd/log, a board's, is not there: FileNotFound) and read in bursts.
    Bench b(Kind::Px4);
    b.download.setFtpAllowed(true);
    const auto first = logBytes(30000, 21), second = logBytes(100000, 22);
    b.logs.logs.push_back({first, 0});
    b.logs.logs.push_back({second, 0});
    QVERIFY(b.list());
    QSignalSpy finished(&b.download, &LogDownload::finished);
    QVERIFY(b.download.download(1));
    QVERIFY(b.runUntil([&] { return ended(b.download); }, 100));
    QCOMPARE(b.download.state(), LogDownload::State::Done);
    QCOMPARE(b.download.path(), LogDownload::Path::Ftp);
    QCOMPARE(b.download.ftpPathOnVehicle(), QStringLiteral("/log/2026-11-29/10_01_00.ulg"));
    QCOMPARE(contentOf(b.download.finishedPath()), asBytes(second));
    QVERIFY(b.logs.data_requests.empty());  // no LOG_REQUEST_DATA
    QVERIFY2(finished.at(0).at(1).toString().endsWith(QStringLiteral("Over MAVLink FTP from "
                                                                     "/log/2026-11-29/10_01_00.ulg.")),
             qPrintable(finished.at(0).at(1).toString()));
    QVERIFY(!b.logs.ftp.session_open);
  }

  void piecesAnFtpBurstLostAreAskedAgain() {
    Bench b(Kind::Px4);
    b.download.setFtpAllowed(true);
    const auto bytes = logBytes(60000, 23);
    b.logs.logs.push_back({bytes, 0});
    b.logs.ftp.drop_every_nth_burst_packet = 9;
    QVERIFY(b.list());
    QVERIFY(b.download.download(0));
    QVERIFY(b.runUntil([&] { return ended(b.download); }, 100));
    QCOMPARE(b.download.state(), LogDownload::State::Done);
    QCOMPARE(b.download.path(), LogDownload::Path::Ftp);
    QCOMPARE(contentOf(b.download.finishedPath()), asBytes(bytes));
  }

  void aPx4WithoutFtpIsReadOverTheLogProtocol() {
    Bench b(Kind::Px4);
    b.download.setFtpAllowed(true);
    const auto bytes = logBytes(20000, 24);
    b.logs.logs.push_back({bytes, 0});
    b.logs.serve_ftp = false;  // silent to FILE_TRANSFER_PROTOCOL
    QVERIFY(b.list());
    QSignalSpy finished(&b.download, &LogDownload::finished);
    QVERIFY(b.download.download(0));
    QVERIFY(b.runUntil([&] { return ended(b.download); }, 200));
    QCOMPARE(b.download.state(), LogDownload::State::Done);
    QCOMPARE(b.download.path(), LogDownload::Path::LogProtocol);
    QCOMPARE(contentOf(b.download.finishedPath()), asBytes(bytes));
    // The first listing asked 1 + 6 times (ftp::Download::kRetries), 250 ms apart.
    QVERIFY2(finished.at(0).at(1).toString().endsWith(QStringLiteral(
                 "Over the MAVLink log protocol (MAVLink FTP: listing /fs/microsd/log: no answer after 7 tries).")),
             qPrintable(finished.at(0).at(1).toString()));
  }

  void anFtpTransferThatFallsSilentEndsOverTheLogProtocol() {
    Bench b(Kind::Px4);
    b.download.setFtpAllowed(true);
    const auto bytes = logBytes(80000, 25);
    b.logs.logs.push_back({bytes, 0});
    b.logs.ftp.stop_after_bytes = 40000;  // bursts stop after 40,000 bytes
    QVERIFY(b.list());
    QSignalSpy finished(&b.download, &LogDownload::finished);
    QVERIFY(b.download.download(0));
    QVERIFY(b.runUntil([&] { return ended(b.download); }, 300));
    QCOMPARE(b.download.state(), LogDownload::State::Done);
    QCOMPARE(contentOf(b.download.finishedPath()), asBytes(bytes));
    // What FTP brought is kept: whole 239-byte pieces up to the first past 40,000 bytes,
    // ceil(40000 / 239) × 239 = 40,152; the log protocol asks from there.
    QVERIFY(!b.logs.data_requests.empty());
    QCOMPARE(b.logs.data_requests.front().ofs, 40152u);
    QVERIFY2(
        finished.at(0).at(1).toString().contains(QStringLiteral("no answer after 7 tries of reading at byte 40152")),
        qPrintable(finished.at(0).at(1).toString()));
  }

  void refusedWithReasons() {
    Bench b(Kind::Px4);
    QString why;
    QVERIFY(!b.download.download(4, &why));
    QCOMPARE(why, QStringLiteral("log 4 is not in the vehicle's list: list the logs first"));
    QVERIFY(!b.download.resume(&why));
    QCOMPARE(why, QStringLiteral("there is no stalled, lost or cancelled download to resume"));
  }
};

QTEST_MAIN(LogDownloadTest)
#include "log_download_test.moc"
