// The Logs page on an ArduPilot DataFlash log (.bin), as a user drives it: the log folder's .bin
// is listed with its duration; Open File… typed into takes it; the replay's samples and the
// plots show what the file holds — ATT's roll, pitch, yaw as the attitude, XKF1's core 0 as the
// position, IMU instance 0, MAG [mGauss → G], RCOU's PWM as motor duties. The file is written
// byte by byte here (tests/log/dataflash_test_support.h) with ArduPilot's message formats
// (libraries/AP_Logger and its LogStructure.h: format characters, labels, FMTU units with '#'
// marking an instance). Its date comes from the GPS fix, its source from the firmware string;
// Export CSV… writes an instance's topic; renamed, it keeps .bin. Needs a display (run under xvfb-run).
#include "app/core/log_folder.h"
#include "app/core/log_replay.h"
#include "app/core/replay_log.h"
#include "app/ui/export_csv_dialog.h"
#include "app/ui/log_replay_view.h"
#include "app/ui/logs_page.h"
#include "app/ui/telemetry_plots.h"
#include "tests/app/joystick/virtual_pad.h"
#include "tests/log/dataflash_test_support.h"
#include "tests/support/widget_lookup.h"
#include "widgets/plots/live_plot.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimeZone>
#include <QtTest>

#include <cmath>
#include <numbers>

using dataflash_test::Bin;
using navigator::LogsPage;

namespace {

constexpr std::uint8_t kAtt = 30, kXkf1 = 31, kImu = 32, kMag = 33, kRcou = 34, kFmtu = 35, kMsg = 36, kGps = 37;
constexpr int kSteps = 100;               // 50 Hz for 2 s
constexpr std::uint64_t kT0_us = 100000;  // the first message's TimeUS
constexpr std::uint64_t kStep_us = 20000;

// Lengths: 3 header bytes + the fields (Q 8, B 1, c C h H 2, f I 4).
constexpr std::uint8_t kAttBytes = 3 + 8 + 4 * 2 + 4 * 2 + 1;                   // QccccCCCCB: 28
constexpr std::uint8_t kXkf1Bytes = 3 + 8 + 1 + 2 + 2 + 2 + 7 * 4 + 3 * 2 + 4;  // QBccCfffffffccce: 56
constexpr std::uint8_t kImuBytes = 3 + 8 + 1 + 6 * 4 + 2 * 4 + 4 + 2 + 4;       // QBffffffIIfBBHH: 54
constexpr std::uint8_t kMagBytes = 3 + 8 + 1 + 9 * 2 + 1 + 4;                   // QBhhhhhhhhhBI: 35
constexpr std::uint8_t kRcouBytes = 3 + 8 + 14 * 2;                             // QHHHHHHHHHHHHHH: 39
constexpr std::uint8_t kFmtuBytes = 3 + 8 + 1 + 16 + 16;                        // QBNN: 44
constexpr std::uint8_t kMsgBytes = 3 + 8 + 64;                                  // QZ: 75
constexpr std::uint8_t kGpsBytes =
    3 + 8 + 1 + 1 + 4 + 2 + 1 + 2 + 4 + 4 + 4 + 4 + 4 + 4 + 4 + 1;  // QBBIHBcLLeffffB: 51

// The GPS fix's time: week 2345 began 2024-12-15 00:00:00 (1980-01-06 + 2345 × 7 days, a
// Sunday); 302,418,000 ms into it is 2024-12-18 12:00:18 GPS time, 12:00:00 UTC (18 leap
// seconds). The fix is logged 0.3 s after the log's first TimeUS (0): the log began 11:59:59.7.
constexpr std::uint16_t kGpsWeek = 2345;
constexpr std::uint32_t kGpsWeekMs = 302418000;
constexpr int kFixStep = 10;  // TimeUS 100,000 + 10 × 20,000 = 300,000

// Step k's values: roll 10°, pitch −5°, yaw k° (centidegrees as ATT stores them); north k/2 m.
double yawDeg(int k) { return double(k); }

std::vector<std::uint8_t> arduPilotLog() {
  Bin bin;
  bin.fmtOfFmt();
  bin.fmt(kFmtu, kFmtuBytes, "FMTU", "QBNN", "TimeUS,FmtType,UnitIds,MultIds");
  bin.fmt(kAtt, kAttBytes, "ATT", "QccccCCCCB", "TimeUS,DesRoll,Roll,DesPitch,Pitch,DesYaw,Yaw,ErrRP,ErrYaw,AEKF");
  bin.fmt(kXkf1, kXkf1Bytes, "XKF1", "QBccCfffffffccce", "TimeUS,C,Roll,Pitch,Yaw,VN,VE,VD,dPD,PN,PE,PD,GX,GY,GZ,OH");
  bin.fmt(kImu, kImuBytes, "IMU", "QBffffffIIfBBHH", "TimeUS,I,GyrX,GyrY,GyrZ,AccX,AccY,AccZ,EG,EA,T,GH,AH,GHz,AHz");
  bin.fmt(kMag, kMagBytes, "MAG", "QBhhhhhhhhhBI", "TimeUS,I,MagX,MagY,MagZ,OfsX,OfsY,OfsZ,MOX,MOY,MOZ,Health,S");
  bin.fmt(kMsg, kMsgBytes, "MSG", "QZ", "TimeUS,Message");
  bin.fmt(kGps, kGpsBytes, "GPS", "QBBIHBcLLeffffB",
          "TimeUS,I,Status,GMS,GWk,NSats,HDop,Lat,Lng,Alt,Spd,GCrs,VZ,Yaw,U");
  bin.fmt(kRcou, kRcouBytes, "RCOU", "QHHHHHHHHHHHHHH", "TimeUS,C1,C2,C3,C4,C5,C6,C7,C8,C9,C10,C11,C12,C13,C14");
  bin.begin(kFmtu).put(std::uint64_t(0)).put(kXkf1).text("s#ddhnnnnmmmkkkm", 16).text("F-BBB0000000BBBB", 16);
  bin.begin(kFmtu).put(std::uint64_t(0)).put(kImu).text("s#EEEooo--O--zz", 16).text("F-000000-----00", 16);
  bin.begin(kFmtu).put(std::uint64_t(0)).put(kMag).text("s#GGGGGGGGG-s", 16).text("F-CCCCCCCCC-F", 16);
  bin.begin(kFmtu).put(std::uint64_t(0)).put(kGps).text("s#---SmDUmnhnh-", 16).text("F----0BGGB000--", 16);
  bin.begin(kMsg).put(std::uint64_t(0)).text("ArduCopter V4.5.7 (2a3dc4b7)", 64);
  for (int k = 0; k < kSteps; ++k) {
    const std::uint64_t t = kT0_us + std::uint64_t(k) * kStep_us;
    bin.begin(kAtt).put(t).put(std::int16_t(0)).put(std::int16_t(1000)).put(std::int16_t(0)).put(std::int16_t(-500));
    bin.put(std::uint16_t(0))
        .put(std::uint16_t(k * 100))
        .put(std::uint16_t(0))
        .put(std::uint16_t(0))
        .put(std::uint8_t(3));
    for (std::uint8_t core = 0; core < 2; ++core) {  // core 1 is 100 m away: it must not show
      bin.begin(kXkf1).put(t).put(core).put(std::int16_t(0)).put(std::int16_t(0)).put(std::uint16_t(0));
      bin.put(1.25f).put(-0.5f).put(0.25f).put(0.0f).put(float(k) / 2 + 100.0f * core).put(3.0f).put(-10.0f);
      bin.put(std::int16_t(0)).put(std::int16_t(0)).put(std::int16_t(0)).put(std::int32_t(0));
    }
    for (std::uint8_t imu = 0; imu < 2; ++imu) {
      bin.begin(kImu).put(t).put(imu).put(0.125f).put(-0.25f).put(0.5f + imu).put(0.75f).put(-1.5f).put(-9.75f);
      bin.put(std::uint32_t(0)).put(std::uint32_t(0)).put(40.0f).put(std::uint8_t(1)).put(std::uint8_t(1));
      bin.put(std::uint16_t(400)).put(std::uint16_t(400));
    }
    bin.begin(kMag).put(t).put(std::uint8_t(0)).put(std::int16_t(200)).put(std::int16_t(-50)).put(std::int16_t(420));
    for (int z = 0; z < 6; ++z) bin.put(std::int16_t(0));
    bin.put(std::uint8_t(1)).put(std::uint32_t(0));
    if (k == kFixStep - 5 || k == kFixStep) {  // no fix yet (Status 1), then a 3-D fix (3)
      bin.begin(kGps).put(t).put(std::uint8_t(0)).put(std::uint8_t(k == kFixStep ? 3 : 1));
      bin.put(k == kFixStep ? kGpsWeekMs : std::uint32_t(0)).put(k == kFixStep ? kGpsWeek : std::uint16_t(0));
      bin.put(std::uint8_t(12)).put(std::int16_t(80)).put(std::int32_t(-353632621)).put(std::int32_t(1491652374));
      bin.put(std::int32_t(58400)).put(0.0f).put(0.0f).put(0.0f).put(0.0f).put(std::uint8_t(1));
    }
    bin.begin(kRcou).put(t).put(std::uint16_t(1500)).put(std::uint16_t(1600)).put(std::uint16_t(1700));
    bin.put(std::uint16_t(1800));
    for (int c = 5; c <= 14; ++c) bin.put(std::uint16_t(0));
  }
  return bin.done();
}

void click(QAbstractButton* button) {
  QVERIFY(button);
  QVERIFY2(button->isVisible() && button->isEnabled(), qPrintable(button->text()));
  QTest::mouseClick(button, Qt::LeftButton);
}

// The file dialog `parent` opened, answered as a user does: the path's folder, its name typed
// and Return pressed.
void answerFileDialog(QWidget* parent, const QString& path) {
  QPointer<QFileDialog> dialog;
  QTRY_VERIFY((dialog = parent->findChild<QFileDialog*>()) && dialog->isVisible());
  auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
  QVERIFY(name);
  dialog->activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(dialog));
  const QFileInfo info(path);
  dialog->setDirectory(info.absolutePath());
  name->setFocus();
  QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
  QTest::keyClicks(name, info.fileName());
  QTest::keyClick(name, Qt::Key_Return);
  QTRY_VERIFY(!dialog || !dialog->isVisible());
}

QString cell(LogsPage* page, const QString& file_name, int column) {
  auto* table = navigator::test::part<QTableWidget>(page, "table");
  const QList<QTableWidgetItem*> found = table->findItems(file_name, Qt::MatchExactly);
  return found.isEmpty() ? QString() : table->item(found.first()->row(), column)->text();
}

}  // namespace

class LogsPageDataFlashTest : public QObject {
  Q_OBJECT

 private:
  std::unique_ptr<QTemporaryDir> dir_;
  QString path_;
  std::unique_ptr<LogsPage> page_;

  // Clicks copter.bin's row in the list.
  void selectTheBin() {
    auto* table = navigator::test::part<QTableWidget>(page_, "table");
    const QList<QTableWidgetItem*> row = table->findItems(QStringLiteral("copter.bin"), Qt::MatchExactly);
    QVERIFY(!row.isEmpty());
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualItemRect(row.first()).center());
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    navigator::joystick::test::useHeadlessSdl();
  }

  // The log folder holds copter.bin; the page lists it.
  void init() {
    QSettings().clear();
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
    path_ = dir_->filePath(QStringLiteral("copter.bin"));
    const std::vector<std::uint8_t> bytes = arduPilotLog();
    QFile f(path_);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(reinterpret_cast<const char*>(bytes.data()), qint64(bytes.size()));
    f.close();
    navigator::setLogFolder(dir_->path());
    page_ = std::make_unique<LogsPage>();
    page_->resize(1500, 950);
    page_->show();
    QVERIFY(QTest::qWaitForWindowExposed(page_.get()));
    QTRY_VERIFY(!page_->library()->isReading());
  }

  void cleanup() {
    page_.reset();
    dir_.reset();
  }

  void listsTheBin() {
    // Listed from the folder, its duration the pose clock's span: 99 steps of 20 ms.
    QTRY_VERIFY(!page_->library()->isReading());
    QTRY_COMPARE(cell(page_.get(), QStringLiteral("copter.bin"), LogsPage::kDuration),
                 QStringLiteral("0:02.0"));  // 1.98 s
    QCOMPARE(cell(page_.get(), QStringLiteral("copter.bin"), LogsPage::kSource),
             QStringLiteral("ArduCopter V4.5.7 (2a3dc4b7)"));
    const QDateTime began(QDate(2024, 12, 18), QTime(11, 59, 59, 700), QTimeZone::utc());
    QCOMPARE(cell(page_.get(), QStringLiteral("copter.bin"), LogsPage::kDate),
             began.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
  }

  // Open File… typed into: the replay's samples and the plots as the file holds them.
  void opensAndReplaysTheBin() {
    auto* view = navigator::test::only<navigator::LogReplayView>(page_.get());
    QSignalSpy opened(view->replay(), &navigator::LogReplay::opened);
    click(navigator::test::part<QPushButton>(page_.get(), "openFileButton"));
    answerFileDialog(page_.get(), path_);
    QTRY_COMPARE(opened.count(), 1);
    QVERIFY2(navigator::test::part<QLabel>(view, "openedLabel")->text().contains(QStringLiteral("ATT")),
             qPrintable(navigator::test::part<QLabel>(view, "openedLabel")->text()));

    const std::shared_ptr<const navigator::ReplayLog> log = view->replay()->log();
    QVERIFY(log);
    QCOMPARE(log->sampleCount(), std::size_t(kSteps));
    QCOMPARE(log->clockTopic(), std::string("ATT"));  // ATT's 100 messages, XKF1 core 0's 100: the first
    QCOMPARE(log->durationUs(), std::int64_t((kSteps - 1) * kStep_us));
    QCOMPARE(log->rotorCount(), 4);  // C5… are 0 µs
    const int k = 40;
    const navigator::TelemetrySample s = log->sample(std::size_t(k));
    QCOMPARE(s.time_us, std::int64_t(k * kStep_us));
    // q_NED_FRD of z-y'-x'' (yaw 40°, pitch −5°, roll 10°): q = q_z(ψ) q_y(θ) q_x(φ), half angles.
    constexpr double kRadPerDeg = std::numbers::pi / 180;
    const double hr = 10.0 / 2 * kRadPerDeg, hp = -5.0 / 2 * kRadPerDeg, hy = yawDeg(k) / 2 * kRadPerDeg;
    const double w = std::cos(hy) * std::cos(hp) * std::cos(hr) + std::sin(hy) * std::sin(hp) * std::sin(hr);
    const double x = std::cos(hy) * std::cos(hp) * std::sin(hr) - std::sin(hy) * std::sin(hp) * std::cos(hr);
    const double y = std::cos(hy) * std::sin(hp) * std::cos(hr) + std::sin(hy) * std::cos(hp) * std::sin(hr);
    const double z = std::sin(hy) * std::cos(hp) * std::cos(hr) - std::cos(hy) * std::sin(hp) * std::sin(hr);
    QVERIFY(std::abs(s.attitude_WB_wxyz[0] - w) < 1e-6 && std::abs(s.attitude_WB_wxyz[1] - x) < 1e-6);
    QVERIFY(std::abs(s.attitude_WB_wxyz[2] - y) < 1e-6 && std::abs(s.attitude_WB_wxyz[3] - z) < 1e-6);
    QCOMPARE(s.p_W_m[0], 20.0f);  // core 0: k / 2
    QCOMPARE(s.p_W_m[1], 3.0f);
    QCOMPARE(s.p_W_m[2], -10.0f);
    QCOMPARE(s.v_W_mps[0], 1.25f);
    QCOMPARE(s.v_W_mps[2], 0.25f);
    QCOMPARE(s.accel_S_mps2[0], 0.75f);
    QCOMPARE(s.accel_S_mps2[2], -9.75f);
    QCOMPARE(s.gyro_S_radps[2], 0.5f);                  // instance 0's (instance 1 logs 1.5)
    QVERIFY(std::abs(s.mag_S_gauss[0] - 0.2) < 1e-6);   // 200 mGauss
    QVERIFY(std::abs(s.mag_S_gauss[2] - 0.42) < 1e-6);  // 420 mGauss
    QCOMPARE(s.motor_duty[0], 0.5f);                    // (1500 − 1000) / 1000
    QCOMPARE(s.motor_duty[3], 0.8f);
    QVERIFY(std::isnan(s.wind_NED_mps[0]));  // not in an ArduPilot log: a gap

    // The plots: every sample, the attitude estimate (ATT) dashed, no truth (a gap).
    navigator::LivePlot* attitude = navigator::test::only<navigator::TelemetryPlots>(view)->plot(
        navigator::TelemetryPlots::tr("Attitude: true vs estimated"));
    QVERIFY(attitude);
    QCOMPARE(attitude->buffer().size(), std::size_t(kSteps));
    const std::size_t last = attitude->buffer().size() - 1;
    QVERIFY(std::isnan(attitude->buffer().value(last, 0)));
    QVERIFY(std::abs(attitude->buffer().value(last, 3) - 10.0) < 1e-4);
    QVERIFY(std::abs(attitude->buffer().value(last, 4) + 5.0) < 1e-4);
    QVERIFY(std::abs(attitude->buffer().value(last, 5) - yawDeg(kSteps - 1)) < 1e-4);
  }

  void exportsAnInstance() {
    // Export CSV…: IMU instance 1, TimeUS first, each value as written (floats as %.9g).
    selectTheBin();
    click(navigator::test::part<QPushButton>(page_.get(), "exportButton"));
    QPointer<navigator::ExportCsvDialog> exporter;
    QTRY_VERIFY((exporter = page_->findChild<navigator::ExportCsvDialog*>()) && exporter->isVisible());
    exporter->topicBox()->setFocus();
    // (A space would open the box's list: the arrow keys walk to the item.)
    QTest::keyClick(exporter->topicBox(), Qt::Key_Home);
    for (int k = 0; k < exporter->topicBox()->count() && !exporter->topicBox()->currentText().startsWith("IMU #1"); ++k)
      QTest::keyClick(exporter->topicBox(), Qt::Key_Down);
    QCOMPARE(exporter->topic().name, QStringLiteral("IMU"));
    QCOMPARE(exporter->topic().multi_id, 1);
    const QString csv_path = dir_->filePath(QStringLiteral("imu1.csv"));
    exporter->pathEdit()->setFocus();
    QTest::keyClick(exporter->pathEdit(), Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(exporter->pathEdit(), csv_path);
    click(exporter->buttons()->button(QDialogButtonBox::Ok));
    QTRY_VERIFY(navigator::test::part<QLabel>(page_.get(), "messageLabel")->text().startsWith(QStringLiteral("Wrote")));
    QFile csv(csv_path);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), kSteps + 2);  // the header, 100 rows, the empty rest after the last newline
    QCOMPARE(lines[0], QStringLiteral("TimeUS,I,GyrX,GyrY,GyrZ,AccX,AccY,AccZ,EG,EA,T,GH,AH,GHz,AHz"));
    QCOMPARE(lines[1], QStringLiteral("100000,1,0.125,-0.25,1.5,0.75,-1.5,-9.75,0,0,40,1,1,400,400"));
  }

  void renameKeepsBin() {
    // A name typed without the suffix gets .bin, not .ulg.
    selectTheBin();
    click(navigator::test::part<QPushButton>(page_.get(), "renameButton"));
    QPointer<QInputDialog> dialog;
    QTRY_VERIFY((dialog = page_->findChild<QInputDialog*>()) && dialog->isVisible());
    QVERIFY2(dialog->labelText().contains(QStringLiteral("(.bin is kept)")), qPrintable(dialog->labelText()));
    auto* edit = dialog->findChild<QLineEdit*>();
    QVERIFY(edit);
    edit->setFocus();
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(edit, QStringLiteral("first flight"));
    QTest::keyClick(edit, Qt::Key_Return);
    QTRY_VERIFY(QFile::exists(dir_->filePath(QStringLiteral("first flight.bin"))));
    QVERIFY(!QFile::exists(path_));
  }
};

QTEST_MAIN(LogsPageDataFlashTest)
#include "logs_page_dataflash_test.moc"
