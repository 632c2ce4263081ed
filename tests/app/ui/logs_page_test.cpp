// The Logs page as a user drives it: every button clicked and every text field typed
// into with QTest — Open, Open File…, Rename…, Delete… (asks first; Cancel keeps the file),
// Export CSV… (and its Browse…), Overlay…, Log Folder…, Cancel, the timeline's play, speed,
// slider and span. The logs are written here with known values (replay_test_flight.h); PX4's
// sample logs where they are found. Playback runs on a ManualTickClock the test advances. Needs
// a display (the 3-D view; run under xvfb-run).
#include "app/clock/tick_clock.h"
#include "app/core/log_folder.h"
#include "app/joystick/pilot_input_source.h"
#include "app/ui/export_csv_dialog.h"
#include "app/ui/fly_page.h"
#include "app/ui/keyboard_focus.h"
#include "app/ui/log_overlay_view.h"
#include "app/ui/log_replay_view.h"
#include "app/ui/logs_page.h"
#include "app/ui/main_window.h"
#include "app/ui/telemetry_plots.h"
#include "tests/app/joystick/virtual_pad.h"
#include "tests/app/core/replay_test_flight.h"
#include "widgets/flight_view/flight_view_3d.h"
#include "widgets/flight_view/trail.h"
#include "widgets/plots/live_plot.h"
#include "widgets/plots/series_plot.h"
#include "widgets/timeline_bar.h"
#include "tests/support/widget_lookup.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QStyleOptionSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <cmath>
#include <numbers>

using navigator::LogsPage;
using navigator::test::TestFlight;

namespace {

constexpr double kDegPerRad = 180.0 / std::numbers::pi;

QString px4Log(const char* name) { return QStringLiteral(NAVIGATOR_PX4_ULOG_DIR "/") + QLatin1String(name); }

// Clicks `button` as a user does.
void click(QAbstractButton* button) {
  QVERIFY(button);
  QVERIFY2(button->isVisible() && button->isEnabled(), qPrintable(button->text()));
  QTest::mouseClick(button, Qt::LeftButton);
}

// Replaces what `edit` holds by typing `text` into it.
void typeInto(QLineEdit* edit, const QString& text) {
  QVERIFY(edit && edit->isVisible());
  edit->setFocus();
  QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
  QTest::keyClicks(edit, text);
}

// The file dialog `parent` opened, answered as a user does: in `path`'s folder, its name typed
// into the name field and Return pressed.
void answerFileDialog(QWidget* parent, const QString& path) {
  QPointer<QFileDialog> dialog;
  QTRY_VERIFY((dialog = parent->findChild<QFileDialog*>()) && dialog->isVisible());
  auto* name = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"));
  QVERIFY(name);
  dialog->activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(dialog));
  const QFileInfo info(path);
  dialog->setDirectory(info.absolutePath());
  typeInto(name, info.fileName());
  QTest::keyClick(name, Qt::Key_Return);
  QTRY_VERIFY(!dialog || !dialog->isVisible());
}

// The page's replay view (under its log list).
navigator::LogReplayView* replayViewOf(LogsPage* page) { return navigator::test::only<navigator::LogReplayView>(page); }

// Clicks the row of `file_name` in the page's table.
void clickRow(LogsPage* page, const QString& file_name) {
  QTableWidget* table = navigator::test::part<QTableWidget>(page, "table");
  QList<QTableWidgetItem*> found;
  QTRY_VERIFY(!(found = table->findItems(file_name, Qt::MatchExactly)).isEmpty());
  const QRect cell = table->visualItemRect(found.first());
  QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
  QVERIFY2(page->selectedPath().endsWith(QLatin1Char('/') + file_name), qPrintable(page->selectedPath()));
}

// Opens the log of `file_name` with the Open button and waits until it is on show.
void openRow(LogsPage* page, const QString& file_name) {
  clickRow(page, file_name);
  QSignalSpy opened(replayViewOf(page)->replay(), &navigator::LogReplay::opened);
  click(navigator::test::part<QPushButton>(page, "openButton"));
  QVERIFY(
      navigator::test::part<QProgressBar>(page, "progressBar")->isVisible());  // read in the background, with progress
  QTRY_COMPARE(opened.count(), 1);
  QVERIFY(replayViewOf(page)->replay()->path().endsWith(QLatin1Char('/') + file_name));
  QVERIFY(!navigator::test::part<QProgressBar>(page, "progressBar")->isVisible());
}

QString cell(LogsPage* page, const QString& file_name, int column) {
  const QList<QTableWidgetItem*> found =
      navigator::test::part<QTableWidget>(page, "table")->findItems(file_name, Qt::MatchExactly);
  return found.isEmpty()
             ? QString()
             : navigator::test::part<QTableWidget>(page, "table")->item(found.first()->row(), column)->text();
}

navigator::LivePlot* plot(LogsPage* page, const char* title) {
  return navigator::test::only<navigator::TelemetryPlots>(replayViewOf(page))
      ->plot(navigator::TelemetryPlots::tr(title));
}

}  // namespace

class LogsPageTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    navigator::joystick::test::useHeadlessSdl();
    QCursor::setPos(QGuiApplication::primaryScreen()->geometry().bottomRight());
  }

  void init() {
    QSettings().clear();
    dir_ = std::make_unique<QTemporaryDir>();
    QVERIFY(dir_->isValid());
    QString error = before_.write(dir_->filePath(QStringLiteral("before.ulg")));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    after_.airframe = "lander_004";
    after_.source = "vsim-fly";
    after_.steps = 1500;
    after_.rotors = 6;
    after_.start_utc = "2026-11-26T08:00:00Z";
    error = after_.write(dir_->filePath(QStringLiteral("after.ulg")));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    // Not a ULog file at all (an STL that was renamed): the reader refuses it, naming the file
    // and the offset.
    QFile broken(dir_->filePath(QStringLiteral("broken.ulg")));
    QVERIFY(broken.open(QIODevice::WriteOnly));
    broken.write("solid cube\nendsolid cube\n");
    broken.close();
    navigator::setLogFolder(dir_->path());
    page_ = std::make_unique<LogsPage>();
    page_->resize(1500, 950);
    page_->show();
    QVERIFY(QTest::qWaitForWindowExposed(page_.get()));
    replayView()->replay()->setClock(&clock_);
    QTRY_VERIFY(!page_->library()->isReading());
  }

  void cleanup() {
    page_.reset();
    dir_.reset();
  }

  // The table lists the folder's logs with the figures each was written with: the date from
  // navigator_start_utc (local time), the airframe, the duration (steps − 1 ms), the size and
  // the source; the cut log as unreadable.
  void listsTheFlights() {
    QCOMPARE(navigator::test::part<QTableWidget>(page_, "table")->rowCount(), 3);
    const QString date =
        QDateTime(QDate(2026, 11, 25), QTime(10, 31, 2), Qt::UTC).toLocalTime().toString("yyyy-MM-dd HH:mm:ss");
    QCOMPARE(cell(page_.get(), "before.ulg", LogsPage::kDate), date);
    QCOMPARE(cell(page_.get(), "before.ulg", LogsPage::kAirframe), QStringLiteral("s500"));
    QCOMPARE(cell(page_.get(), "before.ulg", LogsPage::kDuration), QStringLiteral("0:02.0"));  // 1.999 s
    QCOMPARE(cell(page_.get(), "before.ulg", LogsPage::kSize),
             QLocale().formattedDataSize(QFileInfo(dir_->filePath("before.ulg")).size()));
    QCOMPARE(cell(page_.get(), "before.ulg", LogsPage::kSource), QStringLiteral("sitl"));
    QCOMPARE(cell(page_.get(), "after.ulg", LogsPage::kAirframe), QStringLiteral("lander_004"));
    QCOMPARE(cell(page_.get(), "after.ulg", LogsPage::kDuration), QStringLiteral("0:01.5"));  // 1.499 s
    // One format for every length (never "41.0 s" beside "1:03"), to the tenth.
    QCOMPARE(navigator::logDurationText(41.0), QStringLiteral("0:41.0"));
    QCOMPARE(navigator::logDurationText(63.04), QStringLiteral("1:03.0"));
    QCOMPARE(navigator::logDurationText(59.96), QStringLiteral("1:00.0"));
    QCOMPARE(navigator::logDurationText(3723.25),
             QStringLiteral("1:02:03.3"));  // 3723.25 rounds to .3 (llround: half away)
    QCOMPARE(navigator::logDurationText(-1.0), QString());
    QCOMPARE(cell(page_.get(), "broken.ulg", LogsPage::kAirframe), QStringLiteral("unreadable"));
    QVERIFY(
        navigator::test::part<QLabel>(page_, "folderLabel")->text().contains(QDir::toNativeSeparators(dir_->path())));
    // Nothing chosen yet: nothing to act on.
    QVERIFY(!navigator::test::part<QPushButton>(page_, "openButton")->isEnabled());
    QVERIFY(!navigator::test::part<QPushButton>(page_, "overlayButton")->isEnabled());
  }

  // Open shows the log in the plots and the 3-D view: every sample of its 2 s (the span is the
  // whole log, the plots' window its length), the trail at the 3-D view's 60 Hz, the attitude true (solid) and
  // estimated (dashed) at each, as logged.
  void openShowsTheLog() {
    openRow(page_.get(), "before.ulg");
    QVERIFY2(navigator::test::part<QLabel>(replayView(), "openedLabel")->text().contains(QStringLiteral("before.ulg")),
             qPrintable(navigator::test::part<QLabel>(replayView(), "openedLabel")->text()));
    QVERIFY(
        navigator::test::part<QLabel>(replayView(), "openedLabel")->text().contains(QStringLiteral("navigator_truth")));
    QVERIFY2(navigator::test::part<QLabel>(page_, "messageLabel")->text().startsWith(QStringLiteral("Opened")),
             qPrintable(navigator::test::part<QLabel>(page_, "messageLabel")->text()));
    navigator::LivePlot* accel = plot(page_.get(), "Accelerometer (sensor axes)");
    QVERIFY(accel);
    QCOMPARE(accel->buffer().size(), std::size_t(before_.steps));
    QCOMPARE(accel->window_s(), 2.0);  // the span, 1.999 s, in the whole seconds of the plot's window box
    navigator::LivePlot* attitude = plot(page_.get(), "Attitude: true vs estimated");
    QVERIFY(attitude);
    const std::size_t last = attitude->buffer().size() - 1;
    QCOMPARE(last, std::size_t(before_.steps - 1));
    // Yaw: the truth of the last step, the estimate of the last step it was logged at (every 4th).
    QVERIFY(std::abs(attitude->buffer().value(last, 2) - TestFlight::yaw_rad(before_.steps - 1) * kDegPerRad) < 1e-3);
    const int held = (before_.steps - 1) - (before_.steps - 1) % 4;
    QVERIFY(std::abs(attitude->buffer().value(last, 5) - (TestFlight::yaw_rad(held) - 0.01) * kDegPerRad) < 1e-3);
    QCOMPARE(navigator::test::only<navigator::TimelineBar>(replayView())->timeLabel()->text(),
             QStringLiteral("1.999 / 1.999 s"));
    // The trail: a pose every 1/60 s of the 1.999 s before the last (0, 17, 34 … 1989 ms: 118
    // poses), then the last pose itself.
    QCOMPARE(navigator::test::only<navigator::FlightView3D>(replayView())->trail()->size(), 119);
    QVERIFY(navigator::test::part<QPushButton>(page_, "overlayButton")->isEnabled());
  }

  // The timeline: Play and Pause (the same button), the speed by keyboard, Home on the slider,
  // the span typed into its boxes, Whole log.
  void timelineControlsThePlayback() {
    openRow(page_.get(), "before.ulg");
    navigator::TimelineBar* bar = navigator::test::only<navigator::TimelineBar>(replayView());
    navigator::LogReplay* replay = replayView()->replay();
    click(bar->playButton());  // at the end: from the start
    QVERIFY(replay->isPlaying());
    QCOMPARE(bar->playButton()->text(), QStringLiteral("Pause"));
    navigator::LivePlot* accel = plot(page_.get(), "Accelerometer (sensor axes)");
    QCOMPARE(accel->buffer().size(), std::size_t(1));  // the sample at the start
    clock_.advance(16);
    clock_.advance(16);
    QCOMPARE(replay->positionUs(), std::int64_t(32'000));
    QCOMPARE(accel->buffer().size(), std::size_t(33));  // 0 … 32 ms, every sample of a 1 kHz log
    QCOMPARE(bar->timeLabel()->text(), QStringLiteral("0.032 / 1.999 s"));

    bar->speedBox()->setFocus();
    QTest::keyClick(bar->speedBox(), Qt::Key_Down);  // ×1 → ×2
    QCOMPARE(replay->speed(), 2.0);
    clock_.advance(16);
    QCOMPARE(replay->positionUs(), std::int64_t(64'000));

    click(bar->playButton());
    QVERIFY(!replay->isPlaying());
    QCOMPARE(bar->playButton()->text(), QStringLiteral("Play"));
    clock_.advance(16);
    QCOMPARE(replay->positionUs(), std::int64_t(64'000));

    bar->slider()->setFocus();
    QTest::keyClick(bar->slider(), Qt::Key_End);
    QCOMPARE(replay->positionUs(), std::int64_t(1'999'000));
    QTest::keyClick(bar->slider(), Qt::Key_Home);
    QCOMPARE(replay->positionUs(), std::int64_t(0));
    // A click on the groove three quarters along seeks there (Qt's default page-steps).
    QStyleOptionSlider option;
    option.initFrom(bar->slider());
    option.orientation = Qt::Horizontal;
    option.minimum = bar->slider()->minimum();
    option.maximum = bar->slider()->maximum();
    const QRect groove =
        bar->slider()->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderGroove, bar->slider());
    const QRect handle =
        bar->slider()->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, bar->slider());
    const int span_px = groove.width() - handle.width();
    const int x = groove.left() + handle.width() / 2 + span_px * 3 / 4;
    QTest::mouseClick(bar->slider(), Qt::LeftButton, {}, QPoint(x, bar->slider()->height() / 2));
    const double expected_us = 1'999'000.0 * 0.75;
    QVERIFY2(std::abs(double(replay->positionUs()) - expected_us) <= 1'999'000.0 / span_px + 1000.0,
             qPrintable(QString::number(replay->positionUs())));  // to a pixel of the groove
    QTest::keyClick(bar->slider(), Qt::Key_Home);

    // The span 0.5 s … 1.5 s: the slider covers it, the plots show its second, the position at its end.
    bar->fromBox()->setFocus();
    QTest::keyClick(bar->fromBox(), Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(bar->fromBox(), QLocale().toString(0.5));
    QTest::keyClick(bar->fromBox(), Qt::Key_Return);
    bar->toBox()->setFocus();
    QTest::keyClick(bar->toBox(), Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(bar->toBox(), QLocale().toString(1.5));
    QTest::keyClick(bar->toBox(), Qt::Key_Return);
    QCOMPARE(replay->spanFromUs(), std::int64_t(500'000));
    QCOMPARE(replay->spanToUs(), std::int64_t(1'500'000));
    QCOMPARE(replay->positionUs(), std::int64_t(1'500'000));
    QCOMPARE(bar->slider()->minimum(), 500);
    QCOMPARE(bar->slider()->maximum(), 1500);
    QCOMPARE(accel->window_s(), 1.0);
    QCOMPARE(accel->buffer().size(), std::size_t(1001));  // 0.5 s … 1.5 s
    QCOMPARE(accel->buffer().oldestTime_s(), 0.5);
    click(bar->wholeButton());
    QCOMPARE(replay->spanFromUs(), std::int64_t(0));
    QCOMPARE(replay->spanToUs(), std::int64_t(1'999'000));
    QCOMPARE(bar->slider()->maximum(), 1999);
  }

  // Rename… asks for the name: typed, the file is renamed (.ulg kept) and the row follows it; a
  // name already taken is refused and said.
  void renameTypedIn() {
    clickRow(page_.get(), "before.ulg");
    click(navigator::test::part<QPushButton>(page_, "renameButton"));
    QPointer<QInputDialog> dialog;
    QTRY_VERIFY((dialog = page_->findChild<QInputDialog*>()) && dialog->isVisible());
    QCOMPARE(dialog->textValue(), QStringLiteral("before"));
    auto* edit = dialog->findChild<QLineEdit*>();
    typeInto(edit, QStringLiteral("before_tune"));
    QTest::keyClick(edit, Qt::Key_Return);
    QTRY_VERIFY(QFile::exists(dir_->filePath("before_tune.ulg")));
    QVERIFY(!QFile::exists(dir_->filePath("before.ulg")));
    QCOMPARE(cell(page_.get(), "before_tune.ulg", LogsPage::kAirframe), QStringLiteral("s500"));
    QVERIFY(page_->selectedPath().endsWith(QStringLiteral("/before_tune.ulg")));
    QVERIFY(navigator::test::part<QLabel>(page_, "messageLabel")->text().contains(QStringLiteral("before_tune.ulg")));

    click(navigator::test::part<QPushButton>(page_, "renameButton"));
    QTRY_VERIFY((dialog = page_->findChild<QInputDialog*>()) && dialog->isVisible());
    edit = dialog->findChild<QLineEdit*>();
    typeInto(edit, QStringLiteral("after"));
    QTest::keyClick(edit, Qt::Key_Return);
    QTRY_VERIFY(navigator::test::part<QLabel>(page_, "messageLabel")->text().contains(QStringLiteral("already")));
    QVERIFY(QFile::exists(dir_->filePath("before_tune.ulg")));
    QVERIFY(QFile::exists(dir_->filePath("after.ulg")));
  }

  // Delete… asks first: Cancel keeps the file, Delete removes it and its row.
  void deleteAsksFirst() {
    clickRow(page_.get(), "after.ulg");
    click(navigator::test::part<QPushButton>(page_, "deleteButton"));
    QPointer<QMessageBox> box;
    QTRY_VERIFY((box = page_->findChild<QMessageBox*>()) && box->isVisible());
    QVERIFY(box->text().contains(QStringLiteral("after.ulg")));
    QCOMPARE(box->defaultButton(), box->button(QMessageBox::Cancel));
    click(box->button(QMessageBox::Cancel));
    QTRY_VERIFY(!box);
    QVERIFY(QFile::exists(dir_->filePath("after.ulg")));
    QCOMPARE(navigator::test::part<QTableWidget>(page_, "table")->rowCount(), 3);
    QVERIFY(navigator::test::part<QLabel>(page_, "messageLabel")->text().startsWith(QStringLiteral("Kept")));

    click(navigator::test::part<QPushButton>(page_, "deleteButton"));
    QTRY_VERIFY((box = page_->findChild<QMessageBox*>()) && box->isVisible());
    click(box->button(QMessageBox::Yes));
    QTRY_VERIFY(!QFile::exists(dir_->filePath("after.ulg")));
    QCOMPARE(navigator::test::part<QTableWidget>(page_, "table")->rowCount(), 2);
    QVERIFY(navigator::test::part<QTableWidget>(page_, "table")
                ->findItems(QStringLiteral("after.ulg"), Qt::MatchExactly)
                .isEmpty());
  }

  // Export CSV…: the topic chosen by typing its name, the file by Browse… and by typing; the
  // rows written are the topic's messages.
  void exportTypedIn() {
    clickRow(page_.get(), "before.ulg");
    click(navigator::test::part<QPushButton>(page_, "exportButton"));
    QPointer<navigator::ExportCsvDialog> dialog;
    QTRY_VERIFY((dialog = page_->findChild<navigator::ExportCsvDialog*>()) && dialog->isVisible());
    dialog->topicBox()->setFocus();
    QTest::keyClicks(dialog->topicBox(), QStringLiteral("navigator_wind"));
    QCOMPARE(dialog->topic().name, QStringLiteral("navigator_wind"));
    const QString browsed = dir_->filePath(QStringLiteral("browsed.csv"));
    click(dialog->browseButton());
    answerFileDialog(dialog, browsed);
    QCOMPARE(dialog->csvPath(), browsed);
    const QString typed = dir_->filePath(QStringLiteral("wind.csv"));
    typeInto(dialog->pathEdit(), typed);
    click(dialog->buttons()->button(QDialogButtonBox::Ok));
    QTRY_VERIFY(navigator::test::part<QLabel>(page_, "messageLabel")->text().startsWith(QStringLiteral("Wrote")));
    QVERIFY2(navigator::test::part<QLabel>(page_, "messageLabel")
                 ->text()
                 .contains(QStringLiteral("%1 rows of navigator_wind").arg(before_.steps)),
             qPrintable(navigator::test::part<QLabel>(page_, "messageLabel")->text()));
    QFile csv(typed);
    QVERIFY(csv.open(QIODevice::ReadOnly));
    QCOMPARE(csv.readAll().count('\n'), qsizetype(before_.steps + 1));
    QVERIFY(!QFile::exists(browsed));
  }

  // A cut log: the reader's message (the file, the offset) is said, and the log open stays.
  void aCorruptFileIsSaidAndTheLogStays() {
    openRow(page_.get(), "before.ulg");
    const QString opened = navigator::test::part<QLabel>(replayView(), "openedLabel")->text();
    clickRow(page_.get(), "broken.ulg");
    QSignalSpy failed(replayView()->replay(), &navigator::LogReplay::openFailed);
    click(navigator::test::part<QPushButton>(page_, "openButton"));
    QTRY_COMPARE(failed.count(), 1);
    const QString message = navigator::test::part<QLabel>(page_, "messageLabel")->text();
    QVERIFY2(
        message.contains(dir_->filePath(QStringLiteral("broken.ulg"))) && message.contains(QStringLiteral("offset")),
        qPrintable(message));
    QVERIFY(replayView()->replay()->path().endsWith(QStringLiteral("/before.ulg")));
    QCOMPARE(navigator::test::part<QLabel>(replayView(), "openedLabel")->text(), opened);
    QCOMPARE(plot(page_.get(), "Accelerometer (sensor axes)")->buffer().size(), std::size_t(before_.steps));
  }

  // A log cut short (a crash while recording): what is before the cut is replayed, and the
  // reader's problem (what and at which offset) is said with it.
  void aCutLogIsShownWithItsProblems() {
    QFile whole(dir_->filePath(QStringLiteral("before.ulg")));
    QVERIFY(whole.open(QIODevice::ReadOnly));
    const QByteArray bytes = whole.readAll();
    QFile cut(dir_->filePath(QStringLiteral("cut.ulg")));
    QVERIFY(cut.open(QIODevice::WriteOnly));
    cut.write(bytes.left(bytes.size() * 6 / 10 + 7));  // inside a message, most likely; anywhere will do
    cut.close();
    page_->refresh();
    QTRY_VERIFY(!page_->library()->isReading());
    openRow(page_.get(), "cut.ulg");
    const QString message = navigator::test::part<QLabel>(page_, "messageLabel")->text();
    QVERIFY2(message.contains(QStringLiteral("cut.ulg was read with problems")) &&
                 message.contains(QStringLiteral("offset")),
             qPrintable(message));
    const std::size_t shown = plot(page_.get(), "Accelerometer (sensor axes)")->buffer().size();
    QVERIFY2(shown > std::size_t(before_.steps) / 2 && shown < std::size_t(before_.steps),
             qPrintable(QString::number(shown)));
  }

  // Cancel while a log is read: nothing opened, said so, what was open stays.
  void cancelTheOpening() {
    openRow(page_.get(), "before.ulg");
    clickRow(page_.get(), "after.ulg");
    click(navigator::test::part<QPushButton>(page_, "openButton"));
    click(navigator::test::part<QToolButton>(page_,
                                             "cancelButton"));  // before the event loop could deliver the read's end
    QCOMPARE(navigator::test::part<QLabel>(page_, "messageLabel")->text(), QStringLiteral("Opening cancelled."));
    QVERIFY(!navigator::test::part<QToolButton>(page_, "cancelButton")->isVisible());
    QVERIFY(replayView()->replay()->path().endsWith(QStringLiteral("/before.ulg")));
  }

  // Overlay…: a second log against the first, attitude and motors of both on one time axis,
  // the first solid, the second dashed, every sample (fewer than LogOverlayView::kMaxPoints).
  void overlayOfTwoLogs() {
    openRow(page_.get(), "before.ulg");
    click(navigator::test::part<QPushButton>(page_, "overlayButton"));
    answerFileDialog(page_.get(), dir_->filePath(QStringLiteral("after.ulg")));
    navigator::LogOverlayView* overlay = navigator::test::only<navigator::LogOverlayView>(replayView());
    QTRY_VERIFY(!overlay->isEmpty());
    QCOMPARE(navigator::test::part<QTabWidget>(replayView(), "tabs")->currentWidget(), overlay);
    navigator::SeriesPlot* attitude = overlay->attitudePlot();
    QCOMPARE(attitude->seriesCount(), 6);
    QCOMPARE(attitude->seriesName(2), QStringLiteral("A yaw"));
    QCOMPARE(attitude->seriesName(5), QStringLiteral("B yaw"));
    QCOMPARE(attitude->pointCount(2), before_.steps);
    QCOMPARE(attitude->pointCount(5), after_.steps);
    QCOMPARE(attitude->xValues(5).last(), (after_.steps - 1) * 1e-3);  // time from its own start
    QVERIFY(std::abs(attitude->yValues(2).last() - TestFlight::yaw_rad(before_.steps - 1) * kDegPerRad) < 1e-3);
    QVERIFY(std::abs(attitude->yValues(5).last() - TestFlight::yaw_rad(after_.steps - 1) * kDegPerRad) < 1e-3);
    navigator::SeriesPlot* motors = overlay->motorPlot();
    QCOMPARE(motors->seriesCount(), before_.rotors + after_.rotors);
    QCOMPARE(motors->seriesName(0), QStringLiteral("A motor 1"));
    QCOMPARE(motors->seriesName(before_.rotors + 5), QStringLiteral("B motor 6"));
    // Motor 6 of B at its last step: the duty logged at the last even step, in percent.
    QVERIFY(std::abs(motors->yValues(before_.rotors + 5).last() -
                     100.0 * double(after_.motors((after_.steps - 1) & ~1).control[5])) < 1e-4);
    QVERIFY(overlay->caption()->text().contains(QStringLiteral("before.ulg")));
    QVERIFY(overlay->caption()->text().contains(QStringLiteral("after.ulg")));
  }

  // Open File…: any ULog, PX4's too — listed with the folder's logs once opened.
  void openFileTakesAPx4Log() {
    QVERIFY2(QFile::exists(px4Log("sample_px4_events.ulg")), qPrintable(px4Log("sample_px4_events.ulg")));
    QSignalSpy opened(replayView()->replay(), &navigator::LogReplay::opened);
    click(navigator::test::part<QPushButton>(page_, "openFileButton"));
    answerFileDialog(page_.get(), px4Log("sample_px4_events.ulg"));
    QTRY_COMPARE(opened.count(), 1);
    QVERIFY(navigator::test::part<QLabel>(replayView(), "openedLabel")
                ->text()
                .contains(QStringLiteral("vehicle_attitude")));
    QTRY_COMPARE(cell(page_.get(), "sample_px4_events.ulg", LogsPage::kSource), QStringLiteral("PX4"));
    QCOMPARE(cell(page_.get(), "sample_px4_events.ulg", LogsPage::kAirframe), QStringLiteral("PX4_SITL"));
    QCOMPARE(cell(page_.get(), "sample_px4_events.ulg", LogsPage::kDuration), QStringLiteral("0:31.0"));
    // No truth in a PX4 log: the solid attitude lines are gaps, the estimate (dashed) is there.
    navigator::LivePlot* attitude = plot(page_.get(), "Attitude: true vs estimated");
    QVERIFY(attitude->buffer().size() > 0);
    QVERIFY(std::isnan(attitude->buffer().value(0, 0)));
    QVERIFY(std::isfinite(attitude->buffer().value(0, 3)));
  }

  // Log Folder…: the folder typed into the dialog becomes the setting and is listed.
  void logFolderTypedIn() {
    const QString other = dir_->filePath(QStringLiteral("elsewhere"));
    QVERIFY(QDir().mkpath(other));
    click(navigator::test::part<QPushButton>(page_, "folderButton"));
    answerFileDialog(page_.get(), other);
    QTRY_COMPARE(navigator::logFolder(), other);
    QCOMPARE(page_->library()->folder(), other);
    QCOMPARE(navigator::test::part<QTableWidget>(page_, "table")->rowCount(), 0);
    QVERIFY(navigator::test::part<QLabel>(page_, "folderLabel")->text().contains(QDir::toNativeSeparators(other)));
  }

  // In the main window, the Logs tab is "Logs"; while it is on show the keyboard never flies
  // (the Fly page is hidden), not even with the keyboard as the stick source and a name typed.
  void mainWindowHasTheLogsTabAndKeysDoNotFly() {
    page_.reset();
    navigator::MainWindow window;
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    LogsPage* logs = window.logsPage();
    QVERIFY(logs);
    QCOMPARE(window.tabs()->tabText(window.tabs()->indexOf(logs)), QStringLiteral("Logs"));
    navigator::test::only<navigator::joystick::PilotInputSource>(window.flyPage())
        ->setSource(navigator::joystick::PilotInputSource::Source::Keyboard);
    window.tabs()->setCurrentWidget(logs);
    QTRY_VERIFY(!logs->library()->isReading());
    QVERIFY(!navigator::keyboardSticksMayTakeKeys(*window.flyPage()));
    clickRow(logs, "before.ulg");
    click(navigator::test::part<QPushButton>(logs, "renameButton"));
    QPointer<QInputDialog> dialog;
    QTRY_VERIFY((dialog = logs->findChild<QInputDialog*>()) && dialog->isVisible());
    auto* edit = dialog->findChild<QLineEdit*>();
    typeInto(edit, QStringLiteral("wasd"));
    QCOMPARE(edit->text(), QStringLiteral("wasd"));
    const navigator::joystick::KeyState held =
        navigator::test::only<navigator::joystick::PilotInputSource>(window.flyPage())->heldKeys();
    QVERIFY(!held.throttle_up && !held.yaw_left && !held.yaw_right && !held.throttle_down);
    dialog->reject();
  }

 private:
  navigator::LogReplayView* replayView() const { return replayViewOf(page_.get()); }

  std::unique_ptr<QTemporaryDir> dir_;
  std::unique_ptr<LogsPage> page_;
  navigator::ManualTickClock clock_;
  TestFlight before_, after_;
};

QTEST_MAIN(LogsPageTest)
#include "logs_page_test.moc"
