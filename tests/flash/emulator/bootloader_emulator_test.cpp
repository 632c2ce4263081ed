// test_bootloader_emulator, part 1: the emulator against Debian's stm32flash (see
// bootloader_emulator_test.h).
#include "bootloader_emulator_test.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "emulated_board.h"

namespace navigator::test {

QByteArray pseudoRandomImage(qsizetype size_bytes, quint32 seed) {
  QByteArray image(size_bytes, '\0');
  quint32 x = seed;
  for (qsizetype i = 0; i < size_bytes; ++i) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    image[i] = static_cast<char>(x & 0xFF);
  }
  return image;
}

bool writeFile(const QString& path, const QByteArray& bytes) {
  QFile file(path);
  return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

QByteArray readFile(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

Stm32flashRun stm32flash(const QString& port, const QStringList& args) {
  QProcess process;
  process.setProcessChannelMode(QProcess::MergedChannels);
  process.start(QStringLiteral("stm32flash"), QStringList{QStringLiteral("-m"), QStringLiteral("8n1"),
                                                          QStringLiteral("-b"), QStringLiteral("115200")} +
                                                  args + QStringList{port});
  Stm32flashRun run;
  if (!process.waitForStarted(5000) || !process.waitForFinished(60000)) {
    process.kill();
    process.waitForFinished(3000);
    run.output = QStringLiteral("stm32flash did not finish within 60 s");
    return run;
  }
  run.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
  run.output = QString::fromLocal8Bit(process.readAll()).replace('\r', '\n');
  return run;
}

namespace {

// The sectors an image of `size_bytes` at 0x08000000 touches, from RM0090's layout of the
// STM32F405's 1 MiB (sectors 0-3 16 KiB, 4 64 KiB, 5-11 128 KiB), as "0,1,2".
QString sectorsCovering(qsizetype size_bytes) {
  const qsizetype sizes_kib[12] = {16, 16, 16, 16, 64, 128, 128, 128, 128, 128, 128, 128};
  QStringList sectors;
  qsizetype start = 0;
  for (int i = 0; i < 12 && start < size_bytes; ++i) {
    sectors << QString::number(i);
    start += sizes_kib[i] * 1024;
  }
  return sectors.join(',');
}

using Run = Stm32flashRun;

}  // namespace

void BootloaderEmulatorTest::initTestCase() {
  NAVIGATOR_REQUIRE_PROGRAM("stm32flash");  // the reference host the emulator is checked against
  NAVIGATOR_REQUIRE_EMULATED_BOARD();
}

void BootloaderEmulatorTest::identifiesAsStm32F405() {
  QTemporaryDir dir;
  EmulatedBoard board(dir.path());
  QVERIFY2(board.start(), qPrintable(board.error()));
  const Run run = stm32flash(board.hostPort(), {});
  QCOMPARE(run.exit_code, 0);
  // stm32flash's device table names 0x413 "STM32F40xxx/41xxx" (AN2606's product id of the
  // STM32F405/407/415/417); 0x31 = bootloader version 3.1 (AN2606 for these parts).
  QVERIFY2(run.output.contains(QStringLiteral("Device ID    : 0x0413 (STM32F40xxx/41xxx)")), qPrintable(run.output));
  QVERIFY2(run.output.contains(QStringLiteral("Version      : 0x31")), qPrintable(run.output));
  // AN3155: GET VERSION's two option bytes are 0x00.
  QVERIFY(run.output.contains(QStringLiteral("Option 1     : 0x00")));
  QVERIFY(run.output.contains(QStringLiteral("Option 2     : 0x00")));
  // stm32flash's order: sync, GET VERSION, GET, GET ID.
  const QStringList log = board.log();
  QCOMPARE(log.mid(1, 4), (QStringList{"sync", "get_version", "get", "get_id 0x0413"}));
}

void BootloaderEmulatorTest::writeVerifyAndReadBack_data() {
  QTest::addColumn<QByteArray>("image");
  QTest::addColumn<QString>("sectors");
  // The project's board image when the ARM cross compiler built it, else 100 KiB of its own.
  const QByteArray board_image = readFile(QStringLiteral(NAVIGATOR_BOARD_IMAGE));
  if (!board_image.isEmpty()) {
    qInfo("board image %s: %lld bytes", NAVIGATOR_BOARD_IMAGE, static_cast<long long>(board_image.size()));
    // Today's image is 43164 bytes: 32 KiB < 43164 <= 48 KiB, so sectors 0, 1 and 2 (16 KiB each).
    QTest::newRow("board image") << board_image << sectorsCovering(board_image.size());
  } else {
    // 100 KiB = 102400 bytes: sectors 0-3 hold 64 KiB, sector 4 (64 KiB) the rest.
    QTest::newRow("100 KiB") << pseudoRandomImage(100 * 1024, 0x5EED0001) << QStringLiteral("0,1,2,3,4");
  }
  // 256 KiB: sectors 0-4 hold 128 KiB, sector 5 (128 KiB) the rest, exactly; 6-11 untouched.
  QTest::newRow("256 KiB") << pseudoRandomImage(256 * 1024, 0x5EED0002) << QStringLiteral("0,1,2,3,4,5");
}

void BootloaderEmulatorTest::writeVerifyAndReadBack() {
  QFETCH(QByteArray, image);
  QFETCH(QString, sectors);
  QCOMPARE(sectorsCovering(image.size()), sectors);
  QTemporaryDir dir;
  const QString image_file = dir.filePath(QStringLiteral("image.bin"));
  QVERIFY(writeFile(image_file, image));
  EmulatedBoard board(dir.path());
  QVERIFY2(board.start(), qPrintable(board.error()));

  const Run write = stm32flash(board.hostPort(), {QStringLiteral("-w"), image_file, QStringLiteral("-v")});
  QVERIFY2(write.exit_code == 0, qPrintable(write.output));
  // stm32flash erases the sectors the image covers (no mass erase) and writes 256-byte blocks.
  QCOMPARE(board.count(QStringLiteral("erase ")), 1);
  QCOMPARE(board.count(QStringLiteral("erase sectors ") + sectors), 1);
  const int blocks = static_cast<int>((image.size() + 255) / 256);
  QCOMPARE(board.count(QStringLiteral("write 0x08")), blocks);
  QCOMPARE(board.count(QStringLiteral("read 0x08")), blocks);  // -v reads every block back
  QCOMPARE(board.count(QStringLiteral("nack")), 0);

  QVERIFY(board.restart());  // a reset: a fresh 0x7F sync for the next session
  const QString out_file = dir.filePath(QStringLiteral("out.bin"));
  const Run read = stm32flash(board.hostPort(), {QStringLiteral("-r"), out_file, QStringLiteral("-S"),
                                                 QStringLiteral("0x08000000:%1").arg(image.size())});
  QVERIFY2(read.exit_code == 0, qPrintable(read.output));
  QVERIFY(readFile(out_file) == image);

  board.stop();
  QVERIFY2(board.sanitizerReport().isEmpty(), qPrintable(board.sanitizerReport()));
  const QByteArray flash = board.flash();
  QCOMPARE(flash.size(), kFlashSizeBytes);
  QVERIFY(flash.left(image.size()) == image);
  QVERIFY(flash.mid(image.size()) == QByteArray(kFlashSizeBytes - image.size(), '\xFF'));  // erased state
}

void BootloaderEmulatorTest::readoutProtection() {
  QTemporaryDir dir;
  const QString image_file = dir.filePath(QStringLiteral("image.bin"));
  const QByteArray image = pseudoRandomImage(20 * 1024, 0x5EED0003);
  QVERIFY(writeFile(image_file, image));
  EmulatedBoard board(dir.path());
  QVERIFY2(board.start(), qPrintable(board.error()));
  QCOMPARE(stm32flash(board.hostPort(), {QStringLiteral("-w"), image_file}).exit_code, 0);

  // A protected board (RDP level 1): AN3155 NACKs READ MEMORY at its command byte.
  QVERIFY(board.restart({QStringLiteral("--rdp")}));
  const QString out_file = dir.filePath(QStringLiteral("out.bin"));
  const QStringList read_args{QStringLiteral("-r"), out_file, QStringLiteral("-S"), QStringLiteral("0x08000000:4096")};
  const Run refused = stm32flash(board.hostPort(), read_args);
  QVERIFY(refused.exit_code != 0);
  QVERIFY2(refused.output.contains(QStringLiteral("Got NACK from device on command 0x11")), qPrintable(refused.output));
  QCOMPARE(board.count(QStringLiteral("nack READ MEMORY (0x11) refused: read-out protection")), 1);
  QCOMPARE(board.count(QStringLiteral("read ")), 0);

  // -k: READOUT UNPROTECT: ACK, mass erase, RDP off, ACK, system reset.
  QVERIFY(board.restart({QStringLiteral("--rdp")}));
  const Run unprotect = stm32flash(board.hostPort(), {QStringLiteral("-k")});
  QVERIFY2(unprotect.exit_code == 0, qPrintable(unprotect.output));
  QVERIFY(board.waitForLine(QStringLiteral("reset"), 3000));
  QCOMPARE(board.count(QStringLiteral("erase mass")), 1);
  QCOMPARE(board.count(QStringLiteral("rdp off")), 1);
  // The same board after its reset (a new 0x7F sync): readable again, and erased.
  const Run read = stm32flash(board.hostPort(), {QStringLiteral("-r"), out_file});
  QVERIFY2(read.exit_code == 0, qPrintable(read.output));
  QCOMPARE(board.count(QStringLiteral("sync")), 2);
  QVERIFY(readFile(out_file) == QByteArray(kFlashSizeBytes, '\xFF'));

  // -j: READOUT PROTECT, then reset; reads are refused again.
  QCOMPARE(stm32flash(board.hostPort(), {QStringLiteral("-j")}).exit_code, 0);
  QVERIFY(board.waitForLine(QStringLiteral("rdp on"), 3000));
  QVERIFY(stm32flash(board.hostPort(), read_args).exit_code != 0);
  board.stop();
  QVERIFY2(board.sanitizerReport().isEmpty(), qPrintable(board.sanitizerReport()));
  QVERIFY(board.flash() == QByteArray(kFlashSizeBytes, '\xFF'));
}

void BootloaderEmulatorTest::faultNack() {
  QTemporaryDir dir;
  const QString image_file = dir.filePath(QStringLiteral("image.bin"));
  QVERIFY(writeFile(image_file, pseudoRandomImage(4096, 0x5EED0004)));
  EmulatedBoard board(dir.path());
  QVERIFY2(board.start({QStringLiteral("--fault"), QStringLiteral("nack:0x31:3")}), qPrintable(board.error()));
  const Run run = stm32flash(board.hostPort(), {QStringLiteral("-w"), image_file});
  // The 3rd WRITE MEMORY is the block at 0x08000000 + 2 x 256 = 0x08000200.
  QVERIFY(run.exit_code != 0);
  QVERIFY2(run.output.contains(QStringLiteral("Got NACK from device on command 0x31")), qPrintable(run.output));
  QVERIFY(run.output.contains(QStringLiteral("Failed to write memory at address 0x08000200")));
  QCOMPARE(board.count(QStringLiteral("fault nack:0x31:3")), 1);
  QCOMPARE(board.count(QStringLiteral("write ")), 2);
}

void BootloaderEmulatorTest::faultSilence() {
  QTemporaryDir dir;
  EmulatedBoard board(dir.path());
  QVERIFY2(board.start({QStringLiteral("--fault"), QStringLiteral("silence:0x11:2")}), qPrintable(board.error()));
  const QString out_file = dir.filePath(QStringLiteral("out.bin"));
  const QStringList read_args{QStringLiteral("-r"), out_file, QStringLiteral("-S"), QStringLiteral("0x08000000:1024")};
  const Run silenced = stm32flash(board.hostPort(), read_args);
  // The 2nd READ MEMORY (the block at 0x08000100) is never answered: stm32flash times out.
  QVERIFY(silenced.exit_code != 0);
  QVERIFY2(silenced.output.contains(QStringLiteral("Failed to read memory at address 0x08000100")),
           qPrintable(silenced.output));
  QCOMPARE(board.count(QStringLiteral("fault silence:0x11:2")), 1);
  // The board still answers: a new session (which finds it synced) reads all 4 blocks.
  const Run again = stm32flash(board.hostPort(), read_args);
  QVERIFY2(again.exit_code == 0, qPrintable(again.output));
  // Its 0x7F was taken for a command byte, its second 0x7F made the pair 0x7F 0x7F: NACK, which
  // stm32flash takes as "already synced".
  QCOMPARE(board.count(QStringLiteral("nack command byte 0x7F with complement 0x7F")), 1);
  QCOMPARE(board.count(QStringLiteral("read ")), 1 + 4);
}

void BootloaderEmulatorTest::faultDeaf() {
  QTemporaryDir dir;
  EmulatedBoard board(dir.path());
  QVERIFY2(board.start({QStringLiteral("--fault"), QStringLiteral("deaf:0x11:1")}), qPrintable(board.error()));
  const QStringList read_args{QStringLiteral("-r"), dir.filePath(QStringLiteral("out.bin")), QStringLiteral("-S"),
                              QStringLiteral("0x08000000:256")};
  const Run first = stm32flash(board.hostPort(), read_args);
  QVERIFY(first.exit_code != 0);
  QVERIFY2(first.output.contains(QStringLiteral("Failed to read memory at address 0x08000000")),
           qPrintable(first.output));
  // A hung board: not even the sync of a new session is answered.
  const Run second = stm32flash(board.hostPort(), read_args);
  QVERIFY(second.exit_code != 0);
  QVERIFY2(second.output.contains(QStringLiteral("Failed to init device")), qPrintable(second.output));
  QCOMPARE(board.count(QStringLiteral("fault deaf:0x11:1")), 1);
  QCOMPARE(board.count(QStringLiteral("sync")), 1);
  QCOMPARE(board.count(QStringLiteral("read ")), 0);
}

void BootloaderEmulatorTest::faultDisconnect() {
  QTemporaryDir dir;
  const QString image_file = dir.filePath(QStringLiteral("image.bin"));
  const QByteArray image = pseudoRandomImage(4096, 0x5EED0005);
  QVERIFY(writeFile(image_file, image));
  EmulatedBoard board(dir.path());
  QVERIFY2(board.start({QStringLiteral("--fault"), QStringLiteral("disconnect:0x31:2")}), qPrintable(board.error()));
  const Run run = stm32flash(board.hostPort(), {QStringLiteral("-w"), image_file});
  QVERIFY(run.exit_code != 0);
  QVERIFY2(run.output.contains(QStringLiteral("Failed to write memory at address 0x08000100")), qPrintable(run.output));
  QVERIFY(board.waitForExit(5000));
  QCOMPARE(board.exitCode(), 3);
  QCOMPARE(board.count(QStringLiteral("exit disconnect")), 1);
  QVERIFY2(board.sanitizerReport().isEmpty(), qPrintable(board.sanitizerReport()));
  // What the interrupted flash left: sector 0 erased, the 1st block programmed, nothing else.
  const QByteArray flash = board.flash();
  QCOMPARE(flash.size(), kFlashSizeBytes);
  QVERIFY(flash.left(256) == image.left(256));
  QVERIFY(flash.mid(256) == QByteArray(kFlashSizeBytes - 256, '\xFF'));
}

void BootloaderEmulatorTest::faultCorruptWrite() {
  QTemporaryDir dir;
  const QString image_file = dir.filePath(QStringLiteral("image.bin"));
  const QByteArray image = pseudoRandomImage(4096, 0x5EED0006);
  QVERIFY(writeFile(image_file, image));
  EmulatedBoard board(dir.path());
  // -n 0: no retry, so stm32flash's verify reports the first difference. The 2nd block starts at
  // 0x08000100; the fault changes its byte 17 (0x08000111) to value XOR 0x5A (the sector is
  // erased, so every value is programmable).
  QVERIFY2(board.start({QStringLiteral("--fault"), QStringLiteral("corrupt-write:2")}), qPrintable(board.error()));
  const Run run = stm32flash(board.hostPort(), {QStringLiteral("-w"), image_file, QStringLiteral("-v"),
                                                QStringLiteral("-n"), QStringLiteral("0")});
  QVERIFY(run.exit_code != 0);
  const auto expected = static_cast<quint8>(image[0x111]);
  const QString message = QStringLiteral("Failed to verify at address 0x08000111, expected 0x%1 and found 0x%2")
                              .arg(expected, 2, 16, QLatin1Char('0'))
                              .arg(expected ^ 0x5A, 2, 16, QLatin1Char('0'));
  QVERIFY2(run.output.contains(message), qPrintable(message + QStringLiteral(" in: ") + run.output));
  QCOMPARE(board.count(QStringLiteral("fault corrupt-write:2")), 1);

  // With retries, stm32flash writes the block again: the flash cannot turn the changed byte's
  // cleared bits back to 1 without an erase, so the emulator refuses (NACK) and it fails.
  QVERIFY(board.restart({QStringLiteral("--fault"), QStringLiteral("corrupt-write:2")}));
  const Run retried = stm32flash(board.hostPort(), {QStringLiteral("-w"), image_file, QStringLiteral("-v")});
  QVERIFY(retried.exit_code != 0);
  QVERIFY(retried.output.contains(QStringLiteral("Failed to write memory at address 0x08000100")));
  QCOMPARE(board.count(QStringLiteral("nack WRITE MEMORY: programming flash would need a 0->1 bit at 0x08000111")), 1);
}

void BootloaderEmulatorTest::faultCorruptRead() {
  QTemporaryDir dir;
  const QString image_file = dir.filePath(QStringLiteral("image.bin"));
  const QByteArray image = pseudoRandomImage(4096, 0x5EED0007);
  QVERIFY(writeFile(image_file, image));
  EmulatedBoard board(dir.path());
  // The 1st READ MEMORY (the verify of block 0x08000000) sends byte 17 XOR 0x5A: stm32flash
  // writes the block again (the same data is programmable over itself) and verifies it.
  QVERIFY2(board.start({QStringLiteral("--fault"), QStringLiteral("corrupt-read:1")}), qPrintable(board.error()));
  const Run run = stm32flash(board.hostPort(), {QStringLiteral("-w"), image_file, QStringLiteral("-v")});
  QVERIFY2(run.exit_code == 0, qPrintable(run.output));
  QCOMPARE(board.count(QStringLiteral("fault corrupt-read:1")), 1);
  QCOMPARE(board.count(QStringLiteral("write 0x08000000 256")), 2);
  QCOMPARE(board.count(QStringLiteral("write ")), 4096 / 256 + 1);
  board.stop();
  QVERIFY(board.flash().left(image.size()) == image);  // the flash was right all along
}

}  // namespace navigator::test

QTEST_GUILESS_MAIN(navigator::test::BootloaderEmulatorTest)
