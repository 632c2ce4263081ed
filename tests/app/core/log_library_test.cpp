// LogLibrary (app/core): the Logs page's list of flights — the log folder's .ulg files with the
// summary of each read off the GUI thread, against what the test wrote with FlightLog
// (replay_test_flight.h) and what `navigator-log topics` says of PX4's sample logs; rename,
// delete, export to CSV.
#include "app/core/log_folder.h"
#include "app/core/log_library.h"
#include "tests/app/core/replay_test_flight.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimeZone>
#include <QtTest>

using navigator::LogLibrary;
using navigator::LogSummary;
using navigator::test::TestFlight;

namespace {

QString px4Log(const char* name) { return QStringLiteral(NAVIGATOR_PX4_ULOG_DIR "/") + QLatin1String(name); }

void writeBytes(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  QCOMPARE(f.write(bytes), bytes.size());
}

const LogSummary* find(const LogLibrary& library, const QString& file_name) {
  for (const LogSummary& s : library.logs())
    if (s.file_name == file_name) return &s;
  return nullptr;
}

}  // namespace

class LogLibraryTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
  }

  void init() {
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
    QString error = before_.write(dir_->filePath(QStringLiteral("before.ulg")));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    after_.airframe = "lander_004";
    after_.source = "vsim-fly";
    after_.start_utc = "2026-11-26T08:00:00Z";
    after_.steps = 1500;
    after_.rotors = 6;
    error = after_.write(dir_->filePath(QStringLiteral("after.ulg")));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    writeBytes(dir_->filePath(QStringLiteral("notes.txt")), "not a log");
    writeBytes(dir_->filePath(QStringLiteral("broken.ulg")), "solid cube\nendsolid\n");
  }

  // The folder's .ulg files, each with its figures as written: the date from
  // navigator_start_utc, the airframe and source as given, the duration from the first to the
  // last pose (steps − 1 ms), the file's size. A file that is not ULog is listed with the
  // reader's message; a .txt is not listed.
  void listsTheFolderWithSummaries() {
    LogLibrary library;
    QSignalSpy read(&library, &LogLibrary::summaryRead);
    library.setFolder(dir_->path());
    QCOMPARE(library.logs().size(), 3);
    QTRY_VERIFY(!library.isReading());
    QCOMPARE(read.count(), 3);

    const LogSummary* before = find(library, QStringLiteral("before.ulg"));
    QVERIFY(before && before->read && before->error.isEmpty());
    QCOMPARE(before->date, QDateTime(QDate(2026, 11, 25), QTime(10, 31, 2), Qt::UTC));
    QVERIFY(before->date_from_log);
    QCOMPARE(before->airframe, QStringLiteral("s500"));
    QCOMPARE(before->source, QStringLiteral("sitl"));
    QCOMPARE(before->duration_s, (before_.steps - 1) * 1e-3);
    QCOMPARE(before->size_bytes, QFileInfo(dir_->filePath(QStringLiteral("before.ulg"))).size());
    QVERIFY(before->problems.isEmpty());
    // Every topic written, with its count: truth, IMU and wind every step, the motors every 2nd,
    // the estimate every 4th, the magnetometer every 10th.
    QMap<QString, qint64> counts;
    for (const navigator::LogTopic& t : before->topics) counts[t.name] = t.messages;
    QCOMPARE(counts.value("navigator_truth"), qint64(before_.steps));
    QCOMPARE(counts.value("sensor_combined"), qint64(before_.steps));
    QCOMPARE(counts.value("actuator_motors"), qint64(before_.steps / 2));
    QCOMPARE(counts.value("vehicle_attitude"), qint64(before_.steps / 4));
    QCOMPARE(counts.value("vehicle_magnetometer"), qint64(before_.steps / 10));
    QCOMPARE(counts.size(), 6);

    const LogSummary* after = find(library, QStringLiteral("after.ulg"));
    QVERIFY(after && after->read);
    QCOMPARE(after->airframe, QStringLiteral("lander_004"));
    QCOMPARE(after->source, QStringLiteral("vsim-fly"));
    QCOMPARE(after->date, QDateTime(QDate(2026, 11, 26), QTime(8, 0, 0), Qt::UTC));
    QCOMPARE(after->duration_s, (after_.steps - 1) * 1e-3);

    const LogSummary* broken = find(library, QStringLiteral("broken.ulg"));
    QVERIFY(broken && broken->read);
    QVERIFY2(broken->error.startsWith(broken->path + QStringLiteral(": ")) &&
                 broken->error.contains(QStringLiteral("offset")),
             qPrintable(broken->error));
    QCOMPARE(broken->date, broken->modified);  // no date in it: the file's time
    QVERIFY(!broken->date_from_log);
    QVERIFY(!find(library, QStringLiteral("notes.txt")));
  }

  // Refreshing keeps what was read while a file is unchanged, and lists a new file.
  void refreshReadsOnlyWhatIsNew() {
    LogLibrary library;
    library.setFolder(dir_->path());
    QTRY_VERIFY(!library.isReading());
    QSignalSpy read(&library, &LogLibrary::summaryRead);
    library.refresh();
    QVERIFY(!library.isReading());
    QCOMPARE(read.count(), 0);
    TestFlight third;
    third.steps = 10;
    const QString error = third.write(dir_->filePath(QStringLiteral("third.ulg")));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    library.refresh();
    QCOMPARE(library.logs().size(), 4);
    QTRY_VERIFY(!library.isReading());
    QCOMPARE(read.count(), 1);
    QCOMPARE(find(library, QStringLiteral("third.ulg"))->duration_s, 9e-3);
  }

  // The default folder is the setting's, or the data folder's logs/.
  void theFolderIsTheSetting() {
    navigator::setLogFolder({});
    QCOMPARE(LogLibrary().folder(), navigator::defaultLogFolder());
    navigator::setLogFolder(dir_->path());
    LogLibrary library;
    QCOMPARE(library.folder(), dir_->path());
    library.refresh();
    QCOMPARE(library.logs().size(), 3);
    navigator::setLogFolder({});
  }

  // PX4's logs: the airframe is ver_hw, the source its sys_name "PX4", the date the log's own
  // (not the file's copy time): the first GPS fix's time_utc_usec less the log
  // time until that fix (navigator-log export … vehicle_gps_position: 1618986658600345 µs UTC
  // at 20.471648 s; the header starts at 20.309082 s); the duration vehicle_attitude's span as `navigator-log topics`
  // prints it — not the 0 s … 1194 s of every timestamp in the file (a one-off mission message).
  void px4Logs() {
    QVERIFY2(QFile::exists(px4Log("sample_log_small.ulg")), qPrintable(px4Log("sample_log_small.ulg")));
    LogLibrary library;
    library.setFolder(dir_->path());
    const int row = library.addFile(px4Log("sample_log_small.ulg"));
    QVERIFY(row >= 0);
    QCOMPARE(row, library.indexOf(px4Log("sample_log_small.ulg")));
    QVERIFY(library.addFile(px4Log("sample_px4_events.ulg")) >= 0);
    QCOMPARE(library.addFile(dir_->filePath(QStringLiteral("missing.ulg"))), -1);
    QCOMPARE(library.logs().size(), 5);
    QTRY_VERIFY(!library.isReading());
    const LogSummary* small = find(library, QStringLiteral("sample_log_small.ulg"));
    QVERIFY(small && small->error.isEmpty());
    QCOMPARE(small->airframe, QStringLiteral("CUBEPILOT_CUBEORANGE"));
    QCOMPARE(small->source, QStringLiteral("PX4"));
    QVERIFY(small->date_from_log);
    QCOMPARE(small->date,
             QDateTime::fromMSecsSinceEpoch((1618986658600345LL - (20471648LL - 20309082LL)) / 1000, QTimeZone::utc()));
    QCOMPARE(small->duration_s, 26.822868 - 20.326716);  // vehicle_attitude: 20.326716 s to 26.822868 s
    const LogSummary* events = find(library, QStringLiteral("sample_px4_events.ulg"));
    QVERIFY(events && events->error.isEmpty());
    QCOMPARE(events->airframe, QStringLiteral("PX4_SITL"));
    // PX4 SITL logs UTC as its clock: the header's start itself (1710773350.346 s).
    QVERIFY(events->date_from_log);
    QCOMPARE(events->date, QDateTime::fromMSecsSinceEpoch(1710773350346LL, QTimeZone::utc()));
    QCOMPARE(events->duration_s, 31.0);  // vehicle_attitude: 1710773350.434 s to 1710773381.434 s
  }

  // Rename keeps .ulg (added when left out, not doubled when given), refuses a name taken, an
  // empty name and one with a folder in it, and leaves the file where it was when it refuses.
  void rename() {
    LogLibrary library;
    library.setFolder(dir_->path());
    QTRY_VERIFY(!library.isReading());
    const QString before = dir_->filePath(QStringLiteral("before.ulg"));
    QString new_path;
    QCOMPARE(library.rename(before, QStringLiteral("before_tune"), &new_path), QString());
    QCOMPARE(new_path, dir_->filePath(QStringLiteral("before_tune.ulg")));
    QVERIFY(QFile::exists(new_path) && !QFile::exists(before));
    QVERIFY(find(library, QStringLiteral("before_tune.ulg")));
    QVERIFY(find(library, QStringLiteral("before_tune.ulg"))->read);  // its summary moves with it
    QCOMPARE(library.rename(new_path, QStringLiteral("tuned.ulg"), &new_path), QString());
    QCOMPARE(new_path, dir_->filePath(QStringLiteral("tuned.ulg")));

    const QString taken = library.rename(new_path, QStringLiteral("after"));
    QVERIFY2(taken.contains(QStringLiteral("after.ulg")) && taken.contains(QStringLiteral("already")),
             qPrintable(taken));
    QVERIFY(QFile::exists(new_path));
    QVERIFY(!library.rename(new_path, QStringLiteral("  ")).isEmpty());
    QVERIFY(!library.rename(new_path, QStringLiteral("../escape")).isEmpty());
    QVERIFY(QFile::exists(new_path));
    QCOMPARE(library.logs().size(), 3);
  }

  void remove() {
    LogLibrary library;
    library.setFolder(dir_->path());
    const QString after = dir_->filePath(QStringLiteral("after.ulg"));
    QSignalSpy changed(&library, &LogLibrary::listChanged);
    QCOMPARE(library.remove(after), QString());
    QVERIFY(!QFile::exists(after));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(library.indexOf(after), -1);
    QCOMPARE(library.logs().size(), 2);
    const QString again = library.remove(after);
    QVERIFY2(again.contains(QStringLiteral("after.ulg")), qPrintable(again));
    QTRY_VERIFY(!library.isReading());
  }

  // Export writes the topic's rows (a header, then one per message) with the values logged.
  void aLogWrittenAcrossAResetHasItsWholeSpan() {
    // A station before this one kept writing a flight through a simulation reset: the truth's
    // time ran 100 s … 527 s, then 0.001 s … 10 s. The list once showed 5124095575:56:09.7 (the
    // negative span wrapped round 2⁶⁴ µs); its duration is the file's span, 0.001 s to 527 s.
    const QString path = dir_->filePath(QStringLiteral("across_reset.ulg"));
    navigator::ulog::FlightIdentity id;
    id.source = "sitl";
    id.airframe = "s500";
    id.start_us = 100'000'000;
    auto log = navigator::ulog::FlightLog::create(QFile::encodeName(path).toStdString(), id);
    QVERIFY(log.ok());
    for (const std::uint64_t t : {100'000'000ull, 527'000'000ull, 1'000ull, 10'000'000ull}) {
      navigator::ulog::NavigatorTruth truth{};
      truth.timestamp = t;
      truth.q_frd_to_ned[0] = 1;
      QVERIFY(log.value()->write(truth));
    }
    QVERIFY(log.value()->close().ok());
    const LogSummary s = navigator::readLogSummary(path);
    QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
    QCOMPARE(s.duration_s, 526.999);
    QVERIFY(QFile::remove(path));
  }

  void exportCsv() {
    LogLibrary library;
    library.setFolder(dir_->path());
    QSignalSpy finished(&library, &LogLibrary::exportFinished);
    const QString csv = dir_->filePath(QStringLiteral("out/imu.csv"));
    QVERIFY(QDir().mkpath(QFileInfo(csv).path()));
    library.exportCsv(dir_->filePath(QStringLiteral("before.ulg")), QStringLiteral("sensor_combined"), 0, csv);
    QTRY_COMPARE(finished.count(), 1);
    QVERIFY2(finished.first().at(0).toBool(), qPrintable(finished.first().at(1).toString()));
    QVERIFY2(finished.first().at(1).toString().contains(QStringLiteral("%1 rows").arg(before_.steps)),
             qPrintable(finished.first().at(1).toString()));
    QFile f(csv);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = f.readAll().split('\n');
    QCOMPARE(lines.size(), before_.steps + 2);  // header, rows, the empty piece after the last newline
    const QList<QByteArray> header = lines[0].split(',');
    QCOMPARE(header[0], QByteArray("timestamp"));
    const int ax = int(header.indexOf("accelerometer_m_s2[0]"));
    QVERIFY(ax > 0);
    const int k = 123;
    const QList<QByteArray> row = lines[k + 1].split(',');
    QCOMPARE(row[0].toULongLong(), TestFlight::timeUs(k));
    QCOMPARE(row[ax].toFloat(), before_.imu(k).accelerometer_m_s2[0]);

    // A topic the log does not have, and a file that is not ULog: said.
    library.exportCsv(dir_->filePath(QStringLiteral("before.ulg")), QStringLiteral("no_such_topic"), 0, csv);
    QTRY_COMPARE(finished.count(), 2);
    QVERIFY(!finished.at(1).at(0).toBool());
    QVERIFY2(finished.at(1).at(1).toString().contains(QStringLiteral("no_such_topic")),
             qPrintable(finished.at(1).at(1).toString()));
    library.exportCsv(dir_->filePath(QStringLiteral("broken.ulg")), QStringLiteral("sensor_combined"), 0, csv);
    QTRY_COMPARE(finished.count(), 3);
    QVERIFY(!finished.at(2).at(0).toBool());
    QVERIFY(finished.at(2).at(1).toString().contains(QStringLiteral("broken.ulg")));
    QTRY_VERIFY(!library.isReading());
  }

 private:
  std::unique_ptr<QTemporaryDir> dir_;
  TestFlight before_, after_;
};

QTEST_GUILESS_MAIN(LogLibraryTest)
#include "log_library_test.moc"
