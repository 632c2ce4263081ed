// The STM32 chip catalog against the reference manuals: the F405's sector table and reserved
// ranges as RM0090 lists them, every entry's size and shape, and sectorsCovering at the edges.
#include "flash/chip_catalog.h"

#include "tests/flash/image/test_support.h"

#include <QtTest>

using namespace navigator::flash;

namespace {
constexpr uint32_t KiB = 1024;
}

class ChipCatalogTest : public QObject {
  Q_OBJECT
 private slots:
  void f405SectorsAreRm0090Table5();
  void f405ReservedRanges();
  void everyEntryIsContiguousAndSized();
  void otherLayoutsSpotChecked();
  void sectorsCoveringAtTheEdges();
  void hexAddressIsEightDigits();
};

void ChipCatalogTest::f405SectorsAreRm0090Table5() {
  // RM0090 section 3.3 Table 5 (STM32F40x/41x), written out: sector, start address, size.
  const FlashSector expected[] = {{0x08000000, 16 * KiB},  {0x08004000, 16 * KiB},  {0x08008000, 16 * KiB},
                                  {0x0800C000, 16 * KiB},  {0x08010000, 64 * KiB},  {0x08020000, 128 * KiB},
                                  {0x08040000, 128 * KiB}, {0x08060000, 128 * KiB}, {0x08080000, 128 * KiB},
                                  {0x080A0000, 128 * KiB}, {0x080C0000, 128 * KiB}, {0x080E0000, 128 * KiB}};
  const ChipInfo& chip = stm32f405Chip();
  QCOMPARE(chip.chip_id, uint16_t{0x413});  // AN2606: STM32F40xxx/41xxx
  QCOMPARE(chip.flash_base, 0x08000000u);
  QCOMPARE(chip.sectors.size(), std::size(expected));
  for (size_t i = 0; i < std::size(expected); ++i) {
    QCOMPARE(chip.sectors[i].address, expected[i].address);
    QCOMPARE(chip.sectors[i].size_bytes, expected[i].size_bytes);
  }
  // 4 x 16 + 64 + 7 x 128 = 1024 KiB.
  QCOMPARE(chip.flashSizeBytes(), 1048576u);
  QCOMPARE(chip.flashEnd(), 0x08100000u);
  QCOMPARE(findChip(0x413), &chip);
  QCOMPARE(findChip(0x999), nullptr);
}

void ChipCatalogTest::f405ReservedRanges() {
  // RM0090 section 3.3: system memory 0x1FFF0000-0x1FFF77FF (30 KiB), OTP 0x1FFF7800-0x1FFF7A0F
  // (528 bytes, Table 18), option bytes 0x1FFFC000-0x1FFFC00F (16 bytes); closed-open here.
  const ChipInfo& chip = stm32f405Chip();
  QCOMPARE(chip.reserved.size(), size_t{3});
  QCOMPARE(chip.reserved[0].begin, 0x1FFF0000u);
  QCOMPARE(chip.reserved[0].end - chip.reserved[0].begin, 30 * KiB);
  QCOMPARE(chip.reserved[0].what, std::string("system memory (ROM bootloader)"));
  QCOMPARE(chip.reserved[1].begin, 0x1FFF7800u);
  QCOMPARE(chip.reserved[1].end - chip.reserved[1].begin, 528u);  // 16 x 32 + 16 lock bytes
  QCOMPARE(chip.reserved[2].begin, 0x1FFFC000u);
  QCOMPARE(chip.reserved[2].end - chip.reserved[2].begin, 16u);
  QVERIFY(chip.reserved[0].overlaps(0x1FFF77FF, 0x1FFF7800));
  QVERIFY(!chip.reserved[0].overlaps(0x1FFF7800, 0x1FFF7900));
}

void ChipCatalogTest::everyEntryIsContiguousAndSized() {
  // Flash sizes from each entry's reference manual (see chip_catalog.cpp).
  const std::pair<uint16_t, uint32_t> sizes[] = {{0x413, 1024 * KiB}, {0x419, 2048 * KiB}, {0x431, 512 * KiB},
                                                 {0x449, 1024 * KiB}, {0x451, 2048 * KiB}, {0x450, 2048 * KiB},
                                                 {0x422, 256 * KiB}};
  QCOMPARE(knownChips().size(), std::size(sizes));
  for (const auto& [id, size] : sizes) {
    const ChipInfo* chip = findChip(id);
    QVERIFY2(chip, qPrintable(QString("chip id 0x%1 missing").arg(id, 0, 16)));
    QCOMPARE(chip->flashSizeBytes(), size);
    QVERIFY(!chip->name.empty());
    uint32_t next = chip->flash_base;
    for (const FlashSector& s : chip->sectors) {
      QCOMPARE(s.address, next);
      QVERIFY(s.size_bytes > 0);
      next += s.size_bytes;
    }
    for (size_t i = 0; i < chip->reserved.size(); ++i) {
      const AddressRange& r = chip->reserved[i];
      QVERIFY(r.begin < r.end && !r.what.empty());
      QVERIFY(!r.overlaps(chip->flash_base, chip->flashEnd()));
      for (size_t j = i + 1; j < chip->reserved.size(); ++j) {
        QVERIFY(!r.overlaps(chip->reserved[j].begin, chip->reserved[j].end));
      }
    }
  }
}

void ChipCatalogTest::otherLayoutsSpotChecked() {
  // F42x 2 MiB (RM0090 Table 6): bank 2 starts over with 16 KiB sectors at 0x08100000 (sector
  // 12); sector 23 is the last 128 KiB, at 0x08200000 - 128 KiB = 0x081E0000.
  const ChipInfo& f42x = *findChip(0x419);
  QCOMPARE(f42x.sectors.size(), size_t{24});
  QCOMPARE(f42x.sectors[12].address, 0x08100000u);
  QCOMPARE(f42x.sectors[12].size_bytes, 16 * KiB);
  QCOMPARE(f42x.sectors[23].address, 0x081E0000u);
  // F74x (RM0385): 4 x 32 KiB + 128 KiB = 256 KiB before sector 5 (256 KiB) at 0x08040000.
  const ChipInfo& f74x = *findChip(0x449);
  QCOMPARE(f74x.sectors[5].address, 0x08040000u);
  QCOMPARE(f74x.sectors[5].size_bytes, 256 * KiB);
  QCOMPARE(f74x.reserved[0].begin, 0x1FF00000u);
  // F303 (RM0316): 2 KiB pages; page 127 at 0x08000000 + 127 x 2 KiB = 0x0803F800.
  const ChipInfo& f303 = *findChip(0x422);
  QCOMPARE(f303.sectors.size(), size_t{128});
  QCOMPARE(f303.sectors[127].address, 0x0803F800u);
  // H74x (RM0433): bank 2 at 0x08100000 = sector 8 counted in address order.
  QCOMPARE(findChip(0x450)->sectors[8].address, 0x08100000u);
}

void ChipCatalogTest::sectorsCoveringAtTheEdges() {
  const ChipInfo& chip = stm32f405Chip();
  using V = std::vector<uint16_t>;
  QCOMPARE(sectorsCovering(chip, 0x08000000, 0x08000001), V{0});
  QCOMPARE(sectorsCovering(chip, 0x08000000, 0x08004000), V{0});  // ends on sector 1's start
  QCOMPARE(sectorsCovering(chip, 0x08003FFF, 0x08004001), V({0, 1}));
  QCOMPARE(sectorsCovering(chip, 0x0800FFFF, 0x08010001), V({3, 4}));
  QCOMPARE(sectorsCovering(chip, 0x080E0000, 0x08100000), V{11});
  QCOMPARE(sectorsCovering(chip, 0x08000000, 0x08100000), V({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
  QCOMPARE(sectorsCovering(chip, 0x07FFF000, 0x08000010), V{0});  // the part outside is ignored
  QCOMPARE(sectorsCovering(chip, 0x080FFFFF, 0x08200000), V{11});
  QCOMPARE(sectorsCovering(chip, 0x08100000, 0x08200000), V{});
  QCOMPARE(sectorsCovering(chip, 0x1FFF0000, 0x1FFF7800), V{});
  QCOMPARE(sectorsCovering(chip, 0x08004000, 0x08004000), V{});  // empty range
  QCOMPARE(sectorsCovering(chip, 0x08008000, 0x08004000), V{});  // inverted range
}

void ChipCatalogTest::hexAddressIsEightDigits() {
  QCOMPARE(hexAddress(0x08000000), std::string("0x08000000"));
  QCOMPARE(hexAddress(0), std::string("0x00000000"));
  QCOMPARE(hexAddress(0xFFFFFFFF), std::string("0xFFFFFFFF"));
  QCOMPARE(hexAddress(0x1FFFC00F), std::string("0x1FFFC00F"));
}

int runChipCatalogTest(int argc, char** argv) {
  ChipCatalogTest test;
  return QTest::qExec(&test, argc, argv);
}

#include "chip_catalog_test.moc"
