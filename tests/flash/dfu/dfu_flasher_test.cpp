// The DFU flasher (flash/dfu_flasher): its parsers on dfu-util 0.11's output format, the
// real dfu-util of this machine (no DFU device attached), a missing dfu-util, and whole runs
// against dfu_util_standin, a test-only stand-in for dfu-util + an STM32F405 in DFU mode (see its
// header: it is checked against the real dfu-util's argument handling only by the real-dfu-util
// tests here).
// Where the expected values come from:
//  - dfu-util 0.11's formats: the format strings in the installed /usr/bin/dfu-util (Debian 12,
//    `strings`): the list line "Found %s: [%04x:%04x] ver=%04x, devnum=%u, cfg=%u, intf=%u,
//    path=\"%s\", alt=%u, name=\"%s\", serial=\"%s\"" and the progress bar
//    "\r%s\t[%s] %3llu%% %12llu bytes" (25 cells). The sample lines below are written from
//    them by hand (or printed with them), not copied from any output.
//  - dfu-util's behaviour without a device: running the installed binary here, it prints
//    "dfu-util: No DFU capable USB device available" on stderr and exits with 74 (EX_IOERR).
//  - the STM32F405's flash: RM0090, sectors 0-3 of 16 KiB, 4 of 64 KiB, 5-11 of 128 KiB from
//    0x08000000 (1 MiB).
#include "flash/dfu_flasher.h"

#include "tests/support/optional_tools.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <random>

using namespace navigator::flash;

namespace {

const QString kStandin = QStringLiteral(NAVIGATOR_BIN_DIR "/dfu_util_standin");
constexpr uint32_t kBase = 0x08000000;
constexpr size_t kFlashSize = 1024 * 1024;

ChipInfo f405() {
  ChipInfo chip;
  chip.chip_id = 0x413;
  chip.name = "STM32F405/407/415/417";
  chip.flash_base = kBase;
  uint32_t address = kBase;
  for (uint32_t size : {16u, 16u, 16u, 16u, 64u, 128u, 128u, 128u, 128u, 128u, 128u, 128u}) {
    chip.sectors.push_back({address, size * 1024});
    address += size * 1024;
  }
  chip.reserved = {{0x1FFF0000, 0x1FFF7800, "system memory (ROM bootloader)"},
                   {0x1FFF7800, 0x1FFF7A10, "OTP area"},
                   {0x1FFFC000, 0x1FFFC010, "option bytes"}};
  return chip;
}

// dfu-util 0.11's progress bar line (after its '\r'), `cells` of 25 filled.
std::string bar(const char* what, int cells, unsigned long long percent, unsigned long long bytes) {
  std::string fill(25, ' ');
  for (int i = 0; i < cells; ++i) fill[static_cast<size_t>(i)] = '=';
  char text[128];
  std::snprintf(text, sizeof text, "%s\t[%s] %3llu%% %12llu bytes", what, fill.c_str(), percent, bytes);
  return text;
}

std::vector<uint8_t> randomBytes(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> bytes(n);
  for (uint8_t& b : bytes) b = static_cast<uint8_t>(rng());
  return bytes;
}

FirmwareImage imageOf(std::vector<ImageSegment> segments, const std::string& source) {
  FirmwareImage image;
  image.format = FirmwareImage::Format::Elf;
  image.source = source;
  image.segments = std::move(segments);
  return image;
}

// Three segments: A and B share sector 0 (0x08000000-0x08004000) with a gap between them, C
// lies in sector 5 (0x08020000-0x08040000). 3000 + 2000 + 70000 = 75000 image bytes.
FirmwareImage multiSegmentImage() {
  return imageOf(
      {{kBase, randomBytes(3000, 1)}, {kBase + 0xC00, randomBytes(2000, 2)}, {kBase + 0x20000, randomBytes(70000, 3)}},
      "multi.elf");
}

struct Recorder {
  std::vector<FlashProgress> progress;
  std::vector<std::string> log;
  std::atomic<bool> cancel{false};
  std::function<void(const FlashProgress&)> on_progress;  // extra, e.g. to cancel
  FlashCallbacks callbacks() {
    FlashCallbacks c;
    c.progress = [this](const FlashProgress& p) {
      progress.push_back(p);
      if (on_progress) on_progress(p);
    };
    c.log = [this](const std::string& line) { log.push_back(line); };
    c.cancel = &cancel;
    return c;
  }
  int logCount(const char* text) const {
    int n = 0;
    for (const std::string& line : log) n += line.find(text) != std::string::npos ? 1 : 0;
    return n;
  }
  // The phases in order, repeats folded.
  std::vector<FlashPhase> phases() const {
    std::vector<FlashPhase> out;
    for (const FlashProgress& p : progress) {
      if (out.empty() || out.back() != p.phase) out.push_back(p.phase);
    }
    return out;
  }
};

// Fractions in [0, 1], never decreasing; 1 exactly once, last and Done, on success; never otherwise.
void checkFractions(const Recorder& r, bool success) {
  QVERIFY(!r.progress.empty());
  double last = 0.0;
  int ones = 0;
  for (const FlashProgress& p : r.progress) {
    QVERIFY2(p.fraction >= last,
             qPrintable(QStringLiteral("fraction went back from %1 to %2").arg(last).arg(p.fraction)));
    QVERIFY(p.fraction <= 1.0);
    last = p.fraction;
    ones += p.fraction == 1.0 ? 1 : 0;
  }
  QCOMPARE(ones, success ? 1 : 0);
  if (success) {
    QCOMPARE(r.progress.back().fraction, 1.0);
    QCOMPARE(r.progress.back().phase, FlashPhase::Done);
  }
}

// A stand-in device: a 1 MiB flash file filled with `fill` (old firmware), the stand-in's
// environment, and TMPDIR inside the test's directory so the flasher's temporary files can be
// seen to go.
class StandinDevice {
 public:
  explicit StandinDevice(uint8_t fill) {
    QVERIFY(dir_.isValid());
    QDir(dir_.path()).mkdir(QStringLiteral("tmp"));
    QFile flash(dir_.filePath(QStringLiteral("flash.bin")));
    QVERIFY(flash.open(QIODevice::WriteOnly));
    QVERIFY(flash.write(QByteArray(static_cast<int>(kFlashSize), static_cast<char>(fill))) ==
            static_cast<qint64>(kFlashSize));
    for (const char* name : kVariables) qunsetenv(name);
    qputenv("DFU_STANDIN_DIR", dir_.path().toUtf8());
    old_tmpdir_ = qgetenv("TMPDIR");
    qputenv("TMPDIR", tmpDir().toUtf8());
  }
  ~StandinDevice() {
    for (const char* name : kVariables) qunsetenv(name);
    if (old_tmpdir_.isEmpty()) {
      qunsetenv("TMPDIR");
    } else {
      qputenv("TMPDIR", old_tmpdir_);
    }
  }
  QString tmpDir() const { return dir_.filePath(QStringLiteral("tmp")); }
  QByteArray flash() const { return read(QStringLiteral("flash.bin")); }
  QStringList argvLines() const { return lines(QStringLiteral("argv.log")); }
  QStringList leftLines() const { return lines(QStringLiteral("left")); }
  QStringList tmpEntries() const { return QDir(tmpDir()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot); }
  DfuOptions options() const {
    DfuOptions o;
    o.dfu_util = kStandin.toStdString();
    o.serial = "STANDIN0001";
    return o;
  }

 private:
  static constexpr const char* kVariables[] = {"DFU_STANDIN_DIR",         "DFU_STANDIN_CORRUPT",
                                               "DFU_STANDIN_SLOW_MS",     "DFU_STANDIN_IGNORE_TERM",
                                               "DFU_STANDIN_LEAVE_DROPS", "DFU_STANDIN_NO_ACCESS"};
  QByteArray read(const QString& name) const {
    QFile f(dir_.filePath(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
  }
  QStringList lines(const QString& name) const {
    return QString::fromUtf8(read(name)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
  }
  QTemporaryDir dir_;
  QByteArray old_tmpdir_;
};

// A FlashClock only the test moves (DfuOptions::clock); it counts the flasher's reads since the
// last move (the flasher reads it once per turn of its wait loop, every 20 ms or sooner). All on
// the test's thread: runDfuFlash calls the callbacks, which move it, on the thread that called it.
class DrivenFlashClock final : public FlashClock {
 public:
  time_point now() const override {
    ++reads_;
    return t_;
  }
  void advance(std::chrono::milliseconds by) {
    t_ += by;
    reads_ = 0;
  }
  int readsSinceAdvance() const { return reads_; }

 private:
  time_point t_{};
  mutable int reads_ = 0;
};

QByteArray bytesOf(const std::vector<uint8_t>& v) {
  return QByteArray(reinterpret_cast<const char*>(v.data()), static_cast<qsizetype>(v.size()));
}

}  // namespace

class DfuFlasherTest : public QObject {
  Q_OBJECT
 private slots:
  void listParserReadsDfuUtil011Lines();
  void progressParserReadsDfuUtil011Bars();
  void blocksKeepEachSectorInOneDownload();
  void imageMustFitTheChip();
  void argumentsOfEachRun();
  void realDfuUtilListsNoDevice();
  void realDfuUtilFlashReportsNoDevice();
  void missingDfuUtilIsToolMissing();
  void standinFlashVerifyAndLeave();
  void standinVerifyMismatchIsFound();
  void standinVerifyOnly();
  void standinLeaveWithoutVerify();
  void standinBoardDroppingOffAfterLeaveIsSuccess();
  void standinPermissionDeniedGetsUdevAdvice();
  void standinCancelMidDownload();
  void standinCancelKillsAfterTwoSeconds();
};

void DfuFlasherTest::listParserReadsDfuUtil011Lines() {
  // The banner dfu-util prints first, then lines in its list format: the STM32F405's internal
  // flash (the layout RM0090 gives, as ST's bootloader names it) and option bytes, and a
  // run-time device whose name holds a quote and a comma.
  const std::string output =
      "dfu-util 0.11\n\n"
      "Copyright 2005-2009 Weston Schmidt, Harald Welte and OpenMoko Inc.\n"
      "Copyright 2010-2021 Tormod Volden and Stefan Schmidt\n"
      "This program is Free Software and has ABSOLUTELY NO WARRANTY\n"
      "Please report bugs to http://sourceforge.net/p/dfu-util/tickets/\n\n"
      "Found DFU: [0483:df11] ver=2200, devnum=5, cfg=1, intf=0, path=\"1-1\", alt=0, "
      "name=\"@Internal Flash  /0x08000000/04*016Kg,01*064Kg,07*128Kg\", serial=\"3276365A3336\"\r\n"
      "Found DFU: [0483:df11] ver=2200, devnum=5, cfg=1, intf=0, path=\"1-1\", alt=1, "
      "name=\"@Option Bytes  /0x1FFFC000/01*016 e\", serial=\"3276365A3336\"\n"
      "Found Runtime: [1d50:6018] ver=0100, devnum=17, cfg=1, intf=4, path=\"3-2.4\", alt=0, "
      "name=\"Probe \"A\", rev 2\", serial=\"7BB180B4\"\n";
  const std::vector<DfuDevice> devices = parseDfuList(output);
  QCOMPARE(devices.size(), size_t{3});
  QCOMPARE(devices[0].vid_pid, std::string("0483:df11"));
  QCOMPARE(devices[0].alt, 0);
  QCOMPARE(devices[0].name, std::string("@Internal Flash  /0x08000000/04*016Kg,01*064Kg,07*128Kg"));
  QCOMPARE(devices[0].serial, std::string("3276365A3336"));
  QCOMPARE(devices[0].path, std::string("1-1"));
  QCOMPARE(devices[0].devnum, 5);
  QVERIFY(devices[0].dfu_mode);
  QCOMPARE(devices[1].alt, 1);
  QCOMPARE(devices[1].name, std::string("@Option Bytes  /0x1FFFC000/01*016 e"));
  QCOMPARE(devices[2].vid_pid, std::string("1d50:6018"));
  QVERIFY(!devices[2].dfu_mode);
  QCOMPARE(devices[2].devnum, 17);
  QCOMPARE(devices[2].path, std::string("3-2.4"));
  QCOMPARE(devices[2].name, std::string("Probe \"A\", rev 2"));
  QCOMPARE(devices[2].serial, std::string("7BB180B4"));
  // Nothing listed (what dfu-util -l prints with no device: the banner only).
  QVERIFY(parseDfuList("dfu-util 0.11\n\nCopyright 2005-2009 Weston Schmidt\n").empty());
}

void DfuFlasherTest::progressParserReadsDfuUtil011Bars() {
  // A 23552-byte erase 36 % through: 25 * 36 / 100 = 9 cells.
  const std::optional<DfuProgressLine> erase = parseDfuProgressLine(bar("Erase   ", 9, 36, 23552));
  QVERIFY(erase.has_value());
  QCOMPARE(erase->what, std::string("Erase"));
  QCOMPARE(erase->percent, 36);
  QCOMPARE(erase->bytes, uint64_t{23552});
  QCOMPARE(parseDfuProgressPercent(bar("Download", 0, 0, 0)), std::optional<int>(0));
  QCOMPARE(parseDfuProgressPercent(bar("Download", 25, 100, 1048576)), std::optional<int>(100));
  QCOMPARE(parseDfuProgressPercent("\r" + bar("Upload", 12, 48, 2048)), std::optional<int>(48));
  QCOMPARE(parseDfuProgressLine(bar("Upload", 12, 48, 2048))->what, std::string("Upload"));
  // Not bars: the lines dfu-util prints around them, and damaged bars.
  for (const std::string& line :
       {std::string("Download done."), std::string("Erase    done."),
        std::string("Downloading element to address = 0x08000000, size = 1024"),
        std::string("File downloaded successfully"), std::string("Download\t[====x    ]  20%          5 bytes"),
        std::string("Download\t[=====    ]  20%"), bar("Download", 25, 101, 9),
        std::string("\t[  ]   1%     1 bytes")}) {
    QVERIFY2(!parseDfuProgressPercent(line).has_value(), line.c_str());
  }
}

void DfuFlasherTest::blocksKeepEachSectorInOneDownload() {
  const ChipInfo chip = f405();
  const FirmwareImage image = multiSegmentImage();
  const std::vector<DfuBlock> blocks = planDfuBlocks(image, chip);
  QCOMPARE(blocks.size(), size_t{2});
  // A and B share sector 0: one block from A's start to B's end, 0xC00 + 2000 = 5072 bytes.
  QCOMPARE(blocks[0].address, kBase);
  QCOMPARE(blocks[0].bytes.size(), size_t{5072});
  QVERIFY(std::equal(image.segments[0].bytes.begin(), image.segments[0].bytes.end(), blocks[0].bytes.begin()));
  for (size_t i = 3000; i < 0xC00; ++i) QCOMPARE(blocks[0].bytes[i], uint8_t{0xFF});  // the gap, erased value
  QVERIFY(std::equal(image.segments[1].bytes.begin(), image.segments[1].bytes.end(), blocks[0].bytes.begin() + 0xC00));
  QCOMPARE(blocks[1].address, kBase + 0x20000);
  QCOMPARE(blocks[1].bytes.size(), size_t{70000});
  // Segments in neighbouring sectors stay apart: 0x08003F00-0x08004000 is sector 0, 0x08004000 sector 1.
  const FirmwareImage apart =
      imageOf({{kBase + 0x3F00, randomBytes(0x100, 4)}, {kBase + 0x4000, randomBytes(16, 5)}}, "a.hex");
  QCOMPARE(planDfuBlocks(apart, chip).size(), size_t{2});
  // A segment crossing into sector 1 joins one that starts there: 0x08003F00 + 0x200 ends in sector 1.
  const FirmwareImage crossing =
      imageOf({{kBase + 0x3F00, randomBytes(0x200, 6)}, {kBase + 0x4400, randomBytes(16, 7)}}, "c.hex");
  const std::vector<DfuBlock> joined = planDfuBlocks(crossing, chip);
  QCOMPARE(joined.size(), size_t{1});
  QCOMPARE(joined[0].bytes.size(), size_t{0x4400 + 16 - 0x3F00});
}

void DfuFlasherTest::imageMustFitTheChip() {
  // The rule is checkImageFitsChip's (firmware_image.h, tested in test_firmware_image); here the
  // images the DFU flasher must refuse, with its messages. 1 MiB from 0x08000000 ends at
  // 0x08100000 (RM0090).
  const ChipInfo chip = f405();
  QCOMPARE(checkImageFitsChip(multiSegmentImage(), chip), std::string());
  QCOMPARE(checkImageFitsChip(imageOf({{0x080FFF00, randomBytes(0x200, 8)}}, "big.bin"), chip),
           std::string("big.bin: 0x08100000–0x08100100 (256 bytes) is past the end of the STM32F405/407/415/417's "
                       "1024 KiB flash (0x08000000–0x08100000)"));
  QCOMPARE(checkImageFitsChip(imageOf({{0x07FFFFF0, randomBytes(0x20, 9)}}, "low.bin"), chip),
           std::string("low.bin: 0x07FFFFF0–0x08000000 (16 bytes) lies below the start of the "
                       "STM32F405/407/415/417's 1024 KiB flash (0x08000000–0x08100000)"));
  QCOMPARE(checkImageFitsChip(imageOf({}, "empty.bin"), chip), std::string("empty.bin: the image is empty"));
  ChipInfo guarded = chip;
  guarded.reserved.push_back({kBase + 0x4000, kBase + 0x8000, "test-reserved sector 1"});
  QCOMPARE(checkImageFitsChip(imageOf({{kBase + 0x3000, randomBytes(0x1001, 10)}}, "r.bin"), guarded),
           std::string("r.bin: 0x08003000–0x08004001 (4097 bytes (4.0 KiB)) overlaps the "
                       "STM32F405/407/415/417's test-reserved sector 1 at 0x08004000–0x08008000; its 1024 KiB "
                       "flash (0x08000000–0x08100000)"));

  // runDfuFlash refuses before running anything: the stand-in logs no run, nothing is touched.
  StandinDevice device(0x5A);
  Recorder r;
  const FlashReport report =
      runDfuFlash(imageOf({{0x080FFF00, randomBytes(0x200, 8)}}, "big.bin"), chip, device.options(), r.callbacks());
  QCOMPARE(report.error, FlashErrorKind::BadImage);
  QCOMPARE(report.what, std::string("big.bin: 0x08100000–0x08100100 (256 bytes) is past the end of the "
                                    "STM32F405/407/415/417's 1024 KiB flash (0x08000000–0x08100000)"));
  QVERIFY(!report.advice.empty());
  QVERIFY(!report.flash_touched);
  QVERIFY(device.argvLines().isEmpty());

  // Segments out of order or overlapping (no loader makes them; planDfuBlocks needs them ordered).
  Recorder r2;
  const FlashReport overlapping =
      runDfuFlash(imageOf({{kBase + 0x100, randomBytes(0x100, 11)}, {kBase + 0x180, randomBytes(0x10, 12)}}, "o.elf"),
                  chip, device.options(), r2.callbacks());
  QCOMPARE(overlapping.error, FlashErrorKind::BadImage);
  QCOMPARE(overlapping.what, std::string("o.elf: the segment at 0x08000180 overlaps the one before it"));
  QVERIFY(device.argvLines().isEmpty());
}

void DfuFlasherTest::argumentsOfEachRun() {
  DfuOptions o;
  o.alt_setting = 0;
  const std::vector<std::string> plain = {"-d", "0483:df11", "-a", "0", "-s", "0x08000000", "-D", "/t/b.bin"};
  QCOMPARE(dfuDownloadArgs(o, kBase, false, "/t/b.bin"), plain);
  o.serial = "3276365A3336";
  o.device = "0483:DF11";
  o.alt_setting = 1;
  const std::vector<std::string> leaving = {"-d", "0483:DF11",        "-a", "1",       "-S", "3276365A3336",
                                            "-s", "0x0800c000:leave", "-D", "/t/b.bin"};
  QCOMPARE(dfuDownloadArgs(o, 0x0800C000, true, "/t/b.bin"), leaving);
  const std::vector<std::string> upload = {"-d", "0483:DF11",        "-a", "1",       "-S", "3276365A3336",
                                           "-s", "0x08020000:70000", "-U", "/t/u.bin"};
  QCOMPARE(dfuUploadArgs(o, 0x08020000, 70000, false, "/t/u.bin"), upload);
  const std::vector<std::string> leave = {"-d", "0483:DF11",          "-a", "1",       "-S", "3276365A3336",
                                          "-s", "0x08000000:4:leave", "-U", "/t/l.bin"};
  QCOMPARE(dfuUploadArgs(o, kBase, 4, true, "/t/l.bin"), leave);
}

void DfuFlasherTest::realDfuUtilListsNoDevice() {
  NAVIGATOR_REQUIRE_PROGRAM("dfu-util");
  std::string error = "unset";
  const std::vector<DfuDevice> devices = listDfuDevices(DfuOptions{}, &error);
  QVERIFY2(devices.empty(), "a DFU device is attached: this test expects none");
  QCOMPARE(error, std::string());
}

void DfuFlasherTest::realDfuUtilFlashReportsNoDevice() {
  NAVIGATOR_REQUIRE_PROGRAM("dfu-util");
  Recorder r;
  const FlashReport report =
      runDfuFlash(imageOf({{kBase, randomBytes(1024, 11)}}, "fw.bin"), f405(), DfuOptions{}, r.callbacks());
  QCOMPARE(report.error, FlashErrorKind::ToolFailed);
  QVERIFY2(report.what.find("exited with status 74 (EX_IOERR): \"dfu-util: No DFU capable USB device available\"") !=
               std::string::npos,
           report.what.c_str());
  QVERIFY2(report.what.find("download of 1024 bytes to 0x08000000") != std::string::npos, report.what.c_str());
  for (const char* advice : {"DFU mode", "BOOT0 high", "lsusb should show 0483:df11", "udev rule"}) {
    QVERIFY2(report.advice.find(advice) != std::string::npos, report.advice.c_str());
  }
  QVERIFY(!report.flash_touched);
  QCOMPARE(report.bytes_written, uint64_t{0});
  // The command line is logged, then dfu-util's own lines (its banner and its error).
  QCOMPARE(r.logCount("$ dfu-util -d 0483:df11 -a 0 -s 0x08000000 -D "), 1);
  QCOMPARE(r.logCount("dfu-util 0.11"), 1);
  QCOMPARE(r.logCount("dfu-util: No DFU capable USB device available"), 2);  // its line, and ours quoting it
  checkFractions(r, false);
}

void DfuFlasherTest::missingDfuUtilIsToolMissing() {
  DfuOptions o;
  o.dfu_util = "/nonexistent/dfu-util";
  Recorder r;
  const FlashReport report = runDfuFlash(imageOf({{kBase, randomBytes(64, 12)}}, "fw.bin"), f405(), o, r.callbacks());
  QCOMPARE(report.error, FlashErrorKind::ToolMissing);
  QVERIFY2(report.what.find("/nonexistent/dfu-util") != std::string::npos, report.what.c_str());
  QVERIFY2(report.what.find("No such file or directory") != std::string::npos, report.what.c_str());
  QVERIFY2(report.advice.find("install dfu-util (apt install dfu-util)") != std::string::npos, report.advice.c_str());
  QVERIFY(!report.flash_touched);
  std::string error;
  QVERIFY(listDfuDevices(o, &error).empty());
  QVERIFY2(error.find("install dfu-util (apt install dfu-util)") != std::string::npos, error.c_str());
}

void DfuFlasherTest::standinFlashVerifyAndLeave() {
  StandinDevice device(0x5A);
  const FirmwareImage image = multiSegmentImage();
  Recorder r;
  const FlashReport report = runDfuFlash(image, f405(), device.options(), r.callbacks());
  QVERIFY2(report.ok(), (report.what + " / " + report.advice).c_str());
  QCOMPARE(report.bytes_written, uint64_t{5072 + 70000});  // the two blocks, gap included
  QCOMPARE(report.bytes_verified, uint64_t{75000});        // the image's own bytes
  QVERIFY(report.seconds_total > 0.0);
  QVERIFY(report.seconds_erase > 0.0 && report.seconds_write > 0.0 && report.seconds_verify > 0.0);

  // The runs, in order: two downloads, two uploads read back, the 4-byte upload that leaves.
  const QStringList runs = device.argvLines();
  QCOMPARE(runs.size(), 5);
  const QString common = QStringLiteral("-d\t0483:df11\t-a\t0\t-S\tSTANDIN0001\t-s\t");
  const QString t = QRegularExpression::escape(device.tmpDir()) + QStringLiteral("/navigator-dfu-[A-Za-z0-9]{6}");
  const QStringList expected = {common + "0x08000000\t-D\t" + t + "/block0_0x08000000\\.bin",
                                common + "0x08020000\t-D\t" + t + "/block1_0x08020000\\.bin",
                                common + "0x08000000:5072\t-U\t" + t + "/upload0_0x08000000\\.bin",
                                common + "0x08020000:70000\t-U\t" + t + "/upload1_0x08020000\\.bin",
                                common + "0x08000000:4:leave\t-U\t" + t + "/leave\\.bin"};
  for (int i = 0; i < 5; ++i) {
    QVERIFY2(QRegularExpression(QStringLiteral("^") + expected[i] + QStringLiteral("$")).match(runs[i]).hasMatch(),
             qPrintable(runs[i] + QStringLiteral("  vs  ") + expected[i]));
  }
  QVERIFY2(device.tmpEntries().isEmpty(), qPrintable(device.tmpEntries().join(QLatin1Char(' '))));  // cleaned up
  QCOMPARE(device.leftLines(), QStringList{QStringLiteral("0x08000000")});  // left once, at the flash base

  // The flash: the image's bytes, 0xFF in the gap and the rest of the erased sectors 0 and 5,
  // the old 0x5A in the sectors not touched (1-4 and 6-11).
  const QByteArray flash = device.flash();
  QCOMPARE(flash.size(), qsizetype(kFlashSize));
  QCOMPARE(flash.mid(0, 3000), bytesOf(image.segments[0].bytes));
  QCOMPARE(flash.mid(3000, 0xC00 - 3000), QByteArray(0xC00 - 3000, '\xFF'));
  QCOMPARE(flash.mid(0xC00, 2000), bytesOf(image.segments[1].bytes));
  QCOMPARE(flash.mid(0xC00 + 2000, 0x4000 - 0xC00 - 2000), QByteArray(0x4000 - 0xC00 - 2000, '\xFF'));
  QCOMPARE(flash.mid(0x4000, 0x1C000), QByteArray(0x1C000, '\x5A'));
  QCOMPARE(flash.mid(0x20000, 70000), bytesOf(image.segments[2].bytes));
  QCOMPARE(flash.mid(0x20000 + 70000, 0x20000 - 70000), QByteArray(0x20000 - 70000, '\xFF'));
  QCOMPARE(flash.mid(0x40000), QByteArray(0xC0000, '\x5A'));

  // Progress: erase and write per block, the verification, the start, done.
  const std::vector<FlashPhase> phases = {FlashPhase::Connect, FlashPhase::Erase,  FlashPhase::Write, FlashPhase::Erase,
                                          FlashPhase::Write,   FlashPhase::Verify, FlashPhase::Start, FlashPhase::Done};
  QCOMPARE(r.phases(), phases);
  checkFractions(r, true);
  // Bytes of the write phase reach the blocks' total; the verification's the same.
  uint64_t written = 0;
  uint64_t read = 0;
  for (const FlashProgress& p : r.progress) {
    if (p.phase == FlashPhase::Write) written = std::max(written, p.bytes_done);
    if (p.phase == FlashPhase::Verify) read = std::max(read, p.bytes_done);
    if (p.phase == FlashPhase::Write || p.phase == FlashPhase::Verify) QCOMPARE(p.bytes_total, uint64_t{75072});
  }
  QCOMPARE(written, uint64_t{75072});
  QCOMPARE(read, uint64_t{75072});
  // Every line of the stand-in reached the log: each download's two "done" lines.
  QCOMPARE(r.logCount("Erase    done."), 2);
  QCOMPARE(r.logCount("Download done."), 2);
  QCOMPARE(r.logCount("Upload done."), 3);  // two verifications and the leave run
  QCOMPARE(r.logCount("Submitting leave request..."), 1);
}

void DfuFlasherTest::standinVerifyMismatchIsFound() {
  StandinDevice device(0x5A);
  // The stand-in reads the byte at 0x08020010 inverted.
  qputenv("DFU_STANDIN_CORRUPT", "0x08020010");
  const FirmwareImage image = multiSegmentImage();
  Recorder r;
  const FlashReport report = runDfuFlash(image, f405(), device.options(), r.callbacks());
  QCOMPARE(report.error, FlashErrorKind::VerifyMismatch);
  char expected[160];
  const uint8_t good = image.segments[2].bytes[0x10];
  std::snprintf(expected, sizeof expected,
                "verify: 1 of 75000 bytes differ from the image multi.elf, the first at 0x08020010 (the flash holds "
                "0x%02X, the image 0x%02X).",
                static_cast<uint8_t>(good ^ 0xFF), good);
  QCOMPARE(report.what, std::string(expected));
  QVERIFY(report.flash_touched);
  QVERIFY2(report.advice.find("DFU mode") != std::string::npos, report.advice.c_str());
  QCOMPARE(device.argvLines().size(), 4);  // two downloads, two uploads, no leave
  QVERIFY(device.leftLines().isEmpty());
  checkFractions(r, false);

  // A byte of the 0xFF gap between A and B (0x08000BB8, 3000 bytes in) is uploaded but not the
  // image's: it is not compared.
  StandinDevice gap_device(0x5A);
  qputenv("DFU_STANDIN_CORRUPT", "0x08000BB8");
  Recorder gap;
  const FlashReport gap_report = runDfuFlash(image, f405(), gap_device.options(), gap.callbacks());
  QVERIFY2(gap_report.ok(), gap_report.what.c_str());
  QCOMPARE(gap_report.bytes_verified, uint64_t{75000});
}

void DfuFlasherTest::standinVerifyOnly() {
  StandinDevice device(0x5A);
  const FirmwareImage image = multiSegmentImage();
  Recorder first;
  QVERIFY(runDfuFlash(image, f405(), device.options(), first.callbacks()).ok());
  DfuOptions only = device.options();
  only.verify_only = true;
  Recorder r;
  const FlashReport report = runDfuFlash(image, f405(), only, r.callbacks());
  QVERIFY2(report.ok(), report.what.c_str());
  QCOMPARE(report.bytes_written, uint64_t{0});
  QCOMPARE(report.bytes_verified, uint64_t{75000});
  QVERIFY(!report.flash_touched);
  const QStringList runs = device.argvLines();
  QCOMPARE(runs.size(), 5 + 2);  // the flash's five, then two uploads
  QVERIFY(runs[5].contains(QStringLiteral("0x08000000:5072\t-U\t")));
  QVERIFY(runs[6].contains(QStringLiteral("0x08020000:70000\t-U\t")));
  QCOMPARE(device.leftLines().size(), 1);  // only the flash left
  const std::vector<FlashPhase> phases = {FlashPhase::Connect, FlashPhase::Verify, FlashPhase::Done};
  QCOMPARE(r.phases(), phases);
  checkFractions(r, true);

  // A board holding something else: found, and nothing written.
  qputenv("DFU_STANDIN_CORRUPT", "0x08000C00");
  Recorder bad;
  const FlashReport mismatch = runDfuFlash(image, f405(), only, bad.callbacks());
  QCOMPARE(mismatch.error, FlashErrorKind::VerifyMismatch);
  QVERIFY2(mismatch.what.find("1 of 75000 bytes differ") != std::string::npos, mismatch.what.c_str());
  QVERIFY2(mismatch.what.find("the first at 0x08000C00") != std::string::npos, mismatch.what.c_str());
  QVERIFY(!mismatch.flash_touched);
  QVERIFY2(mismatch.advice.find("does not hold this image") != std::string::npos, mismatch.advice.c_str());
}

void DfuFlasherTest::standinLeaveWithoutVerify() {
  StandinDevice device(0x5A);
  DfuOptions o = device.options();
  o.verify = false;
  // One block at the flash base: `:leave` rides on its download, one run in all.
  Recorder r;
  const std::vector<uint8_t> bytes = randomBytes(5000, 13);
  QVERIFY(runDfuFlash(imageOf({{kBase, bytes}}, "fw.bin"), f405(), o, r.callbacks()).ok());
  QStringList runs = device.argvLines();
  QCOMPARE(runs.size(), 1);
  QVERIFY2(runs[0].contains(QStringLiteral("\t-s\t0x08000000:leave\t-D\t")), qPrintable(runs[0]));
  QCOMPARE(device.leftLines(), QStringList{QStringLiteral("0x08000000")});
  QCOMPARE(device.flash().mid(0, 5000), bytesOf(bytes));
  const std::vector<FlashPhase> phases = {FlashPhase::Connect, FlashPhase::Erase, FlashPhase::Write, FlashPhase::Done};
  QCOMPARE(r.phases(), phases);
  checkFractions(r, true);

  // Two blocks: the last is not at the flash base, so the leave run follows (a jump to 0x08020000
  // would start whatever lies there, not the firmware's vector table).
  Recorder r2;
  QVERIFY(runDfuFlash(multiSegmentImage(), f405(), o, r2.callbacks()).ok());
  runs = device.argvLines();
  QCOMPARE(runs.size(), 1 + 3);
  QVERIFY2(runs[2].contains(QStringLiteral("\t-s\t0x08020000\t-D\t")), qPrintable(runs[2]));
  QVERIFY2(runs[3].contains(QStringLiteral("\t-s\t0x08000000:4:leave\t-U\t")), qPrintable(runs[3]));
  QCOMPARE(device.leftLines().size(), 2);
  checkFractions(r2, true);

  // No leave: no leave request at all.
  o.leave = false;
  Recorder r3;
  QVERIFY(runDfuFlash(imageOf({{kBase, bytes}}, "fw.bin"), f405(), o, r3.callbacks()).ok());
  QVERIFY2(device.argvLines().last().contains(QStringLiteral("\t-s\t0x08000000\t-D\t")),
           qPrintable(device.argvLines().last()));
  QCOMPARE(device.leftLines().size(), 2);
}

void DfuFlasherTest::standinBoardDroppingOffAfterLeaveIsSuccess() {
  StandinDevice device(0x5A);
  qputenv("DFU_STANDIN_LEAVE_DROPS", "1");
  Recorder r;
  const FlashReport report = runDfuFlash(multiSegmentImage(), f405(), device.options(), r.callbacks());
  QVERIFY2(report.ok(), report.what.c_str());
  QCOMPARE(r.logCount("after the leave request: the board left DFU mode"), 1);
  checkFractions(r, true);
}

void DfuFlasherTest::standinPermissionDeniedGetsUdevAdvice() {
  StandinDevice device(0x5A);
  qputenv("DFU_STANDIN_NO_ACCESS", "1");
  Recorder r;
  const FlashReport report = runDfuFlash(multiSegmentImage(), f405(), device.options(), r.callbacks());
  QCOMPARE(report.error, FlashErrorKind::ToolFailed);
  QVERIFY2(report.what.find("LIBUSB_ERROR_ACCESS") != std::string::npos, report.what.c_str());
  QVERIFY2(report.advice.find("60-dfu-util.rules") != std::string::npos, report.advice.c_str());
  QVERIFY2(report.advice.find("BOOT0") == std::string::npos, report.advice.c_str());  // not the no-device advice
  std::string error;
  QVERIFY(listDfuDevices(device.options(), &error).empty());
  QVERIFY2(error.find("LIBUSB_ERROR_ACCESS") != std::string::npos && error.find("udev") != std::string::npos,
           error.c_str());
  // With access, the stand-in's device is listed.
  qunsetenv("DFU_STANDIN_NO_ACCESS");
  const std::vector<DfuDevice> devices = listDfuDevices(device.options(), &error);
  QCOMPARE(error, std::string());
  QCOMPARE(devices.size(), size_t{1});
  QCOMPARE(devices[0].serial, std::string("STANDIN0001"));
}

void DfuFlasherTest::standinCancelMidDownload() {
  StandinDevice device(0xFF);
  // 128 KiB in sector 5 at 20 ms per 2048-byte transfer: 64 transfers, 1.28 s of download.
  qputenv("DFU_STANDIN_SLOW_MS", "20");
  const std::vector<uint8_t> bytes = randomBytes(0x20000, 14);
  // The flasher's clock never moves: SIGTERM must go at its first look after the cancel, with
  // none of the kDfuKillGrace (2 s) before SIGKILL used, and the stand-in ends on it.
  DrivenFlashClock clock;
  DfuOptions options = device.options();
  options.clock = &clock;
  Recorder r;
  r.on_progress = [&](const FlashProgress& p) {
    if (p.phase == FlashPhase::Write && p.bytes_done > 0) r.cancel = true;
  };
  const FlashReport report = runDfuFlash(imageOf({{kBase + 0x20000, bytes}}, "fw.bin"), f405(), options, r.callbacks());
  QVERIFY(r.cancel.load());
  QCOMPARE(report.error, FlashErrorKind::Cancelled);
  QVERIFY2(report.what.find("during the download of 131072 bytes to 0x08020000") != std::string::npos,
           report.what.c_str());
  QVERIFY2(report.what.find("SIGTERM") != std::string::npos, report.what.c_str());
  QVERIFY2(report.what.find("SIGKILL") == std::string::npos, report.what.c_str());
  QVERIFY2(report.advice.find("stays in DFU mode") != std::string::npos &&
               report.advice.find("flashed again") != std::string::npos,
           report.advice.c_str());
  QVERIFY(report.flash_touched);
  QCOMPARE(device.argvLines().size(), 1);  // no verification, no leave
  QVERIFY(device.leftLines().isEmpty());
  // Part written: the first transfer holds the image, the last 2048 bytes were not reached.
  const QByteArray flash = device.flash();
  QCOMPARE(flash.mid(0x20000, 2048), bytesOf(std::vector<uint8_t>(bytes.begin(), bytes.begin() + 2048)));
  QVERIFY(flash.mid(0x40000 - 2048, 2048) != bytesOf(std::vector<uint8_t>(bytes.end() - 2048, bytes.end())));
  QVERIFY2(device.tmpEntries().isEmpty(), qPrintable(device.tmpEntries().join(QLatin1Char(' '))));
  checkFractions(r, false);
}

void DfuFlasherTest::standinCancelKillsAfterTwoSeconds() {
  // The grace between SIGTERM and SIGKILL is runDfuFlash's kDfuKillGrace, 2 s (dfu_flasher.h).
  QCOMPARE(kDfuKillGrace, std::chrono::milliseconds(2000));
  StandinDevice device(0xFF);
  // The stand-in ignores SIGTERM and would take 64 x 100 ms = 6.4 s: only SIGKILL stops it.
  qputenv("DFU_STANDIN_SLOW_MS", "100");
  qputenv("DFU_STANDIN_IGNORE_TERM", "1");
  // On the flasher's clock, which only this test moves: the cancel (SIGTERM at the flasher's next
  // look), then the clock to 1 ms before the grace ends; the stand-in must still be running after
  // the flasher has looked at that time three times; then the last 1 ms, and SIGKILL.
  DrivenFlashClock clock;
  DfuOptions options = device.options();
  options.clock = &clock;
  enum class Step { Flashing, Cancelled, GraceAlmostOver, GraceOver };
  Step step = Step::Flashing;
  Recorder r;
  r.on_progress = [&](const FlashProgress& p) {
    if (p.phase != FlashPhase::Write) return;
    if (step == Step::Flashing) {
      r.cancel = true;
      step = Step::Cancelled;
    } else if (step == Step::Cancelled) {
      clock.advance(kDfuKillGrace - std::chrono::milliseconds(1));
      step = Step::GraceAlmostOver;
    } else if (step == Step::GraceAlmostOver && clock.readsSinceAdvance() >= 3) {
      clock.advance(std::chrono::milliseconds(1));
      step = Step::GraceOver;
    }
  };
  const FlashReport report =
      runDfuFlash(imageOf({{kBase + 0x20000, randomBytes(0x20000, 15)}}, "fw.bin"), f405(), options, r.callbacks());
  QVERIFY(step == Step::GraceOver);  // alive 1 ms before the grace ended, though looked at
  QCOMPARE(report.error, FlashErrorKind::Cancelled);
  QVERIFY2(report.what.find("was killed by signal 9 (SIGKILL)") != std::string::npos, report.what.c_str());
  checkFractions(r, false);
}

QTEST_GUILESS_MAIN(DfuFlasherTest)
#include "dfu_flasher_test.moc"
