// What navigator-autopilot-check reads off vehicle 1 besides its flight (autopilot_check_fetches.h),
// against the PX4 and ArduPilot stand-ins on a clock the test drives:
//   - LogFetch takes the newest log (the highest id: PX4 numbers from 0, ArduPilot from 1) and
//     the file it writes holds the bytes served, byte for byte; a vehicle listing no log is a
//     failure, said;
//   - MetadataDump writes one tab-separated line per parameter of the metadata PX4 serves
//     (COMPONENT_METADATA, MAVLink FTP, xz): the values expected are those of the JSON served
//     (MPC_XY_VEL_MAX as PX4's parameter reference gives it: m/s, 0 to 20, default 12); a
//     corrupt file is a failure, and no file is written.
#include "app/core/tools/autopilot_check_fetches.h"

#include "app/link/vehicle_roster.h"
#include "tests/app/link/log_stand_in.h"
#include "tests/app/link/metadata_stand_in.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <optional>
#include <random>

using namespace navigator;
using Kind = AutopilotStandIn::Kind;

namespace {

std::vector<std::uint8_t> logBytes(std::size_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::uint8_t> bytes(n);
  for (auto& b : bytes) b = std::uint8_t(rng());
  return bytes;
}

struct Bench {
  explicit Bench(Kind kind) : autopilot({kind, 1}), logs(&autopilot, kind), metadata(&autopilot) {
    // One FTP server for the vehicle: the metadata stand-in's, which serves the logs' files too.
    logs.serve_ftp = false;
    logs.files_into = &metadata.ftp;
    autopilot.attach(&connection);
    link.setClock(&clock);
    autopilot.heartbeat();
    settle();
  }
  void settle() {
    for (int i = 0; i < 4; ++i) QCoreApplication::processEvents();
  }
  // Steps of 50 ms until `spy` has fired (at most 30 s of the driven clock).
  bool runUntil(const QSignalSpy& spy) {
    for (int i = 0; i < 600 && spy.isEmpty(); ++i) {
      clock.advance(50);
      if (clock.nowMs() % 1000 == 0) autopilot.heartbeat();
      settle();
    }
    return !spy.isEmpty();
  }

  MavlinkConnection connection;
  VehicleLink link{&connection};
  AutopilotStandIn autopilot;
  LogStandIn logs;
  MetadataStandIn metadata;
  ManualTickClock clock;
  QTemporaryDir dir;
};

const QByteArray kParameters = QByteArray(R"json({"version": 1, "parameters": [
  {"name": "MPC_XY_VEL_MAX", "type": "Float", "default": 12.0, "shortDesc": "Maximum horizontal velocity",
   "units": "m/s", "min": 0.0, "max": 20.0},
  {"name": "COM_RC_IN_MODE", "type": "Int32", "default": 3, "shortDesc": "Manual control input source",
   "values": [{"value": 0, "description": "RC Transmitter only"}, {"value": 1, "description": "Joystick only"}]}
]})json");

// A MetadataDump into `file` run to its end: whether it succeeded (nullopt: it never ended).
std::optional<bool> dumpMetadata(Bench& b, const QString& file) {
  MetadataDump dump(&b.link, file);
  dump.setClock(&b.clock);
  QSignalSpy done(&dump, &MetadataDump::done);
  dump.start();
  if (!b.runUntil(done)) return std::nullopt;
  return dump.ok();
}

}  // namespace

class AutopilotCheckFetchesTest : public QObject {
  Q_OBJECT
 private slots:
  void theNewestLogIsDownloadedByteForByte_data() {
    QTest::addColumn<Kind>("kind");
    QTest::addColumn<int>("newest_id");
    QTest::newRow("PX4 (ids from 0)") << Kind::Px4 << 2;
    QTest::newRow("ArduCopter (ids from 1)") << Kind::ArduCopter << 3;
  }
  void theNewestLogIsDownloadedByteForByte() {
    QFETCH(Kind, kind);
    QFETCH(int, newest_id);
    Bench b(kind);
    for (std::uint32_t seed = 1; seed <= 3; ++seed) b.logs.logs.push_back({logBytes(4000 + 1000 * seed, seed), 0});
    LogFetch fetch(&b.link, b.dir.path(), 0);
    fetch.setClock(&b.clock);
    QSignalSpy done(&fetch, &LogFetch::done);
    fetch.start();
    QVERIFY(b.runUntil(done));
    QVERIFY(fetch.ok());
    // PX4 serves it over MAVLink FTP (the file of the newest log's size), ArduCopter over
    // LOG_REQUEST_DATA; the bytes below are the newest log's either way.
    if (kind == Kind::Px4) {
      QVERIFY(b.logs.data_requests.empty());
      const std::string newest = LogStandIn::ftpPathOf(2);
      QVERIFY(std::any_of(b.metadata.ftp.requests.begin(), b.metadata.ftp.requests.end(), [&](const auto& r) {
        return r.opcode == navigator::ftp::kOpenFileRO &&
               std::string(reinterpret_cast<const char*>(r.data.data()), r.size) == newest;
      }));
    } else {
      QCOMPARE(int(b.logs.data_requests.front().id), newest_id);
    }
    const QStringList files = QDir(b.dir.path()).entryList(QDir::Files);
    QCOMPARE(files.size(), 1);
    QFile f(b.dir.filePath(files.front()));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const std::vector<std::uint8_t>& served = b.logs.logs.back().bytes;
    QCOMPARE(f.readAll(), QByteArray(reinterpret_cast<const char*>(served.data()), qsizetype(served.size())));
  }

  void aVehicleWithoutLogsIsAFailure() {
    Bench b(Kind::Px4);
    LogFetch fetch(&b.link, b.dir.path(), 0);
    fetch.setClock(&b.clock);
    QSignalSpy done(&fetch, &LogFetch::done);
    fetch.start();
    QVERIFY(b.runUntil(done));
    QVERIFY(!fetch.ok());
    QVERIFY(QDir(b.dir.path()).entryList(QDir::Files).isEmpty());
  }

  void theMetadataIsWrittenLineByLine() {
    Bench b(Kind::Px4);
    b.metadata.serve(kParameters);
    const QString file = b.dir.filePath("metadata.tsv");
    QCOMPARE(dumpMetadata(b, file), std::optional<bool>(true));
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    // Sorted by name; NAME, unit, min, max, default, description ("-" where the JSON has none).
    QCOMPARE(QString::fromUtf8(f.readAll()),
             QStringLiteral("COM_RC_IN_MODE\t-\t-\t-\t3\tManual control input source\n"
                            "MPC_XY_VEL_MAX\tm/s\t0\t20\t12\tMaximum horizontal velocity\n"));
  }

  void aCorruptMetadataFileIsAFailure() {
    Bench b(Kind::Px4);
    b.metadata.serve(kParameters, true, true);
    const QString file = b.dir.filePath("metadata.tsv");
    QCOMPARE(dumpMetadata(b, file), std::optional<bool>(false));
    QVERIFY(!QFile::exists(file));
  }
};

QTEST_GUILESS_MAIN(AutopilotCheckFetchesTest)
#include "autopilot_check_fetches_test.moc"
