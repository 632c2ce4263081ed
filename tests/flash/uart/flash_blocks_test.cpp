// The pure parts of the UART flasher: cutting an image into AN3155 blocks, comparing read-back
// blocks, the progress plan, and navigator-flash's argument parsing.
#include "flash/flash_blocks.h"
#include "flash/flash_cli.h"
#include "flash/flash_progress.h"

#include <QTest>

using namespace navigator::flash;

namespace {

FirmwareImage imageOf(std::vector<ImageSegment> segments) {
  FirmwareImage image;
  image.segments = std::move(segments);
  return image;
}

std::vector<uint8_t> counting(size_t n, uint8_t first = 0) {
  std::vector<uint8_t> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = static_cast<uint8_t>(first + i);
  return v;
}

CliParse parse(std::vector<const char*> args) {
  args.insert(args.begin(), "navigator-flash");
  return parseCliArguments(static_cast<int>(args.size()), args.data());
}

}  // namespace

class FlashBlocksTest : public QObject {
  Q_OBJECT
 private slots:
  void contiguousImageIsCutAtTheWindows() {
    // 600 bytes from 0x08000000: 256 + 256 + 88 (600 − 512 = 88, already a multiple of 4).
    const auto blocks = splitIntoBlocks(imageOf({{0x08000000, counting(600)}}), 256);
    QCOMPARE(blocks.size(), size_t(3));
    QCOMPARE(blocks[0].address, 0x08000000u);
    QCOMPARE(blocks[1].address, 0x08000100u);
    QCOMPARE(blocks[2].address, 0x08000200u);
    QCOMPARE(blocks[2].bytes.size(), size_t(88));
    QCOMPARE(blocks[1].bytes[0], uint8_t(256 % 256));
    QCOMPARE(blocks[0].image_bytes + blocks[1].image_bytes + blocks[2].image_bytes, 600u);
  }

  void unalignedEdgesArePaddedToWordsWithTheErasedValue() {
    // 3 bytes at 0x08000102: the word 0x08000100–0x08000103 and the next one up to 0x08000107
    // hold them, so the block is 8 bytes from 0x08000100, 5 of them 0xFF padding.
    const auto blocks = splitIntoBlocks(imageOf({{0x08000102, {0x11, 0x22, 0x33}}}), 256);
    QCOMPARE(blocks.size(), size_t(1));
    QCOMPARE(blocks[0].address, 0x08000100u);
    const std::vector<uint8_t> expected = {0xFF, 0xFF, 0x11, 0x22, 0x33, 0xFF, 0xFF, 0xFF};
    QCOMPARE(blocks[0].bytes, expected);
    QCOMPARE(blocks[0].image_bytes, 3u);
    QCOMPARE(blocks[0].bytes.size() % 4, size_t(0));
  }

  void twoSegmentsInOneWindowShareOneBlock() {
    // Every address is written once: segments 0x08000010+4 and 0x08000020+4 share a window.
    const auto blocks = splitIntoBlocks(imageOf({{0x08000010, {1, 2, 3, 4}}, {0x08000020, {5, 6, 7, 8}}}), 256);
    QCOMPARE(blocks.size(), size_t(1));
    QCOMPARE(blocks[0].address, 0x08000010u);
    QCOMPARE(blocks[0].bytes.size(), size_t(0x14));  // 0x10 … 0x23
    QCOMPARE(blocks[0].bytes[0x10], uint8_t(5));
    QCOMPARE(blocks[0].bytes[0x04], uint8_t(0xFF));
  }

  void comparisonIgnoresPadding() {
    const auto blocks = splitIntoBlocks(imageOf({{0x08000102, {0x11, 0x22, 0x33}}}), 256);
    std::vector<uint8_t> got = {0x00, 0x00, 0x11, 0x22, 0x33, 0x00, 0x00, 0x00};  // padding differs: fine
    QCOMPARE(compareBlock(blocks[0], got).count, 0u);
    got[3] = 0x23;
    const BlockMismatch m = compareBlock(blocks[0], got);
    QCOMPARE(m.count, 1u);
    QCOMPARE(m.first_address, 0x08000103u);
    QCOMPARE(m.expected, uint8_t(0x22));
    QCOMPARE(m.got, uint8_t(0x23));
  }

  void progressNeverGoesBackAndReachesOneOnce() {
    std::vector<double> seen;
    FlashCallbacks callbacks;
    callbacks.progress = [&](const FlashProgress& p) { seen.push_back(p.fraction); };
    ProgressReporter r(callbacks);
    r.setPlan(100, 300, 600);  // erase 10 %, write 30 %, verify 60 %
    r.report(FlashPhase::Erase, 1, 2);
    QCOMPARE(seen.back(), 0.05);
    r.report(FlashPhase::Write, 3, 3);
    QCOMPARE(seen.back(), 0.4);
    r.report(FlashPhase::Erase, 0, 2);  // a late report of an earlier phase does not go back
    QCOMPARE(seen.back(), 0.4);
    r.report(FlashPhase::Verify, 10, 10);
    QCOMPARE(seen.back(), ProgressReporter::kBeforeDone);  // 1 belongs to finish() alone
    r.finish();
    r.finish();
    QCOMPARE(std::count(seen.begin(), seen.end(), 1.0), 1);
  }

  void commandLine() {
    CliParse p = parse({"/dev/ttyUSB0", "fw.hex", "--baud", "57600", "--verify-only", "--chip", "0x419", "--any-chip"});
    QVERIFY2(p.error.empty(), p.error.c_str());
    QCOMPARE(p.args.port, std::string("/dev/ttyUSB0"));
    QCOMPARE(p.args.baud, 57600);
    QVERIFY(p.args.verify_only && p.args.uart.verify_only);
    QCOMPARE(p.args.uart.expected_chip_id, uint16_t(0x419));
    QVERIFY(p.args.uart.allow_other_chip);
    QVERIFY(!p.args.dfu);

    p = parse({"dfu:0483:df11", "fw.bin", "--base", "0x08004000"});
    QVERIFY(p.args.dfu);
    QCOMPARE(p.args.dfu_device, std::string("0483:df11"));
    QCOMPARE(p.args.bin_base, 0x08004000u);

    QCOMPARE(parse({"/dev/ttyUSB0"}).error, std::string("PORT and IMAGE are needed"));
    QCOMPARE(parse({"/dev/ttyUSB0", "fw.bin", "--baud", "fast"}).error,
             std::string("--baud: 'fast' is not a baud rate"));
    QCOMPARE(parse({"/dev/ttyUSB0", "fw.bin", "--parity", "odd"}).error,
             std::string("--parity: 'odd' is neither even nor none"));
    QCOMPARE(parse({"/dev/ttyUSB0", "fw.bin", "--erase-all"}).error, std::string("unknown option '--erase-all'"));
    QCOMPARE(parse({"/dev/ttyUSB0", "fw.bin", "--chip"}).error, std::string("--chip needs a value"));
    QCOMPARE(parse({"a", "b", "c"}).error, std::string("too many arguments: 'c'"));
  }
};

QTEST_GUILESS_MAIN(FlashBlocksTest)
#include "flash_blocks_test.moc"
