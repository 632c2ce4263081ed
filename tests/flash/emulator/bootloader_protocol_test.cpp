// test_bootloader_emulator, part 2: AN3155 byte by byte where stm32flash does not go, the
// virtual wire's pacing and the flash timings on a clock the test drives (see
// bootloader_emulator_test.h). Expected bytes are AN3155's: ACK 0x79, NACK 0x1F, a command is
// its code and the code's complement.
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "bootloader_emulator_test.h"
#include "emulated_board.h"
#include "in_process_board.h"
#include "raw_host_port.h"

namespace navigator::test {

namespace {

constexpr int kAck = 0x79;
constexpr int kNack = 0x1F;

QByteArray bytes(std::initializer_list<quint8> list) {
  QByteArray out;
  for (quint8 b : list) out.append(static_cast<char>(b));
  return out;
}

// Sends `request` and returns the `reply_size` bytes that came back within 3 s.
QByteArray exchange(RawHostPort& port, const QByteArray& request, qsizetype reply_size) {
  if (!port.send(request)) return {};
  return port.receive(reply_size, 3000);
}

QByteArray withXor(QByteArray frame, quint8 start = 0) {
  quint8 x = start;
  for (char c : frame) x ^= static_cast<quint8>(c);
  frame.append(static_cast<char>(x));
  return frame;
}

// WRITE MEMORY of `data` at `address`: the reply to the last frame (ACK, NACK or -1).
int writeMemory(RawHostPort& port, quint32 address, const QByteArray& data) {
  if (exchange(port, bytes({0x31, 0xCE}), 1) != bytes({kAck})) return -2;
  const QByteArray answer = exchange(port, addressFrame(address), 1);
  if (answer != bytes({kAck})) return answer.isEmpty() ? -1 : static_cast<quint8>(answer[0]);
  QByteArray frame;
  frame.append(static_cast<char>(data.size() - 1));
  frame.append(data);
  return port.send(withXor(frame)) ? port.receiveByte() : -1;
}

// READ MEMORY of `length` bytes at `address` (empty on any refusal).
QByteArray readMemory(RawHostPort& port, quint32 address, int length) {
  if (exchange(port, bytes({0x11, 0xEE}), 1) != bytes({kAck})) return {};
  if (exchange(port, addressFrame(address), 1) != bytes({kAck})) return {};
  const auto n = static_cast<quint8>(length - 1);
  const QByteArray reply = exchange(port, bytes({n, static_cast<quint8>(n ^ 0xFF)}), 1 + length);
  return reply.startsWith(static_cast<char>(kAck)) ? reply.mid(1) : QByteArray();
}

}  // namespace

void BootloaderEmulatorTest::getListsTheV31Commands() {
  QTemporaryDir dir;
  EmulatedBoard board(dir.path());
  QVERIFY2(board.start({QStringLiteral("--chip-id"), QStringLiteral("0x419")}), qPrintable(board.error()));
  RawHostPort port(board.hostPort());
  QVERIFY(port.isOpen());
  QCOMPARE(exchange(port, bytes({0x7F}), 1), bytes({kAck}));
  // GET: ACK, N = 11 (12 bytes follow), version 0x31, the 11 commands of v3.1 with EXTENDED
  // ERASE 0x44 (AN3155 table 2), ACK.
  QCOMPARE(exchange(port, bytes({0x00, 0xFF}), 15),
           bytes({kAck, 0x0B, 0x31, 0x00, 0x01, 0x02, 0x11, 0x21, 0x31, 0x44, 0x63, 0x73, 0x82, 0x92, kAck}));
  // GET VERSION: ACK, version, option bytes 0x00 0x00, ACK.
  QCOMPARE(exchange(port, bytes({0x01, 0xFE}), 5), bytes({kAck, 0x31, 0x00, 0x00, kAck}));
  // GET ID: ACK, N = 1, the product id MSB first (--chip-id 0x419 here), ACK.
  QCOMPARE(exchange(port, bytes({0x02, 0xFD}), 5), bytes({kAck, 0x01, 0x04, 0x19, kAck}));
  QCOMPARE(board.count(QStringLiteral("get_id 0x0419")), 1);
  // The flash size register F_SIZE at 0x1FFF7A22 (RM0090 39.2): 0x0400 KiB, little endian.
  QCOMPARE(readMemory(port, 0x1FFF7A22, 2), bytes({0x00, 0x04}));
}

void BootloaderEmulatorTest::refusalsAreNacked() {
  QTemporaryDir dir;
  EmulatedBoard board(dir.path());
  QVERIFY2(board.start(), qPrintable(board.error()));
  RawHostPort port(board.hostPort());
  QCOMPARE(exchange(port, bytes({0x7F}), 1), bytes({kAck}));
  int nacks = 0;
  // A bad complement; ERASE 0x43 (not on an extended-erase bootloader); 0x7F 0x7F after the sync.
  QCOMPARE(exchange(port, bytes({0x00, 0x00}), 1), bytes({kNack}));
  QCOMPARE(exchange(port, bytes({0x43, 0xBC}), 1), bytes({kNack}));
  QCOMPARE(exchange(port, bytes({0x7F, 0x7F}), 1), bytes({kNack}));
  nacks += 3;
  // READ MEMORY with a wrong address checksum (0x08 ^ 0 ^ 0 ^ 0 = 0x08, 0x09 sent).
  QCOMPARE(exchange(port, bytes({0x11, 0xEE}), 1), bytes({kAck}));
  QCOMPARE(exchange(port, bytes({0x08, 0x00, 0x00, 0x00, 0x09}), 1), bytes({kNack}));
  ++nacks;
  // READ MEMORY of 256 bytes at 0x080FFF80: 128 bytes past the flash's end, NACK at the length.
  QCOMPARE(exchange(port, bytes({0x11, 0xEE}), 1), bytes({kAck}));
  QCOMPARE(exchange(port, addressFrame(0x080FFF80), 1), bytes({kAck}));
  QCOMPARE(exchange(port, bytes({0xFF, 0x00}), 1), bytes({kNack}));
  ++nacks;
  // WRITE MEMORY into the bootloader's 12 KiB of RAM (AN2606): NACK at the address; above it fine.
  QCOMPARE(writeMemory(port, 0x20000000, bytes({1, 2, 3, 4})), kNack);
  ++nacks;
  QCOMPARE(writeMemory(port, 0x20003000, bytes({1, 2, 3, 4})), kAck);
  QCOMPARE(readMemory(port, 0x20003000, 4), bytes({1, 2, 3, 4}));
  // Flash: 0xFF -> 0x00 programs; 0x00 -> 0xFF would need an erase: NACK, the cell keeps 0x00.
  QCOMPARE(writeMemory(port, 0x08000000, bytes({0x00, 0x00, 0x00, 0x00})), kAck);
  QCOMPARE(writeMemory(port, 0x08000000, bytes({0xFF, 0xFF, 0xFF, 0xFF})), kNack);
  QCOMPARE(board.count(QStringLiteral("nack WRITE MEMORY: programming flash would need a 0->1 bit at 0x08000000")), 1);
  QCOMPARE(readMemory(port, 0x08000000, 4), bytes({0x00, 0x00, 0x00, 0x00}));
  // Flash programming is by 32-bit words (x32): 3 bytes are refused after the data.
  QCOMPARE(writeMemory(port, 0x08000004, bytes({1, 2, 3})), kNack);
  // A bad data checksum.
  QCOMPARE(exchange(port, bytes({0x31, 0xCE}), 1), bytes({kAck}));
  QCOMPARE(exchange(port, addressFrame(0x08000010), 1), bytes({kAck}));
  QCOMPARE(exchange(port, bytes({0x03, 1, 2, 3, 4, 0x00}), 1), bytes({kNack}));
  nacks += 3;
  // EXTENDED ERASE: bank erase 0xFFFE (checksum 0x01) on a single-bank part; sector 12 (there
  // are 0-11); a bad checksum; then sector 0 (N = 0, page 0, checksum 0x00) is erased.
  QCOMPARE(exchange(port, bytes({0x44, 0xBB}), 1), bytes({kAck}));
  QCOMPARE(exchange(port, bytes({0xFF, 0xFE, 0x01}), 1), bytes({kNack}));
  QCOMPARE(exchange(port, bytes({0x44, 0xBB}), 1), bytes({kAck}));
  QCOMPARE(exchange(port, bytes({0x00, 0x00, 0x00, 0x0C, 0x0C}), 1), bytes({kNack}));
  QCOMPARE(exchange(port, bytes({0x44, 0xBB}), 1), bytes({kAck}));
  QCOMPARE(exchange(port, bytes({0x00, 0x00, 0x00, 0x00, 0x55}), 1), bytes({kNack}));
  nacks += 3;
  QCOMPARE(board.count(QStringLiteral("erase ")), 0);
  QCOMPARE(exchange(port, bytes({0x44, 0xBB}), 1), bytes({kAck}));
  QCOMPARE(exchange(port, bytes({0x00, 0x00, 0x00, 0x00, 0x00}), 1), bytes({kAck}));
  QCOMPARE(board.count(QStringLiteral("erase sectors 0")), 1);
  QCOMPARE(readMemory(port, 0x08000000, 4), bytes({0xFF, 0xFF, 0xFF, 0xFF}));
  QCOMPARE(board.count(QStringLiteral("nack ")), nacks);

  // WRITE PROTECT sector 1 (N = 0, code 1, checksum 0x01): ACK, ACK, then a reset (0x7F again).
  // AN3155: a write to a protected sector returns no error, and nothing is programmed.
  QCOMPARE(exchange(port, bytes({0x63, 0x9C}), 1), bytes({kAck}));
  QCOMPARE(exchange(port, bytes({0x00, 0x01, 0x01}), 1), bytes({kAck}));
  QVERIFY(board.waitForLine(QStringLiteral("reset"), 2000));
  QCOMPARE(exchange(port, bytes({0x7F}), 1), bytes({kAck}));
  QCOMPARE(writeMemory(port, 0x08004000, bytes({0x12, 0x34, 0x56, 0x78})), kAck);
  QCOMPARE(readMemory(port, 0x08004000, 4), bytes({0xFF, 0xFF, 0xFF, 0xFF}));
  QCOMPARE(exchange(port, bytes({0x73, 0x8C}), 2), bytes({kAck, kAck}));  // WRITE UNPROTECT
  QCOMPARE(exchange(port, bytes({0x7F}), 1), bytes({kAck}));
  QCOMPARE(writeMemory(port, 0x08004000, bytes({0x12, 0x34, 0x56, 0x78})), kAck);
  QCOMPARE(readMemory(port, 0x08004000, 4), bytes({0x12, 0x34, 0x56, 0x78}));
  board.stop();
  QVERIFY2(board.sanitizerReport().isEmpty(), qPrintable(board.sanitizerReport()));
}

void BootloaderEmulatorTest::goStartsTheApplication() {
  QTemporaryDir dir;
  EmulatedBoard board(dir.path());
  QVERIFY2(board.start(), qPrintable(board.error()));
  RawHostPort port(board.hostPort());
  QCOMPARE(exchange(port, bytes({0x7F}), 1), bytes({kAck}));
  QCOMPARE(writeMemory(port, 0x08000000, bytes({0x00, 0x10, 0x00, 0x20})), kAck);  // a stack pointer
  // GO into system memory is refused; GO 0x08000000: ACK, ACK, and the application "runs".
  QCOMPARE(exchange(port, bytes({0x21, 0xDE}), 1), bytes({kAck}));
  QCOMPARE(exchange(port, addressFrame(0x1FFF0000), 1), bytes({kNack}));
  QCOMPARE(exchange(port, bytes({0x21, 0xDE}), 1), bytes({kAck}));
  QCOMPARE(exchange(port, addressFrame(0x08000000), 1), bytes({kAck}));
  QVERIFY(board.waitForExit(5000));
  QCOMPARE(board.exitCode(), 0);
  QCOMPARE(board.count(QStringLiteral("go 0x08000000")), 1);
  QCOMPARE(board.count(QStringLiteral("exit go")), 1);
  QCOMPARE(board.flash().left(4), bytes({0x00, 0x10, 0x00, 0x20}));  // saved on the way out
  QVERIFY2(board.sanitizerReport().isEmpty(), qPrintable(board.sanitizerReport()));
}

void BootloaderEmulatorTest::optionBytesWrite() {
  QTemporaryDir dir;
  EmulatedBoard board(dir.path());
  QVERIFY2(board.start(), qPrintable(board.error()));
  RawHostPort port(board.hostPort());
  QCOMPARE(exchange(port, bytes({0x7F}), 1), bytes({kAck}));
  // RM0090 3.7.1: 0x1FFFC000 USER (0xEC: nRST_STDBY, nRST_STOP, WDG_SW set, BOR off), 0x1FFFC001
  // RDP (0xAA = level 0), 0x1FFFC008-9 nWRP (bit i = 0: sector i protected; 0x0FFF = none).
  const QByteArray factory = readMemory(port, 0x1FFFC000, 16);
  QCOMPARE(factory.size(), 16);
  QCOMPARE(factory.left(2), bytes({0xEC, 0xAA}));
  QCOMPARE(factory.mid(8, 2), bytes({0xFF, 0x0F}));
  // AN3155: a WRITE MEMORY to the option bytes erases them all, writes the new values, ACKs and
  // resets. Here: write-protect sector 0 (nWRP 0x0FFE), RDP stays level 0.
  QByteArray options(16, '\xFF');
  options[0] = '\xEC';
  options[1] = '\xAA';
  options[8] = '\xFE';
  options[9] = '\x0F';
  QCOMPARE(writeMemory(port, 0x1FFFC000, options), kAck);
  QVERIFY(board.waitForLine(QStringLiteral("reset"), 2000));
  QCOMPARE(exchange(port, bytes({0x7F}), 1), bytes({kAck}));
  QCOMPARE(readMemory(port, 0x1FFFC000, 16), options);
  // Sector 0 is now protected: no error (AN3155), nothing programmed; sector 1 programs.
  QCOMPARE(writeMemory(port, 0x08000000, bytes({0x01, 0x02, 0x03, 0x04})), kAck);
  QCOMPARE(readMemory(port, 0x08000000, 4), bytes({0xFF, 0xFF, 0xFF, 0xFF}));
  QCOMPARE(writeMemory(port, 0x08004000, bytes({0x01, 0x02, 0x03, 0x04})), kAck);
  QCOMPARE(readMemory(port, 0x08004000, 4), bytes({0x01, 0x02, 0x03, 0x04}));
  QCOMPARE(board.count(QStringLiteral("note write-protected sectors 0 not programmed")), 1);
}

void BootloaderEmulatorTest::badArgumentsAreRefused() {
  QTemporaryDir dir;
  const QString short_flash = dir.filePath(QStringLiteral("short.bin"));
  QVERIFY(writeFile(short_flash, QByteArray(1000, '\xFF')));
  struct Case {
    QStringList args;
    QString message;
  };
  const QList<Case> cases = {
      {{"--port", "/dev/null", "--fault", "bogus:1"}, "--fault 'bogus:1': unknown kind 'bogus'"},
      {{"--port", "/dev/null", "--fault", "nack:0x31"}, "--fault 'nack:0x31': expected nack:CMD:N"},
      {{"--port", "/dev/null", "--fault", "silence:0x131:1"}, "command '0x131' is not a byte"},
      {{"--port", "/dev/null", "--fault", "corrupt-read:0"}, "occurrence '0' is not a whole number >= 1"},
      {{"--port", "/dev/null", "--baud", "fast"}, "--baud 'fast' is not a baud rate"},
      {{"--port", "/dev/null", "--flash-timing", "slow"}, "--flash-timing 'slow': expected none or typical"},
      {{"--flash-file", short_flash}, "--port PATH is required"},
      {{"--port", "/dev/null", "--flash-file", short_flash}, "short.bin: holds 1000 bytes, expected 1048576"},
      {{"--port", "/dev/null"}, "--port /dev/null: not a terminal"},
      {{"--port", dir.filePath("missing")}, "missing: cannot open: No such file or directory"},
  };
  for (const Case& c : cases) {
    QProcess emulator;
    emulator.setProcessChannelMode(QProcess::MergedChannels);
    emulator.start(EmulatedBoard::emulatorPath(), c.args);
    QVERIFY(emulator.waitForFinished(5000));
    const QString output = QString::fromLocal8Bit(emulator.readAll());
    QCOMPARE(emulator.exitCode(), 2);
    QVERIFY2(output.contains(c.message), qPrintable(c.args.join(' ') + QStringLiteral(" -> ") + output));
  }
}

void BootloaderEmulatorTest::pacingAt115200Baud() {
  // The wire's pacing on a clock the test drives (in_process_board.h): exact, whatever the load.
  InProcessBoard board(115200, flash_emu::FlashTiming::None);
  QVERIFY2(board.error().empty(), board.error().c_str());
  // The sync byte, then 8 READ MEMORY of 256 bytes (command 2, address 5, length 2: 9 bytes
  // each), all queued at once. At 115200 baud, 8E1 = 11 bits a byte, T = 11/115200 s; the wire
  // keeps whole nanoseconds, T = 95486 ns. The sync is in at T. From there, the closed form of
  // the 8 reads: the 1st read's 9 bytes are in after 9T (its ACKs go out meanwhile), the 3rd ACK
  // takes 1T and the 256 data 256T: done at 266T. The other 7 were received in the meantime, so
  // their 3 ACKs + 256 data follow back to back: 7 x 259T. (266 + 7 x 259) T = 2079 T = 198.5 ms
  // after the sync, 2080 T from the start.
  constexpr int kReads = 8;
  constexpr std::chrono::nanoseconds kByteTime(11'000'000'000LL / 115200);
  QCOMPARE(kByteTime.count(), 95486);
  QByteArray requests = bytes({0x7F});
  for (int i = 0; i < kReads; ++i)
    requests += bytes({0x11, 0xEE}) + addressFrame(0x08000000 + 256u * static_cast<quint32>(i)) + bytes({0xFF, 0x00});
  QVERIFY(board.start(requests));
  const QByteArray replies = board.receive(1 + kReads * 259);
  QCOMPARE(replies.size(), 1 + kReads * 259);
  QCOMPARE(replies.left(5), bytes({kAck, kAck, kAck, kAck, 0xFF}));  // the sync's ACK, then erased flash
  QCOMPARE(board.elapsed().count(), ((1 + 266 + (kReads - 1) * 259) * kByteTime).count());
  qInfo("8 pipelined reads of 256 bytes at 115200 baud: %.3f ms of wire time after the sync (closed form %.3f ms)",
        double((board.elapsed() - kByteTime).count()) * 1e-6, 2079 * 11 / 115200.0 * 1e3);
}

void BootloaderEmulatorTest::typicalSectorEraseTime() {
  // The flash timings on a clock the test drives (in_process_board.h): no pacing (baud 0), so the
  // wire's clock moves only while the flash is busy.
  InProcessBoard board(0, flash_emu::FlashTiming::Typical);
  QVERIFY2(board.error().empty(), board.error().c_str());
  // Sync, EXTENDED ERASE, sectors 0 (16 KiB) and 4 (64 KiB): N = 1, pages 0 and 4, checksum
  // 0x01 ^ 0x04 = 0x05. DS8626 typical erase times at x32 parallelism (flash_timing.h): 250 ms
  // + 550 ms = 800 ms until the last ACK.
  QVERIFY(board.start(bytes({0x7F, 0x44, 0xBB, 0x00, 0x01, 0x00, 0x00, 0x00, 0x04, 0x05})));
  QCOMPARE(board.receive(3), bytes({kAck, kAck, kAck}));
  QCOMPARE(board.elapsed().count(), std::chrono::nanoseconds(std::chrono::milliseconds(250 + 550)).count());
}

}  // namespace navigator::test
