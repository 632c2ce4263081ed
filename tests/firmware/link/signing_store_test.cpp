// The board's signing record in flash (firmware/link/signing_store.h) on a model of NOR flash
// with the STM32F4's rules (RM0090 sections 3.5-3.6: erase sets a sector to 0xFF; a 32-bit word is
// programmed only when erased, else PGSERR): saved and loaded, many saves across both sectors,
// and power cut mid-write and mid-erase, after which the last good record is still the one read.
#include "firmware/link/signing_store.h"
#include "firmware/mavlink/mavlink_sha256.h"

#include <QtTest>

#include <array>
#include <cstring>
#include <vector>

namespace {

struct NorFlash {
  std::array<std::vector<std::uint8_t>, 2> sector;
  int operations_left = -1;  // a power cut after this many word writes or erases (-1: never)
  bool cut = false;
  bool keeps = true;  // false: writes vanish (QEMU's netduinoplus2 maps flash as ROM)
  int erases = 0;
  explicit NorFlash(std::size_t bytes) {
    for (auto& s : sector) s.assign(bytes, 0xFF);
  }
  bool step() {
    if (cut) return false;
    if (operations_left == 0) {
      cut = true;
      return false;
    }
    if (operations_left > 0) --operations_left;
    return true;
  }
  static bool erase(void* self, int index) {
    auto* f = static_cast<NorFlash*>(self);
    if (!f->step()) {  // cut mid-erase: half of it erased
      std::fill(f->sector[index].begin(), f->sector[index].begin() + f->sector[index].size() / 2, 0xFF);
      return false;
    }
    ++f->erases;
    std::fill(f->sector[index].begin(), f->sector[index].end(), 0xFF);
    return true;
  }
  static bool program(void* self, int index, std::size_t offset, const std::uint8_t* data, std::size_t length) {
    auto* f = static_cast<NorFlash*>(self);
    for (std::size_t w = 0; w < length; w += 4) {
      if (!f->step()) return false;
      std::uint8_t* at = f->sector[index].data() + offset + w;
      if (at[0] != 0xFF || at[1] != 0xFF || at[2] != 0xFF || at[3] != 0xFF) return false;  // PGSERR
      if (f->keeps)
        for (int i = 0; i < 4; ++i) at[i] &= data[w + std::size_t(i)];
    }
    return true;
  }
  signing_flash_t view() {
    return signing_flash_t{
        {sector[0].data(), sector[1].data()}, sector[0].size(), &NorFlash::erase, &NorFlash::program, this};
  }
};

mavlink_signing_t signingWith(std::uint8_t seed, std::uint64_t timestamp) {
  mavlink_signing_t s;
  mavlink_signing_init(&s, mavlink_sha256, 0);
  std::uint8_t key[32];
  for (int i = 0; i < 32; ++i) key[i] = std::uint8_t(seed + i * 3);
  mavlink_signing_set_key(&s, key, timestamp);
  s.streams[2] = mavlink_signing_stream_t{255, 190, 0, 1, timestamp - 7};
  return s;
}

mavlink_signing_t loaded(const signing_flash_t& f, bool* found = nullptr) {
  mavlink_signing_t s;
  mavlink_signing_init(&s, mavlink_sha256, 0);
  const bool ok = signing_store_load(&f, &s);
  if (found) *found = ok;
  return s;
}

constexpr std::size_t kSector = 16 * SIGNING_STORE_RECORD_BYTES;  // 16 slots: small, to wrap often

}  // namespace

class SigningStoreTest : public QObject {
  Q_OBJECT

 private slots:
  void savesAndLoadsTheRecord() {
    NorFlash nor(kSector);
    const signing_flash_t f = nor.view();
    bool found = true;
    loaded(f, &found);
    QVERIFY(!found);  // never saved
    const mavlink_signing_t s = signingWith(7, 38000000000000ull);
    const char* problem = nullptr;
    QVERIFY(signing_store_save(&f, &s, &problem));
    const mavlink_signing_t back = loaded(f, &found);
    QVERIFY(found);
    QVERIFY(back.enabled);
    QCOMPARE(std::memcmp(back.key, s.key, 32), 0);
    QCOMPARE(back.timestamp, s.timestamp);
    QCOMPARE(back.streams[2].timestamp, s.streams[2].timestamp);
    QCOMPARE(int(back.streams[2].sysid), 255);
    QVERIFY(!back.streams[0].used);
  }

  // 100 saves through 16-slot sectors: the newest always read back, one erase per 16 saves.
  void manySavesWrapAcrossBothSectors() {
    NorFlash nor(kSector);
    const signing_flash_t f = nor.view();
    for (int i = 0; i < 100; ++i) {
      const mavlink_signing_t s = signingWith(std::uint8_t(i), 1000000 + std::uint64_t(i) * 6000000);
      const char* problem = nullptr;
      QVERIFY2(signing_store_save(&f, &s, &problem), problem);
      QCOMPARE(loaded(f).timestamp, s.timestamp);
      QCOMPARE(std::memcmp(loaded(f).key, s.key, 32), 0);
    }
    QCOMPARE(nor.erases, 100 / 16);  // 16 fill the first (erased at the start), then one erase per 16
  }

  // A power cut while the next record is written: the one before it is read.
  void aCutWriteLeavesThePreviousRecord() {
    for (int words = 0; words < SIGNING_STORE_RECORD_BYTES / 4; words += 7) {
      NorFlash nor(kSector);
      const signing_flash_t f = nor.view();
      const char* problem = nullptr;
      const mavlink_signing_t first = signingWith(1, 5000000);
      QVERIFY(signing_store_save(&f, &first, &problem));
      nor.operations_left = words;
      const mavlink_signing_t second = signingWith(2, 9000000);
      QVERIFY(!signing_store_save(&f, &second, &problem));
      nor.cut = false;
      nor.operations_left = -1;
      QCOMPARE(loaded(f).timestamp, first.timestamp);
      QVERIFY(signing_store_save(&f, &second, &problem));  // and the store goes on past the torn slot
      QCOMPARE(loaded(f).timestamp, second.timestamp);
    }
  }

  // A power cut while the other sector is erased (the first one full): the full one's newest is read.
  void aCutEraseLeavesTheFullSector() {
    NorFlash nor(kSector);
    const signing_flash_t f = nor.view();
    const char* problem = nullptr;
    mavlink_signing_t last{};
    for (int i = 0; i < 16; ++i) {
      last = signingWith(std::uint8_t(i), 1000 + std::uint64_t(i));
      QVERIFY(signing_store_save(&f, &last, &problem));
    }
    std::fill(nor.sector[1].begin(), nor.sector[1].end(), 0x00);  // the other sector holds old junk
    nor.operations_left = 0;
    const mavlink_signing_t next = signingWith(99, 5000);
    QVERIFY(!signing_store_save(&f, &next, &problem));
    QCOMPARE(QByteArray(problem), QByteArray("flash erase failed"));
    QCOMPARE(loaded(f).timestamp, last.timestamp);
  }

  // Flash that takes the writes without keeping them (QEMU's ROM): said, not believed.
  void aFlashThatDoesNotKeepIsSaid() {
    NorFlash nor(kSector);
    nor.keeps = false;
    const signing_flash_t f = nor.view();
    const char* problem = nullptr;
    const mavlink_signing_t s = signingWith(3, 1234);
    QVERIFY(!signing_store_save(&f, &s, &problem));
    QCOMPARE(QByteArray(problem), QByteArray("flash did not keep the record"));
    bool found = true;
    loaded(f, &found);
    QVERIFY(!found);
  }

  // Signing off is a record too (no key), so a board turned off stays off after a reset.
  void signingOffIsKept() {
    NorFlash nor(kSector);
    const signing_flash_t f = nor.view();
    const char* problem = nullptr;
    mavlink_signing_t s = signingWith(4, 777);
    QVERIFY(signing_store_save(&f, &s, &problem));
    const std::uint8_t zero[32] = {};
    mavlink_signing_set_key(&s, zero, 0);
    QVERIFY(signing_store_save(&f, &s, &problem));
    bool found = false;
    QVERIFY(!loaded(f, &found).enabled);
    QVERIFY(found);
  }
};

QTEST_APPLESS_MAIN(SigningStoreTest)
#include "signing_store_test.moc"
