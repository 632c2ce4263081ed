// The Logs page's "On the vehicle" part driven as a user does, against the ArduPilot stand-in's
// log side (tests/app/link/log_stand_in.h) on an in-process link: List Logs fills the table
// (id, date, size), Download copies the selected log into the log folder with the progress bar
// and the speed moving, the finished file is listed on the page and opens as any DataFlash log;
// a stall is said, Resume finishes it byte-identical. The download's clock is the test's
// (100 ms steps; the stand-in sends 8 LOG_DATA per step). Needs a display (run under xvfb-run).
#include "app/core/log_folder.h"
#include "app/ui/logs_page.h"
#include "app/ui/vehicle_logs_panel.h"
#include "tests/app/joystick/virtual_pad.h"
#include "tests/app/link/log_stand_in.h"
#include "tests/log/dataflash_test_support.h"
#include "tests/support/widget_lookup.h"

#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>

using navigator::LogDownload;
using navigator::LogsPage;
using navigator::test::part;

namespace {

constexpr std::uint8_t kAtt = 30, kMsg = 36;
constexpr std::uint8_t kAttBytes = 3 + 8 + 4 * 2 + 4 * 2 + 1;  // QccccCCCCB: 28
constexpr std::uint8_t kMsgBytes = 3 + 8 + 64;                 // QZ: 75

// An ArduCopter DataFlash log of 2400 ATT messages at 50 Hz (48 s), as AP_Logger writes its
// messages (header A3 95 type, then the fields of the FMT's format).
std::vector<std::uint8_t> copterLog() {
  dataflash_test::Bin bin;
  bin.fmtOfFmt();
  bin.fmt(kAtt, kAttBytes, "ATT", "QccccCCCCB", "TimeUS,DesRoll,Roll,DesPitch,Pitch,DesYaw,Yaw,ErrRP,ErrYaw,AEKF");
  bin.fmt(kMsg, kMsgBytes, "MSG", "QZ", "TimeUS,Message");
  bin.begin(kMsg).put(std::uint64_t(0)).text("ArduCopter V4.5.7 (2a3dc4b7)", 64);
  for (int k = 0; k < 2400; ++k) {
    bin.begin(kAtt).put(std::uint64_t(100000 + 20000 * k)).put(std::int16_t(0)).put(std::int16_t(1000));
    bin.put(std::int16_t(0)).put(std::int16_t(-500)).put(std::uint16_t(0)).put(std::uint16_t(k % 360 * 100));
    bin.put(std::uint16_t(0)).put(std::uint16_t(0)).put(std::uint8_t(3));
  }
  return bin.done();
}

void click(QAbstractButton* button) {
  QVERIFY(button);
  QVERIFY2(button->isVisible() && button->isEnabled(), qPrintable(button->objectName()));
  QTest::mouseClick(button, Qt::LeftButton);
}

}  // namespace

class VehicleLogsDownloadTest : public QObject {
  Q_OBJECT

  struct Bench {
    Bench() : autopilot({AutopilotStandIn::Kind::ArduCopter, 1}), logs(&autopilot, AutopilotStandIn::Kind::ArduCopter) {
      autopilot.attach(&connection);
      link.setClock(&clock);
      vehicle = new navigator::Vehicle(&link, navigator::VehicleOrigin::AutopilotLink);
      vehicle->logs()->setClock(&clock);
      logs.paced_by_test = true;
      // 2026-11-28 10:00:00 UTC = 1,795,860,000 s since 1970.
      logs.logs.push_back({copterLog(), 1795860000u});
      autopilot.heartbeat();
    }
    // 100 ms of the test's clock: a heartbeat each second, 8 LOG_DATA.
    void step() {
      clock.advance(100);
      if (clock.nowMs() % 1000 == 0) autopilot.heartbeat();
      logs.serve(8);
      for (int i = 0; i < 4; ++i) QCoreApplication::processEvents();
    }
    bool runUntil(const std::function<bool()>& done, int steps) {
      for (int i = 0; i < steps && !done(); ++i) step();
      return done();
    }
    navigator::MavlinkConnection connection;
    navigator::VehicleLink link{&connection};
    navigator::ManualTickClock clock;
    AutopilotStandIn autopilot;
    LogStandIn logs;
    navigator::Vehicle* vehicle = nullptr;  // the link's child
  };

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    navigator::joystick::test::useHeadlessSdl();
  }

  void init() {
    QSettings().clear();
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
    navigator::setLogFolder(dir_->path());
    bench_ = std::make_unique<Bench>();
    bench_->step();
    page_ = std::make_unique<LogsPage>();
    page_->resize(1500, 950);
    page_->setVehicle(bench_->vehicle);
    page_->show();
    QVERIFY(QTest::qWaitForWindowExposed(page_.get()));
  }

  void cleanup() {
    page_.reset();
    bench_.reset();
    dir_.reset();
  }

  void listDownloadAndOpen() {
    auto* table = part<QTableWidget>(page_.get(), "vehicleLogsTable");
    click(part<QPushButton>(page_.get(), "vehicleLogsList"));
    QVERIFY(bench_->runUntil([&] { return table->rowCount() == 1; }, 20));
    const std::size_t size = bench_->logs.logs[0].bytes.size();
    // ArduPilot numbers its logs from 1; the date is LOG_ENTRY's time_utc.
    QCOMPARE(table->item(0, navigator::VehicleLogsPanel::kId)->text(), QStringLiteral("1"));
    QCOMPARE(table->item(0, navigator::VehicleLogsPanel::kDate)->text(), QStringLiteral("2026-11-28 10:00:00"));
    QCOMPARE(table->item(0, navigator::VehicleLogsPanel::kSize)->text(), QLocale().formattedDataSize(qint64(size)));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualItemRect(table->item(0, 0)).center());
    click(part<QPushButton>(page_.get(), "vehicleLogsDownload"));
    // 2.6 s in, the bar part way; the speed as the tick said it: the tick comes before its step's
    // data, so the last 2 s hold 19 steps of 8 × 90 bytes: 13,680 B / 2 s = 6840 B/s.
    bench_->runUntil([&] { return bench_->clock.nowMs() >= 2600; }, 40);
    auto* bar = part<QProgressBar>(page_.get(), "vehicleLogsProgress");
    QVERIFY(bar->isVisible());
    QVERIFY2(bar->value() > 0 && bar->value() < 1000, qPrintable(QString::number(bar->value())));
    QCOMPARE(part<QLabel>(page_.get(), "vehicleLogsSpeed")->text(), QLocale().formattedDataSize(6840) + "/s");
    QVERIFY(bench_->runUntil([&] { return bar->value() == 1000; }, 200));
    const QString path = dir_->filePath(QStringLiteral("ArduPilot_sys1_log1_2026-11-28_10-00-00.bin"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto& served = bench_->logs.logs[0].bytes;
    QCOMPARE(f.readAll(), QByteArray(reinterpret_cast<const char*>(served.data()), qsizetype(served.size())));
    QVERIFY(part<QLabel>(page_.get(), "vehicleLogsMessage")->text().startsWith(QStringLiteral("Log 1 downloaded")));
    // Listed on the page and selected; it opens as any log.
    QTRY_COMPARE(page_->selectedPath(), QFileInfo(path).absoluteFilePath());
    click(part<QPushButton>(page_.get(), "openButton"));
    QTRY_VERIFY(part<QLabel>(page_.get(), "messageLabel")->text().startsWith(QStringLiteral("Opened")));
  }

  void aStallIsSaidAndResumed() {
    bench_->logs.stall_after_bytes = 9000;
    auto* table = part<QTableWidget>(page_.get(), "vehicleLogsTable");
    click(part<QPushButton>(page_.get(), "vehicleLogsList"));
    QVERIFY(bench_->runUntil([&] { return table->rowCount() == 1; }, 20));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualItemRect(table->item(0, 0)).center());
    click(part<QPushButton>(page_.get(), "vehicleLogsDownload"));
    auto* resume = part<QPushButton>(page_.get(), "vehicleLogsResume");
    // Nothing for LogDownload::kStallMs (5 s) after the last byte: said, Resume offered.
    QVERIFY(bench_->runUntil([&] { return resume->isEnabled(); }, 100));
    const QString said = part<QLabel>(page_.get(), "vehicleLogsMessage")->text();
    // 100 chunks of 90 bytes: the first whole chunk count at or past 9,000 bytes.
    QVERIFY2(said.contains(QStringLiteral("stalled")) && said.contains(QStringLiteral("9000 of")), qPrintable(said));
    bench_->logs.stall_after_bytes = -1;
    click(resume);
    QVERIFY(bench_->runUntil([&] { return bench_->vehicle->logs()->state() == LogDownload::State::Done; }, 200));
    QFile f(bench_->vehicle->logs()->finishedPath());
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto& served = bench_->logs.logs[0].bytes;
    QCOMPARE(f.readAll(), QByteArray(reinterpret_cast<const char*>(served.data()), qsizetype(served.size())));
  }

 private:
  std::unique_ptr<QTemporaryDir> dir_;
  std::unique_ptr<Bench> bench_;
  std::unique_ptr<LogsPage> page_;
};

QTEST_MAIN(VehicleLogsDownloadTest)
#include "vehicle_logs_download_test.moc"
