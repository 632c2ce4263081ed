// Intel HEX: hand-written files with known bytes (type 04 linear and type 02 segment addresses,
// checksums worked out in the comments), and every malformed case refused naming its line.
#include "flash/firmware_image.h"

#include "tests/flash/image/test_support.h"

#include <QtTest>

using namespace navigator::flash;
using flash_test::hexRecord;

namespace {

// A checksum is 0x100 minus the low byte of the sum of the record's bytes (Intel HEX spec).
const char* const kLinearFile =
    ":020000040800F2\n"                              // upper address 0x0800: 02+00+00+04+08+00 = 0x0E -> 0xF2
    ":10000000000102030405060708090A0B0C0D0E0F78\n"  // 00..0F at 0x08000000: 0x10 + 120 = 0x88 -> 0x78
    ":10001000101112131415161718191A1B1C1D1E1F68\n"  // 10..1F at 0x08000010: 0x10+0x10+0x178 -> 0x98 -> 0x68
    ":04002000DEADBEEFA4\n"  // at 0x08000020: 0x04+0x20+(DE+AD+BE+EF = 0x338) = 0x35C -> 0x5C -> 0xA4
    ":020000040801F1\n"      // upper address 0x0801: 0x0F -> 0xF1
    ":0200000055AAFF\n"      // 55 AA at 0x08010000: 02+55+AA = 0x101 -> 0x01 -> 0xFF
    ":04000005080000ED02\n"  // start linear address 0x080000ED: 04+05+08+ED = 0xFE -> 0x02
    ":00000001FF\n";         // end of file: 0x01 -> 0xFF

std::vector<uint8_t> linearFirstSegment() {
  std::vector<uint8_t> bytes = flash_test::counting(32);
  bytes.insert(bytes.end(), {0xDE, 0xAD, 0xBE, 0xEF});
  return bytes;
}

}  // namespace

class IntelHexTest : public QObject {
  Q_OBJECT
 private slots:
  void recordHelperMatchesHandWorkedChecksums();
  void linearAddressesGiveKnownBytes();
  void segmentAddressesGiveKnownBytes();
  void crlfLowercaseAndBlankLinesAreTolerated();
  void recordsOutOfOrderAreSortedAndMerged();
  void malformedIsRefusedNamingTheLine_data();
  void malformedIsRefusedNamingTheLine();
};

void IntelHexTest::recordHelperMatchesHandWorkedChecksums() {
  QCOMPARE(hexRecord(0x04, 0, {0x08, 0x00}), std::string(":020000040800F2"));
  QCOMPARE(hexRecord(0x00, 0x20, {0xDE, 0xAD, 0xBE, 0xEF}), std::string(":04002000DEADBEEFA4"));
  QCOMPARE(hexRecord(0x01, 0, {}), std::string(":00000001FF"));
  // Intel's own examples (HEX spec): segment 0x1200 and start segment 0x0000:0x3800.
  QCOMPARE(hexRecord(0x02, 0, {0x12, 0x00}), std::string(":020000021200EA"));
  QCOMPARE(hexRecord(0x03, 0, {0x00, 0x00, 0x38, 0x00}), std::string(":0400000300003800C1"));
}

void IntelHexTest::linearAddressesGiveKnownBytes() {
  const ImageLoad load = parseIntelHex(kLinearFile, "lin.hex");
  QVERIFY2(load.ok(), load.error.c_str());
  QCOMPARE(load.image.format, FirmwareImage::Format::IntelHex);
  QCOMPARE(load.image.source, std::string("lin.hex"));
  // Three adjacent records make one segment of 16 + 16 + 4 bytes; the 04 record moves the
  // fourth to 0x08010000.
  QCOMPARE(flash_test::layoutOf(load.image), QString("08000000:36 08010000:2"));
  QCOMPARE(load.image.segments[0].bytes, linearFirstSegment());
  QCOMPARE(load.image.segments[1].bytes, std::vector<uint8_t>({0x55, 0xAA}));
  QCOMPARE(load.image.totalBytes(), size_t{38});
  QCOMPARE(load.image.lowestAddress(), 0x08000000u);
  QCOMPARE(load.image.highestEnd(), 0x08010002u);
  // RM0090 Table 5: 0x08000000-0x08000024 is in sector 0, 0x08010000 is sector 4's start.
  QCOMPARE(sectorsForImage(load.image, stm32f405Chip()), std::vector<uint16_t>({0, 4}));
}

void IntelHexTest::segmentAddressesGiveKnownBytes() {
  // Type 02 sets base = segment x 16; a byte lands at base + ((offset + i) mod 64 KiB) (Intel
  // HEX spec, "16-bit segment" addressing), so a record crossing offset 0xFFFF wraps to base.
  const std::string text =
      ":020000021200EA\n"      // segment 0x1200 -> base 0x12000: 02+02+12 = 0x16 -> 0xEA
      ":03001000010203E7\n"    // 01 02 03 at 0x12010: 03+10+01+02+03 = 0x19 -> 0xE7
      ":020000021000EC\n"      // segment 0x1000 -> base 0x10000: 02+02+10 = 0x14 -> 0xEC
      ":04FFFE00AABBCCDDF1\n"  // AA BB at 0x1FFFE, CC DD at 0x10000: 04+FF+FE+(AA+BB+CC+DD = 0x30E) = 0x50F -> 0xF1
      ":0400000300003800C1\n"  // start segment address 0000:3800 (accepted, not used)
      ":00000001FF\n";
  const ImageLoad load = parseIntelHex(text, "seg.hex");
  QVERIFY2(load.ok(), load.error.c_str());
  QCOMPARE(flash_test::layoutOf(load.image), QString("00010000:2 00012010:3 0001fffe:2"));
  QCOMPARE(load.image.segments[0].bytes, std::vector<uint8_t>({0xCC, 0xDD}));
  QCOMPARE(load.image.segments[1].bytes, std::vector<uint8_t>({0x01, 0x02, 0x03}));
  QCOMPARE(load.image.segments[2].bytes, std::vector<uint8_t>({0xAA, 0xBB}));
}

void IntelHexTest::crlfLowercaseAndBlankLinesAreTolerated() {
  std::string text = kLinearFile;
  std::string crlf;
  for (char c : text) {
    if (c == '\n')
      crlf += "  \r\n\r\n";  // trailing blanks, CRLF, and a blank line after each
    else
      crlf += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  const ImageLoad a = parseIntelHex(kLinearFile, "a.hex");
  const ImageLoad b = parseIntelHex(crlf, "b.hex");
  QVERIFY2(b.ok(), b.error.c_str());
  QCOMPARE(flash_test::layoutOf(b.image), flash_test::layoutOf(a.image));
  QCOMPARE(b.image.segments[0].bytes, a.image.segments[0].bytes);
  // No newline after the end-of-file record is fine too.
  QVERIFY(parseIntelHex(":020000040800F2\n:0200000055AAFF\n:00000001FF", "c.hex").ok());
}

void IntelHexTest::recordsOutOfOrderAreSortedAndMerged() {
  const std::string text =
      hexRecord(0x04, 0, {0x08, 0x00}) + "\n" + hexRecord(0x00, 0x0010, flash_test::counting(16, 0x10)) + "\n" +
      hexRecord(0x00, 0x0000, flash_test::counting(16, 0x00)) + "\n" + hexRecord(0x01, 0, {}) + "\n";
  const ImageLoad load = parseIntelHex(text, "swap.hex");
  QVERIFY2(load.ok(), load.error.c_str());
  QCOMPARE(flash_test::layoutOf(load.image), QString("08000000:32"));
  QCOMPARE(load.image.segments[0].bytes, flash_test::counting(32));
}

void IntelHexTest::malformedIsRefusedNamingTheLine_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("message");
  const QString ela = QString::fromStdString(hexRecord(0x04, 0, {0x08, 0x00}));  // line 1 below
  const QString data0 = QString::fromStdString(hexRecord(0x00, 0, flash_test::counting(16)));
  const QString eof = ":00000001FF";
  auto lines = [](QStringList l) { return l.join('\n') + '\n'; };

  QTest::newRow("no colon") << lines({ela, data0.mid(1), eof}) << "t.hex line 2: does not start with ':' (found '1')";
  QString g = data0;
  g[40] = 'G';  // the last data byte's low digit: ':' is column 1, data columns 10-41
  QTest::newRow("non-hex digit") << lines({ela, g, eof}) << "t.hex line 2: 'G' at column 41 is not a hex digit";
  QTest::newRow("inner space") << lines({ela, ":0200000055 AAFF", eof})
                               << "t.hex line 2: byte 0x20 at column 12 is not a hex digit";
  QTest::newRow("odd digits") << lines({ela, data0 + "0", eof})
                              << "t.hex line 2: odd number of hex digits (43) after ':'";
  QTest::newRow("too short") << lines({":0000FF"})
                             << "t.hex line 1: record of 3 bytes is too short: byte count, "
                                "address, type and checksum take 5";
  QTest::newRow("count mismatch") << lines({ela, ":0500000001020304F1", eof})
                                  << "t.hex line 2: byte count says 5 data bytes, the record holds 4";
  // Line 12 holds one byte C2 at offset 0: 01+00+00+00+C2 = 0xC3, so the checksum must be
  // 0x100 - 0xC3 = 0x3D; the file says 0x3C. Lines 2-11 are good data records.
  QStringList twelve = {ela};
  for (int i = 0; i < 10; ++i) {
    twelve << QString::fromStdString(
        hexRecord(0x00, static_cast<uint16_t>(0x100 + 16 * i), flash_test::counting(16, static_cast<uint8_t>(i))));
  }
  twelve << ":01000000C23C" << eof;
  QTest::newRow("bad checksum") << lines(twelve) << "t.hex line 12: checksum 0x3C, expected 0x3D";
  QTest::newRow("unknown type") << lines({ela, ":00000006FA", eof})  // 0x06 -> 0xFA
                                << "t.hex line 2: unknown record type 0x06 (Intel HEX has 00 to 05)";
  QTest::newRow("data after eof") << lines({ela, data0, eof, data0})
                                  << "t.hex line 4: data after the end-of-file record (line 3)";
  QTest::newRow("no eof") << lines({ela, data0})
                          << "t.hex: no end-of-file record (:00000001FF) after line 2; the file "
                             "may be cut short";
  const QString data8 = QString::fromStdString(hexRecord(0x00, 8, flash_test::counting(8, 0x40)));
  QTest::newRow("overlap, other bytes")
      << lines({ela, data0, QString::fromStdString(hexRecord(0x00, 0x40, {1})), data8, eof})
      << "t.hex line 4: 0x08000008–0x08000010 overlaps line 2's 0x08000000–0x08000010 (each "
         "address may be written once)";
  QTest::newRow("overlap, same bytes")
      << lines({ela, data0, data0, eof})
      << "t.hex line 3: 0x08000000–0x08000010 overlaps line 2's 0x08000000–0x08000010 (each "
         "address may be written once)";
  QTest::newRow("04 with 3 bytes") << lines({":03000004080000F1", data0, eof})  // 03+04+08 = 0x0F -> 0xF1
                                   << "t.hex line 1: extended linear address record (type 04) "
                                      "with 3 data bytes, expected 2";
  QTest::newRow("02 with 1 byte") << lines({":0100000212EB", data0, eof})  // 01+02+12 = 0x15 -> 0xEB
                                  << "t.hex line 1: extended segment address record (type 02) "
                                     "with 1 data byte, expected 2";
  QTest::newRow("05 with 3 bytes") << lines({ela, data0, ":03000005080000F0", eof})  // 0x10 -> 0xF0
                                   << "t.hex line 3: start linear address record (type 05) with 3 "
                                      "data bytes, expected 4";
  QTest::newRow("eof with data") << lines({ela, data0, ":01000001AA54"})  // 01+01+AA = 0xAC -> 0x54
                                 << "t.hex line 3: end-of-file record with 1 data byte, expected 0";
  QTest::newRow("empty file") << QString() << "t.hex: empty file (0 bytes)";
  QTest::newRow("only eof") << lines({eof}) << "t.hex: no data records: nothing to flash";
  // Upper address 0xFFFF (02+04+FF+FF = 0x204 -> 0xFC), then 16 bytes at offset 0xFFF8: they
  // would end at 0xFFFFFFF8 + 16 = 0x100000008.
  QTest::newRow("past 4 GiB") << lines({":02000004FFFFFC",
                                        QString::fromStdString(hexRecord(0x00, 0xFFF8, flash_test::counting(16))), eof})
                              << "t.hex line 2: data 0xFFFFFFF8–0x100000008 runs past the 32-bit address space";
}

void IntelHexTest::malformedIsRefusedNamingTheLine() {
  QFETCH(QString, text);
  QFETCH(QString, message);
  const ImageLoad load = parseIntelHex(text.toStdString(), "t.hex");
  QVERIFY(!load.ok());
  QCOMPARE(QString::fromStdString(load.error), message);
  QVERIFY(load.image.segments.empty());
}

int runIntelHexTest(int argc, char** argv) {
  IntelHexTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "intel_hex_test.moc"
