// bench_flash [repetitions]: flashing and verifying a 256 KiB image at 115200 baud through the
// STM32F405 bootloader emulator with the wire paced at 11 bits a byte (8E1) and the datasheet's
// typical erase and programming times (tests/flash/emulator), by Navigator's UART flasher (the
// code navigator-flash and the dialog run) and by Debian's stm32flash (-w -v) on the same
// emulated board, alternating, against the wire-time limits of that baud rate.
// Prints per-run times and the median (min–max) of each.
#include "flash/byte_port.h"
#include "flash/uart_flasher.h"
#include "tests/flash/emulator/emulated_board.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace navigator::flash;
using navigator::test::EmulatedBoard;

namespace {

constexpr int kBaud = 115200;
constexpr double kBitsPerByte = 11.0;  // 8E1: start, 8 data, parity, stop
constexpr size_t kImageBytes = 256 * 1024;

FirmwareImage pseudoRandomImage() {
  FirmwareImage image;
  image.source = "bench.bin";
  ImageSegment seg;
  seg.address = 0x08000000;
  seg.bytes.resize(kImageBytes);
  uint32_t x = 0xC0FFEEu;
  for (auto& b : seg.bytes) {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    b = static_cast<uint8_t>(x);
  }
  image.segments.push_back(std::move(seg));
  return image;
}

struct Stats {
  double median, min, max;
};
Stats statsOf(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return {v[v.size() / 2], v.front(), v.back()};
}

const QStringList kPacedBoard = {"--baud", QString::number(kBaud), "--flash-timing", "typical"};

}  // namespace

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  const int repetitions = argc > 1 ? std::max(1, atoi(argv[1])) : 3;
  if (!EmulatedBoard::toolsMissing().isEmpty() || QStandardPaths::findExecutable("stm32flash").isEmpty()) {
    std::fprintf(stderr, "bench_flash: needs socat, stm32flash and %s\n", qPrintable(EmulatedBoard::emulatorPath()));
    return 1;
  }
  QTemporaryDir dir;
  const FirmwareImage image = pseudoRandomImage();
  const QString bin = dir.path() + "/bench.bin";
  {
    QFile f(bin);
    if (!f.open(QIODevice::WriteOnly)) return 1;
    f.write(reinterpret_cast<const char*>(image.segments[0].bytes.data()), qint64(kImageBytes));
  }

  // The wire-time limits: the image's bytes written and read back; the same with AN3155's framing
  // (per 256-byte block: WRITE = 2 command + 1 ACK + 5 address + 1 ACK + 1 count + 256 data +
  // 1 checksum + 1 ACK = 268 bytes; READ = 2 + 1 + 5 + 1 + 2 + 1 + 256 = 268 bytes); plus the
  // typical erase of sectors 0–5 (DS8626 at x32: 4 × 0.25 s + 0.55 s + 1 s).
  const double blocks = kImageBytes / 256.0;
  const double data_limit_s = 2.0 * kImageBytes * kBitsPerByte / kBaud;
  const double framed_limit_s = 2.0 * blocks * 268.0 * kBitsPerByte / kBaud;
  const double erase_s = 4 * 0.25 + 0.55 + 1.0;
  const double program_s = kImageBytes / 4.0 * 16e-6;  // 16 µs per 32-bit word

  std::vector<double> ours, ours_erase, ours_write, ours_verify, theirs;
  for (int rep = 0; rep < repetitions; ++rep) {
    EmulatedBoard board(dir.path() + "/board" + QString::number(rep));
    QDir().mkpath(dir.path() + "/board" + QString::number(rep));
    if (!board.start(kPacedBoard)) {
      std::fprintf(stderr, "%s\n", qPrintable(board.error()));
      return 1;
    }
    PosixSerialPort port;
    if (!port.open(board.hostPort().toStdString(), kBaud, SerialParity::None)) return 1;
    UartFlashOptions options;
    options.start = false;
    const FlashReport report = runUartFlash(port, image, options, {});
    port.close();
    if (!report.ok()) {
      std::fprintf(stderr, "navigator: %s\n", report.what.c_str());
      return 1;
    }
    ours.push_back(report.seconds_total);
    ours_erase.push_back(report.seconds_erase);
    ours_write.push_back(report.seconds_write);
    ours_verify.push_back(report.seconds_verify);
    std::printf("run %d navigator: %.2f s (erase %.2f, write %.2f, verify %.2f), %u retries\n", rep + 1,
                report.seconds_total, report.seconds_erase, report.seconds_write, report.seconds_verify,
                report.retries);

    // stm32flash on a freshly reset board, erased again by stm32flash itself.
    if (!board.restart(kPacedBoard)) return 1;
    QProcess p;
    QElapsedTimer t;
    t.start();
    p.start("stm32flash", {"-m", "8n1", "-b", QString::number(kBaud), "-w", bin, "-v", board.hostPort()});
    if (!p.waitForFinished(600000) || p.exitCode() != 0) {
      std::fprintf(stderr, "stm32flash failed: %s\n", p.readAll().constData());
      return 1;
    }
    theirs.push_back(t.elapsed() / 1000.0);
    std::printf("run %d stm32flash -w -v: %.2f s\n", rep + 1, theirs.back());
    std::fflush(stdout);
  }
  const Stats o = statsOf(ours), s = statsOf(theirs);
  std::printf("\n256 KiB, 115200 baud 8E1 (11 bits a byte), %d runs each, median (min–max):\n", repetitions);
  std::printf("  wire limit, image bytes written and read back: %.2f s\n", data_limit_s);
  std::printf("  wire limit with AN3155 framing (268 B per 256-byte block each way): %.2f s\n", framed_limit_s);
  std::printf("  + typical erase of sectors 0-5 (%.2f s) and programming (%.2f s): %.2f s\n", erase_s, program_s,
              framed_limit_s + erase_s + program_s);
  std::printf("  navigator flash + verify: %.2f s (%.2f–%.2f): erase %.2f, write %.2f, verify %.2f\n", o.median, o.min,
              o.max, statsOf(ours_erase).median, statsOf(ours_write).median, statsOf(ours_verify).median);
  std::printf("  stm32flash -w -v:         %.2f s (%.2f–%.2f)\n", s.median, s.min, s.max);
  std::printf("  navigator / data wire limit: %.3f; navigator / stm32flash: %.3f\n", o.median / data_limit_s,
              o.median / s.median);
  return 0;
}
