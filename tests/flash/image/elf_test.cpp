// ELF32 images built byte by byte from the gABI layout (test_support.h): PT_LOAD file bytes at
// the physical address, .bss and other segment types left out, and every malformed or foreign
// file refused with the offset or what it is.
#include "flash/firmware_image.h"

#include "tests/flash/image/test_support.h"

#include <QtTest>

using namespace navigator::flash;
using flash_test::elfFile;
using flash_test::ElfSegment;

namespace {

// A small firmware as a linker lays it out: .text at 0x08000000 (64 bytes), .data run at
// 0x20000000 but loaded right after .text (p_paddr 0x08000040, 8 file bytes, 32 in memory),
// .bss (no file bytes), and a PT_ARM_EXIDX (0x70000001) that repeats part of .text.
std::vector<ElfSegment> firmwareSegments() {
  return {{1, 0x08000000, 0x08000000, flash_test::counting(64), 0},
          {0x70000001, 0x08000038, 0x08000038, flash_test::counting(8, 0x38), 0},
          {1, 0x20000000, 0x08000040, flash_test::counting(8, 0xA0), 32},
          {1, 0x20000020, 0x20000020, {}, 256}};
}

}  // namespace

class ElfTest : public QObject {
  Q_OBJECT
 private slots:
  void loadSegmentsGoToTheirLoadAddresses();
  void separateSegmentsStaySeparateAndSorted();
  void malformedIsRefusedWithTheOffset_data();
  void malformedIsRefusedWithTheOffset();
};

void ElfTest::loadSegmentsGoToTheirLoadAddresses() {
  const ImageLoad load = parseElf(elfFile(firmwareSegments()), "fw.elf");
  QVERIFY2(load.ok(), load.error.c_str());
  QCOMPARE(load.image.format, FirmwareImage::Format::Elf);
  // .text (64) and .data's initial values (8) are adjacent in flash: one segment of 72 bytes.
  QCOMPARE(flash_test::layoutOf(load.image), QString("08000000:72"));
  std::vector<uint8_t> expected = flash_test::counting(64);
  const std::vector<uint8_t> data = flash_test::counting(8, 0xA0);
  expected.insert(expected.end(), data.begin(), data.end());
  QCOMPARE(load.image.segments[0].bytes, expected);
}

void ElfTest::separateSegmentsStaySeparateAndSorted() {
  // Program headers out of address order; a gap between them.
  const std::vector<ElfSegment> segments = {{1, 0x08020000, 0x08020000, {0x11, 0x22}, 0},
                                            {1, 0x08000000, 0x08000000, {0x33}, 0}};
  const ImageLoad load = parseElf(elfFile(segments), "two.elf");
  QVERIFY2(load.ok(), load.error.c_str());
  QCOMPARE(flash_test::layoutOf(load.image), QString("08000000:1 08020000:2"));
  QCOMPARE(load.image.highestEnd(), 0x08020002u);
  // RM0090 Table 5: 0x08000000 is sector 0, 0x08020000 sector 5.
  QCOMPARE(sectorsForImage(load.image, stm32f405Chip()), std::vector<uint16_t>({0, 5}));
}

void ElfTest::malformedIsRefusedWithTheOffset_data() {
  QTest::addColumn<QByteArray>("file");
  QTest::addColumn<QString>("message");
  const std::vector<uint8_t> good = elfFile(firmwareSegments());
  auto bytes = [](const std::vector<uint8_t>& v) { return flash_test::toQByteArray(v); };
  auto patched = [&](size_t at, uint32_t value, int width) {
    std::vector<uint8_t> v = good;
    flash_test::putLe(v, at, value, width);
    return bytes(v);
  };
  // Layout of `good`: ELF header 0-51, 4 program headers 52-179 (header i at 52 + 32 i),
  // then .text at 180-243, the EXIDX copy 244-251, .data 252-259.
  QTest::newRow("empty") << QByteArray() << "x.elf: empty file (0 bytes)";
  QTest::newRow("not elf") << QByteArray("MZ\x90\x00", 4)
                           << "x.elf: not an ELF file: it starts with 4D 5A 90 00, an ELF file "
                              "with 7F 45 4C 46";
  QTest::newRow("cut in the ELF header") << bytes(good).left(30)
                                         << "x.elf: the file ends at offset 30, inside the ELF "
                                            "header (52 bytes)";
  QTest::newRow("cut in the program header table")
      << bytes(good).left(52 + 32 + 10)
      << "x.elf: the file ends at offset 94, inside program header 1 of the table at offset 52 "
         "(4 headers of 32 bytes, to offset 180)";
  QTest::newRow("cut in a segment")
      << bytes(good).left(200)
      << "x.elf: program header 0 (PT_LOAD, at offset 52): its 64 bytes at file offset 180 run "
         "to offset 244, but the file ends at offset 200";
  QTest::newRow("64-bit") << patched(4, 2, 1) << "x.elf: ELF class 2 (64-bit) at offset 4, expected 1 (32-bit)";
  QTest::newRow("big-endian") << patched(5, 2, 1)
                              << "x.elf: data encoding 2 (big-endian) at offset 5, expected 1 "
                                 "(little-endian)";
  QTest::newRow("relocatable") << patched(16, 1, 2)
                               << "x.elf: e_type 1 (ET_REL, a relocatable object) at offset 16, "
                                  "expected 2 (ET_EXEC, an executable)";
  QTest::newRow("x86-64") << patched(18, 62, 2) << "x.elf: e_machine 62 (x86-64) at offset 18, expected 40 (ARM)";
  QTest::newRow("RISC-V") << patched(18, 243, 2) << "x.elf: e_machine 243 (RISC-V) at offset 18, expected 40 (ARM)";
  QTest::newRow("no program headers") << patched(44, 0, 2)
                                      << "x.elf: no program headers (e_phnum 0 at offset 44): "
                                         "nothing to load";
  QTest::newRow("phentsize 56") << patched(42, 56, 2)
                                << "x.elf: e_phentsize 56 at offset 42, expected 32 (an ELF32 "
                                   "program header)";
  QTest::newRow("table past the end") << patched(28, 4000, 4)
                                      << "x.elf: the program header table starts at offset 4000 "
                                         "(e_phoff) but the file ends at offset 260";
  QTest::newRow("filesz over memsz") << patched(52 + 64 + 20, 4, 4)  // .data's p_memsz = 4 < 8
                                     << "x.elf: program header 2 (PT_LOAD, at offset 116): "
                                        "p_filesz 8 is larger than p_memsz 4";
  QTest::newRow("offset past the end") << patched(52 + 64 + 4, 0xFFFFFFF0, 4)
                                       << "x.elf: program header 2 (PT_LOAD, at offset 116): its "
                                          "8 bytes at file offset 4294967280 run to offset "
                                          "4294967288, but the file ends at offset 260";
  QTest::newRow("load past 4 GiB") << patched(52 + 64 + 12, 0xFFFFFFFC, 4)
                                   << "x.elf: program header 2 (PT_LOAD, at offset 116): loads at "
                                      "0xFFFFFFFC–0x100000004, past the 32-bit address space";
  // .data's load address moved onto .text's last 8 bytes.
  QTest::newRow("overlapping segments") << patched(52 + 64 + 12, 0x08000038, 4)
                                        << "x.elf program header 2: 0x08000038–0x08000040 overlaps program header 0's "
                                           "0x08000000–0x08000040 (each address may be written once)";
  // 300 program headers all loading the same 1 MiB of the file, at 300 different addresses:
  // 300 MiB of image from a 1 MiB file. The 257th pushes the total past 256 MiB.
  std::vector<ElfSegment> many(300, {1, 0, 0, {}, 0});
  many[0].bytes.assign(1 << 20, 0x5A);
  many[0].paddr = 0x10000000;
  std::vector<uint8_t> shared = elfFile({many[0]});
  flash_test::putLe(shared, 44, 300, 2);
  shared.insert(shared.begin() + 84, 299 * 32, 0);      // room for 299 more headers
  flash_test::putLe(shared, 52 + 4, 52 + 300 * 32, 4);  // header 0's p_offset after the table
  for (uint32_t i = 1; i < 300; ++i) {
    std::copy_n(shared.begin() + 52, 32, shared.begin() + 52 + 32 * i);
    flash_test::putLe(shared, 52 + 32 * i + 12, 0x10000000 + (i << 20), 4);  // p_paddr
  }
  QTest::newRow("shared file bytes over 256 MiB")
      << bytes(shared)
      << "x.elf: program header 256 (PT_LOAD, at offset 8244): the PT_LOAD segments so far hold "
         "263168 KiB, more than a firmware image can (262144 KiB)";
  QTest::newRow("no loadable bytes") << bytes(
                                            elfFile({{1, 0x20000000, 0x20000000, {}, 64}, {4, 0, 0, {1, 2, 3, 4}, 0}}))
                                     << "x.elf: no PT_LOAD segment with file bytes: nothing to load";
}

void ElfTest::malformedIsRefusedWithTheOffset() {
  QFETCH(QByteArray, file);
  QFETCH(QString, message);
  const ImageLoad load = parseElf({file.begin(), file.end()}, "x.elf");
  QVERIFY(!load.ok());
  QCOMPARE(QString::fromStdString(load.error), message);
  QVERIFY(load.image.segments.empty());
}

int runElfTest(int argc, char** argv) {
  ElfTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "elf_test.moc"
