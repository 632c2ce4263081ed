// EmulatedBoard: an STM32F405 waiting in its ROM bootloader at the end of a serial cable, for
// flasher tests. A socat pty pair stands in for the cable (links `host` and `board` in a folder
// the test owns); stm32_bootloader_emulator (this folder; AN3155 USART protocol, see
// bootloader_protocol.h) runs on the `board` end, and the flasher under test opens hostPort().
//
//   QTemporaryDir dir;
//   navigator::test::EmulatedBoard board(dir.path());
//   NAVIGATOR_REQUIRE_EMULATED_BOARD();                // socat and the emulator, or a failure
//   QVERIFY2(board.start({"--fault", "nack:0x31:3"}), qPrintable(board.error()));
//   ... flash through board.hostPort() ...
//   QCOMPARE(board.count("erase mass"), 0);         // the emulator's log, one event a line
//   board.stop();                                     // SIGTERM: the emulator saves the flash
//   QByteArray flash = board.flash();                 // the 1 MiB the board now holds
//
// - start(args): starts socat (once) and the emulator with `--port <dir>/board --flash-file
//   <dir>/flash.bin` plus `args` (--rdp, --baud B, --flash-timing typical, --fault SPEC, ...);
//   waits until the emulator printed `ready`. The flash file persists across starts.
// - restart(args): stops the emulator only (it saves the flash) and starts it again on the same
//   flash file: a board reset or power cycle. The cable (socat) stays.
// - log() / count(prefix) / waitForLine(prefix, ms): the current run's log lines (stdout and
//   stderr of the emulator, read from <dir>/emulator.log).
// - waitForExit(ms) / exitCode(): for runs that end by themselves (GO: 0, disconnect fault: 3).
// - sanitizerReport(): sanitizer findings in the log ("" when clean), to check after stop().
// - stop(): SIGTERM then SIGKILL, the emulator first, then socat; also on destruction.
// The emulator keeps running when the host closes its end (socat keeps the pty pair), like a real
// board: a second session finds it synced (stm32flash then warns "the interface was not closed
// properly" and goes on). Restart the board for a fresh 0x7F sync.
#pragma once

#include "tests/support/optional_tools.h"

#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QThread>

namespace navigator::test {

class EmulatedBoard {
 public:
  explicit EmulatedBoard(const QString& dir)
      : dir_(dir),
        host_(dir + "/host"),
        board_(dir + "/board"),
        flash_file_(dir + "/flash.bin"),
        log_file_(dir + "/emulator.log") {}
  ~EmulatedBoard() { stop(); }
  EmulatedBoard(const EmulatedBoard&) = delete;
  EmulatedBoard& operator=(const EmulatedBoard&) = delete;

  static QString emulatorPath() { return QStringLiteral(NAVIGATOR_BIN_DIR "/stm32_bootloader_emulator"); }
  // The programs it needs that are not there ("" when all are): for the benchmarks' message.
  static QString toolsMissing() {
    QStringList missing;
    if (QStandardPaths::findExecutable(QStringLiteral("socat")).isEmpty()) missing << QStringLiteral("socat");
    if (!QFileInfo(emulatorPath()).isExecutable()) missing << emulatorPath();
    return missing.join(QStringLiteral(", "));
  }

  QString hostPort() const { return host_; }
  QString flashFile() const { return flash_file_; }
  QString error() const { return error_; }

  bool start(const QStringList& args = {}) {
    error_.clear();
    if (socat_.state() == QProcess::NotRunning && !startSocat()) return false;
    QFile::remove(log_file_);
    emulator_.setProcessChannelMode(QProcess::MergedChannels);
    emulator_.setStandardOutputFile(log_file_, QIODevice::Truncate);
    emulator_.start(emulatorPath(),
                    QStringList{QStringLiteral("--port"), board_, QStringLiteral("--flash-file"), flash_file_} + args);
    if (!emulator_.waitForStarted(3000)) {
      error_ = QStringLiteral("cannot start %1: %2").arg(emulatorPath(), emulator_.errorString());
      return false;
    }
    QElapsedTimer timer;
    timer.start();
    while (count(QStringLiteral("ready ")) == 0) {
      const bool ended = emulator_.waitForFinished(10) || emulator_.state() == QProcess::NotRunning;
      if (ended || timer.elapsed() > 5000) {
        error_ = QStringLiteral("the emulator %1 before printing 'ready'; its log: %2")
                     .arg(ended ? QStringLiteral("exited") : QStringLiteral("took 5 s"), log().join('|'));
        return false;
      }
    }
    return true;
  }
  bool restart(const QStringList& args = {}) {
    stopProcess(emulator_);
    return start(args);
  }
  void stop() {
    stopProcess(emulator_);
    stopProcess(socat_);  // socat removes its links on SIGTERM
  }
  bool waitForExit(int timeout_ms) {
    return emulator_.state() == QProcess::NotRunning || emulator_.waitForFinished(timeout_ms);
  }
  int exitCode() const { return emulator_.exitCode(); }
  bool running() const { return emulator_.state() != QProcess::NotRunning; }

  QStringList log() const {
    QFile file(log_file_);
    if (!file.open(QIODevice::ReadOnly)) return {};
    QStringList lines = QString::fromUtf8(file.readAll()).split('\n');
    if (!lines.isEmpty() && lines.last().isEmpty()) lines.removeLast();
    return lines;
  }
  int count(const QString& prefix) const {
    int n = 0;
    for (const QString& line : log()) n += line.startsWith(prefix) ? 1 : 0;
    return n;
  }
  bool waitForLine(const QString& prefix, int timeout_ms) const {
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < timeout_ms) {
      if (count(prefix) > 0) return true;
      QThread::msleep(10);
    }
    return count(prefix) > 0;
  }
  // Lines of the current run's log where AddressSanitizer, LeakSanitizer or UBSan reported (the
  // sanitizer build), joined; "" when clean.
  QString sanitizerReport() const {
    QStringList hits;
    for (const QString& line : log())
      if (line.contains(QStringLiteral("Sanitizer")) || line.contains(QStringLiteral("runtime error"))) hits << line;
    return hits.join('|');
  }
  // The flash file's bytes (complete once the emulator has exited or been stopped).
  QByteArray flash() const {
    QFile file(flash_file_);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
  }

 private:
  bool startSocat() {
    socat_.start(QStringLiteral("socat"),
                 {QStringLiteral("pty,raw,echo=0,link=") + host_, QStringLiteral("pty,raw,echo=0,link=") + board_});
    if (!socat_.waitForStarted(3000)) {
      error_ = QStringLiteral("cannot start socat: ") + socat_.errorString();
      return false;
    }
    QElapsedTimer timer;
    timer.start();
    while (timer.elapsed() < 3000) {
      if (QFileInfo::exists(host_) && QFileInfo::exists(board_)) return true;
      QThread::msleep(10);
    }
    error_ = QStringLiteral("socat made no pty links %1, %2 within 3 s").arg(host_, board_);
    return false;
  }
  static void stopProcess(QProcess& process) {
    if (process.state() == QProcess::NotRunning) return;
    process.terminate();
    if (!process.waitForFinished(3000)) {
      process.kill();
      process.waitForFinished(3000);
    }
  }

  QString dir_, host_, board_, flash_file_, log_file_, error_;
  QProcess socat_, emulator_;
};

}  // namespace navigator::test

// In a Qt Test function: socat is there (required: tests/support/optional_tools.h) and the
// emulator was built, or the function fails saying which is missing.
#define NAVIGATOR_REQUIRE_EMULATED_BOARD()                                                                    \
  do {                                                                                                        \
    NAVIGATOR_REQUIRE_PROGRAM("socat");                                                                       \
    QVERIFY2(QFileInfo(::navigator::test::EmulatedBoard::emulatorPath()).isExecutable(),                      \
             qPrintable(::navigator::test::EmulatedBoard::emulatorPath() + QStringLiteral(" is not built"))); \
  } while (false)
