// The flash dialog (app/ui/flash_dialog) driven as a user would — image path and port typed or
// set, the real buttons clicked — against the STM32F405 ROM bootloader emulator on a socat pty
// pair (tests/flash/emulator/emulated_board.h): the project's board image flashed with progress
// rising to 100 % and the board holding its bytes, Copy Log, Cancel mid-write and a second flash,
// a wrong chip and Flash Anyway, read-out protection removed only after the acknowledgement, a
// malformed .hex refused without a byte reaching the board, and no closing while flashing.
// Runs on the offscreen platform. FLASH_DIALOG_SCREENSHOTS=DIR saves the dialog's look after
// each outcome (DIR/flash_dialog*.png).
#include "flash/firmware_image.h"
#include "app/ui/flash_dialog.h"
#include "app/ui/station_translations.h"
#include "tests/flash/emulator/emulated_board.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using navigator::FlashDialog;
using navigator::FlashJob;
using navigator::test::EmulatedBoard;
namespace flash = navigator::flash;

namespace {

const char* const kBoardElf = NAVIGATOR_BOARD_ELF;

template <typename W>
W* widget(FlashDialog& dialog, const char* name) {
  W* w = dialog.findChild<W*>(QString::fromLatin1(name));
  if (w == nullptr) qFatal("the flash dialog has no %s named %s", W::staticMetaObject.className(), name);
  return w;
}

// The board's flash (the emulator's 1 MiB file) holds the image's bytes at their addresses.
bool flashHolds(const QByteArray& held, const flash::FirmwareImage& image, QString* why) {
  for (const flash::ImageSegment& s : image.segments) {
    const qsizetype offset = qsizetype(s.address) - qsizetype(0x08000000);
    if (offset < 0 || offset + qsizetype(s.bytes.size()) > held.size()) {
      *why = QStringLiteral("segment at 0x%1 outside the flash file (%2 bytes)")
                 .arg(s.address, 8, 16, QLatin1Char('0'))
                 .arg(held.size());
      return false;
    }
    const QByteArray want(reinterpret_cast<const char*>(s.bytes.data()), qsizetype(s.bytes.size()));
    if (held.mid(offset, want.size()) != want) {
      *why = QStringLiteral("the segment at 0x%1 differs").arg(s.address, 8, 16, QLatin1Char('0'));
      return false;
    }
  }
  return true;
}

void saveScreenshot(FlashDialog& dialog, const QString& name) {
  const QString dir = qEnvironmentVariable("FLASH_DIALOG_SCREENSHOTS");
  if (dir.isEmpty()) return;
  QTest::qWait(50);  // the layout settles (posted LayoutRequest) as it would on screen
  QVERIFY(dialog.grab().save(dir + QLatin1Char('/') + name));
}

}  // namespace

class FlashDialogTest : public QObject {
  Q_OBJECT
 private:
  flash::FirmwareImage board_image_;
  quint64 board_bytes_ = 0;

  // A shown dialog with the board image and the emulator's port filled in.
  void prepare(FlashDialog& dialog, const EmulatedBoard& board) {
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setImagePath(QString::fromLatin1(kBoardElf));
    // The port typed in and confirmed with Enter, as a user would (Enter does not start a flash).
    auto* port = widget<QComboBox>(dialog, "port");
    port->lineEdit()->selectAll();
    QTest::keyClicks(port->lineEdit(), board.hostPort());
    QTest::keyClick(port->lineEdit(), Qt::Key_Return);
    QVERIFY(!dialog.isFlashing());
    QCOMPARE(port->currentText(), board.hostPort());
    QVERIFY2(widget<QLabel>(dialog, "imageInfo")->text().startsWith(QStringLiteral("%1 bytes").arg(board_bytes_)),
             qPrintable(widget<QLabel>(dialog, "imageInfo")->text()));
  }

  // Clicks `button` and waits for the run it starts to end; its outcome (flashFinished's ok). The
  // wait only guards a run that hangs: the board image is 147 KB now (flashed over the emulated
  // bootloader's UART it takes tens of seconds on a loaded machine), the verdict is the outcome.
  static bool clickAndFinish(FlashDialog& dialog, QPushButton* button, bool* ok, int timeout_ms = 90000) {
    QSignalSpy finished(&dialog, &FlashDialog::flashFinished);
    QTest::mouseClick(button, Qt::LeftButton);
    if (!finished.wait(timeout_ms) || finished.size() != 1) return false;
    *ok = finished.at(0).at(0).toBool();
    return true;
  }

  void checkFlashed(FlashDialog& dialog) {
    QVERIFY2(dialog.resultText().startsWith(QStringLiteral("Flashed and verified: %1 bytes").arg(board_bytes_)),
             qPrintable(dialog.resultText()));
    QCOMPARE(dialog.progressPercent(), 100);
    QVERIFY(widget<QPushButton>(dialog, "flashButton")->isEnabled());
    QVERIFY(!widget<QPushButton>(dialog, "cancelButton")->isEnabled());
  }

 private slots:
  void initTestCase() {
    NAVIGATOR_REQUIRE_EMULATED_BOARD();
    NAVIGATOR_REQUIRE_TOOL("arm-none-eabi-gcc", QFileInfo::exists(kBoardElf),
                           std::string("no board image at ") + kBoardElf);
    const flash::ImageLoad load = flash::loadFirmwareImage(kBoardElf);
    QVERIFY2(load.ok(), load.error.c_str());
    board_image_ = load.image;
    board_bytes_ = board_image_.totalBytes();
  }

  void flashesTheBoardImage() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    EmulatedBoard board(dir.path());
    QVERIFY2(board.start(), qPrintable(board.error()));
    FlashDialog dialog;
    prepare(dialog, board);
    if (QTest::currentTestFailed()) return;
    QVERIFY(widget<QCheckBox>(dialog, "startAfter")->isChecked());  // the default: GO at the end

    auto* bar = widget<QProgressBar>(dialog, "progress");
    QSignalSpy progressed(&dialog.job(), &FlashJob::progressed);
    QSignalSpy bar_values(bar, &QProgressBar::valueChanged);
    QSignalSpy finished(&dialog, &FlashDialog::flashFinished);
    QTest::mouseClick(widget<QPushButton>(dialog, "flashButton"), Qt::LeftButton);
    QVERIFY(dialog.isFlashing());
    QVERIFY(!widget<QPushButton>(dialog, "flashButton")->isEnabled());
    QVERIFY(widget<QPushButton>(dialog, "cancelButton")->isEnabled());
    QVERIFY(!widget<QLineEdit>(dialog, "imagePath")->isEnabled());
    QVERIFY(finished.wait(20000));
    QCOMPARE(finished.size(), 1);
    QVERIFY2(finished.at(0).at(0).toBool(), qPrintable(dialog.resultText()));
    checkFlashed(dialog);

    // Progress: the job's fractions and the bar's values never go back and end at 100 %.
    QVERIFY(progressed.size() > 10);
    double last = 0.0;
    for (const QList<QVariant>& p : progressed) {
      const double fraction = p.at(1).toDouble();
      QVERIFY2(fraction >= last,
               qPrintable(QStringLiteral("progress went back from %1 to %2").arg(last).arg(fraction)));
      last = fraction;
    }
    QCOMPARE(last, 1.0);
    QVERIFY(!bar_values.isEmpty());
    int last_value = 0;
    for (const QList<QVariant>& v : bar_values) {
      QVERIFY2(v.at(0).toInt() >= last_value,
               qPrintable(QStringLiteral("bar went back from %1 to %2").arg(last_value).arg(v.at(0).toInt())));
      last_value = v.at(0).toInt();
    }
    QCOMPARE(last_value, bar->maximum());
    QCOMPARE(bar->text(), QStringLiteral("100%"));

    // The board ran the firmware (GO) and its flash holds the image.
    QVERIFY(board.waitForLine("go 0x08000000", 3000));
    QVERIFY(board.waitForExit(3000));
    QString why;
    QVERIFY2(flashHolds(board.flash(), board_image_, &why), qPrintable(why));

    // Copy Log: exactly the log.
    QVERIFY(!dialog.logText().isEmpty());
    QVERIFY(dialog.logText().contains(board.hostPort()));
    QApplication::clipboard()->clear();
    QTest::mouseClick(widget<QPushButton>(dialog, "copyLogButton"), Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), dialog.logText());
    saveScreenshot(dialog, QStringLiteral("flash_dialog.png"));
  }

  void cancelMidWriteAndFlashAgain() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    EmulatedBoard board(dir.path());
    QVERIFY2(board.start({"--baud", "115200"}), qPrintable(board.error()));  // paced like a real cable
    FlashDialog dialog;
    prepare(dialog, board);
    if (QTest::currentTestFailed()) return;
    auto* flash_button = widget<QPushButton>(dialog, "flashButton");
    auto* cancel_button = widget<QPushButton>(dialog, "cancelButton");
    QVERIFY(!cancel_button->isEnabled());

    QSignalSpy finished(&dialog, &FlashDialog::flashFinished);
    QTest::mouseClick(flash_button, Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(board.count("write ") >= 8, 10000);
    QVERIFY(dialog.isFlashing());
    QVERIFY(!flash_button->isEnabled());
    QVERIFY(cancel_button->isEnabled());
    QVERIFY(dialog.progressPercent() < 100);

    // Neither Close, the window's close nor Escape hides a dialog that is flashing.
    QVERIFY(!widget<QPushButton>(dialog, "closeButton")->isEnabled());
    QVERIFY(!dialog.close());
    QVERIFY(dialog.isVisible());
    static_cast<QDialog&>(dialog).reject();  // public in QDialog; the dialog overrides it
    QVERIFY(dialog.isVisible());
    QTest::keyClick(&dialog, Qt::Key_Escape);
    QVERIFY(dialog.isVisible());
    QVERIFY(dialog.isFlashing());
    const int writes = board.count("write ");
    QTRY_VERIFY_WITH_TIMEOUT(board.count("write ") > writes + 2, 10000);  // the flash goes on meanwhile; the hint stays
    QVERIFY2(dialog.resultText().contains(QStringLiteral("cancel before closing")), qPrintable(dialog.resultText()));

    QTest::mouseClick(cancel_button, Qt::LeftButton);
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.size(), 1);
    QCOMPARE(finished.at(0).at(0).toBool(), false);
    QCOMPARE(widget<QLabel>(dialog, "phase")->text(), QStringLiteral("Cancelled."));
    const QString result = dialog.resultText();
    QVERIFY2(result.startsWith(QStringLiteral("Cancelled while the flash was being changed.\n")), qPrintable(result));
    QVERIFY2(result.contains(QStringLiteral("\nDetails: cancelled during write at 0x080")), qPrintable(result));
    QVERIFY2(result.contains(QStringLiteral("stays in its ROM bootloader")), qPrintable(result));
    QVERIFY2(result.contains(QStringLiteral("flash again")) || result.contains(QStringLiteral("flashed again")),
             qPrintable(result));
    QCOMPARE(result.count(QStringLiteral("ROM bootloader")), 1);  // said once
    QVERIFY(dialog.isVisible());
    QVERIFY(flash_button->isEnabled());
    QVERIFY(!cancel_button->isEnabled());
    QVERIFY(widget<QPushButton>(dialog, "closeButton")->isEnabled());
    QCOMPARE(board.count("go "), 0);
    saveScreenshot(dialog, QStringLiteral("flash_dialog_cancelled.png"));

    // The board is still in its bootloader: a second Flash (uncheck GO so it stays there) succeeds.
    QTest::mouseClick(widget<QCheckBox>(dialog, "startAfter"), Qt::LeftButton, {}, QPoint(8, 8));
    QVERIFY(!widget<QCheckBox>(dialog, "startAfter")->isChecked());
    bool ok = false;
    QVERIFY(clickAndFinish(dialog, flash_button, &ok));
    QVERIFY2(ok, qPrintable(dialog.resultText()));
    checkFlashed(dialog);
    board.stop();
    QString why;
    QVERIFY2(flashHolds(board.flash(), board_image_, &why), qPrintable(why));
  }

  void wrongChipThenFlashAnyway() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    EmulatedBoard board(dir.path());
    QVERIFY2(board.start({"--chip-id", "0x419"}), qPrintable(board.error()));  // an STM32F42x/43x
    FlashDialog dialog;
    prepare(dialog, board);
    if (QTest::currentTestFailed()) return;
    auto* anyway = widget<QPushButton>(dialog, "flashAnywayButton");
    QVERIFY(!anyway->isVisible());
    bool ok = true;
    QVERIFY(clickAndFinish(dialog, widget<QPushButton>(dialog, "flashButton"), &ok));
    QVERIFY(!ok);
    const QString result = dialog.resultText();
    QVERIFY2(result.contains(QStringLiteral("0x419")) && result.contains(QStringLiteral("0x413")), qPrintable(result));
    QVERIFY2(!result.contains(QStringLiteral("--any-chip")), qPrintable(result));  // no command-line advice here
    QVERIFY(anyway->isVisible());
    QVERIFY(anyway->isEnabled());
    QVERIFY(!widget<QCheckBox>(dialog, "eraseAcknowledged")->isVisible());
    QCOMPARE(board.count("erase"), 0);
    QCOMPARE(board.count("write "), 0);
    saveScreenshot(dialog, QStringLiteral("flash_dialog_wrong_chip.png"));

    QVERIFY(clickAndFinish(dialog, anyway, &ok));
    QVERIFY2(ok, qPrintable(dialog.resultText()));
    checkFlashed(dialog);
    QVERIFY(!anyway->isVisible());
    QVERIFY(board.count("erase sectors 0") == 1);
    QVERIFY(dialog.logText().contains(QStringLiteral("flashing anyway")));
  }

  void readoutProtectionOnlyAfterTheAcknowledgement() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    EmulatedBoard board(dir.path());
    QVERIFY2(board.start({"--rdp"}), qPrintable(board.error()));
    FlashDialog dialog;
    prepare(dialog, board);
    if (QTest::currentTestFailed()) return;
    auto* ack = widget<QCheckBox>(dialog, "eraseAcknowledged");
    auto* remove = widget<QPushButton>(dialog, "removeProtectionButton");
    QVERIFY(!ack->isVisible());
    QVERIFY(!remove->isVisible());
    bool ok = true;
    QVERIFY(clickAndFinish(dialog, widget<QPushButton>(dialog, "flashButton"), &ok));
    QVERIFY(!ok);
    QVERIFY2(dialog.resultText().contains(QStringLiteral("read-out protected")), qPrintable(dialog.resultText()));
    QVERIFY2(!dialog.resultText().contains(QStringLiteral("--unprotect")), qPrintable(dialog.resultText()));
    QVERIFY(ack->isVisible());
    QVERIFY(!ack->isChecked());
    QVERIFY(remove->isVisible());
    QVERIFY(!remove->isEnabled());
    QVERIFY(!widget<QPushButton>(dialog, "flashAnywayButton")->isVisible());
    QCOMPARE(board.count("erase"), 0);
    saveScreenshot(dialog, QStringLiteral("flash_dialog_protected.png"));

    // The disabled button does nothing; the slot itself refuses without the acknowledgement.
    QTest::mouseClick(remove, Qt::LeftButton);
    dialog.removeProtectionAndFlash();
    QVERIFY(!dialog.isFlashing());
    QCOMPARE(board.count("rdp off"), 0);

    QTest::mouseClick(ack, Qt::LeftButton, {}, QPoint(8, ack->height() / 2));
    QVERIFY(ack->isChecked());
    QVERIFY(remove->isEnabled());
    QVERIFY(clickAndFinish(dialog, remove, &ok));
    QVERIFY2(ok, qPrintable(dialog.resultText()));
    checkFlashed(dialog);
    QCOMPARE(board.count("rdp off"), 1);
    QVERIFY(!ack->isVisible());
    QVERIFY(!remove->isVisible());
  }

  void aFailureIsSaidInTheStationsLanguage() {
    // The flashers (flash/, without Qt) report a kind of failure and their own English words;
    // the dialog says the kind and what to do in the station's language, by the kind, and keeps
    // the flasher's words (with the chip ids) as the details.
    const navigator::StationTranslations german(QLocale(QLocale::German, QLocale::Germany),
                                                QStringLiteral(NAVIGATOR_BIN_DIR "/../translations"));
    QVERIFY(german.navigatorLoaded());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    EmulatedBoard board(dir.path());
    QVERIFY2(board.start({"--chip-id", "0x419"}), qPrintable(board.error()));  // an STM32F42x/43x
    FlashDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setImagePath(QString::fromLatin1(kBoardElf));  // built for the STM32F405 (chip id 0x413)
    dialog.setPort(board.hostPort());
    bool ok = true;
    QVERIFY(clickAndFinish(dialog, widget<QPushButton>(dialog, "flashButton"), &ok));
    QVERIFY(!ok);
    QCOMPARE(widget<QLabel>(dialog, "phase")->text(), QStringLiteral("Fehlgeschlagen."));
    // Chip ids and names: flash/chip_catalog.cpp (AN2606, RM0090).
    QCOMPARE(dialog.resultText(),
             QStringLiteral("Der Chip des Boards ist nicht der, für den dieses Abbild gebaut ist.\n"
                            "Das für dieses Board gebaute Abbild wählen. Wenn Sie sicher sind, dass das Abbild zu "
                            "diesem Chip passt, „Trotzdem flashen“ drücken. Es wurde nichts gelöscht.\n"
                            "Einzelheiten (in den Worten des Flashers): the board's chip is 0x419 "
                            "(STM32F427/429/437/439), the image is for 0x413 (STM32F405/407/415/417)"));
    QCOMPARE(widget<QPushButton>(dialog, "flashAnywayButton")->text(), QStringLiteral("Trotzdem flashen"));
    QCOMPARE(board.count("erase"), 0);
    saveScreenshot(dialog, QStringLiteral("flash_dialog_de_wrong_chip.png"));
  }

  void aMalformedHexIsRefusedWithoutTouchingTheBoard() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    EmulatedBoard board(dir.path());
    QVERIFY2(board.start(), qPrintable(board.error()));
    const QString bad = dir.filePath(QStringLiteral("bad.hex"));
    QFile file(bad);
    QVERIFY(file.open(QIODevice::WriteOnly));
    // Line 2's checksum is wrong: 04 0010 00 01020304 sums to 0x1E, so it should be 0xE2.
    file.write(":0400000001020304F2\n:0400100001020304E3\n:00000001FF\n");
    file.close();

    FlashDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    dialog.setPort(board.hostPort());
    auto* path = widget<QLineEdit>(dialog, "imagePath");
    path->clear();
    QTest::keyClicks(path, bad);
    QTest::keyClick(path, Qt::Key_Return);  // editingFinished: the image is read and described
    QVERIFY(!dialog.isFlashing());          // Enter in a field does not start a flash
    const QString info = widget<QLabel>(dialog, "imageInfo")->text();
    QVERIFY2(info.startsWith(QStringLiteral("Refused: ")), qPrintable(info));
    QVERIFY2(info.contains(QStringLiteral("line 2")), qPrintable(info));

    bool ok = true;
    QVERIFY(clickAndFinish(dialog, widget<QPushButton>(dialog, "flashButton"), &ok));
    QVERIFY(!ok);
    const QString result = dialog.resultText();
    QVERIFY2(result.contains(QStringLiteral("line 2")), qPrintable(result));
    QVERIFY2(dialog.logText().contains(QStringLiteral("error: ") + bad + QStringLiteral(" line 2")),
             qPrintable(dialog.logText()));
    QVERIFY2(result.contains(QStringLiteral("Nothing was erased")), qPrintable(result));
    QVERIFY(!widget<QPushButton>(dialog, "flashAnywayButton")->isVisible());
    QCOMPARE(board.count("sync"), 0);  // (the flash has finished: nothing more can reach the board)
    QCOMPARE(board.count("erase"), 0);
    saveScreenshot(dialog, QStringLiteral("flash_dialog_bad_hex.png"));
  }

  void lookingForDfuDevicesRunsDfuUtilOffTheGuiThread() {
    // This machine has no USB DFU device: dfu-util -l lists none. The button is greyed while
    // dfu-util runs and the dialog keeps handling events; the answer lands in the log.
    NAVIGATOR_REQUIRE_PROGRAM("dfu-util");
    FlashDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    widget<QComboBox>(dialog, "method")->setCurrentIndex(1);
    auto* look = widget<QPushButton>(dialog, "lookForDfuButton");
    QTest::mouseClick(look, Qt::LeftButton);
    QVERIFY(!look->isEnabled());
    QTRY_VERIFY_WITH_TIMEOUT(dialog.logText().contains(QStringLiteral("0 DFU device(s) found")), 10000);
    QTRY_VERIFY(look->isEnabled());
  }
};

QTEST_MAIN(FlashDialogTest)
#include "flash_dialog_test.moc"
