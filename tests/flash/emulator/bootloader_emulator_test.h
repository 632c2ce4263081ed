// test_bootloader_emulator: the STM32F405 bootloader emulator checked against an independent
// host, Debian's stm32flash (0.7), run as `stm32flash -m 8n1 -b 115200 ...` on the host end of a
// socat pty pair (ptys know no parity, hence 8N1 instead of the bootloader's 8E1)
// (bootloader_emulator_test.cpp), and byte by byte against ST's AN3155 where stm32flash does not
// go, with the wire pacing and flash timings on a clock the test drives (bootloader_protocol_test.cpp,
// in_process_board.h).
#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringList>

namespace navigator::test {

inline constexpr qsizetype kFlashSizeBytes = 1024 * 1024;

// Deterministic pseudo-random bytes (xorshift32, Marsaglia 2003) so that failures reproduce.
QByteArray pseudoRandomImage(qsizetype size_bytes, quint32 seed);
bool writeFile(const QString& path, const QByteArray& bytes);
QByteArray readFile(const QString& path);

struct Stm32flashRun {
  int exit_code = -1;
  QString output;  // stdout and stderr, \r turned into \n
};
// `stm32flash -m 8n1 -b 115200 ARGS PORT`, at most 60 s.
Stm32flashRun stm32flash(const QString& port, const QStringList& args);

class BootloaderEmulatorTest : public QObject {
  Q_OBJECT

 private slots:
  // Fails everything when stm32flash, socat or the emulator is missing (none is optional:
  // tests/support/optional_tools.h).
  void initTestCase();

  // (a) stm32flash names the part from GET ID and prints GET VERSION's version byte.
  void identifiesAsStm32F405();
  // (b), (c) write with verify, read back, and the erase touching only the image's sectors.
  void writeVerifyAndReadBack_data();
  void writeVerifyAndReadBack();
  // (d) read-out protection: reads refused, -k mass-erases and unprotects, -j protects again.
  void readoutProtection();
  // (e) each injected fault, seen from stm32flash.
  void faultNack();
  void faultSilence();
  void faultDeaf();
  void faultDisconnect();
  void faultCorruptWrite();
  void faultCorruptRead();
  // AN3155 details stm32flash does not exercise, byte by byte (bootloader_protocol_test.cpp).
  void getListsTheV31Commands();
  void refusalsAreNacked();
  void goStartsTheApplication();
  void optionBytesWrite();
  void badArgumentsAreRefused();
  // The virtual wire and the flash timings, on a clock the test drives.
  void pacingAt115200Baud();
  void typicalSectorEraseTime();
};

}  // namespace navigator::test
