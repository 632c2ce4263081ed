// The project's own STM32F405 board image (firmware/hal/stm32f4, cross-built with objcopy's .bin
// and .hex beside the .elf): the .elf and the .bin load to the same bytes at 0x08000000, the .hex
// to the same bytes less the padding objcopy leaves out between sections; the sectors it needs
// follow RM0090; the real ELF cut short or patched is refused with the offset or what it is.
// Fails when the image was not built (no arm-none-eabi-gcc: tests/support/optional_tools.h).
#include "flash/firmware_image.h"

#include "tests/flash/image/test_support.h"
#include "tests/support/optional_tools.h"

#include <QtTest>

using namespace navigator::flash;

namespace {

QString boardFile(const char* ext) { return QStringLiteral(NAVIGATOR_BOARD_IMAGE_DIR "/vayu_stm32f4.") + ext; }

#define REQUIRE_BOARD_IMAGE()                                                        \
  do {                                                                               \
    for (const char* ext : {"elf", "bin", "hex"}) {                                  \
      NAVIGATOR_REQUIRE_TOOL("arm-none-eabi-gcc", QFileInfo::exists(boardFile(ext)), \
                             "no board image at " + boardFile(ext).toStdString());   \
    }                                                                                \
  } while (0)

}  // namespace

class BoardImageTest : public QObject {
  Q_OBJECT
 private slots:
  void threeFormsLoadToTheSameBytes();
  void sectorsFollowRm0090();
  void cutElfIsRefusedWithTheOffset_data();
  void cutElfIsRefusedWithTheOffset();
  void patchedMachineIsRefused();
};

void BoardImageTest::threeFormsLoadToTheSameBytes() {
  REQUIRE_BOARD_IMAGE();
  const ImageLoad elf = loadFirmwareImage(boardFile("elf").toStdString());
  const ImageLoad bin = loadFirmwareImage(boardFile("bin").toStdString());
  const ImageLoad hex = loadFirmwareImage(boardFile("hex").toStdString());
  QVERIFY2(elf.ok(), elf.error.c_str());
  QVERIFY2(bin.ok(), bin.error.c_str());
  QVERIFY2(hex.ok(), hex.error.c_str());
  QCOMPARE(elf.image.format, FirmwareImage::Format::Elf);
  QCOMPARE(hex.image.format, FirmwareImage::Format::IntelHex);
  // objcopy -O binary writes the loadable sections from the lowest load address with the gaps
  // between them filled with zeros: the .bin is the image from 0x08000000 (the default base).
  // The .elf's PT_LOAD segments (file bytes at p_paddr: .isr_vector, .text, ... then .data's
  // initial values) hold the same bytes, alignment padding included: one identical segment.
  const std::vector<uint8_t> file = flash_test::readBytes(boardFile("bin"));
  QVERIFY(!file.empty());
  QCOMPARE(flash_test::layoutOf(bin.image), QString("08000000:%1").arg(file.size()));
  QCOMPARE(flash_test::layoutOf(elf.image), flash_test::layoutOf(bin.image));
  QVERIFY(bin.image.segments[0].bytes == file);
  QVERIFY(elf.image.segments[0].bytes == file);
  // objcopy -O ihex writes sections, not the padding between them (today .text is 64-byte
  // aligned at 0x080001C0 after the 0x188-byte vector table: a 56-byte gap). So the .hex covers
  // the same span with the same bytes, and what it leaves out is the .bin's zero fill.
  QCOMPARE(hex.image.lowestAddress(), bin.image.lowestAddress());
  QCOMPARE(hex.image.highestEnd(), bin.image.highestEnd());
  std::vector<bool> covered(file.size(), false);
  for (const ImageSegment& s : hex.image.segments) {
    const size_t at = s.address - 0x08000000u;
    QVERIFY(at + s.bytes.size() <= file.size());
    QVERIFY(std::equal(s.bytes.begin(), s.bytes.end(), file.begin() + static_cast<ptrdiff_t>(at)));
    std::fill(covered.begin() + static_cast<ptrdiff_t>(at),
              covered.begin() + static_cast<ptrdiff_t>(at + s.bytes.size()), true);
  }
  size_t gap = 0;
  for (size_t i = 0; i < file.size(); ++i) {
    if (covered[i]) continue;
    QCOMPARE(file[i], uint8_t{0});
    ++gap;
  }
  QCOMPARE(hex.image.totalBytes() + gap, file.size());
  QVERIFY(gap < 64 * hex.image.segments.size());  // alignment padding only, under 64 bytes a gap
  QCOMPARE(checkImageFitsChip(elf.image, stm32f405Chip()), std::string());
  // The first word of the vector table is the initial stack pointer: the end of the 128 KiB
  // SRAM at 0x20000000 (firmware/hal/stm32f4/stm32f405.ld: _estack).
  QCOMPARE(flash_test::getLe(file, 0, 4), 0x20000000u + 128 * 1024);
}

void BoardImageTest::sectorsFollowRm0090() {
  REQUIRE_BOARD_IMAGE();
  const ImageLoad bin = loadFirmwareImage(boardFile("bin").toStdString());
  QVERIFY2(bin.ok(), bin.error.c_str());
  // RM0090 Table 5 sector starts; an image [0x08000000, 0x08000000 + size) needs every sector
  // that starts below its end. Today's image is 43164 bytes: it ends at 0x0800A89C, inside
  // sector 2 (0x08008000-0x0800BFFF), so sectors 0, 1 and 2.
  const uint32_t starts[] = {0x08000000, 0x08004000, 0x08008000, 0x0800C000, 0x08010000, 0x08020000,
                             0x08040000, 0x08060000, 0x08080000, 0x080A0000, 0x080C0000, 0x080E0000};
  const uint32_t end = 0x08000000 + static_cast<uint32_t>(bin.image.totalBytes());
  std::vector<uint16_t> expected;
  for (uint16_t i = 0; i < std::size(starts); ++i) {
    if (starts[i] < end) expected.push_back(i);
  }
  QCOMPARE(sectorsForImage(bin.image, stm32f405Chip()), expected);
  if (bin.image.totalBytes() > 32 * 1024 && bin.image.totalBytes() <= 48 * 1024) {
    QCOMPARE(expected, std::vector<uint16_t>({0, 1, 2}));
  }
}

void BoardImageTest::cutElfIsRefusedWithTheOffset_data() {
  QTest::addColumn<int>("cut");
  QTest::addColumn<QString>("message");
  const std::vector<uint8_t> elf = flash_test::readBytes(boardFile("elf"));
  if (elf.size() < 52) {
    QTest::newRow("no board image") << -1 << QString();
    return;
  }
  // The cut points come from the file's own header fields (gABI offsets): e_phoff @28,
  // e_phnum @44; program header i at e_phoff + 32 i, p_offset @4, p_filesz @16.
  const uint32_t phoff = flash_test::getLe(elf, 28, 4);
  const uint32_t phnum = flash_test::getLe(elf, 44, 2);
  QTest::newRow("inside the ELF header") << 20 << "the file ends at offset 20, inside the ELF header (52 bytes)";
  const int in_table = static_cast<int>(phoff + 32 + 8);
  QTest::newRow("inside the program header table")
      << in_table
      << QString(
             "the file ends at offset %1, inside program header 1 of the table at offset %2 "
             "(%3 headers of 32 bytes, to offset %4)")
             .arg(in_table)
             .arg(phoff)
             .arg(phnum)
             .arg(phoff + 32 * phnum);
  for (uint32_t i = 0; i < phnum; ++i) {
    const size_t ph = phoff + 32 * i;
    const uint32_t offset = flash_test::getLe(elf, ph + 4, 4);
    const uint32_t filesz = flash_test::getLe(elf, ph + 16, 4);
    if (flash_test::getLe(elf, ph, 4) != 1 || filesz <= 100) continue;  // the first PT_LOAD
    const int in_segment = static_cast<int>(offset + 100);
    QTest::newRow("inside a segment")
        << in_segment
        << QString(
               "program header %1 (PT_LOAD, at offset %2): its %3 bytes at file offset %4 "
               "run to offset %5, but the file ends at offset %6")
               .arg(i)
               .arg(ph)
               .arg(filesz)
               .arg(offset)
               .arg(offset + filesz)
               .arg(in_segment);
    break;
  }
}

void BoardImageTest::cutElfIsRefusedWithTheOffset() {
  REQUIRE_BOARD_IMAGE();
  QFETCH(int, cut);
  QFETCH(QString, message);
  std::vector<uint8_t> elf = flash_test::readBytes(boardFile("elf"));
  QVERIFY(cut > 0 && static_cast<size_t>(cut) < elf.size());
  elf.resize(static_cast<size_t>(cut));
  const std::string source = boardFile("elf").toStdString();
  QCOMPARE(QString::fromStdString(parseElf(elf, source).error), QString::fromStdString(source) + ": " + message);
}

void BoardImageTest::patchedMachineIsRefused() {
  REQUIRE_BOARD_IMAGE();
  std::vector<uint8_t> elf = flash_test::readBytes(boardFile("elf"));
  QVERIFY(parseElf(elf, "vayu.elf").ok());
  flash_test::putLe(elf, 18, 62, 2);  // e_machine: EM_X86_64
  QCOMPARE(parseElf(elf, "vayu.elf").error,
           std::string("vayu.elf: e_machine 62 (x86-64) at offset 18, expected 40 (ARM)"));
  flash_test::putLe(elf, 18, 40, 2);
  elf[4] = 2;  // EI_CLASS: ELFCLASS64
  QCOMPARE(parseElf(elf, "vayu.elf").error,
           std::string("vayu.elf: ELF class 2 (64-bit) at offset 4, expected 1 (32-bit)"));
}

int runBoardImageTest(int argc, char** argv) {
  BoardImageTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "board_image_test.moc"
