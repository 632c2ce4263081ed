// The UART flasher (flash) against the STM32F405 ROM bootloader emulator on a socat pty
// pair (tests/flash/emulator, itself checked against Debian's stm32flash): the project's board
// image flashed and read back identical, every injected fault stopped or retried as designed
// with its message and a second flash succeeding, refusals before any erase, read-out
// protection, cancel, progress, and navigator-flash on the same board.
#include "flash/byte_port.h"
#include "flash/uart_flasher.h"
#include "tests/flash/emulator/emulated_board.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <atomic>

using namespace navigator::flash;
using navigator::test::EmulatedBoard;

namespace {

const char* const kBoardElf = NAVIGATOR_BOARD_ELF;

// A run's report with its progress and log.
struct Run {
  FlashReport report;
  std::vector<FlashProgress> progress;
  std::vector<std::string> log;
  bool logHas(const std::string& text) const {
    for (const std::string& l : log)
      if (l.find(text) != std::string::npos) return true;
    return false;
  }
};

// Quick timeouts: the emulator answers within milliseconds, so a 150 ms silence is a fault.
UartFlashOptions quickOptions() {
  UartFlashOptions o;
  o.timeouts.byte_ms = 150;
  o.sync_attempts = 3;
  return o;
}

Run flash(const QString& port, const FirmwareImage& image, const UartFlashOptions& options,
          const std::atomic<bool>* cancel = nullptr, std::function<void(const FlashProgress&)> on_progress = {}) {
  Run run;
  PosixSerialPort serial;
  if (!serial.open(port.toStdString(), 115200, SerialParity::None)) {
    run.report.error = FlashErrorKind::PortError;
    run.report.what = serial.lastError();
    return run;
  }
  FlashCallbacks callbacks;
  callbacks.cancel = cancel;
  callbacks.log = [&](const std::string& l) { run.log.push_back(l); };
  callbacks.progress = [&](const FlashProgress& p) {
    run.progress.push_back(p);
    if (on_progress) on_progress(p);
  };
  run.report = runUartFlash(serial, image, options, callbacks);
  return run;
}

// A deterministic image of `size` bytes at the flash base (xorshift32: no 0xFF-only blocks).
FirmwareImage pseudoRandomImage(size_t size, uint32_t seed) {
  FirmwareImage image;
  image.source = "pseudo-random.bin";
  ImageSegment seg;
  seg.address = 0x08000000;
  seg.bytes.resize(size);
  uint32_t x = seed;
  for (auto& b : seg.bytes) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    b = static_cast<uint8_t>(x);
  }
  image.segments.push_back(std::move(seg));
  return image;
}

// The board's flash holds the image's bytes at their addresses.
bool flashHolds(const QByteArray& flash, const FirmwareImage& image, QString* why) {
  for (const ImageSegment& s : image.segments) {
    const qsizetype offset = qsizetype(s.address - 0x08000000);
    if (offset < 0 || offset + qsizetype(s.bytes.size()) > flash.size()) {
      *why = QStringLiteral("segment outside the 1 MiB flash file (%1 bytes)").arg(flash.size());
      return false;
    }
    for (size_t i = 0; i < s.bytes.size(); ++i) {
      if (uint8_t(flash[offset + qsizetype(i)]) != s.bytes[i]) {
        *why = QStringLiteral("0x%1 holds 0x%2, the image 0x%3")
                   .arg(s.address + i, 8, 16, QLatin1Char('0'))
                   .arg(uint8_t(flash[offset + qsizetype(i)]), 2, 16, QLatin1Char('0'))
                   .arg(s.bytes[i], 2, 16, QLatin1Char('0'));
        return false;
      }
    }
  }
  return true;
}

// Progress never goes back, and reaches 1 exactly once (only on success, as the last report).
void checkProgress(const Run& run) {
  double last = 0.0;
  int ones = 0;
  for (const FlashProgress& p : run.progress) {
    QVERIFY2(p.fraction >= last,
             qPrintable(QStringLiteral("progress went back from %1 to %2").arg(last).arg(p.fraction)));
    QVERIFY(p.fraction <= 1.0);
    last = p.fraction;
    ones += p.fraction == 1.0 ? 1 : 0;
  }
  QCOMPARE(ones, run.report.ok() ? 1 : 0);
  if (run.report.ok()) QCOMPARE(run.progress.back().fraction, 1.0);
}

}  // namespace

class UartFlasherTest : public QObject {
  Q_OBJECT
 private:
  QTemporaryDir dir_;
  FirmwareImage board_image_;
  FirmwareImage small_image_ = pseudoRandomImage(20 * 1024, 0x1234567u);  // 80 blocks, sectors 0–1

  void startBoard(EmulatedBoard& board, const QStringList& args = {}) {
    QVERIFY2(board.start(args), qPrintable(board.error()));
  }

 private slots:
  void initTestCase() {
    NAVIGATOR_REQUIRE_EMULATED_BOARD();
    QVERIFY(dir_.isValid());
    NAVIGATOR_REQUIRE_TOOL("arm-none-eabi-gcc", QFileInfo::exists(kBoardElf),
                           std::string("no board image at ") + kBoardElf);
    const ImageLoad load = loadFirmwareImage(kBoardElf);
    QVERIFY2(load.ok(), load.error.c_str());
    board_image_ = load.image;
  }

  void flashesTheBoardImageAndReadsBackIdenticalBytes() {
    QTemporaryDir dir;
    EmulatedBoard board(dir.path());
    startBoard(board);
    UartFlashOptions options = quickOptions();
    options.start = true;
    const Run run = flash(board.hostPort(), board_image_, options);
    QVERIFY2(run.report.ok(), run.report.what.c_str());
    checkProgress(run);
    QCOMPARE(run.report.chip_id, uint16_t(0x413));
    QCOMPARE(run.report.bytes_written, uint64_t(board_image_.totalBytes()));
    QCOMPARE(run.report.bytes_verified, uint64_t(board_image_.totalBytes()));
    QCOMPARE(run.report.retries, 0u);
    // RM0090's sectors from 0x08000000: four of 16 KiB, one of 64 KiB, then 128 KiB each. Those
    // the image touches are erased once each, the next one not at all.
    const std::uint64_t image_end = board_image_.totalBytes();
    std::uint64_t start = 0;
    for (int sector = 0; sector < 6; ++sector) {
      const std::uint64_t size = sector < 4 ? 16384 : (sector == 4 ? 65536 : 131072);
      const int touched = start < image_end ? 1 : 0;
      QCOMPARE(board.count(QStringLiteral("erase sectors %1").arg(sector)), touched);
      start += size;
    }
    QCOMPARE(board.count("erase mass"), 0);
    // One WRITE per 256-byte block: ceil(size / 256).
    QCOMPARE(board.count("write "), int((board_image_.totalBytes() + 255) / 256));
    QVERIFY(board.waitForLine("go 0x08000000", 2000));  // GO: the emulator runs the application and exits
    QVERIFY(board.waitForExit(3000));
    QString why;
    QVERIFY2(flashHolds(board.flash(), board_image_, &why), qPrintable(why));
    QVERIFY(board.sanitizerReport().isEmpty());

    // The board, reset into its bootloader again, verifies against the image without writing.
    startBoard(board);
    options.verify_only = true;
    const Run verify = flash(board.hostPort(), board_image_, options);
    QVERIFY2(verify.report.ok(), verify.report.what.c_str());
    QCOMPARE(verify.report.bytes_verified, uint64_t(board_image_.totalBytes()));
    QCOMPARE(board.count("erase"), 0);
    QCOMPARE(board.count("write "), 0);
    checkProgress(verify);

    // And another image is not what it holds.
    const Run other = flash(board.hostPort(), small_image_, options);
    QCOMPARE(other.report.error, FlashErrorKind::VerifyMismatch);
    QVERIFY2(other.report.what.find("verify failed: 0x08000000 holds") == 0, other.report.what.c_str());
    QVERIFY(!other.report.flash_touched);
  }

  void nackAndSilenceAreRetried() {
    QTemporaryDir dir;
    EmulatedBoard board(dir.path());
    // The 3rd WRITE is NACKed, the 5th WRITE goes unanswered, the 2nd READ comes back spoiled on
    // the wire: each costs one retry, and the flash ends right.
    startBoard(board, {"--fault", "nack:0x31:3", "--fault", "silence:0x31:5", "--fault", "corrupt-read:2"});
    UartFlashOptions options = quickOptions();
    options.start = false;
    const Run run = flash(board.hostPort(), small_image_, options);
    QVERIFY2(run.report.ok(), run.report.what.c_str());
    QCOMPARE(run.report.retries, 3u);
    QVERIFY(run.logHas("NACK"));
    QVERIFY(run.logHas("no answer"));
    QVERIFY(run.logHas("reading it again"));
    checkProgress(run);
    board.stop();
    QString why;
    QVERIFY2(flashHolds(board.flash(), small_image_, &why), qPrintable(why));
  }

  void aHungBoardStopsTheRunAndASecondFlashSucceeds() {
    QTemporaryDir dir;
    EmulatedBoard board(dir.path());
    startBoard(board, {"--fault", "deaf:0x31:10"});
    UartFlashOptions options = quickOptions();
    options.start = false;
    const Run run = flash(board.hostPort(), small_image_, options);
    QCOMPARE(run.report.error, FlashErrorKind::Timeout);
    QVERIFY2(run.report.what.find(
                 "the bootloader stopped answering during write of 256 bytes at 0x08000900 (1 try and 3 retries") == 0,
             run.report.what.c_str());
    QVERIFY(run.report.flash_touched);
    QVERIFY2(run.report.advice.find("flash again") != std::string::npos, run.report.advice.c_str());
    QCOMPARE(run.report.retries, 3u);  // the limit: 3 retries after the first try
    checkProgress(run);
    // Power-cycle: the board is in its bootloader and takes the image.
    QVERIFY(board.restart());
    const Run again = flash(board.hostPort(), small_image_, options);
    QVERIFY2(again.report.ok(), again.report.what.c_str());
    board.stop();
    QString why;
    QVERIFY2(flashHolds(board.flash(), small_image_, &why), qPrintable(why));
  }

  void aDisconnectMidWriteIsAPortErrorAndASecondFlashSucceeds() {
    QTemporaryDir dir;
    EmulatedBoard board(dir.path());
    startBoard(board, {"--fault", "disconnect:0x31:7"});
    UartFlashOptions options = quickOptions();
    options.start = false;
    const Run run = flash(board.hostPort(), small_image_, options);
    QVERIFY(board.waitForExit(3000));
    QCOMPARE(board.exitCode(), 3);
    QVERIFY2(run.report.error == FlashErrorKind::PortError || run.report.error == FlashErrorKind::Timeout,
             run.report.what.c_str());
    QVERIFY2(run.report.what.find("0x08000600") != std::string::npos, run.report.what.c_str());  // the 7th block
    QVERIFY(run.report.flash_touched);
    // The flash holds the first six blocks and nothing after: the interrupted image.
    const QByteArray held = board.flash();
    QCOMPARE(uint8_t(held[0x5FF]), small_image_.segments[0].bytes[0x5FF]);
    QCOMPARE(uint8_t(held[0x700]), uint8_t(0xFF));
    // Plugged back in: a second flash erases again and succeeds.
    board.stop();
    startBoard(board);
    const Run again = flash(board.hostPort(), small_image_, options);
    QVERIFY2(again.report.ok(), again.report.what.c_str());
    board.stop();
    QString why;
    QVERIFY2(flashHolds(board.flash(), small_image_, &why), qPrintable(why));
  }

  void aVanishedPortIsAPortErrorAndASecondFlashSucceeds() {
    // The USB-serial adapter pulled out mid-write: the cable (socat) and the board go away and
    // the port reads end-of-file / EIO.
    QTemporaryDir dir;
    EmulatedBoard board(dir.path());
    startBoard(board);
    UartFlashOptions options = quickOptions();
    options.start = false;
    bool pulled = false;
    const Run run = flash(board.hostPort(), small_image_, options, nullptr, [&](const FlashProgress& p) {
      if (!pulled && p.phase == FlashPhase::Write && p.bytes_done >= 20 * 256) {
        pulled = true;
        board.stop();
      }
    });
    QCOMPARE(run.report.error, FlashErrorKind::PortError);
    QVERIFY2(run.report.what.find("went away") != std::string::npos, run.report.what.c_str());
    QVERIFY2(run.report.what.find("0x08001400") != std::string::npos, run.report.what.c_str());  // the 21st block
    QVERIFY(run.report.flash_touched);
    QVERIFY2(run.report.advice.find("flash again") != std::string::npos, run.report.advice.c_str());
    startBoard(board);
    const Run again = flash(board.hostPort(), small_image_, options);
    QVERIFY2(again.report.ok(), again.report.what.c_str());
  }

  void aByteSpoiledInFlashFailsTheVerifyAndASecondFlashSucceeds() {
    QTemporaryDir dir;
    EmulatedBoard board(dir.path());
    startBoard(board, {"--fault", "corrupt-write:4"});
    UartFlashOptions options = quickOptions();
    options.start = false;
    const Run run = flash(board.hostPort(), small_image_, options);
    QCOMPARE(run.report.error, FlashErrorKind::VerifyMismatch);
    // The 4th block starts at 0x08000300; the emulator spoils its byte at offset 17.
    QVERIFY2(run.report.what.find("verify failed: 0x08000311 holds") == 0, run.report.what.c_str());
    QVERIFY2(run.report.what.find("read twice") != std::string::npos, run.report.what.c_str());
    QVERIFY(run.report.flash_touched);
    checkProgress(run);
    const Run again = flash(board.hostPort(), small_image_, options);
    QVERIFY2(again.report.ok(), again.report.what.c_str());
  }

  void wrongChipIsRefusedBeforeAnyErase() {
    QTemporaryDir dir;
    EmulatedBoard board(dir.path());
    startBoard(board, {"--chip-id", "0x419"});  // an STM32F42x/43x (AN2606)
    UartFlashOptions options = quickOptions();
    const Run run = flash(board.hostPort(), small_image_, options);
    QCOMPARE(run.report.error, FlashErrorKind::WrongChip);
    QVERIFY2(run.report.what.find("the board's chip is 0x419") == 0, run.report.what.c_str());
    QVERIFY2(run.report.what.find("the image is for 0x413") != std::string::npos, run.report.what.c_str());
    QCOMPARE(run.report.chip_id, uint16_t(0x419));
    QVERIFY(!run.report.flash_touched);
    QCOMPARE(board.count("erase"), 0);
    QCOMPARE(board.count("write "), 0);
    // The user says go: the F42x's layout starts like the F405's, so sectors 0–1 again.
    options.allow_other_chip = true;
    options.start = false;
    const Run anyway = flash(board.hostPort(), small_image_, options);
    QVERIFY2(anyway.report.ok(), anyway.report.what.c_str());
    QCOMPARE(board.count("erase sectors 0"), 1);
  }

  void badImagesAreRefusedBeforeThePortIsTouched() {
    QTemporaryDir dir;
    EmulatedBoard board(dir.path());
    startBoard(board);
    // 1 MiB + 4 bytes from 0x08000000: past the F405's 1024 KiB flash (RM0090).
    const Run oversized = flash(board.hostPort(), pseudoRandomImage(1024 * 1024 + 4, 7), quickOptions());
    QCOMPARE(oversized.report.error, FlashErrorKind::BadImage);
    QVERIFY2(
        oversized.report.what.find("past the end of the STM32F405/407/415/417's 1024 KiB flash") != std::string::npos,
        oversized.report.what.c_str());
    FirmwareImage bootloader_overlap = small_image_;
    bootloader_overlap.segments[0].address = 0x1FFF0000;  // the ROM bootloader (system memory)
    const Run overlap = flash(board.hostPort(), bootloader_overlap, quickOptions());
    QCOMPARE(overlap.report.error, FlashErrorKind::BadImage);
    QVERIFY2(overlap.report.what.find("system memory") != std::string::npos, overlap.report.what.c_str());
    QCOMPARE(board.count("sync"), 0);  // not a byte reached the board
    QCOMPARE(board.count("erase"), 0);
  }

  void readoutProtectionNeedsConsentAndThenErasesTheChip() {
    QTemporaryDir dir;
    EmulatedBoard board(dir.path());
    startBoard(board, {"--rdp"});
    UartFlashOptions options = quickOptions();
    options.start = false;
    const Run refused = flash(board.hostPort(), small_image_, options);
    QCOMPARE(refused.report.error, FlashErrorKind::ReadoutProtected);
    QVERIFY2(refused.report.advice.find("ERASES THE WHOLE CHIP") != std::string::npos, refused.report.advice.c_str());
    QVERIFY(!refused.report.flash_touched);
    QCOMPARE(board.count("erase"), 0);
    options.remove_readout_protection = true;
    const Run unprotected = flash(board.hostPort(), small_image_, options);
    QVERIFY2(unprotected.report.ok(), unprotected.report.what.c_str());
    QVERIFY(unprotected.logHas("read-out protection removed"));
    QCOMPARE(board.count("rdp off"), 1);
    checkProgress(unprotected);
    board.stop();
    QString why;
    QVERIFY2(flashHolds(board.flash(), small_image_, &why), qPrintable(why));
  }

  void noBootloaderSaysWhatToCheck() {
    QTemporaryDir dir;
    EmulatedBoard board(dir.path());
    startBoard(board);
    board.stop();  // the cable without a board on it: socat alone
    QProcess socat;
    socat.start("socat",
                {"pty,raw,echo=0,link=" + dir.path() + "/lonely", "pty,raw,echo=0,link=" + dir.path() + "/nobody"});
    QVERIFY(socat.waitForStarted());
    QTRY_VERIFY(QFileInfo::exists(dir.path() + "/lonely"));
    const Run run = flash(dir.path() + "/lonely", small_image_, quickOptions());
    QCOMPARE(run.report.error, FlashErrorKind::NoBootloader);
    QVERIFY2(run.report.what.find("no answer to 0x7F on") == 0, run.report.what.c_str());
    // The count the documentation gives: synchronisation attempts (sync_attempts, here 3), told
    // apart from the retries per command (a bare "5 tries" read as contradicting "3 retries").
    QVERIFY2(run.report.what.find("(3 synchronisation attempts, ") != std::string::npos, run.report.what.c_str());
    QVERIFY2(run.report.advice.find("Is BOOT0 high") == 0, run.report.advice.c_str());
    QVERIFY(!run.report.flash_touched);
    socat.terminate();
    socat.waitForFinished();
  }

  void cancelStopsBetweenBlocksAndTheBoardCanBeFlashedAgain() {
    QTemporaryDir dir;
    EmulatedBoard board(dir.path());
    startBoard(board);
    UartFlashOptions options = quickOptions();
    options.start = false;
    std::atomic<bool> cancel{false};
    const Run run = flash(board.hostPort(), small_image_, options, &cancel, [&](const FlashProgress& p) {
      if (p.phase == FlashPhase::Write && p.bytes_done >= 10 * 256) cancel = true;
    });
    QCOMPARE(run.report.error, FlashErrorKind::Cancelled);
    QVERIFY2(run.report.what.find("cancelled during write at 0x08000B00, 11 of 80 blocks written") == 0,
             run.report.what.c_str());
    QVERIFY(run.report.flash_touched);
    QVERIFY2(run.report.advice.find("flash again") != std::string::npos, run.report.advice.c_str());
    checkProgress(run);
    const Run again = flash(board.hostPort(), small_image_, options);
    QVERIFY2(again.report.ok(), again.report.what.c_str());
  }

  void navigatorFlashOnTheSameBoard() {
    QTemporaryDir dir;
    EmulatedBoard board(dir.path());
    startBoard(board);
    const QString cli = QStringLiteral(NAVIGATOR_BIN_DIR "/navigator-flash");
    QProcess p;
    p.start(cli, {board.hostPort(), kBoardElf, "--no-start"});
    QVERIFY(p.waitForFinished(60000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    const QString err = QString::fromUtf8(p.readAllStandardError());
    QVERIFY2(p.exitCode() == 0, qPrintable(err));
    QVERIFY2(out.startsWith(QStringLiteral("flashed and verified %1 bytes").arg(board_image_.totalBytes())),
             qPrintable(out));
    QVERIFY2(err.contains("is a pseudo-terminal: no wire and no parity, so 8N1 instead of 8E1"), qPrintable(err));
    QVERIFY(err.contains("progress: 100 % (done)"));
    p.start(cli, {board.hostPort(), kBoardElf, "--verify-only"});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 0);
    QVERIFY(QString::fromUtf8(p.readAllStandardOutput()).startsWith("verified: the flash holds the image"));
    // Malformed images: exit 1, the file and the place named, before a byte reaches the board.
    // Checksums are the two's complement of the record's byte sum: 04+00+00+00+01+02+03+04 = 0x0E
    // gives 0xF2 (the file says 0xF1); 04+00+00+06+01+02+03+04 = 0x14 gives 0xEC (type 06 does not
    // exist). The ELF is the board image cut at byte 100, inside its program header table
    // (the 52-byte ELF header is followed by 32-byte program headers).
    QFile elf(kBoardElf);
    QVERIFY(elf.open(QIODevice::ReadOnly));
    const QByteArray truncated_elf = elf.read(100);
    const struct {
      const char* name;
      QByteArray bytes;
      const char* message;
    } malformed[] = {
        {"bad.hex", ":0400000001020304F1\n:00000001FF\n", "bad.hex line 1: checksum 0xF1, expected 0xF2"},
        {"record.hex", ":0400000601020304EC\n:00000001FF\n", "record.hex line 1: unknown record type 0x06"},
        {"cut.elf", truncated_elf, "cut.elf: the file ends at offset 100, inside program header"},
    };
    const int lines_before = board.log().size();
    for (const auto& m : malformed) {
      const QString path = dir.path() + "/" + m.name;
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(m.bytes);
      f.close();
      p.start(cli, {board.hostPort(), path});
      QVERIFY(p.waitForFinished(10000));
      QCOMPARE(p.exitCode(), 1);
      const QString err = QString::fromUtf8(p.readAllStandardError());
      QVERIFY2(err.contains(m.message), qPrintable(err));
    }
    QCOMPARE(board.log().size(), lines_before);  // the board heard nothing: no sync, no erase
    p.start(cli, {board.hostPort()});
    QVERIFY(p.waitForFinished(10000));
    QCOMPARE(p.exitCode(), 2);
    board.stop();
    QString why;
    QVERIFY2(flashHolds(board.flash(), board_image_, &why), qPrintable(why));
  }
};

QTEST_GUILESS_MAIN(UartFlasherTest)
#include "uart_flasher_test.moc"
