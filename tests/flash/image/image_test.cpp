// Raw .bin images, loading files by extension, and the check of an image against a chip's
// flash and reserved ranges (RM0090's STM32F405 numbers) with the messages it gives.
#include "flash/firmware_image.h"

#include "tests/flash/image/test_support.h"

#include <QtTest>

#include <cstring>

using namespace navigator::flash;

namespace {
constexpr uint32_t KiB = 1024;
const std::string kF405Flash = "the STM32F405/407/415/417's 1024 KiB flash (0x08000000–0x08100000)";
}  // namespace

class ImageTest : public QObject {
  Q_OBJECT
 private slots:
  void binIsPlacedAtItsBase();
  void binRefusesEmptyAndAddressOverflow();
  void emptyImageAccessors();
  void wholeFlashFitsAndNeedsEverySector();
  void oneByteTooManyIsRefusedNamingTheEnd();
  void romBootloaderOtpAndOptionBytesAreRefused_data();
  void romBootloaderOtpAndOptionBytesAreRefused();
  void belowFlashAndEmptyImageAreRefused();
  void f303ErasesTwoKibPages();
  void filesLoadByExtension();
  void unreadableAndUnknownFilesAreRefused();

 private:
  QTemporaryDir tmp_;
};

void ImageTest::binIsPlacedAtItsBase() {
  const ImageLoad load = imageFromBin(flash_test::counting(100), 0x08004000, "app.bin");
  QVERIFY2(load.ok(), load.error.c_str());
  QCOMPARE(load.image.format, FirmwareImage::Format::Bin);
  QCOMPARE(flash_test::layoutOf(load.image), QString("08004000:100"));
  QCOMPARE(load.image.segments[0].bytes, flash_test::counting(100));
  QCOMPARE(load.image.highestEnd(), 0x08004064u);  // 0x08004000 + 100
  QCOMPARE(sectorsForImage(load.image, stm32f405Chip()), std::vector<uint16_t>{1});
  // Ending on the last address a 32-bit end can name is fine.
  QVERIFY(imageFromBin({1, 2, 3}, 0xFFFFFFFC, "top.bin").ok());
}

void ImageTest::binRefusesEmptyAndAddressOverflow() {
  QCOMPARE(imageFromBin({}, kDefaultBinBase, "e.bin").error, std::string("e.bin: empty file (0 bytes)"));
  // 16 bytes at 0xFFFFFFF8 would end at 0x100000008.
  QCOMPARE(imageFromBin(flash_test::counting(16), 0xFFFFFFF8, "o.bin").error,
           std::string("o.bin: 16 bytes placed at 0xFFFFFFF8 would end at 0x100000008, past the "
                       "32-bit address space"));
}

void ImageTest::emptyImageAccessors() {
  const FirmwareImage empty;
  QCOMPARE(empty.totalBytes(), size_t{0});
  QCOMPARE(empty.lowestAddress(), 0u);
  QCOMPARE(empty.highestEnd(), 0u);
  QCOMPARE(sectorsForImage(empty, stm32f405Chip()), std::vector<uint16_t>{});
}

void ImageTest::wholeFlashFitsAndNeedsEverySector() {
  const ImageLoad load = imageFromBin(std::vector<uint8_t>(1024 * KiB, 0xFF), kDefaultBinBase, "full.bin");
  QVERIFY(load.ok());
  QCOMPARE(checkImageFitsChip(load.image, stm32f405Chip()), std::string());
  QCOMPARE(sectorsForImage(load.image, stm32f405Chip()), std::vector<uint16_t>({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
}

void ImageTest::oneByteTooManyIsRefusedNamingTheEnd() {
  // 1 MiB + 1 byte at 0x08000000 ends at 0x08100001, one byte past RM0090's flash end.
  const ImageLoad load = imageFromBin(std::vector<uint8_t>(1024 * KiB + 1, 0), kDefaultBinBase, "big.bin");
  QVERIFY(load.ok());
  QCOMPARE(checkImageFitsChip(load.image, stm32f405Chip()),
           "big.bin: 0x08100000–0x08100001 (1 byte) is past the end of " + kF405Flash);
  // 1 KiB over the F411's 512 KiB (RM0383: flash to 0x0807FFFF).
  const ImageLoad over = imageFromBin(std::vector<uint8_t>(513 * KiB, 0), kDefaultBinBase, "f411.bin");
  QCOMPARE(checkImageFitsChip(over.image, *findChip(0x431)),
           std::string("f411.bin: 0x08080000–0x08080400 (1 KiB) is past the end of the "
                       "STM32F411's 512 KiB flash (0x08000000–0x08080000)"));
}

void ImageTest::romBootloaderOtpAndOptionBytesAreRefused_data() {
  QTest::addColumn<uint>("base");
  QTest::addColumn<uint>("size");
  QTest::addColumn<QString>("message");
  // Ranges from RM0090 section 3.3 / Table 18, closed-open.
  QTest::newRow("ROM bootloader")
      << 0x1FFF0000u << 1024u
      << "x.bin: 0x1FFF0000–0x1FFF0400 (1 KiB) overlaps the STM32F405/407/415/417's system memory "
         "(ROM bootloader) at 0x1FFF0000–0x1FFF7800; its 1024 KiB flash (0x08000000–0x08100000)";
  QTest::newRow("end of the ROM into OTP")
      << 0x1FFF77F0u << 32u
      << "x.bin: 0x1FFF77F0–0x1FFF7810 (32 bytes) overlaps the STM32F405/407/415/417's system "
         "memory (ROM bootloader) at 0x1FFF0000–0x1FFF7800; its 1024 KiB flash "
         "(0x08000000–0x08100000)";
  QTest::newRow("OTP lock block")
      << 0x1FFF7A00u << 16u
      << "x.bin: 0x1FFF7A00–0x1FFF7A10 (16 bytes) overlaps the STM32F405/407/415/417's OTP area at "
         "0x1FFF7800–0x1FFF7A10; its 1024 KiB flash (0x08000000–0x08100000)";
  QTest::newRow("option bytes")
      << 0x1FFFBFF0u << 0x20u
      << "x.bin: 0x1FFFBFF0–0x1FFFC010 (32 bytes) overlaps the STM32F405/407/415/417's option "
         "bytes at 0x1FFFC000–0x1FFFC010; its 1024 KiB flash (0x08000000–0x08100000)";
  QTest::newRow("between OTP and option bytes (outside flash)")
      << 0x1FFF8000u << 4096u
      << "x.bin: 0x1FFF8000–0x1FFF9000 (4 KiB) is past the end of the STM32F405/407/415/417's "
         "1024 KiB flash (0x08000000–0x08100000)";
}

void ImageTest::romBootloaderOtpAndOptionBytesAreRefused() {
  QFETCH(uint, base);
  QFETCH(uint, size);
  QFETCH(QString, message);
  const ImageLoad load = imageFromBin(std::vector<uint8_t>(size, 0xA5), base, "x.bin");
  QVERIFY(load.ok());
  QCOMPARE(QString::fromStdString(checkImageFitsChip(load.image, stm32f405Chip())), message);
}

void ImageTest::belowFlashAndEmptyImageAreRefused() {
  // 2 KiB at 0x07FFFC00: the first 1 KiB is below 0x08000000.
  const ImageLoad low = imageFromBin(std::vector<uint8_t>(2 * KiB, 0), 0x07FFFC00, "low.bin");
  QCOMPARE(checkImageFitsChip(low.image, stm32f405Chip()),
           "low.bin: 0x07FFFC00–0x08000000 (1 KiB) lies below the start of " + kF405Flash);
  // A HEX image: the first problem (lowest address) is the one named.
  const std::string text = flash_test::hexRecord(0x04, 0, {0x08, 0x10}) + "\n" +  // 0x08100000
                           flash_test::hexRecord(0x00, 0, {1, 2}) + "\n" +
                           flash_test::hexRecord(0x04, 0, {0x1F, 0xFF}) + "\n" +  // 0x1FFF0000
                           flash_test::hexRecord(0x00, 0, {3}) + "\n:00000001FF\n";
  const ImageLoad two = parseIntelHex(text, "two.hex");
  QVERIFY2(two.ok(), two.error.c_str());
  QCOMPARE(checkImageFitsChip(two.image, stm32f405Chip()),
           "two.hex: 0x08100000–0x08100002 (2 bytes) is past the end of " + kF405Flash);
  FirmwareImage empty;
  empty.source = "none.bin";
  QCOMPARE(checkImageFitsChip(empty, stm32f405Chip()), std::string("none.bin: the image is empty"));
}

void ImageTest::f303ErasesTwoKibPages() {
  // RM0316: 2 KiB pages from 0x08000000; 2 KiB + 1 byte touches pages 0 and 1; 0x08001000 is
  // page 2 (4 KiB / 2 KiB).
  const ChipInfo& f303 = *findChip(0x422);
  const ImageLoad a = imageFromBin(std::vector<uint8_t>(2 * KiB + 1, 0), kDefaultBinBase, "a.bin");
  QCOMPARE(sectorsForImage(a.image, f303), std::vector<uint16_t>({0, 1}));
  const ImageLoad b = imageFromBin({1}, 0x08001000, "b.bin");
  QCOMPARE(sectorsForImage(b.image, f303), std::vector<uint16_t>{2});
  QCOMPARE(checkImageFitsChip(b.image, f303), std::string());
}

void ImageTest::filesLoadByExtension() {
  QVERIFY(tmp_.isValid());
  const std::string hex = ":020000040800F2\n:0200000055AAFF\n:00000001FF\n";  // 55 AA at 0x08000000
  QVERIFY(flash_test::writeBytes(tmp_.filePath("a.HEX"), QByteArray::fromStdString(hex)));
  QVERIFY(flash_test::writeBytes(tmp_.filePath("b.iHex"), QByteArray::fromStdString(hex)));
  QVERIFY(flash_test::writeBytes(tmp_.filePath("c.Bin"), QByteArray("\x55\xAA", 2)));
  QVERIFY(flash_test::writeBytes(tmp_.filePath("d.ELF"), flash_test::toQByteArray(flash_test::elfFile(
                                                             {{1, 0x08000000, 0x08000000, {0x55, 0xAA}, 0}}))));
  const std::pair<const char*, FirmwareImage::Format> files[] = {{"a.HEX", FirmwareImage::Format::IntelHex},
                                                                 {"b.iHex", FirmwareImage::Format::IntelHex},
                                                                 {"c.Bin", FirmwareImage::Format::Bin},
                                                                 {"d.ELF", FirmwareImage::Format::Elf}};
  for (const auto& [name, format] : files) {
    const std::string path = tmp_.filePath(name).toStdString();
    const ImageLoad load = loadFirmwareImage(path);
    QVERIFY2(load.ok(), load.error.c_str());
    QCOMPARE(load.image.format, format);
    QCOMPARE(load.image.source, path);
    QCOMPARE(flash_test::layoutOf(load.image), QString("08000000:2"));
    QCOMPARE(load.image.segments[0].bytes, std::vector<uint8_t>({0x55, 0xAA}));
  }
  // The base address applies to .bin only.
  const ImageLoad moved = loadFirmwareImage(tmp_.filePath("c.Bin").toStdString(), 0x08020000);
  QCOMPARE(flash_test::layoutOf(moved.image), QString("08020000:2"));
  const ImageLoad hex_moved = loadFirmwareImage(tmp_.filePath("a.HEX").toStdString(), 0x08020000);
  QCOMPARE(flash_test::layoutOf(hex_moved.image), QString("08000000:2"));
}

void ImageTest::unreadableAndUnknownFilesAreRefused() {
  QVERIFY(tmp_.isValid());
  const std::string dir = tmp_.path().toStdString();
  QCOMPARE(loadFirmwareImage(dir + "/missing.bin").error, dir + "/missing.bin: cannot open: " + std::strerror(ENOENT));
  QVERIFY(QDir(tmp_.path()).mkdir("folder.bin"));
  QCOMPARE(loadFirmwareImage(dir + "/folder.bin").error, dir + "/folder.bin: is a directory");
  QVERIFY(QFile::link("/dev/null", tmp_.filePath("null.bin")));  // a character device
  QCOMPARE(loadFirmwareImage(dir + "/null.bin").error, dir + "/null.bin: not a regular file");
  QCOMPARE(loadFirmwareImage("fw.s19").error,
           std::string("fw.s19: unknown extension '.s19'; expected .bin, .hex, .ihex or .elf"));
  QCOMPARE(loadFirmwareImage("build.d/firmware").error,
           std::string("build.d/firmware: no file extension; expected .bin, .hex, .ihex or .elf"));
  for (const char* name : {"empty.bin", "empty.hex", "empty.elf"}) {
    QVERIFY(flash_test::writeBytes(tmp_.filePath(name), QByteArray()));
    const std::string path = tmp_.filePath(name).toStdString();
    QCOMPARE(loadFirmwareImage(path).error, path + ": empty file (0 bytes)");
  }
}

int runImageTest(int argc, char** argv) {
  ImageTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "image_test.moc"
